"""Issue 15, sections 1 and 2, in a real browser: one selection that is always the quote the
pane shows, the tally as a filter, the key overlay, the badge popover at its badge,
corrections shown as suggested changes, claim changes highlighted in the hint."""

import re

import pytest
from playwright.sync_api import expect

from citations.models import Verification, VerificationState
from reviews.imports import bundle_import
from reviews.models import Assessment, ReviewDecision, Team
from tests.browser.accessibility import checked_screenshot
from tests.browser_support import page_problems, sign_in
from tests.reviews.review_data import many_quotes_assessment, procurement_assessment, user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def team():
    return Team.objects.create(name="procurement")


@pytest.fixture
def rita(team):
    return user("rita", teams=(team,))


def open_page(page, assessment, suffix: str = "") -> None:
    sign_in(page, "rita", "pw-rita")
    page.goto(f"/assessments/{assessment.pk}/{suffix}")
    # Keys pressed before the page's deferred script has run would go nowhere.
    page.wait_for_load_state("load")


def expect_selected(page, n: int) -> None:
    """Quote n is the one selection, and the pane shows it."""
    expect(page.locator("[data-quote].is-current")).to_have_count(1)
    expect(page.locator(f"#q{n}")).to_have_class(re.compile(r"\bis-current\b"))
    expect(page.locator("#source-pane [data-pane-quote]")).to_have_attribute(
        "data-pane-quote", str(n)
    )


def test_following_a_quote_link_while_a_pane_is_open_moves_the_one_selection(page, team, rita):
    """The approve box's links, location.hash and the pane's own link each select one quote
    and load its source; the pane the page was rendered with does not stay."""
    assessment = procurement_assessment(team=team)
    open_page(page, assessment, "?quote=3#q3")  # the no-JavaScript URL: pane rendered with it
    expect_selected(page, 3)
    page.click("#review .confirm a[href='#q10']")
    expect_selected(page, 10)
    assert page.url.endswith("#q10")
    page.evaluate("location.hash = '#q5'")
    expect_selected(page, 5)
    page.keyboard.press("j")  # selects 6 and loads it once the key rests
    expect_selected(page, 6)
    # Back to 5 by its link, although the address may still end in #q5.
    page.click("#review .confirm a[href='#q5']")
    expect_selected(page, 5)
    page.click("#source-pane .pane-back")
    expect_selected(page, 5)
    # Two clicks in quick succession: the pane ends on the second, not whichever answered last.
    page.click("#q2 .quote-text")
    page.click("#q11 .quote-text")
    expect_selected(page, 11)
    checked_screenshot(page, "selection-follows-quote-links")
    assert page_problems(page) == []


def test_a_corrected_quote_reads_as_a_suggested_change_with_either_side_on_request(
    page, team, rita
):
    """The model's words struck, the source's inserted, as GitHub shows a suggested change;
    the radios above the response show the quote as the model wrote it or as corrected."""
    assessment = procurement_assessment(team=team)
    open_page(page, assessment)
    repaired, relocated = page.locator("#q8 .quote-text"), page.locator("#q3")
    expect(repaired.locator("del.suggested")).to_have_text(["'"])
    expect(repaired.locator("ins.suggested")).to_have_text(["(90) ", "’"])
    expect(relocated.locator("del.cite")).to_have_text("[A1 ¶2]")
    expect(relocated.locator("ins.cite")).to_have_text("[A1 ¶3]")
    struck = repaired.locator("del.suggested").evaluate(
        "e => getComputedStyle(e).textDecorationLine"
    )
    assert struck == "line-through"
    page.locator("#q8").scroll_into_view_if_needed()
    checked_screenshot(page, "corrections-as-suggested-changes")

    page.check("#corrections-written")
    expect(repaired).to_have_text("“ninety days' written notice”", use_inner_text=True)
    expect(relocated.locator(".cite:visible")).to_have_text("[A1 ¶2]")
    struck = repaired.locator("del.suggested").evaluate(
        "e => getComputedStyle(e).textDecorationLine"
    )
    assert struck == "none"  # the model's text, read plainly
    checked_screenshot(page, "corrections-as-the-model-wrote-them")

    page.check("#corrections-corrected")
    expect(repaired).to_have_text("“ninety (90) days’ written notice”", use_inner_text=True)
    expect(relocated.locator(".cite:visible")).to_have_text("[A1 ¶3]")
    page.keyboard.press("j")  # the radios do not take the reviewer's keys
    expect(page.locator("#q1")).to_have_class(re.compile(r"\bis-current\b"))
    checked_screenshot(page, "corrections-as-corrected")
    assert page_problems(page) == []


def test_a_badge_opens_its_details_beside_it_and_selects_its_quote(page, team, rita):
    assessment = procurement_assessment(team=team)
    open_page(page, assessment)
    for n in (8, 11):  # one high on the page, one further down
        badge, info = page.locator(f"#q{n} .badge"), page.locator(f"#q{n}-info")
        badge.click()
        expect(info).to_be_visible()
        expect_selected(page, n)
        anchor, box = badge.bounding_box(), info.bounding_box()
        # Right under (or over) its badge, starting where it starts: not centred on the page.
        below, above = (
            box["y"] - (anchor["y"] + anchor["height"]),
            anchor["y"] - (box["y"] + box["height"]),
        )
        assert 0 <= below <= 12 or 0 <= above <= 12, (anchor, box)
        assert (
            abs(box["x"] - anchor["x"]) <= 2
            or abs(box["x"] + box["width"] - anchor["x"] - anchor["width"]) <= 2
        )
        assert badge.evaluate("e => e === document.activeElement")  # focus stays on the badge
        checked_screenshot(page, f"badge-popover-anchored-q{n}")
        page.keyboard.press("Escape")
        expect(info).to_be_hidden()
    assert page_problems(page) == []


def test_the_tally_singles_out_a_status_and_the_keys_move_among_its_quotes(page, team, rita):
    """On a 60-quote page, the two quotes needing attention are one click and one key away."""
    assessment = many_quotes_assessment(60)
    assessment.team = team
    assessment.save()
    assessment.verification.quotes.filter(n__in=[30, 59]).update(
        status="unverified", reason="not_found"
    )
    open_page(page, assessment)
    page.click(".tally a.count.is-unverified")
    expect_selected(page, 30)
    expect(page.locator("#filter-status")).to_be_visible()
    expect(page.locator("#filter-status")).to_contain_text("Only the unverified quotes stand out")
    expect(page.locator(".tally a.count.is-unverified")).to_have_attribute("aria-current", "true")
    assert "?status=unverified" in page.url
    page.keyboard.press("j")
    expect_selected(page, 59)
    page.keyboard.press("j")  # the last of them: stays
    page.keyboard.press("k")
    expect_selected(page, 30)
    dimmed = page.locator("#q31 .quote-text").evaluate("e => getComputedStyle(e).color")
    chosen = page.locator("#q30 .quote-text").evaluate("e => getComputedStyle(e).color")
    assert dimmed == "rgb(95, 107, 122)" and chosen != dimmed  # --muted: the others recede
    expect(page.locator("#q30")).to_be_in_viewport()
    page.wait_for_timeout(400)  # the smooth scroll to it settles
    checked_screenshot(page, "tally-filter-unverified")
    page.click("#filter-status a")  # show all again
    expect(page.locator("#filter-status")).to_be_hidden()
    expect(page.locator(".tally [aria-current]")).to_have_count(0)
    assert "status=" not in page.url
    page.keyboard.press("j")
    expect_selected(page, 31)
    # Reloaded with ?status=, the page is filtered before any script runs.
    page.goto(f"/assessments/{assessment.pk}/?status=unverified")
    expect(page.locator("#filter-status")).to_be_visible()
    page.click(".tally a.count.is-unverified")  # the chosen chip again: all quotes
    expect(page.locator("#filter-status")).to_be_hidden()
    # A short page: the tally, the note and the quotes singled out in one view.
    procurement = procurement_assessment(team=team)
    page.goto(f"/assessments/{procurement.pk}/")
    page.wait_for_load_state("load")
    page.click(".tally a.count.is-corrected")
    expect_selected(page, 3)
    page.keyboard.press("j")
    expect_selected(page, 8)
    page.evaluate("window.scrollTo(0, 0)")
    checked_screenshot(page, "tally-filter-corrected")
    assert page_problems(page) == []


def test_question_mark_lists_the_keys_and_a_r_open_approve_and_reject(page, team, rita):
    assessment = procurement_assessment(team=team)
    open_page(page, assessment)
    help_box = page.locator("#key-help")
    expect(help_box).to_be_hidden()
    page.keyboard.press("?")
    expect(help_box).to_be_visible()
    for key in ("j", "n", "a", "r", "?"):
        expect(
            help_box.locator("dt kbd", has_text=re.compile(rf"^{re.escape(key)}$"))
        ).to_have_count(1)
    checked_screenshot(page, "key-help-overlay")
    page.keyboard.press("Escape")
    expect(help_box).to_be_hidden()
    page.click(".keys-button")  # the same list without knowing the key
    expect(help_box).to_be_visible()
    page.click("#key-help button:has-text('Close')")
    expect(help_box).to_be_hidden()

    # a: flagged quotes need the confirmation first, so that is where it lands.
    page.keyboard.press("a")
    expect(page.locator("#review")).to_have_attribute("data-intent", "approve")
    expect(page.locator("input[name=confirm_unverified]")).to_be_focused()
    expect(page.locator("#review")).to_be_in_viewport()
    page.keyboard.press("Space")
    page.keyboard.press("a")  # confirmed: now the Approve button
    expect(page.locator("button[value=approve]")).to_be_focused()
    # r: into the comment; the letters typed there are the comment, not keys.
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("r")
    expect(page.locator("#review")).to_have_attribute("data-intent", "reject")
    expect(page.locator("#review-comment")).to_be_focused()
    page.keyboard.type("Quote 10 is invented; rejecting.")
    expect(page.locator("#review-comment")).to_have_value("Quote 10 is invented; rejecting.")
    expect(page.locator("#review")).to_have_attribute("data-intent", "reject")
    checked_screenshot(page, "review-opened-with-r")
    page.keyboard.press("Control+Enter")
    expect(page.locator("#review .review--rejected")).to_have_text("rejected")
    decision = ReviewDecision.objects.get(assessment=assessment)
    assert (decision.action, decision.comment) == ("reject", "Quote 10 is invented; rejecting.")
    page.keyboard.press("a")  # decided: the box says so, nothing else happens
    expect(page.locator("#review")).to_be_focused()
    assert ReviewDecision.objects.count() == 1
    assert page_problems(page) == []


# A changed claim (a modal and a number) and a verified quote, verified by the real engine;
# the bundle drops unverified quotes from its export.
APPEAL_BUNDLE = {
    "bundle_version": 1,
    "id": "appeal-deadlines",
    "title": "Appeal deadlines",
    "drop": ["unverified"],
    "sources": [
        {
            "id": "D1",
            "kind": "document",
            "title": "Appeals procedure",
            "paragraphs": [
                "1. Scope. This procedure covers appeals against funding decisions.",
                "2. Deadline. Appeals must be filed within 30 days of the decision, in writing.",
                "3. Review. A panel of three reviews every appeal.",
            ],
        }
    ],
    "response": {
        "format": "markdown",
        "text": 'The procedure is strict: "Appeals may be filed within 60 days of the decision, '
        'in writing." [D1 ¶2]\n\nIt adds that "A panel of three reviews every appeal." [D1 ¶3]',
    },
}


def appeal_assessment(team):
    from citations.services import assessment_verify

    assessment = bundle_import(raw=APPEAL_BUNDLE).assessment
    assessment_verify(assessment_id=assessment.pk)
    Assessment.objects.filter(pk=assessment.pk).update(team=team)
    return assessment


def test_a_changed_claims_hint_highlights_where_the_quote_differs(page, team, rita):
    assessment = appeal_assessment(team)
    assert assessment.verification.quotes.get(n=1).reason == "claim_changed"
    open_page(page, assessment, "#q1")
    hint = page.locator("#source-text mark.hint")
    # The source's words the model changed, inside the hint, which is still the source's text.
    expect(hint.locator(".differs")).to_have_text(["must", "30"])
    expect(hint).to_have_text("Appeals must be filed within 30 days of the decision, in writing.")
    expect(page.locator("#source-pane .claim-differences")).to_have_text(
        "Not corrected, the claim differs: changed: must → may; changed: 30 → 60."
    )
    checked_screenshot(page, "claim-changed-hint-differences")
    assert page_problems(page) == []


def test_quotes_the_export_drops_are_marked_on_the_page(page, team, rita):
    assessment = appeal_assessment(team)  # the bundle drops unverified quotes
    open_page(page, assessment)
    expect(page.locator("#q1 .drop-flag")).to_be_visible()
    expect(page.locator("#q1 .drop-flag")).to_have_text("dropped from the export")
    expect(page.locator("#q2 .drop-flag")).to_be_hidden()  # verified: kept
    expect(page.locator(".tally .is-unverified")).to_contain_text(
        "1 unverified · dropped from the export"
    )
    page.click("#q1 .quote-text")
    expect(page.locator("#source-pane .note--drop")).to_contain_text("Dropped from the export")
    checked_screenshot(page, "dropped-quotes-marked")
    assert page_problems(page) == []


def test_the_tally_waits_for_verification_and_the_header_follows_a_decision(page, team, rita):
    assessment = procurement_assessment(team=team, verified=False)
    open_page(page, assessment)
    tally = page.locator(".head-side .tally")
    expect(tally).to_have_text("Quotes are counted once verification finishes")
    checked_screenshot(page, "tally-while-verification-pending")
    Verification.objects.filter(pk=assessment.pk).update(
        verification_state=VerificationState.DONE, engine_version="test"
    )
    # The page reloads itself once verification is done (polling), now with counts.
    expect(page.locator(".tally a.count.is-verified")).to_have_text("✓ 6 verified", timeout=8000)
    page.fill("#review-comment", "Quote 10 is invented.")
    page.click("button[value=reject]")
    expect(page.locator("#review .review--rejected")).to_have_text("rejected")
    expect(page.locator("#head-review .review")).to_have_text("rejected")
    expect(page.locator("#head-review")).to_have_count(1)
    page.evaluate("window.scrollTo(0, 0)")
    checked_screenshot(page, "header-review-state-after-decision")
    assert page_problems(page) == []
