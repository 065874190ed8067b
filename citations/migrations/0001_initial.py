"""The verification tables, squashed before the first release (issue 35): generated from the
models, plus what models do not express, written here by hand and importing no project code.

Corrections are an audit trail (011.3, issue 30): PostgreSQL itself refuses to change, delete
or truncate them, for every role, the owner's too. ``append_only_refuse()`` is the one
function every append-only table's TRUNCATE trigger calls (reviews' tables too)."""

import django.db.models.deletion
from django.db import migrations, models

APPEND_ONLY = """
CREATE FUNCTION append_only_refuse() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
CREATE FUNCTION reviews_correction_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'reviews_correction is append-only: % refused', TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER reviews_correction_append_only
    BEFORE UPDATE OR DELETE ON reviews_correction
    FOR EACH ROW EXECUTE FUNCTION reviews_correction_append_only();
CREATE TRIGGER reviews_correction_refuses_truncate
    BEFORE TRUNCATE ON reviews_correction
    FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse();
"""

APPEND_ONLY_UNDONE = """
DROP TRIGGER IF EXISTS reviews_correction_refuses_truncate ON reviews_correction;
DROP TRIGGER IF EXISTS reviews_correction_append_only ON reviews_correction;
DROP FUNCTION IF EXISTS reviews_correction_append_only();
DROP FUNCTION IF EXISTS append_only_refuse();
"""


def _on_postgresql(sql):
    """SQLite (the demo) has no triggers of these kinds here and relies on the app alone."""

    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql, params=None)

    return run


class Migration(migrations.Migration):
    initial = True

    dependencies = []

    operations = [
        migrations.CreateModel(
            name="SweepRun",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("ran_at", models.DateTimeField()),
            ],
        ),
        migrations.CreateModel(
            name="Turn",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True)),
            ],
        ),
        migrations.CreateModel(
            name="Source",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The source id used by citation markers.", max_length=64
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("document", "document"),
                            ("attachment", "attachment"),
                            ("email_body", "email body"),
                        ],
                        max_length=20,
                    ),
                ),
                ("title", models.CharField(blank=True, max_length=500)),
                ("label", models.CharField(blank=True, max_length=500)),
                ("url", models.CharField(blank=True, max_length=2000)),
                (
                    "eligible",
                    models.BooleanField(
                        default=True, help_text="Provided to the model in this turn."
                    ),
                ),
                ("paragraphs", models.JSONField(help_text="Raw paragraph texts; ¶1 is the first.")),
                (
                    "pages",
                    models.JSONField(
                        blank=True,
                        default=list,
                        help_text="A paged source's {page, breaks}, one per paragraph; else empty.",
                    ),
                ),
                ("position", models.PositiveIntegerField(help_text="Order in the bundle.")),
                (
                    "media_type",
                    models.CharField(
                        blank=True,
                        help_text="A source given as a file: the file's media type.",
                        max_length=100,
                    ),
                ),
                (
                    "file",
                    models.BinaryField(
                        blank=True, help_text="A source given as a file: its bytes.", null=True
                    ),
                ),
                (
                    "file_read_at",
                    models.DateTimeField(
                        blank=True,
                        help_text="When the worker read the file (an e-mail's attachments too).",
                        null=True,
                    ),
                ),
                (
                    "parent",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="attachments",
                        to="citations.source",
                    ),
                ),
                (
                    "turn",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="sources",
                        to="citations.turn",
                    ),
                ),
            ],
            options={
                "ordering": ["turn", "position"],
            },
        ),
        migrations.CreateModel(
            name="Verification",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "owner",
                    models.CharField(
                        blank=True,
                        default="",
                        help_text="Whose bundle id this is, fixed when the bundle is stored; the app storing it names the owner (reviews: 'team:<id>' of the posting team, '' without a team).",
                        max_length=100,
                    ),
                ),
                ("bundle_id", models.CharField(max_length=200)),
                (
                    "bundle_sha256",
                    models.CharField(help_text="Digest of the submitted bundle.", max_length=64),
                ),
                ("title", models.CharField(blank=True, max_length=500)),
                (
                    "meta",
                    models.JSONField(
                        blank=True, default=dict, help_text="Execution record from the pipeline."
                    ),
                ),
                ("model_name", models.CharField(blank=True, db_index=True, max_length=200)),
                ("prompt_version", models.CharField(blank=True, max_length=200)),
                (
                    "response_format",
                    models.CharField(
                        choices=[("markdown", "markdown"), ("json", "json")], max_length=10
                    ),
                ),
                ("response_text", models.TextField()),
                (
                    "quote_fields",
                    models.JSONField(
                        blank=True, default=list, help_text="response.quotes of the bundle."
                    ),
                ),
                (
                    "drop",
                    models.JSONField(
                        blank=True,
                        default=list,
                        help_text="Statuses removed from the export ('attention': quotes with attention).",
                    ),
                ),
                (
                    "verification_state",
                    models.CharField(
                        choices=[
                            ("pending", "Pending"),
                            ("running", "Running"),
                            ("done", "Done"),
                            ("failed", "Failed"),
                        ],
                        db_index=True,
                        default="pending",
                        max_length=10,
                    ),
                ),
                ("verification_started_at", models.DateTimeField(blank=True, null=True)),
                (
                    "verification_claimed_by",
                    models.CharField(
                        blank=True,
                        help_text="The process holding the claim (machine, process id, start time): a claim whose process is gone is taken over at once instead of after the stale period.",
                        max_length=200,
                    ),
                ),
                (
                    "verification_heartbeat_at",
                    models.DateTimeField(
                        blank=True,
                        help_text="Refreshed by the claim's owner while it works (the database's clock): a claim whose heartbeat falls silent is taken over by any worker.",
                        null=True,
                    ),
                ),
                ("verified_at", models.DateTimeField(blank=True, null=True)),
                ("verification_error", models.TextField(blank=True)),
                ("verification_attempts", models.PositiveIntegerField(default=0)),
                (
                    "verification_crashes",
                    models.PositiveIntegerField(
                        default=0,
                        help_text="Stale claims taken over in a row (each worker died holding it).",
                    ),
                ),
                (
                    "verification_run",
                    models.PositiveIntegerField(
                        default=0, help_text="How many result sets were stored."
                    ),
                ),
                ("engine_version", models.CharField(blank=True, max_length=50)),
                (
                    "report",
                    models.JSONField(
                        blank=True, help_text="The engine's report (report.schema.json).", null=True
                    ),
                ),
                (
                    "layout",
                    models.JSONField(
                        blank=True,
                        help_text="How the engine read the response (its quotes' places and citation sites; a JSON answer's value and quote objects), stored with the results: pages and exports read this, never the response again.",
                        null=True,
                    ),
                ),
                ("quotes_found", models.PositiveIntegerField(default=0)),
                ("quotes_verified", models.PositiveIntegerField(default=0)),
                ("quotes_corrected", models.PositiveIntegerField(default=0)),
                ("quotes_unverified", models.PositiveIntegerField(default=0)),
                ("quotes_ineligible", models.PositiveIntegerField(default=0)),
                ("quotes_dropped", models.PositiveIntegerField(default=0)),
                (
                    "quotes_attention",
                    models.PositiveIntegerField(
                        default=0, help_text="Quotes with at least one attention entry."
                    ),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True, db_index=True)),
                ("updated_at", models.DateTimeField(auto_now=True)),
                (
                    "turn",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="assessment",
                        to="citations.turn",
                    ),
                ),
            ],
            options={
                "ordering": ["-created_at", "-id"],
            },
        ),
        migrations.CreateModel(
            name="Quote",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("n", models.PositiveIntegerField(help_text="1-based position in the response.")),
                (
                    "form",
                    models.CharField(
                        choices=[("block", "block"), ("inline", "inline"), ("field", "field")],
                        max_length=10,
                    ),
                ),
                ("text", models.TextField(help_text="As the model wrote it.")),
                ("response_start", models.PositiveIntegerField(blank=True, null=True)),
                ("response_end", models.PositiveIntegerField(blank=True, null=True)),
                (
                    "extent_start",
                    models.PositiveIntegerField(
                        blank=True,
                        help_text="Where everything that belongs to the quote starts in the response: its quotation marks, emphasis, '>' lines and citation marker.",
                        null=True,
                    ),
                ),
                ("extent_end", models.PositiveIntegerField(blank=True, null=True)),
                ("json_path", models.TextField(blank=True)),
                (
                    "cited_ref",
                    models.CharField(
                        blank=True, help_text="The source as the model named it.", max_length=500
                    ),
                ),
                ("cited_paragraph", models.PositiveIntegerField(blank=True, null=True)),
                ("cited_page", models.PositiveIntegerField(blank=True, null=True)),
                ("cited_page_end", models.PositiveIntegerField(blank=True, null=True)),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("verified", "verified"),
                            ("corrected", "corrected"),
                            ("unverified", "unverified"),
                            ("ineligible", "ineligible"),
                        ],
                        db_index=True,
                        max_length=12,
                    ),
                ),
                (
                    "reason",
                    models.CharField(
                        choices=[
                            ("found_as_cited", "found as cited"),
                            ("relocated_paragraph", "relocated paragraph"),
                            ("relocated_page", "relocated page"),
                            ("relocated_source", "relocated source"),
                            ("text_repaired", "text repaired"),
                            ("not_found", "not found"),
                            ("claim_changed", "claim changed"),
                            ("email_body_mismatch", "email body mismatch"),
                            ("source_not_eligible", "source not eligible"),
                            ("unknown_source", "unknown source"),
                        ],
                        db_index=True,
                        max_length=24,
                    ),
                ),
                ("match_paragraph", models.PositiveIntegerField(blank=True, null=True)),
                (
                    "match_page",
                    models.PositiveIntegerField(
                        blank=True,
                        help_text="The page the match starts on, in a paged source.",
                        null=True,
                    ),
                ),
                ("match_start", models.PositiveIntegerField(blank=True, null=True)),
                ("match_end", models.PositiveIntegerField(blank=True, null=True)),
                ("match_score", models.FloatField(blank=True, null=True)),
                (
                    "match_method",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("exact", "exact"),
                            ("normalized", "normalized"),
                            ("approximate", "approximate"),
                        ],
                        max_length=12,
                    ),
                ),
                (
                    "match_tier",
                    models.CharField(
                        blank=True,
                        choices=[("primary", "primary"), ("secondary", "secondary")],
                        max_length=10,
                    ),
                ),
                (
                    "match_continues",
                    models.JSONField(
                        blank=True,
                        default=list,
                        help_text="[paragraph, start, end] of the match's parts in following paragraphs.",
                    ),
                ),
                ("corrected_text", models.TextField(blank=True)),
                ("corrected_paragraph", models.PositiveIntegerField(blank=True, null=True)),
                ("corrected_page", models.PositiveIntegerField(blank=True, null=True)),
                (
                    "decision",
                    models.JSONField(
                        blank=True,
                        default=dict,
                        help_text="Why the engine decided (the report's 'decision').",
                    ),
                ),
                (
                    "context",
                    models.JSONField(
                        blank=True,
                        help_text="What of its sentence the quote leaves out (the report's 'context').",
                        null=True,
                    ),
                ),
                (
                    "attention",
                    models.JSONField(
                        blank=True,
                        default=list,
                        help_text="Why a reviewer should look although the status stands (the report's 'attention').",
                    ),
                ),
                (
                    "page_diff",
                    models.JSONField(
                        blank=True,
                        default=dict,
                        help_text="The word diff the reviewer's page shows, computed once with the results (citations.diffs.quote_page_diff): a correction's change, a hint's differences.",
                    ),
                ),
                (
                    "cited_source",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="citations.source",
                    ),
                ),
                (
                    "corrected_source",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="citations.source",
                    ),
                ),
                (
                    "match_source",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="matches",
                        to="citations.source",
                    ),
                ),
                (
                    "assessment",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="quotes",
                        to="citations.verification",
                    ),
                ),
            ],
            options={
                "ordering": ["assessment", "n"],
            },
        ),
        migrations.CreateModel(
            name="Correction",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "run",
                    models.PositiveIntegerField(help_text="The verification run that made it."),
                ),
                (
                    "field",
                    models.CharField(
                        choices=[
                            ("text", "Text"),
                            ("source", "Source"),
                            ("paragraph", "Paragraph"),
                            ("page", "Page"),
                        ],
                        max_length=10,
                    ),
                ),
                ("old_value", models.TextField(blank=True)),
                ("new_value", models.TextField()),
                (
                    "reason",
                    models.CharField(
                        choices=[
                            ("found_as_cited", "found as cited"),
                            ("relocated_paragraph", "relocated paragraph"),
                            ("relocated_page", "relocated page"),
                            ("relocated_source", "relocated source"),
                            ("text_repaired", "text repaired"),
                            ("not_found", "not found"),
                            ("claim_changed", "claim changed"),
                            ("email_body_mismatch", "email body mismatch"),
                            ("source_not_eligible", "source not eligible"),
                            ("unknown_source", "unknown source"),
                        ],
                        max_length=24,
                    ),
                ),
                ("score", models.FloatField(blank=True, null=True)),
                ("engine_version", models.CharField(max_length=50)),
                (
                    "actor",
                    models.CharField(
                        default="system",
                        help_text="'system' or a reviewer's username.",
                        max_length=150,
                    ),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True, db_index=True)),
                (
                    "quote",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="corrections",
                        to="citations.quote",
                    ),
                ),
                (
                    "assessment",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="corrections",
                        to="citations.verification",
                    ),
                ),
            ],
            options={
                "db_table": "reviews_correction",
                "ordering": ["-created_at", "-id"],
            },
        ),
        migrations.AddConstraint(
            model_name="source",
            constraint=models.UniqueConstraint(
                fields=("turn", "key"), name="source_key_unique_in_turn"
            ),
        ),
        migrations.AddConstraint(
            model_name="source",
            constraint=models.CheckConstraint(
                condition=models.Q(("kind__in", ["document", "attachment", "email_body"])),
                name="source_kind_valid",
            ),
        ),
        migrations.AddConstraint(
            model_name="verification",
            constraint=models.UniqueConstraint(
                fields=("owner", "bundle_id"), name="verification_bundle_id_unique_per_owner"
            ),
        ),
        migrations.AddConstraint(
            model_name="verification",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("verification_state__in", ["pending", "running", "done", "failed"])
                ),
                name="assessment_verification_state_valid",
            ),
        ),
        migrations.AddConstraint(
            model_name="verification",
            constraint=models.CheckConstraint(
                condition=models.Q(("response_format__in", ["markdown", "json"])),
                name="assessment_response_format_valid",
            ),
        ),
        migrations.AddConstraint(
            model_name="quote",
            constraint=models.UniqueConstraint(
                fields=("assessment", "n"), name="quote_position_unique"
            ),
        ),
        migrations.AddConstraint(
            model_name="quote",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("status__in", ["verified", "corrected", "unverified", "ineligible"])
                ),
                name="quote_status_valid",
            ),
        ),
        migrations.AddConstraint(
            model_name="quote",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    (
                        "reason__in",
                        [
                            "found_as_cited",
                            "relocated_paragraph",
                            "relocated_page",
                            "relocated_source",
                            "text_repaired",
                            "not_found",
                            "claim_changed",
                            "email_body_mismatch",
                            "source_not_eligible",
                            "unknown_source",
                        ],
                    )
                ),
                name="quote_reason_valid",
            ),
        ),
        migrations.AddConstraint(
            model_name="quote",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("match_start__isnull", True),
                    ("match_start__lt", models.F("match_end")),
                    _connector="OR",
                ),
                name="quote_match_span_ordered",
            ),
        ),
        migrations.AddConstraint(
            model_name="quote",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("response_start__isnull", True),
                    ("response_start__lt", models.F("response_end")),
                    _connector="OR",
                ),
                name="quote_response_span_ordered",
            ),
        ),
        migrations.AddConstraint(
            model_name="quote",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("extent_start__isnull", True),
                    models.Q(
                        ("extent_end__gte", models.F("response_end")),
                        ("extent_start__lte", models.F("response_start")),
                    ),
                    _connector="OR",
                ),
                name="quote_extent_holds_response_span",
            ),
        ),
        migrations.AddConstraint(
            model_name="quote",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("match_score__isnull", True),
                    models.Q(("match_score__gte", 0), ("match_score__lte", 1)),
                    _connector="OR",
                ),
                name="quote_match_score_range",
            ),
        ),
        migrations.AddConstraint(
            model_name="correction",
            constraint=models.UniqueConstraint(
                fields=("quote", "run", "field"), name="correction_once_per_run"
            ),
        ),
        migrations.AddConstraint(
            model_name="correction",
            constraint=models.CheckConstraint(
                condition=models.Q(("field__in", ["text", "source", "paragraph", "page"])),
                name="correction_field_valid",
            ),
        ),
        migrations.RunPython(_on_postgresql(APPEND_ONLY), _on_postgresql(APPEND_ONLY_UNDONE)),
    ]
