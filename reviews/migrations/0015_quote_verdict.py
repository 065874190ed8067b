"""Quote verdicts (issue 31): a reviewer's word on one quote, an audit trail like review
decisions. PostgreSQL itself refuses to change or delete a verdict, whatever code or admin
tries; SQLite (the demo) relies on the app alone."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

CREATE = """
CREATE FUNCTION reviews_quoteverdict_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'reviews_quoteverdict is append-only: % refused', TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER reviews_quoteverdict_append_only
    BEFORE UPDATE OR DELETE ON reviews_quoteverdict
    FOR EACH ROW EXECUTE FUNCTION reviews_quoteverdict_append_only();
"""

DROP = """
DROP TRIGGER IF EXISTS reviews_quoteverdict_append_only ON reviews_quoteverdict;
DROP FUNCTION IF EXISTS reviews_quoteverdict_append_only();
"""


def _on_postgresql(sql):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql, params=None)

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("citations", "0008_bundle_id_unique_per_owner"),
        ("reviews", "0014_bundle_owner_is_the_team"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
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
        migrations.RunPython(_on_postgresql(CREATE), _on_postgresql(DROP)),
    ]
