"""Issue 30, "Done when": real gunicorn requests. The app served as in production (gunicorn,
two sync workers, on the test database) with a worker timeout of WORKER_TIMEOUT seconds: a
request that held a worker longer would be killed by gunicorn's arbiter and its connection
dropped, so each answer below proves no worker was held that long, without timing anything
in the test. Every hostile shape of the audit, at 8x the size ``citations.bench_hostile``
starts from, is answered (stored unread, or refused by a count); the diff-bomb quote's pane
renders from the diff the worker stored."""

import json
import os
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from citations.bench_hostile import SHAPES
from citations.services import assessment_verify
from reviews.models import Assessment, Team
from reviews.tokens import api_token_create

from .conftest import ROOT, wait_until, worker_database_url

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

WORKER_TIMEOUT = 3  # seconds a gunicorn worker may hold one request before it is killed
GROWTH = 8  # the audit's largest size: 8x each shape's 1x


@dataclass(frozen=True)
class Answer:
    status: int
    text: str

    def json(self) -> dict:
        return json.loads(self.text)


def call(url: str, *, body: bytes | None = None, headers: dict[str, str] | None = None) -> Answer:
    """One request, its answer whatever the status; a dropped connection raises (and fails
    the test): what gunicorn does to the client of a worker it killed."""
    request = urllib.request.Request(url, data=body, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return Answer(response.status, response.read().decode())
    except urllib.error.HTTPError as error:
        return Answer(error.code, error.read().decode())


def post_bundle(base: str, token: str, data: dict) -> Answer:
    return call(
        f"{base}/api/bundles",
        body=json.dumps(data).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def gunicorn(django_db_setup, django_db_blocker, tmp_path_factory) -> Iterator[str]:
    """``gunicorn config.wsgi`` on the test database, once for this module: its base URL;
    its log must hold no worker timeout and no server error when it stops."""
    port = free_port()
    log_path = tmp_path_factory.mktemp("gunicorn") / "gunicorn.log"
    with django_db_blocker.unblock():
        database_url = worker_database_url()
    environment = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.test_settings",
        "DATABASE_URL": database_url,
        "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
        # the shapes come from one token: its fair share is not what this test measures
        "API_TOKEN_BUNDLES_PER_WINDOW": "1000",
        "API_TOKEN_BYTES_PER_WINDOW": str(1000 * settings.BUNDLE_MAX_BYTES),
    }
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "config.wsgi",
        f"--bind=127.0.0.1:{port}",
        "--workers=2",
        f"--timeout={WORKER_TIMEOUT}",
        "--graceful-timeout=5",
    ]
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            command, cwd=ROOT, env=environment, stdout=log, stderr=subprocess.STDOUT
        )
    base = f"http://127.0.0.1:{port}"

    def answers() -> bool:
        try:
            return call(f"{base}/accounts/login/").status == 200
        except OSError:
            return False

    try:
        wait_until(
            lambda: process.poll() is not None or answers(),
            timeout=60,
            message=lambda: f"gunicorn did not start:\n{log_path.read_text()}",
        )
        assert process.poll() is None, log_path.read_text()
        yield base
    finally:
        process.terminate()
        process.wait(timeout=20)
    log = log_path.read_text()
    assert "WORKER TIMEOUT" not in log, log
    assert "Internal Server Error" not in log, log


@pytest.fixture
def token() -> str:
    team = Team.objects.create(name="pipelines")
    return api_token_create(name="hostile", team=team)[1]


@pytest.mark.parametrize("shape", SHAPES)
def test_each_hostile_shape_is_answered_within_a_gunicorn_workers_timeout(gunicorn, token, shape):
    """Issue 30: at 8x, each shape is stored unread (201, pending) or refused by a count (400
    naming the field): never a 5xx, never a connection gunicorn dropped after killing its
    worker."""
    base, build = SHAPES[shape]
    data = build(base * GROWTH)
    data["id"] = f"hostile-{shape.replace(' ', '-')}"
    response = post_bundle(gunicorn, token, data)
    assert response.status in {201, 400, 413}, response.text[:300]
    if response.status == 201:
        assert response.json()["verification_state"] == "pending"
    else:
        assert response.json()["error"]["field"]
        assert not Assessment.objects.filter(verification__bundle_id=data["id"]).exists()


def test_the_diff_bomb_pane_renders_within_a_gunicorn_workers_timeout(gunicorn, token):
    """Issue 30: the unverified quote of 49,500 characters whose hint differs in its claim
    (414 s a view before): the worker diffed it once; under gunicorn its pane and its page
    are answered, twice each, by the two workers."""
    base, build = SHAPES["diff-bomb"]
    data = build(base * GROWTH)
    data["id"] = "diff-bomb"
    response = post_bundle(gunicorn, token, data)
    assert response.status == 201, response.text[:300]
    assessment_id = response.json()["id"]
    assessment_verify(assessment_id=assessment_id)  # the worker's part, here
    quote = Assessment.objects.get(pk=assessment_id).verification.quotes.get(n=1)
    assert quote.status == "unverified" and len(quote.text) > 40_000

    reviewer = get_user_model().objects.create_user("rita", password="pw-rita", is_staff=True)
    signed_in = Client()
    signed_in.force_login(reviewer)
    session = signed_in.cookies[settings.SESSION_COOKIE_NAME].value
    cookie = {"Cookie": f"{settings.SESSION_COOKIE_NAME}={session}"}
    for _ in range(2):
        pane = call(
            f"{gunicorn}/assessments/{assessment_id}/quotes/1/source/",
            headers={"HX-Request": "true", **cookie},
        )
        assert pane.status == 200, pane.text[:300]
        assert 'class="differs"' in pane.text or "differs-gap" in pane.text
        page = call(f"{gunicorn}/assessments/{assessment_id}/", headers=cookie)
        assert page.status == 200
