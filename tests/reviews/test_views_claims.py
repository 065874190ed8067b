"""Claims on the reviewer pages (issue 31, item 5): the page and the list say who reviews an
assessment, a live claim is taken over only with a confirmation, "Next assessment" claims
what it opens, a decision releases the claim; full pages and HTMX fragments."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from reviews import claims
from reviews.models import Assessment
from tests.factories import assessment_update
from tests.pages import page_html

from .review_data import many_quotes_assessment, user

HTMX = {"HTTP_HX_REQUEST": "true"}
LIST = reverse("reviews:assessment_list")


def in_team(team, title: str, *, age_hours: int = 1) -> Assessment:
    assessment = many_quotes_assessment(2, bundle_id=title)
    assessment_update(
        assessment.pk,
        team=team,
        title=title,
        created_at=timezone.now() - timedelta(hours=age_hours),
    )
    return Assessment.objects.get(pk=assessment.pk)


def detail_url(assessment: Assessment) -> str:
    return reverse("reviews:assessment_detail", args=[assessment.pk])


def take_over_url(assessment: Assessment) -> str:
    return reverse("reviews:assessment_claim_take_over", args=[assessment.pk])


def claim_line(html: str) -> str:
    return re.search(r'<div id="claim-line".*?</div>', html, re.S)[0]


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html)).strip()


@pytest.fixture
def bob(team):
    return user("bob", teams=(team,))


@pytest.mark.django_db
def test_opening_the_page_claims_it_and_others_see_who_holds_it(client, reviewer, bob, team):
    assessment = in_team(team, "harbour lease")
    client.force_login(reviewer)
    mine = claim_line(page_html(client.get(detail_url(assessment))))
    assert text(mine).startswith("Claimed by you since")
    assert "take-over" not in mine
    client.force_login(bob)
    theirs = claim_line(page_html(client.get(detail_url(assessment))))
    since_until = r"since \d{4}-\d\d-\d\d \d\d:\d\d until \d\d:\d\d"
    assert re.match(r"Claimed by rita " + since_until, text(theirs))
    assert f'hx-post="{take_over_url(assessment)}"' in theirs
    assert '<input type="checkbox" name="confirm" required>' in theirs
    assert Assessment.objects.get(pk=assessment.pk).claimed_by == reviewer
    # On the list, for everyone: who holds it and since when.
    row = page_html(client.get(LIST))
    assert re.search(r'class="claim">claimed by rita since <time[^>]*>\d\d:\d\d</time>', row)
    client.force_login(reviewer)
    assert 'class="claim claim--mine">claimed by you since' in page_html(client.get(LIST))


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "no-javascript"])
def test_a_live_claim_is_taken_over_only_with_the_box_ticked(client, reviewer, bob, team, htmx):
    assessment = in_team(team, "harbour lease")
    claims.assessment_claim(assessment=assessment, reviewer=reviewer)
    client.force_login(bob)
    headers = HTMX if htmx else {}
    refused = client.post(take_over_url(assessment), {}, follow=not htmx, **headers)
    assert "Take over: tick the box to take the assessment over." in page_html(refused)
    assert Assessment.objects.get(pk=assessment.pk).claimed_by == reviewer
    taken = client.post(take_over_url(assessment), {"confirm": "on"}, follow=not htmx, **headers)
    html = page_html(taken)
    assert text(claim_line(html)).startswith("Claimed by you since")
    if htmx:
        assert html.startswith('<div id="claim-line"')  # the fragment alone
    else:
        assert "You hold the claim now." in html
    assert Assessment.objects.get(pk=assessment.pk).claimed_by == bob


@pytest.mark.django_db
def test_a_decision_releases_the_claim_and_the_page_says_so_out_of_band(reviewer_client, team):
    assessment = in_team(team, "harbour lease")
    reviewer_client.get(detail_url(assessment))
    html = page_html(
        reviewer_client.post(
            reverse("reviews:assessment_review", args=[assessment.pk]),
            {"action": "return", "comment": "Cite the lease, not the memo."},
            **HTMX,
        )
    )
    assert '<div id="claim-line" class="claim-line" hx-swap-oob="true"></div>' in html
    assert Assessment.objects.get(pk=assessment.pk).claimed_by is None


@pytest.mark.django_db
def test_a_decision_under_another_reviewers_claim_is_refused_in_the_review_box(
    client, reviewer, bob, team
):
    assessment = in_team(team, "harbour lease")
    claims.assessment_claim(assessment=assessment, reviewer=reviewer)
    client.force_login(bob)
    html = page_html(
        client.post(
            reverse("reviews:assessment_review", args=[assessment.pk]), {"action": "reject"}, **HTMX
        )
    )
    assert re.search(r'<p class="error" role="alert">rita has claimed this assessment since', html)
    assert "take it over to decide it. Your reject was not recorded." in html
    assert text(claim_line(html)).startswith("Claimed by rita since")  # and the box to take over
    assert Assessment.objects.get(pk=assessment.pk).decisions.count() == 0


@pytest.mark.django_db
def test_the_mine_queue_lists_what_the_reviewer_claimed(reviewer_client, bob, team):
    held = in_team(team, "harbour lease")
    theirs = in_team(team, "fleet renewal")
    in_team(team, "canteen tender")
    reviewer_client.get(detail_url(held))
    claims.assessment_claim(assessment=theirs, reviewer=bob)
    html = page_html(reviewer_client.get(LIST + "?queue=mine"))
    assert re.findall(r'class="row-link"[^>]*>([^<]+)</a>', html) == ["harbour lease"]
    assert re.search(r'href="\?queue=mine" aria-current="true">Mine <span class="total">1', html)
    Assessment.objects.filter(pk=held.pk).update(claimed_at=timezone.now() - timedelta(hours=1))
    empty = page_html(reviewer_client.get(LIST + "?queue=mine"))
    assert "You hold no claim." in empty


@pytest.mark.django_db
def test_next_claims_what_it_opens_and_skips_what_others_hold(reviewer_client, bob, team):
    first, second, third = (in_team(team, t, age_hours=h) for t, h in [
        ("first", 3), ("second", 2), ("third", 1)])  # fmt: skip
    claims.assessment_claim(assessment=second, reviewer=bob)
    next_url = reverse("reviews:assessment_next")
    response = reviewer_client.get(f"{next_url}?after={first.pk}")
    assert response["Location"] == detail_url(third)
    assert Assessment.objects.get(pk=third.pk).claimed_by.username == "rita"
    # Without "after": from the queue's start; with nothing left, back to the list, saying so.
    assert reviewer_client.get(next_url)["Location"] == detail_url(first)
    claims.assessment_claim(assessment=first, reviewer=bob, take_over=True)
    claims.assessment_claim(assessment=third, reviewer=bob, take_over=True)
    page = page_html(reviewer_client.get(f"{next_url}?after={third.pk}", follow=True))
    assert "Nothing else needs review that another reviewer has not claimed." in page


@pytest.mark.django_db
def test_next_with_a_bad_after_says_which_field_is_wrong(reviewer_client):
    response = reviewer_client.get(reverse("reviews:assessment_next") + "?after=x1")
    assert response.status_code == 400
    assert page_html(response).startswith("after: give the id of the assessment")
