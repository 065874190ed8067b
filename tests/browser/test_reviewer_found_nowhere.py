"""Issue 31, item 3, in a real browser: every quote opens a pane. A quote found nowhere shows
"found in no source" with its rarest words searched in every eligible source; a hit opens
its source with every place marked; Enter / Shift+Enter go to the next / previous place; the
selected quote's note stays in view however far its source scrolls."""

import re

import pytest
from playwright.sync_api import expect

from citations.models import VerificationState
from citations.services import assessment_verify
from reviews.imports import bundle_import
from reviews.models import Assessment, Team
from tests.browser.accessibility import checked_screenshot
from tests.browser_support import page_problems, sign_in
from tests.reviews.review_data import found_nowhere_assessment, user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FILLER = "Every clause of this lease is read with the others and with the schedules. " * 4


@pytest.fixture
def team():
    return Team.objects.create(name="lettings")


@pytest.fixture
def rita(team):
    return user("rita", teams=(team,))


def open_page(page, assessment) -> None:
    sign_in(page, "rita", "pw-rita")
    page.goto(f"/assessments/{assessment.pk}/")
    page.wait_for_load_state("load")


CURRENT_HIT = """() => { const m = document.querySelector('#source-pane mark.hit.is-current-hit');
    if (!m) return '';
    const para = m.closest('.para');
    const at = [...para.querySelectorAll('mark.hit')].indexOf(m);
    return para.id + '.' + at + ':' + m.textContent; }"""


def current_hit(page) -> str:
    """The place Enter went to: its paragraph, its place there and its text."""
    return page.evaluate(CURRENT_HIT)


def in_view(page, selector: str) -> bool:
    """Whether the element is inside the pane's visible box."""
    return page.evaluate(
        """(selector) => {
        const pane = document.getElementById('source-pane').getBoundingClientRect();
        const box = document.querySelector(selector).getBoundingClientRect();
        return box.top >= pane.top - 1 && box.bottom <= pane.bottom + 1 && box.height > 0; }""",
        selector,
    )


def test_a_quote_found_nowhere_opens_a_search_of_every_source_issue_31_3(page, team, rita):
    assessment = found_nowhere_assessment(team)
    open_page(page, assessment)
    page.keyboard.press("n")  # the invented quote needs a look: its pane opens
    pane = page.locator("#source-pane")
    expect(pane.locator("[data-pane-quote]")).to_have_attribute("data-pane-quote", "1")
    expect(pane.locator(".note--nowhere")).to_contain_text("Found in no source")
    box = pane.locator(".sources-find input[name=find]")
    expect(box).to_have_value(re.compile(r"\w+ \w+ \w+"))
    expect(pane.locator(".sources-hits")).to_contain_text("T1")
    expect(pane.locator(".sources-hits")).not_to_contain_text("Withheld")  # never given
    checked_screenshot(page, "quote-found-nowhere")

    # The reviewer's own words, then a hit: its source, every place marked, the quote kept.
    box.fill("the landlord")
    box.press("Enter")
    expect(pane.locator(".sources-hits")).to_contain_text("H1")
    pane.locator(".sources-hits a", has_text="¶2").first.click()
    expect(pane.locator(".source-title")).to_contain_text("T1")
    expect(pane.locator("#p2 mark.hit")).to_have_text(["the landlord"])
    expect(page.locator("#q1")).to_have_class(re.compile(r"\bis-current\b"))
    assert page_problems(page) == []


def long_lease(team) -> Assessment:
    """A lease of 400 paragraphs: "boiler" in ¶30 (twice), ¶31 and ¶350; a corrected quote
    of ¶380, cited as ¶1."""
    paragraphs = [f"Clause {n}. {FILLER}" for n in range(1, 401)]
    paragraphs[29] = "Clause 30. The boiler is serviced yearly; the boiler room stays locked."
    paragraphs[30] = "Clause 31. A broken boiler is reported at once."
    paragraphs[349] = "Clause 350. The landlord replaces the boiler when it fails."
    paragraphs[379] = "Clause 380. The deposit is returned within thirty days of the end."
    data = {
        "bundle_version": 1,
        "id": "long-lease",
        "sources": [{"id": "L1", "kind": "document", "title": "Lease", "paragraphs": paragraphs}],
        "response": {
            "format": "markdown",
            "text": 'It says "The deposit is returned within thirty days of the end." [L1 ¶1]',
        },
    }
    assessment = bundle_import(raw=data, team=team, enqueue_verification=False).assessment
    assessment_verify(assessment_id=assessment.pk)
    assessment.refresh_from_db()
    assert assessment.verification.verification_state == VerificationState.DONE
    assert assessment.verification.quotes.get(n=1).status == "corrected"
    return assessment


def test_enter_goes_from_place_to_place_and_the_note_stays_in_view_issue_31_3(page, team, rita):
    assessment = long_lease(team)
    open_page(page, assessment)
    page.keyboard.press("n")
    pane = page.locator("#source-pane")
    expect(pane.locator("#p380 mark.match")).to_be_visible()
    # Scrolled to ¶380 of 400, the correction's note is still in view above it.
    expect(pane.locator(".note--corrected")).to_be_visible()
    assert in_view(page, "#source-pane .note--corrected")
    assert in_view(page, "#source-pane #p380 mark.match")

    # A search inside the source: the first place, then Enter through every place.
    box = pane.locator(".source-find input[name=find]")
    box.fill("boiler")
    box.press("Enter")
    expect(pane.locator(".source-hits")).to_contain_text("3 paragraphs with “boiler”")
    expect(pane.locator("mark.hit.is-current-hit")).to_have_count(1)
    assert current_hit(page) == "p30.0:boiler"
    expect(box).to_be_focused()
    seen = [current_hit(page)]
    for _ in range(3):
        box.press("Enter")
        page.wait_for_function(
            f"(before) => {{ const now = ({CURRENT_HIT})(); return now && now !== before; }}",
            arg=seen[-1],
        )
        seen.append(current_hit(page))
        assert in_view(page, "#source-pane mark.hit.is-current-hit")
    # ¶350 is outside the paragraphs shown around ¶30: the pane loads there.
    assert seen == ["p30.0:boiler", "p30.1:boiler", "p31.0:boiler", "p350.0:boiler"]
    expect(pane.locator("#p350 mark.hit")).to_have_class(re.compile("is-current-hit"))
    box = pane.locator(".source-find input[name=find]")
    expect(box).to_be_focused()
    box.press("Shift+Enter")  # back to ¶31, loaded again
    expect(pane.locator("#p31 mark.hit.is-current-hit")).to_have_count(1)
    box.press("Shift+Enter")
    expect(pane.locator("#p30 mark.hit.is-current-hit")).to_have_count(1)
    # Other words: Enter searches them.
    box = pane.locator(".source-find input[name=find]")
    box.fill("deposit")
    box.press("Enter")
    expect(pane.locator(".source-hits")).to_contain_text("1 paragraph with “deposit”")
    assert page_problems(page) == []
