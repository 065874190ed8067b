"""Admin actions "verify again" and "retry failed": a failure is visible and retryable."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from citations.models import Correction, Verification, VerificationState
from citations.services import assessment_verify
from reviews.models import Assessment, ReviewState

from .conftest import import_scenario, queued_assessment_ids

pytestmark = pytest.mark.django_db(transaction=True)

CHANGELIST = reverse("admin:reviews_assessment_changelist")


@pytest.fixture
def admin_client(client):
    user = get_user_model().objects.create_superuser("root", "root@example.org", "pw")
    client.force_login(user)
    return client


def run_action(admin_client, action: str, *assessments: Assessment):
    return admin_client.post(
        CHANGELIST,
        {"action": action, "_selected_action": [a.pk for a in assessments]},
        follow=True,
    )


def test_a_failed_verification_shows_in_the_admin_and_is_retried_from_there(admin_client, broker):
    assessment = import_scenario("procurement_review", enqueue=False)
    Verification.objects.filter(pk=assessment.pk).update(quote_fields=[{"bogus": "$"}])
    assessment_verify(assessment_id=assessment.pk)
    page = admin_client.get(reverse("admin:reviews_assessment_change", args=[assessment.pk]))
    text = page.content.decode()
    assert "Failed" in text and "unexpected keyword argument &#x27;bogus&#x27;" in text
    Verification.objects.filter(pk=assessment.pk).update(quote_fields=[])

    response = run_action(admin_client, "retry_failed", assessment)
    assert "Sent 1 assessment(s) for verification." in response.content.decode()
    assessment.refresh_from_db()
    assert assessment.verification.verification_state == VerificationState.PENDING
    assert queued_assessment_ids(broker) == [assessment.pk]
    assessment_verify(assessment_id=assessment.pk)
    assessment.refresh_from_db()
    assert assessment.verification.verification_state == VerificationState.DONE


def test_verify_again_starts_a_new_run_and_keeps_the_audit_trail_011_3(admin_client, broker):
    """011.3: run 2's corrections are added beside run 1's; approved results are refused."""
    done = import_scenario("procurement_review", bundle_id="done", enqueue=False)
    approved = import_scenario("procurement_review", bundle_id="approved", enqueue=False)
    for assessment in (done, approved):
        assessment_verify(assessment_id=assessment.pk)
    Assessment.objects.filter(pk=approved.pk).update(review_state=ReviewState.APPROVED)
    # retry_failed leaves finished work alone
    run_action(admin_client, "retry_failed", done)
    assert Verification.objects.get(pk=done.pk).verification_state == VerificationState.DONE

    response = run_action(admin_client, "verify_again", done, approved).content.decode()
    assert "Sent 1 assessment(s) for verification." in response
    assert "is approved; its results are final" in response
    assert queued_assessment_ids(broker) == [done.pk]
    assessment_verify(assessment_id=done.pk)
    runs = Correction.objects.filter(assessment=done.verification).values_list("run", flat=True)
    assert set(runs) == {1, 2} and list(runs).count(1) == list(runs).count(2)
    assert Verification.objects.get(pk=approved.pk).verification_run == 1
