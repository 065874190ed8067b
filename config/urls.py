from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

from reviews import api, api_docs, api_list, api_results
from reviews.login_throttle import (
    ThrottledAdminAuthenticationForm,
    ThrottledLoginView,
    locked_answers_429,
)
from webhooks import api as webhooks_api

# The admin's sign-in page says why a locked sign-in is refused, as the reviewers' page does.
admin.site.login_form = ThrottledAdminAuthenticationForm


class FaviconRedirect(RedirectView):
    """Browsers ask for /favicon.ico where a page names no icon (a JSON answer, an error
    page): the site's icon, not a 404 in the console."""

    permanent = True

    def get_redirect_url(self, *args, **kwargs) -> str:
        return static("favicon.svg")


# An unknown route under /api/ answers in the API's error shape, not with an HTML page.
handler404 = api.api_not_found

urlpatterns = [
    path("favicon.ico", FaviconRedirect.as_view(), name="favicon"),
    # Both sign-in pages pass the one throttle (reviews/login_throttle.py); the admin's own
    # "login/" under admin/ is shadowed by this one, which answers a locked sign-in with 429.
    path("admin/login/", locked_answers_429(admin.site.login)),
    path("admin/", admin.site.urls),
    path("accounts/login/", locked_answers_429(ThrottledLoginView.as_view()), name="login"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/openapi.json", api_docs.openapi_json, name="api_openapi"),
    path("api/docs", api_docs.api_docs, name="api_docs"),
    path("api/bundles", api.bundle_create, name="api_bundle_create"),
    path("api/assessments", api_list.assessment_list, name="api_assessment_list"),
    path(
        "api/assessments/<int:assessment_id>", api_results.assessment_result, name="api_assessment"
    ),
    path(
        "api/assessments/<int:assessment_id>/export",
        api_results.assessment_export_view,
        name="api_assessment_export",
    ),
    path("api/webhooks", webhooks_api.webhook_collection, name="api_webhooks"),
    path("api/webhooks/<int:webhook_id>", webhooks_api.webhook_item, name="api_webhook"),
    path("api/", include("generation.api_urls")),
    path("generation/", include("generation.urls")),
    path("", include("reviews.urls")),
    path("", RedirectView.as_view(pattern_name="reviews:assessment_list"), name="home"),
]
