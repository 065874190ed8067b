"""The API's docs page (issue 33) in headless Chromium: the vendored Swagger UI renders every
described operation under the site's CSP, with no violation and nothing in the console."""

import pytest
from playwright.sync_api import expect

from reviews.openapi import PATHS
from tests.browser_support import page_problems, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_docs_page_renders_every_operation_under_the_csp(page):
    response = page.goto("/api/docs")
    assert (
        response is not None and "script-src 'self'" in response.headers["content-security-policy"]
    )
    operations = page.locator(".opblock")
    expect(operations).to_have_count(sum(len(methods) for methods in PATHS.values()))
    expect(page.locator(".info .title")).to_contain_text("Verbatim API")
    # An operation opens with its parameters, as a reader would look at one.
    page.locator(".opblock-summary", has_text="/api/assessments").first.click()
    expect(page.locator(".parameters-container").first).to_contain_text("verification_state")
    # Its schemas, the bundle contract among them, are listed to read.
    bundle = page.locator("section.models article", has_text="Assessment bundle").first
    bundle.locator(".json-schema-2020-12-accordion").first.click()
    expect(bundle).to_contain_text("bundle_version")
    screenshot(page, "api-docs")
    assert page_problems(page) == []
