"""The generation tables, squashed before the first release (issue 35): generated from the
models, plus the one row models do not express, importing no project code.

Seed 002's contract is registered like any other schema: its definition as shipped then
(``generation/definitions/task-procedure-v1.json``; a test holds the two equal), frozen here
so that changing the file later does not change what this migration did."""

import json

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

ARTICLE_SCHEMA = json.loads(
    r"""
{
 "name": "task-procedure-v1",
 "version": "1",
 "description": "Seed 002's task procedure: purpose, participants, steps, rules, the assignment rule, with evidence per value.",
 "json_schema": {
  "type": "object",
  "additionalProperties": false,
  "required": [
   "documentPurpose",
   "participants",
   "processSteps",
   "rules",
   "assignmentRule",
   "missingFields",
   "evidence"
  ],
  "properties": {
   "documentPurpose": {
    "type": [
     "string",
     "null"
    ],
    "description": "What the document aims to achieve; null (with a question) when the source does not say."
   },
   "participants": {
    "type": "array",
    "items": {
     "type": "object",
     "additionalProperties": false,
     "required": [
      "id",
      "name"
     ],
     "properties": {
      "id": {
       "type": "string",
       "minLength": 1
      },
      "name": {
       "type": "string",
       "minLength": 1
      }
     }
    }
   },
   "processSteps": {
    "type": "array",
    "items": {
     "type": "object",
     "additionalProperties": false,
     "required": [
      "order",
      "actorId",
      "action"
     ],
     "properties": {
      "order": {
       "type": "integer",
       "minimum": 1
      },
      "actorId": {
       "type": "string",
       "minLength": 1
      },
      "action": {
       "type": "string",
       "minLength": 1
      }
     }
    }
   },
   "rules": {
    "type": "array",
    "items": {
     "type": "string",
     "minLength": 1
    }
   },
   "assignmentRule": {
    "type": [
     "string",
     "null"
    ],
    "description": "null when the source gives no assignment criterion"
   },
   "missingFields": {
    "type": "array",
    "items": {
     "type": "object",
     "additionalProperties": false,
     "required": [
      "fieldPath",
      "question"
     ],
     "properties": {
      "fieldPath": {
       "type": "string",
       "minLength": 1
      },
      "question": {
       "type": "string",
       "minLength": 1
      }
     }
    }
   },
   "evidence": {
    "type": "array",
    "items": {
     "type": "object",
     "additionalProperties": false,
     "required": [
      "fieldPath",
      "sourceExcerpt"
     ],
     "properties": {
      "fieldPath": {
       "type": "string",
       "minLength": 1
      },
      "sourceExcerpt": {
       "type": "string",
       "minLength": 1
      },
      "source": {
       "type": "string",
       "description": "source id of the marker"
      },
      "paragraph": {
       "type": "integer",
       "minimum": 1
      }
     }
    }
   },
   "excluded": {
    "type": "array",
    "description": "Source sentences deliberately not converted, with the reason.",
    "items": {
     "type": "object",
     "additionalProperties": false,
     "required": [
      "sourceExcerpt",
      "reason"
     ],
     "properties": {
      "sourceExcerpt": {
       "type": "string",
       "minLength": 1
      },
      "reason": {
       "enum": [
        "heading",
        "greeting",
        "signature",
        "boilerplate",
        "background"
       ]
      }
     }
    }
   }
  }
 },
 "evidence": {
  "path": "$.evidence[*]",
  "field_path": "fieldPath",
  "excerpt": "sourceExcerpt",
  "source": "source",
  "paragraph": "paragraph"
 },
 "questions": {
  "path": "$.missingFields[*]",
  "field_path": "fieldPath",
  "question": "question"
 },
 "excluded": {
  "path": "$.excluded[*]",
  "excerpt": "sourceExcerpt",
  "reason": "reason",
  "reasons": [
   "heading",
   "greeting",
   "signature",
   "boilerplate",
   "background"
  ]
 },
 "required": [
  "documentPurpose",
  "participants",
  "processSteps",
  "assignmentRule"
 ],
 "unique": [
  "$.participants[*].id"
 ],
 "references": [
  {
   "from": "$.processSteps[*].actorId",
   "to": "$.participants[*].id"
  }
 ],
 "orders": [
  "$.processSteps[*].order"
 ],
 "coverage": {
  "max_unmapped_share": 0.0,
  "max_excluded_share": 0.5
 },
 "examples": []
}
"""
)


def register_the_article_schema(apps, schema_editor):
    RegisteredSchema = apps.get_model("generation", "RegisteredSchema")
    RegisteredSchema.objects.get_or_create(
        name=ARTICLE_SCHEMA["name"],
        version=ARTICLE_SCHEMA["version"],
        defaults={"definition": ARTICLE_SCHEMA},
    )


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("reviews", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Generation",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("title", models.CharField(blank=True, max_length=500)),
                (
                    "bundle_id",
                    models.CharField(
                        blank=True,
                        help_text="Bundle id for the hand-over; generated if blank.",
                        max_length=200,
                    ),
                ),
                ("schema_name", models.CharField(max_length=100)),
                ("model_name", models.CharField(max_length=200)),
                ("prompt_version", models.CharField(max_length=100)),
                (
                    "sources",
                    models.JSONField(
                        help_text="The turn's sources (bundle source objects) with eligibility."
                    ),
                ),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("pending", "Pending"),
                            ("running", "Running"),
                            ("accepted", "accepted (first answer valid)"),
                            ("repaired", "accepted after one repair"),
                            ("manual_review", "manual review"),
                            ("failed", "failed (no answer from the model)"),
                            ("edited", "accepted after a human edit"),
                            ("rejected", "rejected in review"),
                            ("rerun", "re-run as a new generation"),
                        ],
                        db_index=True,
                        default="pending",
                        max_length=16,
                    ),
                ),
                (
                    "failure",
                    models.TextField(blank=True, help_text="Why the run did not produce a result."),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True, db_index=True)),
                (
                    "claimed_at",
                    models.DateTimeField(
                        blank=True,
                        help_text="When a worker last took the run; a stale claim is taken over.",
                        null=True,
                    ),
                ),
                ("finished_at", models.DateTimeField(blank=True, null=True)),
                ("reviewed_at", models.DateTimeField(blank=True, null=True)),
                ("review_comment", models.TextField(blank=True, help_text="A rejection's reason.")),
                (
                    "assessment",
                    models.OneToOneField(
                        blank=True,
                        help_text="The assessment this run's answer was stored as.",
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="generation",
                        to="reviews.assessment",
                    ),
                ),
                (
                    "created_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="generations",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "rerun_of",
                    models.ForeignKey(
                        blank=True,
                        help_text="The run (in manual review, or failed) that a reviewer re-ran as this one.",
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="reruns",
                        to="generation.generation",
                    ),
                ),
                (
                    "reused_assessment",
                    models.ForeignKey(
                        blank=True,
                        help_text="A re-run: the assessment an earlier run stored under this bundle id with identical content, which this run's answer is.",
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="repeated_by",
                        to="reviews.assessment",
                    ),
                ),
                (
                    "reviewed_by",
                    models.ForeignKey(
                        blank=True,
                        help_text="Who took the run out of manual review (edit, re-run or reject).",
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="reviewed_generations",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "team",
                    models.ForeignKey(
                        blank=True,
                        help_text="Its assessment belongs to this team, whose reviewers see it (none: staff).",
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="generations",
                        to="reviews.team",
                    ),
                ),
            ],
            options={
                "ordering": ["-created_at", "-id"],
            },
        ),
        migrations.CreateModel(
            name="ExecutionRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("initial", "Initial"),
                            ("repair", "Repair"),
                            ("human_edit", "human edit"),
                        ],
                        max_length=10,
                    ),
                ),
                ("model_name", models.CharField(max_length=200)),
                ("prompt_version", models.CharField(max_length=100)),
                ("schema_name", models.CharField(max_length=100)),
                ("schema_version", models.CharField(blank=True, max_length=50)),
                ("validator_version", models.CharField(max_length=50)),
                (
                    "input_sources",
                    models.JSONField(
                        help_text="Per source: id, eligible, sha256 of its paragraphs as sent."
                    ),
                ),
                ("request", models.JSONField(help_text="The chat-completions request body sent.")),
                (
                    "raw_response",
                    models.TextField(blank=True, help_text="The answer exactly as received."),
                ),
                (
                    "parsed",
                    models.JSONField(
                        blank=True, help_text="The decoded answer, if JSON.", null=True
                    ),
                ),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("calling", "call in progress"),
                            ("valid", "Valid"),
                            ("invalid", "Invalid"),
                            ("refused", "refused by the model"),
                            ("transport_error", "transport error"),
                        ],
                        db_index=True,
                        max_length=16,
                    ),
                ),
                (
                    "errors",
                    models.JSONField(blank=True, default=list, help_text="[{path, rule, message}]"),
                ),
                (
                    "coverage",
                    models.JSONField(blank=True, default=list, help_text="Per source sentence."),
                ),
                (
                    "completeness",
                    models.JSONField(blank=True, default=list, help_text="Per required value."),
                ),
                (
                    "values",
                    models.JSONField(
                        blank=True,
                        default=list,
                        help_text="Per value of the result: its excerpts and the words they do not say.",
                    ),
                ),
                ("transport_error", models.TextField(blank=True)),
                (
                    "retried",
                    models.JSONField(
                        blank=True,
                        default=list,
                        help_text="Attempts that failed before the last: [{at, error}] (transport errors retried, a worker that stopped during the call).",
                    ),
                ),
                ("started_at", models.DateTimeField()),
                ("duration_ms", models.PositiveIntegerField()),
                ("prompt_tokens", models.PositiveIntegerField(blank=True, null=True)),
                ("completion_tokens", models.PositiveIntegerField(blank=True, null=True)),
                ("total_tokens", models.PositiveIntegerField(blank=True, null=True)),
                (
                    "cost",
                    models.DecimalField(
                        blank=True,
                        decimal_places=10,
                        help_text="What the call cost at the price of its model when it was made (LLM_PRICES); empty when unknown: no price for the model, or no token usage reported.",
                        max_digits=20,
                        null=True,
                    ),
                ),
                ("cost_currency", models.CharField(blank=True, max_length=3)),
                (
                    "edited_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="edited_records",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "generation",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="records",
                        to="generation.generation",
                    ),
                ),
            ],
            options={
                "ordering": ["generation", "id"],
            },
        ),
        migrations.CreateModel(
            name="ClarificationQuestion",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "field",
                    models.CharField(
                        help_text='The value asked for ("assignmentRule").', max_length=500
                    ),
                ),
                ("question", models.TextField()),
                (
                    "answer",
                    models.JSONField(blank=True, help_text="The value, as JSON.", null=True),
                ),
                ("answered_at", models.DateTimeField(blank=True, null=True)),
                (
                    "answered_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="answered_questions",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "asked_in",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="generation.executionrecord",
                    ),
                ),
                (
                    "generation",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="questions",
                        to="generation.generation",
                    ),
                ),
            ],
            options={
                "ordering": ["generation", "id"],
            },
        ),
        migrations.CreateModel(
            name="RegisteredSchema",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=100)),
                ("version", models.CharField(max_length=50)),
                (
                    "definition",
                    models.JSONField(help_text="The definition as registered (checked then)."),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "created_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="registered_schemas",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["name", "-created_at", "-id"],
            },
        ),
        migrations.AddField(
            model_name="generation",
            name="schema",
            field=models.ForeignKey(
                help_text="The registered schema version the run uses.",
                on_delete=django.db.models.deletion.PROTECT,
                related_name="generations",
                to="generation.registeredschema",
            ),
        ),
        migrations.AddConstraint(
            model_name="executionrecord",
            constraint=models.UniqueConstraint(
                condition=models.Q(("kind", "human_edit"), _negated=True),
                fields=("generation", "kind"),
                name="record_one_call_per_kind",
            ),
        ),
        migrations.AddConstraint(
            model_name="executionrecord",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("edited_by__isnull", False), ("kind", "human_edit")),
                    models.Q(
                        models.Q(("kind", "human_edit"), _negated=True), ("edited_by__isnull", True)
                    ),
                    _connector="OR",
                ),
                name="record_edit_has_editor",
            ),
        ),
        migrations.AddConstraint(
            model_name="executionrecord",
            constraint=models.CheckConstraint(
                condition=models.Q(("kind__in", ["initial", "repair", "human_edit"])),
                name="record_kind_valid",
            ),
        ),
        migrations.AddConstraint(
            model_name="executionrecord",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("status__in", ["calling", "valid", "invalid", "refused", "transport_error"])
                ),
                name="record_status_valid",
            ),
        ),
        migrations.AddConstraint(
            model_name="clarificationquestion",
            constraint=models.UniqueConstraint(
                fields=("generation", "field"), name="question_once_per_field"
            ),
        ),
        migrations.AddConstraint(
            model_name="clarificationquestion",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("answered_at__isnull", True), ("answered_by__isnull", True)),
                    models.Q(("answered_at__isnull", False), ("answered_by__isnull", False)),
                    _connector="OR",
                ),
                name="question_answered_by_someone",
            ),
        ),
        migrations.AddConstraint(
            model_name="registeredschema",
            constraint=models.UniqueConstraint(
                fields=("name", "version"), name="schema_version_once"
            ),
        ),
        migrations.AddConstraint(
            model_name="generation",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    (
                        "status__in",
                        [
                            "pending",
                            "running",
                            "accepted",
                            "repaired",
                            "manual_review",
                            "failed",
                            "edited",
                            "rejected",
                            "rerun",
                        ],
                    )
                ),
                name="generation_status_valid",
            ),
        ),
        migrations.RunPython(register_the_article_schema, migrations.RunPython.noop),
    ]
