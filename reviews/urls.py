from django.urls import path

from . import views

app_name = "reviews"

urlpatterns = [
    path("assessments/", views.assessment_list, name="assessment_list"),
    path("assessments/next/", views.assessment_next, name="assessment_next"),
    path("assessments/<int:assessment_id>/", views.assessment_detail, name="assessment_detail"),
    path(
        "assessments/<int:assessment_id>/claim/",
        views.assessment_claim_take_over,
        name="assessment_claim_take_over",
    ),
    path(
        "assessments/<int:assessment_id>/status/",
        views.assessment_status,
        name="assessment_status",
    ),
    path(
        "assessments/<int:assessment_id>/export/",
        views.assessment_export,
        name="assessment_export",
    ),
    path(
        "assessments/<int:assessment_id>/quotes/<int:n>/source/",
        views.quote_source,
        name="quote_source",
    ),
    path(
        "assessments/<int:assessment_id>/quotes/<int:n>/verdict/",
        views.quote_verdict,
        name="quote_verdict",
    ),
    path(
        "assessments/<int:assessment_id>/sources/<int:source_id>/",
        views.source_view,
        name="source_view",
    ),
    path(
        "assessments/<int:assessment_id>/sources/<int:source_id>/file",
        views.source_file,
        name="source_file",
    ),
    path(
        "assessments/<int:assessment_id>/sources/<int:source_id>/paragraphs/",
        views.source_paragraphs,
        name="source_paragraphs",
    ),
    path(
        "assessments/<int:assessment_id>/review/",
        views.assessment_review,
        name="assessment_review",
    ),
    path("stats/", views.stats, name="stats"),
]
