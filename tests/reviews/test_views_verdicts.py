"""Quote verdicts on the assessment page (issue 31, item 1): the pane's verdict box and its
HTMX answers, the verdict beside the engine's badge, the flow without JavaScript, the keys'
help, scope and bad input."""

import re

import pytest
from django.urls import reverse

from citations.models import Quote
from reviews import services
from reviews.models import QuoteVerdict, Team
from tests.conftest import row_counts
from tests.pages import page_html

from .review_data import user
from .test_views import HTMX, detail_url, pane_url, quote_element

pytestmark = pytest.mark.django_db


def verdict_url(assessment, n: int) -> str:
    return reverse("reviews:quote_verdict", args=[assessment.pk, n])


def from_the_box(**extra: str) -> dict[str, str]:
    return {**HTMX, "HTTP_HX_TARGET": "quote-verdict", **extra}


def test_the_pane_offers_the_verdicts_the_selected_quote_can_take_issue_31_1(
    reviewer_client, assessment
):
    """Issue 31 item 1: confirm where there is something to confirm, overrule always, clear
    once there is a verdict; the engine's status is named beside it."""
    corrected = page_html(reviewer_client.get(pane_url(assessment, 3), **HTMX))
    assert 'id="quote-verdict"' in corrected and 'data-verdict-quote="3"' in corrected
    assert re.search(r'value="confirm"[^>]*\s+title="Accept the correction"', corrected)
    assert 'value="overrule"' in corrected and 'value="clear"' not in corrected
    assert "none yet, the engine's corrected stands" in corrected
    verified = page_html(reviewer_client.get(pane_url(assessment, 2), **HTMX))
    assert 'value="confirm"' not in verified and 'value="overrule"' in verified


def test_a_verdict_from_the_box_answers_with_the_box_and_the_badges_neighbour_issue_31_1(
    reviewer_client, assessment, reviewer
):
    """Issue 31 item 1: HTMX swaps the box, and the verdict beside the quote's badge out of
    band; the verdict is recorded with the comment."""
    response = reviewer_client.post(
        verdict_url(assessment, 3),
        {"action": "confirm", "comment": "<b>checked</b>"},
        **from_the_box(),
    )
    html = page_html(response)
    assert response.status_code == 200
    assert html.startswith('<div id="quote-verdict"')
    assert '<strong class="verdict--confirm">confirmed</strong> by rita' in html
    assert "&lt;b&gt;checked&lt;/b&gt;" in html and "<b>checked" not in html  # escaped
    assert 'value="clear"' in html
    label = re.search(r'<span class="verdict" id="q3-verdict"[^>]*hx-swap-oob="true">.*', html)
    assert label and "☑</span> confirmed" in label[0]
    verdict = QuoteVerdict.objects.get()
    assert (verdict.reviewer, verdict.action, verdict.comment) == (
        reviewer,
        "confirm",
        "<b>checked</b>",
    )


def test_a_verdict_given_by_key_answers_with_the_label_alone_issue_31_1(
    reviewer_client, assessment
):
    """Issue 31 item 1: a key posts from the page (no box in view): the answer is the label
    that replaces the one beside the badge, never out of band (it is the target)."""
    html = page_html(
        reviewer_client.post(
            verdict_url(assessment, 2), {"action": "overrule"}, **HTMX, HTTP_HX_TARGET="q2-verdict"
        )
    )
    label = html[: html.index("</span></span>") + len("</span></span>")]
    assert label.startswith('<span class="verdict" id="q2-verdict" data-verdict="overrule">')
    assert "hx-swap-oob" not in label and "☒</span> overruled" in label
    refused = page_html(
        reviewer_client.post(
            verdict_url(assessment, 2), {"action": "confirm"}, **HTMX, HTTP_HX_TARGET="q2-verdict"
        )
    )
    assert 'role="alert">Quote 2 is verified without attention' in refused
    assert 'data-verdict="overrule"' in refused  # the verdict that counts, still shown


def test_the_page_shows_each_verdict_beside_the_engines_badge_issue_31_1(
    reviewer_client, assessment, reviewer
):
    """Issue 31 item 1: after a reload the verdict stands beside the badge, which still says
    what the engine said."""
    reviewer_client.post(verdict_url(assessment, 2), {"action": "overrule"}, **from_the_box())
    html = page_html(reviewer_client.get(detail_url(assessment)))
    element = quote_element(html, 2)
    # Right beside the badge, which still says what the engine said.
    assert (
        'verified</button><span class="verdict" id="q2-verdict" data-verdict="overrule">' in element
    )
    assert "☒</span> overruled" in element
    assert re.search(r'title="Overruled by rita, \d{4}-\d\d-\d\d \d\d:\d\d"', element)
    # Quotes without one carry an empty place for it (the swap's target).
    assert '<span class="verdict" id="q3-verdict" data-verdict=""></span>' in quote_element(html, 3)


def test_without_javascript_a_verdict_redirects_to_the_quote_with_a_message_issue_31_1(
    reviewer_client, assessment
):
    """Issue 31 item 1: the form posts and the page comes back with the quote's pane."""
    response = reviewer_client.post(verdict_url(assessment, 10), {"action": "overrule"})
    assert response.status_code == 302
    assert response["Location"] == f"{detail_url(assessment)}?quote=10#q10"
    page = page_html(reviewer_client.get(response["Location"]))
    assert "Quote 10: verdict recorded." in page
    assert '<strong class="verdict--overrule">overruled</strong> by rita' in page
    refused = reviewer_client.post(verdict_url(assessment, 10), {"action": "nonsense"}, follow=True)
    assert "Quote 10: Choose confirm, overrule or clear." in page_html(refused)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({}, "Choose confirm, overrule or clear."),
        ({"action": "approve"}, "Choose confirm, overrule or clear."),
        ({"action": "overrule", "comment": "x" * 2001}, "A comment has at most 2000 characters."),
        ({"action": "clear"}, "Quote 3 has no verdict to clear."),
    ],
)
def test_bad_verdicts_get_a_clear_error_in_words_and_change_nothing_issue_31_1(
    reviewer_client, assessment, data, message
):
    """Issue 31 item 1: bad input is named in words (no raw field names) and records nothing."""
    before = row_counts()
    html = page_html(reviewer_client.post(verdict_url(assessment, 3), data, **from_the_box()))
    assert f'<p class="error" role="alert">{message}</p>' in html
    assert "action:" not in html
    assert row_counts() == before


def test_once_decided_a_verdicts_answer_leaves_the_approval_alone_issue_31_1(
    reviewer_client, assessment, reviewer
):
    """Issue 31 item 1: a rejected assessment has no review form to update: the refusal
    comes without an out-of-band question (it would have no target on the page)."""
    services.assessment_reject(assessment=assessment, reviewer=reviewer)
    answer = reviewer_client.post(
        verdict_url(assessment, 3), {"action": "overrule"}, **from_the_box()
    )
    assert "This assessment is rejected: its quotes&#x27; verdicts are final." in answer.text
    assert "approve-confirm" not in answer.text


def test_verdicts_are_scoped_posted_and_of_existing_quotes_issue_31_1(
    client, reviewer_client, assessment
):
    """Issue 31 item 1: another team's reviewer gets 404 and records nothing; GET is not a
    verdict; a quote number the assessment lacks is 404."""
    outsider = user("olga", teams=(Team.objects.create(name="legal"),))
    client.force_login(outsider)
    assert client.post(verdict_url(assessment, 3), {"action": "overrule"}).status_code == 404
    assert reviewer_client.get(verdict_url(assessment, 3)).status_code == 405
    assert (
        reviewer_client.post(verdict_url(assessment, 99), {"action": "overrule"}).status_code == 404
    )
    assert not QuoteVerdict.objects.exists()


def test_the_keys_help_lists_c_and_x_issue_31_2(reviewer_client, assessment):
    """Issue 31 item 2 (verdict keys): c confirms, x overrules the selected quote; ? says so."""
    html = page_html(reviewer_client.get(detail_url(assessment)))
    help_list = html[html.index('id="key-help"') :]
    assert re.search(r"<dt><kbd>c</kbd></dt><dd>confirm the selected quote", help_list)
    assert re.search(r"<dt><kbd>x</kbd></dt><dd>overrule the selected quote", help_list)
    # Every quote element carries where its verdict is posted.
    for n in range(1, 13):
        assert f'data-verdict-url="{verdict_url(assessment, n)}"' in quote_element(html, n)


def test_the_approve_box_lists_only_quotes_still_without_a_verdict_issue_31_1(
    reviewer_client, assessment
):
    """Issue 31 item 1: the approval's confirmation names the quotes needing a verdict that
    have none; with every one given, approval asks nothing."""
    page = page_html(reviewer_client.get(detail_url(assessment)))
    assert "I checked the 3 quotes not backed by an eligible source or marked for attention" in page
    # Each verdict updates the question out of band, from the box or from a key.
    answers = [
        reviewer_client.post(verdict_url(assessment, 5), {"action": "overrule"}, **from_the_box()),
        reviewer_client.post(
            verdict_url(assessment, 9), {"action": "overrule"}, **HTMX, HTTP_HX_TARGET="q9-verdict"
        ),
    ]
    for answer, left in zip(answers, ["2 quotes", "1 quote "], strict=True):
        question = re.search(
            r'<div id="approve-confirm" hx-swap-oob="true">.*?</div>', page_html(answer)
        )
        assert question and f"I checked the {left}" in question[0]
    last = reviewer_client.post(
        verdict_url(assessment, 10), {"action": "overrule"}, **from_the_box()
    )
    assert '<div id="approve-confirm" hx-swap-oob="true"></div>' in page_html(last)
    page = page_html(reviewer_client.get(detail_url(assessment)))
    assert 'name="confirm_unverified"' not in page and '<div id="approve-confirm"></div>' in page
    response = reviewer_client.post(
        reverse("reviews:assessment_review", args=[assessment.pk]), {"action": "approve"}
    )
    assert response.status_code == 302
    assert Quote.objects.filter(assessment=assessment.verification).count() == 12
    assessment.refresh_from_db()
    assert assessment.review_state == "approved"
