"""Issue 31, item 2: a quote with attention shows its marker with the left-out words in one
line, and the source pane marks what the quote leaves out of its sentence apart from the
quote's span; a quote that is its whole sentence has neither."""

import json
import re

import pytest
from django.urls import reverse

from citations.services import assessment_verify
from reviews.imports import bundle_import
from tests.pages import page_html

PARAGRAPH = "If the members agree, the association finances the project. It meets in May."


def verified_assessment(quote: str, team):
    answer = json.dumps({"quotes": [{"quote": quote, "source": "M"}]})
    bundle = {
        "bundle_version": 1,
        "id": f"left-out-{len(quote)}",
        "sources": [{"id": "M", "kind": "document", "paragraphs": ["Minutes.", PARAGRAPH]}],
        "response": {
            "format": "json",
            "text": answer,
            "quotes": [{"path": "$.quotes[*]", "text": "quote", "source": "source"}],
        },
    }
    assessment = bundle_import(raw=bundle, team=team, enqueue_verification=False).assessment
    assessment_verify(assessment_id=assessment.pk)
    return assessment


def pane(client, assessment) -> str:
    url = reverse("reviews:quote_source", args=[assessment.pk, 1])
    return page_html(client.get(url, HTTP_HX_REQUEST="true"))


@pytest.mark.django_db
def test_the_pane_marks_the_left_out_lead_apart_from_the_match(reviewer_client, team):
    assessment = verified_assessment("the association finances the project", team)
    html = pane(reviewer_client, assessment)
    text = html[: html.index('class="legend')]  # the legend shows the style once more
    left_out = re.findall(r'<span class="left-out"[^>]*>(.*?</span>.*?)</span>', text, re.S)
    assert len(left_out) == 1  # the folded full stop after the quote is left out of nothing
    shown = re.sub(r"<[^>]+>", "", left_out[0])
    assert shown == "left out of the quote: If the members agree, "
    assert '<mark class="match"' in html and "the association finances the project</mark>" in html
    # the next sentence is no part of the quote's sentence: not marked
    assert "It meets in May." not in "".join(left_out)


@pytest.mark.django_db
def test_the_marker_says_the_left_out_words_in_one_line(reviewer_client, team):
    assessment = verified_assessment("the association finances the project", team)
    page = reverse("reviews:assessment_detail", args=[assessment.pk])
    html = page_html(reviewer_client.get(page))
    flag = re.search(r'<span class="attention-flag"[^>]*>(.*?)</span>\s*<span', html, re.S)
    assert flag is not None
    line = " ".join(re.sub(r"<[^>]+>", "", flag[1]).split())
    assert line.startswith("⚑ attention: left out: If the members agree")
    assert "\n" not in line and len(line) < 200


@pytest.mark.django_db
def test_a_whole_sentence_has_no_marker_and_nothing_left_out(reviewer_client, team):
    assessment = verified_assessment(
        "If the members agree, the association finances the project.", team
    )
    assert 'class="left-out"' not in pane(reviewer_client, assessment)
    page = reverse("reviews:assessment_detail", args=[assessment.pk])
    assert 'class="attention-flag"' not in page_html(reviewer_client.get(page))
