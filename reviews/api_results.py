"""The pipeline's read API: an assessment's state and result, and its export (003.9, EV-9).

Same token authentication and error shape as ``POST /api/bundles`` (``reviews.api``).
"""

from django.http import HttpResponse, JsonResponse

from citations.models import VerificationState
from citations.results import ExportRefused

from .api import assessment_summary, get_only, json_error, token_assessments, token_required
from .http import ApiRequest
from .models import Assessment, ReviewState, VerdictAction
from .selectors import clarifications_for, review_decision_latest, verdicts_current
from .verdicts import assessment_export_with_verdicts, report_with_verdict_fields

EXPORT_CONTENT_TYPES = {
    "markdown": "text/markdown; charset=utf-8",
    "json": "application/json",
}


def _assessment_or_404(request: ApiRequest, assessment_id: int) -> Assessment | None:
    """The assessment if the request's token may read it (``token_assessments``)."""
    return token_assessments(request.api_token).filter(pk=assessment_id).first()


def _not_found(assessment_id: int) -> JsonResponse:
    return json_error(404, f"no assessment has the id {assessment_id}", field="id")


@token_required
def assessment_result(request: ApiRequest, assessment_id: int) -> JsonResponse:
    """GET /api/assessments/<id> — verification and review state, counts (ADR-4), report;
    each report quote with the reviewers' ``verdict`` beside its ``status`` (issue 31);
    ``review``: the decision that set the review state, with its comment (a returned
    assessment says there what needs to change)."""
    if refused := get_only(request):
        return refused
    assessment = _assessment_or_404(request, assessment_id)
    if assessment is None:
        return _not_found(assessment_id)
    verification = assessment.verification
    done = verification.verification_state == VerificationState.DONE
    # Reviewers' verdicts beside the engine's statuses, which stay as the engine gave them.
    given = verdicts_current(assessment=assessment) if done else {}
    actions = [verdict.action for verdict in given.values()]
    return JsonResponse(
        {
            **assessment_summary(assessment),
            "title": verification.title,
            "verification_run": verification.verification_run,
            "verification_error": verification.verification_error,
            "verified_at": verification.verified_at.isoformat()
            if verification.verified_at
            else None,
            "engine": verification.engine_version,
            "review": _review(assessment),
            "counts": {
                "found": verification.quotes_found,
                "verified": verification.quotes_verified,
                "corrected": verification.quotes_corrected,
                "unverified": verification.quotes_unverified,
                "ineligible": verification.quotes_ineligible,
                "dropped": verification.quotes_dropped,
                "attention": verification.quotes_attention,
            }
            if done
            else None,
            "verdicts": {
                "confirmed": actions.count(VerdictAction.CONFIRM),
                "overruled": actions.count(VerdictAction.OVERRULE),
            }
            if done
            else None,
            "report": report_with_verdict_fields(verification.report, given)
            if done and verification.report is not None
            else None,
            "clarifications": clarifications_for(assessment_id=assessment.pk),
        }
    )


def _review(assessment: Assessment) -> dict | None:
    decision = review_decision_latest(assessment=assessment)
    if decision is None:
        return None
    return {
        "state": assessment.review_state,
        "comment": decision.comment,
        "by": decision.reviewer.get_username(),
        "at": decision.created_at.isoformat(),
    }


@token_required
def assessment_export_view(request: ApiRequest, assessment_id: int) -> HttpResponse:
    """GET /api/assessments/<id>/export[?final=1] — the response with corrections and
    reviewers' verdicts applied.

    409 until verification is done; with ``final=1``, also until the assessment is approved."""
    if refused := get_only(request):
        return refused
    final = request.GET.get("final", "")
    if final not in ("", "0", "1"):
        return json_error(400, "final must be 0 or 1", field="final")
    assessment = _assessment_or_404(request, assessment_id)
    if assessment is None:
        return _not_found(assessment_id)
    try:
        if final == "1" and assessment.review_state != ReviewState.APPROVED:
            # Approval needs a finished verification, so this refuses only what is not final.
            raise ExportRefused(
                f"review is {assessment.review_state}; only approved results are exported as final"
            )
        body = assessment_export_with_verdicts(assessment=assessment)
    except ExportRefused as exc:
        return json_error(409, str(exc), field="final" if final == "1" else "")
    verification = assessment.verification
    response = HttpResponse(body, content_type=EXPORT_CONTENT_TYPES[verification.response_format])
    response["X-Verbatim-Run"] = str(verification.verification_run)
    response["X-Verbatim-Review-State"] = assessment.review_state
    return response
