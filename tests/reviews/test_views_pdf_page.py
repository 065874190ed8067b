"""Issue 34, item 4, without a browser: a PDF source's bytes are served to the reviewers who
may see its assessment (404 for anyone else, and for a source that is no PDF), and the
source pane offers the PDF's page beside the text: the page the quote's match starts on,
with the matched text on it that the page view marks, and a link that opens the PDF without
JavaScript."""

import re
from html import unescape

import pytest
from django.urls import reverse

from citations.models import Quote, Source
from reviews import source_viewer
from reviews.models import Team
from tests.pages import page_html

from .review_data import LEASE_QUOTE, pdf_assessment, user

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def lease(team):
    return pdf_assessment(team)


def file_url(assessment, key: str) -> str:
    source = Source.objects.get(turn=assessment.verification.turn, key=key)
    return reverse("reviews:source_file", args=[assessment.pk, source.pk])


@pytest.mark.django_db
def test_a_pdf_source_is_served_inline_as_given(reviewer_client, lease):
    url = file_url(lease, "L")
    source = Source.objects.get(turn=lease.verification.turn, key="L")
    assert url == f"/assessments/{lease.pk}/sources/{source.pk}/file"
    response = reviewer_client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].startswith("inline")
    assert response["X-Content-Type-Options"] == "nosniff"
    stored = Source.objects.get(turn=lease.verification.turn, key="L")
    assert response.content == bytes(stored.file) and response.content.startswith(b"%PDF-")


@pytest.mark.django_db
@pytest.mark.parametrize("key", ["N", "H"], ids=["text-source", "html-file"])
def test_a_source_that_is_no_pdf_has_no_file_to_serve(reviewer_client, lease, key):
    assert reviewer_client.get(file_url(lease, key)).status_code == 404


@pytest.mark.django_db
def test_another_teams_reviewer_gets_404_for_the_pdf(client, lease):
    client.force_login(user("otto", teams=(Team.objects.create(name="other"),)))
    assert client.get(file_url(lease, "L")).status_code == 404


@pytest.mark.django_db
def test_signed_out_the_pdf_asks_for_a_login(client, lease):
    response = client.get(file_url(lease, "L"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


@pytest.mark.django_db
def test_a_source_of_another_turn_is_not_served_through_this_assessment(
    reviewer_client, lease, team
):
    other = pdf_assessment(team, bundle_id="lease-pdf-2")
    theirs = Source.objects.get(turn=other.verification.turn, key="L")
    url = reverse("reviews:source_file", args=[lease.pk, theirs.pk])
    assert reviewer_client.get(url).status_code == 404


@pytest.mark.django_db
def test_the_quotes_pane_offers_the_page_its_match_is_on(reviewer_client, lease):
    quote = Quote.objects.get(assessment=lease.verification, n=1)
    assert (quote.status, quote.match_page, quote.cited_page) == ("verified", 2, 2)
    url = reverse("reviews:quote_source", args=[lease.pk, 1])
    html = unescape(page_html(reviewer_client.get(url, **HTMX)))
    pdf = file_url(lease, "L")
    link = re.search(r'<a href="([^"]*)"\s+data-pane-view="page"[^>]*>([^<]*)</a>', html)
    assert link.groups() == (f"{pdf}#page=2", "Page 2 of the PDF")
    assert f'data-pdf-url="{pdf}"' in html and 'data-pdf-page="2"' in html
    marked = re.search(r'data-pdf-find="([^"]*)"', html)[1]
    assert " ".join(marked.split()) == LEASE_QUOTE  # as extracted: the line break kept
    assert 'id="pdf-page" class="pdf-page" hidden' in html  # the text view first


@pytest.mark.django_db
def test_a_source_that_is_no_pdf_has_no_page_view(reviewer_client, lease):
    url = reverse("reviews:quote_source", args=[lease.pk, 2])
    html = page_html(reviewer_client.get(url, **HTMX))
    assert "data-pane-view" not in html and "pdf-page" not in html


@pytest.mark.django_db
def test_without_javascript_the_page_has_the_pane_and_the_pdf_link(reviewer_client, lease):
    detail = reverse("reviews:assessment_detail", args=[lease.pk])
    html = page_html(reviewer_client.get(f"{detail}?quote=1"))
    assert f'href="{file_url(lease, "L")}#page=2"' in html
    assert '<script type="module" src="/static/reviews/pdf_page.js"></script>' in html


@pytest.mark.django_db
def test_a_pdf_opened_on_its_own_shows_the_page_of_the_paragraph_at(reviewer_client, lease):
    source = Source.objects.get(turn=lease.verification.turn, key="L")
    at = next(n for n, page in enumerate(source.pages, start=1) if page["page"] == 3)
    url = reverse("reviews:source_view", args=[lease.pk, source.pk])
    html = page_html(reviewer_client.get(f"{url}?at={at}", **HTMX))
    assert 'data-pdf-page="3"' in html and 'data-pdf-find=""' in html


SPLIT = "The tenant may sublet the flat with the consent of the landlord, never withheld."
BREAK = SPLIT.index("landlord")  # page 2 begins here, inside the paragraph


@pytest.mark.parametrize(
    ("match_page", "cited_page", "spans", "shown"),
    [
        (1, None, {2: (4, len(SPLIT))}, (1, SPLIT[4:BREAK])),  # the part on the match's page
        (None, 2, {2: (4, len(SPLIT))}, (2, SPLIT[BREAK:])),  # no match page: the cited one
        (None, None, {2: (0, 10)}, (1, SPLIT[:10])),  # neither: the focused paragraph's
        (3, None, {2: (0, 10)}, (3, "")),  # the span is not on the page shown: nothing marked
    ],
    ids=["match-page", "cited-page", "focus-page", "span-elsewhere"],
)
def test_the_page_view_marks_the_part_of_the_match_on_its_page(
    match_page, cited_page, spans, shown
):
    source = Source(pk=7, media_type="application/pdf", pages=[
        {"page": 1, "breaks": []}, {"page": 1, "breaks": [BREAK]}, {"page": 3, "breaks": []},
    ])  # fmt: skip
    quote = Quote(
        match_source_id=7, match_page=match_page, cited_source_id=7, cited_page=cited_page
    )
    texts = ["Intro.", SPLIT, "Notice."]
    page = source_viewer.pdf_page(source, texts, quote=quote, focus=2, spans=spans)
    assert (page.number, page.text) == shown


def test_a_source_without_pages_or_not_a_pdf_has_no_page_view():
    texts = ["One."]
    assert source_viewer.pdf_page(
        Source(pk=1, media_type="application/pdf", pages=[]), texts, quote=None, focus=1, spans={}
    ) is None  # fmt: skip
    text_source = Source(pk=1, media_type="", pages=[{"page": 1, "breaks": []}])
    assert source_viewer.pdf_page(text_source, texts, quote=None, focus=1, spans={}) is None
