"""Issue 15, section 5, in a real browser: a bundle a pipeline posts with its team's token
opens from the API's ``links.page`` for that team's reviewers; a reviewer of another team
gets a page saying why, not Django's debug 404. axe-core finds nothing on either."""

import json

import pytest
from playwright.sync_api import expect

from reviews.models import Team
from reviews.tokens import api_token_create
from tests.browser.accessibility import checked_screenshot
from tests.browser_support import page_problems, sign_in
from tests.factories import bundle_data
from tests.reviews.review_data import user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_page_link_the_api_returns_opens_for_the_tokens_team(page):
    team = Team.objects.create(name="procurement")
    user("rita", teams=(team,))
    user("otto", teams=(Team.objects.create(name="legal"),))
    token = api_token_create(name="nightly", team=team)[1]
    posted = page.request.post(
        "/api/bundles",
        data=json.dumps(bundle_data(id="from-the-pipeline", title="Posted by the pipeline")),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    assert posted.status == 201, posted.text()
    link = posted.json()["links"]["page"]

    sign_in(page, "rita", "pw-rita")
    page.goto(link)
    expect(page.locator("h1")).to_have_text("Posted by the pipeline")
    checked_screenshot(page, "api-link-opens-for-its-team")

    page.locator(".signout button").click()
    sign_in(page, "otto", "pw-otto")
    response = page.goto(link)
    assert response.status == 404
    expect(page.locator("h1")).to_contain_text("You cannot open assessment")
    expect(page.locator("main")).to_contain_text("ask an administrator to add you to its team")
    checked_screenshot(page, "api-link-other-team")
    # The page's own 404 status is the one console line the browser logs (no favicon's).
    assert page_problems(page) == [
        "console error: Failed to load resource: the server responded with a status of 404 "
        "(Not Found)"
    ]
