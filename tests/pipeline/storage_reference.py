"""A plain-ORM reference for ``citations.storage``, and the walk that holds the two together.

The reference claims and stores the obvious way (``filter().update()``, ``update_or_create``,
``create``), mapping each engine result to its columns on its own, without the storage
module's helpers. ``storage_walk`` imports one bundle twice, drives both copies through the
same runs (first run, a takeover of a stale claim, a late store of a superseded claim, runs
that find fewer or more quotes, that change every result, that correct again, a too long
engine name, a run refused for dropping quotes with history) and returns where the stored rows
differ. Used by ``test_storage.py`` on PostgreSQL and by ``storage_check.py`` on SQLite."""

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Case, F, Q, Value, When
from django.db.models.functions import Now
from django.utils import timezone

from citations.bundles import engine_bundle
from citations.diffs import quote_page_diff
from citations.engine import (
    Bundle,
    Reason,
    Report,
    VerificationStatus,
    load_bundle,
    report_to_dict,
    verify_bundle,
)
from citations.engine.writing.layout import layout_to_dict
from citations.engine.writing.report import (
    attention_to_list,
    context_to_dict,
    decision_to_dict,
)
from citations.imports import bundle_import
from citations.models import Correction, Quote, Source, Verification, VerificationState
from citations.selectors import stale_after
from citations.services import Claim, assessment_claim, assessment_store_results, claim_owner
from citations.storage import CLAIM_FIELDS, turn_sources

State = VerificationState


def reference_claim(*, assessment_id: int, now: datetime | None = None) -> Claim | None:
    """``citations.services.assessment_claim`` with the ORM: a pending row, or a running one
    whose claim is stale, becomes running with the next token and a heartbeat."""
    now = now or timezone.now()
    stale = Q(verification_state=State.RUNNING) & (
        Q(verification_started_at__lt=now - stale_after()) | Q(verification_started_at__isnull=True)
    )
    updated = Verification.objects.filter(
        Q(verification_state=State.PENDING) | stale, pk=assessment_id
    ).update(
        verification_crashes=Case(
            When(verification_state=State.RUNNING, then=F("verification_crashes") + 1),
            default=Value(0),
        ),
        verification_state=State.RUNNING,
        verification_started_at=now,
        verification_claimed_by=claim_owner(),
        verification_heartbeat_at=Now(),
        verification_attempts=F("verification_attempts") + 1,
        updated_at=now,
    )
    if not updated:
        return None
    row = Verification.objects.get(pk=assessment_id)
    return Claim(assessment_id=assessment_id, attempt=row.verification_attempts, assessment=row)


def reference_store_results(
    *, claim: Claim, bundle: Bundle, report: Report, source_ids: dict[str, int]
) -> bool:
    """``citations.services.assessment_store_results`` with the ORM."""
    now = timezone.now()
    run = claim.assessment.verification_run + 1
    counts = Counter(result.status for result in report.results)
    sources = Source.objects.in_bulk(list(source_ids.values()))
    source = {key: sources[pk] for key, pk in source_ids.items()}
    with transaction.atomic():
        finished = Verification.objects.filter(
            pk=claim.assessment_id,
            verification_attempts=claim.attempt,
            verification_state=State.RUNNING,
        ).update(
            quotes_found=len(report.results),
            quotes_verified=counts[VerificationStatus.VERIFIED],
            quotes_corrected=counts[VerificationStatus.CORRECTED],
            quotes_unverified=counts[VerificationStatus.UNVERIFIED],
            quotes_ineligible=counts[VerificationStatus.INELIGIBLE],
            quotes_dropped=sum(1 for result in report.results if bundle.drops(result)),
            quotes_attention=sum(1 for result in report.results if result.attention),
            report=report_to_dict(report),
            layout=layout_to_dict((r.quote for r in report.results), report.json_layout),
            engine_version=report.engine[:50],
            verification_run=run,
            verification_state=State.DONE,
            verification_error="",
            verified_at=now,
            updated_at=now,
        )
        if not finished:
            return False
        found = [result.quote.n for result in report.results]
        leftovers = Quote.objects.filter(assessment_id=claim.assessment_id).exclude(n__in=found)
        if leftovers.filter(corrections__isnull=False).exists():
            raise ValueError("quotes with corrections on record are no longer found")
        leftovers.delete()
        for result in report.results:
            parsed, match, corrected = result.quote, result.match, result.corrected
            quote, _ = Quote.objects.update_or_create(
                assessment_id=claim.assessment_id,
                n=parsed.n,
                defaults={
                    "form": parsed.form,
                    "text": parsed.text,
                    "response_start": parsed.response_span[0] if parsed.response_span else None,
                    "response_end": parsed.response_span[1] if parsed.response_span else None,
                    "extent_start": parsed.extent[0] if parsed.extent else None,
                    "extent_end": parsed.extent[1] if parsed.extent else None,
                    "json_path": parsed.json_path or "",
                    "cited_ref": (parsed.cited_ref or "")[:500],
                    "cited_source": source.get(result.cited_source or ""),
                    "cited_paragraph": parsed.cited_paragraph,
                    "cited_page": parsed.cited_page,
                    "cited_page_end": parsed.cited_page_end,
                    "status": result.status,
                    "reason": result.reason,
                    "match_source": source[match.source] if match else None,
                    "match_paragraph": match and match.paragraph,
                    "match_page": match and match.page,
                    "match_start": match and match.start,
                    "match_end": match and match.end,
                    "match_score": match and match.score,
                    "match_method": match.method if match else "",
                    "match_tier": match.tier if match else "",
                    "match_continues": [[s.paragraph, s.start, s.end] for s in match.continues]
                    if match
                    else [],
                    "corrected_text": corrected.text if corrected else "",
                    "corrected_source": source[corrected.source] if corrected else None,
                    "corrected_paragraph": corrected and corrected.paragraph,
                    "corrected_page": corrected and corrected.page,
                    "decision": decision_to_dict(result.decision),
                    "context": context_to_dict(result.context),
                    "attention": attention_to_list(result.attention),
                    "page_diff": quote_page_diff(result, bundle.turn),
                },
            )
            if corrected is None:
                continue
            cited_paragraph = parsed.cited_paragraph
            for name, old, new in (
                ("text", parsed.text, corrected.text),
                ("source", result.cited_source or parsed.cited_ref or "", corrected.source),
                (
                    "paragraph",
                    "" if cited_paragraph is None else str(cited_paragraph),
                    str(corrected.paragraph),
                ),
                *_page_row(parsed.cited_page, parsed.cited_page_end, corrected.page),
            ):
                if old == new:
                    continue
                Correction.objects.create(
                    assessment_id=claim.assessment_id,
                    quote=quote,
                    run=run,
                    field=name,
                    old_value=old,
                    new_value=new,
                    reason=result.reason,
                    score=match.score if match else None,
                    engine_version=report.engine[:50],
                )
    return True


def _page_row(cited: int | None, cited_end: int | None, page: int | None) -> list:
    if page is None:
        return []
    written = "" if cited is None else str(cited) + (f"–{cited_end}" if cited_end else "")
    return [("page", written, str(page))]


# --- The walk --------------------------------------------------------------------------

Store = Callable[..., bool]
ClaimFn = Callable[..., Claim | None]

# Columns that differ between the two copies by construction (ids, the bundle id, times).
UNCOMPARED = {"id", "bundle_id", "bundle_sha256", "turn", "created_at", "updated_at"}
TIMES = ("verification_started_at", "verified_at", "verification_heartbeat_at")


def _rows(verification_id: int) -> dict[str, Any]:
    """Everything storage writes for one verification, with ids replaced by what they name
    and times by which step wrote them."""
    verification = Verification.objects.get(pk=verification_id)
    keys = dict(Source.objects.values_list("pk", "key"))
    row: dict[str, Any] = {}
    for column in Verification._meta.concrete_fields:
        if column.name in UNCOMPARED or column.name in TIMES:
            continue
        value = getattr(verification, column.attname)
        if column.name == "report" and value is not None:
            value = {**value, "bundle": None}
        row[column.name] = value
    row["verified_at is updated_at"] = verification.verified_at == verification.updated_at
    row["heartbeat started"] = verification.verification_heartbeat_at is not None
    quotes = []
    numbers = {}
    for quote in Quote.objects.filter(assessment_id=verification_id).order_by("n"):
        numbers[quote.pk] = quote.n
        values = {}
        for column in Quote._meta.concrete_fields:
            if column.name in {"id", "assessment"}:
                continue
            value = getattr(quote, column.attname)
            if column.is_relation:
                value = keys.get(value)
            values[column.name] = value
        quotes.append(values)
    corrections = []
    for correction in Correction.objects.filter(assessment_id=verification_id):
        values = {}
        for column in Correction._meta.concrete_fields:
            if column.name in {"id", "assessment", "created_at"}:
                continue
            value = getattr(correction, column.attname)
            values[column.name] = numbers.get(value, "?") if column.name == "quote" else value
        values["quote is the verification's"] = correction.quote.assessment_id == verification_id
        corrections.append((correction.created_at, values))
    row["quotes"] = quotes
    row["corrections"] = sorted(
        (values for _, values in corrections),
        key=lambda c: (c["quote"], c["run"], c["field"]),
    )
    row["_correction_times"] = {(c["quote"], c["run"], c["field"]): t for t, c in corrections}
    return row


@dataclass
class Side:
    """One copy of the bundle and the implementation that stores it."""

    name: str
    claim: ClaimFn
    store: Store
    verification_id: int = 0
    # run -> when the store that wrote it began and ended
    runs: dict[int, tuple[datetime, datetime]] = field(default_factory=dict)

    def rows(self) -> dict[str, Any]:
        rows = _rows(self.verification_id)
        # A correction is stamped while its run is stored (the times themselves differ).
        times = rows.pop("_correction_times")
        rows["corrections stamped during their run"] = all(
            key[1] in self.runs and self.runs[key[1]][0] <= created <= self.runs[key[1]][1]
            for key, created in times.items()
        )
        verified_at = Verification.objects.get(pk=self.verification_id).verified_at
        began, ended = self.runs.get(rows["verification_run"], (None, None))
        rows["verified during its run"] = bool(began and began <= verified_at <= ended)
        return rows

    def note_run(self, began: datetime) -> None:
        row = Verification.objects.get(pk=self.verification_id)
        self.runs[row.verification_run] = (began, timezone.now())


def _variants(report: Report) -> Iterator[tuple[str, Report]]:
    results = report.results
    half = results[: len(results) // 2]
    yield "half the quotes", replace(report, results=half)
    yield "every quote", report
    yield (
        "every result changed",
        replace(
            report,
            results=tuple(
                replace(
                    r,
                    status=VerificationStatus.UNVERIFIED,
                    reason=Reason.NOT_FOUND,
                    match=None,
                    corrected=None,
                )
                for r in results
            ),
        ),
    )
    yield "every quote again, a long engine name", replace(report, engine="e" * 80)


def storage_walk(data: dict[str, Any], tag: str, seen: set[str] | None = None) -> list[str]:
    """Drive both implementations through the same runs over one bundle; the differences.
    ``seen`` collects which paths the walk took (so a test can check it took them all)."""
    seen = set() if seen is None else seen
    sides = [
        Side("storage", assessment_claim, assessment_store_results),
        Side("reference", reference_claim, reference_store_results),
    ]
    for side in sides:
        copy = {**data, "id": f"{tag}-{side.name}"}
        side.verification_id = bundle_import(raw=copy, enqueue_verification=False).verification.pk
    bundle = load_bundle(data)
    report = verify_bundle(bundle)
    problems: list[str] = []

    def compare(step: str) -> None:
        storage, reference = (side.rows() for side in sides)
        if storage["corrections"]:
            seen.add("corrections")
        if any(q["match_continues"] for q in storage["quotes"]):
            seen.add("a match over several paragraphs")
        for key in sorted(set(storage) | set(reference)):
            if storage.get(key) != reference.get(key):
                problems.append(
                    f"{data['id']}, {step}: {key}: storage {storage.get(key)!r} "
                    f"!= reference {reference.get(key)!r}"
                )

    def store(side: Side, claim: Claim, variant: Report) -> bool | str:
        sources = turn_sources(claim.assessment.turn_id)
        source_ids = {source.key: source.pk for source in sources}
        began = timezone.now()
        try:
            stored = side.store(
                claim=claim,
                bundle=engine_bundle(claim.assessment, sources),
                report=variant,
                source_ids=source_ids,
            )
        except ValueError:
            seen.add("refused")
            return "refused"
        seen.add("stored" if stored else "superseded")
        if stored:
            side.note_run(began)
        return stored

    for step, (name, variant) in enumerate(_variants(report)):
        outcomes = []
        for side in sides:
            if step:
                Verification.objects.filter(pk=side.verification_id).update(
                    verification_state=State.PENDING
                )
            claim = side.claim(assessment_id=side.verification_id)
            assert claim is not None, (side.name, name)
            _check_claimed_row(claim, problems)
            if step == 1:
                # Taken over as stale: the first claim's late store changes nothing.
                later = timezone.now() + stale_after() + timedelta(minutes=1)
                takeover = side.claim(assessment_id=side.verification_id, now=later)
                assert takeover is not None, (side.name, name)
                outcomes.append(store(side, claim, variant))
                claim = takeover
            outcomes.append(store(side, claim, variant))
        if outcomes[: len(outcomes) // 2] != outcomes[len(outcomes) // 2 :]:
            problems.append(f"{data['id']}, {name}: outcomes differ: {outcomes}")
        compare(name)

    # Finally a run that no longer finds the corrected quotes: refused on both sides while
    # they have corrections on record (both roll back whole), else they go.
    fewer = replace(report, results=tuple(r for r in report.results if r.corrected is None))
    outcomes = []
    for side in sides:
        Verification.objects.filter(pk=side.verification_id).update(
            verification_state=State.PENDING
        )
        claim = side.claim(assessment_id=side.verification_id)
        assert claim is not None
        outcomes.append(store(side, claim, fewer))
    if outcomes[0] != outcomes[1]:
        problems.append(f"{data['id']}, fewer quotes: outcomes differ: {outcomes}")
    compare("the corrected quotes no longer found")
    return problems


def _check_claimed_row(claim: Claim, problems: list[str]) -> None:
    """The claimed row holds what the ORM reads for the columns a run needs."""
    stored = Verification.objects.get(pk=claim.assessment_id)
    for name in CLAIM_FIELDS:
        attname = Verification._meta.get_field(name).attname
        if getattr(claim.assessment, attname) != getattr(stored, attname):
            problems.append(f"claim of {stored.bundle_id}: {name} differs from the ORM's")
