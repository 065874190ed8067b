"""Webhooks: a team's endpoints, the events of its assessments, and one delivery per event
and endpoint, with its attempts. State changes live in services, not in save()."""

import uuid

from django.db import models

from citations.models import in_choices
from reviews.models import Assessment, Team


class EventType(models.TextChoices):
    VERIFICATION_DONE = "verification.done"
    VERIFICATION_FAILED = "verification.failed"
    REVIEW_DECIDED = "review.decided"
    QUOTE_VERDICT = "quote.verdict"


class WebhookEndpoint(models.Model):
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="webhook_endpoints")
    url = models.CharField(max_length=2000, help_text="Where deliveries are posted.")
    events = models.JSONField(help_text="The event types it receives.")
    description = models.CharField(max_length=200, blank=True)
    # Kept as it is: each delivery is signed with it. Shown once, when it is made.
    secret = models.CharField(max_length=100, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.team} → {self.url}"


class WebhookEvent(models.Model):
    """Something that happened to an assessment, recorded in the transaction that made it
    happen, with the body every delivery sends (so a re-send is the same bytes)."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    type = models.CharField(max_length=30, choices=EventType.choices)
    assessment = models.ForeignKey(
        Assessment, on_delete=models.CASCADE, related_name="webhook_events"
    )
    body = models.TextField(help_text="The JSON posted to every endpoint, as sent.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=in_choices("type", EventType), name="event_type_valid")
        ]

    def __str__(self) -> str:
        return f"{self.type} · assessment {self.assessment_id}"


class DeliveryStatus(models.TextChoices):
    PENDING = "pending"
    DELIVERED = "delivered"
    FAILED = "failed", "failed (given up)"


class WebhookDelivery(models.Model):
    """One event to one endpoint. Deliveries of one endpoint and assessment (a *lane*) are
    sent in the order of their ids, each only once those before it are delivered or given
    up (``webhooks.services``)."""

    event = models.ForeignKey(WebhookEvent, on_delete=models.CASCADE, related_name="deliveries")
    endpoint = models.ForeignKey(
        WebhookEndpoint, on_delete=models.CASCADE, related_name="deliveries"
    )
    # The event's assessment again: the lane is (endpoint, assessment), read by one index.
    assessment = models.ForeignKey(Assessment, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(
        max_length=10, choices=DeliveryStatus.choices, default=DeliveryStatus.PENDING
    )
    attempts = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField(help_text="When it may be sent (again).")
    leased_until = models.DateTimeField(
        null=True,
        blank=True,
        help_text="An attempt in flight holds the delivery until then; past it (its worker "
        "died) the sweep sends it again.",
    )
    queued_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When it was last sent to the queue: the sweep sends it again once it is "
        "due after that, or a lease later (the message was lost), not at every sweep.",
    )
    last_status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.TextField(blank=True)
    delivered_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = "webhook deliveries"
        constraints = [
            models.UniqueConstraint(
                fields=["event", "endpoint"], name="delivery_once_per_endpoint"
            ),
            models.CheckConstraint(
                condition=in_choices("status", DeliveryStatus), name="delivery_status_valid"
            ),
        ]
        indexes = [
            models.Index(fields=["endpoint", "assessment", "status"], name="delivery_lane"),
            models.Index(fields=["status", "next_attempt_at"], name="delivery_due"),
        ]

    def __str__(self) -> str:
        return f"delivery {self.pk}"
