"""Admin: browse sources, assessments, quotes and the correction audit trail.

Verification results (quotes), corrections and review decisions are records of what the
engine and reviewers did: nobody edits or deletes them here, superusers included.
"""

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.text import Truncator

from citations.models import Correction, Quote, Source, VerificationState

from .models import ApiToken, Assessment, ReviewDecision, Team
from .services import ReverificationLocked, assessment_reverify
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


class QuoteInline(ReadOnly, admin.TabularInline):
    """The first quotes of the assessment; the rest are in the quote list (``quotes_listed``):
    an inline of 50,000 rows timed the change page out."""

    model = Quote
    fields = ["n", "form", "status", "reason", "quoted", "match_score"]
    readonly_fields = fields
    extra = 0
    show_change_link = True
    shown = 100

    def get_queryset(self, request):
        # by position, not a slice: the formset filters the queryset by its assessment after
        return super().get_queryset(request).filter(n__lte=self.shown)

    @admin.display(description="text")
    def quoted(self, quote: Quote) -> str:
        return excerpt(quote.text)


@admin.register(Assessment)
class AssessmentAdmin(admin.ModelAdmin):
    list_display = [
        "id",
        "title_or_bundle",
        "model_name",
        "verification_state",
        "review_state",
        "found",
        "verified",
        "corrected",
        "unverified",
        "ineligible",
        "dropped",
        "created_at",
    ]
    list_display_links = ["id", "title_or_bundle"]
    list_filter = [
        "verification_state",
        "review_state",
        ("model_name", ModelFilter),
        "prompt_version",
        "team",
        "created_at",
    ]
    search_fields = ["bundle_id", "title"]
    date_hierarchy = "created_at"
    inlines = [QuoteInline]
    actions = ["verify_again", "retry_failed"]
    # What was submitted and what verification found are facts; who reviews it is not.
    fields = [
        "bundle_id",
        "title",
        "page_link",
        "quotes_listed",
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
        for name in (entry if isinstance(entry, tuple) else (entry,))
        if name not in {"team", "assigned_to"}
    ]

    def has_add_permission(self, request, obj=None) -> bool:
        return False  # assessments arrive as bundles (import_bundle, POST /api/bundles)

    def has_delete_permission(self, request, obj=None) -> bool:
        return False  # their corrections and decisions are an audit trail

    @admin.display(description="assessment", ordering="title")
    def title_or_bundle(self, assessment: Assessment) -> str:
        return excerpt(str(assessment), 60)

    # Per-status quote counts (ADR-4) under short headers, so the list stays one line a row.
    @admin.display(description="found", ordering="quotes_found")
    def found(self, assessment: Assessment) -> int:
        return assessment.quotes_found

    @admin.display(description="verified", ordering="quotes_verified")
    def verified(self, assessment: Assessment) -> int:
        return assessment.quotes_verified

    @admin.display(description="corrected", ordering="quotes_corrected")
    def corrected(self, assessment: Assessment) -> int:
        return assessment.quotes_corrected

    @admin.display(description="unverified", ordering="quotes_unverified")
    def unverified(self, assessment: Assessment) -> int:
        return assessment.quotes_unverified

    @admin.display(description="ineligible", ordering="quotes_ineligible")
    def ineligible(self, assessment: Assessment) -> int:
        return assessment.quotes_ineligible

    @admin.display(description="dropped", ordering="quotes_dropped")
    def dropped(self, assessment: Assessment) -> int:
        return assessment.quotes_dropped

    @admin.display(description="reviewer page")
    def page_link(self, assessment: Assessment) -> str:
        return format_html('<a href="{}">open</a>', assessment_page_url(assessment.pk))

    @admin.display(description="quotes")
    def quotes_listed(self, assessment: Assessment) -> str:
        """Where all quotes are when the inline below shows only the first."""
        count = assessment.quotes.count()
        url = (
            reverse("admin:citations_quote_changelist") + f"?assessment__id__exact={assessment.pk}"
        )
        if count <= QuoteInline.shown:
            return format_html('{} below; <a href="{}">in the quote list</a>', count, url)
        return format_html(
            'the first {} of {} below; <a href="{}">all {} in the quote list</a>',
            QuoteInline.shown,
            count,
            url,
            count,
        )

    @admin.action(description="Verify the selected assessments again", permissions=["change"])
    def verify_again(self, request: HttpRequest, queryset: QuerySet[Assessment]) -> None:
        self._send_for_verification(request, queryset)

    @admin.action(description="Retry the selected failed verifications", permissions=["change"])
    def retry_failed(self, request: HttpRequest, queryset: QuerySet[Assessment]) -> None:
        self._send_for_verification(
            request, queryset.filter(verification_state=VerificationState.FAILED)
        )

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


@admin.register(Correction)
class CorrectionAdmin(ReadOnlyAdmin):
    list_display = [
        "created_at",
        "quote_link",
        "field",
        "before",
        "after",
        "reason",
        "score",
        "actor",
        "engine_version",
        "assessment_model",
    ]
    list_filter = [
        "reason",
        "field",
        ("quote__match_source__kind", SourceKindFilter),
        ("assessment__model_name", ModelFilter),
        "created_at",
        "actor",
    ]
    search_fields = ["old_value", "new_value", "assessment__bundle_id"]
    date_hierarchy = "created_at"
    list_select_related = ["assessment", "quote"]

    @admin.display(description="quote", ordering="quote__n")
    def quote_link(self, correction: Correction) -> str:
        url = assessment_page_url(correction.assessment_id, correction.quote.n)
        return format_html(
            '<a href="{}">{} · quote {}</a>',
            url,
            excerpt(str(correction.assessment), 40),
            correction.quote.n,
        )

    @admin.display(description="before")
    def before(self, correction: Correction) -> str:
        return format_html('<del class="correction-old">{}</del>', correction.old_value)

    @admin.display(description="after")
    def after(self, correction: Correction) -> str:
        return format_html('<ins class="correction-new">{}</ins>', correction.new_value)

    @admin.display(description="model", ordering="assessment__model_name")
    def assessment_model(self, correction: Correction) -> str:
        return correction.assessment.model_name


@admin.register(ReviewDecision)
class ReviewDecisionAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "assessment", "reviewer", "action", "confirmed_unverified"]
    list_filter = ["action", "confirmed_unverified", "created_at"]
    search_fields = ["assessment__bundle_id", "reviewer__username", "comment"]
    list_select_related = ["assessment", "reviewer"]


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
