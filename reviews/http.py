"""What the middleware and the API's token check add to a request, for the type checker.

django-htmx's middleware sets ``request.htmx`` on every request (its documented typing
pattern); ``reviews.api.token_required`` sets ``request.api_token`` on those it lets in."""

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails

from .models import ApiToken


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


class ApiRequest(HttpRequest):
    api_token: ApiToken
