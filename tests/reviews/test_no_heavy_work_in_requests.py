"""Issue 30, item 1 "Nothing slow in a request": the API checks a bundle with counts that
cost one pass and leaves reading its response to the worker; a response beyond a quote limit
ends ``failed`` with the limit named and nothing stored of it; the page renders the diffs the
worker stored and shows long paragraphs as bounded excerpts."""

import json
import re
from dataclasses import replace

import pytest
from django.urls import reverse

from citations import diffs
from citations.bench_hostile import SHAPES, _diff_bomb
from citations.engine import bundle as bundle_module
from citations.engine.reading import parse_json, parse_markdown
from citations.models import Correction, Quote, VerificationState
from citations.services import VerifyOutcome, assessment_verify
from reviews.imports import bundle_import
from reviews.models import Assessment
from reviews.source_viewer import PARAGRAPH_CHARS_SHOWN
from tests.pages import page_html

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def no_reading(monkeypatch):
    """The engine's readers, made to fail the test if anything calls them."""

    def refuse(*args, **kwargs):
        raise AssertionError("the response was read inside the request")

    monkeypatch.setattr(parse_markdown, "parse_markdown_response", refuse)
    monkeypatch.setattr(parse_json, "parse_json_response", refuse)


@pytest.mark.django_db
@pytest.mark.parametrize("shape", SHAPES)
def test_each_hostile_shape_is_accepted_unread_or_refused_at_the_api(api_client, no_reading, shape):
    """Issue 30, item 1: every shape of the audit posted to the API is refused by a count
    (400, nothing stored) or stored pending without the request reading its response: the
    readers fail this test if called, and the answer comes before any worker ran."""
    base, build = SHAPES[shape]
    data = build(base)
    data["id"] = f"hostile-{len(Assessment.objects.all()) + 1}"
    response = api_client.post("/api/bundles", json.dumps(data), content_type="application/json")
    assert response.status_code in {201, 400}, response.content[:300]
    if response.status_code == 400:
        assert response.json()["error"]["field"]
        assert not Assessment.objects.exists()
        return
    assert response.json()["verification_state"] == "pending"
    assert not Quote.objects.exists()


@pytest.mark.django_db
def test_a_response_beyond_the_quote_limit_is_accepted_then_fails_in_verification(
    api_client, monkeypatch
):
    """Issue 30, item 1: the quotes' number takes reading the response, so the API accepts
    the bundle (201, pending) and verification, which reads it, ends ``failed`` with the
    limit named; no quote and no correction is stored."""
    monkeypatch.setattr(
        bundle_module, "LIMITS", replace(bundle_module.LIMITS, quotes=3, quote_chars=40)
    )
    data = SHAPES["cited quotes on one line"][1](4)
    response = api_client.post("/api/bundles", json.dumps(data), content_type="application/json")
    assert response.status_code == 201, response.content
    assessment_id = response.json()["id"]

    assert assessment_verify(assessment_id=assessment_id) == VerifyOutcome.FAILED
    assessment = Assessment.objects.get(pk=assessment_id)
    assert assessment.verification.verification_state == VerificationState.FAILED
    assert "beyond the limit 'quotes'" in assessment.verification.verification_error
    assert "holds 4 quotes; the limit is 3" in assessment.verification.verification_error
    assert not Quote.objects.filter(assessment_id=assessment_id).exists()
    assert not Correction.objects.filter(assessment_id=assessment_id).exists()
    shown = api_client.get(f"/api/assessments/{assessment_id}").json()
    assert shown["verification_state"] == "failed"
    assert "'quotes'" in shown["verification_error"]


@pytest.mark.django_db
def test_a_quote_longer_than_the_limit_fails_verification_naming_it(monkeypatch):
    """Issue 30, item 1: the same for one quote's length (``quote_chars``)."""
    monkeypatch.setattr(bundle_module, "LIMITS", replace(bundle_module.LIMITS, quote_chars=10))
    data = SHAPES["cited quotes on one line"][1](1)
    assessment = bundle_import(raw=data, enqueue_verification=False).assessment
    assert assessment_verify(assessment_id=assessment.pk) == VerifyOutcome.FAILED
    assessment.refresh_from_db()
    assert "beyond the limit 'quote_chars'" in assessment.verification.verification_error
    assert not Quote.objects.filter(assessment_id=assessment.pk).exists()


@pytest.fixture
def diff_bomb(team):
    """The audit's diff-bomb, verified: an unverified quote of 49,600 characters whose hint
    differs in its claim."""
    data = _diff_bomb(49_600)
    assessment = bundle_import(raw=data, team=team, enqueue_verification=False).assessment
    assert assessment_verify(assessment_id=assessment.pk) == VerifyOutcome.STORED
    return assessment


@pytest.mark.django_db
def test_the_diff_bombs_page_renders_the_stored_diff_without_diffing(
    reviewer_client, diff_bomb, monkeypatch
):
    """Issue 30, item 1: the worker stored the hint's diff once (bounded: the middle that
    differs beyond ``MAX_ALIGNED_TOKENS`` is one run); the pane and the page only render
    it, so a request never runs difflib or the diff function."""
    quote = Quote.objects.get(assessment=diff_bomb.verification, n=1)
    assert quote.status == "unverified" and quote.reason == "claim_changed"
    assert set(quote.page_diff) == {"hint"}

    def refuse(*args, **kwargs):
        raise AssertionError("a request diffed")

    monkeypatch.setattr(diffs.difflib, "SequenceMatcher", refuse)
    monkeypatch.setattr(diffs, "word_diff", refuse)
    pane = page_html(
        reviewer_client.get(reverse("reviews:quote_source", args=[diff_bomb.pk, 1]), **HTMX)
    )
    assert '<span class="differs">' in pane
    page = reviewer_client.get(
        reverse("reviews:assessment_detail", args=[diff_bomb.pk]) + "?quote=1"
    )
    assert page.status_code == 200


@pytest.mark.django_db
def test_a_corrected_quotes_suggested_change_is_rendered_from_the_stored_diff(
    reviewer_client, assessment, monkeypatch
):
    """Issue 30, item 1: the suggested change of a corrected quote comes from its stored
    ``page_diff``, not from a diff in the request."""
    monkeypatch.setattr(diffs, "word_diff", lambda *args, **kwargs: pytest.fail("diffed"))
    Quote.objects.filter(assessment=assessment.verification, n=8).update(
        page_diff={"change": [["same", "stored "], ["added", "runs"]]}
    )
    html = reviewer_client.get(reverse("reviews:assessment_detail", args=[assessment.pk]))
    shown = re.search(r'id="q8".*?class="quote-text"[^>]*>(.*?)</a>', page_html(html), re.S)
    assert shown[1] == '“stored <ins class="suggested">runs</ins>”'


HUGE = 200_000


@pytest.fixture
def huge_source(team):
    """A source of 90 paragraphs of 200,000 characters, a quote matched in the middle of
    its 45th."""
    paragraphs = [(f"Paragraph {n} says the tenant pays. " * 6_000)[:HUGE] for n in range(90)]
    data = {
        "bundle_version": 1,
        "id": "huge-panes",
        "sources": [{"id": "L1", "kind": "document", "paragraphs": paragraphs}],
        "response": {"format": "markdown", "text": '"Paragraph 44 says" [L1 ¶45]'},
    }
    assessment = bundle_import(
        raw=data, team=team, max_bytes=50_000_000, enqueue_verification=False
    ).assessment
    middle = paragraphs[44].index("Paragraph 44 says", HUGE // 2)
    Quote.objects.create(
        assessment=assessment.verification, n=1, form="inline", text="Paragraph 44 says",
        status="verified", reason="found_as_cited",
        match_source=assessment.verification.turn.sources.get(),
        match_paragraph=45, match_start=middle, match_end=middle + 17,
    )  # fmt: skip
    return assessment


@pytest.mark.django_db
def test_a_pane_of_huge_paragraphs_is_bounded_in_characters(reviewer_client, huge_source):
    """Issue 30, item 1: 90 paragraphs of 200,000 characters returned 12 MB of HTML; each
    paragraph now shows an excerpt of ``PARAGRAPH_CHARS_SHOWN`` characters (around the
    highlight in the quote's paragraph) with a link that shows it whole, one at a time."""
    source = huge_source.verification.turn.sources.get()
    browsed = page_html(
        reviewer_client.get(
            reverse("reviews:source_view", args=[huge_source.pk, source.pk]), **HTMX
        )
    )
    shown = browsed.count('<p class="para')
    assert shown == 60  # BROWSE_WINDOW paragraphs, each an excerpt
    assert len(browsed) < shown * (PARAGRAPH_CHARS_SHOWN + 2_000)
    assert "characters more: show ¶1 whole" in browsed

    pane = page_html(
        reviewer_client.get(reverse("reviews:quote_source", args=[huge_source.pk, 1]), **HTMX)
    )
    assert len(pane) < 25 * (PARAGRAPH_CHARS_SHOWN + 2_000)
    mark = re.search(r'<mark class="match" data-span="(\d+):(\d+)">(.*?)</mark>', pane, re.S)
    assert mark[3] == "Paragraph 44 says"  # the highlight, inside its paragraph's excerpt
    before = int(mark[1]) - PARAGRAPH_CHARS_SHOWN // 2
    assert f"… {before} characters more: show ¶45 whole" in pane  # the excerpt is around it

    whole = page_html(
        reviewer_client.get(
            reverse("reviews:source_paragraphs", args=[huge_source.pk, source.pk]),
            {"start": 45, "end": 45, "whole": 1, "quote": 1},
            **HTMX,
        )
    )
    assert "characters more" not in whole and len(whole) > HUGE
    refused = reviewer_client.get(
        reverse("reviews:source_paragraphs", args=[huge_source.pk, source.pk]),
        {"start": 44, "end": 45, "whole": 1},
        **HTMX,
    )
    assert refused.status_code == 400
