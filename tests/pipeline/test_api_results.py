"""GET /api/assessments/<id> and /export: state, counts, report, and the corrected response
(003.9), final data only once approved (EV-9)."""

import json

import pytest

from citations.engine import load_bundle, report_to_dict, verify_bundle
from citations.engine.writing.export import export_response
from citations.services import assessment_verify
from reviews.imports import bundle_import
from reviews.models import Assessment, ReviewState, Team
from reviews.services import assessment_approve, assessment_return, assessment_reverify
from reviews.tokens import api_token_create

from .conftest import import_scenario, scenario

pytestmark = pytest.mark.django_db

MARKDOWN = "procurement_review"
JSON = "adr_source_binding"


def direct_export(name: str) -> str:
    bundle = load_bundle(scenario(name))
    return export_response(bundle, verify_bundle(bundle))


def verified(name: str, *, bundle_id: str | None = None) -> Assessment:
    assessment = import_scenario(name, bundle_id=bundle_id, enqueue=False)
    assessment_verify(assessment_id=assessment.pk)
    assessment.refresh_from_db()
    return assessment


def test_result_gives_state_counts_and_report_adr_4(api_client):
    """ADR-4, 003.4: the pipeline polls state and reads counts and the stored report."""
    pending = import_scenario(MARKDOWN, enqueue=False)
    body = api_client.get(f"/api/assessments/{pending.pk}").json()
    assert body["verification_state"] == "pending"
    assert body["counts"] is None and body["report"] is None
    assessment_verify(assessment_id=pending.pk)
    body = api_client.get(f"/api/assessments/{pending.pk}").json()
    report = verify_bundle(load_bundle(scenario(MARKDOWN)))
    assert body["verification_state"] == "done" and body["verification_run"] == 1
    # The engine's report, each quote with no reviewer's verdict yet beside its status.
    engine_report = report_to_dict(report)
    no_verdicts = [{**quote, "verdict": None} for quote in engine_report["quotes"]]
    assert body["report"] == {**engine_report, "quotes": no_verdicts}
    statuses = [r.status.value for r in report.results]
    assert body["counts"] == {
        "found": len(statuses),
        "verified": statuses.count("verified"),
        "corrected": statuses.count("corrected"),
        "unverified": statuses.count("unverified"),
        "ineligible": statuses.count("ineligible"),
        "dropped": 0,
        "attention": sum(1 for r in report.results if r.attention),
    }
    assert body["counts"]["attention"] == 2  # the scenario's partial quotes: shown, not refused
    assert body["links"]["export"] == f"/api/assessments/{pending.pk}/export"


@pytest.mark.parametrize(
    ("name", "content_type"), [(MARKDOWN, "text/markdown"), (JSON, "application/json")]
)
def test_export_is_the_response_with_the_stored_corrections_applied_003_9(
    api_client, name, content_type
):
    """003.9: the export built from the stored result equals the engine's own export."""
    assessment = verified(name)
    assert assessment.verification.quotes_corrected > 0, "the scenario must exercise corrections"
    response = api_client.get(f"/api/assessments/{assessment.pk}/export")
    assert response.status_code == 200
    assert response["Content-Type"].startswith(content_type)
    assert response.content.decode() == direct_export(name)
    assert response["X-Verbatim-Run"] == "1"


def test_export_with_drop_removes_the_dropped_quotes_003_9(api_client):
    """003.9, 012.2: statuses listed under drop are removed from the stored export too."""
    data = scenario(MARKDOWN, bundle_id="with-drop")
    data["drop"] = ["ineligible", "unverified"]
    assessment = bundle_import(raw=data, enqueue_verification=False).assessment
    assessment_verify(assessment_id=assessment.pk)
    response = api_client.get(f"/api/assessments/{assessment.pk}/export")
    bundle = load_bundle(data)
    assert response.content.decode() == export_response(bundle, verify_bundle(bundle))
    assert response.content.decode() != direct_export(MARKDOWN)


def test_export_waits_for_verification_003_9(api_client):
    """003.9: 409 (not a half result) while verification is pending or running again."""
    assessment = import_scenario(MARKDOWN, enqueue=False)
    response = api_client.get(f"/api/assessments/{assessment.pk}/export")
    assert response.status_code == 409
    assert "pending" in response.json()["error"]["message"]
    assessment_verify(assessment_id=assessment.pk)
    assessment_reverify(assessment_id=assessment.pk)
    assert api_client.get(f"/api/assessments/{assessment.pk}/export").status_code == 409


def test_final_export_only_once_approved_ev_9(api_client):
    """EV-9: a consumer of final data gets nothing until a person approved the result."""
    assessment = verified(MARKDOWN)
    refused = api_client.get(f"/api/assessments/{assessment.pk}/export?final=1")
    assert refused.status_code == 409
    assert refused.json()["error"] == {
        "field": "final",
        "message": "review is pending; only approved results are exported as final",
    }
    Assessment.objects.filter(pk=assessment.pk).update(review_state=ReviewState.APPROVED)
    final = api_client.get(f"/api/assessments/{assessment.pk}/export?final=1")
    assert final.status_code == 200
    assert final.content.decode() == direct_export(MARKDOWN)
    assert final["X-Verbatim-Review-State"] == "approved"


def test_a_returned_assessment_gives_the_pipeline_its_state_and_comment(
    api_client, django_user_model
):
    """Issue 31, item 5: "returned" goes back to the pipeline's view, with what to change;
    a later decision replaces it (VB-7: who and when)."""
    assessment = verified(MARKDOWN)
    rita = django_user_model.objects.create_user("rita", is_staff=True)
    assert api_client.get(f"/api/assessments/{assessment.pk}").json()["review"] is None
    assessment_return(
        assessment=assessment, reviewer=rita, comment="Quote 10 is invented: cite <A1 ¶5>."
    )
    body = api_client.get(f"/api/assessments/{assessment.pk}").json()
    assert body["review_state"] == "returned"
    decided_at = assessment.decisions.get().created_at.isoformat()
    assert body["review"] == {
        "state": "returned",
        "comment": "Quote 10 is invented: cite <A1 ¶5>.",
        "by": "rita",
        "at": decided_at,
    }
    assessment_approve(assessment=assessment, reviewer=rita, confirm_unverified=True)
    review = api_client.get(f"/api/assessments/{assessment.pk}").json()["review"]
    assert review["state"] == "approved" and review["comment"] == ""


def test_bad_requests_get_clear_errors(api_client, client):
    """VB-3: unknown id 404, bad parameter 400, wrong method 405, no token 401 — as JSON."""
    assessment = verified(MARKDOWN)
    missing = api_client.get("/api/assessments/999999")
    assert missing.status_code == 404 and missing.json()["error"]["field"] == "id"
    bad = api_client.get(f"/api/assessments/{assessment.pk}/export?final=yes")
    assert bad.status_code == 400 and bad.json()["error"]["field"] == "final"
    post = api_client.post(f"/api/assessments/{assessment.pk}")
    assert post.status_code == 405
    del client.defaults["HTTP_AUTHORIZATION"]
    anonymous = client.get(f"/api/assessments/{assessment.pk}/export")
    assert anonymous.status_code == 401
    assert json.loads(anonymous.content)["error"]["field"] == "Authorization"


def test_a_token_reads_only_its_teams_results(client):
    """Issue 13: any token read every team's assessments, their reports and exports. A team's
    token reads its team's; a token without a team those without one; the others read as
    absent (404), so a token learns nothing of them."""
    teams = {name: Team.objects.create(name=name) for name in ("legal", "procurement")}
    tokens = {name: api_token_create(name=name, team=team)[1] for name, team in teams.items()}
    tokens["none"] = api_token_create(name="teamless")[1]
    owned = {}
    for name in ("legal", "procurement", "none"):
        assessment = verified(MARKDOWN, bundle_id=f"owned-by-{name}")
        Assessment.objects.filter(pk=assessment.pk).update(team=teams.get(name))
        owned[name] = assessment.pk
    for reader, token in tokens.items():
        for owner, pk in owned.items():
            headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
            result = client.get(f"/api/assessments/{pk}", **headers)
            export = client.get(f"/api/assessments/{pk}/export", **headers)
            expected = 200 if reader == owner else 404
            assert (result.status_code, export.status_code) == (expected, expected), (reader, owner)
            if expected == 404:
                assert result.json()["error"]["field"] == "id"
                assert "report" not in result.json() and owner not in export.content.decode()
