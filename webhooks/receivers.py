"""The signals of citations/ and reviews/, turned into events (``services.event_record``).
Each runs in the sender's transaction, so an event is recorded exactly when its change is."""

from citations.models import Verification
from citations.signals import verification_done, verification_failed
from reviews.models import QuoteVerdict, ReviewDecision
from reviews.signals import quote_verdict_given, review_decided
from reviews.verdicts import verdict_data

from .models import EventType
from .services import event_record


def on_verification_done(*, assessment_id: int, run: int, **kwargs) -> None:
    counts = (
        Verification.objects.filter(pk=assessment_id)
        .values(
            "quotes_found",
            "quotes_verified",
            "quotes_corrected",
            "quotes_unverified",
            "quotes_ineligible",
            "quotes_dropped",
            "quotes_attention",
        )
        .get()
    )
    event_record(
        type=EventType.VERIFICATION_DONE,
        assessment_id=assessment_id,
        data={
            "verification_state": "done",
            "verification_run": run,
            # as GET /api/assessments/<id> names them
            "counts": {name.removeprefix("quotes_"): count for name, count in counts.items()},
        },
    )


def on_verification_failed(*, assessment_id: int, error: str, **kwargs) -> None:
    event_record(
        type=EventType.VERIFICATION_FAILED,
        assessment_id=assessment_id,
        data={"verification_state": "failed", "verification_error": error},
    )


def on_review_decided(*, decision: ReviewDecision, **kwargs) -> None:
    event_record(
        type=EventType.REVIEW_DECIDED,
        assessment_id=decision.assessment_id,
        data={
            "action": decision.action,
            "review_state": decision.assessment.review_state,
            "by": decision.reviewer.get_username(),
            "at": decision.created_at.isoformat(),
            "comment": decision.comment,
        },
    )


def on_quote_verdict_given(*, verdict: QuoteVerdict, **kwargs) -> None:
    event_record(
        type=EventType.QUOTE_VERDICT,
        assessment_id=verdict.assessment_id,
        data={
            "quote": verdict.quote.n,
            "engine_status": verdict.engine_status,
            "verdict": verdict_data(verdict),
        },
    )


def connect() -> None:
    verification_done.connect(on_verification_done, dispatch_uid="webhooks.verification_done")
    verification_failed.connect(on_verification_failed, dispatch_uid="webhooks.verification_failed")
    review_decided.connect(on_review_decided, dispatch_uid="webhooks.review_decided")
    quote_verdict_given.connect(on_quote_verdict_given, dispatch_uid="webhooks.quote_verdict")
