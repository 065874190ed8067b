"""Issue 31, item 2's goal, counted: an assessment with k quotes needing a look (not
verified, or with attention) is cleared in at most 2k + 2 keys, each quote looked at with
its source or "found in no source" pane, given a verdict, and the assessment approved. On
every demo bundle (the scenarios bin/demo loads and its PDF-and-e-mail bundle) and the dev
set's largest (by quotes), each submitted as a pipeline does and verified by a real Celery
worker (its files read there too)."""

import json

import pytest
from playwright.sync_api import expect

from reviews.imports import bundle_import
from reviews.management.commands.demo_setup import demo_files_bundle
from reviews.models import Assessment, QuoteVerdict, ReviewState, Team
from tests.browser_support import page_problems, sign_in
from tests.factories import SCENARIO_DIR
from tests.pipeline.conftest import wait_verified
from tests.reviews.review_data import user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DEV_LARGEST = SCENARIO_DIR.parent / "dev" / "verbote" / "2021-claude-afd.json"  # 132 quotes
BUNDLES = [
    SCENARIO_DIR / "procurement_review.json",
    SCENARIO_DIR / "adr_source_binding.json",
    SCENARIO_DIR / "evidence_extraction_ko.json",
    "demo files",  # bin/demo's PDF lease and e-mail with an attachment
    DEV_LARGEST,
]


@pytest.fixture
def team():
    return Team.objects.create(name="review")


@pytest.fixture
def rita(team):
    return user("rita", teams=(team,))


def needing_a_look(assessment: Assessment) -> list[int]:
    """The quotes n visits, as stored: not verified, or with attention."""
    return [
        quote.n
        for quote in assessment.verification.quotes.order_by("n")
        if quote.status != "verified" or quote.attention
    ]


def bundle_data(path) -> dict:
    if path == "demo files":
        return demo_files_bundle()
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", BUNDLES, ids=lambda path: getattr(path, "stem", path))
def test_an_assessment_is_cleared_in_2k_plus_2_keys_issue_31_2(
    page, team, rita, path, start_worker
):
    start_worker("budget")
    assessment = bundle_import(raw=bundle_data(path), team=team, max_bytes=50_000_000).assessment
    wait_verified(assessment.pk)
    waiting = needing_a_look(assessment)
    k = len(waiting)

    sign_in(page, "rita", "pw-rita")
    page.goto(f"/assessments/{assessment.pk}/")
    page.wait_for_load_state("load")  # keys pressed before app.js runs would go nowhere
    pane = page.locator("#source-pane")
    keys = 0

    def press(key: str) -> None:
        nonlocal keys
        keys += 1
        page.keyboard.press(key)

    for n in waiting:
        press("n")
        expect(pane.locator("[data-pane-quote]")).to_have_attribute("data-pane-quote", str(n))
        # Looked at: its source, or the pane that says it is found nowhere.
        expect(pane.locator(".source-text, .found-nowhere").first).to_be_visible()
        confirmable = pane.locator('#quote-verdict button[value="confirm"]').count() > 0
        press("c" if confirmable else "x")
        expect(page.locator(f"#q{n}-verdict")).to_have_attribute(
            "data-verdict", "confirm" if confirmable else "overrule"
        )
    press("a")  # every quote judged: approving asks nothing more
    press("Enter")
    expect(page.locator("#review .review")).to_have_text("approved")

    assert keys <= 2 * k + 2, f"{keys} keys for k = {k}"
    assessment.refresh_from_db()
    assert assessment.review_state == ReviewState.APPROVED
    assert sorted(
        QuoteVerdict.objects.filter(assessment=assessment).values_list("quote__n", flat=True)
    ) == sorted(waiting)
    assert page_problems(page) == []
