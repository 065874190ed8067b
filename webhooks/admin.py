"""Admin: a team's endpoints (the secret shown once, when one is made) and every delivery
with its status, attempts, last error and next try; deliveries may be sent again."""

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from .models import EventType, WebhookDelivery, WebhookEndpoint
from .services import (
    WebhookInputError,
    deliveries_resend,
    endpoint_events_clean,
    endpoint_url_clean,
)
from .signing import secret_generate


class WebhookEndpointForm(forms.ModelForm):
    url = forms.CharField(max_length=2000)
    events = forms.MultipleChoiceField(
        choices=EventType.choices, widget=forms.CheckboxSelectMultiple
    )

    class Meta:
        model = WebhookEndpoint
        fields = ["team", "url", "events", "description"]

    def clean_url(self) -> str:
        try:
            return endpoint_url_clean(self.cleaned_data["url"])
        except WebhookInputError as exc:
            raise forms.ValidationError(exc.message) from None

    def clean_events(self) -> list[str]:
        try:
            return endpoint_events_clean(self.cleaned_data["events"])
        except WebhookInputError as exc:
            raise forms.ValidationError(exc.message) from None


@admin.register(WebhookEndpoint)
class WebhookEndpointAdmin(admin.ModelAdmin):
    form = WebhookEndpointForm
    list_display = ["url", "team", "events", "description", "created_at"]
    list_filter = ["team"]
    list_select_related = ["team"]
    search_fields = ["url", "description"]

    def save_model(self, request: HttpRequest, obj: WebhookEndpoint, form, change: bool) -> None:
        if change:
            obj.save()
            return
        obj.secret = secret_generate()
        obj.save()
        messages.warning(
            request,
            f"The signing secret of {obj.url} is {obj.secret} — copy it now: it is not shown "
            "again.",
        )


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(admin.ModelAdmin):
    list_display = [
        "pk",
        "event_type",
        "assessment",
        "endpoint",
        "status",
        "attempts",
        "last_status_code",
        "last_error",
        "next_attempt_at",
        "delivered_at",
    ]
    list_filter = ["status", "event__type", "endpoint__team"]
    list_select_related = ["event", "assessment__verification", "endpoint", "endpoint__team"]
    search_fields = ["event__public_id", "endpoint__url"]
    ordering = ["-pk"]
    actions = ["resend"]
    fields = readonly_fields = (
        "event_type",
        "event_id",
        "assessment",
        "endpoint",
        "status",
        "attempts",
        "last_status_code",
        "last_error",
        "next_attempt_at",
        "leased_until",
        "delivered_at",
        "created_at",
        "body",
    )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # deliveries come from events

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    @admin.display(description="event", ordering="event__type")
    def event_type(self, delivery: WebhookDelivery) -> str:
        return delivery.event.type

    @admin.display(description="event id")
    def event_id(self, delivery: WebhookDelivery) -> str:
        return str(delivery.event.public_id)

    @admin.display(description="body")
    def body(self, delivery: WebhookDelivery) -> str:
        return delivery.event.body

    def has_resend_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("webhooks.change_webhookdelivery")

    @admin.action(description="Send the selected deliveries again", permissions=["resend"])
    def resend(self, request: HttpRequest, queryset: QuerySet[WebhookDelivery]) -> None:
        selected = list(queryset.values_list("pk", flat=True))
        resent = deliveries_resend(delivery_ids=selected)
        self.message_user(
            request,
            f"Sending {resent} delivery(ies) again"
            + (
                f"; {len(selected) - resent} in flight left alone."
                if resent < len(selected)
                else "."
            ),
        )
