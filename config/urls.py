from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView

from reviews import api

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/bundles", api.bundle_create, name="api_bundle_create"),
    path("generation/", include("generation.urls")),
    path("", include("reviews.urls")),
    path("", RedirectView.as_view(pattern_name="reviews:assessment_list"), name="home"),
]
