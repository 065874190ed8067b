from django.urls import path

from . import views

app_name = "generation"

urlpatterns = [
    path("", views.generation_list, name="generation_list"),
    path("new/", views.generation_new, name="generation_new"),
    path("schemas/", views.schema_list, name="schema_list"),
    path("<int:generation_id>/", views.generation_detail, name="generation_detail"),
    path("<int:generation_id>/edit/", views.generation_edit, name="generation_edit"),
    path("<int:generation_id>/reject/", views.generation_reject, name="generation_reject"),
    path("<int:generation_id>/rerun/", views.generation_rerun, name="generation_rerun"),
    path("<int:generation_id>/answer/", views.question_answer, name="question_answer"),
    path(
        "<int:generation_id>/answer-for-assessment/",
        views.assessment_question_answer,
        name="assessment_question_answer",
    ),
    path("records/<int:record_id>/", views.record_detail, name="record_detail"),
]
