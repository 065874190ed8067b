"""Issue 31, item 2, in a real browser: a quote with attention shows its marker with the
left-out words in one line, and its pane marks what the quote leaves out of its sentence
apart from the quote's span, readable without colour and clean for axe."""

import pytest
from playwright.sync_api import expect

from reviews.models import Team
from tests.browser.accessibility import checked_screenshot
from tests.browser_support import page_problems, sign_in
from tests.reviews.review_data import user
from tests.reviews.test_views_left_out import verified_assessment

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_left_out_lead_is_shown_beside_the_quote_and_in_its_pane_issue_31_2(page):
    team = Team.objects.create(name="minutes")
    user("rita", teams=(team,))
    assessment = verified_assessment("the association finances the project", team)
    sign_in(page, "rita", "pw-rita")
    page.goto(f"/assessments/{assessment.pk}/")
    flag = page.locator("#q1 .attention-flag")
    expect(flag).to_have_text("⚑ attention: left out: If the members agree (a condition)")
    page.locator("#q1 .quote-text").click()
    left_out = page.locator("#source-pane .source-text .left-out")
    expect(left_out).to_have_count(1)
    expect(left_out).to_contain_text("If the members agree,")
    expect(page.locator("#source-pane .source-text mark.match")).to_have_text(
        "the association finances the project"
    )
    expect(page.locator("#source-pane .legend .left-out")).to_have_text(
        "underlined: left out of the quote's sentence"
    )
    # without colour: the left-out words are underlined
    assert "underline" in left_out.evaluate("e => getComputedStyle(e).textDecorationLine")
    checked_screenshot(page, "attention-left-out")
    assert page_problems(page) == []
