"""Issue 34, item 4, in a real browser: a PDF source's page beside the text. The quote's pane
offers the page its match is on; switched to it, pdf.js (vendored) draws page 2 into a canvas
with its text layer, and the quote's text is marked over the very words on it, under the
site's CSP, with no console error or pdf.js warning. The address keeps the view (a deep
link), fonts the PDF does not embed come from pdf.js's vendored data, and the page is drawn
again when the pane's width changes."""

import re

import pytest
from playwright.sync_api import expect

from reviews.models import Team
from tests.browser.accessibility import checked_screenshot
from tests.browser_support import page_problems, sign_in
from tests.reviews.review_data import (
    JAPANESE_QUOTE,
    LEASE_QUOTE,
    pdf_assessment,
    pdf_in_fonts_not_embedded,
    user,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAGE_VIEW = "#source-pane [data-pane-view=page]"
TEXT_VIEW = "#source-pane [data-pane-view=text]"
# How many pixels of a canvas are dark (ink, on a page drawn black on white): in all, and in
# the rectangle r given in CSS pixels of the canvas's box. One readback (more: a warning).
DARK_PIXELS = """(c, r) => {
  const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
  const s = c.width / c.getBoundingClientRect().width;
  let all = 0, inside = 0;
  for (let i = 0; i < d.length; i += 4) {
    if (d[i] >= 128) continue;
    all++;
    const x = (i / 4) % c.width, y = Math.floor(i / 4 / c.width);
    if (x >= r.x * s && x < (r.x + r.w) * s && y >= r.y * s && y < (r.y + r.h) * s) inside++;
  }
  return [all, inside];
}"""


@pytest.fixture
def lease():
    team = Team.objects.create(name="housing")
    user("rita", teams=(team,))
    return pdf_assessment(team)


def overlap(a: dict, b: dict) -> float:
    """The area two bounding boxes share."""
    width = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
    height = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
    return max(0, width) * max(0, height)


def expect_marks_over_their_spans(page, count: int) -> None:
    """``count`` marks on the drawn page, each lying over the text layer's span that holds it."""
    marks = page.locator("#pdf-page mark.pdf-match")
    expect(marks).to_have_count(count)
    for mark in marks.all():
        box, span = mark.bounding_box(), mark.locator("xpath=..").bounding_box()
        assert box["width"] > 50 and box["height"] > 5
        smaller = min(box["width"] * box["height"], span["width"] * span["height"])
        assert overlap(box, span) >= 0.9 * smaller


def expect_page_view(page, number: int) -> None:
    """The pane shows page ``number`` of the PDF, drawn, instead of the text."""
    expect(page.locator("#pdf-page")).to_have_attribute("data-pdf-page", str(number))
    expect(page.locator("#pdf-page")).to_have_attribute("data-rendered", "done", timeout=15_000)
    expect(page.locator("#pdf-page")).to_be_visible()
    expect(page.locator("#source-pane #source-text")).to_be_hidden()
    expect(page.locator(PAGE_VIEW)).to_have_attribute("aria-current", "true")


def test_the_page_view_draws_the_quotes_page_with_its_text_marked(page, lease):
    sign_in(page, "rita", "pw-rita")
    page.goto(f"/assessments/{lease.pk}/")
    page.click("#q1 .quote-text")
    link = page.locator(PAGE_VIEW)
    expect(link).to_have_text("Page 2 of the PDF")
    expect(page.locator("#source-pane #source-text")).to_be_visible()
    # Keyboard: the link takes the focus (a link: in the tab order) and Enter follows it.
    link.focus()
    page.keyboard.press("Enter")
    sheet = page.locator("#pdf-page .pdf-sheet")
    expect(page.locator("#pdf-page")).to_have_attribute("data-rendered", "done", timeout=15_000)
    expect(page.locator("#source-pane #source-text")).to_be_hidden()
    expect(link).to_have_attribute("aria-current", "true")
    expect(page.locator("#pane-status")).to_have_text("Page 2 of L, the quote's text marked")

    # The canvas holds a page of the PDF's proportions (A4), drawn (below: inked).
    canvas = sheet.locator("canvas")
    size = canvas.evaluate("c => [c.width, c.height]")
    assert abs(size[1] / size[0] - 842 / 595) < 0.01
    # Page 2's text, not page 1's or 3's, is on it.
    layer = sheet.locator(".textLayer")
    expect(layer).to_contain_text("Page two opens with the parties' duties.")
    expect(layer).not_to_contain_text("Intro on page one")
    expect(layer).to_contain_text("Page 2 of 3")

    # The marks cover the quote's words and lie over the text layer's spans that hold them.
    marks = sheet.locator("mark.pdf-match")
    expect(marks).to_have_count(2)  # the quote's two lines
    assert " ".join(marks.all_text_contents()).split() == LEASE_QUOTE.split()
    for mark in marks.all():
        box, span = mark.bounding_box(), mark.locator("xpath=..").bounding_box()
        assert box["width"] > 50 and box["height"] > 5
        smaller = min(box["width"] * box["height"], span["width"] * span["height"])
        assert overlap(box, span) >= 0.9 * smaller
        expect(mark).to_be_in_viewport()
    # … and the words drawn on the canvas: the marked line is inked under its box.
    first = marks.first.bounding_box()
    sheet_box = canvas.bounding_box()
    inked, under_mark = canvas.evaluate(
        DARK_PIXELS,
        {
            "x": first["x"] - sheet_box["x"],
            "y": first["y"] - sheet_box["y"],
            "w": first["width"],
            "h": first["height"],
        },
    )
    assert inked > 1000 and under_mark > 50
    checked_screenshot(page, "pdf-page-view-quote-marked")

    # Back to the text, with the keyboard as well.
    page.locator("#source-pane [data-pane-view=text]").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#source-pane #source-text")).to_be_visible()
    expect(page.locator("#pdf-page")).to_be_hidden()
    assert page_problems(page) == []


def test_the_page_view_stays_chosen_as_the_keys_move_between_quotes(page, lease):
    sign_in(page, "rita", "pw-rita")
    page.goto(f"/assessments/{lease.pk}/#q1")
    page.click(PAGE_VIEW)
    expect(page.locator("#pdf-page")).to_have_attribute("data-rendered", "done", timeout=15_000)
    page.keyboard.press("j")  # quote 2: a text source, no page view
    expect(page.locator("#source-pane [data-pane-quote]")).to_have_attribute("data-pane-quote", "2")
    expect(page.locator(PAGE_VIEW)).to_have_count(0)
    expect(page.locator("#source-pane #source-text")).to_be_visible()
    page.keyboard.press("k")  # back to the PDF's quote: its page again
    expect(page.locator("#source-pane [data-pane-quote]")).to_have_attribute("data-pane-quote", "1")
    expect(page.locator("#pdf-page")).to_have_attribute("data-rendered", "done", timeout=15_000)
    expect(page.locator("#pdf-page mark.pdf-match")).to_have_count(2)
    assert page_problems(page) == []


def test_a_link_with_view_page_opens_the_quote_on_its_page_issue_34(page, lease):
    sign_in(page, "rita", "pw-rita")
    address = f"/assessments/{lease.pk}/?view=page#q1"
    page.goto(address)
    expect(page.locator("#q1")).to_have_class(re.compile(r"\bis-current\b"))
    expect_page_view(page, 2)
    expect_marks_over_their_spans(page, 2)
    page.reload()
    expect_page_view(page, 2)
    expect_marks_over_their_spans(page, 2)

    # Keyboard: Tab goes from one view's link to the other; Enter switches and the link keeps
    # the focus; the address follows, so copying it gives the view shown.
    text, pdf = page.locator(TEXT_VIEW), page.locator(PAGE_VIEW)
    text.focus()
    page.keyboard.press("Tab")
    expect(pdf).to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(text).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#source-pane #source-text")).to_be_visible()
    expect(page.locator("#pdf-page")).to_be_hidden()
    expect(text).to_be_focused()
    expect(page).to_have_url(re.compile(rf"/assessments/{lease.pk}/#q1$"))
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect_page_view(page, 2)
    expect(pdf).to_be_focused()
    expect(page).to_have_url(re.compile(rf"/assessments/{lease.pk}/\?view=page#q1$"))

    copied = page.context.new_page()
    copied.goto(page.url)
    expect_page_view(copied, 2)
    expect_marks_over_their_spans(copied, 2)
    assert page_problems(page) == []


def test_a_pane_rendered_with_the_page_opens_on_its_page_with_view_page_issue_34(page, lease):
    """The no-JavaScript address of a quote's pane (?quote=1) with ?view=page: the pane comes
    with the page, not through htmx, and shows the PDF's page as the address asks."""
    sign_in(page, "rita", "pw-rita")
    page.goto(f"/assessments/{lease.pk}/?quote=1&view=page#q1")
    expect_page_view(page, 2)
    expect_marks_over_their_spans(page, 2)
    assert page_problems(page) == []


def test_j_and_k_keep_the_page_view_from_one_pdf_quote_to_the_next_issue_34(page):
    team = Team.objects.create(name="housing")
    user("rita", teams=(team,))
    two_pages = pdf_assessment(
        team,
        response=f'It says "{LEASE_QUOTE}" [L, p. 2] and "Notice is three months." [L, p. 3]',
    )
    sign_in(page, "rita", "pw-rita")
    page.goto(f"/assessments/{two_pages.pk}/?view=page#q1")
    expect_page_view(page, 2)
    page.keyboard.press("j")
    expect(page.locator("#source-pane [data-pane-quote]")).to_have_attribute("data-pane-quote", "2")
    expect_page_view(page, 3)
    expect(page.locator("#pdf-page mark.pdf-match")).to_have_text("Notice is three months.")
    expect(page).to_have_url(re.compile(r"\?view=page#q2$"))
    page.keyboard.press("k")
    expect(page.locator("#source-pane [data-pane-quote]")).to_have_attribute("data-pane-quote", "1")
    expect_page_view(page, 2)
    expect_marks_over_their_spans(page, 2)
    assert page_problems(page) == []


def test_fonts_the_pdf_does_not_embed_are_drawn_from_vendored_data_issue_34(page):
    """ZapfDingbats has no system stand-in and the Japanese text (HeiseiMin, not embedded) is
    read through its CMap: pdf.js fetches both from static/vendor/pdfjs/, and warns of neither
    (page_problems holds pdf.js's warnings, which it writes with console.warn)."""
    team = Team.objects.create(name="housing")
    user("rita", teams=(team,))
    japanese = pdf_assessment(
        team,
        pdf=pdf_in_fonts_not_embedded(),
        response=f'The lease says "{JAPANESE_QUOTE}" [L, p. 1].',
    )
    fetched = {}
    page.on("response", lambda r: fetched.setdefault(r.url.rsplit("/", 1)[-1], r.status))
    sign_in(page, "rita", "pw-rita")
    page.goto(f"/assessments/{japanese.pk}/?view=page#q1")
    expect_page_view(page, 1)
    layer = page.locator("#pdf-page .textLayer")
    expect(layer).to_contain_text("Terms of the lease, in Japanese:")
    expect(layer).to_contain_text(JAPANESE_QUOTE)
    expect(page.locator("#pdf-page mark.pdf-match")).to_have_text(JAPANESE_QUOTE)
    assert fetched.get("FoxitDingbats.pfb") == 200
    assert fetched.get("UniJIS-UCS2-H.bcmap") == 200
    checked_screenshot(page, "pdf-page-view-fonts-not-embedded")
    # pdf.js looks for a system font of HeiseiMin's very name, which the test machine lacks,
    # says so, and draws the text in a fallback: a font, not font data or a CMap, is missing.
    no_such_system_font = (
        "console warning: Warning: Cannot load system font: HeiseiMin-W3,"
        " installing it could help to improve PDF rendering."
    )
    assert [p for p in page_problems(page) if p != no_such_system_font] == []


# The canvas is as wide as the page view, and differs from the width `before` by more than 20px.
DRAWN_TO_FIT = """(before) => {
  const canvas = document.querySelector("#pdf-page canvas");
  const width = document.getElementById("pdf-page").clientWidth;
  if (canvas === null || width === 0) return false;
  const drawn = canvas.getBoundingClientRect().width;
  return Math.abs(drawn - width) < 1 && Math.abs(drawn - before) > 20;
}"""


@pytest.mark.parametrize(
    ("window_width", "pane"),
    [(1000, "narrower: two columns in a smaller window"), (800, "wider: one column")],
)
def test_the_page_is_drawn_again_at_the_panes_new_width_issue_34(page, lease, window_width, pane):
    sign_in(page, "rita", "pw-rita")
    page.goto(f"/assessments/{lease.pk}/?view=page#q1")
    expect_page_view(page, 2)
    page.wait_for_function(DRAWN_TO_FIT, arg=0)
    canvas = page.locator("#pdf-page canvas")
    before = canvas.bounding_box()["width"]

    page.set_viewport_size({"width": window_width, "height": 900})
    page.wait_for_function(DRAWN_TO_FIT, arg=before)
    after = canvas.bounding_box()["width"]
    assert (after < before) == pane.startswith("narrower")
    # Drawn anew at that width (not stretched): its pixels are its box's, A4's proportions kept.
    expect(page.locator("#pdf-page .pdf-sheet")).to_have_count(1)
    pixels = canvas.evaluate("c => [c.width, c.height, devicePixelRatio]")
    assert abs(pixels[0] - after * pixels[2]) <= 1
    assert abs(pixels[1] / pixels[0] - 842 / 595) < 0.01
    expect(page.locator("#pdf-page .textLayer")).to_contain_text("Page 2 of 3")
    expect_marks_over_their_spans(page, 2)
    checked_screenshot(page, f"pdf-page-view-redrawn-{window_width}px")
    assert page_problems(page) == []
