"""Quote verdicts in a real browser (issue 31, item 1, and item 2's verdict keys): c and x on
the selected quote, the verdict beside the engine's badge after a reload, an error in place,
and the verdict in the API's export and report. Results stored by the real engine."""

import re

import pytest
from playwright.sync_api import expect

from citations.engine.verify import corrected_text
from citations.models import Quote
from citations.results import stored_match
from citations.services import assessment_verify
from reviews.imports import bundle_import
from reviews.models import QuoteVerdict, Team
from reviews.tokens import api_token_create
from tests.browser.accessibility import checked_screenshot
from tests.browser_support import page_problems, sign_in
from tests.pipeline.conftest import scenario, wait_verified
from tests.reviews.review_data import user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Procurement quotes as the engine decides them: 10 unverified with a hint, 2 verified.
HINTED = "The contractor's liability shall never exceed the fees paid in the last month."
VERIFIED = "Renewals that change the price by more than 5% are treated as new contracts"


@pytest.fixture
def team():
    return Team.objects.create(name="procurement")


@pytest.fixture
def rita(team):
    return user("rita", teams=(team,))


def verified_procurement(team):
    data = scenario("procurement_review")
    assessment = bundle_import(raw=data, team=team, enqueue_verification=False).assessment
    assessment_verify(assessment_id=assessment.pk)
    return assessment


def open_page(page, assessment) -> None:
    sign_in(page, "rita", "pw-rita")
    page.goto(f"/assessments/{assessment.pk}/")
    page.wait_for_load_state("load")  # keys pressed before app.js runs would go nowhere


def test_a_verdict_given_by_key_survives_a_reload_and_reaches_the_export_issue_31_1(
    page, live_server, team, rita, start_worker
):
    """Issue 31 item 1 (and item 2's keys): c confirms the selected quote's hint and x
    overrules another; each shows beside the engine's badge, which keeps its word, stays
    after a reload, and the API's export and report apply them. Submitted as a pipeline
    does and verified by a real Celery worker."""
    start_worker("verdicts")
    assessment = bundle_import(raw=scenario("procurement_review"), team=team).assessment
    wait_verified(assessment.pk)
    open_page(page, assessment)
    page.keyboard.press("?")
    expect(page.locator("#key-help")).to_contain_text("overrule the selected quote")
    page.keyboard.press("Escape")

    # c, with the quote's pane open: through its verdict box.
    page.click("#q10 .quote-text")
    box = page.locator('#quote-verdict[data-verdict-quote="10"]')
    expect(box).to_contain_text("none yet, the engine's unverified stands")
    page.keyboard.press("c")
    expect(page.locator("#q10-verdict")).to_have_text("☑ confirmed")
    expect(box).to_contain_text("Verdict: confirmed by rita")
    expect(page.locator("#q10 .badge")).to_contain_text("unverified")  # the engine's word

    # x right after moving: whichever way it is sent, quote 9 is overruled.
    page.keyboard.press("k")
    page.keyboard.press("x")
    expect(page.locator("#q9-verdict")).to_have_text("☒ overruled")
    # The approval's question now names the quotes still needing a look and without a
    # verdict: those the engine left unverified or ineligible or gave attention, as stored.
    waiting = [
        f"#{quote.n}"
        for quote in Quote.objects.filter(assessment=assessment.verification).order_by("n")
        if quote.n not in (9, 10)
        and (quote.status in ("unverified", "ineligible") or quote.attention)
    ]
    assert waiting, "the scenario must leave quotes needing a look"
    expect(page.locator("#approve-confirm")).to_contain_text(f"I checked the {len(waiting)} quotes")
    expect(page.locator("#approve-confirm a")).to_have_text(waiting)
    checked_screenshot(page, "verdicts-given-by-key")

    page.reload()
    page.wait_for_load_state("load")
    expect(page.locator("#q10-verdict")).to_have_text("☑ confirmed")
    expect(page.locator("#q9-verdict")).to_have_text("☒ overruled")
    expect(page.locator("#q10 .badge")).to_contain_text("unverified")
    assert [(v.quote.n, v.action) for v in QuoteVerdict.objects.order_by("id")] == [
        (10, "confirm"),
        (9, "overrule"),
    ]

    token = api_token_create(name="pipeline", team=team)[1]
    headers = {"Authorization": f"Bearer {token}"}
    exported = page.request.get(f"/api/assessments/{assessment.pk}/export", headers=headers)
    quote = Quote.objects.select_related("match_source").get(
        assessment=assessment.verification, n=10
    )
    hint = corrected_text(stored_match(quote))
    # The confirmed hint replaced the model's words, unflagged; the stored quote keeps the
    # engine's result.
    assert f'The agreement caps liability: "{hint}" [A1 ¶5]\n' in exported.text()
    assert HINTED not in exported.text() and quote.status == "unverified"
    report = page.request.get(f"/api/assessments/{assessment.pk}", headers=headers).json()
    quotes = {q["n"]: q for q in report["report"]["quotes"]}
    assert (quotes[10]["status"], quotes[10]["verdict"]["action"]) == ("unverified", "confirm")
    assert (quotes[9]["status"], quotes[9]["verdict"]["by"]) == ("ineligible", "rita")
    assert page_problems(page) == []


def test_a_verdict_that_cannot_be_given_says_why_in_place_issue_31_1(page, team, rita):
    """Issue 31 item 1: c on a verified quote without attention records nothing and says
    why beside the quote, never nothing; x then overrules it and the error goes."""
    assessment = verified_procurement(team)
    open_page(page, assessment)
    # Right after moving, before the pane shows the quote: beside its badge (or, if the pane
    # was quicker, in its box).
    page.keyboard.press("j")
    page.keyboard.press("c")
    refused = page.locator("#q1-verdict [role=alert], #quote-verdict [role=alert]")
    expect(refused).to_contain_text("Quote 1 is verified without attention")
    # With the pane: in its verdict box.
    page.click("#q2 .quote-text")
    box = page.locator('#quote-verdict[data-verdict-quote="2"]')
    expect(box).to_be_visible()
    page.keyboard.press("c")
    expect(box.locator("[role=alert]")).to_contain_text("Quote 2 is verified without attention")
    assert not QuoteVerdict.objects.exists()
    page.keyboard.press("x")
    expect(page.locator("#q2-verdict")).to_have_text("☒ overruled")
    expect(box.locator("[role=alert]")).to_have_count(0)
    assert VERIFIED in Quote.objects.get(assessment=assessment.verification, n=2).text
    assert page_problems(page) == []


def test_n_skips_a_quote_with_a_verdict_and_visits_one_with_attention_issue_31_2(
    page, live_server, team, rita
):
    """Issue 31 item 2: n visits every quote needing a look (not verified, or verified with
    attention) that has no verdict yet; a quote overruled with x is passed over."""
    assessment = verified_procurement(team)
    quotes = Quote.objects.filter(assessment=assessment.verification).order_by("n")
    needing = [q.n for q in quotes if q.status != "verified" or q.attention]
    assert len(needing) >= 3 and needing[0] > 1, needing
    assert any(q.status == "verified" and q.attention for q in quotes), "no attention case"
    open_page(page, assessment)
    page.click(f"#q{needing[0]} .quote-text")
    page.keyboard.press("x")
    expect(page.locator(f"#q{needing[0]}-verdict")).to_have_text("☒ overruled")
    page.click("#q1 .quote-text")
    expect(page.locator("#q1")).to_have_class(re.compile(r"\bis-current\b"))
    page.keyboard.press("n")
    expect(page.locator(f"#q{needing[1]}")).to_have_class(re.compile(r"\bis-current\b"))
    page.keyboard.press("n")
    expect(page.locator(f"#q{needing[2]}")).to_have_class(re.compile(r"\bis-current\b"))
