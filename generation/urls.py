from django.urls import path

from . import views

app_name = "generation"

urlpatterns = [
    path("", views.generation_list, name="generation_list"),
    path("new/", views.generation_new, name="generation_new"),
    path("records/<int:record_id>/", views.record_detail, name="record_detail"),
]
