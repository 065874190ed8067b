"""Fixtures for the pipeline tests: real Redis, real ``celery worker`` processes, and the
pytest-django test database (committed rows, so the workers see them)."""

import base64
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import redis
from django.conf import settings
from django.db import connection

from reviews.imports import bundle_import
from reviews.models import Assessment

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = settings.SHARED_DIR / "data" / "scenarios"
QUEUE = "celery"
# Kombu's Redis keys for the default queue and for delivered-but-unacknowledged messages.
BROKER_KEYS = (QUEUE, "unacked", "unacked_index", "unacked_mutex")
WORKER_READY_SECONDS = 60


def scenario(name: str, *, bundle_id: str | None = None) -> dict:
    """A scenario bundle from the shared data, optionally under another id."""
    data = json.loads((SCENARIOS / f"{name}.json").read_text())
    if bundle_id is not None:
        data["id"] = bundle_id
    return data


def import_scenario(name: str, *, bundle_id: str | None = None, enqueue: bool = True):
    return bundle_import(
        raw=scenario(name, bundle_id=bundle_id), enqueue_verification=enqueue
    ).assessment


def wait_until(
    condition: Callable[[], bool], *, timeout: float, message: Callable[[], str]
) -> None:
    """Poll ``condition`` every 0.2 s; fail with ``message()`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    pytest.fail(f"gave up after {timeout:.0f} s: {message()}")


def states() -> dict[int, str]:
    return dict(
        Assessment.objects.order_by("pk").values_list("pk", "verification__verification_state")
    )


def wait_verified(assessment_id: int, *, timeout: float = 120) -> None:
    """Wait until a worker has verified the assessment (state ``done``)."""
    wait_until(
        lambda: states().get(assessment_id) == "done",
        timeout=timeout,
        message=lambda: f"assessment {assessment_id} is {states().get(assessment_id)}, not done",
    )


@pytest.fixture
def broker() -> Iterator[redis.Redis]:
    """The tests' Redis broker database, emptied of our queue before and after each test."""
    url = settings.CELERY_BROKER_URL
    if not url.startswith("redis://"):
        pytest.fail(f"the pipeline tests need a Redis broker, CELERY_BROKER_URL is {url!r}")
    client = redis.Redis.from_url(url)
    client.delete(*BROKER_KEYS)
    yield client
    client.delete(*BROKER_KEYS)


def queued_assessment_ids(client: redis.Redis) -> list[int]:
    """The assessment ids of the verification tasks waiting in the queue, oldest first."""
    ids = []
    for raw in reversed(client.lrange(QUEUE, 0, -1)):  # kombu LPUSHes, workers BRPOP
        message = json.loads(raw)
        assert message["headers"]["task"] == "citations.verify_assessment"
        args, _kwargs, _embed = json.loads(base64.b64decode(message["body"]))
        ids.append(args[0])
    return ids


@dataclass
class Worker:
    name: str
    process: subprocess.Popen
    log_path: Path
    stopped: bool = field(default=False)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def kill(self) -> None:
        """SIGKILL: no warm shutdown, no chance to acknowledge or requeue anything."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        self.stopped = True

    def stop(self) -> None:
        if self.stopped:
            return
        self.stopped = True
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)


def worker_database_url() -> str:
    db = connection.settings_dict
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    return (
        f"postgres://{db['USER']}{password}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/"
        f"{db['NAME']}"
    )


@pytest.fixture
def start_worker(transactional_db, broker, tmp_path) -> Iterator[Callable[..., Worker]]:
    """Start real ``celery -A config worker`` processes on the test database and broker;
    all are stopped (SIGTERM, then SIGKILL) before the database is flushed."""
    workers: list[Worker] = []

    def start(
        name: str, *, pool: str = "solo", delay: float = 0.0, args: tuple[str, ...] = (), **env: str
    ) -> Worker:
        log_path = tmp_path / f"{name}.log"
        environment = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "tests.pipeline.worker_settings",
            "DATABASE_URL": worker_database_url(),
            "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
            "VERBATIM_TEST_VERIFY_DELAY": str(delay),
            "PYTHONUNBUFFERED": "1",
            **env,
        }
        command = [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            f"--pool={pool}",
            "--concurrency=1",
            f"--hostname={name}@%h",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            "--loglevel=INFO",
            *args,
        ]
        with log_path.open("wb") as log:
            process = subprocess.Popen(
                command,
                cwd=ROOT,
                env=environment,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: a kill reaches pool children
            )
        worker = Worker(name=name, process=process, log_path=log_path)
        workers.append(worker)
        wait_until(
            lambda: " ready." in worker.log() or process.poll() is not None,
            timeout=WORKER_READY_SECONDS,
            message=lambda: f"worker {name} did not start; its log:\n{worker.log()}",
        )
        if process.poll() is not None:
            pytest.fail(f"worker {name} exited with {process.returncode}:\n{worker.log()}")
        return worker

    yield start
    for worker in workers:
        worker.stop()
