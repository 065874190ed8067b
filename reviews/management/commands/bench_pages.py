"""Server time and query counts of the reviewer pages on a large assessment (not a test).

200 quotes over 5 sources totalling about 1 MB, built through the real import inside a
transaction that is rolled back, so the database is left as it was. Targets: assessment
page < 150 ms, source pane < 50 ms, query counts independent of the number of quotes, and a
source of 1 MB opened whole or searched through < 300 ms.
"""

import random
import statistics
import time

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from citations.engine import QuoteForm, Reason, VerificationStatus
from citations.models import Quote, Source, VerificationState
from reviews.imports import bundle_import

TARGETS_MS = {
    "assessment page": 150,
    "source pane": 50,
    "1 MB source view": 300,
    "1 MB source find": 300,
}
WORDS = "contract fee notice term party service renewal response liability clause tender policy"


class Rollback(Exception):
    pass


class Command(BaseCommand):
    help = "Time the assessment page and source pane on 200 quotes over 1 MB of sources."

    def add_arguments(self, parser):
        parser.add_argument(
            "--quotes",
            type=int,
            nargs="+",
            default=[20, 200],
            help="Quote counts to measure; the query counts must not change between them.",
        )
        parser.add_argument("--sources", type=int, default=5)
        parser.add_argument("--megabytes", type=float, default=1.0)
        parser.add_argument("--repeat", type=int, default=20)

    def handle(self, *args, **options):
        queries_seen: dict[str, set[int]] = {}
        for n_quotes in options["quotes"]:
            try:
                with transaction.atomic():
                    for name, queries in self._run(options, n_quotes).items():
                        queries_seen.setdefault(name, set()).add(queries)
                    raise Rollback
            except Rollback:
                pass
        constant = all(len(counts) == 1 for counts in queries_seen.values())
        self.stdout.write(
            f"query counts constant across quote counts: {'yes' if constant else 'NO'}"
        )

    def _run(self, options, n_quotes: int) -> dict[str, int]:
        rng = random.Random(7)
        assessment, quotes = _large_assessment(
            rng, n_quotes, options["sources"], options["megabytes"]
        )
        staff = get_user_model().objects.create_user("bench-reviewer", is_staff=True)
        # The app's own host, so ALLOWED_HOSTS holds as for real requests.
        host = next((h for h in settings.ALLOWED_HOSTS if h[0] not in ".*["), "localhost")
        client = Client(SERVER_NAME=host)
        client.force_login(staff)
        page = reverse("reviews:assessment_detail", args=[assessment.pk])
        size = sum(
            len("".join(s.paragraphs))
            for s in Source.objects.filter(turn=assessment.verification.turn)
        )
        self.stdout.write(
            f"{len(quotes)} quotes over {options['sources']} sources, "
            f"{size / 1_000_000:.2f} MB of source text; median of {options['repeat']} requests"
        )
        deep = quotes[len(quotes) // 2]
        measured: dict[str, tuple[str, dict[str, str]]] = {
            "assessment page": (page, {}),
            "source pane": (
                reverse("reviews:quote_source", args=[assessment.pk, deep.n]),
                {"HX-Request": "true"},
            ),
            "assessment list": (reverse("reviews:assessment_list"), {}),
        }
        # A source opened whole on its own (issue 15, section 3): one of 1 MB, and a search
        # through all of it for words of its last paragraph.
        owner, whole, last_words = _one_megabyte_source(rng, options["megabytes"])
        view = reverse("reviews:source_view", args=[owner, whole.pk])
        measured["1 MB source view"] = (view, {"HX-Request": "true"})
        measured["1 MB source find"] = (f"{view}?find={last_words}", {"HX-Request": "true"})
        query_counts = {}
        for name, (url, headers) in measured.items():
            client.get(url, headers=headers)  # warm caches and template loading
            timings, queries, size = [], 0, 0
            for _ in range(options["repeat"]):
                with CaptureQueriesContext(connection) as captured:
                    started = time.perf_counter()
                    response = client.get(url, headers=headers)
                    timings.append((time.perf_counter() - started) * 1000)
                assert response.status_code == 200, (url, response.status_code)
                queries, size = len(captured), len(response.content)
            median = statistics.median(timings)
            target = TARGETS_MS.get(name)
            verdict = ""
            if target:
                verdict = f"  target < {target} ms: {'ok' if median < target else 'MISSED'}"
            self.stdout.write(
                f"{name:16} {median:7.1f} ms (p90 {sorted(timings)[int(len(timings) * 0.9)]:.1f})"
                f"  {queries} queries  {size / 1000:.0f} kB{verdict}"
            )
            query_counts[name] = queries
        return query_counts


def _sentence(rng: random.Random, index: int) -> str:
    words = rng.choices(WORDS.split(), k=rng.randint(8, 16))
    return f"Item {index} " + " ".join(words) + "."


def _paragraphs(rng, size: int) -> list[str]:
    paragraphs, total, index = [], 0, 0
    while total < size:
        text = " ".join(_sentence(rng, index * 10 + k) for k in range(5))
        paragraphs.append(text)
        total += len(text)
        index += 1
    return paragraphs


def _one_megabyte_source(rng, megabytes) -> tuple[int, Source, str]:
    """An assessment with one source of ``megabytes``: its id, the source, and words of its
    last paragraph."""
    paragraphs = _paragraphs(rng, int(megabytes * 1_000_000))
    data = {
        "bundle_version": 1,
        "id": f"bench-whole-{rng.random()}",
        "title": "One large source",
        "sources": [{"id": "W1", "kind": "document", "title": "Whole", "paragraphs": paragraphs}],
        "response": {"format": "markdown", "text": "No quotes."},
    }
    assessment = bundle_import(raw=data, max_bytes=50_000_000).assessment
    last = paragraphs[-1].split()
    source = Source.objects.defer("paragraphs").get(turn=assessment.verification.turn)
    return assessment.pk, source, f"{last[0]}+{last[1]}"


def _large_assessment(rng, n_quotes, n_sources, megabytes):
    per_source = int(megabytes * 1_000_000 / n_sources)
    sources = []
    for s in range(n_sources):
        paragraphs, size, index = [], 0, 0
        while size < per_source:
            text = " ".join(_sentence(rng, index * 10 + k) for k in range(5))
            paragraphs.append(text)
            size += len(text)
            index += 1
        sources.append({"id": f"S{s + 1}", "kind": "document", "title": f"Source {s + 1}",
                        "paragraphs": paragraphs})  # fmt: skip
    picks, lines = [], ["# Findings", ""]
    for n in range(1, n_quotes + 1):
        source = sources[(n - 1) % n_sources]
        number = rng.randint(1, len(source["paragraphs"]))
        sentence = source["paragraphs"][number - 1].split(". ")[1] + "."
        picks.append((source["id"], number, sentence))
        if n % 10 == 0:
            lines += [f"> {sentence} [{source['id']} ¶{number}]", ""]
        else:
            marker = f"[{source['id']} ¶{number}]"
            lines += [f'Finding {n}: the source states "{sentence}" {marker}.', ""]
    data = {
        "bundle_version": 1,
        "id": f"bench-{rng.random()}",
        "title": "Benchmark assessment",
        "meta": {"model": "bench-model", "prompt_version": "bench"},
        "sources": sources,
        "response": {"format": "markdown", "text": "\n".join(lines)},
    }
    assessment = bundle_import(raw=data, max_bytes=50_000_000).assessment
    verification = assessment.verification
    stored = {s.key: s for s in Source.objects.filter(turn=verification.turn).defer("paragraphs")}
    text, position, rows = verification.response_text, 0, []
    Status = VerificationStatus
    statuses = [Status.VERIFIED] * 7 + [Status.CORRECTED, Status.UNVERIFIED, Status.INELIGIBLE]
    reasons = {
        Status.VERIFIED: Reason.FOUND_AS_CITED,
        Status.CORRECTED: Reason.RELOCATED_PARAGRAPH,
        Status.UNVERIFIED: Reason.NOT_FOUND,
        Status.INELIGIBLE: Reason.SOURCE_NOT_ELIGIBLE,
    }
    for n, (key, number, sentence) in enumerate(picks, 1):
        start = text.index(sentence, position)
        position = start + len(sentence)
        paragraph = sources[int(key[1:]) - 1]["paragraphs"][number - 1]
        offset = paragraph.index(sentence)
        status = statuses[n % len(statuses)]
        matched = status != Status.INELIGIBLE
        corrected = status == Status.CORRECTED
        rows.append(
            Quote(
                assessment=verification, n=n,
                form=QuoteForm.BLOCK if n % 10 == 0 else QuoteForm.INLINE,
                text=sentence, response_start=start, response_end=position, cited_ref=key,
                cited_source=stored[key], cited_paragraph=number, status=status,
                reason=reasons[status],
                match_source=stored[key] if matched else None,
                match_paragraph=number if matched else None,
                match_start=offset if matched else None,
                match_end=offset + len(sentence) if matched else None,
                match_score=1.0 if matched else None,
                corrected_text=sentence if corrected else "",
                corrected_source=stored[key] if corrected else None,
                corrected_paragraph=number if corrected else None,
            )
        )  # fmt: skip
    quotes = Quote.objects.bulk_create(rows)
    verification.verification_state = VerificationState.DONE
    verification.save(update_fields=["verification_state"])
    return assessment, quotes
