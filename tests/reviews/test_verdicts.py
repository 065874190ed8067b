"""Quote verdicts (issue 31, item 1) as services on PostgreSQL: who and when, the latest
counts, append-only in the database itself, a confirmed hint recorded as a correction by the
reviewer, bad verdicts refused with nothing recorded, approval asking about the rest."""

import pytest
from django.db import DatabaseError, connection, transaction

from citations.models import Correction, Quote, VerificationState
from reviews import selectors, services, verdicts
from reviews.models import Assessment, QuoteVerdict, ReviewState
from tests.conftest import row_counts
from tests.factories import assessment_update, source

from .review_data import user

pytestmark = pytest.mark.django_db

# Quote 10 as the procurement scenario stores it is unverified and found nowhere; with_hint
# gives it the passage the engine offers as its hint (A1 ¶5).
HINT_TEXT = "The contractor’s aggregate liability under this agreement shall not exceed"


def with_hint(assessment: Assessment) -> Quote:
    a1 = source(assessment, "A1")
    start = a1.paragraphs[4].index(HINT_TEXT)
    Quote.objects.filter(assessment=assessment.verification, n=10).update(
        reason="claim_changed",
        match_source=a1,
        match_paragraph=5,
        match_start=start,
        match_end=start + len(HINT_TEXT),
        match_score=0.72,
        match_method="approximate",
        match_tier="primary",
    )
    return Quote.objects.get(assessment=assessment.verification, n=10)


def give(assessment, reviewer, n: int, action: str, comment: str = ""):
    return verdicts.quote_verdict_give(
        assessment=assessment,
        quote=Quote.objects.get(assessment=assessment.verification, n=n),
        reviewer=reviewer,
        action=action,
        comment=comment,
    )


def current_action(assessment, n: int) -> str | None:
    verdict = selectors.verdicts_current(assessment=assessment).get(n)
    return verdict.action if verdict else None


def test_a_verdict_records_who_when_and_what_the_engine_said_issue_31_1(assessment, reviewer):
    """Issue 31 item 1: a verdict records who and when, with an optional comment, and keeps
    the engine's status and rules as they were; the engine's own status is not changed."""
    verdict = give(assessment, reviewer, 2, "overrule", comment="  the policy says 10%  ")
    stored = QuoteVerdict.objects.get()
    assert stored == verdict
    assert (stored.reviewer, stored.action, stored.comment) == (
        reviewer,
        "overrule",
        "the policy says 10%",
    )
    assert stored.created_at is not None and stored.run == 1
    assert stored.engine_status == "verified"
    assert Quote.objects.get(assessment=assessment.verification, n=2).status == "verified"


@pytest.mark.parametrize(
    ("actions", "counts"),
    [
        (["confirm"], "confirm"),
        (["overrule"], "overrule"),
        (["confirm", "overrule"], "overrule"),
        (["overrule", "confirm"], "confirm"),
        (["confirm", "clear"], None),
        (["overrule", "clear", "confirm"], "confirm"),
    ],
)
def test_the_latest_verdict_counts_issue_31_1(assessment, reviewer, actions, counts):
    """Issue 31 item 1: every verdict stays on record; the latest one counts, and a clear
    leaves the quote without one (the engine's status stands)."""
    other = user("otto", teams=(assessment.team,))
    for turn, action in enumerate(actions):
        give(assessment, (reviewer, other)[turn % 2], 3, action)  # quote 3: corrected
    assert QuoteVerdict.objects.count() == len(actions)
    assert current_action(assessment, 3) == counts


@pytest.mark.parametrize(
    ("action", "status_now", "counts"),
    [
        ("confirm", "corrected", True),  # verified again, the same result
        ("confirm", "verified", False),  # what was confirmed is no longer what the engine says
        ("confirm", "unverified", False),
        ("overrule", "verified", True),  # a misquote, whatever the engine says
        ("overrule", "corrected", True),
    ],
)
def test_a_confirmation_counts_while_the_engine_says_what_was_confirmed_issue_31_1(
    assessment, reviewer, action, status_now, counts
):
    """Issue 31 item 1: a verdict given on a corrected quote, the quote verified again to
    ``status_now``: a confirmation accepted the engine's result of then, so it lapses when
    that changed (the quote waits for a new verdict, the export follows the engine); an
    overrule stands."""
    give(assessment, reviewer, 3, action)
    Quote.objects.filter(assessment=assessment.verification, n=3).update(status=status_now)
    assert (current_action(assessment, 3) == action) is counts
    quote = Quote.objects.get(assessment=assessment.verification, n=3)
    assert (selectors.quote_verdict_current(quote=quote) is not None) is counts


@pytest.mark.parametrize(
    ("n", "meaning"),
    [
        (3, "accept the correction"),  # corrected
        (10, "accept the hint as the correction"),  # unverified, with a hint (with_hint)
        (5, ""),  # unverified, found nowhere
        (9, ""),  # ineligible
        (2, ""),  # verified, no attention
    ],
)
def test_what_confirming_accepts_depends_on_the_quote_issue_31_1(assessment, n, meaning):
    """Issue 31 item 1: confirm accepts a hint as the correction, a correction, or an
    attention; a quote with none of them has nothing to confirm."""
    with_hint(assessment)
    assert (
        verdicts.confirm_meaning(Quote.objects.get(assessment=assessment.verification, n=n))
        == meaning
    )


def test_an_attention_can_be_confirmed_issue_31_1(assessment, reviewer):
    """Issue 31 item 1: a verified quote with attention: confirming accepts the attention."""
    Quote.objects.filter(assessment=assessment.verification, n=2).update(
        attention=[{"rule": "attention.condition_left_out", "words": "unless exempt"}]
    )
    quote = Quote.objects.get(assessment=assessment.verification, n=2)
    assert verdicts.confirm_meaning(quote) == "accept: the attention is checked"
    verdict = give(assessment, reviewer, 2, "confirm")
    assert verdict.engine_rules == ["attention.condition_left_out"]


def test_a_confirmed_hint_is_recorded_as_a_correction_by_the_reviewer_issue_31_1(
    assessment, reviewer
):
    """Issue 31 item 1: confirming a hint records it as the quote's correction, made by that
    reviewer in the current run, one row per changed field; confirming it again after a
    clear records nothing more (the audit is append-only and once per run)."""
    quote = with_hint(assessment)
    give(assessment, reviewer, 10, "confirm")
    rows = Correction.objects.filter(quote=quote).order_by("field")
    assert [(c.field, c.actor, c.run, c.reason) for c in rows] == [
        ("text", "rita", 1, "claim_changed"),
    ]
    assert rows[0].old_value == quote.text and rows[0].new_value == HINT_TEXT
    give(assessment, reviewer, 10, "clear")
    give(assessment, reviewer, 10, "confirm")
    assert Correction.objects.filter(quote=quote).count() == 1
    # Confirming a correction the engine made records no new one.
    give(assessment, reviewer, 3, "confirm")
    assert not Correction.objects.filter(quote__n=3, actor="rita").exists()


@pytest.mark.parametrize(
    ("n", "action", "comment", "message"),
    [
        (2, "confirm", "", "Quote 2 is verified without attention: there is nothing to confirm"),
        (9, "confirm", "", "Quote 9 is ineligible without attention"),
        (5, "confirm", "", "Quote 5 is unverified without attention"),
        (2, "clear", "", "Quote 2 has no verdict to clear."),
        (2, "approve", "", "Choose confirm, overrule or clear."),
        (2, "overrule", "x" * 2001, "at most 2000 characters"),
    ],
)
def test_a_verdict_that_cannot_be_given_is_refused_and_changes_nothing_issue_31_1(
    assessment, reviewer, n, action, comment, message
):
    """Issue 31 item 1: bad input gets a clear error and records nothing."""
    before = row_counts()
    with pytest.raises(services.ReviewError, match=message):
        give(assessment, reviewer, n, action, comment)
    assert row_counts() == before


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"review_state": ReviewState.APPROVED}, "This assessment is approved"),
        ({"review_state": ReviewState.REJECTED}, "This assessment is rejected"),
        ({"verification_state": VerificationState.RUNNING}, "Verification is running"),
    ],
)
def test_no_verdict_once_decided_or_while_verifying_issue_31_1(
    assessment, reviewer, fields, message
):
    """Issue 31 item 1: approved results are final (a verdict would change their export), and
    quotes being verified again have no result to judge."""
    assessment_update(assessment.pk, **fields)
    with pytest.raises(services.ReviewError, match=message):
        give(assessment, reviewer, 3, "overrule")
    assert not QuoteVerdict.objects.exists()


def test_a_returned_assessment_still_takes_verdicts_issue_31_1(assessment, reviewer):
    """Issue 31 item 1: returned is not decided for good (it may still be approved)."""
    services.assessment_return(assessment=assessment, reviewer=reviewer, comment="check ¶2")
    give(assessment, reviewer, 3, "confirm")
    assert current_action(assessment, 3) == "confirm"


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE reviews_quoteverdict SET action = 'confirm' WHERE id = %s",
        "UPDATE reviews_quoteverdict SET comment = 'changed' WHERE id = %s",
        "DELETE FROM reviews_quoteverdict WHERE id = %s",
        "TRUNCATE reviews_quoteverdict",  # skips row triggers: a statement trigger refuses it
    ],
)
def test_postgresql_refuses_to_change_or_delete_a_verdict_issue_31_1(
    assessment, reviewer, statement
):
    """Issue 31 item 1: verdicts are append-only in PostgreSQL itself, whatever code runs."""
    assert connection.vendor == "postgresql"
    verdict = give(assessment, reviewer, 3, "overrule")
    refused = pytest.raises(DatabaseError, match="reviews_quoteverdict is append-only")
    with refused, transaction.atomic(), connection.cursor() as cursor:
        # The test's transaction holds the verdict's deferred foreign-key checks, which
        # TRUNCATE would refuse for their own sake.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute(statement, [verdict.pk] if "%s" in statement else [])
    assert QuoteVerdict.objects.get().action == "overrule"


def test_the_orm_cannot_change_a_verdict_either_issue_31_1(assessment, reviewer):
    """Issue 31 item 1: the ORM's save() and delete() meet the same refusal."""
    verdict = give(assessment, reviewer, 3, "overrule")
    verdict.action = "confirm"
    with pytest.raises(DatabaseError), transaction.atomic():
        verdict.save()
    with pytest.raises(DatabaseError), transaction.atomic():
        QuoteVerdict.objects.filter(pk=verdict.pk).delete()
    assert QuoteVerdict.objects.get().action == "overrule"


def test_approval_asks_once_about_quotes_needing_a_verdict_without_one_issue_31_1(
    assessment, reviewer
):
    """Issue 31 item 1: approving with quotes no eligible source backs, or with attention,
    asks once unless each has a verdict; a verdict given answers for its quote."""
    Quote.objects.filter(assessment=assessment.verification, n=2).update(
        attention=[{"rule": "attention.condition_left_out", "words": "unless exempt"}]
    )
    # 5, 10 unverified, 9 ineligible, 2 attention
    assert selectors.quotes_awaiting_verdict(assessment=assessment) == [2, 5, 9, 10]
    with pytest.raises(services.ConfirmationRequired, match=r"^4 quotes are not backed"):
        services.assessment_approve(assessment=assessment, reviewer=reviewer)
    give(assessment, reviewer, 2, "confirm")
    for n in (5, 9, 10):
        give(assessment, reviewer, n, "overrule")
    give(assessment, reviewer, 10, "clear")
    with pytest.raises(services.ConfirmationRequired, match=r"^1 quote is not backed"):
        services.assessment_approve(assessment=assessment, reviewer=reviewer)
    give(assessment, reviewer, 10, "overrule")
    decision = services.assessment_approve(assessment=assessment, reviewer=reviewer)
    assert decision.confirmed_unverified is False
