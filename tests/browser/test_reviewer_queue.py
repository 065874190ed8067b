"""Issue 15, section 4, in a real browser: the list opens on the queue of what needs review,
filters apply as they change (and still as a plain form without JavaScript), new rows appear
without a reload, and a decision leads on to the next assessment."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from citations.models import Verification
from reviews.models import ReviewState, Team
from tests.browser.accessibility import axe_violations, checked_screenshot
from tests.browser_support import RECORD_VIOLATIONS, page_problems, screenshot, sign_in
from tests.factories import assessment_update
from tests.reviews.review_data import many_quotes_assessment, procurement_assessment, user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def team():
    return Team.objects.create(name="procurement")


@pytest.fixture
def rita(team):
    return user("rita", teams=(team,))


def in_team(team, bundle_id: str, *, age_hours: int, unverified: int = 0, **fields):
    assessment = many_quotes_assessment(4, bundle_id=bundle_id)
    assessment_update(
        assessment.pk,
        team=team,
        title=bundle_id.replace("-", " ").capitalize(),
        created_at=timezone.now() - timedelta(hours=age_hours),
        **fields,
    )
    numbers = range(1, unverified + 1)
    assessment.verification.quotes.filter(n__in=numbers).update(
        status="unverified", reason="not_found"
    )
    return assessment


def rows(page):
    return page.locator("#assessment-rows .row-link")


def test_the_queue_filters_as_it_changes_without_reloading_the_page(page, team, rita):
    in_team(team, "harbour-lease", age_hours=30, unverified=1)
    in_team(team, "canteen-tender", age_hours=20, unverified=3)
    in_team(team, "fleet-renewal", age_hours=2)
    in_team(team, "archive-contract", age_hours=40, review_state=ReviewState.APPROVED)
    sign_in(page, "rita", "pw-rita")
    expect(rows(page)).to_have_text(["Harbour lease", "Canteen tender", "Fleet renewal"])
    expect(page.locator(".queues a[aria-current]")).to_have_text("Needs review 3")
    expect(page.locator(".queues a", has_text="Approved")).to_have_text("Approved 1")
    page.evaluate("window.notReloaded = true")  # gone if the page loads again
    page.select_option("#id_sort", "most_unverified")
    expect(rows(page)).to_have_text(["Canteen tender", "Harbour lease", "Fleet renewal"])
    assert "sort=most_unverified" in page.url
    page.fill("#id_search", "lease")  # applies once typing rests, no button
    expect(rows(page)).to_have_text(["Harbour lease"])
    expect(page.locator(".showing")).to_contain_text("matching “lease”")
    checked_screenshot(page, "queue-filtered-on-change")
    page.select_option("#id_queue", "all")
    page.fill("#id_search", "")
    expect(rows(page)).to_have_count(4)
    assert page.evaluate("window.notReloaded") is True
    assert re.search(r"queue=all", page.url)
    expect(page.locator("#id_search")).to_be_focused()  # the swap left the form alone
    checked_screenshot(page, "queue-all-sorted-by-unverified")
    assert page_problems(page) == []


def test_without_javascript_the_filters_are_a_plain_form(browser, live_server, team, rita):
    in_team(team, "harbour-lease", age_hours=30)
    in_team(team, "fleet-renewal", age_hours=2)
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    sign_in(page, "rita", "pw-rita")
    page.fill("#id_search", "fleet")
    page.select_option("#id_sort", "newest")
    page.click(".filters button[type=submit]")
    expect(rows(page)).to_have_text(["Fleet renewal"])
    assert "search=fleet" in page.url and "sort=newest" in page.url
    # Not checked_screenshot: axe-core needs the JavaScript this page has switched off. The
    # state is its URL, so axe checks the same page, served the same, in a page that runs it.
    screenshot(page, "queue-filtered-without-javascript")
    filtered = page.url
    context.close()
    context = browser.new_context(base_url=live_server.url)
    page = context.new_page()
    sign_in(page, "rita", "pw-rita")
    page.goto(filtered)
    expect(rows(page)).to_have_text(["Fleet renewal"])
    assert axe_violations(page) == []
    context.close()


def test_new_assessments_appear_in_the_queue_without_a_reload(page, team, rita):
    in_team(team, "harbour-lease", age_hours=3)
    sign_in(page, "rita", "pw-rita")
    expect(rows(page)).to_have_count(1)
    page.evaluate("window.notReloaded = true")
    in_team(team, "fleet-renewal", age_hours=0)  # a pipeline's bundle, verified meanwhile
    expect(rows(page)).to_have_text(["Harbour lease", "Fleet renewal"], timeout=9000)
    expect(page.locator(".queues a[aria-current] .total")).to_have_text("2")
    assert page.evaluate("window.notReloaded") is True
    checked_screenshot(page, "queue-new-row-appeared")
    assert page_problems(page) == []


def test_a_decision_leads_on_to_the_next_assessment_in_the_queue(page, team, rita):
    first = procurement_assessment(team=team)
    Verification.objects.filter(pk=first.pk).update(created_at=timezone.now() - timedelta(hours=5))
    in_team(team, "fleet-renewal", age_hours=1)
    sign_in(page, "rita", "pw-rita")
    page.click("text=Halvorsen HVAC maintenance renewal")
    page.wait_for_load_state("load")
    page.keyboard.press("r")
    page.keyboard.type("Quote 10 is invented.")
    page.keyboard.press("Control+Enter")
    next_link = page.locator("#next-assessment")
    expect(next_link).to_have_text("Next assessment: Fleet renewal →")
    expect(next_link).to_be_focused()  # Enter goes on
    checked_screenshot(page, "next-assessment-after-decision")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Fleet renewal")
    page.goto("/assessments/")
    expect(rows(page)).to_have_text(["Fleet renewal"])  # the decided one left the queue
    assert page_problems(page) == []


def test_two_tabs_the_queue_updates_after_a_decision_elsewhere(browser, live_server, team, rita):
    """A reviewer's list open in one tab; the decision made in another leaves the queue."""
    assessment = in_team(team, "harbour-lease", age_hours=3)
    in_team(team, "fleet-renewal", age_hours=1)
    context = browser.new_context(base_url=live_server.url)
    context.add_init_script(RECORD_VIOLATIONS)
    listing, deciding = context.new_page(), context.new_page()
    listing.problems = []
    sign_in(listing, "rita", "pw-rita")
    expect(rows(listing)).to_have_count(2)
    deciding.goto(f"/assessments/{assessment.pk}/")
    deciding.click("button[value=approve]")
    expect(deciding.locator("#review .review--approved")).to_have_text("approved")
    expect(rows(listing)).to_have_text(["Fleet renewal"], timeout=9000)
    expect(listing.locator(".queues a", has_text="Approved")).to_have_text("Approved 1")
    checked_screenshot(listing, "queue-after-decision-in-another-tab")
    assert page_problems(listing) == []
    context.close()


def test_mine_holds_what_the_reviewer_opened_until_the_decision_issue_31(page, team, rita):
    """Issue 31 ("no claim, no 'my queue'"): opening an assessment claims it and puts it in
    the reviewer's "mine" queue; the decision releases it and the queue says it is empty."""
    first = procurement_assessment(team=team)
    Verification.objects.filter(pk=first.pk).update(created_at=timezone.now() - timedelta(hours=5))
    in_team(team, "fleet-renewal", age_hours=1)
    mine = page.locator(".queues a", has_text="Mine")
    sign_in(page, "rita", "pw-rita")
    expect(mine.locator(".total")).to_have_text("0")
    page.click("text=Halvorsen HVAC maintenance renewal")
    expect(page.locator("#claim-line")).to_contain_text("Claimed by you since")
    page.goto("/assessments/")
    expect(mine.locator(".total")).to_have_text("1")
    mine.click()
    expect(page.locator(".queues a[aria-current]")).to_contain_text("Mine")
    expect(rows(page)).to_have_text(["Halvorsen HVAC maintenance renewal"])
    checked_screenshot(page, "queue-mine-one-claim")
    rows(page).first.click()
    page.wait_for_load_state("load")
    page.keyboard.press("r")
    page.keyboard.type("Quote 10 is invented.")
    page.keyboard.press("Control+Enter")
    expect(page.locator("#next-assessment")).to_be_visible()
    page.goto("/assessments/?queue=mine")
    expect(rows(page)).to_have_count(0)
    expect(page.locator(".empty")).to_contain_text("You hold no claim.")
    expect(mine.locator(".total")).to_have_text("0")
    assert page_problems(page) == []
