"""Admin: browse sources, assessments, quotes and the correction audit trail.

Verification results (quotes), corrections and review decisions are records of what the
engine and reviewers did: nobody edits or deletes them here, superusers included.
"""

from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.admin.utils import display_for_field
from django.db.models import Exists, Field, OuterRef, Prefetch, QuerySet
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.text import Truncator

from citations.engine import VerificationStatus
from citations.engine.policy import POLICY
from citations.models import (
    Correction,
    CorrectionField,
    Quote,
    Source,
    Verification,
    VerificationState,
)

from .forms import TeamAssignForm
from .models import ApiToken, Assessment, QuoteVerdict, ReviewDecision, Team
from .services import ReverificationLocked, assessment_reverify, assessments_team_assign
from .templatetags.review_tags import DiffPart, char_diff, reason_text
from .tokens import api_token_create, api_token_revoke


class ReadOnly:
    """For admins and inlines: viewable by staff with the view permission; no add, change or
    delete for anyone (audit and results are written by services only)."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class ReadOnlyAdmin(ReadOnly, admin.ModelAdmin):
    pass


def assessment_page_url(assessment_id: int, quote_number: int | None = None) -> str:
    url = reverse("reviews:assessment_detail", args=[assessment_id])
    return f"{url}#q{quote_number}" if quote_number is not None else url


def excerpt(text: str, length: int = 80) -> str:
    return Truncator(text).chars(length)


class TitledValuesFilter(admin.AllValuesFieldListFilter):
    """A values filter headed by ``heading`` instead of the field's own name."""

    heading = ""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.title = self.heading


class SourceKindFilter(TitledValuesFilter):
    heading = "source kind"


class ModelFilter(TitledValuesFilter):
    heading = "model"


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name"]
    search_fields = ["name"]
    filter_horizontal = ["members"]


@admin.register(Source)
class SourceAdmin(admin.ModelAdmin):
    list_display = ["key", "kind", "title", "label", "eligible", "parent", "assessment_link"]
    list_filter = ["kind", "eligible"]
    search_fields = ["key", "title", "label", "turn__assessment__bundle_id"]
    list_select_related = ["parent", "turn__assessment"]
    # The text and identity of a source are what quotes were checked against: not editable.
    readonly_fields = ["turn", "key", "kind", "parent", "position", "paragraphs"]
    fields = ["turn", "key", "kind", "title", "label", "url", "parent", "eligible", "position"]

    @admin.display(description="assessment")
    def assessment_link(self, source: Source) -> str:
        assessment = getattr(source.turn, "assessment", None)
        if assessment is None:
            return "—"
        url = reverse("admin:reviews_assessment_change", args=[assessment.pk])
        return format_html('<a href="{}">{}</a>', url, excerpt(str(assessment), 40))


# The assessment's page lists its verification's first quotes; the rest are in the quote list
# (``quotes_listed``): 50,000 rows on the change page timed it out. Quotes belong to the
# verification, not the assessment, so they are a table here rather than an inline.
QUOTES_SHOWN = 100


def verification_field(name: str):
    """A read-only column of the assessment's page showing its verification's field ``name``
    as the admin shows a model field (choices by label, dates localized)."""
    field = Verification._meta.get_field(name)
    assert isinstance(field, Field), name  # a column of the verification, not a relation's end

    @admin.display(description=field.verbose_name)
    def shown(model_admin: admin.ModelAdmin, assessment: Assessment) -> str:
        return display_for_field(
            getattr(assessment.verification, name), field, model_admin.get_empty_value_display()
        )

    shown.__name__ = name
    return shown


@admin.register(Assessment)
class AssessmentAdmin(admin.ModelAdmin):
    # Narrow enough for a 1440 px window beside the admin's navigation and filters.
    list_display = [
        "id",
        "title_or_bundle",
        "model_and_prompt",
        "states",
        "team_and_assignee",
        "quote_counts",
        "created",
    ]
    list_display_links = ["id", "title_or_bundle"]
    list_filter = [
        "verification__verification_state",
        "review_state",
        ("verification__model_name", ModelFilter),
        "verification__prompt_version",
        "team",
        "verification__created_at",
    ]
    search_fields = ["verification__bundle_id", "verification__title"]
    list_select_related = ["verification", "team", "assigned_to"]
    date_hierarchy = "verification__created_at"
    actions = ["verify_again", "retry_failed", "assign_team"]
    # What was submitted and what verification found are facts; who reviews it is not.
    fields = [
        "bundle_id",
        "title",
        "page_link",
        "quotes_listed",
        "first_quotes",
        ("verification_state", "verification_attempts", "verification_run", "engine_version"),
        ("verification_started_at", "verified_at"),
        "verification_error",
        (
            "quotes_found",
            "quotes_verified",
            "quotes_corrected",
            "quotes_unverified",
            "quotes_ineligible",
            "quotes_dropped",
            "quotes_attention",
        ),
        ("review_state", "reviewed_by", "reviewed_at"),
        ("team", "assigned_to"),
        ("model_name", "prompt_version"),
        "meta",
        "response_format",
        "response_text",
        "quote_fields",
        "drop",
        "bundle_sha256",
        ("created_at", "updated_at"),
    ]
    readonly_fields = [
        name
        for entry in fields
        for name in (entry if isinstance(entry, tuple | list) else (entry,))
        if name not in {"team", "assigned_to"}
    ]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Assessment]:
        return super().get_queryset(request).select_related("verification")

    def has_add_permission(self, request, obj=None) -> bool:
        return False  # assessments arrive as bundles (import_bundle, POST /api/bundles)

    def has_delete_permission(self, request, obj=None) -> bool:
        return False  # their corrections and decisions are an audit trail

    @admin.display(description="ID", ordering="pk")
    def id(self, assessment: Assessment) -> int:
        return assessment.pk

    @admin.display(description="assessment", ordering="verification__title")
    def title_or_bundle(self, assessment: Assessment) -> str:
        return excerpt(str(assessment), 60)

    @admin.display(description="model · prompt", ordering="verification__model_name")
    def model_and_prompt(self, assessment: Assessment) -> str:
        verification = assessment.verification
        return " · ".join(v for v in (verification.model_name, verification.prompt_version) if v)

    @admin.display(description="verification · review", ordering="verification__verification_state")
    def states(self, assessment: Assessment) -> str:
        return f"{assessment.verification.verification_state} · {assessment.review_state}"

    @admin.display(description="created", ordering="verification__created_at")
    def created(self, assessment: Assessment) -> str:
        created_at = assessment.verification.created_at
        return timezone.localtime(created_at).strftime("%Y-%m-%d %H:%M")

    @admin.display(description="team · assignee", ordering="team__name")
    def team_and_assignee(self, assessment: Assessment) -> str:
        team = assessment.team.name if assessment.team else "no team"
        who = assessment.assigned_to.get_username() if assessment.assigned_to else "unassigned"
        return f"{team} · {who}"

    # Per-status quote counts written with the results, so a quote dropped silently shows.
    @admin.display(description="quotes", ordering="verification__quotes_found")
    def quote_counts(self, assessment: Assessment) -> str:
        return render_to_string(
            "admin/reviews/assessment/quote_counts.html", {"v": assessment.verification}
        )

    @admin.display(description="reviewer page")
    def page_link(self, assessment: Assessment) -> str:
        return format_html('<a href="{}">open</a>', assessment_page_url(assessment.pk))

    @admin.display(description="quotes")
    def quotes_listed(self, assessment: Assessment) -> str:
        """Where all quotes are when the inline below shows only the first."""
        count = assessment.verification.quotes.count()
        url = (
            reverse("admin:citations_quote_changelist") + f"?assessment__id__exact={assessment.pk}"
        )
        if count <= QUOTES_SHOWN:
            return format_html('{} below; <a href="{}">in the quote list</a>', count, url)
        return format_html(
            'the first {} of {} below; <a href="{}">all {} in the quote list</a>',
            QUOTES_SHOWN,
            count,
            url,
            count,
        )

    @admin.display(description="first quotes")
    def first_quotes(self, assessment: Assessment) -> str:
        """The first quotes by position, each linking to its own page in the quote list."""
        quotes = assessment.verification.quotes.filter(n__lte=QUOTES_SHOWN).order_by("n")
        rows = [
            {
                "quote": quote,
                "url": reverse("admin:citations_quote_change", args=[quote.pk]),
                "text": excerpt(quote.text),
            }
            for quote in quotes
        ]
        return render_to_string("admin/reviews/assessment/first_quotes.html", {"rows": rows})

    @admin.action(description="Verify the selected assessments again", permissions=["change"])
    def verify_again(self, request: HttpRequest, queryset: QuerySet[Assessment]) -> None:
        self._send_for_verification(request, queryset)

    @admin.action(description="Retry the selected failed verifications", permissions=["change"])
    def retry_failed(self, request: HttpRequest, queryset: QuerySet[Assessment]) -> None:
        self._send_for_verification(
            request,
            queryset.filter(verification__verification_state=VerificationState.FAILED),
        )

    @admin.action(description="Assign the selected assessments to a team", permissions=["change"])
    def assign_team(self, request: HttpRequest, queryset: QuerySet[Assessment]):
        """A page that asks for the team, then assigns them all at once; a missing or
        unknown team is named there and changes nothing."""
        form = TeamAssignForm(request.POST if "apply" in request.POST else None)
        if form.is_valid():
            team = form.cleaned_data["team"]
            done = assessments_team_assign(
                assessment_ids=list(queryset.values_list("pk", flat=True)), team=team
            )
            self.message_user(request, f"Assigned {done.assigned} assessment(s) to {team}.")
            if done.unassigned:
                ids = ", ".join(f"#{pk}" for pk in done.unassigned)
                self.message_user(
                    request,
                    f"{len(done.unassigned)} had an assignee outside {team} and now wait in "
                    f"its queue instead: {ids}.",
                    level=messages.WARNING,
                )
            return None
        context = {
            **self.admin_site.each_context(request),
            "title": "Assign to a team",
            "opts": self.model._meta,
            "form": form,
            "assessments": queryset.select_related("verification", "team", "assigned_to").order_by(
                "pk"
            ),
            "action_checkbox_name": ACTION_CHECKBOX_NAME,
        }
        return TemplateResponse(request, "admin/reviews/assessment/assign_team.html", context)

    def _send_for_verification(self, request: HttpRequest, queryset: QuerySet[Assessment]) -> None:
        """A new verification run each (the earlier runs' corrections stay on record)."""
        ids = list(queryset.values_list("pk", flat=True))
        sent, locked = 0, []
        for assessment_id in ids:
            try:
                sent += assessment_reverify(assessment_id=assessment_id)
            except ReverificationLocked as exc:
                locked.append(str(exc))
        waiting = len(ids) - sent - len(locked)
        self.message_user(
            request,
            f"Sent {sent} assessment(s) for verification"
            + (f"; {waiting} are still waiting for their current one." if waiting else "."),
        )
        for reason in locked:
            self.message_user(request, reason, level=messages.WARNING)


# The verification's fields on the assessment's page, under their own names.
_VERIFICATION_FIELDS = {field.name for field in Verification._meta.concrete_fields}
for _name in AssessmentAdmin.readonly_fields:
    if _name in _VERIFICATION_FIELDS:
        setattr(AssessmentAdmin, _name, verification_field(_name))


@admin.register(Quote)
class QuoteAdmin(ReadOnlyAdmin):
    list_display = [
        "assessment",
        "n",
        "form",
        "status",
        "reason",
        "quoted",
        "cited_source",
        "match_source",
        "match_score",
    ]
    list_filter = [
        "status",
        "reason",
        "form",
        ("match_source__kind", SourceKindFilter),
        ("assessment__model_name", ModelFilter),
    ]
    search_fields = ["text", "assessment__bundle_id"]
    list_select_related = ["assessment", "cited_source", "match_source"]

    @admin.display(description="text")
    def quoted(self, quote: Quote) -> str:
        return excerpt(quote.text)


# What a correction can be for: the reasons of the policy's "corrected" outcomes. Filtering by
# a reason no correction can have ("not found") would only ever list nothing.
CORRECTION_REASONS = tuple(
    sorted(
        {
            outcome.reason.value
            for outcome in POLICY.values()
            if outcome.status is VerificationStatus.CORRECTED
        }
    )
)
# In the list a long quote's unchanged text is cut to this many characters around a change.
DIFF_CONTEXT = 40


class CorrectionReasonFilter(admin.SimpleListFilter):
    title = "reason"
    parameter_name = "reason"

    def lookups(self, request, model_admin):
        return [(reason, reason_text(reason)) for reason in CORRECTION_REASONS]

    def queryset(self, request, queryset):
        return queryset.filter(reason=self.value()) if self.value() else queryset


class ChangedFieldFilter(admin.SimpleListFilter):
    """Corrections that changed a field: one row stands for all a run changed of its quote."""

    title = "what changed"
    parameter_name = "changed"

    def lookups(self, request, model_admin):
        return [(field.value, field.label.lower()) for field in CorrectionField]

    def queryset(self, request, queryset):
        if not self.value():
            return queryset
        return queryset.filter(
            Exists(
                Correction.objects.filter(
                    quote=OuterRef("quote"), run=OuterRef("run"), field=self.value()
                )
            )
        )


def correction_changes(rows: list[Correction], *, context: int | None = None) -> dict:
    """What one run changed of one quote, from its audit rows (one per field): the text as a
    character diff, and the location the model cited beside where the text really is.
    ``context``: unchanged text longer than this is cut around the changes."""
    by_field = {row.field: row for row in rows}
    text, source, paragraph = (
        by_field.get(field)
        for field in (CorrectionField.TEXT, CorrectionField.SOURCE, CorrectionField.PARAGRAPH)
    )
    diff = char_diff(text.old_value, text.new_value) if text else []
    if context is not None:
        diff = _elided(diff, context)
    quote = rows[0].quote
    location = None
    if source or paragraph:
        # The side a row does not change stays as the quote has it.
        old_source = source.old_value if source else quote_source_key(quote)
        new_source = source.new_value if source else old_source
        old_paragraph = paragraph.old_value if paragraph else str(quote.cited_paragraph or "")
        new_paragraph = paragraph.new_value if paragraph else old_paragraph
        location = {
            "before": _location(old_source, old_paragraph),
            "after": _location(new_source, new_paragraph),
        }
    return {"diff": diff, "text": text, "location": location}


def quote_source_key(quote: Quote) -> str:
    source = quote.cited_source
    return source.key if source is not None else quote.cited_ref


def _location(source: str, paragraph: str) -> str:
    if not source:
        return f"¶{paragraph}" if paragraph else "no citation"
    return f"{source} ¶{paragraph}" if paragraph else source


def _elided(parts: list[DiffPart], context: int) -> list[DiffPart]:
    """Unchanged runs longer than ``context`` keep only their ends next to a change."""
    shown = []
    for index, part in enumerate(parts):
        if part.kind != "same" or len(part.text) <= context:
            shown.append(part)
            continue
        first, last = index == 0, index == len(parts) - 1
        head = "" if first else part.text[: context // 2]
        tail = "" if last else part.text[-(context // 2) :]
        shown.append(DiffPart("same", f"{head}…{tail}"))
    return shown


@admin.register(Correction)
class CorrectionAdmin(ReadOnlyAdmin):
    """One row per corrected quote and run: the audit keeps a row per changed field (text,
    source, paragraph), the list shows them together, as the reviewer page does."""

    list_display = [
        "created_at",
        "quote_link",
        "change",
        "reason_label",
        "score",
        "assessment_model",
    ]
    list_filter = [
        CorrectionReasonFilter,
        ChangedFieldFilter,
        ("quote__match_source__kind", SourceKindFilter),
        ("assessment__model_name", ModelFilter),
        "created_at",
        "actor",
    ]
    search_fields = ["old_value", "new_value", "assessment__bundle_id"]
    date_hierarchy = "created_at"
    list_select_related = ["assessment", "quote", "quote__cited_source"]
    fields = [
        "quote_link",
        "changes_in_full",
        "reason_label",
        "score",
        ("run", "engine_version"),
        ("actor", "created_at"),
        "assessment_model",
    ]
    readonly_fields = ["quote_link", "changes_in_full", "reason_label", "assessment_model"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Correction]:
        corrections = super().get_queryset(request)
        url_name = request.resolver_match.url_name if request.resolver_match else None
        if url_name and url_name.endswith("_changelist"):
            # A run's first row stands for the others; the change page opens any row.
            earlier = Correction.objects.filter(
                quote=OuterRef("quote"), run=OuterRef("run"), pk__lt=OuterRef("pk")
            )
            corrections = corrections.filter(~Exists(earlier)).prefetch_related(
                Prefetch(
                    "quote__corrections",
                    queryset=Correction.objects.select_related("quote__cited_source"),
                    to_attr="audit",
                )
            )
        return corrections

    def _run_rows(self, correction: Correction) -> list[Correction]:
        rows = getattr(correction.quote, "audit", None)
        if rows is None:
            rows = list(
                Correction.objects.filter(quote=correction.quote_id).select_related(
                    "quote__cited_source"
                )
            )
        return [row for row in rows if row.run == correction.run] or [correction]

    @admin.display(description="quote", ordering="quote__n")
    def quote_link(self, correction: Correction) -> str:
        url = assessment_page_url(correction.assessment_id, correction.quote.n)
        return format_html(
            '<a href="{}">{} · quote {}</a>',
            url,
            excerpt(str(correction.assessment), 40),
            correction.quote.n,
        )

    @admin.display(description="what changed")
    def change(self, correction: Correction) -> str:
        changes = correction_changes(self._run_rows(correction), context=DIFF_CONTEXT)
        return render_to_string("admin/citations/correction/changes.html", changes)

    @admin.display(description="what changed")
    def changes_in_full(self, correction: Correction) -> str:
        changes = correction_changes(self._run_rows(correction))
        return render_to_string(
            "admin/citations/correction/changes.html", {**changes, "in_full": True}
        )

    @admin.display(description="reason", ordering="reason")
    def reason_label(self, correction: Correction) -> str:
        return reason_text(correction.reason)

    @admin.display(description="model", ordering="assessment__model_name")
    def assessment_model(self, correction: Correction) -> str:
        return correction.assessment.model_name


@admin.register(ReviewDecision)
class ReviewDecisionAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "assessment", "reviewer", "action", "confirmed_unverified"]
    list_filter = ["action", "confirmed_unverified", "created_at"]
    search_fields = ["assessment__verification__bundle_id", "reviewer__username", "comment"]
    list_select_related = ["assessment__verification", "reviewer"]


@admin.register(QuoteVerdict)
class QuoteVerdictAdmin(ReadOnlyAdmin):
    """Reviewers' verdicts on quotes (issue 31): every one given, the engine's status then."""

    list_display = [
        "created_at",
        "assessment",
        "quote_link",
        "reviewer",
        "action",
        "engine_status",
        "comment_excerpt",
    ]
    list_filter = ["action", "engine_status", "created_at"]
    search_fields = ["assessment__verification__bundle_id", "reviewer__username", "comment"]
    list_select_related = ["assessment__verification", "quote", "reviewer"]

    @admin.display(description="quote", ordering="quote__n")
    def quote_link(self, verdict: QuoteVerdict) -> str:
        return format_html(
            '<a href="{}">#{}</a>',
            assessment_page_url(verdict.assessment_id, verdict.quote.n),
            verdict.quote.n,
        )

    @admin.display(description="comment")
    def comment_excerpt(self, verdict: QuoteVerdict) -> str:
        return excerpt(verdict.comment)


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ["name", "team", "prefix", "created_at", "last_used_at", "revoked_at"]
    list_filter = ["revoked_at", "team"]
    list_select_related = ["team"]
    search_fields = ["name", "prefix"]
    actions = ["revoke"]

    # The team is set when the token is made, like its name (create_api_token --team).
    def get_fields(self, request, obj=None):
        if obj is None:
            return ["name", "team"]
        return ["name", "team", "prefix", "created_at", "last_used_at"]

    def get_readonly_fields(self, request, obj=None):
        return [] if obj is None else ["name", "team", "prefix", "created_at", "last_used_at"]

    def save_model(self, request: HttpRequest, obj: ApiToken, form, change: bool) -> None:
        if change:
            return
        row, token = api_token_create(name=obj.name, team=obj.team)
        obj.pk = row.pk
        obj.prefix, obj.token_sha256 = row.prefix, row.token_sha256
        messages.warning(
            request,
            f"The token for {row.name!r} is {token} — copy it now: it is stored only as a "
            "digest and cannot be shown again.",
        )

    @admin.action(description="Revoke the selected tokens")
    def revoke(self, request: HttpRequest, queryset: QuerySet[ApiToken]) -> None:
        for token in queryset:
            api_token_revoke(token=token)
        self.message_user(request, f"Revoked {queryset.count()} token(s).")
