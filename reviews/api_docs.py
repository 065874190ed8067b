"""The API's description for machines (/api/openapi.json) and for people (/api/docs).

Neither needs a token: the document holds no data, and integrators read it before they have
one."""

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from .api import get_only
from .openapi import openapi_document


def openapi_json(request: HttpRequest) -> JsonResponse:
    if refused := get_only(request):
        return refused
    return JsonResponse(openapi_document(), json_dumps_params={"ensure_ascii": False})


def api_docs(request: HttpRequest) -> HttpResponse:
    """Swagger UI (vendored, static/vendor/swagger-ui) rendering the document."""
    if refused := get_only(request):
        return refused
    return render(request, "reviews/api_docs.html")
