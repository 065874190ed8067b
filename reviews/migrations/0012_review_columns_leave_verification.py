"""The review columns leave the verification table for the assessment's (see 0011)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("reviews", "0011_assessment_extends_verification"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint("verification", "assessment_review_state_valid"),
        migrations.RemoveField("verification", "review_state"),
        migrations.RemoveField("verification", "team"),
        migrations.RemoveField("verification", "assigned_to"),
        migrations.RemoveField("verification", "reviewed_by"),
        migrations.RemoveField("verification", "reviewed_at"),
        migrations.RenameField("assessment", "moving_review_state", "review_state"),
        migrations.RenameField("assessment", "moving_team", "team"),
        migrations.RenameField("assessment", "moving_assigned_to", "assigned_to"),
        migrations.RenameField("assessment", "moving_reviewed_by", "reviewed_by"),
        migrations.RenameField("assessment", "moving_reviewed_at", "reviewed_at"),
        migrations.AlterField(
            model_name="assessment",
            name="review_state",
            field=models.CharField(
                choices=[
                    ("pending", "Pending"),
                    ("approved", "Approved"),
                    ("rejected", "Rejected"),
                    ("returned", "Returned"),
                ],
                db_index=True,
                default="pending",
                max_length=10,
            ),
        ),
        migrations.AlterField(
            model_name="assessment",
            name="team",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="assessments",
                to="reviews.team",
            ),
        ),
        migrations.AlterField(
            model_name="assessment",
            name="assigned_to",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="assigned_assessments",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AddConstraint(
            model_name="assessment",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("review_state__in", ["pending", "approved", "rejected", "returned"])
                ),
                name="assessment_review_state_valid",
            ),
        ),
        migrations.AlterField(
            model_name="reviewdecision",
            name="assessment",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="decisions",
                to="reviews.assessment",
            ),
        ),
    ]
