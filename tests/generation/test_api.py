"""POST /api/generations and GET /api/generations/<id> (issue 32, item 7): bad input is a
400 naming the field and stores nothing; a run's state, errors, record and assessment."""

from __future__ import annotations

import json

import pytest

from generation.models import Generation
from generation.services import generation_run
from reviews.models import Team
from reviews.tokens import api_token_create
from tests.conftest import row_counts

from .conftest import client_for, dumps
from .fake_llm import Answer

pytestmark = pytest.mark.django_db


@pytest.fixture
def auth(db) -> dict[str, str]:
    _, token = api_token_create(name="pipeline", team=Team.objects.create(name="ops"))
    return {"HTTP_AUTHORIZATION": f"Bearer {token}"}


def post(client, auth, body, **extra):
    data = body if isinstance(body, str) else json.dumps(body)
    return client.post(
        "/api/generations", data, content_type=extra.pop("content_type", "application/json"), **auth
    )


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"sources": [{"id": "D", "kind": "document", "text": "x"}]}, "schema"),
        ({"schema": "task-procedure-v1"}, "sources"),
        ({"schema": "nope", "sources": [{"id": "D", "kind": "document", "text": "x"}]}, "schema"),
        ({"schema": 7, "sources": []}, "schema"),
        ({"schema": "task-procedure-v1", "sources": [], "colour": "red"}, "colour"),
        (
            {"schema": "task-procedure-v1", "sources": [{"id": "D", "kind": "nope"}]},
            "sources[0]",
        ),
        ("[1, 2]", "body"),
        ("{not json", "body"),
    ],
)
def test_bad_input_names_the_field_and_stores_nothing(client, auth, body, field):
    before = row_counts()
    response = post(client, auth, body)
    assert response.status_code == 400, response.content
    assert response.json()["error"]["field"].startswith(field)
    assert row_counts() == before


def test_without_a_token_or_json_nothing_is_started(client, auth):
    assert client.post("/api/generations", "{}", content_type="application/json").status_code == 401
    assert post(client, auth, "{}", content_type="text/plain").status_code == 415
    assert not Generation.objects.exists()


def test_a_run_started_through_the_api_reports_its_state_and_assessment(
    client, auth, sources_data, valid_answer, fake_llm, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as queued:
        response = post(client, auth, {**sources_data, "schema": "task-procedure-v1"})
    assert response.status_code == 201
    assert len(queued) == 1  # its task, once the request commits
    started = response.json()
    assert (started["status"], started["assessment"]) == ("pending", None)
    generation_run(
        generation_id=started["id"], client=client_for(fake_llm([Answer(dumps(valid_answer))]))
    )
    run = client.get(started["links"]["self"], **auth).json()
    assert run["status"] == "accepted" and run["errors"] == []
    assert [r["kind"] for r in run["records"]] == ["initial"]
    assert run["assessment"]["verification_state"] == "pending"
    assert run["answer"] == valid_answer
    assert {row["path"] for row in run["values"]} >= {"participants[0]", "processSteps[3]"}
    assert len(run["excluded"]) == 7 and run["unmapped"] == []
    assert client.get("/api/generations/999999", **auth).status_code == 404
