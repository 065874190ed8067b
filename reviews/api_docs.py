"""The API's description for machines (/api/openapi.json) and for people (/api/docs).

Neither needs a token: the document holds no data, and integrators read it before they have
one. Like the API's other routes they answer another method than GET with 405 in the API's
error shape."""

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt

from .api import get_only
from .openapi import openapi_document


# Read-only for every method (others answer 405 in the API's shape), so CSRF guards nothing
# here; without the exemption a POST would get the CSRF failure page instead.
@csrf_exempt
def openapi_json(request: HttpRequest) -> JsonResponse:
    if refused := get_only(request):
        return refused
    return JsonResponse(openapi_document(), json_dumps_params={"ensure_ascii": False})


@csrf_exempt
def api_docs(request: HttpRequest) -> HttpResponse:
    """Swagger UI (vendored, static/vendor/swagger-ui) rendering the document."""
    if refused := get_only(request):
        return refused
    return render(request, "reviews/api_docs.html")
