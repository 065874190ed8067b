"""demo_setup: the demo's bundles, logins and API token, safe to run again (VB-4)."""

import json
import re
import shlex
from pathlib import Path

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import CommandError, call_command

from citations.services import assessment_verify
from reviews.imports import bundle_import
from reviews.management.commands.demo_setup import demo_files_bundle
from reviews.models import ApiToken, Assessment, Team
from reviews.selectors import assessments_for_reviewer
from tests.factories import SCENARIOS

DEMO_BUNDLES = len(SCENARIOS) + 1  # and the one whose sources are files


def run_demo_setup(capsys) -> str:
    call_command("demo_setup", "--url", "http://127.0.0.1:8123")
    return capsys.readouterr().out


def logins(out: str) -> dict[str, str]:
    return dict(re.findall(r"user '(\w+)'  password '([^']+)'", out))


def curl_request(out: str) -> tuple[str, dict[str, str], Path]:
    """The URL, headers and file of the printed curl line."""
    words = shlex.split(next(line for line in out.splitlines() if line.strip().startswith("curl")))
    assert words[:4] == ["curl", "-sS", "-X", "POST"]
    headers = dict(words[i + 1].split(": ", 1) for i, word in enumerate(words) if word == "-H")
    return words[4], headers, Path(words[words.index("--data-binary") + 1].removeprefix("@"))


@pytest.mark.django_db
def test_demo_setup_twice_imports_once_and_prints_working_logins_vb_4(settings, capsys):
    settings.DEBUG = True
    run_demo_setup(capsys)
    printed = logins(run_demo_setup(capsys))
    assert Assessment.objects.count() == DEMO_BUNDLES
    reviewer = authenticate(username="reviewer", password=printed["reviewer"])
    admin = authenticate(username="admin", password=printed["admin"])
    assert reviewer is not None and not reviewer.is_staff
    assert admin is not None and admin.is_superuser
    assert assessments_for_reviewer(reviewer=reviewer).count() == DEMO_BUNDLES


@pytest.mark.django_db
def test_demo_curl_line_posts_a_scenario_bundle_that_opens_for_the_demo_reviewer(
    settings, capsys, client
):
    settings.DEBUG = True
    url, headers, bundle = curl_request(run_demo_setup(capsys))
    assert url == "http://127.0.0.1:8123/api/bundles"
    # resolved: ../shared may be a link, which the demo's path has followed
    assert headers["Content-Type"] == "application/json"
    assert bundle.resolve() in {scenario.resolve() for scenario in SCENARIOS}
    auth = {"HTTP_AUTHORIZATION": headers["Authorization"]}
    again = client.post(
        "/api/bundles", bundle.read_bytes(), content_type="application/json", **auth
    )
    assert again.status_code == 200, again.content  # the demo imported it already
    data = json.loads(bundle.read_text()) | {"id": "posted-through-the-api"}
    new = client.post("/api/bundles", json.dumps(data), content_type="application/json", **auth)
    assert new.status_code == 201
    client.force_login(get_user_model().objects.get(username="reviewer"))
    for response in (again, new):
        assert client.get(response.json()["links"]["page"]).status_code == 200


@pytest.mark.django_db
def test_demo_api_token_is_replaced_on_every_run_the_old_one_stops_working(
    settings, capsys, client
):
    """Only a token's digest is stored, so a run can print only a new one."""
    settings.DEBUG = True
    first = curl_request(run_demo_setup(capsys))[1]["Authorization"]
    second = curl_request(run_demo_setup(capsys))[1]["Authorization"]
    assert first != second and ApiToken.objects.count() == 1
    url = f"/api/assessments/{Assessment.objects.first().pk}"
    statuses = [client.get(url, HTTP_AUTHORIZATION=auth).status_code for auth in (first, second)]
    assert statuses == [401, 200]


@pytest.mark.django_db
def test_demo_setup_refuses_to_run_without_debug(settings):
    settings.DEBUG = False
    with pytest.raises(CommandError, match="DEBUG only"):
        call_command("demo_setup")


@pytest.mark.django_db
def test_running_the_demo_again_leaves_other_bundles_in_their_teams(settings, capsys):
    """Issue 31, 8: the demo's bundles are its team's; a bundle without a team (staff only)
    or of another team stays where it is, however often bin/demo runs."""
    settings.DEBUG = True
    data = json.loads(SCENARIOS[0].read_text())
    teamless = bundle_import(raw=data | {"id": "posted-without-a-team"}).assessment
    legal = Team.objects.create(name="legal")
    theirs = bundle_import(raw=data | {"id": "legal-1"}, team=legal).assessment
    run_demo_setup(capsys)
    run_demo_setup(capsys)
    teamless.refresh_from_db()
    theirs.refresh_from_db()
    assert (teamless.team, theirs.team) == (None, legal)
    demo = Assessment.objects.exclude(pk__in=[teamless.pk, theirs.pk])
    assert {a.team.name for a in demo} == {"Demo reviewers"} and demo.count() == DEMO_BUNDLES


@pytest.mark.django_db
def test_the_demo_has_a_pdf_and_an_email_with_an_attachment_issue_34(settings, capsys):
    """Issue 34, "Done when": demo data includes a PDF and an e-mail with an attachment,
    posted as file sources; the worker's reading gives the lease its pages and the e-mail its
    attachment, and each quote comes out as the demo means it to."""
    settings.DEBUG = True
    run_demo_setup(capsys)
    bundle_id = demo_files_bundle()["id"]
    assessment = Assessment.objects.get(
        verification__bundle_id=bundle_id, team__name="Demo reviewers"
    )
    assessment_verify(assessment_id=assessment.pk)
    sources = {s.key: s for s in assessment.verification.turn.sources.all()}
    assert set(sources) == {"L1", "N1", "N1.1"}
    assert sources["N1.1"].kind == "attachment" and sources["N1.1"].parent_id == sources["N1"].pk
    quotes = [
        (q.status, q.reason, q.match_page) for q in assessment.verification.quotes.order_by("n")
    ]
    assert quotes == [
        ("verified", "found_as_cited", 2),
        ("verified", "found_as_cited", 2),  # across a line break of the PDF
        ("corrected", "relocated_page", 3),  # cited as p. 2
        ("verified", "found_as_cited", None),  # the e-mail's body
        ("verified", "found_as_cited", None),  # its attachment
        ("unverified", "not_found", None),  # invented
    ]
