"""Every API route fuzzed from its description (issue 33): schemathesis draws requests from
``reviews.openapi`` (valid and invalid ones) and sends them over HTTP to the live server on the
test PostgreSQL with a real token. No answer is a 5xx, every answer conforms to the document
(status, headers, content type, body schema), and a refused request leaves every table's row
count as it was. Bounded by ``FUZZ_SETTINGS`` so it adds seconds, not minutes."""

import pytest
import schemathesis
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from citations.services import assessment_verify
from reviews.models import Team
from reviews.openapi import openapi_document
from reviews.tokens import api_token_create
from reviews.verdicts import quote_verdict_give
from tests.conftest import row_counts
from tests.reviews.review_data import user

from .conftest import import_scenario

FUZZ_SETTINGS = hypothesis_settings(
    max_examples=20,
    deadline=None,  # one request's time varies with the machine; the suite bounds the total
    suppress_health_check=list(HealthCheck),
)


# Read when the module is collected (the document needs only settings); the live server's
# address is given to each call.
API_SCHEMA = schemathesis.openapi.from_dict(openapi_document())
# What the auth provider gives when cases are drawn (at collection too), put in place of the
# running test's own token when each is sent: each test has its own database and token.
DRAWN_TOKEN = "token-of-the-running-test"


@API_SCHEMA.auth(refresh_interval=None)
class TeamToken:
    """The token given the way schemathesis knows of: a request it draws without
    `Authorization` on purpose (an invalid one) is not sent with it after all, which would
    make a 200 look like invalid data accepted."""

    def get(self, case, context) -> str:
        return DRAWN_TOKEN

    def set(self, case, data: str, context) -> None:
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {data}"}


@pytest.fixture
def team_token(transactional_db, broker, settings) -> str:
    """A token of a team with a verified assessment, posting without a window's limit (the
    fuzzer posts more bundles than one window allows, and should reach the import)."""
    settings.API_TOKEN_BUNDLES_PER_WINDOW = 100_000
    settings.API_TOKEN_BYTES_PER_WINDOW = 100_000 * settings.BUNDLE_MAX_BYTES
    team = Team.objects.create(name="fuzzers")
    return api_token_create(name="fuzzer", team=team)[1]


# Routes whose bodies the API checks beyond what the document can say.
BEYOND_THE_SCHEMA = ("/api/bundles", "/api/webhooks", "/api/schemas", "/api/generations")


def beyond_the_schema(case) -> list:
    """A request the document allows that the API may still refuse, so the check that it is
    accepted does not apply: a bundle's shape is the schema's, its JSONPaths and limits the
    engine's (400 naming the field); a cursor is any string to the document, only one the API
    signed is read; a webhook's URL must resolve to an address deliveries may go to; an
    output schema's definition is checked on registration, and a generation names one that
    is registered, over sources read as a bundle's."""
    if case.path in BEYOND_THE_SCHEMA or "cursor" in (case.query or {}):
        return [positive_data_acceptance]
    return []


@API_SCHEMA.parametrize()
@FUZZ_SETTINGS
def test_every_route_answers_as_described_and_refusals_change_nothing(
    case, live_server, team_token
):
    before = row_counts()
    if (case.headers or {}).get("Authorization") == f"Bearer {DRAWN_TOKEN}":
        case.headers["Authorization"] = f"Bearer {team_token}"
    response = case.call(base_url=live_server.url, timeout=30)
    case.validate_response(response, excluded_checks=beyond_the_schema(case))
    if response.status_code >= 400:
        assert row_counts() == before, f"{case.method} {case.path} refused, yet rows changed"


@pytest.mark.parametrize(
    ("path", "query", "status"),
    [
        ("/api/assessments/{assessment_id}", {}, 200),
        ("/api/assessments/{assessment_id}/export", {}, 200),
        ("/api/assessments/{assessment_id}/export", {"final": "1"}, 409),
        ("/api/assessments", {}, 200),
        ("/api/assessments", {"attention": "true", "limit": "1"}, 200),
    ],
)
def test_a_verified_assessment_answers_as_described(live_server, team_token, path, query, status):
    """The fuzzer rarely draws the id of a stored assessment, and its team has none: a
    verified one with its report, counts and a reviewer's verdicts, and a pending one, read
    the same way and checked against the same document."""
    team = Team.objects.get(name="fuzzers")
    assessment = import_scenario("procurement_review", enqueue=False)
    assessment.team = team
    assessment.save(update_fields=["team"])
    assessment_verify(assessment_id=assessment.pk)
    reviewer = user("rita", teams=(team,))
    for engine_status, action in (("corrected", "confirm"), ("verified", "overrule")):
        quote = assessment.verification.quotes.filter(status=engine_status).order_by("n").first()
        quote_verdict_give(assessment=assessment, quote=quote, reviewer=reviewer, action=action)
    pending = import_scenario("adr_source_binding", enqueue=False)  # listed unverified
    pending.team = team
    pending.save(update_fields=["team"])
    case = API_SCHEMA[path]["GET"].Case(
        path_parameters={"assessment_id": assessment.pk} if "{" in path else {}, query=query
    )
    response = case.call(
        base_url=live_server.url, headers={"Authorization": f"Bearer {team_token}"}
    )
    case.validate_response(response)
    assert response.status_code == status
