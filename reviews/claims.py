"""Claims (issue 31): who is reviewing an assessment now, so two reviewers do not do the
same work.

Opening a pending assessment claims it for ``REVIEW_CLAIM_SECONDS``; others see who holds it
since when, "next assessment" skips it, and a decision releases it (``services._decide``).
A claim that ran out is taken over by whoever opens the assessment next; a live one only by
a reviewer who confirms taking it over. Every claim is one conditional UPDATE whose guard
decides: of two reviewers opening at once exactly one holds the claim, the other sees it.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from .models import Assessment, ReviewState
from .selectors import assessments_next_in_queue, claim_cutoff, claimable_by


@dataclass(frozen=True)
class Claim:
    holder: str  # the username
    since: datetime
    until: datetime
    mine: bool  # the reviewer who asked holds it


def assessment_claim(*, assessment: Assessment, reviewer, take_over: bool = False) -> Claim | None:
    """Claim ``assessment`` for ``reviewer`` when nobody else holds it (or ``take_over``:
    whoever does), renewing the reviewer's own claim. The claim as it stands afterwards,
    the reviewer's or another's; None once the assessment is decided (nothing to claim)."""
    now = timezone.now()
    rows = Assessment.objects.filter(pk=assessment.pk, review_state=ReviewState.PENDING)
    if not take_over:
        rows = rows.filter(claimable_by(reviewer, cutoff=claim_cutoff(now)))
    rows.update(claimed_by=reviewer, claimed_at=now)
    return assessment_claim_current(assessment=assessment, reviewer=reviewer)


def assessment_claim_current(*, assessment: Assessment, reviewer) -> Claim | None:
    """Who holds the claim of ``assessment`` now, or None: nobody, or it ran out."""
    row = (
        Assessment.objects.filter(pk=assessment.pk, review_state=ReviewState.PENDING)
        .select_related("claimed_by")
        .only("claimed_at", "claimed_by__username")
        .first()
    )
    if row is None or row.claimed_by is None or row.claimed_at is None:
        return None
    if row.claimed_at < claim_cutoff():
        return None
    return Claim(
        holder=row.claimed_by.get_username(),
        since=row.claimed_at,
        until=row.claimed_at + timedelta(seconds=settings.REVIEW_CLAIM_SECONDS),
        mine=row.claimed_by_id == reviewer.pk,
    )


def assessment_claim_next(*, reviewer, after: Assessment | None) -> Assessment | None:
    """Claim the next assessment to review after ``after`` (``assessments_next_in_queue``)
    and return it; None when nothing is left. One that another reviewer claims between the
    read and the UPDATE is skipped, so two reviewers going on at once never get the same."""
    now = timezone.now()
    for candidate in assessments_next_in_queue(reviewer=reviewer, after=after).iterator():
        claimed = (
            Assessment.objects.filter(pk=candidate.pk, review_state=ReviewState.PENDING)
            .filter(claimable_by(reviewer, cutoff=claim_cutoff(now)))
            .update(claimed_by=reviewer, claimed_at=now)
        )
        if claimed:
            return candidate
    return None
