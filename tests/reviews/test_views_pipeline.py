"""The pages on what the real pipeline stores: every acceptance scenario and real LLM answers
verified in-process, then rendered (003.1, 003.5, 003.8, VB-2)."""

import json
import re
from html import unescape
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from citations.models import Quote
from citations.services import assessment_verify
from reviews.imports import bundle_import
from tests.pages import page_html
from tests.readers import readers_forbidden

SCENARIOS = sorted(
    p
    for p in (settings.SHARED_DIR / "data" / "scenarios").glob("*.json")
    if not p.name.endswith(".expected.json")
)
# A spread of the real answers (each is verified in-process: the whole set takes minutes).
REAL_ANSWERS = sorted(
    p
    for p in (settings.SHARED_DIR / "data" / "dev" / "verbote").glob("*.json")
    if not p.name.endswith(".expected.json")
)[::6]


@pytest.mark.django_db
@pytest.mark.parametrize("path", SCENARIOS + REAL_ANSWERS, ids=lambda p: p.stem)
def test_verified_bundle_renders_every_quote_once_with_exact_highlights(
    client, django_user_model, path: Path
):
    assessment = bundle_import(raw=path.read_bytes()).assessment
    assessment_verify(assessment_id=assessment.pk)
    assessment.refresh_from_db()
    assert assessment.verification.verification_state == "done", (
        assessment.verification.verification_error
    )
    client.force_login(django_user_model.objects.create_user("staff", is_staff=True))
    html = page_html(client.get(reverse("reviews:assessment_detail", args=[assessment.pk])))
    quotes = list(Quote.objects.filter(assessment=assessment.verification).order_by("n"))
    rendered = re.findall(r'data-quote="(\d+)" data-status="(\w+)"', html)
    assert sorted((int(n), status) for n, status in rendered) == [(q.n, q.status) for q in quotes]
    for quote in quotes:
        if quote.match_source_id is None:
            continue
        pane = page_html(
            client.get(
                reverse("reviews:quote_source", args=[assessment.pk, quote.n]),
                HTTP_HX_REQUEST="true",
            )
        )
        paragraph = quote.match_source.paragraphs[quote.match_paragraph - 1]
        # The quote's own highlight (a search for its words may mark other hits first).
        marked = re.search(r"<mark [^>]*data-span=[^>]*>(.*?)</mark>", pane, re.S)
        # A changed claim's differences are marked inside the highlight, text unchanged.
        highlighted = unescape(re.sub(r"<[^>]+>", "", marked[1]))
        assert highlighted == paragraph[quote.match_start : quote.match_end]


@pytest.mark.django_db
def test_a_quote_running_across_paragraphs_is_highlighted_in_each_vb_2(client, django_user_model):
    """A quote that runs on into the next paragraph is marked, exactly, in both."""
    paragraphs = ["Intro line.", "The fee rises by six per cent", "from 1 March. Other text."]
    bundle = {
        "bundle_version": 1,
        "id": "runs-on",
        "sources": [{"id": "D1", "kind": "document", "paragraphs": paragraphs}],
        "response": {
            "format": "markdown",
            "text": 'It says "The fee rises by six per cent from 1 March." [D1 ¶2]',
        },
    }
    assessment = bundle_import(raw=bundle).assessment
    assessment_verify(assessment_id=assessment.pk)
    quote = Quote.objects.get(assessment=assessment.verification)
    assert (quote.status, quote.match_paragraph) == ("verified", 2)
    assert quote.match_continues == [[3, 0, 13]]
    client.force_login(django_user_model.objects.create_user("staff", is_staff=True))
    pane = page_html(
        client.get(reverse("reviews:quote_source", args=[assessment.pk, 1]), HTTP_HX_REQUEST="true")
    )
    marks = [unescape(m) for m in re.findall(r"<mark [^>]*data-span[^>]*>(.*?)</mark>", pane)]
    assert marks == ["The fee rises by six per cent", "from 1 March."]
    assert 'data-span="0:13"' in pane


# Every quote form the red team wrote (tables, block quotes with attribution lines, HTML
# quotes, headings and label lines, markers copied into JSON fields, cut-off JSON, …).
QUOTE_FORM_BUNDLES = sorted(
    p
    for p in (Path(__file__).parents[1] / "citations" / "redteam").glob("*.json")
    if not p.name.endswith(".expected.json")
)


@pytest.mark.django_db
@pytest.mark.parametrize("path", QUOTE_FORM_BUNDLES, ids=lambda p: p.stem)
def test_every_quote_of_the_newer_forms_is_clickable_in_its_place(
    client, django_user_model, path: Path
):
    assessment = bundle_import(raw=path.read_bytes()).assessment
    assessment_verify(assessment_id=assessment.pk)
    client.force_login(django_user_model.objects.create_user("staff", is_staff=True))
    with readers_forbidden() as called:  # the page reads the stored layout (issue 13)
        response = client.get(reverse("reviews:assessment_detail", args=[assessment.pk]))
    assert called == []
    assert response.status_code == 200
    html = page_html(response)
    in_text = html.split('<article id="response"', 1)[1].split("</article>", 1)[0]
    numbers = list(
        Quote.objects.filter(assessment=assessment.verification).values_list("n", flat=True)
    )
    assert numbers
    for n in numbers:  # in the response itself, not in the list of quotes without a place
        assert in_text.count(f'data-quote="{n}"') == 1
        assert re.search(rf'id="q{n}" data-quote="{n}"[^>]*><a class="quote-text" href=', in_text)
    assert "without a position in the text" not in html


@pytest.mark.django_db
def test_the_page_says_in_words_which_rule_decided_a_quote(client, django_user_model):
    """A changed claim is shown with the difference that refused it, in the quote's own
    words; the rule (decision.rules) and its definition one hover away (issue 31, item 4)."""
    path = settings.SHARED_DIR / "data" / "scenarios" / "adr_source_binding.json"
    assessment = bundle_import(raw=path.read_bytes()).assessment
    assessment_verify(assessment_id=assessment.pk)
    changed = Quote.objects.get(assessment=assessment.verification, n=5)
    assert changed.reason == "claim_changed"
    assert "claim.word_added" in changed.decision["rules"]
    client.force_login(django_user_model.objects.create_user("staff", is_staff=True))
    page = reverse("reviews:assessment_detail", args=[assessment.pk])
    html = unescape(page_html(client.get(page)))
    explained = re.search(r'class="info-row info-explanation" title="([^"]*)">(.*?)</span>',
                          html[html.index('id="q5-info"') :], re.S)  # fmt: skip
    assert "claim.word_added: a content word the source does not have there" in explained[1]
    assert " ".join(explained[2].split()) == "Added: oberste."
    pane = client.get(
        reverse("reviews:quote_source", args=[assessment.pk, 5]), HTTP_HX_REQUEST="true"
    )
    pane_html = unescape(page_html(pane))
    # Issue 15: the differences highlighted in the hint; issue 31: said beside it in the
    # popover's plain words, the definition only on hover.
    assert (
        '<span class="differs-gap" role="img" aria-label="the quote has “oberste” here"'
        in pane_html
    )
    said = re.search(r'<p class="claim-differences" title="([^"]*)">([^<]*)</p>', pane_html)
    assert said is not None
    assert said[2] == "Not corrected, the claim differs: added: oberste."
    assert "claim.word_added: a content word the source does not have there" in said[1]


@pytest.mark.django_db
def test_a_quote_in_backticks_is_rendered_in_its_place_with_its_badge(client, django_user_model):
    data = {
        "bundle_version": 1,
        "id": "backticks",
        "sources": [{"id": "D1", "kind": "document", "paragraphs": ["Staff must train yearly."]}],
        "response": {"format": "markdown", "text": "It says `Staff must train yearly.` [D1 ¶1]."},
    }
    assessment = bundle_import(raw=data).assessment
    assessment_verify(assessment_id=assessment.pk)
    client.force_login(django_user_model.objects.create_user("staff", is_staff=True))
    html = page_html(client.get(reverse("reviews:assessment_detail", args=[assessment.pk])))
    assert html.count('data-quote="1"') == 1 and 'data-status="verified"' in html
    assert "<code>Staff must train yearly.</code>" not in html  # the quote element, not code


@pytest.mark.django_db
def test_a_json_key_of_any_length_is_stored_and_shown_in_place(client, django_user_model):
    """Issue 13: a quote under a key over 1,000 characters made storing the results fail (the
    JSON path's column was too short); now it is verified, stored and placed in the tree."""
    key = "k" * 1500
    assessment = bundle_import(
        raw={
            "bundle_version": 1,
            "id": "long-key",
            "sources": [{"id": "D1", "kind": "document", "paragraphs": ["Alpha beta gamma."]}],
            "response": {
                "format": "json",
                "text": json.dumps({key: [{"quote": "beta gamma", "source": "D1"}]}),
                "quotes": [{"path": "$.*[*]", "text": "quote", "source": "source"}],
            },
        }
    ).assessment
    assessment_verify(assessment_id=assessment.pk)
    assessment.refresh_from_db()
    assert assessment.verification.verification_state == "done", (
        assessment.verification.verification_error
    )
    quote = Quote.objects.get(assessment=assessment.verification)
    assert (quote.status, quote.json_path) == ("verified", f"$.{key}[0].quote")
    client.force_login(django_user_model.objects.create_user("staff", is_staff=True))
    html = page_html(client.get(reverse("reviews:assessment_detail", args=[assessment.pk])))
    in_text = html.split('<article id="response"', 1)[1].split("</article>", 1)[0]
    assert in_text.count('data-quote="1"') == 1 and key in in_text
