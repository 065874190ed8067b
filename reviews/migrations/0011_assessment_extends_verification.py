"""Verification's data leaves for the citations app; review keeps what is review's (issue 16).

The assessment table becomes ``citations_verification`` (every quote, correction, decision
and generation keeps pointing at the same rows), and a new ``reviews_assessment`` holds the
review columns, one row per verification, with the same id: ``reviews.Assessment`` extends
the verification (multi-table inheritance). Turns, sources and quotes are renamed to their
new app's tables; corrections keep ``reviews_correction``, which the append-only trigger
(0003) names. Nothing here updates or deletes a correction or a decision row (the triggers
would refuse it): their foreign keys are only pointed at the tables that now hold the ids.

The parent's review columns cannot be dropped while the child's columns of the same name
exist in the state (a child field may not shadow its parent's), so the child gets them as
``moving_*`` first and the values are copied; 0012 removes the parent's and renames the
child's (in a transaction of its own: PostgreSQL alters no table with foreign key checks of
this transaction's inserts pending). ``citations`` 0001 then takes the models over without
touching the database (0013).
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

REVIEW_COLUMNS = ("review_state", "team_id", "assigned_to_id", "reviewed_by_id", "reviewed_at")

COPY = (
    "INSERT INTO reviews_assessment (verification_id, "
    + ", ".join(f"moving_{column}" for column in REVIEW_COLUMNS)
    + ") SELECT id, "
    + ", ".join(REVIEW_COLUMNS)
    + " FROM citations_verification"
)
COPY_BACK = "UPDATE citations_verification SET " + ", ".join(
    f"{column} = (SELECT moving_{column} FROM reviews_assessment "
    "WHERE verification_id = citations_verification.id)"
    for column in REVIEW_COLUMNS
)


class Migration(migrations.Migration):
    dependencies = [
        ("reviews", "0010_assessment_verification_claimed_by"),
        ("generation", "0006_record_calling_and_retries"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterModelTable("turn", "citations_turn"),
        migrations.AlterModelTable("source", "citations_source"),
        migrations.AlterModelTable("quote", "citations_quote"),
        migrations.AlterModelTable("correction", "reviews_correction"),
        migrations.AlterModelTable("assessment", "citations_verification"),
        # The table has its name now, so this renames only the model (and repoints, in the
        # state, everything that refers to it).
        migrations.RenameModel("Assessment", "Verification"),
        migrations.CreateModel(
            name="Assessment",
            fields=[
                (
                    "verification",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        parent_link=True,
                        primary_key=True,
                        related_name="assessment",
                        serialize=False,
                        to="reviews.verification",
                    ),
                ),
                (
                    "moving_review_state",
                    models.CharField(
                        choices=[
                            ("pending", "Pending"),
                            ("approved", "Approved"),
                            ("rejected", "Rejected"),
                            ("returned", "Returned"),
                        ],
                        default="pending",
                        max_length=10,
                    ),
                ),
                (
                    "moving_team",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to="reviews.team",
                    ),
                ),
                (
                    "moving_assigned_to",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "moving_reviewed_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                ("moving_reviewed_at", models.DateTimeField(blank=True, null=True)),
            ],
            bases=("reviews.verification",),
        ),
        migrations.RunSQL(COPY, COPY_BACK),
    ]
