"""The pipeline's HTTP API: token-authenticated JSON, errors as {"error": {field, message}}.

``token_required`` is the one way API views authenticate; other API modules reuse it.
"""

import functools
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.defaults import page_not_found

from citations.engine import BundleError
from citations.imports import BundleConflict

from .http import ApiRequest
from .imports import bundle_import
from .models import ApiToken, Assessment
from .submission_limit import submission_admit
from .tokens import api_token_authenticate
from .uploads import bundle_from_upload


def json_error(status: int, message: str, *, field: str = "", **headers: str) -> JsonResponse:
    response = JsonResponse({"error": {"field": field, "message": message}}, status=status)
    for name, value in headers.items():
        response[name.replace("_", "-")] = value
    return response


def get_only(request: HttpRequest) -> JsonResponse | None:
    """405 in the API's error shape for a method other than GET (or HEAD), else None."""
    if request.method not in ("GET", "HEAD"):
        return json_error(405, f"{request.method} is not allowed here; use GET", Allow="GET")
    return None


def api_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """The site's 404 handler: under /api/ an unknown route (or an id that is no number)
    answers in the API's error shape, elsewhere Django's page."""
    if request.path.startswith("/api/"):
        return json_error(404, f"no route of the API is {request.path}", field="path")
    return page_not_found(request, exception)


def token_required(view):
    """Let the request through only with ``Authorization: Bearer <token>`` of a live token
    (401 otherwise); sets ``request.api_token``. CSRF does not apply: no cookies are used."""

    @csrf_exempt
    @functools.wraps(view)
    def wrapped(request: ApiRequest, *args, **kwargs):
        scheme, _, token = request.headers.get("Authorization", "").partition(" ")
        row = None
        if scheme.lower() == "bearer" and token.strip():
            row = api_token_authenticate(token=token.strip())
        if row is None:
            return json_error(
                401,
                "send a valid API token as 'Authorization: Bearer <token>'",
                field="Authorization",
                WWW_Authenticate='Bearer realm="verbatim"',
            )
        request.api_token = row
        return view(request, *args, **kwargs)

    return wrapped


def token_assessments(token: ApiToken) -> QuerySet[Assessment]:
    """The assessments ``token`` may read: its team's, or for a token without a team those
    without a team (issue 13: tokens read every team's results). Another team's read as
    absent, so a token learns nothing of what is not its team's."""
    owned = {"team": token.team} if token.team is not None else {"team__isnull": True}
    return Assessment.objects.filter(**owned).select_related("verification")


def assessment_links(assessment: Assessment) -> dict[str, str]:
    return {
        "self": f"/api/assessments/{assessment.pk}",
        "export": f"/api/assessments/{assessment.pk}/export",
        "page": reverse("reviews:assessment_detail", args=[assessment.pk]),
    }


def assessment_summary(assessment: Assessment) -> dict:
    return {
        "id": assessment.pk,
        "bundle_id": assessment.verification.bundle_id,
        "verification_state": assessment.verification.verification_state,
        "review_state": assessment.review_state,
        "links": assessment_links(assessment),
    }


def team_seeing(assessment: Assessment) -> dict | None:
    """The team whose reviewers see the assessment, or None: then staff only."""
    team = assessment.team
    return {"id": team.pk, "name": team.name} if team is not None else None


@token_required
def bundle_create(request: ApiRequest) -> JsonResponse:
    """POST /api/bundles — JSON body = a bundle (bundle.schema.json), or the same as
    ``multipart/form-data`` with its files as parts (``reviews.uploads``).

    201 stored; 200 the same bundle was already stored; 409 same id, other content;
    400 a bad bundle (the field and what is wrong); 413 too large; 415 neither JSON nor
    multipart; 429 the token's share of this window is used up (Retry-After: seconds until
    it ends). ``team`` names the team whose reviewers will see it (null: staff only)."""
    if request.method != "POST":
        return json_error(405, f"{request.method} is not allowed here; use POST", Allow="POST")
    content_type = request.content_type or ""
    if content_type not in ("application/json", "multipart/form-data"):
        return json_error(
            415,
            "send the bundle as 'Content-Type: application/json', or as "
            "'multipart/form-data' with its files as parts",
            field="Content-Type",
        )
    limit = settings.BUNDLE_MAX_BYTES
    try:
        body = request.body
    except RequestDataTooBig:
        body = None
    if body is None or len(body) > limit:
        return json_error(413, f"a bundle may have at most {limit} bytes")
    refused = submission_admit(token=request.api_token, size=len(body))
    if refused is not None:
        return json_error(429, refused.message, Retry_After=str(refused.retry_after))
    try:
        raw: bytes | dict[str, Any] = body
        if content_type == "multipart/form-data":
            raw = bundle_from_upload(request, max_bytes=limit)
        # The token's team owns the bundle, so links.page opens for that team's reviewers.
        result = bundle_import(raw=raw, max_bytes=limit, team=request.api_token.team)
    except BundleError as exc:
        return json_error(400, exc.message, field=exc.field or "body")
    except BundleConflict as exc:
        return json_error(409, str(exc).removeprefix("id: "), field="id")
    status = 201 if result.created else 200
    response = JsonResponse(
        {
            **assessment_summary(result.assessment),
            "team": team_seeing(result.assessment),
            "created": result.created,
        },
        status=status,
    )
    if result.created:
        response["Location"] = assessment_links(result.assessment)["self"]
    return response
