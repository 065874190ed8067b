"""What reviewers decided, written as a scored set (issue 31, item 6b): each reviewed
assessment as a bundle ``assessment-<id>.json`` and its expectation
``assessment-<id>.expected.json``, in the layout and format ``shared/tools/check_report.py``
scores (``--dir``) and ``manage.py engine_compare`` reads.

Per quote, the expectation is the reviewer's verdict that counts: a confirmation expects what
the engine proposed (an unverified quote's hint as its correction; a checked attention kept),
an overrule a misquote (``unverified``; an ineligible quote stays ``ineligible``). A quote
without a verdict expects the engine's status only when the assessment was approved; in any
other assessment it is *not checked*: every status is acceptable, nothing else is looked at
(the dev set's "ambiguous" entries), so the scorer still sees every quote of the report.

The bundle is written as the engine verified it: each source as its stored paragraphs (a file
as the paragraphs and pages read from it, an e-mail's attachments as sources of their own),
the response as submitted."""

import json
import shutil
import tempfile
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from django.db.models import Exists, OuterRef, Q

from citations.engine import VerificationStatus
from citations.models import Quote, Source, VerificationState
from citations.results import hint_correction, stored_match
from citations.storage import turn_sources

from .models import Assessment, QuoteVerdict, ReviewDecision, ReviewState, VerdictAction
from .selectors import verdicts_current

PASSING = (VerificationStatus.VERIFIED, VerificationStatus.CORRECTED)
NOT_CHECKED = "no verdict, assessment not approved: not checked"


class ExportError(Exception):
    """The set cannot be written; the message says why. Nothing was written."""


@dataclass(frozen=True)
class ReviewedAssessment:
    """One assessment of the set: the bundle and the expectation as JSON-ready data."""

    assessment_id: int
    bundle: dict[str, Any]
    expected: dict[str, Any]

    @property
    def name(self) -> str:
        return f"assessment-{self.assessment_id}"

    def counted(self, what: str) -> int:
        return sum(1 for quote in self.expected["quotes"] if quote["expected_by"] == what)


def reviewed_since(since: date) -> list[Assessment]:
    """Verified assessments a reviewer gave a verdict or a decision from ``since`` on (the
    site's time zone), oldest first."""
    after = Q(created_at__date__gte=since, assessment=OuterRef("pk"))
    return list(
        Assessment.objects.filter(verification__verification_state=VerificationState.DONE)
        .select_related("verification")
        .filter(
            Exists(QuoteVerdict.objects.filter(after))
            | Exists(ReviewDecision.objects.filter(after))
        )
        .order_by("pk")
    )


def reviewed_set(*, since: date) -> list[ReviewedAssessment]:
    """The set to write: each reviewed assessment with at least one quote checked."""
    written = []
    for assessment in reviewed_since(since):
        reviewed = reviewed_assessment(assessment)
        if any(quote["expected_by"] != "none" for quote in reviewed.expected["quotes"]):
            written.append(reviewed)
    return written


def reviewed_assessment(assessment: Assessment) -> ReviewedAssessment:
    sources = turn_sources(assessment.verification.turn_id)
    by_pk = {source.pk: source for source in sources}
    verdicts = verdicts_current(assessment=assessment)
    approved = assessment.review_state == ReviewState.APPROVED
    quotes = []
    for row in Quote.objects.filter(assessment_id=assessment.pk).order_by("n"):
        for field in ("match_source", "corrected_source"):
            pk = getattr(row, f"{field}_id")
            if pk is not None:
                getattr(Quote, field).field.set_cached_value(row, by_pk[pk])
        verdict = verdicts.get(row.n)
        quotes.append(_expected_quote(row, verdict.action if verdict else None, approved))
    return ReviewedAssessment(
        assessment_id=assessment.pk,
        bundle=bundle_data(assessment, sources),
        expected={
            "bundle": assessment.verification.bundle_id,
            "assessment": assessment.pk,
            "review_state": assessment.review_state,
            "engine": assessment.verification.engine_version,
            "quotes": quotes,
        },
    )


def _expected_quote(row: Quote, verdict: str | None, approved: bool) -> dict[str, Any]:
    status = VerificationStatus(row.status)
    rules = list((row.decision or {}).get("rules", []))
    rules += [entry["rule"] for entry in row.attention or () if entry.get("rule")]
    expected: dict[str, Any] = {"n": row.n, "text": row.text, "rules": rules}
    match = stored_match(row)
    if verdict == VerdictAction.OVERRULE:
        misquote = (
            status if status is VerificationStatus.INELIGIBLE else VerificationStatus.UNVERIFIED
        )
        return expected | {
            "expected_by": "verdict",
            "verdict": verdict,
            "status": misquote.value,
            "match": None,
            "corrected": None,
        }
    if verdict is None and not approved:
        others = [s.value for s in VerificationStatus if s is not status]
        return expected | {
            "expected_by": "none",
            "status": status.value,
            "acceptable": others,
            "match": None,
            "corrected": None,
            "note": NOT_CHECKED,
        }
    corrected = None
    if verdict == VerdictAction.CONFIRM and status is VerificationStatus.UNVERIFIED and match:
        status, hint = VerificationStatus.CORRECTED, hint_correction(match)
        corrected = {"text": hint.text, "source": hint.source, "paragraph": hint.paragraph}
    elif status is VerificationStatus.CORRECTED and row.corrected_source is not None:
        corrected = {
            "text": row.corrected_text,
            "source": row.corrected_source.key,
            "paragraph": row.corrected_paragraph,
        }
    span = None
    if status in PASSING and match is not None:
        span = {
            "source": match.source,
            "paragraph": match.paragraph,
            "start": match.start,
            "end": match.end,
            "text": match.text,
        }
    expected |= {
        "expected_by": "verdict" if verdict else "approval",
        "verdict": verdict,
        "status": status.value,
        "match": span,
        "corrected": corrected,
    }
    if verdict == VerdictAction.CONFIRM and row.attention:
        expected["attention"] = True  # the reviewer checked it: a passing quote must carry it
    return expected


def bundle_data(assessment: Assessment, sources: list[Source]) -> dict[str, Any]:
    """The assessment as a bundle (``bundle.schema.json`` as the engine reads it)."""
    verification = assessment.verification
    keys = {source.pk: source.key for source in sources}
    data: dict[str, Any] = {"bundle_version": 1, "id": verification.bundle_id}
    if verification.title:
        data["title"] = verification.title
    if verification.meta:
        data["meta"] = verification.meta
    if verification.drop:
        data["drop"] = verification.drop
    data["sources"] = [_source_data(source, keys) for source in sources]
    response: dict[str, Any] = {
        "format": verification.response_format,
        "text": verification.response_text,
    }
    if verification.quote_fields:
        # Optional fields stored as null by early imports are absent in the schema.
        response["quotes"] = [
            {name: value for name, value in entry.items() if value is not None}
            for entry in verification.quote_fields
        ]
    data["response"] = response
    return data


def _source_data(source: Source, keys: dict[int, str]) -> dict[str, Any]:
    item: dict[str, Any] = {"id": source.key, "kind": source.kind}
    for name in ("title", "label", "url"):
        if getattr(source, name):
            item[name] = getattr(source, name)
    if source.parent_id is not None:
        item["parent"] = keys[source.parent_id]
    if not source.eligible:
        item["eligible"] = False
    item["paragraphs"] = list(source.paragraphs)
    if source.pages:
        item["pages"] = source.pages
    return item


def reviewed_set_write(reviewed: list[ReviewedAssessment], folder: Path) -> None:
    """Write the set into ``folder`` (created if missing), all files or none: they are written
    into a scratch folder inside it first and moved in place. An existing ``folder`` must be
    empty, so an earlier set's files never mix with this one's."""
    created = not folder.exists()
    try:
        if folder.exists() and not folder.is_dir():
            raise ExportError(f"DIR: {folder} is not a folder")
        if not created and any(folder.iterdir()):
            raise ExportError(f"DIR: {folder} is not empty; give a new or empty folder")
        folder.mkdir(parents=True, exist_ok=True)
        scratch = Path(tempfile.mkdtemp(prefix=".export-", dir=folder))
    except OSError as exc:
        raise ExportError(f"DIR: cannot write to {folder}: {exc.strerror or exc}") from None
    try:
        for item in reviewed:
            for suffix, content in ((".json", item.bundle), (".expected.json", item.expected)):
                text = json.dumps(content, ensure_ascii=False, indent=1) + "\n"
                (scratch / f"{item.name}{suffix}").write_text(text, encoding="utf-8")
        for path in sorted(scratch.iterdir()):
            path.rename(folder / path.name)
    except OSError as exc:
        for item in reviewed:
            for suffix in (".json", ".expected.json"):
                (folder / f"{item.name}{suffix}").unlink(missing_ok=True)
        raise ExportError(f"DIR: cannot write to {folder}: {exc.strerror or exc}") from None
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        if created and not any(folder.iterdir()):
            folder.rmdir()
