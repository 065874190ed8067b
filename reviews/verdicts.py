"""Quote verdicts (issue 31): the reviewer has the last word on every quote.

A verdict is one append-only ``QuoteVerdict`` row with who and when; a quote's latest row
counts, and a latest ``clear`` means none. The engine's status is never changed: pages and
the API show the verdict beside it, and the export applies it (``citations.results``).
Giving one follows the review's rules: only while the assessment may still be decided, with
its verification finished, and not at once with a decision (the verification row is locked
first, as decisions lock it).
"""

import json
import re
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from citations.corrections import correction_by_person_record
from citations.engine import VerificationStatus
from citations.models import Quote, Verification, VerificationState
from citations.results import Verdict, assessment_export

from .models import Assessment, QuoteVerdict, ReviewState, VerdictAction
from .selectors import (
    QuestionKeys,
    claim_of_another,
    clarifications_for,
    question_keys_for,
    quote_verdict_current,
    verdicts_current,
)
from .services import ReviewError, claimed_since
from .signals import quote_verdict_given

COMMENT_MAX_CHARS = 2000
# Where a verdict may still be given: the assessment is not decided for good.
OPEN_REVIEW_STATES = (ReviewState.PENDING, ReviewState.RETURNED)


def confirm_meaning(quote: Quote) -> str:
    """What confirming ``quote`` accepts, in words; "" when there is nothing to confirm."""
    if quote.status == VerificationStatus.UNVERIFIED and quote.match_source_id is not None:
        return "accept the hint as the correction"
    if quote.status == VerificationStatus.CORRECTED:
        return "accept the correction"
    if quote.attention:
        return "accept: the attention is checked"
    return ""


def quote_verdict_give(
    *, assessment: Assessment, quote: Quote, reviewer, action: str, comment: str = ""
) -> QuoteVerdict:
    """Record ``reviewer``'s verdict on ``quote``. A confirmed hint is also recorded as a
    correction by the reviewer. Raises ``ReviewError`` (nothing recorded) when the verdict
    cannot be given, saying why."""
    if action not in VerdictAction.values:
        raise ReviewError("Choose confirm, overrule or clear.")
    if len(comment) > COMMENT_MAX_CHARS:
        raise ReviewError(f"A verdict's comment has at most {COMMENT_MAX_CHARS} characters.")
    if quote.assessment_id != assessment.pk:
        raise ReviewError(f"Quote {quote.n} is not a quote of this assessment.")
    with transaction.atomic():
        verification = (
            Verification.objects.select_for_update()
            .only("verification_state", "verification_run", "engine_version")
            .get(pk=assessment.pk)
        )
        review_state = (
            Assessment.objects.filter(pk=assessment.pk).values_list("review_state", flat=True).get()
        )
        if review_state not in OPEN_REVIEW_STATES:
            raise ReviewError(f"This assessment is {review_state}: its quotes' verdicts are final.")
        if claimed := claim_of_another(assessment=assessment, reviewer=reviewer):
            raise ReviewError(f"{claimed_since(*claimed)}; take it over to give verdicts.")
        if verification.verification_state != VerificationState.DONE:
            raise ReviewError(
                f"Verification is {verification.verification_state}: quotes get verdicts "
                "once they are verified."
            )
        quote = Quote.objects.select_related("cited_source", "match_source").get(pk=quote.pk)
        current = quote_verdict_current(quote=quote)
        if action == VerdictAction.CONFIRM and not confirm_meaning(quote):
            raise ReviewError(
                f"Quote {quote.n} is {quote.status} without attention: there is nothing to "
                "confirm. Overrule it if it is a misquote."
            )
        if action == VerdictAction.CLEAR and current is None:
            raise ReviewError(f"Quote {quote.n} has no verdict to clear.")
        verdict = QuoteVerdict.objects.create(
            assessment=assessment,
            quote=quote,
            reviewer=reviewer,
            action=action,
            comment=comment.strip(),
            run=verification.verification_run,
            engine_status=quote.status,
            engine_rules=_engine_rules(quote),
        )
        if action == VerdictAction.CONFIRM and quote.status == VerificationStatus.UNVERIFIED:
            correction_by_person_record(
                quote=quote,
                actor=reviewer.get_username(),
                run=verification.verification_run,
                engine_version=verification.engine_version,
            )
        quote_verdict_given.send(sender=QuoteVerdict, verdict=verdict)
    return verdict


def _engine_rules(quote: Quote) -> list[str]:
    rules = list((quote.decision or {}).get("rules", []))
    rules += [a["rule"] for a in quote.attention or () if a.get("rule")]
    return list(dict.fromkeys(rules))


def verdict_data(verdict: QuoteVerdict | None) -> dict[str, Any] | None:
    """A verdict as the API gives it, next to the engine's ``status``."""
    if verdict is None:
        return None
    return {
        "action": verdict.action,
        "by": verdict.reviewer.get_username(),
        "at": verdict.created_at.isoformat(),
        "comment": verdict.comment,
    }


def report_with_verdict_fields(report: dict[str, Any], verdicts: dict[int, QuoteVerdict]) -> dict:
    """The stored report with each quote's ``verdict`` (None without one) beside its
    ``status``, which stays the engine's."""
    return {
        **report,
        "quotes": [
            {**quote, "verdict": verdict_data(verdicts.get(quote["n"]))}
            for quote in report.get("quotes", [])
        ],
    }


def assessment_export_with_verdicts(*, assessment: Assessment) -> str:
    """The export with the verdicts that count applied (``citations.results``), and the
    values reviewers gave for a generated answer's clarification questions."""
    verdicts = verdicts_current(assessment=assessment)
    exported = assessment_export(
        assessment=assessment.verification,
        verdicts={n: Verdict(v.action) for n, v in verdicts.items()},
    )
    answered = {
        row["field"]: row["answer"]["value"]
        for row in clarifications_for(assessment_id=assessment.pk)
        if row["answer"] is not None
    }
    if not answered:
        return exported
    return with_answers(exported, answered, question_keys_for(assessment_id=assessment.pk))


FIELD_PATH_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


ARTICLE_QUESTION_KEYS = QuestionKeys()


def with_answers(
    exported: str, answered: dict[str, Any], keys: QuestionKeys = ARTICLE_QUESTION_KEYS
) -> str:
    """A JSON answer with each answered value set at its field path ("assignmentRule",
    "processSteps[1].actorId") and the entries of the schema's question list (``keys``)
    about it removed. A path naming no place in the answer is left out, not invented."""
    try:
        result = json.loads(exported)
    except ValueError:
        return exported
    if not isinstance(result, dict):
        return exported
    for field, value in answered.items():
        _set_at(result, field, value)
    questions = result.get(keys.array)
    if isinstance(questions, list):
        result[keys.array] = [
            item
            for item in questions
            if not (isinstance(item, dict) and item.get(keys.field_path) in answered)
        ]
    return json.dumps(result, ensure_ascii=False, indent=2)


def _set_at(result: dict[str, Any], path: str, value: Any) -> None:
    parts: list[str | int] = [
        name if name else int(index) for name, index in FIELD_PATH_PART.findall(path)
    ]
    if not parts or not isinstance(parts[0], str):
        return
    holder: Any = result
    for part in parts[:-1]:
        try:
            holder = holder[part]
        except (KeyError, IndexError, TypeError):
            return
    last = parts[-1]
    in_dict = isinstance(holder, dict) and isinstance(last, str)
    in_list = isinstance(holder, list) and isinstance(last, int) and last < len(holder)
    if in_dict or in_list:
        holder[last] = value


@dataclass(frozen=True)
class VerdictPanel:
    """What the verdict box of the selected quote shows."""

    quote: Quote
    verdict: QuoteVerdict | None
    confirm: str  # what confirming accepts, in words; "" when nothing
    error: str = ""


def verdict_panel(*, quote: Quote, error: str = "") -> VerdictPanel:
    return VerdictPanel(
        quote=quote,
        verdict=quote_verdict_current(quote=quote),
        confirm=confirm_meaning(quote),
        error=error,
    )
