"""The generation API's URLs, included under ``api/`` by ``config.urls``."""

from django.urls import path

from . import api

urlpatterns = [
    path("schemas", api.schemas, name="api_schemas"),
    path("generations", api.generations, name="api_generations"),
    path("generations/<int:generation_id>", api.generation_detail, name="api_generation"),
]
