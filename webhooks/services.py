"""Webhooks: endpoints, events recorded with the change that made them, deliveries sent.

Nothing is lost: an event and its deliveries are written in the transaction of the change
(the signal receivers, ``receivers.py``), and a delivery is sent once that commits. Sending
is at-least-once: a delivery is pending until a receiver answers 2xx or it is given up after
``WEBHOOK_MAX_ATTEMPTS``; a worker that dies mid-attempt leaves it pending, and the sweep
(``deliveries_sweep``, run by beat) sends it again, as it sends every retry that is due.

In order per assessment: an endpoint's deliveries of one assessment form a *lane*, sent in
the order of their ids (the order of the events: one assessment's events are recorded while
its verification row is locked, so one at a time). Only the lane's head, its oldest pending
delivery, is ever claimed; the next waits until the head is delivered or given up.

A claim is one conditional UPDATE (pending, due, not leased, the lane's head) that counts
the attempt and leases the delivery for the attempt's longest time; the attempt's outcome
is stored only while the delivery still carries that attempt.
"""

import functools
import json
import logging
import time
from datetime import datetime, timedelta
from enum import StrEnum

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, F, OuterRef, Q, QuerySet
from django.utils import timezone

from reviews.api import assessment_links
from reviews.models import Assessment, Team

from . import outbound
from .addresses import AddressRefused, target_checked
from .models import DeliveryStatus, EventType, WebhookDelivery, WebhookEndpoint, WebhookEvent
from .signing import SIGNATURE_HEADER, secret_generate, signature_header

logger = logging.getLogger(__name__)

MAX_ERROR_CHARS = 2000
SWEEP_BATCH = 1000


class WebhookInputError(Exception):
    """A field of an endpoint that is not acceptable; nothing was stored."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


def endpoint_url_clean(url: object) -> str:
    if not isinstance(url, str) or not url.strip():
        raise WebhookInputError("url", "give the URL deliveries are posted to")
    url = url.strip()
    if len(url) > 2000:
        raise WebhookInputError("url", "a URL has at most 2000 characters")
    try:
        target_checked(url)
    except AddressRefused as exc:
        raise WebhookInputError("url", str(exc)) from None
    return url


def endpoint_events_clean(events: object) -> list[str]:
    if not isinstance(events, list) or not events:
        raise WebhookInputError("events", f"give a list of one or more of {EventType.values}")
    unknown = [event for event in events if event not in EventType.values]
    if unknown:
        raise WebhookInputError(
            "events", f"{unknown[0]!r} is no event; choose from {EventType.values}"
        )
    return list(dict.fromkeys(events))


def endpoint_create(
    *, team: Team, url: object, events: object, description: object = ""
) -> tuple[WebhookEndpoint, str]:
    """A new endpoint of ``team``; returns it and its secret, shown only now. Raises
    ``WebhookInputError`` naming the field (nothing stored)."""
    url = endpoint_url_clean(url)
    events = endpoint_events_clean(events)
    if not isinstance(description, str) or len(description) > 200 or "\x00" in description:
        raise WebhookInputError("description", "a text of at most 200 characters, without NUL")
    secret = secret_generate()
    endpoint = WebhookEndpoint.objects.create(
        team=team, url=url, events=events, description=description, secret=secret
    )
    return endpoint, secret


def event_record(*, type: EventType, assessment_id: int, data: dict) -> WebhookEvent | None:
    """Record an event of the assessment and a delivery to each endpoint of its team that
    wants it, in the caller's transaction; they are sent once it commits. None when no
    endpoint wants it."""
    assessment = (
        Assessment.objects.filter(pk=assessment_id)
        .select_related("verification")
        .only("verification__bundle_id", "team_id")
        .first()
    )
    if assessment is None or assessment.team_id is None:
        return None
    endpoints = [
        endpoint
        for endpoint in WebhookEndpoint.objects.filter(team_id=assessment.team_id)
        if type in endpoint.events  # filtered here: SQLite (the demo) has no JSON contains
    ]
    if not endpoints:
        return None
    event = WebhookEvent(type=type, assessment_id=assessment_id)
    event.body = json.dumps(
        {
            "id": str(event.public_id),
            "type": type,
            "created": timezone.now().isoformat(),
            "assessment": {
                "id": assessment_id,
                "bundle_id": assessment.verification.bundle_id,
                "links": assessment_links(assessment),
            },
            "data": data,
        },
        ensure_ascii=False,
    )
    event.save()
    now = timezone.now()
    deliveries = WebhookDelivery.objects.bulk_create(
        WebhookDelivery(
            event=event,
            endpoint=endpoint,
            assessment_id=assessment_id,
            next_attempt_at=now,
            queued_at=now,
        )
        for endpoint in endpoints
    )
    for delivery in deliveries:
        delivery_enqueue(delivery_id=delivery.pk)
    return event


def delivery_enqueue(*, delivery_id: int) -> None:
    """Send the delivery task once the transaction commits. A send the broker does not take
    loses nothing: the delivery is pending and the sweep sends it."""
    transaction.on_commit(functools.partial(_send_delivery_task, delivery_id), robust=True)


def _send_delivery_task(delivery_id: int) -> None:
    from .tasks import deliver  # the tasks module imports this one

    try:
        deliver.delay(delivery_id)
    except Exception as exc:
        logger.warning(
            "delivery %s: not sent to the queue, the sweep sends it: %s", delivery_id, exc
        )


def _earlier_in_lane() -> Exists:
    return Exists(
        WebhookDelivery.objects.filter(
            endpoint_id=OuterRef("endpoint_id"),
            assessment_id=OuterRef("assessment_id"),
            status=DeliveryStatus.PENDING,
            pk__lt=OuterRef("pk"),
        )
    )


def deliveries_due(*, now: datetime) -> QuerySet[WebhookDelivery]:
    """Pending, due, not leased by a live attempt, and the head of their lane."""
    return WebhookDelivery.objects.filter(
        Q(leased_until__isnull=True) | Q(leased_until__lt=now),
        ~_earlier_in_lane(),
        status=DeliveryStatus.PENDING,
        next_attempt_at__lte=now,
    )


def attempt_lease() -> timedelta:
    """How long an attempt holds its delivery: connecting, sending and reading may each
    take the timeout."""
    return timedelta(seconds=3 * settings.WEBHOOK_TIMEOUT_SECONDS)


def retry_delay(attempts: int) -> float:
    """Seconds before the next attempt after ``attempts`` failed ones: exponential, capped."""
    base, cap = settings.WEBHOOK_RETRY_BASE_SECONDS, settings.WEBHOOK_RETRY_MAX_SECONDS
    return min(cap, base * 2 ** min(attempts - 1, 30))


class DeliveryOutcome(StrEnum):
    DELIVERED = "delivered"
    RETRYING = "retrying"  # failed; pending again, due after the backoff
    GIVEN_UP = "given up"
    NOT_DUE = "not due"  # not pending, not due yet, leased, or not its lane's head
    SUPERSEDED = "superseded"  # the lease ran out and another attempt took it over


def delivery_attempt(*, delivery_id: int) -> DeliveryOutcome:
    """Make one attempt of the delivery if it is due and its lane's head; store the outcome."""
    now = timezone.now()
    claimed = (
        deliveries_due(now=now)
        .filter(pk=delivery_id)
        .update(attempts=F("attempts") + 1, leased_until=now + attempt_lease())
    )
    if not claimed:
        return DeliveryOutcome.NOT_DUE
    delivery = (
        WebhookDelivery.objects.select_related("event", "endpoint").filter(pk=delivery_id).first()
    )
    if delivery is None:
        return DeliveryOutcome.SUPERSEDED  # its endpoint was removed meanwhile
    try:
        answer = _post(delivery)
    except Exception as exc:
        # Recorded as a failed attempt like any other, so it is retried and given up in time.
        logger.exception("delivery %s: the attempt failed", delivery_id)
        answer = outbound.Answer(status=None, error=f"{type(exc).__name__}: {exc}")
    finished = timezone.now()
    if answer.delivered:
        outcome = DeliveryOutcome.DELIVERED
        values = {"status": DeliveryStatus.DELIVERED, "delivered_at": finished, "last_error": ""}
    elif delivery.attempts >= settings.WEBHOOK_MAX_ATTEMPTS:
        outcome = DeliveryOutcome.GIVEN_UP
        values = {"status": DeliveryStatus.FAILED, "last_error": answer.error[:MAX_ERROR_CHARS]}
    else:
        outcome = DeliveryOutcome.RETRYING
        values = {
            "next_attempt_at": finished + timedelta(seconds=retry_delay(delivery.attempts)),
            "last_error": answer.error[:MAX_ERROR_CHARS],
        }
    with transaction.atomic():
        stored = WebhookDelivery.objects.filter(
            pk=delivery_id, status=DeliveryStatus.PENDING, attempts=delivery.attempts
        ).update(leased_until=None, last_status_code=answer.status, **values)
        if not stored:
            return DeliveryOutcome.SUPERSEDED
        if outcome != DeliveryOutcome.RETRYING:
            _enqueue_next_in_lane(delivery)
    logger.info(
        "delivery %s (%s, attempt %s): %s %s",
        delivery_id,
        delivery.event.type,
        delivery.attempts,
        outcome.value,
        answer.error,
    )
    return outcome


def _post(delivery: WebhookDelivery) -> outbound.Answer:
    """Check where the endpoint's URL goes now, sign the event's body, post it."""
    try:
        target = target_checked(delivery.endpoint.url)
    except AddressRefused as exc:
        return outbound.Answer(status=None, error=str(exc))
    body = delivery.event.body.encode()
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "Verbatim-Webhooks/1",
        "Verbatim-Event": delivery.event.type,
        "Verbatim-Event-Id": str(delivery.event.public_id),
        SIGNATURE_HEADER: signature_header(
            secret=delivery.endpoint.secret, body=body, timestamp=int(time.time())
        ),
    }
    return outbound.post(
        target, body=body, headers=headers, timeout=settings.WEBHOOK_TIMEOUT_SECONDS
    )


def _enqueue_next_in_lane(delivery: WebhookDelivery) -> None:
    following = (
        WebhookDelivery.objects.filter(
            endpoint_id=delivery.endpoint_id,
            assessment_id=delivery.assessment_id,
            status=DeliveryStatus.PENDING,
        )
        .order_by("pk")
        .values_list("pk", flat=True)
        .first()
    )
    if following is not None:
        WebhookDelivery.objects.filter(pk=following).update(queued_at=timezone.now())
        delivery_enqueue(delivery_id=following)


def deliveries_sweep(*, now: datetime | None = None) -> list[int]:
    """Send every delivery that is due: retries after their backoff, those whose attempt's
    worker died (lease run out), those whose task the broker lost or never took. One sent to
    the queue since it became due is sent again only a lease later, so busy workers do not
    find the queue filling with copies at every sweep."""
    now = now or timezone.now()
    not_queued = (
        Q(queued_at__isnull=True)
        | Q(queued_at__lt=F("next_attempt_at"))
        | Q(queued_at__lt=now - attempt_lease())
    )
    due = list(
        deliveries_due(now=now)
        .filter(not_queued)
        .order_by("pk")
        .values_list("pk", flat=True)[:SWEEP_BATCH]
    )
    WebhookDelivery.objects.filter(pk__in=due).update(queued_at=now)
    for delivery_id in due:
        _send_delivery_task(delivery_id)
    if due:
        logger.info("webhook sweep: sent %s due deliveries", len(due))
    return due


def deliveries_resend(*, delivery_ids: list[int]) -> int:
    """Send the deliveries again from their first attempt (an admin's action), delivered or
    given up alike; one whose attempt is in flight is left alone. Returns how many."""
    now = timezone.now()
    with transaction.atomic():
        resent = list(
            WebhookDelivery.objects.select_for_update()
            .filter(pk__in=delivery_ids)
            .filter(Q(leased_until__isnull=True) | Q(leased_until__lt=now))
            .values_list("pk", flat=True)
        )
        WebhookDelivery.objects.filter(pk__in=resent).update(
            status=DeliveryStatus.PENDING,
            attempts=0,
            next_attempt_at=now,
            leased_until=None,
            delivered_at=None,
            queued_at=now,
        )
        for delivery_id in resent:
            delivery_enqueue(delivery_id=delivery_id)
    return len(resent)
