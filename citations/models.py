"""What verification stores: the turn's sources, the response and its verification, its
quotes and the corrections made to them.

Invariants live in database constraints; state changes live in services, not in save().
Tables keep the names they were created with where a trigger names them (corrections).
"""

from django.db import models
from django.db.models import F, Q

from citations.engine import MatchMethod, QuoteForm, Reason, SourceKind, Tier, VerificationStatus


def _choices(enum) -> list[tuple[str, str]]:
    return [(member.value, member.value.replace("_", " ")) for member in enum]


def in_choices(field: str, enum) -> Q:
    return Q(**{f"{field}__in": [member.value for member in enum]})


class Turn(models.Model):
    """One LLM call: the sources provided to the model. Each source's eligibility is decided
    once, when the turn is stored, and read from here by prompts, verification and pages (012.3)."""

    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"turn {self.pk}"


class Source(models.Model):
    turn = models.ForeignKey(Turn, on_delete=models.CASCADE, related_name="sources")
    key = models.CharField(max_length=64, help_text="The source id used by citation markers.")
    kind = models.CharField(max_length=20, choices=_choices(SourceKind))
    title = models.CharField(max_length=500, blank=True)
    label = models.CharField(max_length=500, blank=True)
    url = models.CharField(max_length=2000, blank=True)
    parent = models.ForeignKey(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="attachments"
    )
    eligible = models.BooleanField(default=True, help_text="Provided to the model in this turn.")
    paragraphs = models.JSONField(help_text="Raw paragraph texts; ¶1 is the first.")
    pages = models.JSONField(
        default=list,
        blank=True,
        help_text="A paged source's {page, breaks}, one per paragraph; else empty.",
    )
    position = models.PositiveIntegerField(help_text="Order in the bundle.")
    media_type = models.CharField(
        max_length=100, blank=True, help_text="A source given as a file: the file's media type."
    )
    file = models.BinaryField(
        null=True, blank=True, editable=False, help_text="A source given as a file: its bytes."
    )
    file_read_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the worker read the file (an e-mail's attachments too).",
    )

    class Meta:
        ordering = ["turn", "position"]
        constraints = [
            models.UniqueConstraint(fields=["turn", "key"], name="source_key_unique_in_turn"),
            models.CheckConstraint(
                condition=in_choices("kind", SourceKind), name="source_kind_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.key} · {self.title or self.label or self.kind}"


class VerificationState(models.TextChoices):
    PENDING = "pending"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"


class ResponseFormat(models.TextChoices):
    MARKDOWN = "markdown", "markdown"
    JSON = "json", "json"


class Verification(models.Model):
    """A submitted bundle's response and its verification: state, claim, run, engine version,
    report and counts. Its id is the assessment's (``reviews.Assessment`` links to it one-to-one).

    A bundle id is unique per owner, not globally: two owners (teams) may use the same ids,
    and one owner's ids are never looked up for another (issue 30)."""

    owner = models.CharField(
        max_length=100,
        blank=True,
        default="",
        help_text="Whose bundle id this is, fixed when the bundle is stored; the app "
        "storing it names the owner (reviews: 'team:<id>' of the posting team, '' "
        "without a team).",
    )
    bundle_id = models.CharField(max_length=200)
    bundle_sha256 = models.CharField(max_length=64, help_text="Digest of the submitted bundle.")
    title = models.CharField(max_length=500, blank=True)
    meta = models.JSONField(
        default=dict, blank=True, help_text="Execution record from the pipeline."
    )
    model_name = models.CharField(max_length=200, blank=True, db_index=True)
    prompt_version = models.CharField(max_length=200, blank=True)
    turn = models.OneToOneField(Turn, on_delete=models.PROTECT, related_name="assessment")
    response_format = models.CharField(max_length=10, choices=ResponseFormat.choices)
    response_text = models.TextField()
    quote_fields = models.JSONField(
        default=list, blank=True, help_text="response.quotes of the bundle."
    )
    drop = models.JSONField(
        default=list,
        blank=True,
        help_text="Statuses removed from the export ('attention': quotes with attention).",
    )

    verification_state = models.CharField(
        max_length=10,
        choices=VerificationState.choices,
        default=VerificationState.PENDING,
        db_index=True,
    )
    verification_started_at = models.DateTimeField(null=True, blank=True)
    verification_claimed_by = models.CharField(
        max_length=200,
        blank=True,
        help_text="The process holding the claim (machine, process id, start time): a claim "
        "whose process is gone is taken over at once instead of after the stale period.",
    )
    verification_heartbeat_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="Refreshed by the claim's owner while it works (the database's clock): a "
        "claim whose heartbeat falls silent is taken over by any worker.",
    )
    verified_at = models.DateTimeField(null=True, blank=True)
    verification_error = models.TextField(blank=True)
    verification_attempts = models.PositiveIntegerField(default=0)
    verification_crashes = models.PositiveIntegerField(
        default=0,
        help_text="Stale claims taken over in a row (each worker died holding it).",
    )
    verification_run = models.PositiveIntegerField(
        default=0, help_text="How many result sets were stored."
    )
    engine_version = models.CharField(max_length=50, blank=True)
    report = models.JSONField(
        null=True, blank=True, help_text="The engine's report (report.schema.json)."
    )
    layout = models.JSONField(
        null=True,
        blank=True,
        help_text="How the engine read the response (its quotes' places and citation sites; "
        "a JSON answer's value and quote objects), stored with the results: pages and "
        "exports read this, never the response again.",
    )

    # Per-assessment counts (ADR-4), written with the results so silent drops show.
    quotes_found = models.PositiveIntegerField(default=0)
    quotes_verified = models.PositiveIntegerField(default=0)
    quotes_corrected = models.PositiveIntegerField(default=0)
    quotes_unverified = models.PositiveIntegerField(default=0)
    quotes_ineligible = models.PositiveIntegerField(default=0)
    quotes_dropped = models.PositiveIntegerField(default=0)
    quotes_attention = models.PositiveIntegerField(
        default=0, help_text="Quotes with at least one attention entry."
    )

    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "bundle_id"], name="verification_bundle_id_unique_per_owner"
            ),
            models.CheckConstraint(
                condition=in_choices("verification_state", VerificationState),
                name="assessment_verification_state_valid",
            ),
            models.CheckConstraint(
                condition=in_choices("response_format", ResponseFormat),
                name="assessment_response_format_valid",
            ),
        ]

    def __str__(self) -> str:
        return self.title or self.bundle_id


class Quote(models.Model):
    """One occurrence of quoted text in the response: the same words twice are two rows (003.8)."""

    assessment = models.ForeignKey(Verification, on_delete=models.CASCADE, related_name="quotes")
    n = models.PositiveIntegerField(help_text="1-based position in the response.")
    form = models.CharField(max_length=10, choices=_choices(QuoteForm))
    text = models.TextField(help_text="As the model wrote it.")
    response_start = models.PositiveIntegerField(null=True, blank=True)
    response_end = models.PositiveIntegerField(null=True, blank=True)
    extent_start = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text="Where everything that belongs to the quote starts in the response: its "
        "quotation marks, emphasis, '>' lines and citation marker.",
    )
    extent_end = models.PositiveIntegerField(null=True, blank=True)
    # Text, not a bounded column: a concrete path holds the keys the model wrote, of any length.
    json_path = models.TextField(blank=True)
    cited_ref = models.CharField(
        max_length=500, blank=True, help_text="The source as the model named it."
    )
    cited_source = models.ForeignKey(
        Source, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    cited_paragraph = models.PositiveIntegerField(null=True, blank=True)
    # the page a citation names in a paged source (``S. 58``) and a range's last (``pp. 3-4``)
    cited_page = models.PositiveIntegerField(null=True, blank=True)
    cited_page_end = models.PositiveIntegerField(null=True, blank=True)

    status = models.CharField(max_length=12, choices=_choices(VerificationStatus), db_index=True)
    reason = models.CharField(max_length=24, choices=_choices(Reason), db_index=True)
    match_source = models.ForeignKey(
        Source, on_delete=models.PROTECT, null=True, blank=True, related_name="matches"
    )
    match_paragraph = models.PositiveIntegerField(null=True, blank=True)
    match_page = models.PositiveIntegerField(
        null=True, blank=True, help_text="The page the match starts on, in a paged source."
    )
    match_start = models.PositiveIntegerField(null=True, blank=True)
    match_end = models.PositiveIntegerField(null=True, blank=True)
    match_score = models.FloatField(null=True, blank=True)
    match_method = models.CharField(max_length=12, choices=_choices(MatchMethod), blank=True)
    match_tier = models.CharField(max_length=10, choices=_choices(Tier), blank=True)
    match_continues = models.JSONField(
        default=list,
        blank=True,
        help_text="[paragraph, start, end] of the match's parts in following paragraphs.",
    )
    corrected_text = models.TextField(blank=True)
    corrected_source = models.ForeignKey(
        Source, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    corrected_paragraph = models.PositiveIntegerField(null=True, blank=True)
    corrected_page = models.PositiveIntegerField(null=True, blank=True)
    decision = models.JSONField(
        default=dict,
        blank=True,
        help_text="Why the engine decided (the report's 'decision').",
    )
    context = models.JSONField(
        null=True,
        blank=True,
        help_text="What of its sentence the quote leaves out (the report's 'context').",
    )
    attention = models.JSONField(
        default=list,
        blank=True,
        help_text="Why a reviewer should look although the status stands (the report's "
        "'attention').",
    )
    page_diff = models.JSONField(
        default=dict,
        blank=True,
        help_text="The word diff the reviewer's page shows, computed once with the results "
        "(citations.diffs.quote_page_diff): a correction's change, a hint's differences.",
    )

    class Meta:
        ordering = ["assessment", "n"]
        constraints = [
            models.UniqueConstraint(fields=["assessment", "n"], name="quote_position_unique"),
            models.CheckConstraint(
                condition=in_choices("status", VerificationStatus), name="quote_status_valid"
            ),
            models.CheckConstraint(
                condition=in_choices("reason", Reason), name="quote_reason_valid"
            ),
            models.CheckConstraint(
                condition=Q(match_start__isnull=True) | Q(match_start__lt=F("match_end")),
                name="quote_match_span_ordered",
            ),
            models.CheckConstraint(
                condition=Q(response_start__isnull=True) | Q(response_start__lt=F("response_end")),
                name="quote_response_span_ordered",
            ),
            models.CheckConstraint(
                condition=Q(extent_start__isnull=True)
                | Q(extent_start__lte=F("response_start"), extent_end__gte=F("response_end")),
                name="quote_extent_holds_response_span",
            ),
            models.CheckConstraint(
                condition=Q(match_score__isnull=True) | Q(match_score__gte=0, match_score__lte=1),
                name="quote_match_score_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.assessment_id} #{self.n} ({self.status})"


class CorrectionField(models.TextChoices):
    TEXT = "text"
    SOURCE = "source"
    PARAGRAPH = "paragraph"
    PAGE = "page"  # of a paged source (``pp. 3–4`` written "3–4")


class Correction(models.Model):
    """Append-only audit of one changed field (011.3): never updated or deleted by the app."""

    assessment = models.ForeignKey(
        Verification, on_delete=models.PROTECT, related_name="corrections"
    )
    quote = models.ForeignKey(Quote, on_delete=models.PROTECT, related_name="corrections")
    run = models.PositiveIntegerField(help_text="The verification run that made it.")
    field = models.CharField(max_length=10, choices=CorrectionField.choices)
    old_value = models.TextField(blank=True)
    new_value = models.TextField()
    reason = models.CharField(max_length=24, choices=_choices(Reason))
    score = models.FloatField(null=True, blank=True)
    engine_version = models.CharField(max_length=50)
    actor = models.CharField(
        max_length=150, default="system", help_text="'system' or a reviewer's username."
    )
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        # The append-only triggers (citations' initial migration) are on this table.
        db_table = "reviews_correction"
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["quote", "run", "field"], name="correction_once_per_run"
            ),
            models.CheckConstraint(
                condition=in_choices("field", CorrectionField), name="correction_field_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.quote} {self.field}: {self.old_value!r} → {self.new_value!r}"


class SweepRun(models.Model):
    """When the sweep of stuck verifications last ran (one row): celery beat runs it, or
    cron runs ``manage.py sweep_verifications``. Beat is load-bearing (a message lost between
    Redis and a killed worker is recovered only by the sweep), so ``manage.py check --deploy
    --database default`` warns when it has not run for three sweep periods."""

    ran_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"sweep at {self.ran_at:%Y-%m-%d %H:%M:%S}"
