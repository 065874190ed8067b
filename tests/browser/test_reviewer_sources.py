"""Issue 15, section 3, in a real browser: any source of the turn opens in the pane, a 1 MB
source in windows that load as it scrolls under a header that stays in view, a search
inside it, and the paragraph a quote cites one click from the quote's pane and back."""

import re

import pytest
from playwright.sync_api import expect

from citations.models import VerificationState
from reviews.imports import bundle_import
from reviews.models import Assessment, Team
from tests.browser.accessibility import checked_screenshot
from tests.browser_support import page_problems, sign_in
from tests.factories import assessment_update
from tests.reviews.review_data import procurement_assessment, user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIND = "#source-pane .source-find input"
FILLER = "The parties agree that every clause of this agreement is read with the others. " * 6


@pytest.fixture
def team():
    return Team.objects.create(name="procurement")


@pytest.fixture
def rita(team):
    return user("rita", teams=(team,))


def megabyte_assessment(team) -> Assessment:
    """One source of 2,000 paragraphs, about 1 MB, and one quote of its first paragraph."""
    paragraphs = [f"Clause {n}. {FILLER}" for n in range(1, 2001)]
    paragraphs[1733] = "Clause 1734. The tenant shall keep the boiler serviced every year."
    data = {
        "bundle_version": 1,
        "id": "megabyte",
        "title": "A megabyte of lease",
        "sources": [{"id": "L1", "kind": "document", "title": "Lease", "paragraphs": paragraphs}],
        "response": {"format": "markdown", "text": 'It opens "Clause 1." [L1 ¶1]'},
    }
    assert len("".join(paragraphs)) > 950_000
    assessment = bundle_import(raw=data, max_bytes=50_000_000).assessment
    assessment_update(assessment.pk, team=team, verification_state=VerificationState.DONE)
    return assessment


def open_page(page, assessment) -> None:
    sign_in(page, "rita", "pw-rita")
    page.goto(f"/assessments/{assessment.pk}/")
    page.wait_for_load_state("load")


def test_any_source_of_the_turn_opens_in_the_pane(page, team, rita):
    assessment = procurement_assessment(team=team)
    open_page(page, assessment)
    sources = page.locator(".source-list a")
    expect(sources.locator(".source-key")).to_have_text(["E1", "A1", "D1", "D2"])
    page.click("#q2 .quote-text")  # a quote's pane first: opening a source replaces it
    expect(page.locator("#source-pane [data-pane-quote]")).to_have_attribute("data-pane-quote", "2")
    sources.filter(has_text="D2").click()
    expect(page.locator("#source-pane .source-title")).to_have_text("D2 Vendor Scorecard 2023")
    expect(page.locator("#source-pane")).to_contain_text("not provided to the model in this turn")
    expect(page.locator("[data-quote].is-current")).to_have_count(0)  # the pane shows no quote
    checked_screenshot(page, "source-opened-from-the-list")
    page.keyboard.press("j")  # the keys go on from the first quote
    expect(page.locator("#source-pane [data-pane-quote]")).to_have_attribute("data-pane-quote", "1")
    assert page_problems(page) == []


def test_a_megabyte_source_scrolls_whole_under_a_header_that_stays(page, team, rita):
    assessment = megabyte_assessment(team)
    open_page(page, assessment)
    with page.expect_response(re.compile(r"/sources/\d+/$")) as opened:
        page.click(".source-list a")
    assert opened.value.ok
    pane, head = page.locator("#source-pane"), page.locator("#source-pane .pane-head")
    expect(head).to_contain_text("2000 paragraphs")
    expect(pane.locator(".para")).to_have_count(60)
    top = head.bounding_box()["y"]
    for _ in range(3):  # each window's end loads the next as it scrolls into view
        pane.evaluate("p => { p.scrollTop = p.scrollHeight; }")
        page.wait_for_timeout(300)
    expect(pane.locator("#p240")).to_have_count(1)
    assert pane.evaluate("p => p.scrollTop") > 5000
    assert abs(head.bounding_box()["y"] - top) <= 1  # the header stayed where it was
    expect(head).to_be_in_viewport()
    checked_screenshot(page, "megabyte-source-scrolled-header-sticky")
    assert page_problems(page) == []


def test_a_search_inside_a_source_lists_the_paragraphs_and_opens_each(page, team, rita):
    assessment = megabyte_assessment(team)
    open_page(page, assessment)
    page.click(".source-list a")
    page.fill(FIND, "boiler serviced")
    page.press(FIND, "Enter")
    hits = page.locator("#source-pane .source-hits")
    expect(hits).to_contain_text("1 paragraph with “boiler serviced”")
    expect(hits.locator("mark.found")).to_have_text("boiler serviced")
    focus = page.locator("#source-pane #p1734")
    expect(focus).to_have_attribute("data-focus", "true")
    expect(focus).to_be_in_viewport()
    checked_screenshot(page, "source-search-hit")
    page.fill(FIND, "clause 12")
    page.press(FIND, "Enter")
    expect(hits).to_contain_text("111 paragraphs with “clause 12”; the first 50")
    hits.locator("a", has_text="¶125").click()
    expect(page.locator("#source-pane #p125")).to_have_attribute("data-focus", "true")
    expect(page.locator("#source-pane #p125")).to_be_in_viewport()
    expect(hits.locator("a[aria-current]")).to_have_text("¶125")
    page.click(FIND)
    page.keyboard.press("Control+A")
    page.keyboard.type("no such words\n")
    expect(hits).to_have_text("No paragraph has “no such words”.")
    expect(page.locator(FIND)).to_be_focused()  # on to the next search
    assert page_problems(page) == []


def test_the_paragraph_a_quote_cites_is_one_click_away_and_back(page, team, rita):
    assessment = procurement_assessment(team=team)
    open_page(page, assessment)
    # Quote 11 cites A1 ¶1; its text is in D1 ¶1.
    page.click("#q11 .quote-text")
    expect(page.locator("#source-pane .source-title")).to_contain_text("D1")
    cited = page.locator("#source-pane .pane-cited a")
    expect(cited).to_have_text("A1 ¶1")
    cited.click()
    expect(page.locator("#source-pane .source-title")).to_contain_text("A1")
    expect(page.locator("#source-pane #p1")).to_have_attribute("data-focus", "true")
    expect(page.locator("#q11")).to_have_class(re.compile(r"\bis-current\b"))  # still its quote
    checked_screenshot(page, "cited-paragraph-of-a-relocated-quote")
    page.click("#source-pane .pane-back")
    expect(page.locator("#source-pane [data-pane-quote]")).to_have_attribute(
        "data-pane-quote", "11"
    )
    expect(page.locator("#source-text mark")).to_have_count(1)
    # Quote 3 cites A1 ¶2 and is in A1 ¶3: the cited paragraph is marked in the same window.
    page.click("#q3 .quote-text")
    expect(page.locator("#source-pane #p2 .cited-tag")).to_have_text("cited by the model")
    checked_screenshot(page, "cited-paragraph-marked-in-the-window")
    assert page_problems(page) == []
