"""The webhook tables, squashed before the first release (issue 35): generated from the models."""

import uuid

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("reviews", "0001_initial"),
    ]

    operations = [
        migrations.CreateModel(
            name="WebhookEndpoint",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "url",
                    models.CharField(help_text="Where deliveries are posted.", max_length=2000),
                ),
                ("events", models.JSONField(help_text="The event types it receives.")),
                ("description", models.CharField(blank=True, max_length=200)),
                ("secret", models.CharField(editable=False, max_length=100)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "team",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="webhook_endpoints",
                        to="reviews.team",
                    ),
                ),
            ],
            options={
                "ordering": ["pk"],
            },
        ),
        migrations.CreateModel(
            name="WebhookEvent",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("public_id", models.UUIDField(default=uuid.uuid4, editable=False, unique=True)),
                (
                    "type",
                    models.CharField(
                        choices=[
                            ("verification.done", "Verification Done"),
                            ("verification.failed", "Verification Failed"),
                            ("review.decided", "Review Decided"),
                            ("quote.verdict", "Quote Verdict"),
                        ],
                        max_length=30,
                    ),
                ),
                ("body", models.TextField(help_text="The JSON posted to every endpoint, as sent.")),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "assessment",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="webhook_events",
                        to="reviews.assessment",
                    ),
                ),
            ],
        ),
        migrations.CreateModel(
            name="WebhookDelivery",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("pending", "Pending"),
                            ("delivered", "Delivered"),
                            ("failed", "failed (given up)"),
                        ],
                        default="pending",
                        max_length=10,
                    ),
                ),
                ("attempts", models.PositiveIntegerField(default=0)),
                ("next_attempt_at", models.DateTimeField(help_text="When it may be sent (again).")),
                (
                    "leased_until",
                    models.DateTimeField(
                        blank=True,
                        help_text="An attempt in flight holds the delivery until then; past it (its worker died) the sweep sends it again.",
                        null=True,
                    ),
                ),
                (
                    "queued_at",
                    models.DateTimeField(
                        blank=True,
                        help_text="When it was last sent to the queue: the sweep sends it again once it is due after that, or a lease later (the message was lost), not at every sweep.",
                        null=True,
                    ),
                ),
                ("last_status_code", models.PositiveSmallIntegerField(blank=True, null=True)),
                ("last_error", models.TextField(blank=True)),
                ("delivered_at", models.DateTimeField(blank=True, null=True)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "assessment",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="reviews.assessment",
                    ),
                ),
                (
                    "endpoint",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="deliveries",
                        to="webhooks.webhookendpoint",
                    ),
                ),
                (
                    "event",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="deliveries",
                        to="webhooks.webhookevent",
                    ),
                ),
            ],
            options={
                "verbose_name_plural": "webhook deliveries",
            },
        ),
        migrations.AddConstraint(
            model_name="webhookevent",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    (
                        "type__in",
                        [
                            "verification.done",
                            "verification.failed",
                            "review.decided",
                            "quote.verdict",
                        ],
                    )
                ),
                name="event_type_valid",
            ),
        ),
        migrations.AddIndex(
            model_name="webhookdelivery",
            index=models.Index(fields=["endpoint", "assessment", "status"], name="delivery_lane"),
        ),
        migrations.AddIndex(
            model_name="webhookdelivery",
            index=models.Index(fields=["status", "next_attempt_at"], name="delivery_due"),
        ),
        migrations.AddConstraint(
            model_name="webhookdelivery",
            constraint=models.UniqueConstraint(
                fields=("event", "endpoint"), name="delivery_once_per_endpoint"
            ),
        ),
        migrations.AddConstraint(
            model_name="webhookdelivery",
            constraint=models.CheckConstraint(
                condition=models.Q(("status__in", ["pending", "delivered", "failed"])),
                name="delivery_status_valid",
            ),
        ),
    ]
