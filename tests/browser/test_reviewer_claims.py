"""Claims and failed requests in a real browser (issue 31, item 5): two reviewers' sessions
see who reviews an assessment, one takes it over with a confirmation, the other's decision
is refused saying why; a request the server fails (500) or that gets no answer (the network)
shows an error where it was made, and the next one that succeeds clears it."""

import re

import pytest
from playwright.sync_api import expect

from reviews.models import Assessment, Team
from tests.browser.accessibility import checked_screenshot
from tests.browser_support import RECORD_VIOLATIONS, page_problems, sign_in
from tests.reviews.review_data import procurement_assessment, user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# What the browser and htmx themselves log for the two requests failed on purpose here.
EXPECTED_PROBLEMS = re.compile(
    r"console error: (Failed to load resource: .*(status of (400|500)|net::ERR_FAILED)"
    r"|Response Status Error Code (500 from /assessments/\d+/review/|400 from .*/source/)"
    r"|htmx:(afterRequest|sendError))"
)


@pytest.fixture
def team():
    return Team.objects.create(name="procurement")


def second_session(browser, live_server):
    """Another reviewer's browser: a context of its own (its own cookies), recording
    problems as the ``page`` fixture does."""
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1400, "height": 900})
    context.add_init_script(RECORD_VIOLATIONS)
    other = context.new_page()
    other.problems = []
    other.on(
        "console",
        lambda m: (
            other.problems.append(f"console {m.type}: {m.text}")
            if m.type in ("error", "warning")
            else None
        ),
    )
    other.on("pageerror", lambda error: other.problems.append(f"pageerror: {error}"))
    return context, other


def test_two_reviewers_see_the_claim_and_a_failed_request_says_so_in_place(
    page, browser, live_server, team
):
    assessment = procurement_assessment(team=team)
    user("rita", teams=(team,))
    user("bob", teams=(team,))
    url = f"/assessments/{assessment.pk}/"

    sign_in(page, "rita", "pw-rita")
    page.goto(url)
    expect(page.locator("#claim-line")).to_contain_text("Claimed by you since")

    context, bob = second_session(browser, live_server)
    sign_in(bob, "bob", "pw-bob")
    expect(bob.locator(".assessments .claim")).to_have_text(re.compile(r"claimed by rita since"))
    bob.goto(url)
    bob.wait_for_load_state("load")
    claim = bob.locator("#claim-line")
    expect(claim).to_contain_text(re.compile(r"Claimed by rita since .* until \d\d:\d\d"))
    checked_screenshot(bob, "claim-held-by-another-reviewer")
    # Taking over asks first: the button does nothing until the box is ticked.
    bob.click("#claim-line button")
    assert Assessment.objects.get(pk=assessment.pk).claimed_by.username == "rita"
    bob.check("#claim-line input[name=confirm]")
    bob.click("#claim-line button")
    expect(claim).to_contain_text("Claimed by you since")
    assert Assessment.objects.get(pk=assessment.pk).claimed_by.username == "bob"

    # Rita's page still says the claim is hers: her decision is refused, saying whose it is.
    page.wait_for_load_state("load")
    page.keyboard.press("r")
    page.keyboard.type("Quote 10 is invented.")
    page.keyboard.press("Control+Enter")
    expect(page.locator("#review .error")).to_contain_text("bob has claimed this assessment")
    expect(page.locator("#claim-line")).to_contain_text("Claimed by bob since")

    # The server fails bob's decision: the review box says so under its buttons.
    bob.route("**/review/", lambda route: route.fulfill(status=500, body="Server Error"))
    bob.fill("#review-comment", "Quote 10 is invented.")
    bob.click("#review button[value=reject]")
    failed = bob.locator("#review form + .request-error")
    expect(failed).to_have_text(
        re.compile(r"^Not done: the server answered 500\b.*Reload the page to see what was")
    )
    expect(failed).to_have_attribute("role", "alert")
    checked_screenshot(bob, "decision-failed-with-500")

    # No answer at all for a quote's source: the error stands by the quote clicked.
    bob.route("**/quotes/*/source/", lambda route: route.abort("failed"))
    bob.click("#q10 .quote-text")
    no_answer = bob.locator("#q10 .request-error")
    expect(no_answer).to_have_text(re.compile(r"^Could not load this: no answer from the server"))
    # An answer the page does not swap in (a 400 with its alert): its words, as text.
    bob.unroute("**/quotes/*/source/")
    alert = '<p class="error" role="alert">Cannot show these paragraphs: <b>end</b> is past ¶5.</p>'
    bob.route(
        "**/quotes/*/source/",
        lambda route: route.fulfill(status=400, body=alert, content_type="text/html"),
    )
    bob.click("#q10 .quote-text")
    expect(no_answer).to_have_text(
        "Could not load this: the server answered 400 Bad Request. Cannot show these "
        "paragraphs: end is past ¶5. Try again."
    )
    # Once the network is back, the same request goes through and the error is gone.
    bob.unroute("**/quotes/*/source/")
    bob.click("#q10 .quote-text")
    expect(bob.locator("#source-pane [data-pane-quote='10']")).to_be_visible()
    expect(no_answer).to_have_count(0)
    bob.unroute("**/review/")
    bob.click("#review button[value=reject]")
    expect(bob.locator("#head-review .review")).to_have_text("rejected")
    expect(failed).to_have_count(0)
    assert Assessment.objects.get(pk=assessment.pk).claimed_by is None

    assert [p for p in page_problems(bob) if not EXPECTED_PROBLEMS.match(p)] == []
    assert page_problems(page) == []
    context.close()
