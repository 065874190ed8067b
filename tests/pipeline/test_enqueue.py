"""Enqueueing through the real Redis broker: after commit only, once, and again by the sweep."""

from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from citations.models import Verification, VerificationState
from citations.services import assessments_sweep
from reviews.models import Assessment

from .conftest import import_scenario, queued_assessment_ids

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_import_enqueues_one_verification_after_commit_003_4(broker):
    """003.4: a stored assessment is pending and its task is in the queue once committed."""
    with transaction.atomic():
        assessment = import_scenario("procurement_review")
        assert queued_assessment_ids(broker) == [], "sent before the transaction committed"
    assert assessment.verification.verification_state == VerificationState.PENDING
    assert queued_assessment_ids(broker) == [assessment.pk]


def test_a_rolled_back_import_enqueues_nothing(broker):
    """No task for data that was never committed: a worker would find nothing, or worse."""

    class Abort(Exception):
        pass

    with pytest.raises(Abort), transaction.atomic():
        import_scenario("procurement_review")
        raise Abort
    assert not Assessment.objects.exists()
    assert queued_assessment_ids(broker) == []
    assert broker.llen("celery") == 0


def test_reimporting_a_bundle_enqueues_nothing_more_vb_4(broker):
    """VB-4: the same bundle again is the same assessment, and no second task."""
    first = import_scenario("procurement_review")
    again = import_scenario("procurement_review")
    assert again.pk == first.pk
    assert queued_assessment_ids(broker) == [first.pk]


def test_the_sweep_resends_only_assessments_stuck_past_the_timeout(broker, settings):
    """A lost message or a dead worker's claim is re-sent; fresh and finished work is not."""
    old = timezone.now() - timedelta(seconds=settings.VERIFICATION_STALE_SECONDS + 60)
    lost = import_scenario("procurement_review", bundle_id="lost", enqueue=False)
    dead = import_scenario("procurement_review", bundle_id="dead", enqueue=False)
    fresh = import_scenario("procurement_review", bundle_id="fresh", enqueue=False)
    failed = import_scenario("procurement_review", bundle_id="failed", enqueue=False)
    Verification.objects.filter(pk=lost.pk).update(updated_at=old)
    Verification.objects.filter(pk=dead.pk).update(
        verification_state=VerificationState.RUNNING, verification_started_at=old
    )
    Verification.objects.filter(pk=failed.pk).update(
        verification_state=VerificationState.FAILED, updated_at=old
    )
    assert fresh.verification.verification_state == VerificationState.PENDING
    assert assessments_sweep() == [lost.pk, dead.pk]
    assert sorted(queued_assessment_ids(broker)) == [lost.pk, dead.pk]
    # The pending one's clock restarted: the next sweep does not pile up another message.
    assert assessments_sweep() == [dead.pk]
