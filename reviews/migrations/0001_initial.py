"""The review tables, squashed before the first release (issue 35): generated from the models,
plus what models do not express, written here by hand and importing no project code.

Review decisions (VB-7) and quote verdicts (issue 31) are an audit trail like corrections:
PostgreSQL itself refuses to change, delete or truncate them, for every role, the owner's
too, with ``append_only_refuse()`` of citations' initial migration for TRUNCATE."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

APPEND_ONLY = """
CREATE FUNCTION reviews_reviewdecision_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'reviews_reviewdecision is append-only: % refused', TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER reviews_reviewdecision_append_only
    BEFORE UPDATE OR DELETE ON reviews_reviewdecision
    FOR EACH ROW EXECUTE FUNCTION reviews_reviewdecision_append_only();
CREATE TRIGGER reviews_reviewdecision_refuses_truncate
    BEFORE TRUNCATE ON reviews_reviewdecision
    FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse();
CREATE FUNCTION reviews_quoteverdict_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'reviews_quoteverdict is append-only: % refused', TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER reviews_quoteverdict_append_only
    BEFORE UPDATE OR DELETE ON reviews_quoteverdict
    FOR EACH ROW EXECUTE FUNCTION reviews_quoteverdict_append_only();
CREATE TRIGGER reviews_quoteverdict_refuses_truncate
    BEFORE TRUNCATE ON reviews_quoteverdict
    FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse();
"""

APPEND_ONLY_UNDONE = """
DROP TRIGGER IF EXISTS reviews_quoteverdict_refuses_truncate ON reviews_quoteverdict;
DROP TRIGGER IF EXISTS reviews_quoteverdict_append_only ON reviews_quoteverdict;
DROP FUNCTION IF EXISTS reviews_quoteverdict_append_only();
DROP TRIGGER IF EXISTS reviews_reviewdecision_refuses_truncate ON reviews_reviewdecision;
DROP TRIGGER IF EXISTS reviews_reviewdecision_append_only ON reviews_reviewdecision;
DROP FUNCTION IF EXISTS reviews_reviewdecision_append_only();
"""


def _on_postgresql(sql):
    """SQLite (the demo) has no triggers of these kinds here and relies on the app alone."""

    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql, params=None)

    return run


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("citations", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Team",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=100, unique=True)),
                (
                    "members",
                    models.ManyToManyField(
                        blank=True, related_name="review_teams", to=settings.AUTH_USER_MODEL
                    ),
                ),
            ],
        ),
        migrations.CreateModel(
            name="Assessment",
            fields=[
                (
                    "verification",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="assessment",
                        serialize=False,
                        to="citations.verification",
                    ),
                ),
                (
                    "review_state",
                    models.CharField(
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
                ("reviewed_at", models.DateTimeField(blank=True, null=True)),
                ("claimed_at", models.DateTimeField(blank=True, null=True)),
                (
                    "assigned_to",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="assigned_assessments",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "claimed_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="claimed_assessments",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "reviewed_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "team",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="assessments",
                        to="reviews.team",
                    ),
                ),
            ],
            options={
                "ordering": ["-verification__created_at", "-pk"],
            },
        ),
        migrations.CreateModel(
            name="ApiToken",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "name",
                    models.CharField(
                        help_text="Who uses it, e.g. 'nightly'.", max_length=100, unique=True
                    ),
                ),
                (
                    "prefix",
                    models.CharField(
                        help_text="The token's first characters, to tell it.", max_length=12
                    ),
                ),
                ("token_sha256", models.CharField(editable=False, max_length=64, unique=True)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("last_used_at", models.DateTimeField(blank=True, editable=False, null=True)),
                ("revoked_at", models.DateTimeField(blank=True, null=True)),
                (
                    "team",
                    models.ForeignKey(
                        blank=True,
                        help_text="Bundles posted with it belong to this team (none: staff only).",
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="api_tokens",
                        to="reviews.team",
                    ),
                ),
            ],
            options={
                "ordering": ["name"],
            },
        ),
        migrations.CreateModel(
            name="QuoteVerdict",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "action",
                    models.CharField(
                        choices=[
                            ("confirm", "confirmed"),
                            ("overrule", "overruled"),
                            ("clear", "cleared"),
                        ],
                        max_length=10,
                    ),
                ),
                ("comment", models.TextField(blank=True)),
                (
                    "run",
                    models.PositiveIntegerField(help_text="The verification run the reviewer saw."),
                ),
                (
                    "engine_status",
                    models.CharField(
                        help_text="The engine's status of the quote when the verdict was given.",
                        max_length=12,
                    ),
                ),
                (
                    "engine_rules",
                    models.JSONField(
                        blank=True,
                        default=list,
                        help_text="The rule ids of its decision and attention then.",
                    ),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True, db_index=True)),
                (
                    "assessment",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="verdicts",
                        to="reviews.assessment",
                    ),
                ),
                (
                    "quote",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="verdicts",
                        to="citations.quote",
                    ),
                ),
                (
                    "reviewer",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="quote_verdicts",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["-created_at", "-id"],
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(("action__in", ["confirm", "overrule", "clear"])),
                        name="quote_verdict_action_valid",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="ReviewDecision",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "action",
                    models.CharField(
                        choices=[
                            ("approve", "Approve"),
                            ("reject", "Reject"),
                            ("return", "Return"),
                        ],
                        max_length=10,
                    ),
                ),
                ("comment", models.TextField(blank=True)),
                (
                    "confirmed_unverified",
                    models.BooleanField(
                        default=False,
                        help_text="The reviewer approved knowingly with unverified quotes.",
                    ),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "assessment",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="decisions",
                        to="reviews.assessment",
                    ),
                ),
                (
                    "reviewer",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="review_decisions",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["-created_at", "-id"],
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(("action__in", ["approve", "reject", "return"])),
                        name="decision_action_valid",
                    )
                ],
            },
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
        migrations.RunPython(_on_postgresql(APPEND_ONLY), _on_postgresql(APPEND_ONLY_UNDONE)),
    ]
