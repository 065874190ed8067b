"""Review: teams, the assessment's review state, assignment and claim, decisions and quote
verdicts, API tokens.

An assessment is a verification (``citations.models.Verification``) under review: it holds a
one-to-one link to it as its primary key, so its id is the verification's, and pages read the
response, counts and quotes through ``assessment.verification``. Invariants live in database
constraints; state changes live in services, not in save().
"""

from django.conf import settings
from django.db import models

from citations.models import Quote, Verification, in_choices


class Team(models.Model):
    name = models.CharField(max_length=100, unique=True)
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="review_teams", blank=True
    )

    def __str__(self) -> str:
        return self.name


class ReviewState(models.TextChoices):
    PENDING = "pending"
    APPROVED = "approved"
    REJECTED = "rejected"
    RETURNED = "returned"


class Assessment(models.Model):
    """A verification under review: its review state, team, assignment and claim. The
    response, counts, quotes and verification state are the verification's, read through
    ``assessment.verification``; the assessment's id is the verification's."""

    verification = models.OneToOneField(
        Verification, on_delete=models.CASCADE, primary_key=True, related_name="assessment"
    )
    review_state = models.CharField(
        max_length=10, choices=ReviewState.choices, default=ReviewState.PENDING, db_index=True
    )
    team = models.ForeignKey(
        Team, on_delete=models.SET_NULL, null=True, blank=True, related_name="assessments"
    )
    assigned_to = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="assigned_assessments",
    )
    reviewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    reviewed_at = models.DateTimeField(null=True, blank=True)
    # Who is reviewing it now (issue 31): taken by opening it, held for REVIEW_CLAIM_SECONDS
    # from claimed_at, released by a decision (reviews/claims.py).
    claimed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="claimed_assessments",
    )
    claimed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-verification__created_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=in_choices("review_state", ReviewState),
                name="assessment_review_state_valid",
            ),
        ]

    def __str__(self) -> str:
        return str(self.verification)


class ReviewAction(models.TextChoices):
    APPROVE = "approve"
    REJECT = "reject"
    RETURN = "return"


class ReviewDecision(models.Model):
    """Who decided what, and when (VB-7)."""

    assessment = models.ForeignKey(Assessment, on_delete=models.PROTECT, related_name="decisions")
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="review_decisions"
    )
    action = models.CharField(max_length=10, choices=ReviewAction.choices)
    comment = models.TextField(blank=True)
    confirmed_unverified = models.BooleanField(
        default=False, help_text="The reviewer approved knowingly with unverified quotes."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=in_choices("action", ReviewAction), name="decision_action_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.reviewer} {self.action} {self.assessment_id}"


class VerdictAction(models.TextChoices):
    """A reviewer's word on one quote (issue 31). Confirm accepts what the engine proposes (a
    hint as the correction, a correction, an attention checked); overrule marks a misquote,
    whatever the engine said; clear takes the word back, so the engine's status counts."""

    CONFIRM = "confirm", "confirmed"
    OVERRULE = "overrule", "overruled"
    CLEAR = "clear", "cleared"


class QuoteVerdict(models.Model):
    """Who said what of one quote, and when (issue 31): append-only like decisions, the
    latest row of a quote counts. The engine's status and rule ids are kept as they were
    when the verdict was given, so what reviewers decided stays data after re-verification."""

    assessment = models.ForeignKey(Assessment, on_delete=models.PROTECT, related_name="verdicts")
    quote = models.ForeignKey(Quote, on_delete=models.PROTECT, related_name="verdicts")
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="quote_verdicts"
    )
    action = models.CharField(max_length=10, choices=VerdictAction.choices)
    comment = models.TextField(blank=True)
    run = models.PositiveIntegerField(help_text="The verification run the reviewer saw.")
    engine_status = models.CharField(
        max_length=12, help_text="The engine's status of the quote when the verdict was given."
    )
    engine_rules = models.JSONField(
        default=list,
        blank=True,
        help_text="The rule ids of its decision and attention then.",
    )
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=in_choices("action", VerdictAction), name="quote_verdict_action_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.reviewer} {self.action} {self.assessment_id} #{self.quote_id}"


class ApiToken(models.Model):
    """A pipeline's credential for the HTTP API. Only the SHA-256 of the token is stored: the
    token itself is shown once, when it is made, and cannot be read back."""

    name = models.CharField(max_length=100, unique=True, help_text="Who uses it, e.g. 'nightly'.")
    team = models.ForeignKey(
        Team,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="api_tokens",
        help_text="Bundles posted with it belong to this team (none: staff only).",
    )
    prefix = models.CharField(max_length=12, help_text="The token's first characters, to tell it.")
    token_sha256 = models.CharField(max_length=64, unique=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True, editable=False)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"
