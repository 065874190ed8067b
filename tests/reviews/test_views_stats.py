"""Issue 15, section 6: Model quality counts each bundle once, takes a date range and a review
state, links every bar to the assessments it counts, and speaks without internal jargon."""

import re
from datetime import datetime, timedelta
from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse
from django.utils import timezone

from citations.models import VerificationState
from reviews.models import Assessment, ReviewState
from tests.factories import assessment_update
from tests.pages import page_html

from .review_data import many_quotes_assessment, user

STATS = reverse("reviews:stats")
pytestmark = pytest.mark.django_db


def bundle(
    team,
    bundle_id: str,
    statuses: list[str],
    *,
    day: str = "2026-11-03",
    model: str = "m1",
    prompt: str = "v1",
    **fields,
) -> Assessment:
    """A verified bundle of ``team`` created on ``day`` (noon, the site's time zone), its
    quotes in ``statuses``."""
    assessment = many_quotes_assessment(len(statuses), bundle_id=bundle_id)
    for n, status in enumerate(statuses, 1):
        assessment.verification.quotes.filter(n=n).update(status=status)
    created = timezone.make_aware(datetime.fromisoformat(day) + timedelta(hours=12))
    assessment_update(
        assessment.pk,
        team=team,
        title=bundle_id,
        created_at=created,
        model_name=model,
        prompt_version=prompt,
        **fields,
    )
    return Assessment.objects.get(pk=assessment.pk)


def table_rows(html: str) -> list[list[str]]:
    """The first stats table's body rows, each cell's text."""
    body = html[html.index("<tbody>") : html.index("</tbody>")]
    return [
        [
            " ".join(re.sub(r"<[^>]+>", " ", cell).split())
            for cell in re.findall(r"<td>(.*?)</td>", row, re.S)
        ]
        for row in body.split("<tr>")[1:]
    ]


def listed(client, url: str) -> set[str]:
    html = page_html(client.get(url.replace("&amp;", "&")))
    return set(re.findall(r'<a class="row-link" id="row-\d+" href="[^"]+">([^<]+)</a>', html))


def test_each_bundle_counts_once_however_many_quotes_it_has(reviewer_client, team):
    bundle(team, "long", ["unverified"] * 10)
    bundle(team, "short", ["verified"] * 2)
    html = page_html(reviewer_client.get(STATS))
    # week of 2026-11-02: 2 bundles, 12 quotes; verified 50% (2 quotes), unverified 50% (10)
    assert table_rows(html) == [
        ["2026-11-02", "2", "12", "50% (2)", "0% (0)", "50% (10)", "0% (0)"]
    ]
    assert "n=2" in html
    assert "Each bundle counts once" in html


def test_no_internal_jargon_on_the_page(reviewer_client, team):
    bundle(team, "one", ["verified"])
    html = page_html(reviewer_client.get(STATS))
    assert "ADR" not in html


def test_a_date_range_keeps_the_bundles_created_in_it_both_days_included(reviewer_client, team):
    bundle(team, "before", ["unverified"], day="2026-11-01")
    bundle(team, "first-day", ["verified"], day="2026-11-02")
    bundle(team, "last-day", ["corrected"], day="2026-11-04")
    bundle(team, "after", ["ineligible"], day="2026-11-05")
    html = reviewer_client.get(STATS, {"since": "2026-11-02", "until": "2026-11-04"}).text
    assert table_rows(html) == [["2026-11-02", "2", "2", "50% (1)", "50% (1)", "0% (0)", "0% (0)"]]
    per_day = reviewer_client.get(STATS, {"since": "2026-11-02", "period": "day"}).text
    assert [row[0] for row in table_rows(per_day)] == ["2026-11-02", "2026-11-04", "2026-11-05"]


def test_a_review_state_keeps_the_bundles_in_it(reviewer_client, team):
    bundle(team, "open", ["unverified"])
    bundle(team, "done", ["verified"], review_state=ReviewState.APPROVED)
    html = reviewer_client.get(STATS, {"review": "approved"}).text
    assert table_rows(html) == [["2026-11-02", "1", "1", "100% (1)", "0% (0)", "0% (0)", "0% (0)"]]
    html = reviewer_client.get(STATS, {"review": "pending"}).text
    assert table_rows(html) == [["2026-11-02", "1", "1", "0% (0)", "0% (0)", "100% (1)", "0% (0)"]]


def test_only_verified_bundles_count(reviewer_client, team):
    bundle(team, "done", ["verified"])
    bundle(team, "again", ["unverified"], verification_state=VerificationState.RUNNING)
    html = reviewer_client.get(STATS).text
    assert table_rows(html) == [["2026-11-02", "1", "1", "100% (1)", "0% (0)", "0% (0)", "0% (0)"]]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"since": "2026-13-01"}, "Start date: Enter a valid date."),
        (
            {"since": "2026-11-05", "until": "2026-11-01"},
            "End date: must not be before the start date.",
        ),
        ({"review": "maybe"}, "Review state: “maybe” is not one of the choices."),
        ({"period": "year"}, "Period: “year” is not one of the choices."),
    ],
)
def test_bad_filters_are_named_and_ignored(reviewer_client, team, query, message):
    bundle(team, "one", ["verified"], day="2026-11-03")
    html = reviewer_client.get(STATS, query).text
    assert "Filters ignored:" in html and message in html
    assert table_rows(html) == [["2026-11-02", "1", "1", "100% (1)", "0% (0)", "0% (0)", "0% (0)"]]


def test_every_bar_and_segment_opens_exactly_the_bundles_it_counts(reviewer_client, team):
    bundle(team, "a", ["verified", "unverified"], day="2026-11-03")
    bundle(team, "b", ["verified"], day="2026-11-08")
    bundle(team, "c", ["corrected"], day="2026-11-10")  # next week
    bundle(team, "other-model", ["verified"], day="2026-11-03", model="m2")
    bundle(team, "other-prompt", ["verified"], day="2026-11-03", prompt="v2")
    bundle(
        team, "failed", ["verified"], day="2026-11-03", verification_state=VerificationState.FAILED
    )
    bundle(team, "approved", ["verified"], day="2026-11-04", review_state=ReviewState.APPROVED)
    html = reviewer_client.get(STATS).text
    chart = next(
        card
        for card in html.split('<section class="chart-card"')[1:]
        if re.search(r"m1\s*<span class=\"muted\">· prompt v1</span>", card)
    )
    bars = re.findall(r'<a href="([^"]+)" class="bar-link"\s+aria-label="([^"]+)"', chart)
    by_label = {label: href for href, label in bars}
    # a bar's name starts with the words it shows (axe-core's label-in-name rule)
    week = by_label["11-02 n=3; 2026-11-02: 3 bundles"]
    assert listed(reviewer_client, week) == {"a", "b", "approved"}
    assert listed(reviewer_client, by_label["11-09 n=1; 2026-11-09: 1 bundle"]) == {"c"}
    unverified = next(href for label, href in by_label.items() if "unverified" in label)
    assert listed(reviewer_client, unverified) == {"a"}
    # the week's last day is in the link: Sunday 2026-11-08
    query = parse_qs(urlsplit(week.replace("&amp;", "&")).query)
    assert (query["since"], query["until"], query["queue"]) == (
        ["2026-11-02"],
        ["2026-11-08"],
        ["verified"],
    )
    # with a range and a review state, the links keep both
    html = reviewer_client.get(STATS, {"since": "2026-11-04", "review": "approved"}).text
    link = re.search(r'<td><a href="([^"]+)">2026-11-02</a></td>', html).group(1)
    assert listed(reviewer_client, link) == {"approved"}
    query = parse_qs(urlsplit(link.replace("&amp;", "&")).query)
    assert (query["since"], query["review"]) == (["2026-11-04"], ["approved"])


def test_the_list_says_what_a_bar_narrowed_it_to_and_a_model_left_out_is_its_own(
    reviewer_client, team
):
    bundle(team, "no-model", ["verified"], model="")
    bundle(team, "m1", ["verified"])
    html = reviewer_client.get(STATS).text
    link = re.search(r'<h2 id="chart-1">\s*unknown model.*?<td><a href="([^"]+)">', html, re.S)
    page = page_html(reviewer_client.get(link.group(1).replace("&amp;", "&")))
    assert "Only model (none given), prompt v1, created 2026-11-02 to 2026-11-08" in page
    assert listed(reviewer_client, link.group(1)) == {"no-model"}
    # the hidden filters go along with the form, so a change of sort keeps them
    # (an empty value has no value attribute: the browser sends model= all the same)
    assert '<input type="hidden" name="model" id="id_model">' in page
    assert 'name="since" value="2026-11-02"' in page


def test_stats_stay_in_two_queries_however_many_bundles(
    reviewer_client, team, django_assert_num_queries
):
    for n in range(6):
        bundle(team, f"b{n}", ["verified", "corrected"] * (n + 1), day=f"2026-11-0{n + 1}")
    # session, user, quotes per bundle and status, correction reasons, verdicts per rule
    with django_assert_num_queries(5):
        assert (
            reviewer_client.get(STATS, {"since": "2026-11-01", "review": "pending"}).status_code
            == 200
        )


def test_a_reviewer_sees_stats_only_of_what_they_may_see(client, team):
    bundle(team, "theirs", ["verified"])
    bundle(None, "staff-only", ["unverified"])
    client.force_login(user("rita2", teams=(team,)))
    html = client.get(STATS).text
    assert table_rows(html) == [["2026-11-02", "1", "1", "100% (1)", "0% (0)", "0% (0)", "0% (0)"]]
