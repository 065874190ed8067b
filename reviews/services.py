"""The review workflow: approve, reject, return; team assignment. Every decision records who and
when (VB-7).

Each action is one conditional UPDATE guarded by the states it may start from, so when two
reviewers act at once exactly one UPDATE matches a row; the other gets ``ReviewConflict``.
"""

from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from citations.models import Verification, VerificationState
from citations.services import verification_restart
from core.state_graph import StateGraph, transition

from .models import Assessment, ReviewAction, ReviewDecision, ReviewState, Team
from .selectors import claim_cutoff, claim_of_another, claimable_by, quotes_awaiting_verdict
from .signals import review_decided

# The review state graph, written down once.
REVIEW_TRANSITIONS = StateGraph(
    field="review_state",
    states=ReviewState,
    transitions={
        ReviewAction.APPROVE: transition(
            {ReviewState.PENDING, ReviewState.RETURNED}, ReviewState.APPROVED
        ),
        ReviewAction.REJECT: transition(
            {ReviewState.PENDING, ReviewState.RETURNED}, ReviewState.REJECTED
        ),
        ReviewAction.RETURN: transition({ReviewState.PENDING}, ReviewState.RETURNED),
    },
)


class ReverificationLocked(Exception):
    """Approved results are final (EV-9): re-verifying would change them under the approval."""


class ReviewError(Exception):
    """A decision that cannot be taken; the message says why, for the reviewer."""


class ReviewConflict(ReviewError):
    """The assessment is no longer in a state this action may start from."""


class VerificationNotDone(ReviewError):
    pass


class ConfirmationRequired(ReviewError):
    def __init__(self, flagged: int) -> None:
        super().__init__(
            f"{flagged} quote{'s are' if flagged != 1 else ' is'} not backed by an eligible "
            "source or marked for attention, without a verdict: confirm that you checked "
            f"{'them' if flagged != 1 else 'it'} to approve anyway."
        )
        self.flagged = flagged


def allowed_actions(assessment: Assessment) -> list[ReviewAction]:
    """Actions the assessment's current review state allows (approval also needs a finished
    verification; the service checks that)."""
    return REVIEW_TRANSITIONS.actions_from(assessment.review_state)


def assessment_approve(
    *, assessment: Assessment, reviewer, confirm_unverified: bool = False
) -> ReviewDecision:
    with transaction.atomic():
        state = (
            Verification.objects.filter(pk=assessment.verification_id)
            .values_list("verification_state", flat=True)
            .get()
        )
        if state != VerificationState.DONE:
            raise _verification_not_done(state)
        # A generated answer's value nobody gave yet (generation.ClarificationQuestion).
        open_questions = Assessment.objects.filter(
            pk=assessment.pk,
            generation__questions__isnull=False,
            generation__questions__answered_at__isnull=True,
        ).count()
        if open_questions:
            raise ReviewError(
                f"Open clarification questions: {open_questions}. Answer them on the "
                "generation's page before approving."
            )
        # Quotes the reviewer gave a verdict are decided already: only the others ask.
        flagged = len(quotes_awaiting_verdict(assessment=assessment))
        if flagged and not confirm_unverified:
            raise ConfirmationRequired(flagged)
        return _decide(
            assessment=assessment,
            reviewer=reviewer,
            action=ReviewAction.APPROVE,
            confirmed_unverified=bool(flagged),
            # The flagged count above is only true of the run it was taken from.
            extra_guard={
                "verification_state": VerificationState.DONE,
                "verification_run": assessment.verification.verification_run,
            },
        )


def assessment_reject(*, assessment: Assessment, reviewer, comment: str = "") -> ReviewDecision:
    with transaction.atomic():
        return _decide(
            assessment=assessment, reviewer=reviewer, action=ReviewAction.REJECT, comment=comment
        )


def assessment_return(*, assessment: Assessment, reviewer, comment: str) -> ReviewDecision:
    if not comment.strip():
        raise ReviewError("comment: say what needs to change before returning the assessment.")
    with transaction.atomic():
        return _decide(
            assessment=assessment, reviewer=reviewer, action=ReviewAction.RETURN, comment=comment
        )


def _decide(
    *,
    assessment: Assessment,
    reviewer,
    action: ReviewAction,
    comment: str = "",
    confirmed_unverified: bool = False,
    extra_guard: dict | None = None,
) -> ReviewDecision:
    to_state = REVIEW_TRANSITIONS.target(action)
    now = timezone.now()
    # The verification's row is locked before the assessment's, as re-verification locks it:
    # its guard (done, this run) then holds until the decision commits.
    verification_holds = (
        Verification.objects.select_for_update()
        .filter(pk=assessment.verification_id, **(extra_guard or {}))
        .exists()
    )
    # Only the assessment's own columns: one UPDATE whose guard decides between two reviewers,
    # and between the reviewer and another holding the claim; the decision releases it.
    updated = verification_holds and REVIEW_TRANSITIONS.move(
        Assessment.objects.filter(pk=assessment.pk).filter(
            claimable_by(reviewer, cutoff=claim_cutoff(now))
        ),
        action,
        reviewed_by=reviewer,
        reviewed_at=now,
        claimed_by=None,
        claimed_at=None,
    )
    if not updated:
        raise _why_not(assessment, action, reviewer)
    decision = ReviewDecision.objects.create(
        assessment=assessment,
        reviewer=reviewer,
        action=action,
        comment=comment,
        confirmed_unverified=confirmed_unverified,
    )
    assessment.review_state = to_state
    assessment.reviewed_by = reviewer
    assessment.reviewed_at = now
    assessment.claimed_by = assessment.claimed_at = None
    review_decided.send(sender=ReviewDecision, decision=decision)
    return decision


def _why_not(assessment: Assessment, action: ReviewAction, reviewer) -> ReviewError:
    current = (
        Assessment.objects.select_related("verification", "reviewed_by")
        .only(
            "review_state",
            "verification__verification_state",
            "verification__verification_run",
            "reviewed_by__username",
        )
        .get(pk=assessment.pk)
    )
    if not REVIEW_TRANSITIONS.allows(action, current.review_state):
        who = f" by {current.reviewed_by.username}" if current.reviewed_by else ""
        return ReviewConflict(
            f"This assessment was already {current.review_state}{who}; your "
            f"{action.label.lower()} was not recorded."
        )
    if claimed := claim_of_another(assessment=assessment, reviewer=reviewer):
        return ReviewConflict(
            f"{claimed_since(*claimed)}; take it over to decide it. Your "
            f"{action.label.lower()} was not recorded."
        )
    if current.verification.verification_state != VerificationState.DONE:
        return _verification_not_done(current.verification.verification_state)
    return ReviewConflict(
        "The quotes were verified again while you were reviewing; reload and check them "
        "before approving."
    )


def claimed_since(holder: str, since: datetime) -> str:
    """Another reviewer's claim, in words, for a refusal."""
    return f"{holder} has claimed this assessment since {since:%Y-%m-%d %H:%M} UTC"


def _verification_not_done(state: str) -> VerificationNotDone:
    return VerificationNotDone(
        f"Verification is {state}: an assessment can be approved only once its quotes are verified."
    )


def assessment_reverify(*, assessment_id: int) -> bool:
    """Verify again (``citations.services.verification_restart``) unless approved: raises
    ``ReverificationLocked`` then. The verification row is locked first, as decisions lock it,
    so an approval and a re-verification never both go through."""
    with transaction.atomic():
        if not Verification.objects.select_for_update().filter(pk=assessment_id).exists():
            return False
        if Assessment.objects.filter(pk=assessment_id, review_state=ReviewState.APPROVED).exists():
            raise ReverificationLocked(
                f"assessment {assessment_id} is approved; its results are final"
            )
        return verification_restart(assessment_id=assessment_id)


@dataclass(frozen=True)
class TeamAssignment:
    assigned: int  # assessments now in the team
    unassigned: list[int]  # their assignee was not in the team, so nobody is assigned now


@transaction.atomic
def assessments_team_assign(*, assessment_ids: list[int], team: Team) -> TeamAssignment:
    """Move assessments to ``team``, whose reviewers then see them (VB-7). An assessment
    assigned to someone outside the team loses that assignee: it goes to the team's queue
    instead of staying with one person who is not in it."""
    assessments = Assessment.objects.filter(pk__in=assessment_ids)
    outside = list(
        assessments.filter(assigned_to__isnull=False)
        .exclude(assigned_to__in=team.members.all())
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    Assessment.objects.filter(pk__in=outside).update(assigned_to=None)
    assigned = assessments.update(team=team)
    return TeamAssignment(assigned=assigned, unassigned=outside)
