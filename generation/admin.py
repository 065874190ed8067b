"""Admin: generations (with the manual-review queue as a status filter) and their execution
records. Records are evidence of what a model answered: read-only for everyone."""

from django.contrib import admin
from django.http import HttpRequest, HttpResponseRedirect
from django.urls import reverse
from django.utils.html import format_html

from reviews.admin import ReadOnly, ReadOnlyAdmin

from .costs import costs_total
from .models import ExecutionRecord, Generation, RegisteredSchema


class RecordInline(ReadOnly, admin.TabularInline):
    model = ExecutionRecord
    fields = readonly_fields = (
        "kind",
        "status",
        "model_name",
        "prompt_version",
        "duration_ms",
        "page_link",
    )
    extra = 0

    @admin.display(description="cost", ordering="cost")
    def cost_shown(self, record: ExecutionRecord) -> str:
        return str(costs_total([record]))

    @admin.display(description="page")
    def page_link(self, record: ExecutionRecord) -> str:
        url = reverse("generation:record_detail", args=[record.pk])
        return format_html('<a href="{}">coverage, questions, raw answer</a>', url)


@admin.register(Generation)
class GenerationAdmin(admin.ModelAdmin):
    list_display = ["id", "title", "status", "schema_name", "model_name", "created_at", "outcome"]
    list_filter = ["status", "schema_name", "model_name"]
    search_fields = ["title", "bundle_id", "failure"]
    list_select_related = ["assessment", "reused_assessment"]
    inlines = [RecordInline]
    readonly_fields = [
        "title",
        "bundle_id",
        "schema_name",
        "schema",
        "model_name",
        "prompt_version",
        "sources",
        "status",
        "failure",
        "assessment",
        "reused_assessment",
        "created_by",
        "created_at",
        "finished_at",
    ]

    def add_view(self, request: HttpRequest, form_url: str = "", extra_context=None):
        # Starting a generation validates a sources file and queues a run: the staff form.
        return HttpResponseRedirect(reverse("generation:generation_new"))

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    @admin.display(description="outcome")
    def outcome(self, generation: Generation) -> str:
        if assessment_id := generation.assessment_id or generation.reused_assessment_id:
            url = reverse("reviews:assessment_detail", args=[assessment_id])
            return format_html('<a href="{}">assessment {}</a>', url, assessment_id)
        return generation.failure[:80] or "—"


@admin.register(ExecutionRecord)
class ExecutionRecordAdmin(ReadOnlyAdmin):
    list_display = [
        "id",
        "generation",
        "kind",
        "status",
        "model_name",
        "prompt_version",
        "duration_ms",
        "total_tokens",
        "cost_shown",
        "page_link",
    ]
    list_filter = ["status", "kind", "model_name", "prompt_version"]
    list_select_related = ["generation"]
    search_fields = ["raw_response", "transport_error"]

    @admin.display(description="cost", ordering="cost")
    def cost_shown(self, record: ExecutionRecord) -> str:
        return str(costs_total([record]))

    @admin.display(description="page")
    def page_link(self, record: ExecutionRecord) -> str:
        url = reverse("generation:record_detail", args=[record.pk])
        return format_html('<a href="{}">open</a>', url)


@admin.register(RegisteredSchema)
class RegisteredSchemaAdmin(ReadOnlyAdmin):
    """Registered versions are never changed (runs name them); new ones are registered,
    checked, on the staff page (/generation/schemas/)."""

    list_display = ["name", "version", "created_by", "created_at"]
    search_fields = ["name", "version"]
    fields = readonly_fields = ("name", "version", "definition", "created_by", "created_at")
