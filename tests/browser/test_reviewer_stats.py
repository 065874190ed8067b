"""Issue 15, section 6, Model quality in a real browser: a date range and a review state
narrow the charts, each bundle counts once, and a bar opens the assessments it counts; the
list says what it was narrowed to and keeps it while its own filters change. axe-core finds
nothing on any state."""

from datetime import datetime, timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from reviews import verdicts
from reviews.models import Assessment, ReviewState, Team
from tests.browser.accessibility import checked_screenshot
from tests.browser_support import page_problems, sign_in
from tests.factories import assessment_update
from tests.reviews.review_data import many_quotes_assessment, user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def bundle(team, title: str, statuses: list[str], day: str, **fields) -> Assessment:
    assessment = many_quotes_assessment(len(statuses), bundle_id=title.lower().replace(" ", "-"))
    for n, status in enumerate(statuses, 1):
        assessment.verification.quotes.filter(n=n).update(status=status)
    assessment_update(
        assessment.pk,
        team=team,
        title=title,
        created_at=timezone.make_aware(datetime.fromisoformat(day) + timedelta(hours=12)),
        **fields,
    )
    return assessment


def test_a_bar_of_the_narrowed_stats_opens_the_bundles_it_counts(page):
    team = Team.objects.create(name="procurement")
    user("rita", teams=(team,))
    bundle(team, "Long answer", ["unverified"] * 40, "2026-11-03")
    bundle(team, "Short answer", ["verified", "verified"], "2026-11-04")
    bundle(team, "Older", ["corrected"], "2026-10-20")
    bundle(team, "Approved one", ["verified"], "2026-11-05", review_state=ReviewState.APPROVED)
    sign_in(page, "rita", "pw-rita")
    page.get_by_role("link", name="Model quality").click()
    expect(page.locator(".stats-table").first.locator("tbody tr")).to_have_count(2)
    page.fill("#id_since", "2026-11-01")
    page.fill("#id_until", "2026-11-30")
    page.select_option("#id_review", "pending")
    page.get_by_role("button", name="Apply").click()
    rows = page.locator(".stats-table").first.locator("tbody tr")
    expect(rows).to_have_count(1)
    # two bundles, 42 quotes: each bundle counts once, so verified and unverified are even
    expect(rows.locator("td")).to_have_text(
        ["2026-11-02", "2", "42", "50% (2)", "0% (0)", "50% (40)", "0% (0)"]
    )
    expect(page.locator("main")).not_to_contain_text("ADR")
    checked_screenshot(page, "stats-narrowed")

    page.get_by_role(
        "link", name="2026-11-02: unverified, 50%; 40 quotes; open the bundles"
    ).click()
    page.wait_for_url("**/assessments/?*")
    expect(page.locator("#assessment-rows .row-link")).to_have_text(["Long answer"])
    expect(page.locator(".narrowed")).to_contain_text(
        "Only model bench-model, prompt v1, created 2026-11-02 to 2026-11-08, review pending"
    )
    checked_screenshot(page, "stats-bar-opened")
    # the list's own filters keep the bar's narrowing
    page.select_option("#id_status", "")
    expect(page.locator("#assessment-rows .row-link")).to_have_text(["Long answer", "Short answer"])
    assert "since=2026-11-02" in page.url and "model=bench-model" in page.url
    assert page_problems(page) == []


def test_the_verdicts_per_rule_follow_the_period_chosen_issue_31_6a(page):
    """Issue 31 item 6a in a real browser: the per-rule table counts a reviewer's overrule
    under each rule the quote carried; the period form narrows it and keeps the charts'
    filters; axe-core finds nothing."""
    team = Team.objects.create(name="procurement")
    rita = user("rita", teams=(team,))
    reviewed = bundle(team, "Reviewed", ["verified", "verified"], "2026-11-03")
    reviewed.verification.quotes.update(
        decision={"rules": ["cite.marker", "verbatim.exact", "policy.document.as_cited"]}
    )
    verdicts.quote_verdict_give(
        assessment=Assessment.objects.get(pk=reviewed.pk),
        quote=reviewed.verification.quotes.get(n=1),
        reviewer=rita,
        action="overrule",
    )
    sign_in(page, "rita", "pw-rita")
    page.goto("/stats/?review=pending")
    rows = page.locator("#rule-verdicts tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.filter(has_text="verbatim.exact").locator("td")).to_have_text(["0", "1", "100%"])
    checked_screenshot(page, "stats-verdicts-per-rule")
    tomorrow = timezone.localdate() + timedelta(days=1)
    page.fill("#id_verdicts_since", tomorrow.isoformat())
    page.get_by_role("button", name="Count").click()
    expect(page.locator(".rule-verdicts")).to_contain_text("No verdicts in this period.")
    assert "review=pending" in page.url and f"verdicts_since={tomorrow}" in page.url
    expect(page.locator("#id_review")).to_have_value("pending")
    checked_screenshot(page, "stats-verdicts-none-in-period")
    assert page_problems(page) == []
