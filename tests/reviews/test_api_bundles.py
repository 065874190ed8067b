"""POST /api/bundles: token-authenticated import; bad input gets a 4xx and changes nothing."""

import io
import json
import urllib.error
import urllib.request

import pytest
from django.core.management import CommandError, call_command
from django.db import transaction
from django.test import Client

from reviews.models import ApiToken, Assessment, Team
from reviews.tokens import api_token_create, api_token_revoke
from tests.conftest import row_counts
from tests.factories import SCENARIOS, bundle_data
from tests.reviews.review_data import user
from tests.reviews.test_imports import EXPECTED_FIELD, HOSTILE

URL = "/api/bundles"


def post(client: Client, body: bytes | str, **extra):
    return client.post(URL, body, content_type="application/json", **extra)


@pytest.mark.django_db
def test_a_new_bundle_is_stored_and_described_201(api_client):
    response = post(api_client, json.dumps(bundle_data()))
    assert response.status_code == 201, response.content
    body = response.json()
    assessment = Assessment.objects.get(verification__bundle_id="minimal-1")
    assert body["id"] == assessment.pk and body["created"] is True
    assert body["bundle_id"] == "minimal-1"
    assert body["verification_state"] in {"pending", "running", "done"}
    assert body["review_state"] == "pending"
    assert body["links"]["self"] == f"/api/assessments/{assessment.pk}"
    assert body["links"]["page"] == f"/assessments/{assessment.pk}/"
    assert response["Location"] == body["links"]["self"]


@pytest.mark.django_db
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_posting_a_scenario_twice_yields_one_assessment_vb_4(api_client, path):
    first = post(api_client, path.read_bytes())
    before = row_counts()
    again = post(api_client, path.read_bytes())
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["id"] == first.json()["id"] and again.json()["created"] is False
    assert row_counts() == before


@pytest.mark.django_db
def test_same_id_with_other_content_is_a_409_and_changes_nothing_vb_4(api_client):
    post(api_client, json.dumps(bundle_data()))
    before = row_counts()
    response = post(api_client, json.dumps(bundle_data(title="changed")))
    assert response.status_code == 409
    assert response.json()["error"]["field"] == "id"
    assert "already submitted" in response.json()["error"]["message"]
    assert row_counts() == before


@pytest.mark.django_db
@pytest.mark.parametrize("name", list(HOSTILE))
def test_bad_bundles_get_a_clear_4xx_and_change_nothing_vb_3(api_client, name):
    before = row_counts()
    response = post(api_client, HOSTILE[name])
    expected = 413 if name == "fifty_mb" else 400
    assert response.status_code == expected, response.content[:300]
    error = response.json()["error"]
    assert error["message"]
    if name in EXPECTED_FIELD:
        assert error["field"] == EXPECTED_FIELD[name]
    assert row_counts() == before


@pytest.mark.django_db
def test_nesting_far_past_the_limit_is_a_400_not_a_crash_vb_3(api_client):
    depth = 200_000
    body = json.dumps(bundle_data()).replace(
        '"meta": {', '"meta": {"x": ' + "[" * depth + "]" * depth + ","
    )
    response = post(api_client, body)
    assert response.status_code == 400
    assert "nested deeper" in response.json()["error"]["message"]


@pytest.mark.django_db
@pytest.mark.parametrize("header", [None, "Bearer", "Bearer wrong", "Token x", "Basic dXNlcg=="])
def test_without_a_valid_token_nothing_is_stored_401(client, header):
    extra = {"HTTP_AUTHORIZATION": header} if header is not None else {}
    response = post(client, json.dumps(bundle_data()), **extra)
    assert response.status_code == 401
    assert response.json()["error"]["field"] == "Authorization"
    assert response["WWW-Authenticate"].startswith("Bearer")
    assert Assessment.objects.count() == 0


@pytest.mark.django_db
def test_a_revoked_token_is_refused_401(client):
    row, token = api_token_create(name="old")
    api_token_revoke(token=row)
    response = post(client, json.dumps(bundle_data()), HTTP_AUTHORIZATION=f"Bearer {token}")
    assert response.status_code == 401


@pytest.mark.django_db
def test_tokens_are_stored_only_as_a_digest_and_record_their_use(client):
    row, token = api_token_create(name="nightly")
    stored = ApiToken.objects.filter(pk=row.pk).values().get()
    assert token not in json.dumps(stored, default=str)
    assert stored["prefix"] == token[:8] and stored["last_used_at"] is None
    post(client, json.dumps(bundle_data()), HTTP_AUTHORIZATION=f"Bearer {token}")
    assert ApiToken.objects.get(pk=row.pk).last_used_at is not None


@pytest.mark.django_db
@pytest.mark.parametrize("method", ["get", "put", "patch", "delete"])
def test_other_methods_are_refused_405(api_client, method):
    response = getattr(api_client, method)(URL)
    assert response.status_code == 405
    assert response["Allow"] == "POST"
    assert Assessment.objects.count() == 0


@pytest.mark.django_db
def test_a_form_body_is_refused_415(api_client):
    response = api_client.post(URL, "id=x", content_type="application/x-www-form-urlencoded")
    assert response.status_code == 415
    assert response.json()["error"]["field"] == "Content-Type"


@pytest.mark.django_db
def test_token_requests_need_no_csrf_token(api_token):
    client = Client(enforce_csrf_checks=True, HTTP_AUTHORIZATION=f"Bearer {api_token}")
    assert post(client, json.dumps(bundle_data())).status_code == 201


@pytest.mark.django_db
def test_create_api_token_prints_a_working_token_once(client, capsys):
    call_command("create_api_token", "ci")
    token = capsys.readouterr().out.strip()
    assert token.startswith("vbt_") and len(token) > 40
    response = post(client, json.dumps(bundle_data()), HTTP_AUTHORIZATION=f"Bearer {token}")
    assert response.status_code == 201


# -- a token's team: bundles posted with it open for that team's reviewers ------------------


@pytest.mark.django_db
def test_a_bundle_posted_with_a_team_token_opens_for_that_teams_reviewers(client):
    team = Team.objects.create(name="procurement")
    reviewer = user("rita", teams=(team,))
    token = api_token_create(name="nightly", team=team)[1]
    response = post(client, json.dumps(bundle_data()), HTTP_AUTHORIZATION=f"Bearer {token}")
    assert response.status_code == 201
    assert Assessment.objects.get(pk=response.json()["id"]).team == team
    # Issue 31, 8: the answer names the team that will see it.
    assert response.json()["team"] == {"id": team.pk, "name": "procurement"}
    client.force_login(reviewer)
    assert client.get(response.json()["links"]["page"]).status_code == 200


@pytest.mark.django_db
def test_a_bundle_posted_with_a_token_without_a_team_opens_for_staff_only(client, api_token):
    response = post(client, json.dumps(bundle_data()), HTTP_AUTHORIZATION=f"Bearer {api_token}")
    page = response.json()["links"]["page"]
    assert Assessment.objects.get(pk=response.json()["id"]).team is None
    assert response.json()["team"] is None  # no team sees it: staff only
    client.force_login(user("rita", teams=(Team.objects.create(name="procurement"),)))
    assert client.get(page).status_code == 404
    client.force_login(user("sam", staff=True))
    assert client.get(page).status_code == 200


@pytest.mark.django_db
def test_posting_a_stored_bundle_again_with_another_teams_token_keeps_its_team(client):
    """Issue 30 item 4: the other team's post is its own bundle; the first keeps its team."""
    first, other = Team.objects.create(name="first"), Team.objects.create(name="other")
    ids = {}
    for name, team in (("a", first), ("b", other)):
        token = api_token_create(name=name, team=team)[1]
        response = post(client, json.dumps(bundle_data()), HTTP_AUTHORIZATION=f"Bearer {token}")
        ids[team] = response.json()["id"]
    assert {team: Assessment.objects.get(pk=pk).team for team, pk in ids.items()} == {
        first: first,
        other: other,
    }


@pytest.mark.django_db
def test_posting_again_names_the_team_the_admin_moved_the_bundle_to(client):
    """Issue 31, 8: the answer names who sees the bundle now, not who posted it."""
    posting, moved_to = Team.objects.create(name="posting"), Team.objects.create(name="legal")
    auth = {"HTTP_AUTHORIZATION": f"Bearer {api_token_create(name='n', team=posting)[1]}"}
    first = post(client, json.dumps(bundle_data()), **auth)
    assert first.json()["team"] == {"id": posting.pk, "name": "posting"}
    Assessment.objects.filter(pk=first.json()["id"]).update(team=moved_to)
    again = post(client, json.dumps(bundle_data()), **auth)
    assert (again.status_code, again.json()["id"]) == (200, first.json()["id"])
    assert again.json()["team"] == {"id": moved_to.pk, "name": "legal"}


# -- issue 30 item 4: bundle ids are the team's --------------------------------------------


def bearer(team: Team | None, name: str) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Bearer {api_token_create(name=name, team=team)[1]}"}


def without_length(response) -> dict[str, str]:
    return {k: v for k, v in response.headers.items() if k != "Content-Length"}


def with_id(content: bytes, old: int, new: int) -> bytes:
    """An answer about assessment ``old`` as it reads about ``new``: its id and links."""
    text = content.decode()
    for before, after in (('"id": {}', '"id": {}'), ("/{}", "/{}"), ("the id {}", "the id {}")):
        text = text.replace(before.format(old), after.format(new))
    return text.encode()


@pytest.mark.django_db
def test_two_teams_use_the_same_bundle_id_independently_issue_30_item_4(client):
    """Each team stores, finds again (200) and conflicts (409) only with its own bundle under
    an id; the other team's bundle under the same id is neither returned nor changed."""
    teams = [Team.objects.create(name=name) for name in ("legal", "procurement")]
    auth = {team: bearer(team, team.name) for team in teams}
    content = {team: json.dumps(bundle_data(title=f"by {team.name}")) for team in teams}
    first = {team: post(client, content[team], **auth[team]) for team in teams}
    assert [first[team].status_code for team in teams] == [201, 201]
    stored = {team: Assessment.objects.get(pk=first[team].json()["id"]) for team in teams}
    assert stored[teams[0]].pk != stored[teams[1]].pk
    for team in teams:
        assert (stored[team].verification.bundle_id, stored[team].team) == ("minimal-1", team)
        assert stored[team].verification.title == f"by {team.name}"
        again = post(client, content[team], **auth[team])
        assert (again.status_code, again.json()["id"]) == (200, stored[team].pk)
        changed = post(client, json.dumps(bundle_data(title="changed")), **auth[team])
        assert changed.status_code == 409 and changed.json()["error"]["field"] == "id"
    assert Assessment.objects.count() == 2


@pytest.mark.django_db
@pytest.mark.parametrize("content", ["same", "other"])
def test_another_teams_bundle_id_answers_as_an_unknown_id_issue_30_item_4(client, content):
    """Team B posting team A's bundle id (with A's content or other) gets the answer of an id
    nobody used, to the byte but for its own new id: never A's assessment, id or states, nor
    a 409 saying A used it. Reading A's assessment answers as an unknown id does too."""
    team_a, team_b = Team.objects.create(name="a"), Team.objects.create(name="b")
    auth_a, auth_b = bearer(team_a, "a"), bearer(team_b, "b")
    body_b = json.dumps(bundle_data() if content == "same" else bundle_data(title="by b"))
    # What B gets for the id while nobody has used it, then undone.
    with pytest.raises(RuntimeError), transaction.atomic():
        unknown = post(client, body_b, **auth_b)
        raise RuntimeError("undo")
    assert unknown.status_code == 201 and not Assessment.objects.exists()

    stored_a = Assessment.objects.get(
        pk=post(client, json.dumps(bundle_data()), **auth_a).json()["id"]
    )
    Assessment.objects.filter(pk=stored_a.pk).update(review_state="approved")
    before = Assessment.objects.values().get(pk=stored_a.pk)
    squatted = post(client, body_b, **auth_b)
    new_id = squatted.json()["id"]
    assert new_id != stored_a.pk
    assert squatted.status_code == unknown.status_code
    assert squatted.content == with_id(unknown.content, unknown.json()["id"], new_id)
    assert squatted["Location"] == f"/api/assessments/{new_id}"
    assert Assessment.objects.values().get(pk=stored_a.pk) == before
    assert Assessment.objects.get(pk=new_id).team == team_b

    nobody = stored_a.pk + new_id + 1000
    for path in ("/api/assessments/{}", "/api/assessments/{}/export"):
        of_a = client.get(path.format(stored_a.pk), **auth_b)
        absent = client.get(path.format(nobody), **auth_b)
        assert (of_a.status_code, absent.status_code) == (404, 404)
        assert of_a.content == with_id(absent.content, nobody, stored_a.pk)
        assert without_length(of_a) == without_length(absent)


@pytest.mark.django_db
def test_a_token_without_a_team_has_bundle_ids_of_its_own_issue_30_item_4(client, tmp_path):
    """Staff-only bundles (tokens without a team, ``import_bundle``) share one owner, apart
    from every team's: the command finds the teamless token's bundle, never the team's."""
    team = Team.objects.create(name="legal")
    by_team = post(client, json.dumps(bundle_data()), **bearer(team, "legal"))
    by_none = post(client, json.dumps(bundle_data(title="staff")), **bearer(None, "teamless"))
    assert (by_team.status_code, by_none.status_code) == (201, 201)
    assert Assessment.objects.get(pk=by_none.json()["id"]).team is None
    path = tmp_path / "bundle.json"
    path.write_text(json.dumps(bundle_data(title="staff")))
    out = io.StringIO()
    call_command("import_bundle", str(path), stdout=out)
    assert f"already imported bundle 'minimal-1' as assessment {by_none.json()['id']}" in (
        out.getvalue()
    )
    path.write_text(json.dumps(bundle_data()))  # the team's content: other content here
    with pytest.raises(CommandError, match="refused"):
        call_command("import_bundle", str(path), stdout=io.StringIO(), stderr=io.StringIO())
    assert Assessment.objects.count() == 2


@pytest.mark.django_db
def test_create_api_token_with_team_gives_the_token_that_team(client, capsys):
    team = Team.objects.create(name="procurement")
    call_command("create_api_token", "nightly", "--team", "procurement")
    captured = capsys.readouterr()
    assert ApiToken.objects.get(name="nightly").team == team
    assert "staff only" not in captured.err
    response = post(
        client, json.dumps(bundle_data()), HTTP_AUTHORIZATION=f"Bearer {captured.out.strip()}"
    )
    assert Assessment.objects.get(pk=response.json()["id"]).team == team


@pytest.mark.django_db
def test_create_api_token_without_team_says_only_staff_see_its_bundles(capsys):
    call_command("create_api_token", "nightly")
    assert ApiToken.objects.get(name="nightly").team is None
    assert "only staff see the bundles" in capsys.readouterr().err


@pytest.mark.django_db
def test_create_api_token_with_an_unknown_team_names_the_teams_and_creates_nothing():
    Team.objects.create(name="procurement")
    with pytest.raises(CommandError, match=r"--team: no team named 'procurment' .*'procurement'"):
        call_command("create_api_token", "nightly", "--team", "procurment")
    assert not ApiToken.objects.exists()


def _http_post(url: str, body: bytes, token: str) -> tuple[int, dict]:
    request = urllib.request.Request(
        url,
        data=body,
        method="POST",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


@pytest.mark.django_db(transaction=True)
def test_over_real_http_a_50_mb_body_is_a_413_and_a_good_one_a_201_vb_3(live_server):
    """Through a real server and socket, not the test client: 413, not a 500 or a hang."""
    token = api_token_create(name="http")[1]
    before = row_counts()
    status, body = _http_post(f"{live_server.url}{URL}", HOSTILE["fifty_mb"], token)
    assert status == 413 and "at most" in body["error"]["message"]
    assert row_counts() == before
    status, body = _http_post(f"{live_server.url}{URL}", SCENARIOS[0].read_bytes(), token)
    assert status == 201 and body["created"] is True
