"""Issue 15, section 2, in a real browser: a badge's details and the pane give the reason
that holds for the quote (an uncited quote, an email quote found in another paragraph, a
correction of an uncited quote, a quote found nowhere in its cited source). axe-core finds
nothing on any of these states."""

import pytest
from playwright.sync_api import expect

from reviews.models import Team
from tests.browser.accessibility import checked_screenshot
from tests.browser_support import page_problems, sign_in
from tests.reviews.review_data import user
from tests.reviews.test_reason_texts import reasons_assessment

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_badges_and_the_pane_say_what_holds_for_each_quote(page):
    team = Team.objects.create(name="leases")
    user("rita", teams=(team,))
    assessment = reasons_assessment(team=team)
    sign_in(page, "rita", "pw-rita")
    page.goto(f"/assessments/{assessment.pk}/")

    page.click("#q2 .badge")  # uncited, verified
    details = page.locator("#q2-info")
    expect(details).to_be_visible()
    expect(details.locator(".info-reason")).to_have_text(
        "Found in D1 ¶3; the model cited no source."
    )
    checked_screenshot(page, "reason-uncited-verified")
    page.keyboard.press("Escape")

    head = page.locator("#source-pane .pane-quote")
    page.click("#q3 .quote-text")  # an email quote, verified in another paragraph
    expect(head).to_contain_text(
        "found in the cited email, in E1 ¶2, not ¶1 as cited (an email citation is left as written)"
    )
    expect(page.locator("#source-pane .para.is-focus mark.match")).to_have_text(
        "We accept the new price for the renewal of the office lease."
    )
    expect(page.locator("#source-pane .para.is-cited .cited-tag")).to_be_visible()
    checked_screenshot(page, "reason-email-other-paragraph")

    page.click("#q5 .quote-text")  # corrected, though nothing was cited
    expect(page.locator("#source-pane .note--corrected")).to_contain_text(
        "Corrected: the model cited no source and wrote"
    )
    checked_screenshot(page, "reason-uncited-corrected")

    page.click("#q7 .quote-text")  # found nowhere: the cited source without a hint
    note = page.locator("#source-pane .note--hint")
    expect(note).to_have_text(
        "Not found in any eligible source; showing the cited source, with nothing highlighted. "
        "Check the claim before approving."
    )
    expect(page.locator("#source-pane .source-text mark")).to_have_count(0)  # nothing found
    checked_screenshot(page, "reason-not-found-no-hint")

    page.click("#q6 .quote-text")  # a changed claim: its passage is the hint
    expect(page.locator("#source-pane .note--hint").first).to_contain_text(
        "Hint, not a match. The closest passage found (score 0.91)"
    )
    expect(page.locator("#source-text mark.hint")).to_have_count(1)
    checked_screenshot(page, "reason-claim-changed-hint")
    assert page_problems(page) == []
