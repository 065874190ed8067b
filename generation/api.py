"""The generation API (token-authenticated like ``/api/bundles``): register output schemas,
start a generation, read its state.

POST /api/schemas          a schema definition → 201 registered, 200 the same already, 400
GET  /api/schemas          the registered versions
POST /api/generations      {"sources": [...], "schema": name, "model"?, "title"?, "id"?} → 201
GET  /api/generations/<id> state, why it stopped, the latest answer's errors, coverage
                           (unmapped and excluded sentences), values beside their evidence,
                           questions, and the assessment it became

A token sees the runs of its team (one without a team: those without a team), like bundles.
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.db import transaction
from django.http import JsonResponse

from citations.engine import BundleError
from reviews.api import json_error, token_required
from reviews.http import ApiRequest
from reviews.submission_limit import submission_admit

from . import services
from .models import Generation, RegisteredSchema
from .registry import schema_register
from .schemas import DefinitionError
from .selectors import answer_record
from .sources import load_sources

GENERATION_FIELDS = ("sources", "schema", "model", "title", "id")


def _json_body(request: ApiRequest) -> tuple[Any, JsonResponse | None]:
    if (request.content_type or "") != "application/json":
        return None, json_error(415, "send JSON: 'Content-Type: application/json'")
    if len(request.body) > settings.BUNDLE_MAX_BYTES:
        return None, json_error(413, f"at most {settings.BUNDLE_MAX_BYTES} bytes")
    try:
        return json.loads(request.body), None
    except (ValueError, UnicodeDecodeError) as exc:
        return None, json_error(400, f"not JSON: {exc}", field="body")


def schema_data(row: RegisteredSchema) -> dict[str, Any]:
    return {
        "id": row.pk,
        "name": row.name,
        "version": row.version,
        "created_at": row.created_at.isoformat(),
    }


@token_required
def schemas(request: ApiRequest) -> JsonResponse:
    if request.method == "GET":
        rows = RegisteredSchema.objects.order_by("name", "created_at", "id")
        return JsonResponse({"schemas": [schema_data(row) for row in rows]})
    if request.method != "POST":
        return json_error(405, f"{request.method} is not allowed here", Allow="GET, POST")
    definition, refused = _json_body(request)
    if refused is not None:
        return refused
    before = RegisteredSchema.objects.count()
    try:
        row = schema_register(definition=definition)
    except DefinitionError as exc:
        return json_error(400, exc.message, field=exc.field)
    created = RegisteredSchema.objects.count() > before
    return JsonResponse({**schema_data(row), "created": created}, status=201 if created else 200)


def _visible(request: ApiRequest):
    team = request.api_token.team
    return Generation.objects.filter(**({"team": team} if team else {"team__isnull": True}))


def generation_data(generation: Generation) -> dict[str, Any]:
    """The run as the API shows it: enough to see where it stands and why."""
    record = answer_record(generation=generation)
    coverage = record.coverage if record else []
    assessment = generation.handed_over_to
    return {
        "id": generation.pk,
        "status": generation.status,
        "failure": generation.failure,
        "schema": {"name": generation.schema.name, "version": generation.schema.version},
        "model": generation.model_name,
        "prompt_version": generation.prompt_version,
        "records": [
            {"id": r.pk, "kind": r.kind, "status": r.status, "errors": len(r.errors)}
            for r in generation.records.order_by("pk")
        ],
        "answer": record.parsed if record else None,
        "errors": record.errors if record else [],
        "unmapped": [row for row in coverage if row["status"] == "UNMAPPED"],
        "excluded": [row for row in coverage if row["status"] == "EXCLUDED"],
        "values": record.values if record else [],
        "questions": [
            {
                "field": q.field,
                "question": q.question,
                "answer": q.answer if q.answered_at else None,
            }
            for q in generation.questions.order_by("pk")
        ],
        "assessment": {
            "id": assessment.pk,
            "verification_state": assessment.verification.verification_state,
            "review_state": assessment.review_state,
            "links": {"self": f"/api/assessments/{assessment.pk}"},
        }
        if assessment
        else None,
        "links": {"self": f"/api/generations/{generation.pk}"},
    }


@token_required
def generations(request: ApiRequest) -> JsonResponse:
    if request.method != "POST":
        return json_error(405, f"{request.method} is not allowed here", Allow="POST")
    body, refused = _json_body(request)
    if refused is not None:
        return refused
    if not isinstance(body, dict):
        return json_error(400, "expected a JSON object", field="body")
    for key in body:
        if key not in GENERATION_FIELDS:
            return json_error(
                400, f"unknown field; known: {', '.join(GENERATION_FIELDS)}", field=key
            )
    for key in ("schema", "model", "title", "id"):
        if not isinstance(body.get(key, ""), str):
            return json_error(400, "must be a string", field=key)
    if not body.get("schema"):
        return json_error(400, "required: the name of a registered schema", field="schema")
    admitted = submission_admit(token=request.api_token, size=len(request.body))
    if admitted is not None:
        return json_error(429, admitted.message, Retry_After=str(admitted.retry_after))
    try:
        sources_file = load_sources({k: body[k] for k in ("sources", "title", "id") if k in body})
    except BundleError as exc:
        return json_error(400, exc.message, field=exc.field or "sources")
    with transaction.atomic():
        try:
            generation = services.generation_create(
                sources_file=sources_file,
                schema_name=body["schema"],
                model_name=(body.get("model") or "").strip() or settings.LLM_MODEL,
                team=request.api_token.team,
            )
        except KeyError as exc:
            return json_error(400, str(exc.args[0]), field="schema")
        services.generation_enqueue(generation_id=generation.pk)
    return JsonResponse(generation_data(generation), status=201)


@token_required
def generation_detail(request: ApiRequest, generation_id: int) -> JsonResponse:
    if request.method != "GET":
        return json_error(405, f"{request.method} is not allowed here", Allow="GET")
    generation = (
        _visible(request)
        .select_related("schema", "assessment__verification", "reused_assessment__verification")
        .filter(pk=generation_id)
        .first()
    )
    if generation is None:
        return json_error(404, f"no generation {generation_id}")
    return JsonResponse(generation_data(generation))
