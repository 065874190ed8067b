"""Issue 15, section 4: triage across assessments. The list defaults to the queue of what
needs review, with totals, sorting, search, a team / assignee column; filters work as plain
GET (htmx only applies them on change); a decision offers the next assessment."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from citations.models import VerificationState
from reviews.models import Assessment, ReviewState, Team
from tests.factories import assessment_update
from tests.pages import page_html

from .review_data import many_quotes_assessment, procurement_assessment, user

HTMX = {"HTTP_HX_REQUEST": "true"}
LIST = reverse("reviews:assessment_list")


def listed(html: str) -> list[str]:
    """The assessments' names in the order the table lists them."""
    return re.findall(r'<a class="row-link" id="row-\d+" href="[^"]+">([^<]+)</a>', html)


def in_team(team, n_quotes: int, bundle_id: str, *, age_hours: int = 0, **fields) -> Assessment:
    """A verified assessment of ``team``, created ``age_hours`` ago."""
    assessment = many_quotes_assessment(n_quotes, bundle_id=bundle_id)
    fields.setdefault("title", bundle_id)
    assessment_update(
        assessment.pk, team=team, created_at=timezone.now() - timedelta(hours=age_hours), **fields
    )
    assessment.refresh_from_db()
    return assessment


def unverified(assessment: Assessment, count: int) -> None:
    numbers = list(assessment.verification.quotes.order_by("n").values_list("n", flat=True)[:count])
    assessment.verification.quotes.filter(n__in=numbers).update(
        status="unverified", reason="not_found"
    )


@pytest.mark.django_db
def test_the_list_defaults_to_what_needs_review_with_totals_per_queue(reviewer_client, team):
    in_team(team, 2, "waiting")
    in_team(team, 2, "approved-one", review_state=ReviewState.APPROVED)
    in_team(team, 2, "rejected-one", review_state=ReviewState.REJECTED)
    in_team(team, 2, "returned-one", review_state=ReviewState.RETURNED)
    in_team(team, 2, "verifying-one", verification_state=VerificationState.RUNNING)
    in_team(team, 2, "failed-one", verification_state=VerificationState.FAILED)
    in_team(Team.objects.create(name="legal"), 2, "not-ours")
    html = page_html(reviewer_client.get(LIST))
    assert listed(html) == ["waiting"]
    assert "1–1 of 1 · needs review · oldest first" in html
    totals = dict(re.findall(r'href="\?queue=(\w+)"[^>]*>[^<]+<span class="total">(\d+)', html))
    assert totals == {
        "needs_review": "1", "mine": "0", "verifying": "1", "failed": "1", "returned": "1",
        "approved": "1", "rejected": "1", "all": "6",
    }  # fmt: skip
    assert re.search(r'href="\?queue=needs_review" aria-current="true"', html)
    everything = page_html(reviewer_client.get(LIST + "?queue=all"))
    assert len(listed(everything)) == 6 and "not-ours" not in everything
    assert listed(page_html(reviewer_client.get(LIST + "?queue=returned"))) == ["returned-one"]


@pytest.mark.django_db
def test_an_empty_queue_says_so_and_offers_the_rest(reviewer_client, team):
    in_team(team, 1, "done-already", review_state=ReviewState.APPROVED)
    html = page_html(reviewer_client.get(LIST))
    assert "Nothing needs review right now." in html and "This list updates itself." in html
    assert '<a href="?queue=all">Show all 1</a>' in html


@pytest.mark.django_db
def test_the_queue_sorts_by_age_and_by_unverified_quotes(reviewer_client, team):
    old = in_team(team, 4, "old", age_hours=30)
    middle = in_team(team, 4, "middle", age_hours=5)
    in_team(team, 4, "new", age_hours=1)
    unverified(old, 1)
    unverified(middle, 3)
    assert listed(page_html(reviewer_client.get(LIST))) == ["old", "middle", "new"]
    assert listed(page_html(reviewer_client.get(LIST + "?sort=newest"))) == [
        "new",
        "middle",
        "old",
    ]
    most = page_html(reviewer_client.get(LIST + "?sort=most_unverified"))
    assert listed(most) == ["middle", "old", "new"] and "most unverified first" in most
    fewest = page_html(reviewer_client.get(LIST + "?sort=fewest_unverified"))
    assert listed(fewest) == ["new", "old", "middle"]
    assert "1\xa0day, 6\xa0hours ago" in page_html(reviewer_client.get(LIST))  # its age


@pytest.mark.django_db
def test_search_finds_by_title_or_bundle_id_and_is_escaped(reviewer_client, team):
    in_team(team, 1, "lease-2024-17", title="Lease of Harbour Street")
    in_team(team, 1, "procure-9", title="HVAC renewal")
    assert listed(page_html(reviewer_client.get(LIST + "?search=harbour"))) == [
        "Lease of Harbour Street"
    ]
    by_id = page_html(reviewer_client.get(LIST + "?search=PROCURE-9"))
    assert listed(by_id) == ["HVAC renewal"]
    assert '<span class="bundle-id muted">procure-9</span>' in by_id
    assert 'value="PROCURE-9"' in by_id  # the box keeps what was searched
    hostile = page_html(reviewer_client.get(LIST + "?search=<b>x</b>"))
    assert "Nothing in “needs review” matches these filters." in hostile
    assert "<b>x</b>" not in hostile and "matching" not in hostile


@pytest.mark.django_db
def test_the_list_shows_each_assessments_team_and_assignee(client, team, reviewer):
    rhea = user("rhea", teams=(team,))
    in_team(team, 1, "theirs")
    in_team(team, 1, "yours", assigned_to=reviewer)
    in_team(team, 1, "rheas", assigned_to=rhea)
    in_team(None, 1, "staff-only")
    client.force_login(user("sam", staff=True))
    html = page_html(client.get(LIST))
    cells = dict(
        re.findall(r">([a-z-]+)</a>(?: <span[^>]*>[^<]*</span>)?</td>\s*<td>(.*?)</td>", html)
    )
    assert cells["theirs"] == 'procurement · <span class="muted">unassigned</span>'
    assert cells["rheas"] == "procurement · rhea"
    assert cells["staff-only"] == 'no team · <span class="muted">unassigned</span>'
    client.force_login(reviewer)
    mine = page_html(client.get(LIST))
    assert re.search(r'>yours</a>.*?</td>\s*<td>procurement · <span class="mine">you</span>', mine)
    assert "rheas" not in mine  # assigned to someone else (VB-7)


@pytest.mark.django_db
def test_filters_are_a_plain_get_and_htmx_gets_the_rows_with_the_totals(reviewer_client, team):
    in_team(team, 1, "alpha")
    in_team(team, 1, "beta")
    query = "?queue=needs_review&search=alp&sort=newest&status="
    page = reviewer_client.get(LIST + query)
    html = page_html(page)
    assert listed(html) == ["alpha"] and "<html" in html
    assert 'hx-trigger="change, input changed delay:400ms from:#id_search, submit"' in html
    assert '<option value="newest" selected>' in html  # the form shows what applies
    assert page.headers["Vary"].count("HX-Request") == 1
    rows = page_html(reviewer_client.get(LIST + query, **HTMX))
    assert rows.lstrip().startswith('<div id="assessment-rows"') and "<html" not in rows
    assert listed(rows) == ["alpha"] and 'class="total"' in rows
    # The rows poll with the same filters, so a new match appears without a reload.
    poll = re.search(r'<div id="assessment-rows" hx-get="([^"]+)"', rows)[1]
    assert poll.replace("&amp;", "&") == LIST + query.lstrip("?").join(("?", "&page=1"))
    assert 'hx-trigger="every 5s"' in rows
    # Back after a filter pushed its URL: htmx asks for the whole page again.
    restored = reviewer_client.get(LIST + query, HTTP_HX_HISTORY_RESTORE_REQUEST="true", **HTMX)
    assert "<html" in page_html(restored)


@pytest.mark.django_db
def test_the_queue_links_keep_the_search_and_sort(reviewer_client, team):
    in_team(team, 1, "alpha")
    html = page_html(reviewer_client.get(LIST + "?search=alp&sort=newest&page=1"))
    assert 'href="?search=alp&amp;sort=newest&amp;queue=approved"' in html


@pytest.mark.django_db
def test_bad_filters_are_ignored_and_named(reviewer_client, team):
    in_team(team, 1, "alpha")
    html = page_html(reviewer_client.get(LIST + "?queue=everything&sort=random"))
    # Issue 31, 8: in words, naming what is wrong, not the URL's field names.
    assert (
        "Filters ignored: Queue: “everything” is not one of the choices. "
        "Sort order: “random” is not one of the choices."
    ) in html
    assert "queue:" not in html and "sort:" not in html
    assert listed(html) == ["alpha"]  # the default queue


# -- next assessment -------------------------------------------------------------------------


def review_url(assessment: Assessment) -> str:
    return reverse("reviews:assessment_review", args=[assessment.pk])


@pytest.mark.django_db
def test_after_a_decision_the_review_box_offers_the_next_assessment_in_the_queue(
    reviewer_client, team
):
    first = in_team(team, 1, "first", age_hours=3)
    second = in_team(team, 1, "second", age_hours=2)
    third = in_team(team, 1, "third", age_hours=1)
    in_team(Team.objects.create(name="legal"), 1, "not-ours", age_hours=1)
    html = page_html(reviewer_client.post(review_url(second), {"action": "reject"}, **HTMX))
    link = re.search(
        r'<a class="button button--primary" id="next-assessment" href="([^"]+)">', html
    )
    # The link claims the next one as it is followed (reviews/claims.py), so two reviewers
    # going on at once are sent to different assessments.
    assert link[1] == reverse("reviews:assessment_next") + f"?after={second.pk}"
    assert "Next assessment: third →" in html
    assert reviewer_client.get(link[1])["Location"] == reverse(
        "reviews:assessment_detail", args=[third.pk]
    )
    # After the last one: on from the start of the queue.
    html = page_html(reviewer_client.post(review_url(third), {"action": "reject"}, **HTMX))
    assert "Next assessment: first →" in html
    # Without JavaScript the decision reloads the page, which offers the same.
    page = reviewer_client.post(review_url(first), {"action": "reject"}, follow=True)
    assert "Recorded: rejected." in page_html(page)
    assert "Nothing else needs review." in page_html(page)


@pytest.mark.django_db
def test_an_undecided_assessment_offers_no_next_one(reviewer_client, team):
    waiting = in_team(team, 1, "waiting")
    in_team(team, 1, "another")
    html = reviewer_client.get(reverse("reviews:assessment_detail", args=[waiting.pk]))
    assert 'id="next-assessment"' not in page_html(html)


@pytest.mark.django_db
def test_listing_many_assessments_keeps_its_query_count(
    reviewer_client, team, django_assert_num_queries
):
    for i in range(12):
        in_team(team, 2, f"row-{i}", assigned_to=None)
    procurement_assessment(team=team)
    # session, user, queue totals, count, the page's rows with team, assignee and counts
    with django_assert_num_queries(5):
        reviewer_client.get(LIST + "?sort=most_unverified&search=row")
