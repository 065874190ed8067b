"""Outages of PostgreSQL and Redis, as a web worker meets them (issue 30, part 5).

- A kept database connection that the server drops (a restart, a failover) must not fail the
  next request of every web worker that held one: requests go through the WSGI application
  gunicorn runs, with the connection terminated by ``pg_terminate_backend``.
- A bundle posted while the broker is down is stored, its failed send recorded, and the next
  sweep sends it, not the stale period (15 minutes in production) later: the broker is a
  redis-server of the test's own on a port where nothing listens until the test starts it.
"""

import io
import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from wsgiref.util import setup_testing_defaults

import psycopg
import pytest
import redis
from django.conf import settings
from django.db import connection

from citations.models import Verification
from citations.services import ENQUEUE_FAILED, assessments_sweep
from config.celery import app as celery_app
from config.wsgi import application
from reviews.models import Assessment

from .conftest import import_scenario, queued_assessment_ids, scenario, wait_until

pytestmark = pytest.mark.django_db(transaction=True)


# PostgreSQL --------------------------------------------------------------------------


def wsgi_get(path: str, *, token: str) -> int:
    """GET ``path`` through the WSGI application, as gunicorn calls it (request_started and
    request_finished included, which the test client leaves out); its status code."""
    environ: dict = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path,
        "HTTP_AUTHORIZATION": f"Bearer {token}",
        "wsgi.input": io.BytesIO(),
        "wsgi.errors": io.StringIO(),
    }
    setup_testing_defaults(environ)
    statuses: list[str] = []
    body = application(environ, lambda status, headers, exc_info=None: statuses.append(status))
    b"".join(body)
    body.close()
    return int(statuses[0].split()[0])


def terminate_backend(pid: int) -> None:
    """End one server process of PostgreSQL from a second connection, as a restart would."""
    db = connection.settings_dict
    params = {
        "host": db["HOST"] or "127.0.0.1",
        "port": db["PORT"] or 5432,
        "user": db["USER"],
        "password": db["PASSWORD"] or None,
        "dbname": db["NAME"],
    }
    with psycopg.connect(**params, autocommit=True) as admin:
        assert admin.execute("SELECT pg_terminate_backend(%s)", [pid]).fetchone() == (True,)
        wait_until(
            lambda: (
                not admin.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", [pid]).fetchone()
            ),
            timeout=10,
            message=lambda: f"backend {pid} still runs",
        )


@pytest.fixture
def kept_connection(monkeypatch) -> Iterator[None]:
    """The connection kept between requests, as production keeps it (DATABASE_CONN_MAX_AGE=60
    in .env.example); closed afterwards, so later tests connect with the settings restored."""
    connection.close()
    monkeypatch.setitem(connection.settings_dict, "CONN_MAX_AGE", 60)
    yield
    connection.close()


def test_the_database_connections_are_health_checked():
    assert settings.DATABASES["default"]["CONN_HEALTH_CHECKS"] is True


@pytest.mark.parametrize(
    ("health_checks", "after"),
    [(None, 200), (False, 500)],
    ids=["as configured", "without health checks"],
)
def test_a_dropped_database_connection_does_not_fail_the_next_request(
    api_token, kept_connection, monkeypatch, health_checks, after
):
    """Issue 30: a dropped PostgreSQL connection gave one 500 per web worker. Checked before
    a request uses it, it is replaced. Without the check (the second case, the control) the
    same steps answer 500: the test does drop the connection under the request."""
    if health_checks is not None:
        monkeypatch.setitem(connection.settings_dict, "CONN_HEALTH_CHECKS", health_checks)
    assessment = import_scenario("procurement_review", enqueue=False)
    connection.close()  # the next connection reads the settings above
    path = f"/api/assessments/{assessment.pk}"
    assert wsgi_get(path, token=api_token) == 200
    kept = connection.connection
    assert kept is not None, "the connection was not kept after the request"
    terminate_backend(kept.info.backend_pid)
    assert wsgi_get(path, token=api_token) == after
    assert wsgi_get(path, token=api_token) == 200  # either way, the worker recovers


# Redis, the broker -------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class OutageBroker:
    """A Redis of the test's own that the app sends to, down until :meth:`start`."""

    port: int
    process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> redis.Redis:
        binary = shutil.which("redis-server") or "/usr/bin/redis-server"
        self.process = subprocess.Popen(
            [
                binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        client = redis.Redis.from_url(self.url)

        def answers() -> bool:
            try:
                return bool(client.ping())
            except redis.ConnectionError:
                return False

        wait_until(answers, timeout=20, message=lambda: f"redis-server on {self.port} is silent")
        return client

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


def send_to(url: str | None) -> None:
    """Point the Celery app at ``url`` (None: back to the settings). Celery reads the
    environment's CELERY_BROKER_URL before its own setting; its connection pools, which hold
    the old connection, are made again on next use."""
    if url is None:
        os.environ.pop("CELERY_BROKER_URL", None)
    else:
        os.environ["CELERY_BROKER_URL"] = url
    celery_app._pool = None
    celery_app.amqp._producer_pool = None


@pytest.fixture
def broker_down() -> Iterator[OutageBroker]:
    outage = OutageBroker(port=free_port())
    before = os.environ.get("CELERY_BROKER_URL")
    send_to(outage.url)
    yield outage
    send_to(before)
    outage.stop()


def test_a_bundle_posted_while_the_broker_is_down_is_sent_at_the_next_sweep(
    api_client, broker_down, settings
):
    """Issue 30: a bundle posted with Redis down waited the stale period (900 s) before the
    sweep sent it. Its failed send is recorded on it, and the first sweep after Redis is back
    sends it, however fresh it is."""
    started = time.monotonic()
    response = api_client.post(
        "/api/bundles", scenario("procurement_review"), content_type="application/json"
    )
    elapsed = time.monotonic() - started
    assert response.status_code == 201, response.content
    assert elapsed < 5, f"the POST took {elapsed:.1f} s with the broker down"
    assessment = Assessment.objects.get(pk=response.json()["id"])
    assert assessment.verification.verification_state == "pending"
    assert assessment.verification.verification_error.startswith(ENQUEUE_FAILED)
    # The pipeline sees why it is still pending.
    shown = api_client.get(f"/api/assessments/{assessment.pk}").json()["verification_error"]
    assert shown.startswith(ENQUEUE_FAILED) and "next sweep" in shown

    # A sweep while Redis is still down (cron's, say) tries, fails, and records it again.
    assert assessments_sweep() == [assessment.pk]
    assessment.refresh_from_db()
    assert assessment.verification.verification_error.startswith(ENQUEUE_FAILED)

    queue = broker_down.start()
    assert settings.VERIFICATION_STALE_SECONDS >= 900  # nowhere near stale
    assert assessments_sweep() == [assessment.pk]
    assert queued_assessment_ids(queue) == [assessment.pk]
    assessment.refresh_from_db()
    assert (
        assessment.verification.verification_state,
        assessment.verification.verification_error,
    ) == ("pending", "")
    # Sent once: the next sweep leaves it to the queue.
    assert assessments_sweep() == []
    assert queued_assessment_ids(queue) == [assessment.pk]


def test_a_send_that_works_records_nothing(api_client, broker_down):
    queue = broker_down.start()
    response = api_client.post(
        "/api/bundles", scenario("procurement_review"), content_type="application/json"
    )
    assert response.status_code == 201
    assessment = Assessment.objects.get(pk=response.json()["id"])
    assert assessment.verification.verification_error == ""
    assert queued_assessment_ids(queue) == [assessment.pk]
    assert assessments_sweep() == []


def test_only_a_pending_verification_is_sent_again_for_its_note(broker_down):
    """The note means "not sent" only while the verification waits: once it ended (or a
    worker holds it), the sweep leaves it to the state graph and the claim's rules."""
    assessment = import_scenario("procurement_review")  # the send fails: broker down
    assessment.refresh_from_db()
    assert assessment.verification.verification_error.startswith(ENQUEUE_FAILED)
    Verification.objects.filter(pk=assessment.pk).update(verification_state="failed")
    assert assessments_sweep() == []
