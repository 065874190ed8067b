"""The HTTP API described once, as OpenAPI 3.1 (issue 33).

``openapi_document()`` is what ``/api/openapi.json`` serves, what the docs page (``/api/docs``)
renders and what the suite fuzzes (tests/reviews/test_api_fuzz.py). A test fails when a route
under ``api/`` is missing from ``PATHS`` or ``PATHS`` names one the URLconf lacks: describing a
new route is adding its entry to ``PATHS`` (the schemas it needs to ``SCHEMAS``).

Bodies reference the two contracts rather than copying them: ``Bundle`` and ``Report`` are
the shared ``spec/bundle.schema.json`` and ``spec/report.schema.json``, read from the shared
folder when the document is served and put inside it, so a client gets one resolvable
document. Each carries the engine's compatible extensions (``citations.engine.contract``:
sources as files, paragraphs and matches with pages), so a bundle ``POST /api/bundles``
accepts and every report the API gives are ones the document allows.
"""

from typing import Any

from citations.engine.bundle import bundle_schema
from citations.engine.writing.report import report_schema
from citations.models import VerificationState

from .api_list import BUNDLE_ID_MAX_CHARS, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX
from .models import ReviewState, VerdictAction


def _choices(values: list[str]) -> dict[str, Any]:
    return {"type": "string", "enum": list(values)}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any]) -> dict[str, Any]:
    return {"application/json": {"schema": schema}}


def _error(description: str, **headers: dict[str, Any]) -> dict[str, Any]:
    response: dict[str, Any] = {"description": description, "content": _json(_ref("Error"))}
    if headers:
        response["headers"] = headers
    return response


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


def _object(properties: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {
        "type": "object",
        "required": list(properties),
        "properties": properties,
        "additionalProperties": False,
        **extra,
    }


STRING = {"type": "string"}
COUNT = {"type": "integer", "minimum": 0}
DATE_TIME = {"type": "string", "format": "date-time"}
ALLOW = {"description": "The methods the route answers.", "schema": STRING}
REFUSED_METHOD = _error("Another method than the route's", Allow=ALLOW)

# The events webhooks/ sends (its EventType; reviews/ may not import webhooks/, and a test
# holds the two lists alike).
WEBHOOK_EVENTS = ["verification.done", "verification.failed", "review.decided", "quote.verdict"]
NO_TEAM = _error("The token belongs to no team; webhooks are a team's.")

WEBHOOK_ID = {
    "name": "webhook_id",
    "in": "path",
    "required": True,
    "description": "The endpoint's id (`id` in the answers).",
    "schema": {"type": "integer", "minimum": 1, "maximum": 2**63 - 1},
}

GENERATION_ID = {
    "name": "generation_id",
    "in": "path",
    "required": True,
    "description": "The run's id (`id` in the answers).",
    "schema": {"type": "integer", "minimum": 1, "maximum": 2**63 - 1},
}

ASSESSMENT_ID = {
    "name": "assessment_id",
    "in": "path",
    "required": True,
    "description": "The assessment's id (`id` in the answers).",
    "schema": {"type": "integer", "minimum": 1, "maximum": 2**63 - 1},
}

SCHEMAS: dict[str, Any] = {
    "Error": _object(
        {
            "error": _object(
                {
                    "field": {
                        **STRING,
                        "description": "What is wrong: a bundle path such as "
                        "`sources[1].kind`, a query parameter or header; empty for the "
                        "request as a whole.",
                    },
                    "message": {**STRING, "description": "What is wrong with it, in words."},
                }
            )
        },
        description="Every error of the API has this shape.",
    ),
    "AssessmentSummary": _object(
        {
            "id": {"type": "integer", "minimum": 1},
            "bundle_id": {**STRING, "description": "The bundle's `id` as posted."},
            "verification_state": _choices(VerificationState.values),
            "review_state": _choices(ReviewState.values),
            "links": _object(
                {
                    "self": {**STRING, "description": "Its result, this API."},
                    "export": {**STRING, "description": "Its export, this API."},
                    "page": {**STRING, "description": "Its page for reviewers."},
                }
            ),
        },
        # Open: the answers that extend it add their own fields (allOf).
        additionalProperties=True,
    ),
    "Team": _nullable(
        _object(
            {"id": {"type": "integer"}, "name": STRING},
            description="The team whose reviewers see the assessment; null: staff only.",
        )
    ),
    "BundleStored": {
        "allOf": [_ref("AssessmentSummary")],
        "type": "object",
        "required": ["team", "created"],
        "properties": {
            "team": _ref("Team"),
            "created": {"type": "boolean", "description": "False: it was stored before."},
        },
    },
    "Verdict": _nullable(
        _object(
            {
                "action": _choices([VerdictAction.CONFIRM, VerdictAction.OVERRULE]),
                "by": {**STRING, "description": "The reviewer's username."},
                "at": DATE_TIME,
                "comment": STRING,
            },
            description="The reviewer's word on the quote that counts; null: none.",
        )
    ),
    "ReportWithVerdicts": {
        "allOf": [_ref("Report")],
        "description": "The engine's report; each quote has `verdict` beside the engine's "
        "`status`, which it does not change.",
        "properties": {
            "quotes": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["verdict"],
                    "properties": {"verdict": _ref("Verdict")},
                },
            }
        },
    },
    "AssessmentResult": {
        "allOf": [_ref("AssessmentSummary")],
        "type": "object",
        "required": [
            "title",
            "verification_run",
            "verification_error",
            "verified_at",
            "engine",
            "counts",
            "verdicts",
            "report",
        ],
        "properties": {
            "title": STRING,
            "verification_run": COUNT,
            "verification_error": {
                **STRING,
                "description": "Why verification failed, or was not sent to the queue yet.",
            },
            "verified_at": _nullable(DATE_TIME),
            "engine": STRING,
            "counts": _nullable(
                _object(
                    {
                        name: COUNT
                        for name in (
                            "found",
                            "verified",
                            "corrected",
                            "unverified",
                            "ineligible",
                            "dropped",
                            "attention",
                        )
                    },
                    description="Quotes per status; null until verified.",
                )
            ),
            "verdicts": _nullable(
                _object(
                    {"confirmed": COUNT, "overruled": COUNT},
                    description="Quotes with a reviewer's verdict; null until verified.",
                )
            ),
            "report": _nullable(_ref("ReportWithVerdicts")),
        },
    },
    "AssessmentListed": {
        "allOf": [_ref("AssessmentSummary")],
        "type": "object",
        "required": ["title", "created_at", "verified_at", "attention"],
        "properties": {
            "title": STRING,
            "created_at": DATE_TIME,
            "verified_at": _nullable(DATE_TIME),
            "attention": _nullable(
                {**COUNT, "description": "Quotes with attention; null until verified."}
            ),
        },
    },
    "AssessmentList": _object(
        {
            "assessments": {"type": "array", "items": _ref("AssessmentListed")},
            "next_cursor": _nullable(
                {**STRING, "description": "Give it as `cursor` for the next page."}
            ),
            "next": _nullable(
                {**STRING, "description": "The next page with the same filters; null: last."}
            ),
        }
    ),
    "WebhookEndpoint": _object(
        {
            "id": {"type": "integer", "minimum": 1},
            "url": STRING,
            "events": {"type": "array", "items": _choices(WEBHOOK_EVENTS)},
            "description": STRING,
            "created": DATE_TIME,
        },
        description="Where the team's events are posted (the README's *Webhooks*).",
    ),
    "WebhookEndpointCreated": {
        "allOf": [_ref("WebhookEndpoint")],
        "type": "object",
        "required": ["secret"],
        "properties": {"secret": {**STRING, "description": "The signing secret, shown this once."}},
    },
    "WebhookEndpointNew": {
        "type": "object",
        "required": ["url", "events"],
        "additionalProperties": False,
        "properties": {
            "url": {
                **STRING,
                "maxLength": 2000,
                "description": "http(s), resolving to addresses deliveries may go to.",
            },
            "events": {"type": "array", "minItems": 1, "items": _choices(WEBHOOK_EVENTS)},
            "description": {**STRING, "maxLength": 200},
        },
    },
    "SchemaRegistered": _object(
        {
            "id": {"type": "integer", "minimum": 1},
            "name": STRING,
            "version": STRING,
            "created_at": DATE_TIME,
        },
        description="An output schema generation runs may use (the README's *Generation*).",
    ),
    "Generation": _object(
        {
            "id": {"type": "integer", "minimum": 1},
            "status": STRING,
            "failure": STRING,
            "schema": _object({"name": STRING, "version": STRING}),
            "model": STRING,
            "prompt_version": STRING,
            "records": {
                "type": "array",
                "items": _object(
                    {"id": {"type": "integer"}, "kind": STRING, "status": STRING, "errors": COUNT}
                ),
            },
            "answer": {"description": "The model's parsed answer; null before one."},
            "errors": {"type": "array", "description": "The answer's errors, each with its rule."},
            "unmapped": {"type": "array", "description": "Input sentences no evidence maps."},
            "excluded": {"type": "array", "description": "Sentences excluded, with the reason."},
            "values": {"type": "array", "description": "Each value beside its evidence."},
            "questions": {
                "type": "array",
                "items": _object({"field": STRING, "question": STRING, "answer": {}}),
            },
            "assessment": _nullable(
                _object(
                    {
                        "id": {"type": "integer"},
                        "verification_state": _choices(VerificationState.values),
                        "review_state": _choices(ReviewState.values),
                        "links": _object({"self": STRING}),
                    },
                    description="The assessment the answer was handed over as; null: none yet.",
                )
            ),
            "links": _object({"self": STRING}),
        },
        description="A generation run: where it stands and why.",
    ),
}

LIST_PARAMETERS: dict[str, dict[str, Any]] = {
    "verification_state": {
        "description": "Only assessments in this verification state.",
        "schema": _choices(VerificationState.values),
    },
    "review_state": {
        "description": "Only assessments in this review state.",
        "schema": _choices(ReviewState.values),
    },
    "attention": {
        "description": "Only verified assessments with (`true`) or without (`false`) a quote "
        "a reviewer should look at although its status stands.",
        "schema": _choices(["true", "false", "1", "0"]),
    },
    "since": {
        "description": "Only assessments stored at or after this instant (with its offset).",
        "schema": DATE_TIME,
    },
    "bundle_id": {
        "description": "Only the assessment of this bundle id (the team's ids are unique).",
        "schema": {**STRING, "maxLength": BUNDLE_ID_MAX_CHARS},
    },
}

PATHS: dict[str, Any] = {
    "/api/bundles": {
        "post": {
            "operationId": "bundle_create",
            "summary": "Submit a bundle for verification",
            "description": "Stores the bundle for the token's team and queues its "
            "verification. Each post counts against the token's share of the window "
            "(bundles and bytes), whatever it answers.",
            "requestBody": {
                "required": True,
                "content": {
                    **_json(_ref("Bundle")),
                    "multipart/form-data": {
                        "schema": {
                            "type": "object",
                            "required": ["bundle"],
                            "properties": {
                                "bundle": {
                                    **STRING,
                                    "description": "The bundle's JSON; a file source may give "
                                    '`"file": {"media_type": …, "part": "<name>"}` instead of '
                                    "`data`, its bytes in the part of that name.",
                                }
                            },
                            "additionalProperties": {"type": "string", "format": "binary"},
                        }
                    },
                },
            },
            "responses": {
                "201": {
                    "description": "Stored; verification is queued.",
                    "headers": {"Location": {"schema": STRING}},
                    "content": _json(_ref("BundleStored")),
                },
                "200": {
                    "description": "The same bundle was stored before (same id, same team).",
                    "content": _json(_ref("BundleStored")),
                },
                "400": _error("A bad bundle: `field` names where, `message` what."),
                "401": {"$ref": "#/components/responses/Unauthorized"},
                "405": REFUSED_METHOD,
                "409": _error("The team stored another bundle under this id."),
                "413": _error("Larger than `BUNDLE_MAX_BYTES`."),
                "415": _error("Sent as neither JSON nor `multipart/form-data`."),
                "429": _error(
                    "The token's share of this window is used up; nothing stored.",
                    **{
                        "Retry-After": {
                            "description": "Seconds until the window ends.",
                            "schema": {"type": "string", "pattern": "^[0-9]+$"},
                        }
                    },
                ),
            },
        }
    },
    "/api/assessments": {
        "get": {
            "operationId": "assessment_list",
            "summary": "List the team's assessments",
            "description": "The token's team's assessments in the order they were stored, "
            f"{PAGE_SIZE_DEFAULT} a page unless `limit` says. Follow `next` (or give "
            "`next_cursor` as `cursor` with the same filters) for the next page: "
            "assessments stored meanwhile come after those already listed, so no page "
            "repeats or skips one.",
            "parameters": [
                *({"name": name, "in": "query", **spec} for name, spec in LIST_PARAMETERS.items()),
                {
                    "name": "limit",
                    "in": "query",
                    "description": "Assessments per page.",
                    "schema": {
                        "type": "integer",
                        "minimum": 1,
                        "maximum": PAGE_SIZE_MAX,
                        "default": PAGE_SIZE_DEFAULT,
                    },
                },
                {
                    "name": "cursor",
                    "in": "query",
                    "description": "Opaque: the `next_cursor` of the page before.",
                    "schema": STRING,
                },
            ],
            "responses": {
                "200": {"description": "One page.", "content": _json(_ref("AssessmentList"))},
                "400": _error("A bad filter, limit or cursor: `field` names it."),
                "401": {"$ref": "#/components/responses/Unauthorized"},
                "405": REFUSED_METHOD,
            },
        }
    },
    "/api/assessments/{assessment_id}": {
        "get": {
            "operationId": "assessment_result",
            "summary": "An assessment's state, counts and report",
            "parameters": [ASSESSMENT_ID],
            "responses": {
                "200": {
                    "description": "Its state; counts, verdicts and report once verified.",
                    "content": _json(_ref("AssessmentResult")),
                },
                "401": {"$ref": "#/components/responses/Unauthorized"},
                "404": {"$ref": "#/components/responses/NotFound"},
                "405": REFUSED_METHOD,
            },
        }
    },
    "/api/assessments/{assessment_id}/export": {
        "get": {
            "operationId": "assessment_export",
            "summary": "The response with corrections and verdicts applied",
            "parameters": [
                ASSESSMENT_ID,
                {
                    "name": "final",
                    "in": "query",
                    "description": "`1`: only once approved (409 before).",
                    "schema": _choices(["0", "1"]),
                },
            ],
            "responses": {
                "200": {
                    "description": "The response in its own format: markdown, or JSON.",
                    "headers": {
                        "X-Verbatim-Run": {
                            "description": "The verification run it comes from.",
                            "schema": {"type": "string", "pattern": "^[0-9]+$"},
                        },
                        "X-Verbatim-Review-State": {
                            "schema": _choices(ReviewState.values),
                        },
                    },
                    "content": {
                        "text/markdown": {"schema": STRING},
                        "application/json": {"schema": {}},
                    },
                },
                "400": _error("`final` is neither 0 nor 1."),
                "401": {"$ref": "#/components/responses/Unauthorized"},
                "404": {"$ref": "#/components/responses/NotFound"},
                "405": REFUSED_METHOD,
                "409": _error("Not verified yet, or with `final=1` not approved yet."),
            },
        }
    },
    "/api/webhooks": {
        "get": {
            "operationId": "webhook_list",
            "summary": "The team's webhook endpoints",
            "responses": {
                "200": {
                    "description": "Oldest first.",
                    "content": _json(
                        _object({"webhooks": {"type": "array", "items": _ref("WebhookEndpoint")}})
                    ),
                },
                "401": {"$ref": "#/components/responses/Unauthorized"},
                "403": NO_TEAM,
                "405": REFUSED_METHOD,
            },
        },
        "post": {
            "operationId": "webhook_create",
            "summary": "Register a webhook endpoint",
            "description": "The team's events of the kinds named are posted to `url`, "
            "signed with the secret this answer carries once.",
            "requestBody": {"required": True, "content": _json(_ref("WebhookEndpointNew"))},
            "responses": {
                "201": {
                    "description": "Registered.",
                    "headers": {"Location": {"schema": STRING}},
                    "content": _json(_ref("WebhookEndpointCreated")),
                },
                "400": _error("A bad field, named: the URL, its address, the events …"),
                "401": {"$ref": "#/components/responses/Unauthorized"},
                "403": NO_TEAM,
                "405": REFUSED_METHOD,
                "413": _error("Larger than 16 KB."),
                "415": _error("Not sent as `Content-Type: application/json`."),
            },
        },
    },
    "/api/webhooks/{webhook_id}": {
        "get": {
            "operationId": "webhook_read",
            "summary": "One webhook endpoint of the team (no secret)",
            "parameters": [WEBHOOK_ID],
            "responses": {
                "200": {"description": "The endpoint.", "content": _json(_ref("WebhookEndpoint"))},
                "401": {"$ref": "#/components/responses/Unauthorized"},
                "403": NO_TEAM,
                "404": _error("No endpoint of this id that the token's team has."),
                "405": REFUSED_METHOD,
            },
        },
        "delete": {
            "operationId": "webhook_delete",
            "summary": "Remove a webhook endpoint and its deliveries",
            "parameters": [WEBHOOK_ID],
            "responses": {
                "204": {"description": "Removed."},
                "401": {"$ref": "#/components/responses/Unauthorized"},
                "403": NO_TEAM,
                "404": _error("No endpoint of this id that the token's team has."),
                "405": REFUSED_METHOD,
            },
        },
    },
    "/api/schemas": {
        "get": {
            "operationId": "schema_list",
            "summary": "The registered output schemas",
            "responses": {
                "200": {
                    "description": "By name, then as registered.",
                    "content": _json(
                        _object({"schemas": {"type": "array", "items": _ref("SchemaRegistered")}})
                    ),
                },
                "401": {"$ref": "#/components/responses/Unauthorized"},
                "405": REFUSED_METHOD,
            },
        },
        "post": {
            "operationId": "schema_register",
            "summary": "Register an output schema (a definition: JSON Schema and its settings)",
            "requestBody": {"required": True, "content": _json({"type": "object"})},
            "responses": {
                "201": {
                    "description": "Registered.",
                    "content": _json(
                        {
                            "allOf": [_ref("SchemaRegistered")],
                            "properties": {"created": {"type": "boolean"}},
                        }
                    ),
                },
                "200": {
                    "description": "The same definition was registered before.",
                    "content": _json(
                        {
                            "allOf": [_ref("SchemaRegistered")],
                            "properties": {"created": {"type": "boolean"}},
                        }
                    ),
                },
                "400": _error("A bad definition: `field` names the first problem."),
                "401": {"$ref": "#/components/responses/Unauthorized"},
                "405": REFUSED_METHOD,
                "413": _error("Larger than `BUNDLE_MAX_BYTES`."),
                "415": _error("Not sent as `Content-Type: application/json`."),
            },
        },
    },
    "/api/generations": {
        "post": {
            "operationId": "generation_create",
            "summary": "Ask a model for an answer over sources, in a registered schema",
            "requestBody": {
                "required": True,
                "content": _json(
                    {
                        "type": "object",
                        "required": ["schema", "sources"],
                        "additionalProperties": False,
                        "properties": {
                            "sources": {"type": "array", "description": "As a bundle's."},
                            "schema": {**STRING, "description": "A registered schema's name."},
                            "model": STRING,
                            "title": STRING,
                            "id": STRING,
                        },
                    }
                ),
            },
            "responses": {
                "201": {"description": "Queued.", "content": _json(_ref("Generation"))},
                "400": _error("A bad field, named."),
                "401": {"$ref": "#/components/responses/Unauthorized"},
                "405": REFUSED_METHOD,
                "413": _error("Larger than `BUNDLE_MAX_BYTES`."),
                "415": _error("Not sent as `Content-Type: application/json`."),
                "429": _error(
                    "The token's share of this window is used up; nothing stored.",
                    **{"Retry-After": {"schema": {"type": "string", "pattern": "^[0-9]+$"}}},
                ),
            },
        }
    },
    "/api/generations/{generation_id}": {
        "get": {
            "operationId": "generation_read",
            "summary": "A generation run: state, errors, records, the resulting assessment",
            "parameters": [GENERATION_ID],
            "responses": {
                "200": {"description": "The run.", "content": _json(_ref("Generation"))},
                "401": {"$ref": "#/components/responses/Unauthorized"},
                "404": _error("No run of this id that the token may read."),
                "405": REFUSED_METHOD,
            },
        }
    },
    "/api/openapi.json": {
        "get": {
            "operationId": "openapi_document",
            "summary": "This document",
            "security": [],
            "responses": {"200": {"description": "OpenAPI 3.1.", "content": _json({})}},
        }
    },
    "/api/docs": {
        "get": {
            "operationId": "api_docs",
            "summary": "This document as a page to read",
            "security": [],
            "responses": {
                "200": {"description": "HTML.", "content": {"text/html": {"schema": STRING}}}
            },
        }
    },
}

DESCRIPTION = """\
Pipelines submit bundles (the sources one model turn was given and its answer) and read
what Verbatim found: each quote's status, the corrections, the reviewers' verdicts, and the
answer with them applied.

Every route but this document and its page needs `Authorization: Bearer <token>`. Staff make
tokens (`manage.py create_api_token NAME --team TEAM`, or the admin); a token reads and writes
its team's assessments only, another team's answer 404 as if absent. Errors have one shape,
`{"error": {"field": …, "message": …}}`, and a refused request changes nothing."""


def _without_meta(schema: dict[str, Any]) -> dict[str, Any]:
    """A contract as a component: its ``$schema`` is the document's dialect already, and its
    relative ``$id`` would move the base of the document's references inside it."""
    return {key: value for key, value in schema.items() if key not in ("$schema", "$id")}


def openapi_document() -> dict[str, Any]:
    """The API's OpenAPI 3.1 document, with the bundle and report contracts inside."""
    return {
        "openapi": "3.1.0",
        "info": {"title": "Verbatim API", "version": "1", "description": DESCRIPTION},
        "security": [{"token": []}],
        "paths": PATHS,
        "components": {
            "securitySchemes": {
                "token": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "An API token (`vbt_…`), shown once when made.",
                }
            },
            "responses": {
                "Unauthorized": _error(
                    "No valid token.",
                    **{"WWW-Authenticate": {"schema": STRING}},
                ),
                "NotFound": _error("No assessment of this id that the token may read."),
            },
            "schemas": {
                **SCHEMAS,
                "Bundle": _without_meta(bundle_schema()),
                "Report": _without_meta(report_schema()),
            },
        },
    }
