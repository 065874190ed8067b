"""Review: teams, the assessment's review state and assignment, decisions, API tokens.

An assessment is a verification (``citations.models.Verification``) under review: it extends
it (multi-table inheritance), so its id is the verification's and pages read the response,
counts and quotes as the assessment's own. Invariants live in database constraints; state
changes live in services, not in save().
"""

from django.conf import settings
from django.db import models

from citations.models import Verification, in_choices


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


class Assessment(Verification):
    verification = models.OneToOneField(
        Verification,
        on_delete=models.CASCADE,
        parent_link=True,
        primary_key=True,
        related_name="assessment",
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

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=in_choices("review_state", ReviewState),
                name="assessment_review_state_valid",
            ),
        ]


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
