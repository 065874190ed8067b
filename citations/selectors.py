"""Reads for background verification: what is stuck, what an older engine verified."""

from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import BooleanField, ExpressionWrapper, Q
from django.db.models.functions import Now
from django.utils import timezone

from citations.engine import (
    ENGINE_NAME,
    ENGINE_VERSION,
)
from citations.models import Verification, VerificationState

CURRENT_ENGINE = f"{ENGINE_NAME} {ENGINE_VERSION}"


def stale_after() -> timedelta:
    """How long a claim or a pending assessment may sit before the sweep sends it again."""
    return timedelta(seconds=settings.VERIFICATION_STALE_SECONDS)


def assessments_stuck(*, now: datetime | None = None) -> list[int]:
    """Pending or running for longer than the stale timeout: their message was lost, or the
    worker holding them died."""
    cutoff = (now or timezone.now()) - stale_after()
    return list(
        Verification.objects.filter(
            Q(verification_state=VerificationState.PENDING, updated_at__lt=cutoff)
            | Q(verification_state=VerificationState.RUNNING, verification_started_at__lt=cutoff)
        )
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def assessments_claimed(*, silent_after: timedelta) -> list[tuple[int, str, bool]]:
    """(id, process holding the claim, whether its heartbeat is older than ``silent_after``
    by the database's clock) of every assessment being verified."""
    silent = Q(verification_heartbeat_at__lt=Now() - silent_after)
    return list(
        Verification.objects.filter(verification_state=VerificationState.RUNNING)
        .annotate(silent=ExpressionWrapper(silent, output_field=BooleanField()))
        .order_by("pk")
        .values_list("pk", "verification_claimed_by", "silent")
    )
