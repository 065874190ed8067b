"""Issue 31, item 3: every quote opens a pane. A quote found in no source shows so, with a
search of every eligible source filled in with its rarest words; a search marks every place
it found in the paragraphs shown. Results stored by the real engine."""

import re

import pytest
from django.urls import reverse

from citations.models import Source
from reviews.models import Assessment
from reviews.source_search import found_spans, rarest_words
from tests.pages import page_html

from .review_data import HANDBOOK, INVENTED, TENANCY, found_nowhere_assessment

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def found_nowhere(team) -> Assessment:
    return found_nowhere_assessment(team)


def pane(client, assessment, n: int, query: str = "") -> str:
    url = reverse("reviews:quote_source", args=[assessment.pk, n]) + query
    response = client.get(url, **HTMX)
    assert response.status_code == 200
    return page_html(response)


def search_box_value(html: str) -> str:
    found = re.search(
        r'class="sources-find".*?name="find" maxlength="200" value="([^"]*)"', html, re.S
    )
    assert found, "no search of all sources in the pane"
    return found[1]


@pytest.mark.django_db
def test_a_quote_found_nowhere_searches_every_eligible_source_with_its_rarest_words(
    reviewer_client, found_nowhere
):
    quote = found_nowhere.verification.quotes.get(n=1)
    assert quote.status == "unverified" and quote.match_source_id is None
    html = pane(reviewer_client, found_nowhere, 1)
    assert "Found in no source" in html
    find = search_box_value(html)
    assert find == rarest_words(INVENTED, TENANCY + HANDBOOK)
    assert len(find.split()) == 3
    listed = re.findall(r'<span class="source-key">(\w+)</span> (\w+) <span', html)
    assert ("W1", "Withheld") not in listed  # not given to the model: never searched
    assert listed, "the rarest words are in the sources, so some paragraph is listed"


@pytest.mark.django_db
def test_the_reviewer_searches_all_sources_for_other_words(reviewer_client, found_nowhere):
    html = pane(reviewer_client, found_nowhere, 1, "?find=heating+fourteen")
    assert search_box_value(html) == "heating fourteen"
    t1 = Source.objects.get(turn=found_nowhere.verification.turn, key="T1")
    assert "1 paragraph with every word of “heating fourteen”:" in html  # never side by side
    link = f"/sources/{t1.pk}/?at=2&amp;find=heating%20fourteen&amp;quote=1"
    assert link in html
    assert '<mark class="found">heating</mark>' in html
    # Words no eligible source has (the withheld source has "twelve percent"): said so.
    none = pane(reviewer_client, found_nowhere, 1, "?find=twelve+percent")
    assert "No eligible source has “twelve percent”." in none


@pytest.mark.django_db
def test_a_hit_opens_its_source_with_every_place_marked(reviewer_client, found_nowhere):
    t1 = Source.objects.get(turn=found_nowhere.verification.turn, key="T1")
    url = reverse("reviews:source_view", args=[found_nowhere.pk, t1.pk])
    html = page_html(reviewer_client.get(url + "?at=2&find=the+landlord&quote=1", **HTMX))
    paragraph = re.search(r'<p\s+class="para[^"]*" id="p2".*?</p>', html, re.S)[0]
    assert re.findall(r'<mark class="hit">(?:<span class="uncovered">)?([^<]*)', paragraph) == [
        "the landlord"  # a phrase: only where the words stand together
    ]
    assert "its words searched: ¶2" in html


@pytest.mark.django_db
def test_a_verified_quote_has_no_search_of_all_sources(reviewer_client, found_nowhere):
    html = pane(reviewer_client, found_nowhere, 2)
    assert "Found in no source" not in html and 'class="sources-find"' not in html


@pytest.mark.django_db
def test_too_long_a_search_is_refused_in_words(reviewer_client, found_nowhere):
    url = reverse("reviews:quote_source", args=[found_nowhere.pk, 1])
    response = reviewer_client.get(url + "?find=" + "x" * 201, **HTMX)
    assert response.status_code == 400
    assert "Search" in page_html(response)


@pytest.mark.django_db
def test_without_javascript_the_search_reloads_the_page_with_it(reviewer_client, found_nowhere):
    url = reverse("reviews:quote_source", args=[found_nowhere.pk, 1])
    response = reviewer_client.get(url + "?find=heating")
    detail = reverse("reviews:assessment_detail", args=[found_nowhere.pk])
    assert response.url == f"{detail}?quote=1&find=heating#q1"
    page = page_html(reviewer_client.get(response.url))
    assert search_box_value(page) == "heating"


@pytest.mark.parametrize(
    ("text", "words", "as_phrase", "spans"),
    [
        ("the Tenant shall pay", ["tenant", "pay"], False, [(4, 10), (17, 20)]),
        ("the Tenant shall pay", ["tenant", "shall"], False, [(4, 16)]),  # neighbours: one mark
        ("the Tenant shall pay", ["tenant", "pay"], True, None),  # not side by side
        ("the Tenant  shall pay", ["tenant", "shall"], True, [(4, 17)]),  # any white space
        ("rent, rent", ["rent"], False, [(0, 4), (6, 10)]),
        ("Mietzahlung", ["zahlung"], False, [(4, 11)]),  # inside a word, as a browser finds
        ("the rent", ["rent", "landlord"], False, None),  # every word or no hit
        ("ÖFFNUNGSZEITEN", ["öffnungszeiten"], True, [(0, 14)]),
    ],
)
def test_found_spans(text, words, as_phrase, spans):
    assert found_spans(text, words, as_phrase=as_phrase) == spans


@pytest.mark.parametrize(
    ("quote", "sources", "expected"),
    [
        # the paragraph sharing most rare words, its rarest; words no source has left out
        (
            "The tenant pays the rent monthly",
            ["the rent is due, the tenant pays", "the monthly fee", "the end"],
            "tenant pays rent",
        ),
        (
            "Zorgplicht van de verhuurder",
            ["de verhuurder heeft een zorgplicht"],
            "Zorgplicht verhuurder",
        ),
        # words of two paragraphs: those of the one sharing more, so the search finds it
        (
            "Heating repairs within fourteen days, pets with consent",
            ["Repairs to the heating within fourteen days.", "Pets need consent.", "Pets."],
            "Heating repairs fourteen",
        ),
        # none in any source: the longest words
        ("Completely invented statement here", ["nothing alike"], "Completely invented statement"),
        ("a b", ["a b"], ""),  # words too short to search
    ],
)
def test_rarest_words(quote, sources, expected):
    assert rarest_words(quote, sources) == expected


@pytest.mark.parametrize(
    ("reason", "searched"), [("not_found", True), ("claim_changed", False)], ids=str
)
@pytest.mark.django_db
def test_a_closest_passage_shown_as_a_hint_keeps_the_search_of_all_sources(
    reviewer_client, found_nowhere, reason, searched
):
    """Found in no source, with only a closest passage to show as its hint: the hint and the
    search of every source both; a changed claim's passage is the quote's own, no search."""
    t1 = Source.objects.get(turn=found_nowhere.verification.turn, key="T1")
    found_nowhere.verification.quotes.filter(n=1).update(
        reason=reason, match_source=t1, match_paragraph=1, match_start=0, match_end=10
    )
    html = pane(reviewer_client, found_nowhere, 1)
    assert "<strong>Hint, not a match.</strong>" in html
    assert ("Found in no source" in html) is searched
    assert ('class="sources-find"' in html) is searched
