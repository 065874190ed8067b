"""Generations and their execution records (EV-8).

A ``Generation`` is one request to turn chosen sources into a structured result: it keeps
the turn's sources with their eligibility (decided once, 012.3) and where the run ended.
Each model call of it is an ``ExecutionRecord``: at most two (the first call and one repair).
A reviewer's edit of the answer in manual review is a record of its own (``human_edit``,
with who and when), validated as a model's answer is. Records are debugging and regression
data, not business data; only a valid answer is handed over to verification as an
assessment. A handed-over answer's clarification questions are ``ClarificationQuestion``
rows: an assessment with an open one cannot be approved.
"""

from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.db.models import Q

if TYPE_CHECKING:
    from .costs import CostTotal


class GenerationStatus(models.TextChoices):
    PENDING = "pending"
    RUNNING = "running"
    ACCEPTED = "accepted", "accepted (first answer valid)"
    REPAIRED = "repaired", "accepted after one repair"
    MANUAL_REVIEW = "manual_review", "manual review"
    FAILED = "failed", "failed (no answer from the model)"
    # The reviewer's decisions on a run in manual review:
    EDITED = "edited", "accepted after a human edit"
    REJECTED = "rejected", "rejected in review"
    RERUN = "rerun", "re-run as a new generation"


class CallKind(models.TextChoices):
    INITIAL = "initial"
    REPAIR = "repair"
    HUMAN_EDIT = "human_edit", "human edit"


class RecordStatus(models.TextChoices):
    CALLING = "calling", "call in progress"  # written before the call: a dead worker's stays
    VALID = "valid"
    INVALID = "invalid"
    REFUSED = "refused", "refused by the model"  # its words kept; nothing to repair
    TRANSPORT_ERROR = "transport_error", "transport error"


def _in(field: str, choices: type[models.TextChoices]) -> Q:
    return Q(**{f"{field}__in": choices.values})


class RegisteredSchema(models.Model):
    """An output contract a user registered: a definition (``generation.schemas``) under a
    name and a version. Versions are kept: a run records the one it used."""

    name = models.CharField(max_length=100)
    version = models.CharField(max_length=50)
    definition = models.JSONField(help_text="The definition as registered (checked then).")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="registered_schemas",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["name", "version"], name="schema_version_once"),
        ]

    def __str__(self) -> str:
        return f"{self.name} v{self.version}"


class Generation(models.Model):
    # Set by the list view on the runs it shows: the costs of each one's calls.
    cost: "CostTotal"

    title = models.CharField(max_length=500, blank=True)
    bundle_id = models.CharField(
        max_length=200, blank=True, help_text="Bundle id for the hand-over; generated if blank."
    )
    schema_name = models.CharField(max_length=100)
    schema = models.ForeignKey(
        RegisteredSchema,
        on_delete=models.PROTECT,  # a run's contract stays readable
        related_name="generations",
        help_text="The registered schema version the run uses.",
    )
    model_name = models.CharField(max_length=200)
    prompt_version = models.CharField(max_length=100)
    sources = models.JSONField(
        help_text="The turn's sources (bundle source objects) with eligibility."
    )
    status = models.CharField(
        max_length=16,
        choices=GenerationStatus.choices,
        default=GenerationStatus.PENDING,
        db_index=True,
    )
    failure = models.TextField(blank=True, help_text="Why the run did not produce a result.")
    assessment = models.OneToOneField(
        "reviews.Assessment",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="generation",
        help_text="The assessment this run's answer was stored as.",
    )
    reused_assessment = models.ForeignKey(
        "reviews.Assessment",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="repeated_by",
        help_text="A re-run: the assessment an earlier run stored under this bundle id with "
        "identical content, which this run's answer is.",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="generations",
    )
    team = models.ForeignKey(
        "reviews.Team",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="generations",
        help_text="Its assessment belongs to this team, whose reviewers see it (none: staff).",
    )
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    claimed_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When a worker last took the run; a stale claim is taken over.",
    )
    finished_at = models.DateTimeField(null=True, blank=True)
    rerun_of = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="reruns",
        help_text="The run (in manual review, or failed) that a reviewer re-ran as this one.",
    )
    reviewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="reviewed_generations",
        help_text="Who took the run out of manual review (edit, re-run or reject).",
    )
    reviewed_at = models.DateTimeField(null=True, blank=True)
    review_comment = models.TextField(blank=True, help_text="A rejection's reason.")

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=_in("status", GenerationStatus), name="generation_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"generation {self.pk}: {self.title or self.schema_name} ({self.status})"

    @property
    def handed_over_to(self):
        """The assessment holding this run's answer: its own, or the earlier identical one."""
        return self.assessment or self.reused_assessment


class ExecutionRecord(models.Model):
    """One model call with everything needed to replay or re-validate it (EV-8), or one
    reviewer's edit of the answer (``edited_by``; no request)."""

    generation = models.ForeignKey(Generation, on_delete=models.CASCADE, related_name="records")
    kind = models.CharField(max_length=10, choices=CallKind.choices)
    model_name = models.CharField(max_length=200)
    prompt_version = models.CharField(max_length=100)
    schema_name = models.CharField(max_length=100)
    schema_version = models.CharField(max_length=50, blank=True)
    validator_version = models.CharField(max_length=50)
    input_sources = models.JSONField(
        help_text="Per source: id, eligible, sha256 of its paragraphs as sent."
    )
    request = models.JSONField(help_text="The chat-completions request body sent.")
    raw_response = models.TextField(blank=True, help_text="The answer exactly as received.")
    parsed = models.JSONField(null=True, blank=True, help_text="The decoded answer, if JSON.")
    status = models.CharField(max_length=16, choices=RecordStatus.choices, db_index=True)
    errors = models.JSONField(default=list, blank=True, help_text="[{path, rule, message}]")
    coverage = models.JSONField(default=list, blank=True, help_text="Per source sentence.")
    completeness = models.JSONField(default=list, blank=True, help_text="Per required value.")
    values = models.JSONField(
        default=list,
        blank=True,
        help_text="Per value of the result: its excerpts and the words they do not say.",
    )
    transport_error = models.TextField(blank=True)
    retried = models.JSONField(
        default=list,
        blank=True,
        help_text="Attempts that failed before the last: [{at, error}] (transport errors "
        "retried, a worker that stopped during the call).",
    )
    started_at = models.DateTimeField()
    duration_ms = models.PositiveIntegerField()
    prompt_tokens = models.PositiveIntegerField(null=True, blank=True)
    completion_tokens = models.PositiveIntegerField(null=True, blank=True)
    total_tokens = models.PositiveIntegerField(null=True, blank=True)
    cost = models.DecimalField(
        max_digits=20,
        decimal_places=10,
        null=True,
        blank=True,
        help_text="What the call cost at the price of its model when it was made (LLM_PRICES); "
        "empty when unknown: no price for the model, or no token usage reported.",
    )
    cost_currency = models.CharField(max_length=3, blank=True)
    edited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,  # who edited an answer stays known
        null=True,
        blank=True,
        related_name="edited_records",
    )

    class Meta:
        ordering = ["generation", "id"]
        constraints = [
            # A run makes each call once; a reviewer may edit as often as needed.
            models.UniqueConstraint(
                fields=["generation", "kind"],
                condition=~Q(kind=CallKind.HUMAN_EDIT),
                name="record_one_call_per_kind",
            ),
            models.CheckConstraint(
                condition=Q(kind=CallKind.HUMAN_EDIT, edited_by__isnull=False)
                | (~Q(kind=CallKind.HUMAN_EDIT) & Q(edited_by__isnull=True)),
                name="record_edit_has_editor",
            ),
            models.CheckConstraint(condition=_in("kind", CallKind), name="record_kind_valid"),
            models.CheckConstraint(
                condition=_in("status", RecordStatus), name="record_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"record {self.pk} ({self.kind}, {self.status})"


class ClarificationQuestion(models.Model):
    """A question of a handed-over answer about a value the sources do not give
    (``NEEDS_INPUT``), and a reviewer's answer to it: the value, who and when. The answer is
    the value's evidence; an assessment with an open question cannot be approved."""

    generation = models.ForeignKey(Generation, on_delete=models.CASCADE, related_name="questions")
    field = models.CharField(max_length=500, help_text='The value asked for ("assignmentRule").')
    question = models.TextField()
    asked_in = models.ForeignKey(ExecutionRecord, on_delete=models.CASCADE, related_name="+")
    answer = models.JSONField(null=True, blank=True, help_text="The value, as JSON.")
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="answered_questions",
    )
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["generation", "id"]
        constraints = [
            models.UniqueConstraint(fields=["generation", "field"], name="question_once_per_field"),
            models.CheckConstraint(
                condition=Q(answered_at__isnull=True, answered_by__isnull=True)
                | Q(answered_at__isnull=False, answered_by__isnull=False),
                name="question_answered_by_someone",
            ),
        ]

    def __str__(self) -> str:
        return f"question on {self.field} ({'answered' if self.answered_at else 'open'})"
