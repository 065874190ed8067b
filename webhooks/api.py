"""The webhooks API: a token's team registers, lists and removes its endpoints. Same
authentication and error shape as the rest of the API (``reviews.api``)."""

import json

from django.http import HttpResponse, JsonResponse

from reviews.api import json_error, token_required
from reviews.http import ApiRequest

from .models import WebhookEndpoint
from .services import WebhookInputError, endpoint_create

BODY_MAX_BYTES = 16 * 1024
FIELDS = ("url", "events", "description")


def endpoint_data(endpoint: WebhookEndpoint) -> dict:
    return {
        "id": endpoint.pk,
        "url": endpoint.url,
        "events": endpoint.events,
        "description": endpoint.description,
        "created": endpoint.created_at.isoformat(),
    }


def _no_team() -> JsonResponse:
    return json_error(
        403, "this token belongs to no team; webhooks are a team's", field="Authorization"
    )


@token_required
def webhook_collection(request: ApiRequest) -> HttpResponse:
    """GET /api/webhooks — the team's endpoints; POST — register one (its secret in the
    answer, this once)."""
    if request.method not in ("GET", "HEAD", "POST"):
        return json_error(
            405, f"{request.method} is not allowed here; use GET or POST", Allow="GET, POST"
        )
    team = request.api_token.team
    if team is None:
        return _no_team()
    if request.method != "POST":
        endpoints = WebhookEndpoint.objects.filter(team=team).order_by("pk")
        return JsonResponse({"webhooks": [endpoint_data(endpoint) for endpoint in endpoints]})
    if request.content_type != "application/json":
        return json_error(
            415, "send the webhook as 'Content-Type: application/json'", field="Content-Type"
        )
    if len(request.body) > BODY_MAX_BYTES:
        return json_error(413, f"a webhook may have at most {BODY_MAX_BYTES} bytes")
    try:
        data = json.loads(request.body)
    except (ValueError, UnicodeDecodeError):
        return json_error(400, "the body is not JSON", field="body")
    if not isinstance(data, dict):
        return json_error(400, "send a JSON object with url and events", field="body")
    unknown = [key for key in data if key not in FIELDS]
    if unknown:
        return json_error(
            400, f"not a field of a webhook; use {', '.join(FIELDS)}", field=str(unknown[0])
        )
    try:
        endpoint, secret = endpoint_create(
            team=team,
            url=data.get("url"),
            events=data.get("events"),
            description=data.get("description", ""),
        )
    except WebhookInputError as exc:
        return json_error(400, exc.message, field=exc.field)
    response = JsonResponse({**endpoint_data(endpoint), "secret": secret}, status=201)
    response["Location"] = f"/api/webhooks/{endpoint.pk}"
    return response


@token_required
def webhook_item(request: ApiRequest, webhook_id: int) -> HttpResponse:
    """GET /api/webhooks/<id> — one endpoint of the team (no secret); DELETE — remove it
    and its deliveries. Another team's reads as absent (404)."""
    if request.method not in ("GET", "HEAD", "DELETE"):
        return json_error(
            405, f"{request.method} is not allowed here; use GET or DELETE", Allow="GET, DELETE"
        )
    team = request.api_token.team
    if team is None:
        return _no_team()
    endpoint = WebhookEndpoint.objects.filter(pk=webhook_id, team=team).first()
    if endpoint is None:
        return json_error(404, f"no webhook has the id {webhook_id}", field="id")
    if request.method == "DELETE":
        endpoint.delete()
        return HttpResponse(status=204)
    return JsonResponse(endpoint_data(endpoint))
