"""A user's own output schema, end to end (issue 32, item 1): registered through the staff
form and the API (checked first, the problem named), used by a run started through the API,
in its prompt, its validation (its own evidence, question and exclusion fields), the
hand-over of its evidence to verification and the review page; runs record its version."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from citations.models import Quote
from citations.services import assessment_verify
from generation.models import CallKind, Generation, GenerationStatus, RegisteredSchema
from generation.schemas import DefinitionError, schema_from_definition
from generation.services import generation_run
from reviews.models import Team
from reviews.tokens import api_token_create
from tests.conftest import row_counts

from .conftest import client_for
from .fake_llm import Answer

NOTES = (
    "Hello team,\n\n"
    "The budget review meeting was held on 3 March.\n\n"
    "Anna Berg will send the revised budget to the board.\n\n"
    "The board approves budgets above 50,000 euros.\n\n"
    "Best regards,\nTom"
)

MEETING: dict[str, Any] = {
    "name": "meeting-decisions",
    "version": "2026-12",
    "description": "What a meeting decided, who acts, and what it did not settle.",
    "json_schema": {
        "type": "object",
        "additionalProperties": False,
        "required": ["topic", "actions", "limits", "deadline", "citations", "asks", "skipped"],
        "properties": {
            "topic": {"type": ["string", "null"]},
            "actions": {
                "type": "array",
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["who", "task"],
                    "properties": {"who": {"type": "string"}, "task": {"type": "string"}},
                },
            },
            "limits": {"type": "array", "items": {"type": "string"}},
            "deadline": {"type": ["string", "null"]},
            "citations": {
                "type": "array",
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["value", "quote"],
                    "properties": {"value": {"type": "string"}, "quote": {"type": "string"}},
                },
            },
            "asks": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["path", "text"],
                    "properties": {"path": {"type": "string"}, "text": {"type": "string"}},
                },
            },
            "skipped": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["text", "why"],
                    "properties": {"text": {"type": "string"}, "why": {"type": "string"}},
                },
            },
        },
    },
    "evidence": {"path": "$.citations[*]", "field_path": "value", "excerpt": "quote"},
    "questions": {"path": "$.asks[*]", "field_path": "path", "question": "text"},
    "excluded": {
        "path": "$.skipped[*]",
        "excerpt": "text",
        "reason": "why",
        "reasons": ["greeting", "signature"],
    },
    "required": ["topic", "actions", "deadline"],
    "examples": [
        {
            "topic": "Office move",
            "actions": [{"who": "Lee", "task": "book the van"}],
            "limits": [],
            "deadline": None,
            "citations": [{"value": "topic", "quote": "We discussed the office move."}],
            "asks": [{"path": "deadline", "text": "When?"}],
            "skipped": [],
        }
    ],
}

GOOD = {
    "topic": "The budget review meeting",
    "actions": [{"who": "Anna Berg", "task": "send the revised budget to the board"}],
    "limits": ["The board approves budgets above 50,000 euros."],
    "deadline": None,
    "citations": [
        {"value": "topic", "quote": "The budget review meeting was held on 3 March."},
        {"value": "actions[0]", "quote": "Anna Berg will send the revised budget to the board."},
        {"value": "limits[0]", "quote": "The board approves budgets above 50,000 euros."},
    ],
    "asks": [{"path": "deadline", "text": "By when must the revised budget be sent?"}],
    "skipped": [
        {"text": "Hello team,", "why": "greeting"},
        {"text": "Best regards,", "why": "signature"},
    ],
}


def invented_action() -> dict[str, Any]:
    """An actor the notes never name, with a real sentence borrowed as its evidence."""
    bad = copy.deepcopy(GOOD)
    bad["actions"].append({"who": "the CFO", "task": "sign the budget"})
    bad["citations"].append({"value": "actions[1]", "quote": "The board approves budgets"})
    return bad


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.pop("evidence"), "evidence"),
        (lambda d: d["evidence"].update(path="$.citations"), "evidence.path"),
        (lambda d: d["evidence"].update(excerpt="text"), "evidence.excerpt"),
        (lambda d: d["questions"].update(path="$.nowhere[*]"), "questions.path"),
        (lambda d: d["excluded"].update(reasons=[]), "excluded.reasons"),
        (lambda d: d.update(required=["topic", "limitz"]), "required[1]"),
        (lambda d: d.update(required=["limits"]), "required"),  # a list may be empty: fine
        (lambda d: d["json_schema"].update(type="array"), "json_schema"),
        (lambda d: d["json_schema"].update(required=7), "json_schema.required"),
        (lambda d: d.update(version="two words"), "version"),
        (lambda d: d.update(coverage={"max_unmapped_share": 2}), "coverage.max_unmapped_share"),
        (lambda d: d["examples"][0].pop("topic"), "examples[0]"),
        (
            lambda d: d.update(references=[{"from": "$.actions[*].who", "to": "$.x[*].y"}]),
            "references[0].to",
        ),
        (lambda d: d.update(colour="blue"), "colour"),
    ],
)
def test_a_definition_is_checked_and_the_problem_named(change, field):
    definition = copy.deepcopy(MEETING)
    change(definition)
    if field == "required":  # the control case: an empty list is a list's empty value
        assert schema_from_definition(definition).required_values == ("limits",)
        return
    with pytest.raises(DefinitionError) as raised:
        schema_from_definition(definition)
    assert raised.value.field == field


@pytest.fixture
def staff_client(client, db):
    client.force_login(get_user_model().objects.create_user("sam", password="pw", is_staff=True))
    return client


@pytest.mark.django_db
def test_staff_register_a_schema_on_the_form_and_a_bad_one_changes_nothing(staff_client):
    url = reverse("generation:schema_list")
    broken = {**MEETING, "evidence": {**MEETING["evidence"], "excerpt": "nope"}}
    before = row_counts()
    response = staff_client.post(url, {"definition": json.dumps(broken)})
    assert response.status_code == 400
    assert (
        "evidence.excerpt: the items have no property &#x27;nope&#x27;" in response.content.decode()
    )
    assert row_counts() == before
    response = staff_client.post(url, {"definition": json.dumps(MEETING)})
    assert response.status_code == 302
    row = RegisteredSchema.objects.get(name="meeting-decisions")
    assert (row.version, row.created_by.username) == ("2026-12", "sam")
    page = staff_client.get(url).content.decode()
    assert "meeting-decisions" in page and "task-procedure-v1" in page
    new_page = staff_client.get(reverse("generation:generation_new")).content.decode()
    assert '<option value="meeting-decisions">' in new_page


@pytest.mark.django_db
def test_a_registered_schema_end_to_end_through_the_api(client, staff_client, fake_llm):
    team = Team.objects.create(name="finance")
    _, token = api_token_create(name="finance pipeline", team=team)
    auth = {"HTTP_AUTHORIZATION": f"Bearer {token}"}

    def post(path: str, body: Any):
        return client.post(path, json.dumps(body), content_type="application/json", **auth)

    refused = post("/api/schemas", {**MEETING, "required": ["deadlines"]})
    assert refused.status_code == 400
    assert refused.json()["error"]["field"] == "required[0]"
    registered = post("/api/schemas", MEETING)
    assert registered.status_code == 201 and registered.json()["version"] == "2026-12"
    assert post("/api/schemas", MEETING).status_code == 200  # the same again: nothing new

    started = post(
        "/api/generations",
        {
            "title": "Budget meeting",
            "schema": "meeting-decisions",
            "sources": [{"id": "NOTES", "kind": "email_body", "text": NOTES}],
        },
    )
    assert started.status_code == 201, started.content
    run = started.json()
    assert (run["status"], run["schema"]) == (
        "pending",
        {"name": "meeting-decisions", "version": "2026-12"},
    )

    fake = fake_llm([Answer(json.dumps(invented_action())), Answer(json.dumps(GOOD))])
    generation = generation_run(generation_id=run["id"], client=client_for(fake))
    assert isinstance(generation, Generation)
    assert generation.status == GenerationStatus.REPAIRED

    # the prompt: this schema's keys, reasons and example
    system = fake.requests[0]["messages"][0]["content"]
    assert 'copy each "quote" verbatim' in system and '"greeting", "signature"' in system
    assert "(topic, actions, deadline)" in system and "Example answer 1" in system
    assert "JSON Schema (meeting-decisions v2026-12)" in system
    # validation in its own terms: the invented actor, caught and repaired once
    first = generation.records.get(kind=CallKind.INITIAL)
    assert ("$.actions[1]", "evidence.unsupported") in [
        (e["path"], e["rule"]) for e in first.errors
    ]
    assert "evidence.unsupported" in fake.requests[1]["messages"][-1]["content"]
    repaired = generation.records.get(kind=CallKind.REPAIR)
    assert (repaired.schema_name, repaired.schema_version) == ("meeting-decisions", "2026-12")

    # hand-over: its citations are the quotes verification checks
    assessment = generation.assessment
    assert assessment.verification.meta["schema_version"] == "2026-12"
    assessment_verify(assessment_id=assessment.pk)
    quotes = Quote.objects.filter(assessment=assessment.verification).order_by("n")
    assert [q.status for q in quotes] == ["verified"] * 3

    detail = client.get(f"/api/generations/{generation.pk}", **auth).json()
    assert detail["status"] == "repaired" and detail["assessment"]["id"] == assessment.pk
    assert [q["field"] for q in detail["questions"]] == ["deadline"]
    assert [row["text"] for row in detail["excluded"]] == ["Hello team,", "Best regards,"]
    assert [row["text"] for row in detail["unmapped"]] == ["Tom"]  # no statement: no error

    page = staff_client.get(reverse("generation:generation_detail", args=[generation.pk]))
    html = page.content.decode()
    assert "<code>actions[0]</code>" in html
    assert "<mark>Anna Berg will send the revised budget to the board.</mark>" in html
    assert "Schema meeting-decisions v2026-12" in html

    other_team = api_token_create(name="other", team=Team.objects.create(name="x"))[1]
    hidden = client.get(
        f"/api/generations/{generation.pk}", HTTP_AUTHORIZATION=f"Bearer {other_team}"
    )
    assert hidden.status_code == 404
