"""Issue 15, section 6, in a real browser: a skip link, count chips that say what they
count, a pane that announces only its header, and axe-core finding nothing on the pages no
other browser test saves a screenshot of (every screenshot of the others is checked too)."""

import pytest
from playwright.sync_api import expect

from reviews.models import Team
from tests.browser.accessibility import axe_violations, checked_screenshot
from tests.browser_support import page_problems, sign_in
from tests.reviews.review_data import procurement_assessment, user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def team():
    return Team.objects.create(name="procurement")


@pytest.fixture
def rita(team):
    return user("rita", teams=(team,))


def test_the_skip_link_is_the_first_stop_and_leads_to_the_content(page, team, rita):
    assessment = procurement_assessment(team=team)
    sign_in(page, "rita", "pw-rita")
    page.goto(f"/assessments/{assessment.pk}/")
    skip = page.locator(".skip-link")
    expect(skip).not_to_be_in_viewport()  # out of sight until it has the focus
    page.keyboard.press("Tab")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()
    checked_screenshot(page, "skip-link-focused")
    page.keyboard.press("Enter")
    # Following the link and moving the focus are not instant: wait for both.
    page.wait_for_url(lambda url: url.endswith("#main"))
    page.keyboard.press("Tab")  # on from the content, past the top bar
    expect(page.locator("main :focus")).to_have_count(1)
    assert page_problems(page) == []


def test_count_chips_say_what_they_count(page, team, rita):
    procurement_assessment(team=team)
    sign_in(page, "rita", "pw-rita")
    counts = page.locator("#assessment-rows td.counts")
    # What a screen reader reads: the number and its status, not the icon.
    snapshot = counts.aria_snapshot()
    for words in ("6 verified", "3 corrected", "2 unverified", "1 ineligible"):
        assert words in snapshot, snapshot
    assert "✓" not in snapshot


def test_the_pane_announces_its_header_not_its_paragraphs(page, team, rita):
    assessment = procurement_assessment(team=team)
    sign_in(page, "rita", "pw-rita")
    page.goto(f"/assessments/{assessment.pk}/")
    expect(page.locator("#source-pane")).not_to_have_attribute("aria-live", "polite")
    status = page.locator("#pane-status")
    page.click("#q3 .quote-text")
    expect(status).to_have_text(
        "Quote 3, corrected: A1 Maintenance Agreement - Renewal Draft.pdf, paragraph 3"
    )
    page.locator(".source-list a").filter(has_text="D1").click()
    expect(status).to_have_text("Source: D1 Procurement Policy (rev. 2024)")
    page.fill(".source-find input", "tender")
    page.press(".source-find input", "Enter")
    expect(status).to_have_text(
        "Source: D1 Procurement Policy (rev. 2024), paragraph 1, 1 paragraph with “tender”"
    )
    assert page_problems(page) == []


def test_axe_finds_nothing_on_the_sign_in_stats_and_unavailable_pages(page, team, rita):
    assessment = procurement_assessment(team=team)
    page.goto("/accounts/login/")
    checked_screenshot(page, "sign-in")
    sign_in(page, "rita", "pw-rita")
    page.goto("/stats/")
    checked_screenshot(page, "stats")
    page.goto(f"/assessments/{assessment.pk + 1000}/")
    checked_screenshot(page, "assessment-unavailable")
    page.goto(f"/assessments/{assessment.pk}/")
    page.keyboard.press("?")  # the key list open over the page
    expect(page.locator("#key-help")).to_be_visible()
    assert axe_violations(page) == []


def test_in_a_narrow_window_a_clicked_quotes_source_is_in_view_beside_it(page, team, rita):
    """Below 900 px the page is one column: the pane stays at the window's bottom, and the
    selected quote is not hidden under it."""
    assessment = procurement_assessment(team=team)
    page.set_viewport_size({"width": 700, "height": 900})
    sign_in(page, "rita", "pw-rita")
    page.goto(f"/assessments/{assessment.pk}/")
    page.wait_for_load_state("load")
    for n in (11, 2):  # one low on the page, one high
        page.click(f"#q{n} .quote-text")
        expect(page.locator("#source-pane [data-pane-quote]")).to_have_attribute(
            "data-pane-quote", str(n)
        )
        page.wait_for_timeout(400)  # the smooth scroll to the quote settles
        pane = page.locator("#source-pane")
        expect(pane).to_be_in_viewport()
        expect(pane.locator("#source-text mark")).to_be_in_viewport()
        quote, sheet = page.locator(f"#q{n}").bounding_box(), pane.bounding_box()
        assert sheet["y"] + sheet["height"] <= 900 + 1 and sheet["y"] >= 900 * 0.5
        assert quote["y"] >= 0 and quote["y"] + quote["height"] <= sheet["y"], (quote, sheet)
        checked_screenshot(page, f"narrow-window-quote-{n}")
    assert page_problems(page) == []


@pytest.mark.parametrize("staff", [False, True], ids=["reviewer", "staff"])
def test_at_390_px_sign_out_stays_on_the_dark_top_bar(page, team, staff):
    """Issue 31, item 7: in a phone-wide window the top bar's links and "Sign out" wrap inside
    the bar instead of running past it onto the light page (1.37:1). axe-core at 390 px finds
    nothing, and the button's box lies inside the bar's box."""
    user("rita", teams=(team,), staff=staff)
    procurement_assessment(team=team)
    page.set_viewport_size({"width": 390, "height": 844})
    sign_in(page, "rita", "pw-rita")
    for path in ("/", "/stats/"):
        page.goto(path)
        page.wait_for_load_state("load")
        sign_out = page.get_by_role("button", name="Sign out")
        expect(sign_out).to_be_visible()
        bar = page.locator("header.topbar").bounding_box()
        box = sign_out.bounding_box()
        assert bar and box
        assert bar["x"] <= box["x"] and box["x"] + box["width"] <= bar["x"] + bar["width"]
        assert bar["y"] <= box["y"] and box["y"] + box["height"] <= bar["y"] + bar["height"]
        assert axe_violations(page) == [], path
