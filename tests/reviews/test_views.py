"""Reviewer pages: full pages and HTMX fragments, scope (VB-7), pinned query counts."""

import json
import re

import pytest
from django.urls import reverse

from citations.diffs import change_diff, hint_diff
from citations.engine.matching.rules import RULE
from citations.models import Source, Verification, VerificationState
from citations.services import assessment_verify
from reviews.imports import bundle_import
from reviews.models import Assessment, ReviewDecision, Team
from reviews.tokens import api_token_create
from tests.factories import SCENARIO_DIR
from tests.pages import page_html

from .review_data import many_quotes_assessment, procurement_assessment, user

HTMX = {"HTTP_HX_REQUEST": "true"}


def detail_url(assessment: Assessment) -> str:
    return reverse("reviews:assessment_detail", args=[assessment.pk])


def pane_url(assessment: Assessment, n: int) -> str:
    return reverse("reviews:quote_source", args=[assessment.pk, n])


def quote_elements(html: str) -> dict[int, str]:
    """data-quote number → data-status of every rendered quote element."""
    found = re.findall(r'data-quote="(\d+)" data-status="(\w+)"', html)
    return {int(n): status for n, status in found}


def quote_element(html: str, n: int) -> str:
    """The HTML of quote element ``n``, up to the next quote (quote elements do not nest)."""
    start = html.index(f'id="q{n}" data-quote="{n}"')
    following = [html.find(end, start) for end in ('<span class="quote ', "</article>")]
    return html[start : min(i for i in following if i != -1)]


# -- the assessment page --------------------------------------------------------------------


@pytest.mark.django_db
def test_every_quote_rendered_in_place_with_its_status_003_1_003_5(reviewer_client, assessment):
    html = page_html(reviewer_client.get(detail_url(assessment)))
    assert quote_elements(html) == {
        1: "verified", 2: "verified", 3: "corrected", 4: "verified", 5: "unverified",
        6: "verified", 7: "verified", 8: "corrected", 9: "ineligible", 10: "unverified",
        11: "corrected", 12: "verified",
    }  # fmt: skip
    # 003.1: block quotes stay block quotes, inline quotes stay in their sentence.
    assert re.search(r"<blockquote>\s*<p><span class=\"quote quote--block[^>]*id=\"q1\"", html)
    assert re.search(r"<p>Under the policy, <span class=\"quote quote--inline[^>]*id=\"q2\"", html)
    # 003.5: the badge is readable without colour: icon, word and a tooltip.
    badge = re.search(r'<button type="button" class="badge is-unverified"[^>]*>.*?</button>',
                      quote_element(html, 10))[0]  # fmt: skip
    assert 'title="Unverified: not found in any eligible source"' in badge
    assert "?</span> unverified" in badge


@pytest.mark.django_db
def test_duplicate_quotes_each_have_their_own_badge_003_8(reviewer_client, assessment):
    html = page_html(reviewer_client.get(detail_url(assessment)))
    first, again = quote_element(html, 1), quote_element(html, 12)
    text = "The annual fee increases by six per cent (6%) over the previous term."
    assert text in first and text in again
    assert 'popovertarget="q1-info"' in first and 'popovertarget="q12-info"' in again


@pytest.mark.django_db
def test_corrected_quote_shows_correction_and_original_on_expand_011_4(reviewer_client, assessment):
    html = page_html(reviewer_client.get(detail_url(assessment)))
    relocated = quote_element(html, 3)
    # Issue 15: a suggested change, the model's citation struck and the source's inserted.
    assert (
        '<del class="cite suggested">[A1 ¶2]</del> '
        '<ins class="cite cite--corrected suggested">[A1 ¶3]</ins>'
    ) in relocated
    assert "[A1 ¶2]" in relocated.split("popover>")[1]  # the original, in the expandable part
    repaired = quote_element(html, 8)
    shown = re.search(r'class="quote-text"[^>]*>(.*?)</a>', repaired)[1]
    # The model's words struck, the source's inserted: either side reads whole on its own.
    assert shown == (
        '“ninety <ins class="suggested">(90) </ins>days<del class="suggested">&#x27;</del>'
        '<ins class="suggested">’</ins> written notice”'
    )
    assert re.sub(r"<ins[^>]*>.*?</ins>|<[^>]+>", "", shown) == "“ninety days&#x27; written notice”"
    assert re.sub(r"<del[^>]*>.*?</del>|<[^>]+>", "", shown) == "“ninety (90) days’ written notice”"
    assert 'id="corrections-written"' in html and 'id="corrections-corrected"' in html
    info = repaired.split("popover>")[1]
    assert "<del>“ninety days&#x27; written notice”</del>" in info  # what the model wrote
    assert "Wording replaced by the source&#x27;s own" in info and "1.00" in info
    assert "text: “ninety days&#x27; written notice” → “ninety (90) days’ written notice”" in info
    # The citation marker the model wrote is part of the quote element, not left dangling.
    assert "[A1 ¶2], while" not in html


@pytest.mark.django_db
def test_a_corrected_quotes_suggested_change_is_escaped_vb_6(reviewer_client, assessment):
    written, corrected = "ninety <b onclick=alert(1)>days</b>", "ninety <i>days</i>"
    assessment.verification.quotes.filter(n=8).update(
        text=written, corrected_text=corrected, page_diff=change_diff(written, corrected)
    )
    repaired = quote_element(page_html(reviewer_client.get(detail_url(assessment))), 8)
    shown = re.search(r'class="quote-text"[^>]*>(.*?)</a>', repaired)[1]
    assert "<b" not in shown and "<i>" not in shown
    assert shown.startswith('“ninety &lt;<del class="suggested">b onclick=alert(1)</del>')


@pytest.mark.django_db
def test_a_page_without_corrections_offers_no_view_of_them(reviewer_client, team):
    assessment = many_quotes_assessment(3)
    assessment.team = team
    assessment.save()
    html = page_html(reviewer_client.get(detail_url(assessment)))
    assert "corrections-view" not in html and "suggested" not in html


@pytest.mark.django_db
def test_the_tally_links_single_out_one_status_and_say_so(reviewer_client, assessment):
    """Issue 15: the tally is a filter; ?status= is what its links do without JavaScript."""
    page = detail_url(assessment)
    html = page_html(reviewer_client.get(page))
    assert '<div class="split" data-filter="" data-drop="">' in html
    chip = (
        '<a class="count is-unverified" href="?status=unverified" data-filter-status="unverified"'
    )
    assert chip + ">" in html
    filtered = page_html(reviewer_client.get(page + "?status=unverified"))
    assert '<div class="split" data-filter="unverified" data-drop="">' in filtered
    chip = f'<a class="count is-unverified" href="{page}" data-filter-status="unverified"'
    assert chip + ' aria-current="true">' in filtered  # chosen: its link shows all again
    assert "Only the <strong data-filter-name>unverified</strong> quotes stand out" in filtered
    bogus = page_html(reviewer_client.get(page + "?status=<b>"))
    assert '<div class="split" data-filter="" data-drop="">' in bogus and "&lt;b&gt;" not in bogus


@pytest.mark.django_db
def test_a_status_no_quote_has_is_counted_but_no_filter(reviewer_client, team):
    assessment = many_quotes_assessment(3)
    assessment.team = team
    assessment.save()
    html = page_html(reviewer_client.get(detail_url(assessment)))
    assert 'data-filter-status="verified"' in html and 'data-filter-status="unverified"' not in html
    assert (
        '<span class="count is-unverified"><span aria-hidden="true">?</span> 0 unverified</span>'
        in html
    )


@pytest.mark.django_db
def test_quotes_the_bundle_drops_from_its_export_are_marked_so(reviewer_client, team):
    """Issue 15: the page says which quotes the pipeline will not get back (bundle drop)."""
    assessment = procurement_assessment(team=team, drop=["unverified"])
    html = page_html(reviewer_client.get(detail_url(assessment)))
    assert 'data-drop="unverified"' in html  # the page's CSS shows the flag for these
    assert '<span class="drop-flag">dropped from the export</span>' in quote_element(html, 10)
    chip = re.search(r'<a class="count is-unverified".*?</a>', html)[0]
    assert '2 unverified<span class="drop-note"> · dropped from the export</span>' in chip
    assert "drop-note" not in re.search(r'<a class="count is-verified".*?</a>', html)[0]
    pane = page_html(reviewer_client.get(pane_url(assessment, 10), **HTMX))
    assert "Dropped from the export: this bundle has its unverified quotes removed" in pane
    assert "Dropped from the export" not in page_html(
        reviewer_client.get(pane_url(assessment, 1), **HTMX)
    )
    kept = procurement_assessment(team=team, bundle_id="kept-all")
    html = page_html(reviewer_client.get(detail_url(kept)))
    assert 'data-drop=""' in html and "drop-note" not in html


@pytest.mark.django_db
def test_a_failed_verification_counts_no_quotes(reviewer_client, team):
    assessment = procurement_assessment(team=team, verified=False)
    Verification.objects.filter(pk=assessment.pk).update(
        verification_state=VerificationState.FAILED, verification_error="worker lost"
    )
    html = page_html(reviewer_client.get(detail_url(assessment)))
    assert "Quotes not counted: verification failed" in html and '<ul class="tally"' not in html


@pytest.mark.django_db
def test_json_response_is_a_tree_with_quote_fields_in_place(reviewer_client, team):
    data = {
        "bundle_version": 1,
        "id": "json-1",
        "title": "JSON answer",
        "sources": [{"id": "D1", "kind": "document", "paragraphs": ["Alpha beta gamma."]}],
        "response": {
            "format": "json",
            "text": json.dumps(
                {"summary": "<b>x</b>", "evidence": [{"quote": "beta gamma", "source": "D1"}]}
            ),
            "quotes": [{"path": "$.evidence[*]", "text": "quote", "source": "source"}],
        },
    }
    from citations.services import assessment_verify
    from reviews.imports import bundle_import

    assessment = bundle_import(raw=data).assessment
    assessment.team = team
    assessment.save()
    assessment_verify(assessment_id=assessment.pk)  # stores the quote and the JSON's layout
    html = page_html(reviewer_client.get(detail_url(assessment)))
    assert re.search(
        r'<span class="json-key">summary</span>\s+<span class="json-string">&lt;b&gt;x', html
    )
    assert re.search(r'<span class="json-key">quote</span>\s+<span class="quote quote--field', html)
    assert quote_elements(html) == {1: "verified"}


@pytest.mark.django_db
def test_page_says_when_verification_runs_and_polls_until_done(reviewer_client, team):
    assessment = procurement_assessment(team=team, verified=False)
    html = page_html(reviewer_client.get(detail_url(assessment)))
    status_url = reverse("reviews:assessment_status", args=[assessment.pk])
    assert f'hx-get="{status_url}" hx-trigger="every 2s"' in html
    assert "Verification is pending" in html
    assert re.search(r'value="approve"[^>]*disabled', html)
    # Issue 15: the tally says quotes are not counted yet, not "0 verified".
    assert "Quotes are counted once verification finishes" in html
    assert '<ul class="tally"' not in html
    polled = reviewer_client.get(status_url, **HTMX)
    assert 'hx-trigger="every 2s"' in page_html(polled)
    Verification.objects.filter(pk=assessment.pk).update(verification_state=VerificationState.DONE)
    finished = reviewer_client.get(status_url, **HTMX)
    assert finished.headers["HX-Refresh"] == "true"  # reload once, with the results
    assert 'hx-trigger="every 2s"' not in page_html(reviewer_client.get(detail_url(assessment)))


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("scenario", "content_type"),
    [
        ("procurement_review", "text/markdown; charset=utf-8"),
        ("adr_source_binding", "application/json"),
    ],
)
def test_the_export_button_gives_what_the_api_export_gives(
    reviewer_client, client, team, scenario, content_type
):
    """Issue 31, 8: the page's Export button downloads the API's export, byte for byte."""
    raw = json.loads((SCENARIO_DIR / f"{scenario}.json").read_text())
    assessment = bundle_import(raw=raw, team=team, enqueue_verification=False).assessment
    assessment_verify(assessment_id=assessment.pk)
    assessment.refresh_from_db()
    assert assessment.verification.quotes_corrected > 0, "the export must differ from the response"

    html = page_html(reviewer_client.get(detail_url(assessment)))
    export_url = reverse("reviews:assessment_export", args=[assessment.pk])
    assert re.search(rf'id="export-link" href="{re.escape(export_url)}"\s+download>', html)
    from_page = reviewer_client.get(export_url)
    assert from_page.status_code == 200
    assert from_page["Content-Disposition"].startswith("attachment;")

    token = api_token_create(name="pipeline", team=team)[1]
    from_api = client.get(
        f"/api/assessments/{assessment.pk}/export", HTTP_AUTHORIZATION=f"Bearer {token}"
    )
    assert from_api.status_code == 200
    assert from_page["Content-Type"] == from_api["Content-Type"] == content_type
    assert from_page.content == from_api.content
    assert page_html(from_page) != assessment.verification.response_text


@pytest.mark.django_db
def test_no_export_button_before_verification_finishes(reviewer_client, assessment):
    assessment.verification.verification_state = VerificationState.RUNNING
    assessment.verification.save()
    assert 'id="export-link"' not in page_html(reviewer_client.get(detail_url(assessment)))
    export_url = reverse("reviews:assessment_export", args=[assessment.pk])
    assert reviewer_client.get(export_url).status_code == 409


# -- the source pane ------------------------------------------------------------------------


def marked(html: str) -> str:
    return re.search(r"<mark [^>]*>(.*?)</mark>", html, re.S)[1]


@pytest.mark.django_db
def test_source_pane_highlights_exactly_the_matched_span_vb_2(reviewer_client, assessment):
    quote = assessment.verification.quotes.get(n=3)
    response = reviewer_client.get(pane_url(assessment, 3), **HTMX)
    html = page_html(response)
    paragraph = quote.match_source.paragraphs[quote.match_paragraph - 1]
    assert marked(html) == paragraph[quote.match_start : quote.match_end]
    assert 'id="p3" data-focus="true"' in html  # the paragraph the pane scrolls to
    assert "Corrected: the model cited <strong>A1 ¶2</strong>" in html
    assert "<html" not in html  # a fragment, not a page
    # Sentences no quote covers are dimmed; the covered one is not.
    assert '<span class="uncovered">5. Liability. The contractor’s aggregate' in html
    assert "</mark>, and routine requests" in html


@pytest.mark.django_db
def test_hint_for_an_unverified_quote_is_labelled_as_a_hint_vb_2(reviewer_client, assessment):
    e1 = Source.objects.get(turn=assessment.verification.turn, key="E1")
    assessment.verification.quotes.filter(n=5).update(
        match_source=e1, match_paragraph=3, match_start=15, match_end=75, match_score=0.81
    )
    html = page_html(reviewer_client.get(pane_url(assessment, 5), **HTMX))
    assert "<strong>Hint, not a match.</strong>" in html and "0.81" in html
    assert '<mark class="hint"' in html
    assert marked(html) == e1.paragraphs[2][15:75]


@pytest.mark.django_db
def test_a_changed_claims_hint_marks_the_differences_inside_the_source_text(
    reviewer_client, assessment
):
    """Issue 15: the words that differ are highlighted in the hint, which stays exactly the
    source's span (VB-2), escaped; each difference is said in words beside it (issue 31)."""
    a1 = Source.objects.get(turn=assessment.verification.turn, key="A1")
    paragraph = a1.paragraphs[4]
    start = paragraph.index("The contractor")
    text = (
        "The contractor’s aggregate <b>liability under this agreement shall never exceed the fees"
    )
    assessment.verification.quotes.filter(n=10).update(
        text=text,
        page_diff=hint_diff(text, a1.paragraphs, [(5, start, len(paragraph))]),
        reason="claim_changed",
        match_source=a1, match_paragraph=5, match_start=start, match_end=len(paragraph),
        match_score=0.7,
        decision={
            "rules": ["cite.marker", "claim.negation", "policy.attachment.changed_claim"],
            "differences": [{"kind": "claim.negation", "quote": "never", "source": "not"}],
        },
    )  # fmt: skip
    html = page_html(reviewer_client.get(pane_url(assessment, 10), **HTMX))
    inside = marked(html)
    assert re.sub(r"<[^>]+>", "", inside) == paragraph[start:]
    assert '<span class="differs">not</span>' in inside
    assert '<span class="differs">annual fee.</span>' in inside  # words the quote lacks
    # Where the quote has words and the source none, a gap names them, escaped.
    assert 'aria-label="the quote has “&lt;b&gt;” here"' in inside
    assert "<b>" not in html
    # Issue 31 item 4: in plain words under 200 characters, the rule's definition on hover.
    line = re.search(r'<p class="claim-differences" title="([^"]*)">([^<]*)</p>', html)
    assert line is not None
    assert line[2] == "Not corrected, the claim differs: changed: not → never."
    assert RULE["claim.negation"].covers not in line[2] and len(line[2]) < 200
    assert "claim.negation: " in line[1]


@pytest.mark.django_db
def test_pane_link_without_javascript_opens_the_page_with_the_source(reviewer_client, assessment):
    response = reviewer_client.get(pane_url(assessment, 3))
    assert response.status_code == 302
    assert response.url == f"{detail_url(assessment)}?quote=3#q3"
    html = page_html(reviewer_client.get(response.url))
    assert '<mark class="match"' in html and "<html" in html


@pytest.mark.django_db
def test_pane_for_an_ineligible_quote_explains_and_highlights_nothing(reviewer_client, assessment):
    html = page_html(reviewer_client.get(pane_url(assessment, 9), **HTMX))
    assert "not given to the model in this turn" in html
    assert "<mark " not in html.split('class="legend')[0]


@pytest.mark.django_db
def test_more_paragraphs_load_on_request_and_bad_ranges_name_the_field(reviewer_client, team):
    assessment = many_quotes_assessment(60)
    assessment.team = team
    assessment.save()
    html = page_html(reviewer_client.get(pane_url(assessment, 1), **HTMX))
    assert 'id="p13"' in html and 'id="p14"' not in html  # a window around the match
    more = re.search(r'hx-get="([^"]+direction=later)"', html)[1].replace("&amp;", "&")
    page = page_html(reviewer_client.get(more, **HTMX))
    assert 'id="p14"' in page and 'id="p38"' in page and "direction=later" in page
    source = Source.objects.get(turn=assessment.verification.turn)
    url = reverse("reviews:source_paragraphs", args=[assessment.pk, source.pk])
    bad = reviewer_client.get(url + "?start=9&end=2&direction=later", **HTMX)
    assert bad.status_code == 400
    assert "Last paragraph: must not be before the first paragraph." in bad.text
    # issue 13: any range rendered whole (end=100000 took 5 s)
    huge = reviewer_client.get(url + "?start=1&end=100000&direction=later", **HTMX)
    assert huge.status_code == 400 and "at most 200 paragraphs" in page_html(huge)


# -- the list -------------------------------------------------------------------------------


@pytest.mark.django_db
def test_list_shows_counts_and_filters_by_queue_and_status(reviewer_client, assessment, team):
    other = many_quotes_assessment(3, bundle_id="all-verified")
    other.team = team
    other.save()
    html = page_html(reviewer_client.get(reverse("reviews:assessment_list")))
    assert "Halvorsen HVAC maintenance renewal" in html and "3 quotes" in html
    assert html.index("Halvorsen") < html.index("3 quotes")  # the longest waiting first
    # Issue 15: a chip's number has its status in words, not only as an icon and colour.
    assert (
        '<span class="count is-corrected" title="corrected"><span aria-hidden="true">✎</span>'
        ' 3<span class="visually-hidden"> corrected</span></span>'
    ) in html
    filtered = reviewer_client.get(reverse("reviews:assessment_list") + "?status=unverified")
    assert "Halvorsen" in page_html(filtered)
    assert "3 quotes" not in page_html(filtered)
    approved = reviewer_client.get(reverse("reviews:assessment_list") + "?queue=approved")
    assert "Nothing in “approved”." in page_html(approved)


@pytest.mark.django_db
def test_list_pages_keep_the_filters(reviewer_client, team):
    for i in range(26):  # one more than a page
        listed = many_quotes_assessment(1, bundle_id=f"page-{i}")
        listed.team = team
        listed.save(update_fields=["team"])
    first = reviewer_client.get(reverse("reviews:assessment_list") + "?queue=needs_review")
    html = page_html(first)
    assert "Page 1 of 2" in html
    assert 'href="?queue=needs_review&amp;page=2" rel="next"' in html
    second = page_html(
        reviewer_client.get(reverse("reviews:assessment_list") + "?queue=needs_review&page=2")
    )
    assert 'href="?queue=needs_review&amp;page=1" rel="prev"' in second


@pytest.mark.django_db
def test_list_polls_while_any_assessment_is_verifying(reviewer_client, team):
    procurement_assessment(team=team, verified=False)
    html = page_html(reviewer_client.get(reverse("reviews:assessment_list")))
    # Not reviewable yet, so not in the default queue, which polls for it quickly.
    assert 'hx-trigger="every 2s"' in html and "Halvorsen" not in html
    verifying = reviewer_client.get(reverse("reviews:assessment_list") + "?queue=verifying")
    assert "Halvorsen" in page_html(verifying)
    rows = page_html(reviewer_client.get(reverse("reviews:assessment_list"), **HTMX))
    assert rows.startswith('\n<div id="assessment-rows"') or rows.lstrip().startswith(
        '<div id="assessment-rows"'
    )


# -- scope (VB-7) ---------------------------------------------------------------------------


@pytest.mark.django_db
def test_reviewers_see_only_assigned_or_unassigned_in_their_team_vb_7(client, assessment, team):
    outsider = user("olaf", teams=(Team.objects.create(name="legal"),))
    colleague = user("carl", teams=(team,))
    staff = user("sam", staff=True)
    client.force_login(outsider)
    for url in (
        detail_url(assessment),
        pane_url(assessment, 1),
        reverse("reviews:assessment_status", args=[assessment.pk]),
        reverse("reviews:assessment_export", args=[assessment.pk]),
    ):
        assert client.get(url).status_code == 404
    review = reverse("reviews:assessment_review", args=[assessment.pk])
    assert client.post(review, {"action": "reject"}).status_code == 404
    assert "Halvorsen" not in page_html(client.get(reverse("reviews:assessment_list")))
    # Assigned to someone else in the team: the colleague no longer sees it.
    client.force_login(colleague)
    assert client.get(detail_url(assessment)).status_code == 200
    assessment.assigned_to = user("rhea", teams=(team,))
    assessment.save()
    assert client.get(detail_url(assessment)).status_code == 404
    client.force_login(staff)
    assert client.get(detail_url(assessment)).status_code == 200
    assert ReviewDecision.objects.count() == 0


@pytest.mark.django_db
@pytest.mark.parametrize("exists", [True, False], ids=["other team", "no such id"])
def test_an_assessment_page_the_reviewer_cannot_open_says_why_not_a_debug_404(
    client, settings, assessment, exists
):
    """The API hands out the page's link: even with DEBUG on (the demo), a reviewer outside
    the team gets the product's page, which reads the same whether the assessment exists."""
    settings.DEBUG = True
    client.force_login(user("olaf", teams=(Team.objects.create(name="legal"),)))
    assessment_id = assessment.pk if exists else assessment.pk + 1000
    response = client.get(reverse("reviews:assessment_detail", args=[assessment_id]))
    assert response.status_code == 404
    assert "reviews/assessment_unavailable.html" in [t.name for t in response.templates]
    html = page_html(response)
    assert f"You cannot open assessment {assessment_id}" in html
    assert "belongs to a team you are not in" in html and "add you to its team" in html
    assert "Halvorsen" not in html and "URLconf" not in html


@pytest.mark.django_db
def test_pages_need_sign_in(client, assessment):
    response = client.get(detail_url(assessment))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


# -- review actions -------------------------------------------------------------------------


@pytest.mark.django_db
def test_approving_with_flagged_quotes_needs_a_recorded_confirmation_vb_7(
    reviewer_client, reviewer, assessment
):
    url = reverse("reviews:assessment_review", args=[assessment.pk])
    refused = page_html(reviewer_client.post(url, {"action": "approve"}, **HTMX))
    assert "3 quotes are not backed by an eligible source" in refused
    assert ReviewDecision.objects.count() == 0
    done = reviewer_client.post(url, {"action": "approve", "confirm_unverified": "on"}, **HTMX)
    html = page_html(done)
    assert '<span class="review review--approved">approved</span>' in html
    decision = ReviewDecision.objects.get()
    assert (decision.reviewer, decision.action, decision.confirmed_unverified) == (
        reviewer,
        "approve",
        True,
    )
    assessment.refresh_from_db()
    assert assessment.reviewed_by == reviewer and assessment.reviewed_at is not None


@pytest.mark.django_db
def test_a_decision_updates_the_headers_review_state_too(reviewer_client, assessment):
    """Issue 15: the HTMX answer swaps the review box and, out of band, the header's state."""
    page = page_html(reviewer_client.get(detail_url(assessment)))
    assert '<a class="jump" id="head-review" href="#review">' in page  # no oob on the page
    url = reverse("reviews:assessment_review", args=[assessment.pk])
    html = page_html(reviewer_client.post(url, {"action": "reject"}, **HTMX))
    head = re.search(r'<a class="jump" id="head-review"[^>]*>.*?</a>', html)[0]
    assert 'hx-swap-oob="true"' in head and "review--rejected" in head
    assert html.index('id="review"') < html.index('id="head-review"')  # after, at top level


@pytest.mark.django_db
def test_second_decision_is_refused_with_a_clear_message_not_a_500(reviewer_client, assessment):
    url = reverse("reviews:assessment_review", args=[assessment.pk])
    reviewer_client.post(url, {"action": "reject"})
    again = reviewer_client.post(url, {"action": "reject"}, **HTMX)
    assert again.status_code == 200
    assert "already rejected by rita" in page_html(again)
    assert ReviewDecision.objects.count() == 1


@pytest.mark.django_db
def test_return_needs_a_comment_and_form_posts_redirect_without_htmx(reviewer_client, assessment):
    url = reverse("reviews:assessment_review", args=[assessment.pk])
    response = reviewer_client.post(url, {"action": "return", "comment": "  "}, follow=True)
    assert "Comment: Say what needs to change" in page_html(response)
    assert ReviewDecision.objects.count() == 0
    response = reviewer_client.post(url, {"action": "return", "comment": "Check ¶3"}, follow=True)
    assert "Recorded: returned." in page_html(response)
    assert ReviewDecision.objects.get().comment == "Check ¶3"


@pytest.mark.django_db
def test_approval_refused_while_verification_is_pending(reviewer_client, team):
    assessment = procurement_assessment(team=team, verified=False)
    url = reverse("reviews:assessment_review", args=[assessment.pk])
    html = page_html(
        reviewer_client.post(url, {"action": "approve", "confirm_unverified": "on"}, **HTMX)
    )
    assert "Verification is pending" in html
    assert ReviewDecision.objects.count() == 0


# -- stats ----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_stats_chart_and_table_per_model_and_prompt(reviewer_client, assessment):
    html = page_html(reviewer_client.get(reverse("reviews:stats")))
    assert "example-model" in html and "prompt review-v1" in html
    assert html.count('<rect class="is-') == 4  # one segment per status present
    # one bundle of 12 quotes; verified 6 of them
    assert re.search(r"<td>1</td><td>12</td>\s*<td>\s*<a href=\"[^\"]+\">50%</a>\s*<span", html)
    assert "found in another eligible source" in html  # a correction reason row
    by_day = page_html(reviewer_client.get(reverse("reviews:stats") + "?period=day"))
    assert "Day of" in by_day


@pytest.mark.django_db
def test_stats_count_only_what_the_reviewer_may_see_vb_7(client, assessment):
    client.force_login(user("nobody"))
    html = page_html(client.get(reverse("reviews:stats")))
    assert "No verified quotes yet" in html and "example-model" not in html


# -- query counts: pages stay O(1) in queries as quotes grow --------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("n_quotes", [5, 50])
def test_query_counts_do_not_grow_with_quotes(
    reviewer_client, team, n_quotes, django_assert_num_queries
):
    assessment = many_quotes_assessment(n_quotes)
    assessment.team = team
    assessment.save()
    # session, user, scoped assessment, the claim's UPDATE and its read, sources, quotes,
    # their corrections, their verdicts, decisions
    with django_assert_num_queries(10):
        assert reviewer_client.get(detail_url(assessment)).status_code == 200
    # session, user, scoped assessment, quote with its sources' names, shown text, coverage,
    # its verdict
    with django_assert_num_queries(7):
        assert reviewer_client.get(pane_url(assessment, 2), **HTMX).status_code == 200
    # session, user, queue totals, count, page with counts per status
    with django_assert_num_queries(5):
        assert reviewer_client.get(reverse("reviews:assessment_list")).status_code == 200
    # session, user, statuses, correction reasons, verdicts per rule
    with django_assert_num_queries(5):
        assert reviewer_client.get(reverse("reviews:stats")).status_code == 200


@pytest.mark.django_db
def test_email_citations_shown_as_written_viewer_shows_where_text_is_011_2_003_7(
    reviewer_client, assessment
):
    html = page_html(reviewer_client.get(detail_url(assessment)))
    # 011.2: verbatim in the email at ¶4 but cited as ¶2: the citation stays as written...
    assert '<span class="cite">[E1 ¶2]</span>' in quote_element(html, 6)
    pane = page_html(reviewer_client.get(pane_url(assessment, 6), **HTMX))
    # ...and the viewer highlights where the text really is.
    assert 'id="p4" data-focus="true"' in pane
    assert marked(pane) == "The signed draft is attached."
    # 003.7: the paraphrase of the email is preserved as the model wrote it, flagged.
    paraphrase = quote_element(html, 5)
    assert "“we can accept it if they keep the four hour response time”" in paraphrase
    assert 'data-status="unverified"' in paraphrase and "Model wrote" not in paraphrase


@pytest.mark.django_db
def test_bad_input_gets_a_clear_error_naming_the_field_never_a_500(reviewer_client, assessment):
    review = reverse("reviews:assessment_review", args=[assessment.pk])
    html = page_html(reviewer_client.post(review, {"action": "delete"}, **HTMX))
    assert "Decision: “delete” is not one of the choices." in html
    assert ReviewDecision.objects.count() == 0
    listing = reviewer_client.get(reverse("reviews:assessment_list") + "?status=bogus&page=x")
    assert listing.status_code == 200
    assert "Filters ignored: Quote status: “bogus” is not one of the choices." in listing.text
    assert reviewer_client.get(pane_url(assessment, 99), **HTMX).status_code == 404
    page = reviewer_client.get(detail_url(assessment) + "?quote=99")
    assert page.status_code == 200 and "Select a quote to see its source" in page_html(page)


@pytest.mark.django_db
def test_more_paragraphs_without_javascript_reload_the_page_at_that_range(reviewer_client, team):
    assessment = many_quotes_assessment(60)
    assessment.team = team
    assessment.save()
    source = Source.objects.get(turn=assessment.verification.turn)
    url = reverse("reviews:source_paragraphs", args=[assessment.pk, source.pk])
    response = reviewer_client.get(url + "?start=14&end=38&quote=1&direction=later")
    assert response.status_code == 302
    html = page_html(reviewer_client.get(response.url))
    assert 'id="p14"' in html and 'id="p38"' in html and 'id="p13"' not in html


@pytest.mark.django_db
def test_pages_send_a_strict_csp_and_htmx_needs_no_eval_or_inline_styles_vb_6(
    reviewer_client, assessment
):
    response = reviewer_client.get(detail_url(assessment))
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "style-src 'self'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    html = page_html(response)
    config = json.loads(re.search(r"name=\"htmx-config\" content='([^']+)'", html)[1])
    assert config["allowEval"] is False and config["includeIndicatorStyles"] is False
    assert "<script>" not in html and " style=" not in html  # no inline script or style
    token = re.search(r"hx-headers='\{\"X-CSRFToken\": \"([^\"]+)\"\}'", html)[1]
    assert len(token) >= 32


@pytest.mark.django_db
def test_the_pane_is_no_live_region_and_the_page_has_a_skip_link(reviewer_client, assessment):
    """Issue 15, section 6: a live pane read out every paragraph it loaded; now a status
    line beside it carries the pane header's words (data-announce), set by app.js."""
    html = page_html(reviewer_client.get(detail_url(assessment)))
    assert '<aside id="source-pane" class="pane" aria-label="Source">' in html
    assert '<p id="pane-status" class="visually-hidden" role="status"></p>' in html
    assert html.index('class="skip-link" href="#main"') < html.index('class="topbar"')
    pane = page_html(reviewer_client.get(pane_url(assessment, 3), **HTMX))
    announced = re.search(r'data-announce="([^"]+)"', pane)[1]
    assert (
        announced == "Quote 3, corrected: A1 Maintenance Agreement - Renewal Draft.pdf, paragraph 3"
    )
