"""Claims (issue 31, item 5) on real PostgreSQL: opening claims, a claim runs out and is
taken over, two reviewers at once never both hold one, a decision releases it, "mine" lists
the reviewer's claims and "next" skips the others'."""

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from reviews import claims, selectors, services, verdicts
from reviews.models import Assessment, QuoteVerdict, ReviewState
from tests.factories import assessment_update

from .review_data import many_quotes_assessment, procurement_assessment, user

CLAIM_SECONDS = 600


@pytest.fixture(autouse=True)
def claim_seconds(settings):
    settings.REVIEW_CLAIM_SECONDS = CLAIM_SECONDS


def in_team(team, bundle_id: str, *, age_hours: int = 1) -> Assessment:
    assessment = many_quotes_assessment(2, bundle_id=bundle_id)
    assessment_update(
        assessment.pk,
        team=team,
        title=bundle_id,
        created_at=timezone.now() - timedelta(hours=age_hours),
    )
    assessment.refresh_from_db()
    return assessment


def claimed_long_ago(assessment: Assessment, *, seconds: int) -> None:
    """The claim as if taken ``seconds`` ago."""
    Assessment.objects.filter(pk=assessment.pk).update(
        claimed_at=timezone.now() - timedelta(seconds=seconds)
    )


def holder(assessment: Assessment) -> str | None:
    claimed_by = Assessment.objects.select_related("claimed_by").get(pk=assessment.pk).claimed_by
    return claimed_by.username if claimed_by else None


@pytest.mark.django_db
def test_opening_claims_and_another_reviewer_sees_the_claim(team):
    assessment = procurement_assessment(team=team)
    ann, bob = user("ann", teams=(team,)), user("bob", teams=(team,))
    mine = claims.assessment_claim(assessment=assessment, reviewer=ann)
    assert mine is not None and mine.mine and mine.holder == "ann"
    assert mine.until - mine.since == timedelta(seconds=CLAIM_SECONDS)
    theirs = claims.assessment_claim(assessment=assessment, reviewer=bob)
    assert theirs == claims.Claim(holder="ann", since=mine.since, until=mine.until, mine=False)
    assert holder(assessment) == "ann"
    # Opening it again renews the holder's own claim.
    renewed = claims.assessment_claim(assessment=assessment, reviewer=ann)
    assert renewed.mine and renewed.since >= mine.since


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("age", "taken_over"),
    [(CLAIM_SECONDS - 30, False), (CLAIM_SECONDS + 1, True)],
    ids=["still-live", "ran-out"],
)
def test_a_claim_that_ran_out_is_taken_over_by_the_next_to_open_it(team, age, taken_over):
    assessment = procurement_assessment(team=team)
    ann, bob = user("ann", teams=(team,)), user("bob", teams=(team,))
    claims.assessment_claim(assessment=assessment, reviewer=ann)
    claimed_long_ago(assessment, seconds=age)
    claim = claims.assessment_claim(assessment=assessment, reviewer=bob)
    assert claim.mine is taken_over
    assert holder(assessment) == ("bob" if taken_over else "ann")


@pytest.mark.django_db
def test_a_live_claim_is_taken_over_only_when_asked(team):
    assessment = procurement_assessment(team=team)
    ann, bob = user("ann", teams=(team,)), user("bob", teams=(team,))
    claims.assessment_claim(assessment=assessment, reviewer=ann)
    claim = claims.assessment_claim(assessment=assessment, reviewer=bob, take_over=True)
    assert claim.mine and claim.holder == "bob"
    assert not claims.assessment_claim_current(assessment=assessment, reviewer=ann).mine


@pytest.mark.django_db
@pytest.mark.parametrize(
    "state", [ReviewState.APPROVED, ReviewState.REJECTED, ReviewState.RETURNED]
)
def test_a_decided_assessment_is_not_claimed(team, state):
    assessment = procurement_assessment(team=team, review_state=state)
    ann = user("ann", teams=(team,))
    assert claims.assessment_claim(assessment=assessment, reviewer=ann) is None
    assert claims.assessment_claim(assessment=assessment, reviewer=ann, take_over=True) is None
    assert holder(assessment) is None


def run_at_once(*calls):
    """Each call in its own thread and database connection, started together."""
    start = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(index, call):
        try:
            start.wait()
            results[index] = call()
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return results


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("round_", range(3))
def test_two_reviewers_opening_at_once_never_both_hold_the_claim(team, round_):
    assessment = procurement_assessment(team=team)
    ann, bob = user("ann", teams=(team,)), user("bob", teams=(team,))
    got = run_at_once(
        lambda: claims.assessment_claim(assessment=assessment, reviewer=ann),
        lambda: claims.assessment_claim(assessment=assessment, reviewer=bob),
    )
    assert sorted(claim.mine for claim in got) == [False, True]
    winner = next(claim.holder for claim in got if claim.mine)
    assert {claim.holder for claim in got} == {winner} == {holder(assessment)}


@pytest.mark.django_db(transaction=True)
def test_two_reviewers_going_on_at_once_get_different_assessments(team):
    decided = in_team(team, "decided", age_hours=9)
    waiting = [in_team(team, f"waiting-{i}", age_hours=5 - i) for i in range(3)]
    ann, bob = user("ann", teams=(team,)), user("bob", teams=(team,))
    got = run_at_once(
        lambda: claims.assessment_claim_next(reviewer=ann, after=decided),
        lambda: claims.assessment_claim_next(reviewer=bob, after=decided),
    )
    assert {a.pk for a in got} == {waiting[0].pk, waiting[1].pk}
    assert {holder(a) for a in got} == {"ann", "bob"}


@pytest.mark.django_db
def test_next_skips_assessments_another_reviewer_holds(team):
    first, second, third = (in_team(team, name, age_hours=h) for name, h in [
        ("first", 3), ("second", 2), ("third", 1)])  # fmt: skip
    ann, bob = user("ann", teams=(team,)), user("bob", teams=(team,))
    claims.assessment_claim(assessment=second, reviewer=bob)
    assert selectors.assessment_next_in_queue(reviewer=ann, after=first) == third
    # Its own claim does not hide an assessment from the reviewer; a claim that ran out
    # hides it from nobody.
    assert selectors.assessment_next_in_queue(reviewer=bob, after=first) == second
    claimed_long_ago(second, seconds=CLAIM_SECONDS + 1)
    assert selectors.assessment_next_in_queue(reviewer=ann, after=first) == second
    assert claims.assessment_claim_next(reviewer=ann, after=first) == second
    assert holder(second) == "ann"
    claims.assessment_claim(assessment=third, reviewer=bob)
    claims.assessment_claim(assessment=first, reviewer=bob)
    assert claims.assessment_claim_next(reviewer=ann, after=second) is None


@pytest.mark.django_db
@pytest.mark.parametrize("action", ["approve", "reject", "return"])
def test_a_decision_releases_the_claim(team, action):
    assessment = procurement_assessment(team=team)
    ann = user("ann", teams=(team,))
    claims.assessment_claim(assessment=assessment, reviewer=ann)
    decide = {
        "approve": lambda: services.assessment_approve(
            assessment=assessment, reviewer=ann, confirm_unverified=True
        ),
        "reject": lambda: services.assessment_reject(assessment=assessment, reviewer=ann),
        "return": lambda: services.assessment_return(
            assessment=assessment, reviewer=ann, comment="Quote 10 is invented."
        ),
    }
    decide[action]()
    stored = Assessment.objects.get(pk=assessment.pk)
    assert stored.claimed_by is None and stored.claimed_at is None
    assert claims.assessment_claim_current(assessment=assessment, reviewer=ann) is None


@pytest.mark.django_db
def test_a_decision_is_refused_while_another_reviewer_holds_the_claim(team):
    assessment = procurement_assessment(team=team)
    ann, bob = user("ann", teams=(team,)), user("bob", teams=(team,))
    claims.assessment_claim(assessment=assessment, reviewer=ann)
    with pytest.raises(services.ReviewConflict, match=r"^ann has claimed this assessment"):
        services.assessment_reject(assessment=assessment, reviewer=bob)
    stored = Assessment.objects.get(pk=assessment.pk)
    assert stored.review_state == ReviewState.PENDING and stored.decisions.count() == 0
    # Once it ran out, anyone decides.
    claimed_long_ago(assessment, seconds=CLAIM_SECONDS + 1)
    services.assessment_reject(assessment=assessment, reviewer=bob)
    assert Assessment.objects.get(pk=assessment.pk).review_state == ReviewState.REJECTED


@pytest.mark.django_db
def test_a_verdict_is_refused_while_another_reviewer_holds_the_claim(team):
    assessment = procurement_assessment(team=team)
    ann, bob = user("ann", teams=(team,)), user("bob", teams=(team,))
    claims.assessment_claim(assessment=assessment, reviewer=ann)
    quote = assessment.verification.quotes.get(n=10)
    with pytest.raises(services.ReviewError, match=r"^ann has claimed .*give verdicts\.$"):
        verdicts.quote_verdict_give(
            assessment=assessment, quote=quote, reviewer=bob, action="overrule"
        )
    assert QuoteVerdict.objects.count() == 0
    verdicts.quote_verdict_give(assessment=assessment, quote=quote, reviewer=ann, action="overrule")
    claims.assessment_claim(assessment=assessment, reviewer=bob, take_over=True)
    verdicts.quote_verdict_give(assessment=assessment, quote=quote, reviewer=bob, action="clear")
    assert QuoteVerdict.objects.count() == 2


@pytest.mark.django_db
def test_the_mine_queue_lists_the_live_claims_of_the_reviewer(team):
    held, other, ran_out, decided = (in_team(team, name) for name in [
        "held", "other", "ran-out", "decided"])  # fmt: skip
    in_team(team, "unclaimed")
    ann, bob = user("ann", teams=(team,)), user("bob", teams=(team,))
    for assessment in (held, ran_out, decided):
        claims.assessment_claim(assessment=assessment, reviewer=ann)
    claims.assessment_claim(assessment=other, reviewer=bob)
    claimed_long_ago(ran_out, seconds=CLAIM_SECONDS + 1)
    services.assessment_reject(assessment=decided, reviewer=ann)
    mine = selectors.assessment_list(reviewer=ann, queue="mine")
    assert [a.verification.title for a in mine] == ["held"]
    assert selectors.queue_totals(reviewer=ann)["mine"] == 1
    assert selectors.queue_totals(reviewer=bob)["mine"] == 1
    # Every queue says whose claim is live.
    listed = {a.verification.title: a for a in selectors.assessment_list(reviewer=bob, queue="all")}
    assert {title for title, a in listed.items() if a.claim_live} == {"held", "other"}
    assert listed["held"].claimed_by == ann
