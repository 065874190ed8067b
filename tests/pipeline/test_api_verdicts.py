"""Verdicts applied by the API and the export (issue 31, item 1), on results the real engine
stored: an overruled quote dropped or flagged as the bundle's ``drop`` says, a confirmed hint
exported as the correction, a confirmed attention no longer dropped; the report keeps the
engine's status with the verdict beside it."""

import pytest

from citations.engine import VerificationStatus
from citations.engine.verify import corrected_text
from citations.engine.writing.export import markdown_flag
from citations.models import Correction, Quote
from citations.results import stored_match
from citations.services import assessment_verify
from reviews import services, verdicts
from reviews.imports import bundle_import
from reviews.models import Assessment, Team
from reviews.tokens import api_token_create
from tests.reviews.review_data import user

from .conftest import scenario

pytestmark = pytest.mark.django_db

FLAG = markdown_flag(VerificationStatus.UNVERIFIED)
# Procurement quotes as this engine decides them: 2 verified (inline); 4 verified with
# attention (a condition left out); 10 unverified with a hint (A1 ¶5).
VERIFIED = "Renewals that change the price by more than 5% are treated as new contracts"
WITH_ATTENTION = "the four-hour emergency response time"
HINTED = "The contractor's liability shall never exceed the fees paid in the last month."


@pytest.fixture
def team():
    return Team.objects.create(name="procurement")


@pytest.fixture
def rita(team):
    return user("rita", teams=(team,))


@pytest.fixture
def team_client(client, team):
    client.defaults["HTTP_AUTHORIZATION"] = f"Bearer {api_token_create(name='p', team=team)[1]}"
    return client


def verified(team, *, drop: list[str] | None = None) -> Assessment:
    data = scenario("procurement_review", bundle_id=f"verdicts-{'-'.join(drop or ['none'])}")
    if drop is not None:
        data["drop"] = drop
    assessment = bundle_import(raw=data, team=team, enqueue_verification=False).assessment
    assessment_verify(assessment_id=assessment.pk)
    assessment.refresh_from_db()
    return assessment


def give(assessment, reviewer, n: int, action: str, comment: str = "") -> None:
    verdicts.quote_verdict_give(
        assessment=assessment,
        quote=Quote.objects.get(assessment=assessment.verification, n=n),
        reviewer=reviewer,
        action=action,
        comment=comment,
    )


def export(client, assessment, query: str = "") -> str:
    response = client.get(f"/api/assessments/{assessment.pk}/export{query}")
    assert response.status_code == 200, response.content
    return response.content.decode()


def test_the_scenario_holds_what_these_tests_need(team):
    quotes = {q.n: q for q in Quote.objects.filter(assessment=verified(team).verification)}
    assert (quotes[2].text, quotes[2].status, quotes[2].attention) == (VERIFIED, "verified", [])
    assert (quotes[4].text, quotes[4].status) == (WITH_ATTENTION, "verified")
    assert quotes[4].attention
    assert (quotes[10].text, quotes[10].status) == (HINTED, "unverified")
    assert quotes[10].match_source is not None


@pytest.mark.parametrize(
    ("drop", "flagged", "kept"),
    [([], True, True), (["unverified"], False, False), (["ineligible"], True, True)],
)
def test_an_overruled_quote_is_dropped_or_flagged_as_drop_says_issue_31_1(
    team_client, team, rita, drop, flagged, kept
):
    """Issue 31 item 1: overruled, a verified quote is exported as a misquote: removed when
    the bundle drops unverified quotes, else flagged; before the verdict it stood as written."""
    assessment = verified(team, drop=drop)
    before = export(team_client, assessment)
    assert f'"{VERIFIED}" [D1 ¶2]' in before
    give(assessment, rita, 2, "overrule", comment="the policy was replaced")
    after = export(team_client, assessment)
    assert (f'"{VERIFIED}" [D1 ¶2] {FLAG}' in after) is flagged
    assert (VERIFIED in after) is kept
    # Cleared, the engine's status counts again.
    give(assessment, rita, 2, "clear")
    assert export(team_client, assessment) == before


def test_a_confirmed_hint_is_exported_as_the_correction_by_that_reviewer_issue_31_1(
    team_client, team, rita
):
    """Issue 31 item 1: confirming an unverified quote's hint exports the source's wording
    in its place (no flag), and the audit records the correction by the reviewer."""
    assessment = verified(team)
    quote = Quote.objects.select_related("match_source").get(
        assessment=assessment.verification, n=10
    )
    hint = corrected_text(stored_match(quote))
    before = export(team_client, assessment)
    assert f'"{HINTED}" [A1 ¶5] {FLAG}' in before
    give(assessment, rita, 10, "confirm")
    after = export(team_client, assessment)
    assert HINTED not in after
    assert f'The agreement caps liability: "{hint}" [A1 ¶5]\n' in after  # no flag
    audit = Correction.objects.filter(quote=quote)
    assert [(c.field, c.old_value, c.new_value, c.actor) for c in audit] == [
        ("text", HINTED, hint, "rita")
    ]


def test_a_confirmed_attention_is_no_longer_dropped_issue_31_1(team_client, team, rita):
    """Issue 31 item 1: a bundle that drops quotes with attention keeps one whose attention
    a reviewer checked and confirmed."""
    assessment = verified(team, drop=["attention"])
    assert WITH_ATTENTION not in export(team_client, assessment)
    give(assessment, rita, 4, "confirm")
    assert f"“{WITH_ATTENTION}” [E1 ¶3]" in export(team_client, assessment)


def test_the_report_shows_each_verdict_beside_the_engines_status_issue_31_1(
    team_client, team, rita
):
    """Issue 31 item 1: GET /api/assessments/<id> adds ``verdict`` {action, by, at, comment}
    next to each quote's ``status`` (None without one) and counts them; the status and the
    rest of the report stay the engine's."""
    assessment = verified(team)
    plain = team_client.get(f"/api/assessments/{assessment.pk}").json()
    assert all(q["verdict"] is None for q in plain["report"]["quotes"])
    assert plain["verdicts"] == {"confirmed": 0, "overruled": 0}
    give(assessment, rita, 2, "overrule", comment="replaced policy")
    give(assessment, rita, 10, "confirm")
    body = team_client.get(f"/api/assessments/{assessment.pk}").json()
    quotes = {q["n"]: q for q in body["report"]["quotes"]}
    assert quotes[2]["status"] == "verified" and quotes[10]["status"] == "unverified"
    assert {k: v for k, v in quotes[2]["verdict"].items() if k != "at"} == {
        "action": "overrule",
        "by": "rita",
        "comment": "replaced policy",
    }
    assert quotes[2]["verdict"]["at"].startswith(str(assessment.verification.created_at.year))
    assert quotes[10]["verdict"]["action"] == "confirm"
    assert body["verdicts"] == {"confirmed": 1, "overruled": 1}
    assert body["counts"] == plain["counts"]  # the engine's counts
    without = [{k: v for k, v in q.items() if k != "verdict"} for q in body["report"]["quotes"]]
    assert without == [
        {k: v for k, v in q.items() if k != "verdict"} for q in plain["report"]["quotes"]
    ]


def test_the_final_export_applies_the_verdicts_given_before_approval_issue_31_1(
    team_client, team, rita
):
    """Issue 31 item 1: verdicts given, the assessment approved, the final export has them."""
    assessment = verified(team)
    give(assessment, rita, 2, "overrule")
    services.assessment_approve(assessment=assessment, reviewer=rita, confirm_unverified=True)
    final = export(team_client, assessment, "?final=1")
    assert f'"{VERIFIED}" [D1 ¶2] {FLAG}' in final
