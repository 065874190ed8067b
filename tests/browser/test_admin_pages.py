"""Issue 15, section 6, the admin in a real browser at 1440 px: the corrections list fits the
window with one row per corrected quote, the detail shows a character diff, assessments are
assigned to a team in bulk, and no page logs an error (the favicon's 404 was one on every
admin page). axe-core finds nothing on any of these states."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from citations.models import Correction
from reviews.models import Assessment, Team
from tests.browser.accessibility import checked_screenshot
from tests.browser_support import page_problems
from tests.reviews.review_data import procurement_assessment, user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def admin_page(page):
    get_user_model().objects.create_superuser("root", "root@example.org", "pw-root")
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto("/admin/login/")
    page.fill("#id_username", "root")
    page.fill("#id_password", "pw-root")
    page.click("input[type=submit]")
    page.wait_for_url("**/admin/")
    return page


def list_fit(page) -> dict:
    """How far a changelist's table runs past its box, and its last header's right edge."""
    return page.evaluate(
        """() => {
          const results = document.querySelector('#changelist .results');
          const headers = [...document.querySelectorAll('#result_list thead th')];
          return {
            overflow: results.scrollWidth - results.clientWidth,
            right: Math.max(...headers.map(th => th.getBoundingClientRect().right)),
            window: document.documentElement.clientWidth,
            headers: headers.map(th => th.textContent.trim()),
          };
        }"""
    )


def test_the_corrections_list_fits_1440_px_with_one_row_per_corrected_quote(admin_page):
    page = admin_page
    procurement_assessment()
    assert Correction.objects.count() == 4  # quote 11 moved source and paragraph: two rows
    page.goto("/admin/citations/correction/")
    rows = page.locator("#result_list tbody tr")
    expect(rows).to_have_count(3)
    fit = list_fit(page)
    assert fit["headers"] == ["Created at", "Quote", "What changed", "Reason", "Score", "Model"]
    assert fit["overflow"] <= 0 and fit["right"] <= fit["window"], fit
    moved = rows.filter(has_text="quote 11")
    expect(moved.locator(".correction-location")).to_have_text("A1 ¶1 → D1 ¶1")
    repaired = rows.filter(has_text="quote 8")
    expect(repaired.locator("ins")).to_have_text(["(90) ", "’"])
    reasons = page.locator("#changelist-filter details").filter(has_text="By reason")
    expect(reasons.locator("li a")).to_have_text(
        [
            "All",
            "found on another page of the cited source",
            "found in another paragraph of the cited source",
            "found in another eligible source",
            "wording replaced by the source's own",
        ]
    )
    checked_screenshot(page, "admin-corrections-1440")

    repaired.locator("th a").click()
    diff = page.locator(".correction-diff")
    expect(diff.locator("del")).to_have_text(["'"])
    expect(diff.locator("ins")).to_have_text(["(90) ", "’"])
    expect(page.locator(".correction-sides")).to_contain_text("ninety days' written notice")
    checked_screenshot(page, "admin-correction-character-diff")
    assert page_problems(page) == []


def test_assessments_are_assigned_to_a_team_in_bulk(admin_page):
    page = admin_page
    team = Team.objects.create(name="procurement")
    Team.objects.create(name="legal")
    rita = user("rita", teams=(team,))
    first = procurement_assessment(bundle_id="first")
    second = procurement_assessment(bundle_id="second")
    untouched = procurement_assessment(bundle_id="untouched")
    page.goto("/admin/reviews/assessment/")
    fit = list_fit(page)  # with the team column the bulk assignment changes
    assert fit["overflow"] <= 0 and fit["right"] <= fit["window"], fit
    for assessment in (first, second):
        page.check(f"input[name=_selected_action][value='{assessment.pk}']")
    page.select_option("select[name=action]", "assign_team")
    page.click("button[name=index]")
    expect(page.locator("h1")).to_have_text("Assign to a team")
    expect(page.locator("#content li")).to_have_count(2)
    # No team chosen: the browser asks for one before anything is sent; a request without
    # one is refused with the field named (tests/reviews/test_admin.py).
    page.click("input[name=apply]")
    expect(page.locator("#id_team:invalid")).to_have_count(1)
    expect(page.locator("h1")).to_have_text("Assign to a team")
    assert set(Assessment.objects.values_list("team", flat=True)) == {None}
    page.evaluate("document.querySelector('#id_team').removeAttribute('required')")
    page.click("input[name=apply]")
    expect(page.locator("#team-errors")).to_have_text(
        "Team: Choose the team the assessments go to."
    )
    assert set(Assessment.objects.values_list("team", flat=True)) == {None}
    checked_screenshot(page, "admin-assign-team-missing")
    page.select_option("#id_team", label="procurement")
    page.click("input[name=apply]")
    expect(page.locator(".messagelist")).to_contain_text("Assigned 2 assessment(s) to procurement.")
    expect(page.locator("#result_list tbody tr").filter(has_text="procurement · ")).to_have_count(2)
    checked_screenshot(page, "admin-assign-team-done")
    teams = dict(Assessment.objects.values_list("verification__bundle_id", "team__name"))
    assert teams == {"first": "procurement", "second": "procurement", "untouched": None}
    assert untouched.pk not in rita.review_teams.get().assessments.values_list("pk", flat=True)
    assert page_problems(page) == []


def test_no_admin_page_logs_an_error(admin_page):
    page = admin_page
    assessment = procurement_assessment()
    for url in (
        "/admin/",
        "/admin/reviews/assessment/",
        f"/admin/reviews/assessment/{assessment.pk}/change/",
        "/admin/citations/quote/",
        "/admin/citations/source/",
        "/admin/reviews/reviewdecision/",
    ):
        page.goto(url)
        page.wait_for_load_state("load")
    assert page_problems(page) == []
    assert page.evaluate(
        "document.querySelector('link[rel=icon]').href.endsWith('/static/favicon.svg')"
    )
