"""``manage.py sweep_verifications [--outdated]``: what cron or beat runs."""

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError
from django.utils import timezone

from citations.models import SweepRun, Verification, VerificationState
from citations.services import assessment_verify
from reviews.models import Assessment, ReviewState

from .conftest import import_scenario, queued_assessment_ids

pytestmark = pytest.mark.django_db(transaction=True)


def test_sweep_command_resends_stuck_and_reverifies_outdated_results(broker, settings):
    """Engine changed: results of another engine version are verified again (not approved
    ones, which are final); stuck work is re-sent."""
    stuck = import_scenario("procurement_review", bundle_id="stuck", enqueue=False)
    old = timezone.now() - timedelta(seconds=settings.VERIFICATION_STALE_SECONDS + 1)
    Verification.objects.filter(pk=stuck.pk).update(updated_at=old)
    current, outdated, approved = (
        import_scenario("procurement_review", bundle_id=name, enqueue=False)
        for name in ("current", "outdated", "approved")
    )
    for assessment in (current, outdated, approved):
        assessment_verify(assessment_id=assessment.pk)
    Verification.objects.filter(pk__in=[outdated.pk, approved.pk]).update(
        engine_version="verbatim 0.0.1"
    )
    Assessment.objects.filter(pk=approved.pk).update(review_state=ReviewState.APPROVED)

    out = StringIO()
    call_command("sweep_verifications", "--outdated", stdout=out)
    assert out.getvalue().splitlines() == [
        f"re-sent 1 stuck assessment(s): {stuck.pk}",
        f"verifying 1 outdated assessment(s) again: {outdated.pk}",
    ]
    assert sorted(queued_assessment_ids(broker)) == [stuck.pk, outdated.pk]
    states = dict(Assessment.objects.values_list("pk", "verification__verification_state"))
    assert states[outdated.pk] == VerificationState.PENDING
    assert states[current.pk] == states[approved.pk] == VerificationState.DONE


def deploy_check() -> str:
    """``check --deploy`` of the live system's database checks; the output, or the error."""
    out = StringIO()
    try:
        call_command(
            "check",
            "--deploy",
            "--database=default",
            "--tag=database",
            "--fail-level=WARNING",
            stdout=out,
            stderr=out,
        )
    except SystemCheckError as exc:
        return str(exc)
    return out.getvalue()


def test_check_deploy_warns_until_the_sweep_runs_and_when_it_stopped(broker, settings):
    """Issue 13: beat is load-bearing (a message lost with a killed worker is recovered only
    by its sweep), so the deployment check says when the sweep never ran or stopped."""
    # The test database's role is a superuser; tests/citations/test_app_role.py checks W002.
    settings.SILENCED_SYSTEM_CHECKS = [*settings.SILENCED_SYSTEM_CHECKS, "citations.W002"]
    assert "citations.W001" in deploy_check() and "has never run" in deploy_check()
    call_command("sweep_verifications", stdout=StringIO())
    assert "no issues" in deploy_check()
    periods = 3 * settings.VERIFICATION_SWEEP_SECONDS + 1
    SweepRun.objects.update(ran_at=timezone.now() - timedelta(seconds=periods))
    stopped = deploy_check()
    assert "citations.W001" in stopped and "more than 3 sweep periods" in stopped
    assert "celery beat" in stopped  # the hint says what to run
