"""Time: the worker's own time limits fire, and one assessment's verification has a budget
(issue 13: "workers that cannot be pinned"). Each ends the assessment failed with the reason
the reviewer page and the API show, once, not in a retry loop.

The worker tests start real ``celery worker`` processes whose service sleeps inside its claim
(``VERBATIM_TEST_VERIFY_DELAY``) far longer than the limit under test. This test process
sends the messages with its own settings (540/600 s limits): Celery stamps the sender's
limits into each message, and the worker used to apply those instead of its own, so a
worker started with short limits never stopped anything."""

import os
import signal
import subprocess
import sys
import time

import pytest
from django.conf import settings
from django.test import override_settings

from citations.models import Quote, Verification, VerificationState
from citations.services import VerifyOutcome, assessment_verify
from reviews.models import Assessment

from .conftest import import_scenario, states, wait_until
from .test_workers import SCENARIO, assert_exactly_one_result_set, outcomes

STUCK_SECONDS = "60"  # how long the stuck verification would sleep: far past every limit
# Limits of the test workers, in the order the settings demand.
WORKER_ENV = {
    "CELERY_TASK_SOFT_TIME_LIMIT": "3",
    "CELERY_TASK_TIME_LIMIT": "5",
    "VERIFICATION_STALE_SECONDS": "9",
    "CELERY_VISIBILITY_TIMEOUT": "22",
}


def failed_with(assessment_id: int, worker, *, timeout: float) -> Assessment:
    """Wait until the assessment is failed; the row."""
    wait_until(
        lambda: states()[assessment_id] == VerificationState.FAILED,
        timeout=timeout,
        message=lambda: f"states {states()}\n{worker.log()}",
    )
    return Assessment.objects.get(pk=assessment_id)


def assert_shown_to_reviewers(assessment: Assessment, expected: str, client, admin_user) -> None:
    """The reason is on the reviewer page and in the API's result."""
    client.force_login(admin_user)
    page = client.get(f"/assessments/{assessment.pk}/")
    assert page.status_code == 200
    assert expected in page.content.decode()
    client.logout()
    body = client.get(f"/api/assessments/{assessment.pk}").json()
    assert body["verification_state"] == "failed"
    assert body["verification_error"].startswith(expected)


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_the_workers_soft_time_limit_stops_a_stuck_verification(start_worker):
    """A prefork worker with a 3 s soft limit stops a verification stuck for a minute, though
    the message carries this process's 540 s: failed with the reason, not retried."""
    worker = start_worker(
        "soft-limit",
        pool="prefork",
        VERBATIM_TEST_VERIFY_DELAY=STUCK_SECONDS,
        VERIFICATION_TIME_BUDGET_SECONDS="0",  # the soft limit alone
        **WORKER_ENV,
    )
    started = time.monotonic()
    assessment = import_scenario(SCENARIO)
    failed = failed_with(assessment.pk, worker, timeout=30)
    assert time.monotonic() - started < 20, "the soft limit fired late"
    assert failed.verification.verification_error.startswith(
        "verification took longer than 3 s (the worker's soft time limit)"
    ), failed.verification.verification_error
    assert "Soft time limit (3s) exceeded" in worker.log()
    assert "Hard time limit" not in worker.log()
    assert not Quote.objects.filter(assessment=failed.verification).exists()
    time.sleep(1)
    assert outcomes(worker) == {"failed": 1}, worker.log()
    assert Verification.objects.get(pk=assessment.pk).verification_attempts == 1


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_the_workers_hard_time_limit_kills_a_stuck_verification_and_says_so(start_worker):
    """Without a soft limit (or with a task deaf to it) the hard limit kills the pool child;
    the worker's main process records the failure, and the message is not delivered again."""
    worker = start_worker(
        "hard-limit",
        pool="prefork",
        VERBATIM_TEST_VERIFY_DELAY=STUCK_SECONDS,
        VERIFICATION_TIME_BUDGET_SECONDS="0",
        **{**WORKER_ENV, "CELERY_TASK_SOFT_TIME_LIMIT": "0", "CELERY_TASK_TIME_LIMIT": "3"},
    )
    assessment = import_scenario(SCENARIO)
    failed = failed_with(assessment.pk, worker, timeout=30)
    assert failed.verification.verification_error.startswith(
        "verification took longer than 3 s (the worker's hard time limit; its process was killed)"
    ), failed.verification.verification_error
    assert "Hard time limit (3s) exceeded" in worker.log()
    # Acknowledged, not redelivered: past the stale period nothing has claimed it again.
    time.sleep(int(WORKER_ENV["VERIFICATION_STALE_SECONDS"]) + 2)
    assessment.refresh_from_db()
    assert assessment.verification.verification_state == VerificationState.FAILED
    assert assessment.verification.verification_attempts == 1
    assert "claimed (attempt 2)" not in worker.log()


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("pool", ["prefork", "solo"])
def test_a_verification_over_its_time_budget_ends_failed_with_the_reason(
    start_worker, pool, api_client, admin_user
):
    """VERIFICATION_TIME_BUDGET_SECONDS (2 s here) stops the verification well before the
    soft limit, in a prefork child and in a solo worker (which has no time limits at all)."""
    worker = start_worker(
        f"budget-{pool}",
        pool=pool,
        VERBATIM_TEST_VERIFY_DELAY=STUCK_SECONDS,
        VERIFICATION_TIME_BUDGET_SECONDS="2",
        **{**WORKER_ENV, "CELERY_TASK_SOFT_TIME_LIMIT": "6", "CELERY_TASK_TIME_LIMIT": "7"},
    )
    started = time.monotonic()
    assessment = import_scenario(SCENARIO)
    failed = failed_with(assessment.pk, worker, timeout=30)
    assert time.monotonic() - started < 6 + 4, "stopped by something later than the budget"
    expected = "verification took longer than 2 s (the time budget per assessment)"
    assert failed.verification.verification_error.startswith(expected), (
        failed.verification.verification_error
    )
    assert "time limit" not in worker.log().replace("soft time limit", "")
    time.sleep(1)
    assert outcomes(worker) == {"failed": 1}, worker.log()
    assert_shown_to_reviewers(failed, expected, api_client, admin_user)


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_verification_within_its_budget_is_stored(start_worker):
    """The budget stops only what outlasts it: a slowed but timely verification stores."""
    worker = start_worker(
        "in-budget",
        pool="prefork",
        VERBATIM_TEST_VERIFY_DELAY="1",
        VERIFICATION_TIME_BUDGET_SECONDS="5",
        **{**WORKER_ENV, "CELERY_TASK_SOFT_TIME_LIMIT": "6", "CELERY_TASK_TIME_LIMIT": "7"},
    )
    assessment = import_scenario(SCENARIO)
    wait_until(
        lambda: states()[assessment.pk] == VerificationState.DONE,
        timeout=60,
        message=lambda: f"states {states()}\n{worker.log()}",
    )
    assert_exactly_one_result_set([assessment.pk])


@pytest.mark.django_db(transaction=True)
def test_the_budget_in_process_fails_once_and_leaves_no_timer_behind():
    """In-process (``import_bundle --wait`` verifies so): over budget, failed with the
    reason, nothing stored; the timer and the SIGALRM handler are as they were; verifying
    again from the admin starts afresh."""
    assessment = import_scenario(SCENARIO, enqueue=False)
    handler = signal.getsignal(signal.SIGALRM)
    started = time.monotonic()
    with override_settings(VERIFICATION_TEST_DELAY_SECONDS=30):
        assert assessment_verify(assessment_id=assessment.pk, budget_seconds=1) == (
            VerifyOutcome.FAILED
        )
    assert time.monotonic() - started < 5
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGALRM) == handler
    assessment.refresh_from_db()
    assert assessment.verification.verification_state == VerificationState.FAILED
    assert assessment.verification.verification_error.startswith(
        "verification took longer than 1 s (the time budget per assessment)"
    )
    assert not Quote.objects.filter(assessment=assessment.verification).exists()
    # A second delivery of the same message finds it failed: nothing runs again.
    assert assessment_verify(assessment_id=assessment.pk) is VerifyOutcome.SKIPPED
    # A timely run is not touched by the budget.
    other = import_scenario(SCENARIO, bundle_id="in-budget", enqueue=False)
    assert assessment_verify(assessment_id=other.pk, budget_seconds=30) is VerifyOutcome.STORED


def settings_check(**env: str) -> subprocess.CompletedProcess:
    """``manage.py check`` with the production settings module and ``env``."""
    inherited = {k: os.environ[k] for k in ("PATH", "HOME") if k in os.environ}
    return subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=settings.BASE_DIR,
        env={**inherited, "DEBUG": "1", "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_time_budget_not_below_the_soft_limit_is_refused():
    done = settings_check(VERIFICATION_TIME_BUDGET_SECONDS="540")
    assert done.returncode != 0
    assert "VERIFICATION_TIME_BUDGET_SECONDS must be 0 (no budget) or below" in done.stderr
    assert settings_check(VERIFICATION_TIME_BUDGET_SECONDS="0").returncode == 0
