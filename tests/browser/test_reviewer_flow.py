"""What only a browser shows: the swap, the scroll, the highlight, keyboard, no console or
CSP errors, no script from untrusted text (003.1, 003.5, 003.8, 011.4, VB-2, VB-6, VB-7)."""

import re

import pytest
from playwright.sync_api import expect

from citations.models import Quote, Source, Verification, VerificationState
from reviews.imports import bundle_import
from reviews.models import ReviewDecision, Team
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


def pane_mark(page):
    return page.locator("#source-text mark")


def test_click_corrected_quote_shows_exact_span_then_approve_011_4_vb_2_vb_7(page, team, rita):
    assessment = procurement_assessment(team=team)
    sign_in(page, "rita", "pw-rita")
    checked_screenshot(page, "assessment-list")
    page.click("text=Halvorsen HVAC maintenance renewal")
    expect(page.locator("[data-quote]")).to_have_count(12)
    # 003.5 / 003.8: every quote has its own badge, with a word, not only a colour.
    expect(page.locator("[data-quote] .badge")).to_have_count(12)
    expect(page.locator("#q12 .badge")).to_have_text("✓ verified")

    page.click("#q3 .quote-text")
    quote = Quote.objects.get(assessment=assessment.verification, n=3)
    expected = quote.match_source.paragraphs[quote.match_paragraph - 1][
        quote.match_start : quote.match_end
    ]
    expect(pane_mark(page)).to_have_text(expected)
    expect(page.locator("#source-pane .source-title")).to_contain_text("A1")
    expect(page.locator("#source-pane [data-focus]")).to_have_attribute("id", "p3")
    expect(page.locator("#source-pane")).to_contain_text("Corrected: the model cited A1 ¶2")
    assert page.url.endswith("#q3")  # a deep link to what is open
    # 011.4: the original wording and citation one click away, without a page load.
    page.click("#q8 .badge")
    expect(page.locator("#q8-info")).to_be_visible()
    expect(page.locator("#q8-info")).to_contain_text("ninety days' written notice")
    checked_screenshot(page, "assessment-quote-open")
    page.keyboard.press("Escape")

    page.check("input[name=confirm_unverified]")
    page.click("button[value=approve]")
    expect(page.locator("#review .review--approved")).to_have_text("approved")
    expect(page.locator("#review .decisions")).to_contain_text("confirmed unverified quotes")
    decision = ReviewDecision.objects.get(assessment=assessment)
    assert (decision.reviewer, decision.action, decision.confirmed_unverified) == (
        rita,
        "approve",
        True,
    )
    checked_screenshot(page, "assessment-approved")
    assert page_problems(page) == []


def test_pane_scrolls_to_a_match_deep_in_a_long_source_vb_2(page, team, rita):
    assessment = many_quotes_assessment(80)
    assessment.team = team
    assessment.save()
    sign_in(page, "rita", "pw-rita")
    page.goto(f"/assessments/{assessment.pk}/#q40")  # deep link opens quote 40
    expect(pane_mark(page)).to_have_text("Clause 40 applies to item 40 only.")
    in_view = page.evaluate(
        """() => {
          const pane = document.getElementById("source-pane").getBoundingClientRect();
          const mark = document.querySelector("#source-text mark").getBoundingClientRect();
          return [document.getElementById("source-pane").scrollTop,
                  mark.top >= pane.top && mark.bottom <= pane.bottom];
        }"""
    )
    assert in_view[0] > 0 and in_view[1] is True
    page.click("#source-pane a.more >> nth=-1")  # load the next paragraphs in place
    expect(page.locator("#source-pane #p60")).to_have_count(1)
    assert page_problems(page) == []


def test_keyboard_moves_between_quotes_and_enter_opens_the_source(page, team, rita):
    procurement_assessment(team=team)
    sign_in(page, "rita", "pw-rita")
    page.click("text=Halvorsen HVAC maintenance renewal")
    # Keys pressed before the page's deferred script has run would go nowhere.
    page.wait_for_url("**/assessments/*/", wait_until="load")
    page.keyboard.press("j")
    page.keyboard.press("j")
    expect(page.locator("#q2")).to_have_class("quote quote--inline is-verified is-current")
    page.keyboard.press("Enter")
    expect(pane_mark(page)).to_have_text(
        "Renewals that change the price by more than 5% are treated as new contracts"
    )
    page.keyboard.press("k")
    expect(page.locator("#q1")).to_have_class("quote quote--block is-verified is-current")
    assert page_problems(page) == []


def test_moving_with_j_loads_the_pane_and_n_jumps_to_the_next_quote_needing_attention(
    page, team, rita
):
    """Issue 15: j/k moved the selection but not the source pane; n/p reach the quotes that
    are not verified without stepping through every verified one."""
    assessment = procurement_assessment(team=team)
    sign_in(page, "rita", "pw-rita")
    page.goto(f"/assessments/{assessment.pk}/")
    page.wait_for_url("**/assessments/*/", wait_until="load")
    page.keyboard.press("j")
    page.keyboard.press("j")  # held keys: only the quote they rest on is loaded
    expect(page.locator("#source-pane .pane-quote")).to_contain_text("Quote 2")
    expect(pane_mark(page)).to_have_text(
        "Renewals that change the price by more than 5% are treated as new contracts"
    )
    # the next needing a look (issue 31, item 2): not verified, or with attention
    quotes = Quote.objects.filter(assessment=assessment.verification).order_by("n")
    wanted = next(q.n for q in quotes if q.n > 2 and (q.status != "verified" or q.attention))
    page.keyboard.press("n")
    expect(page.locator(f"#q{wanted}")).to_have_class(re.compile(r"\bis-current\b"))
    expect(page.locator("#source-pane .pane-quote")).to_contain_text(f"Quote {wanted}")
    page.keyboard.press("p")  # back to none before it that needs attention: stays
    expect(page.locator(f"#q{wanted}")).to_have_class(re.compile(r"\bis-current\b"))
    checked_screenshot(page, "keyboard-n-loads-pane")
    assert page_problems(page) == []


def test_page_updates_itself_when_verification_finishes(page, team, rita):
    assessment = procurement_assessment(team=team, verified=False)
    sign_in(page, "rita", "pw-rita")
    page.goto(f"/assessments/{assessment.pk}/")
    expect(page.locator("#verification")).to_contain_text("Verification is pending")
    Verification.objects.filter(pk=assessment.pk).update(
        verification_state=VerificationState.DONE, engine_version="test"
    )
    expect(page.locator("#verification")).to_contain_text("engine test", timeout=8000)
    expect(page.locator("#verification")).not_to_have_attribute("hx-trigger", "every 2s")
    # The list shows live progress the same way (all of it: "needs review" waits for done).
    Verification.objects.filter(pk=assessment.pk).update(verification_state="running")
    page.goto("/assessments/?queue=all")
    expect(page.locator(".state--running")).to_have_count(1)
    Verification.objects.filter(pk=assessment.pk).update(verification_state=VerificationState.DONE)
    expect(page.locator(".state--done")).to_have_count(1, timeout=8000)
    expect(page.locator("#assessment-rows")).not_to_have_attribute("hx-trigger", "every 2s")
    assert page_problems(page) == []


HOSTILE_RESPONSE = """# Report <script>alert('h1')</script>

<img src="https://evil.example/x.png" onerror="alert('img')">

[click me](javascript:alert('link')) and ![tracker](https://evil.example/t.png)

<div hx-get="/admin/" hx-trigger="load">htmx payload</div>
<span data-hx-post="/accounts/logout/" data-hx-trigger="load">data-hx payload</span>

The source says "<b onmouseover=alert('q')>bold</b> claim" [D1 ¶1].
"""


def test_hostile_response_and_source_run_nothing_vb_6(page):
    data = {
        "bundle_version": 1,
        "id": "hostile",
        "title": "<img src=x onerror=alert('title')>",
        "sources": [
            {
                "id": "D1",
                "kind": "document",
                "title": "<script>alert('source title')</script>",
                "paragraphs": [
                    "<b onmouseover=alert('q')>bold</b> claim <script>alert('src')</script>",
                    '<img src="https://evil.example/p.png" onerror="alert(1)">',
                    '<div hx-get="/admin/" hx-trigger="load">x</div>',
                ],
            }
        ],
        "response": {"format": "markdown", "text": HOSTILE_RESPONSE},
    }
    assessment = bundle_import(raw=data).assessment
    Verification.objects.filter(pk=assessment.pk).update(verification_state=VerificationState.DONE)
    source = Source.objects.get(turn=assessment.verification.turn)
    text = "<b onmouseover=alert('q')>bold</b> claim"
    start = HOSTILE_RESPONSE.index(text)
    Quote.objects.create(
        assessment=assessment.verification,
        n=1,
        form="inline",
        text=text,
        response_start=start,
        response_end=start + len(text),
        cited_ref="D1",
        cited_source=source,
        cited_paragraph=1,
        status="verified",
        reason="found_as_cited",
        match_source=source,
        match_paragraph=1,
        match_start=0,
        match_end=len(text),
    )
    user("admin", staff=True)
    sign_in(page, "admin", "pw-admin")
    page.goto(f"/assessments/{assessment.pk}/")
    page.click("#q1 .quote-text")
    expect(pane_mark(page)).to_have_text(text)  # shown as text, exactly
    page.hover("#source-text mark")
    page.hover("#q1 .quote-text")
    page.wait_for_timeout(500)  # give a planted hx-trigger="load" its chance
    checked_screenshot(page, "hostile-assessment")
    assert page.locator("#response script, #response img, #source-pane img").count() == 0
    assert (
        page.locator("#response [hx-get='/admin/'], #source-pane [hx-get='/admin/']").count() == 0
    )
    assert page.evaluate("document.title").startswith("<img src=x")
    assert ReviewDecision.objects.count() == 0
    assert page_problems(page) == []


def test_real_llm_answer_verified_by_the_pipeline_vb_2(page):
    """A real answer (JSON, a 95 kB source) through the real engine, then the viewer."""
    from django.conf import settings

    from citations.services import assessment_verify

    path = settings.SHARED_DIR / "data" / "dev" / "verbote" / "2005-gemini-spd.json"
    assessment = bundle_import(raw=path.read_bytes()).assessment
    assessment_verify(assessment_id=assessment.pk)
    quote = (
        Quote.objects.filter(assessment=assessment.verification, match_source__isnull=False)
        .order_by("-match_paragraph")
        .first()
    )
    user("admin", staff=True)
    sign_in(page, "admin", "pw-admin")
    page.goto(f"/assessments/{assessment.pk}/#q{quote.n}")
    paragraph = quote.match_source.paragraphs[quote.match_paragraph - 1]
    expect(pane_mark(page)).to_have_text(paragraph[quote.match_start : quote.match_end])
    expect(page.locator(f"#source-pane #p{quote.match_paragraph}")).to_be_in_viewport()
    checked_screenshot(page, "real-answer-json")
    assert page_problems(page) == []


def test_a_quote_in_a_table_cell_opens_its_span_in_the_source_vb_2(page):
    """A table answer (red team: quotes cited by the row's Source and Paragraph columns),
    verified by the pipeline: the table stays a table, and a quote in it opens its source."""
    from django.conf import settings

    from citations.services import assessment_verify

    path = settings.BASE_DIR / "tests" / "citations" / "redteam" / "lease_table_sources.json"
    assessment = bundle_import(raw=path.read_bytes()).assessment
    assessment_verify(assessment_id=assessment.pk)
    # The repairs row cites A1 ¶3; the text is in ¶4: the highlight must show where it is.
    quote = Quote.objects.get(assessment=assessment.verification, n=3)
    assert (quote.status, quote.cited_paragraph, quote.match_paragraph) == ("corrected", 3, 4)
    user("admin", staff=True)
    sign_in(page, "admin", "pw-admin")
    page.goto(f"/assessments/{assessment.pk}/")
    row = page.locator("#response table tr", has=page.locator("#q3"))
    expect(row.locator("td")).to_have_text(["Repairs", re.compile("^“The Landlord"), "A1", "3"])
    expect(page.locator("#response table td > [data-quote]")).to_have_count(16)
    row.locator("#q3 .quote-text").click()
    paragraph = quote.match_source.paragraphs[quote.match_paragraph - 1]
    expect(pane_mark(page)).to_have_text(paragraph[quote.match_start : quote.match_end])
    expect(page.locator("#source-pane [data-focus]")).to_have_attribute("id", "p4")
    expect(page.locator("#source-pane [data-focus] mark")).to_be_in_viewport()
    expect(page.locator("#q3")).to_have_class(re.compile(r"\bis-current\b"))
    checked_screenshot(page, "table-quote-open")
    assert page_problems(page) == []


def test_two_reviewers_at_once_the_second_is_told_vb_7(browser, live_server, team):
    """Both pages are open; one approves, the other then rejects: one decision, a message."""
    from tests.browser_support import RECORD_VIOLATIONS

    assessment = procurement_assessment(team=team)
    user("ann", teams=(team,))
    user("bob", teams=(team,))
    pages = []
    for name in ("ann", "bob"):
        context = browser.new_context(base_url=live_server.url)
        context.add_init_script(RECORD_VIOLATIONS)
        page = context.new_page()
        page.problems = []
        page.on("pageerror", lambda error, page=page: page.problems.append(str(error)))
        sign_in(page, name, f"pw-{name}")
        page.goto(f"/assessments/{assessment.pk}/")
        pages.append(page)
    ann, bob = pages
    ann.check("input[name=confirm_unverified]")
    ann.click("button[value=approve]")
    expect(ann.locator("#review .review--approved")).to_have_text("approved")
    bob.fill("#review-comment", "Quote 10 is invented.")
    bob.click("button[value=reject]")
    expect(bob.locator("#review [role=alert]")).to_contain_text("already approved by ann")
    checked_screenshot(bob, "conflict-second-reviewer")
    assert ReviewDecision.objects.get(assessment=assessment).reviewer.username == "ann"
    for page in pages:
        assert page_problems(page) == []
        page.context.close()
