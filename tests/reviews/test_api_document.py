"""The API's OpenAPI 3.1 document (issue 33): every route under api/ described, every
described route served, the bundle and report contracts inside, an unknown route in the
API's error shape."""

import json
import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from schemathesis.specs.openapi.definitions import OPENAPI_31_VALIDATOR

from citations.engine.bundle import bundle_schema
from citations.engine.writing.report import report_schema
from reviews.api_list import FILTERS
from reviews.openapi import LIST_PARAMETERS, PATHS, openapi_document


def url_routes(resolver: URLResolver | None = None, prefix: str = "") -> set[str]:
    """Every route of the URLconf, includes followed, as OpenAPI writes paths."""
    routes = set()
    for entry in (resolver or get_resolver()).url_patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            routes |= url_routes(entry, route)
        elif isinstance(entry, URLPattern):
            routes.add("/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", route))
    return routes


def api_routes() -> set[str]:
    return {route for route in url_routes() if route.startswith("/api/")}


def test_the_route_reader_sees_plain_converted_and_included_routes():
    routes = url_routes()
    assert "/api/bundles" in routes
    assert "/api/assessments/{assessment_id}/export" in routes
    assert "/generation/" in routes  # from include("generation.urls")


@pytest.mark.parametrize("route", sorted(api_routes()))
def test_every_api_route_is_described(route):
    assert route in PATHS, f"{route} is served but not described in reviews/openapi.py PATHS"


@pytest.mark.parametrize("path", sorted(PATHS))
def test_every_described_route_is_served(path):
    assert path in api_routes(), f"{path} is described in reviews/openapi.py but not routed"


def test_the_document_is_valid_openapi_3_1():
    errors = [error.message for error in OPENAPI_31_VALIDATOR.iter_errors(openapi_document())]
    assert errors == []


def test_the_list_parameters_are_the_filters_the_view_reads():
    assert tuple(LIST_PARAMETERS) == FILTERS


@pytest.mark.django_db
def test_the_document_is_served_with_the_contracts_inside(client):
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    document = response.json()
    assert document == json.loads(json.dumps(openapi_document()))
    schemas = document["components"]["schemas"]
    # The engine's bundle contract: what POST /api/bundles validates against.
    assert schemas["Bundle"]["properties"] == bundle_schema()["properties"]
    assert "file" in json.dumps(schemas["Bundle"])
    # The engine's report contract: the shared one with the page fields its reports carry.
    assert schemas["Report"]["properties"] == report_schema()["properties"]
    assert "relocated_page" in json.dumps(schemas["Report"])
    # Every reference resolves inside the one document.
    for ref in re.findall(r'"\$ref": "([^"]+)"', json.dumps(document)):
        kind, name = ref.removeprefix("#/components/").split("/")
        assert name in document["components"][kind], ref


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path", ["/api/nothing", "/api/assessments/abc", "/api/assessments/-1/export"]
)
def test_an_unknown_api_route_is_a_404_in_the_error_shape(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert response.json() == {
        "error": {"field": "path", "message": f"no route of the API is {path}"}
    }


@pytest.mark.django_db
def test_an_unknown_page_is_still_a_page(client):
    response = client.get("/nothing/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/api/openapi.json", "/api/docs"])
def test_the_document_routes_refuse_other_methods_in_the_error_shape(client, path):
    response = client.post(path)
    assert response.status_code == 405 and response["Allow"] == "GET"
    assert response.json()["error"]["message"] == "POST is not allowed here; use GET"
