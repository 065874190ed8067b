"""POST/GET/DELETE /api/webhooks: a token's team registers, lists and removes its endpoints;
bad input is a 400 naming the field and stores nothing."""

import json

import pytest

from reviews.models import Team
from reviews.openapi import WEBHOOK_EVENTS
from reviews.tokens import api_token_create
from tests.conftest import row_counts
from webhooks.models import EventType, WebhookEndpoint

from .conftest import endpoint_of

URL = "http://127.0.0.1:9/hooks"


def post(client, data, **extra):
    return client.post(
        "/api/webhooks",
        data=data if isinstance(data, str | bytes) else json.dumps(data),
        content_type="application/json",
        **extra,
    )


def test_a_team_registers_an_endpoint_and_sees_its_secret_once(team_client, team):
    answer = post(team_client, {"url": URL, "events": ["review.decided", "quote.verdict"]})
    assert answer.status_code == 201, answer.json()
    created = answer.json()
    assert created["secret"].startswith("whsec_") and len(created["secret"]) > 40
    assert answer["Location"] == f"/api/webhooks/{created['id']}"
    endpoint = WebhookEndpoint.objects.get()
    assert (endpoint.team, endpoint.url, endpoint.secret) == (team, URL, created["secret"])
    listed = team_client.get("/api/webhooks").json()["webhooks"]
    one = team_client.get(f"/api/webhooks/{created['id']}").json()
    assert listed == [one]
    assert one == {k: v for k, v in created.items() if k != "secret"}
    assert one["events"] == ["review.decided", "quote.verdict"]


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"events": ["review.decided"]}, "url", "give the URL"),
        ({"url": "ftp://x.example/", "events": ["review.decided"]}, "url", "http://"),
        ({"url": "http://10.1.1.1/", "events": ["review.decided"]}, "url", "ssrf.private"),
        ({"url": "http://169.254.169.254/", "events": ["review.decided"]}, "url", "link_local"),
        ({"url": "http://[::1]/", "events": ["review.decided"]}, "url", "ssrf.loopback"),
        ({"url": "http://no-such-host.invalid/", "events": ["review.decided"]}, "url", "resolve"),
        ({"url": "http://127.0.0.1/" + "a" * 2000, "events": ["review.decided"]}, "url", "2000"),
        ({"url": URL}, "events", "one or more"),
        ({"url": URL, "events": []}, "events", "one or more"),
        ({"url": URL, "events": "review.decided"}, "events", "one or more"),
        ({"url": URL, "events": ["review.done"]}, "events", "'review.done' is no event"),
        ({"url": URL, "events": ["quote.verdict"], "description": 7}, "description", "text"),
        ({"url": URL, "events": ["quote.verdict"], "secret": "mine"}, "secret", "not a field"),
        ({"url": URL, "events": ["quote.verdict"], "description": "a\x00b"}, "description", "NUL"),
        ({"url": "http://a\x00b/", "events": ["quote.verdict"]}, "url", "without spaces"),
        ({"url": "http://[::1/", "events": ["quote.verdict"]}, "url", "Invalid IPv6"),
        (
            {"url": "http://127.0.0.1:99999/", "events": ["quote.verdict"]},
            "url",
            "Port out of range",
        ),
        ([URL], "body", "JSON object"),
        ("{not json", "body", "not JSON"),
    ],
)
def test_a_bad_endpoint_is_refused_naming_the_field_and_nothing_is_stored(
    team_client, body, field, message
):
    before = row_counts()
    answer = post(team_client, body)
    assert answer.status_code == 400
    assert answer.json()["error"]["field"] == field
    assert message in answer.json()["error"]["message"]
    assert row_counts() == before


def test_another_teams_endpoint_reads_as_absent_and_cannot_be_deleted(team_client, team):
    other = endpoint_of(Team.objects.create(name="others"), URL)
    own = endpoint_of(team, URL)
    assert team_client.get(f"/api/webhooks/{other.pk}").status_code == 404
    assert team_client.delete(f"/api/webhooks/{other.pk}").status_code == 404
    assert [w["id"] for w in team_client.get("/api/webhooks").json()["webhooks"]] == [own.pk]
    assert team_client.delete(f"/api/webhooks/{own.pk}").status_code == 204
    assert list(WebhookEndpoint.objects.all()) == [other]


def test_a_token_without_a_team_has_no_webhooks(client, db):
    token = api_token_create(name="teamless")[1]
    answer = client.get("/api/webhooks", HTTP_AUTHORIZATION=f"Bearer {token}")
    assert answer.status_code == 403
    assert answer.json()["error"]["field"] == "Authorization"


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("put", "/api/webhooks", 405),
        ("patch", "/api/webhooks/1", 405),
        ("get", "/api/webhooks/999", 404),
    ],
)
def test_other_methods_and_missing_ids_answer_in_the_api_error_shape(
    team_client, method, path, status
):
    answer = getattr(team_client, method)(path)
    assert answer.status_code == status
    assert set(answer.json()["error"]) == {"field", "message"}


def test_without_a_token_or_json_the_api_refuses(client, team_client):
    assert client.get("/api/webhooks", HTTP_AUTHORIZATION="").status_code == 401
    answer = team_client.post("/api/webhooks", data="url=x", content_type="text/plain")
    assert answer.status_code == 415


def test_the_api_document_names_the_events_webhooks_sends_issue_33():
    """Issue 33 item 1: the document describes the webhook routes with the events of
    ``webhooks.models.EventType`` (``reviews/`` may not import ``webhooks/``: one list is
    held to the other here)."""
    assert list(EventType.values) == WEBHOOK_EVENTS
