"""GET /api/assessments (issue 33): the token's team's assessments, filtered, in pages that
follow an opaque cursor; a bad filter is a 400 naming it."""

import itertools
from datetime import timedelta
from urllib.parse import urlencode

import pytest
from django.test import Client
from django.utils import timezone

from reviews.imports import bundle_import
from reviews.models import Assessment, Team
from reviews.tokens import api_token_create
from tests.factories import assessment_update, bundle_data

pytestmark = pytest.mark.django_db

URL = "/api/assessments"
TOKEN_NUMBERS = itertools.count()


def stored(bundle_id: str, team: Team | None, **fields) -> Assessment:
    assessment = bundle_import(
        raw=bundle_data(id=bundle_id), team=team, enqueue_verification=False
    ).assessment
    if fields:
        assessment_update(assessment.pk, **fields)
    return assessment


def client_of(team: Team | None) -> Client:
    token = api_token_create(name=f"pipeline {next(TOKEN_NUMBERS)}", team=team)[1]
    return Client(HTTP_AUTHORIZATION=f"Bearer {token}")


def listed_ids(client: Client, **params) -> list[str]:
    response = client.get(URL, params)
    assert response.status_code == 200, response.content
    return [row["bundle_id"] for row in response.json()["assessments"]]


@pytest.fixture
def teams() -> tuple[Team, Team]:
    return Team.objects.create(name="legal"), Team.objects.create(name="sales")


def test_a_token_lists_only_its_teams_assessments(teams):
    legal, sales = teams
    stored("legal-1", legal)
    stored("sales-1", sales)
    stored("nobody-1", None)
    stored("legal-2", legal)
    assert listed_ids(client_of(legal)) == ["legal-1", "legal-2"]
    assert listed_ids(client_of(sales)) == ["sales-1"]
    # A token without a team reads the assessments without one, as it does one by one.
    assert listed_ids(client_of(None)) == ["nobody-1"]
    # Another team's bundle id finds nothing, as if absent.
    assert listed_ids(client_of(sales), bundle_id="legal-1") == []


def test_a_listed_assessment_has_its_summary_and_links(teams):
    legal, _ = teams
    assessment = stored("legal-1", legal, verification_state="done", quotes_attention=2)
    [row] = client_of(legal).get(URL).json()["assessments"]
    assert row == {
        "id": assessment.pk,
        "bundle_id": "legal-1",
        "verification_state": "done",
        "review_state": "pending",
        "links": {
            "self": f"/api/assessments/{assessment.pk}",
            "export": f"/api/assessments/{assessment.pk}/export",
            "page": f"/assessments/{assessment.pk}/",
        },
        "title": "A minimal bundle",
        "created_at": assessment.verification.created_at.isoformat(),
        "verified_at": None,
        "attention": 2,
    }


def test_filters_narrow_the_list(teams):
    legal, _ = teams
    stored("pending", legal)
    stored("failed", legal, verification_state="failed")
    stored("calm", legal, verification_state="done", quotes_attention=0)
    stored("flagged", legal, verification_state="done", quotes_attention=3)
    stored("approved", legal, verification_state="done", review_state="approved")
    stored("old", legal, created_at=timezone.now() - timedelta(days=30))
    client = client_of(legal)
    assert listed_ids(client, verification_state="failed") == ["failed"]
    assert listed_ids(client, review_state="approved") == ["approved"]
    assert listed_ids(client, attention="true") == ["flagged"]
    # Only a verified assessment's count says it has none.
    assert listed_ids(client, attention="0") == ["calm", "approved"]
    assert listed_ids(client, verification_state="pending", attention="false") == []
    since = (timezone.now() - timedelta(days=1)).isoformat()
    assert "old" not in listed_ids(client, since=since)
    assert listed_ids(client, since="2000-01-01T00:00:00Z")[-1] == "old"
    assert listed_ids(client, bundle_id="calm") == ["calm"]
    assert listed_ids(client, verification_state="done", review_state="pending") == [
        "calm",
        "flagged",
    ]


@pytest.mark.parametrize(
    ("since", "listed"),
    [
        ("2000-01-01T00:00:00Z", True),
        ("2000-01-01t00:00:00z", True),  # RFC 3339 allows lower case
        ("1999-12-31T23:59:60Z", True),  # and a leap second
        ("2000-01-01T00:00:00.123456789+01:00", True),
        ("0001-01-01T00:00:00+05:00", True),  # before year 1 in UTC: before everything
        ("9999-12-31T23:59:59-05:00", False),  # after year 9999 in UTC: after everything
        ("2999-01-01T00:00:00Z", False),
    ],
)
def test_since_reads_every_rfc_3339_date_time(teams, since, listed):
    stored("legal-1", teams[0])
    assert listed_ids(client_of(teams[0]), since=since) == (["legal-1"] if listed else [])


@pytest.mark.parametrize(
    ("params", "field", "message"),
    [
        ({"verification_state": "finished"}, "verification_state", "must be one of pending"),
        ({"review_state": "APPROVED"}, "review_state", "must be one of pending"),
        ({"attention": "yes"}, "attention", "must be true or false"),
        ({"since": "yesterday"}, "since", "ISO 8601"),
        ({"since": "2026-12-01T00:00:00"}, "since", "with its offset"),
        ({"bundle_id": "a\x00b"}, "bundle_id", "NUL"),
        ({"bundle_id": "x" * 201}, "bundle_id", "at most 200 characters"),
        ({"limit": "0"}, "limit", "from 1 to 200"),
        ({"limit": "201"}, "limit", "from 1 to 200"),
        ({"limit": "²"}, "limit", "whole number"),
        ({"cursor": "1"}, "cursor", "not a cursor this API gave"),
        ({"state": "done"}, "state", "is not a filter"),
    ],
)
def test_a_bad_filter_is_a_400_naming_it(teams, params, field, message):
    response = client_of(teams[0]).get(URL, params)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"] == field and message in error["message"]


def test_a_tampered_cursor_is_refused(teams):
    legal, _ = teams
    for n in range(3):
        stored(f"legal-{n}", legal)
    client = client_of(legal)
    cursor = client.get(URL, {"limit": 1}).json()["next_cursor"]
    forged = cursor.replace(cursor.split(":")[0], "MTAw")  # another id, the same signature
    response = client.get(URL, {"limit": 1, "cursor": forged})
    assert response.status_code == 400 and response.json()["error"]["field"] == "cursor"


def test_pages_follow_the_cursor_with_inserts_in_between(teams, django_assert_max_num_queries):
    """Assessments stored while a client pages through come after those it has seen: no page
    repeats or skips one, another team's inserts never show, and the filters carry over."""
    legal, sales = teams
    for n in range(5):
        stored(f"a{n}", legal)
    stored("s0", sales)
    client = client_of(legal)
    seen: list[str] = []
    link = f"{URL}?{urlencode({'limit': 2, 'review_state': 'pending'})}"
    pages = 0
    while link:
        with django_assert_max_num_queries(3):  # the token, its use, one page
            body = client.get(link).json()
        seen += [row["bundle_id"] for row in body["assessments"]]
        link = body["next"]
        pages += 1
        if pages == 1:
            stored("a5", legal)
            stored("s1", sales)
            stored("a6", legal, review_state="approved")  # filtered out on later pages
        assert pages < 10, "the pages never end"
    assert seen == ["a0", "a1", "a2", "a3", "a4", "a5"]
    assert pages == 3
    assert body["next_cursor"] is None
