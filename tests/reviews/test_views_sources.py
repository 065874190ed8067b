"""Issue 15, section 3: any source, whole. The page lists the turn's sources; any of them
opens in the pane, windowed (at most BROWSE_WINDOW paragraphs a request, more as it
scrolls); a search inside it; the paragraph a quote cites reachable when its text is
elsewhere. Without JavaScript every link reloads the page with the pane in it."""

import re

import pytest
from django.urls import reverse

from citations.models import Source
from reviews.imports import bundle_import
from reviews.models import Assessment
from reviews.source_search import MAX_HITS
from reviews.source_viewer import BROWSE_WINDOW
from tests.pages import page_html

from .review_data import procurement_assessment

HTMX = {"HTTP_HX_REQUEST": "true"}


def detail_url(assessment: Assessment) -> str:
    return reverse("reviews:assessment_detail", args=[assessment.pk])


def source_url(assessment: Assessment, source: Source) -> str:
    return reverse("reviews:source_view", args=[assessment.pk, source.pk])


def source(assessment: Assessment, key: str) -> Source:
    return Source.objects.get(turn=assessment.verification.turn, key=key)


def paragraph_ids(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<p class="para[^"]*" id="p(\d+)"', html)]


def long_assessment(team, n_paragraphs: int, *, paragraph=None) -> Assessment:
    """One source of ``n_paragraphs`` paragraphs and one quote of its first."""
    shape = paragraph or "Paragraph {n} of the long source."
    texts = [shape.format(n=n) for n in range(1, n_paragraphs + 1)]
    data = {
        "bundle_version": 1,
        "id": f"long-{n_paragraphs}",
        "title": "A long source",
        "sources": [{"id": "L1", "kind": "document", "title": "Long", "paragraphs": texts}],
        "response": {"format": "markdown", "text": 'It says "Paragraph 1 of" [L1 ¶1].'},
    }
    assessment = bundle_import(raw=data, max_bytes=50_000_000).assessment
    Assessment.objects.filter(pk=assessment.pk).update(team=team)
    return assessment


@pytest.mark.django_db
def test_the_page_lists_the_turns_sources_each_opening_in_the_pane(reviewer_client, assessment):
    html = page_html(reviewer_client.get(detail_url(assessment)))
    listed = re.search(r'<nav class="source-list".*?</nav>', html, re.S)[0]
    assert 'aria-label="Sources of this turn"' in listed
    keys = re.findall(r'<span class="source-key">(\w+)</span>', listed)
    assert keys == ["E1", "A1", "D1", "D2"]  # in the bundle's order
    a1 = source(assessment, "A1")
    assert (
        f'<a href="?source={a1.pk}#source-pane" hx-get="{source_url(assessment, a1)}" '
        'hx-target="#source-pane"'
    ) in listed
    assert 'Maintenance Agreement - Renewal Draft.pdf</a> <span class="muted">5 ¶</span>' in listed
    assert "not provided to the model" in re.search(r"D2</span>.*?</li>", listed)[0]


@pytest.mark.django_db
def test_a_source_opens_on_its_own_from_its_start(reviewer_client, assessment):
    d1 = source(assessment, "D1")
    html = page_html(reviewer_client.get(source_url(assessment, d1), **HTMX))
    assert "<html" not in html and "data-pane-quote" not in html
    assert '<h2 class="source-title"><span class="source-key">D1</span> Procurement Policy' in html
    assert paragraph_ids(html) == list(range(1, len(d1.paragraphs) + 1))
    assert 'data-focus="true"' not in html  # nothing chosen: from the start
    assert '<form class="source-find" role="search"' in html and "Find in D1" in html


@pytest.mark.django_db
def test_a_long_source_opens_in_windows_that_load_as_it_scrolls(reviewer_client, team):
    assessment = long_assessment(team, 2000)
    l1 = source(assessment, "L1")
    url = source_url(assessment, l1)
    html = page_html(reviewer_client.get(url, **HTMX))
    assert paragraph_ids(html) == list(range(1, BROWSE_WINDOW + 1))
    later = re.search(
        r'<a class="more" href="[^"]+" hx-get="([^"]+)" '
        r'hx-trigger="click, intersect once root:#source-pane"',
        html,
    )
    assert later, "the next window loads when its link scrolls into view"
    more = page_html(reviewer_client.get(later[1].replace("&amp;", "&"), **HTMX))
    assert paragraph_ids(more) == list(range(BROWSE_WINDOW + 1, 2 * BROWSE_WINDOW + 1))
    assert "intersect once" in more  # and so on, to the end
    # At a paragraph deep inside: a window around it, scrolled to it.
    deep = page_html(reviewer_client.get(url + "?at=1500", **HTMX))
    ids = paragraph_ids(deep)
    assert ids[0] < 1500 < ids[-1] and len(ids) == BROWSE_WINDOW
    assert 'id="p1500" data-focus="true"' in deep and "at ¶1500" in deep
    assert 'direction=earlier" hx-target="this"' in deep  # earlier ones on a click only


@pytest.mark.django_db
def test_a_search_inside_the_source_lists_where_and_opens_the_first(reviewer_client, team):
    assessment = long_assessment(team, 300)
    Source.objects.filter(turn=assessment.verification.turn).update(
        paragraphs=[
            f"Clause {n}: the Tenant shall pay\nthe rent." if n in (40, 250) else f"Clause {n}."
            for n in range(1, 301)
        ]
    )
    url = source_url(assessment, source(assessment, "L1"))
    html = page_html(reviewer_client.get(url + "?find=tenant+SHALL+pay", **HTMX))
    assert "2 paragraphs with “tenant SHALL pay”:" in html
    hits = re.findall(r'hx-get="[^"]*\?at=(\d+)&amp;find=tenant%20SHALL%20pay"', html)
    assert hits == ["40", "250"]
    # the whole paragraph, so no ellipsis; the words marked in the list and in the paragraph
    excerpt = '"hit">Clause 40: the <mark class="found">Tenant shall pay</mark>\nthe rent.</span>'
    assert excerpt in html
    assert '<mark class="hit"><span class="uncovered">Tenant shall pay</span></mark>' in html
    assert 'id="p40" data-focus="true"' in html  # the first one, scrolled to
    assert 'value="tenant SHALL pay"' in html  # the box keeps the words
    second = page_html(reviewer_client.get(url + "?find=tenant+shall+pay&at=250", **HTMX))
    assert 'id="p250" data-focus="true"' in second
    current = re.search(r'<a href="[^"]+\?at=(\d+)&amp;find=[^>]+aria-current="true">', second)
    assert current[1] == "250"
    none = page_html(reviewer_client.get(url + "?find=landlord", **HTMX))
    assert "No paragraph has “landlord”." in none


@pytest.mark.django_db
def test_a_search_lists_at_most_so_many_hits_and_says_how_many_there_are(reviewer_client, team):
    assessment = long_assessment(team, 120)
    url = source_url(assessment, source(assessment, "L1"))
    html = page_html(reviewer_client.get(url + "?find=long+source", **HTMX))
    assert f"120 paragraphs with “long source”; the first {MAX_HITS}:" in html
    assert len(re.findall(r'<mark class="found">', html)) == MAX_HITS


@pytest.mark.django_db
def test_search_words_and_source_text_are_escaped_vb_6(reviewer_client, team):
    assessment = long_assessment(team, 3, paragraph="<b onclick=alert({n})>bold</b> text")
    url = source_url(assessment, source(assessment, "L1"))
    html = page_html(reviewer_client.get(url + "?find=<b+onclick", **HTMX))
    assert "<b onclick" not in html
    assert '<mark class="found">&lt;b onclick</mark>=alert(1)&gt;bold' in html
    assert 'value="&lt;b onclick"' in html


@pytest.mark.django_db
def test_the_cited_paragraph_is_reachable_when_the_text_is_elsewhere(reviewer_client, assessment):
    a1 = source(assessment, "A1")
    # Quote 3 cites A1 ¶2; its text is in A1 ¶3: the cited paragraph is marked in the window.
    pane = page_html(
        reviewer_client.get(reverse("reviews:quote_source", args=[assessment.pk, 3]), **HTMX)
    )
    cited = f"{source_url(assessment, a1)}?quote=3&amp;at=2"
    assert f'The model cited <a href="{cited}" hx-get="{cited}"' in pane
    tagged = re.search(r'<p class="para is-cited" id="p(\d+)">.*?</p>', pane, re.S)
    assert tagged[1] == "2" and '<span class="cited-tag">cited by the model</span>' in tagged[0]
    assert 'id="p3" data-focus="true"' in pane
    # Quote 11 cites A1 ¶1; its text is in D1: the link opens A1 at ¶1, which links back.
    pane = page_html(
        reviewer_client.get(reverse("reviews:quote_source", args=[assessment.pk, 11]), **HTMX)
    )
    assert "D1</span> Procurement Policy" in pane and "is-cited" not in pane
    assert f'The model cited <a href="{source_url(assessment, a1)}?quote=11&amp;at=1"' in pane
    opened = page_html(reviewer_client.get(source_url(assessment, a1) + "?quote=11&at=1", **HTMX))
    assert 'data-pane-cited-by="11"' in opened and 'id="p1" data-focus="true"' in opened
    assert '<a href="#q11" class="pane-back">← Quote 11</a>' in opened
    assert 'type="hidden" name="quote" value="11"' in opened  # a search keeps the way back
    # Found where it was cited: nothing to reach.
    pane = page_html(
        reviewer_client.get(reverse("reviews:quote_source", args=[assessment.pk, 1]), **HTMX)
    )
    assert "The model cited" not in pane and "is-cited" not in pane


@pytest.mark.django_db
def test_an_uncited_quote_found_nowhere_opens_a_search_of_all_sources_issue_31_3(
    reviewer_client, assessment
):
    """Issue 31 item 3: a quote that cites nothing and is found nowhere still opens a pane:
    "found in no source" and a search box over the eligible sources, with its words."""
    assessment.verification.quotes.filter(n=10).update(
        cited_source=None, cited_paragraph=None, cited_ref="", match_source=None
    )
    pane = page_html(
        reviewer_client.get(reverse("reviews:quote_source", args=[assessment.pk, 10]), **HTMX)
    )
    assert "Found in no source" in pane
    assert re.search(r'<input type="search" name="find" maxlength="200" value="[^"]+">', pane)


@pytest.mark.django_db
def test_without_javascript_a_source_opens_in_the_page(reviewer_client, assessment):
    a1 = source(assessment, "A1")
    response = reviewer_client.get(source_url(assessment, a1) + "?at=4&find=notice")
    assert response.status_code == 302
    assert response.url == f"{detail_url(assessment)}?source={a1.pk}&at=4&find=notice#p4"
    html = page_html(reviewer_client.get(response.url))
    assert "<html" in html and 'id="p4" data-focus="true"' in html
    assert "1 paragraph with “notice”" in html
    # The source list's own link, without JavaScript.
    listed = page_html(reviewer_client.get(detail_url(assessment) + f"?source={a1.pk}"))
    pane = listed.split('id="source-pane"')[1]
    assert '<span class="source-key">A1</span> Maintenance Agreement' in pane


@pytest.mark.django_db
def test_more_paragraphs_of_a_source_without_javascript_reload_the_page(reviewer_client, team):
    assessment = long_assessment(team, 200)
    l1 = source(assessment, "L1")
    url = reverse("reviews:source_paragraphs", args=[assessment.pk, l1.pk])
    response = reviewer_client.get(url + "?start=61&end=120&direction=later")
    assert response.url == f"{detail_url(assessment)}?source={l1.pk}&start=61&end=120#p61"
    html = page_html(reviewer_client.get(response.url))
    assert paragraph_ids(html) == list(range(61, 121))


@pytest.mark.django_db
def test_sources_of_another_turn_and_bad_input_are_refused(reviewer_client, assessment, team):
    other = procurement_assessment(team=team, bundle_id="other-turn")
    theirs = source(other, "A1")
    assert reviewer_client.get(source_url(assessment, theirs), **HTMX).status_code == 404
    a1 = source(assessment, "A1")
    bad = reviewer_client.get(source_url(assessment, a1) + "?at=0", **HTMX)
    assert bad.status_code == 400
    assert "Paragraph: paragraphs are numbered from 1." in bad.text  # not "at: Ensure …"
    # A paragraph the source does not have: from its start, not an error.
    html = page_html(reviewer_client.get(source_url(assessment, a1) + "?at=99", **HTMX))
    assert paragraph_ids(html)[0] == 1 and 'data-focus="true"' not in html


@pytest.mark.django_db
def test_opening_or_searching_a_source_takes_a_constant_number_of_queries(
    reviewer_client, team, django_assert_num_queries
):
    assessment = long_assessment(team, 2000)
    url = source_url(assessment, source(assessment, "L1"))
    # session, user, scoped assessment, the source's name, its paragraphs, coverage
    with django_assert_num_queries(6):
        reviewer_client.get(url + "?find=source&at=900", **HTMX)
