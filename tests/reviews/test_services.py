"""The review workflow: transitions written once and enforced, races decided by the database."""

import threading

import pytest
from django.db import connection

from citations.models import Verification, VerificationState
from reviews import services
from reviews.models import Assessment, ReviewDecision, ReviewState

from .review_data import procurement_assessment, user


@pytest.mark.django_db
def test_allowed_transitions_follow_the_table(assessment, reviewer):
    assert services.allowed_actions(assessment) == ["approve", "reject", "return"]
    services.assessment_return(assessment=assessment, reviewer=reviewer, comment="see ¶3")
    assert assessment.review_state == ReviewState.RETURNED
    assert services.allowed_actions(assessment) == ["approve", "reject"]
    with pytest.raises(services.ReviewConflict, match="already returned by rita"):
        services.assessment_return(assessment=assessment, reviewer=reviewer, comment="again")
    services.assessment_reject(assessment=assessment, reviewer=reviewer)
    assert services.allowed_actions(assessment) == []
    with pytest.raises(services.ReviewConflict):
        services.assessment_approve(
            assessment=assessment, reviewer=reviewer, confirm_unverified=True
        )
    assert list(ReviewDecision.objects.values_list("action", flat=True)) == ["reject", "return"]


@pytest.mark.django_db
def test_every_decision_records_who_and_when_vb_7(assessment, reviewer):
    decision = services.assessment_approve(
        assessment=assessment, reviewer=reviewer, confirm_unverified=True
    )
    stored = Assessment.objects.get(pk=assessment.pk)
    assert stored.review_state == ReviewState.APPROVED
    assert stored.reviewed_by == reviewer and stored.reviewed_at is not None
    assert decision.reviewer == reviewer and decision.created_at is not None
    assert decision.confirmed_unverified is True


@pytest.mark.django_db
def test_approval_with_flagged_quotes_needs_confirmation(assessment, reviewer):
    with pytest.raises(services.ConfirmationRequired, match="3 quotes are not backed"):
        services.assessment_approve(assessment=assessment, reviewer=reviewer)
    assert Assessment.objects.get(pk=assessment.pk).review_state == ReviewState.PENDING
    assert not ReviewDecision.objects.exists()


@pytest.mark.django_db
def test_clean_assessment_approves_without_confirmation(assessment, reviewer):
    assessment.verification.quotes.filter(status__in=["unverified", "ineligible"]).delete()
    decision = services.assessment_approve(assessment=assessment, reviewer=reviewer)
    assert decision.confirmed_unverified is False


@pytest.mark.django_db
@pytest.mark.parametrize("state", ["pending", "running", "failed"])
def test_approval_refused_until_verification_is_done(team, reviewer, state):
    assessment = procurement_assessment(team=team, verified=False, verification_state=state)
    with pytest.raises(services.VerificationNotDone, match=f"Verification is {state}"):
        services.assessment_approve(
            assessment=assessment, reviewer=reviewer, confirm_unverified=True
        )
    assert not ReviewDecision.objects.exists()


@pytest.mark.django_db
def test_approval_refused_when_quotes_were_verified_again_meanwhile(assessment, reviewer):
    Verification.objects.filter(pk=assessment.pk).update(verification_run=2)
    with pytest.raises(services.ReviewConflict, match="verified again"):
        services.assessment_approve(
            assessment=assessment, reviewer=reviewer, confirm_unverified=True
        )


def test_return_needs_a_comment(db):
    with pytest.raises(services.ReviewError, match=r"^comment:"):
        services.assessment_return(assessment=Assessment(), reviewer=None, comment=" ")


@pytest.mark.django_db(transaction=True)
def test_two_reviewers_at_once_exactly_one_wins_vb_7(team):
    """Two threads, two database connections, both start from the same loaded row."""
    assessment = procurement_assessment(team=team)
    reviewers = [user("ann", teams=(team,)), user("bob", teams=(team,))]
    start = threading.Barrier(2)
    outcomes: list[str] = []

    def decide(reviewer, action):
        try:
            start.wait()
            if action == "approve":
                services.assessment_approve(
                    assessment=assessment, reviewer=reviewer, confirm_unverified=True
                )
            else:
                services.assessment_reject(assessment=assessment, reviewer=reviewer)
            outcomes.append("won")
        except services.ReviewConflict as conflict:
            outcomes.append(str(conflict))
        finally:
            connection.close()

    threads = [
        threading.Thread(target=decide, args=(reviewers[0], "approve")),
        threading.Thread(target=decide, args=(reviewers[1], "reject")),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert len(outcomes) == 2 and outcomes.count("won") == 1
    assert "already" in next(o for o in outcomes if o != "won")
    assert ReviewDecision.objects.count() == 1
    stored = Assessment.objects.get(pk=assessment.pk)
    decision = ReviewDecision.objects.get()
    assert stored.reviewed_by == decision.reviewer
    assert stored.verification.verification_state == VerificationState.DONE


@pytest.mark.django_db
def test_pending_verification_is_the_reason_given_even_with_flagged_quotes(team, reviewer):
    assessment = procurement_assessment(team=team, verified=False)
    with pytest.raises(services.VerificationNotDone):
        services.assessment_approve(assessment=assessment, reviewer=reviewer)
