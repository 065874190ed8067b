"""Rendering untrusted responses and sources: inert HTML (VB-6), exact highlights (VB-2)."""

import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from citations.engine.parse_markdown import parse_markdown_response
from reviews.imports import bundle_import
from reviews.models import Quote, Source, VerificationState
from reviews.rendering import markdown_response_html, paragraph_rendering, sentence_spans

# What a hostile model or document might contain.
HOSTILE = [
    "<script>alert('x')</script>",
    '<img src="https://evil.example/pixel.png" onerror="alert(1)">',
    '<a href="javascript:alert(1)">click</a>',
    "[link](javascript:alert(1))",
    "![remote](https://evil.example/track.png)",
    '<div hx-get="/admin/" hx-trigger="load">htmx</div>',
    '<span data-hx-post="/assessments/1/review/" data-hx-trigger="load">data-hx</span>',
    '<svg onload="alert(1)"></svg>',
    '<iframe src="https://evil.example"></iframe>',
    '<a href="https://ok.example" onclick="alert(1)">fine link</a>',
    "<style>body{display:none}</style>",
]
ACTIVE_TAGS = {"script", "img", "iframe", "svg", "style", "object", "embed", "link", "meta"}


class _Elements(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, dict[str, str]]] = []

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, {name: value or "" for name, value in attrs}))


def active_content(html: str, *, own_hx_prefix: str = "\0") -> list[str]:
    """Elements and attributes that would run or load something, as parsed by a browser-like
    parser (escaped text does not count). Our own htmx attributes point at ``own_hx_prefix``."""
    parser = _Elements()
    parser.feed(html)
    problems = []
    for tag, attributes in parser.found:
        if tag in ACTIVE_TAGS:
            problems.append(f"<{tag}>")
        for name, value in attributes.items():
            if name.startswith("on"):
                problems.append(f"{tag} {name}")
            if value.strip().lower().startswith("javascript:"):
                problems.append(f"{tag} {name}={value}")
            if name in ("hx-get", "hx-post") and not value.startswith(own_hx_prefix):
                problems.append(f"{tag} {name}={value}")
            if name.startswith("data-hx-") or (name == "hx-trigger" and value == "load"):
                problems.append(f"{tag} {name}={value}")
    return problems


def render_quotes(quotes):
    return [f'<q data-quote="{quote.n}">{quote.text}</q>' for quote in quotes]  # as a template


def parsed_quotes(text: str) -> list[Quote]:
    """Quote rows placed as the pipeline stores them: spans and extents from the parser."""
    return [
        Quote(
            n=q.n,
            form=q.form.value,
            text=q.text,
            response_start=q.response_span[0],
            response_end=q.response_span[1],
            extent_start=q.extent[0],
            extent_end=q.extent[1],
        )
        for q in parse_markdown_response(text).quotes
    ]


def test_hostile_markdown_renders_inert_vb_6():
    text = "\n\n".join([*HOSTILE, "[fine link](https://ok.example)"])
    assert len(active_content(text)) >= 8  # the check sees the payloads when they are live
    html = markdown_response_html(text, [], render_quotes)
    assert active_content(html) == []
    assert "&lt;script&gt;" in html  # shown as text, not dropped silently
    assert 'href="https://ok.example"' in html and 'rel="noopener noreferrer nofollow"' in html


def test_quote_token_in_a_link_target_does_not_place_a_quote_there():
    text = 'See "alpha beta gamma" [D1].'
    html = markdown_response_html(text, parsed_quotes(text), render_quotes)
    assert html.count('data-quote="1"') == 1
    # A link whose target is the quote's span cannot smuggle the element into an attribute.
    linked = "[x](alpha)"
    quote = Quote(n=1, form="inline", text="alpha", response_start=4, response_end=9)
    html = markdown_response_html(linked, [quote], render_quotes)
    assert "data-quote" not in html.split(">", 1)[0]
    assert not re.search(r'href="[^"]*<', html)


def test_a_quote_element_takes_its_marks_emphasis_and_marker_with_it():
    """What the parser counts as the quote's (``extent``) is replaced, whatever the marker's
    form: emphasis around the marks, a marker in parentheses, a marker line after a block."""
    text = (
        'It says **"Die Regel gilt immer."** [S1 ¶2] and "Zweites Zitat hier." (S1 ¶3).\n\n'
        "> Ein Block mit zwei\n> Zeilen.\n\n[S2 ¶4]\n\nDanach Text."
    )
    quotes = parsed_quotes(text)
    assert len(quotes) == 3
    html = markdown_response_html(text, quotes, render_quotes)
    assert re.search(r"<p>It says <q data-quote=\"1\">[^<]*</q> and <q data-quote=\"2\">", html)
    assert re.search(r"<blockquote>\s*<p><q data-quote=\"3\">", html)
    for leftover in ("**", "[S1", "(S1", "[S2", "&quot;"):
        assert leftover not in html
    assert "<p>Danach Text.</p>" in html  # the block ended where it did


def test_overlapping_spans_keep_the_first_quote():
    text = '"alpha beta" [D1]'
    first = Quote(n=1, form="inline", text="alpha beta", response_start=1, response_end=11)
    inner = Quote(n=2, form="inline", text="beta", response_start=7, response_end=11)
    html = markdown_response_html(text, [first, inner], render_quotes)
    assert 'data-quote="1"' in html and 'data-quote="2"' not in html


@pytest.mark.django_db
def test_hostile_response_and_source_on_the_page_vb_6(client, django_user_model):
    payload = "\n\n".join(HOSTILE)
    data = {
        "bundle_version": 1,
        "id": "hostile-1",
        "title": "<script>alert('title')</script>",
        "sources": [
            {
                "id": "D1",
                "kind": "document",
                "title": '<img src=x onerror="alert(2)">',
                "paragraphs": [*HOSTILE, "The quoted <b>text</b> is here."],
            },
        ],
        "response": {
            "format": "markdown",
            "text": payload + '\n\nIt says "The quoted <b>text</b> is here." [D1 ¶12]',
        },
    }
    assessment = bundle_import(raw=data).assessment
    assessment.verification_state = VerificationState.DONE
    assessment.save()
    source = Source.objects.get(turn=assessment.turn)
    start = assessment.response_text.index("The quoted")
    Quote.objects.create(
        assessment=assessment, n=1, form="inline", text="The quoted <b>text</b> is here.",
        response_start=start, response_end=start + 31, cited_ref="D1", cited_source=source,
        cited_paragraph=12, status="verified", reason="found_as_cited", match_source=source,
        match_paragraph=12, match_start=0, match_end=31,
    )  # fmt: skip
    client.force_login(django_user_model.objects.create_user("admin", is_staff=True))
    page = client.get(reverse("reviews:assessment_detail", args=[assessment.pk])).content.decode()
    own = f"/assessments/{assessment.pk}/"
    body = page.split("<main", 1)[1]
    assert active_content(body, own_hx_prefix=own) == []
    assert "&lt;script&gt;alert(&#x27;title&#x27;)&lt;/script&gt;" in page
    assert "“The quoted &lt;b&gt;text&lt;/b&gt; is here.”" in page
    pane = client.get(
        reverse("reviews:quote_source", args=[assessment.pk, 1]), HTTP_HX_REQUEST="true"
    ).content.decode()
    assert active_content(pane, own_hx_prefix=own) == []
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in pane
    assert re.search(r"<mark [^>]*>The quoted &lt;b&gt;text&lt;/b&gt; is here\.</mark>", pane)


# -- paragraphs -----------------------------------------------------------------------------


def joined(rendered) -> str:
    return (
        "".join(s.text for s in rendered.before)
        + rendered.marked
        + "".join(s.text for s in rendered.after)
    )


@given(
    text=st.text(alphabet=st.sampled_from("ab. !\n?é"), min_size=1, max_size=80),
    data=st.data(),
)
def test_highlight_is_exactly_the_span_and_nothing_is_lost_vb_2(text, data):
    start = data.draw(st.integers(0, len(text) - 1))
    end = data.draw(st.integers(start + 1, len(text)))
    covered = data.draw(st.lists(st.tuples(st.integers(0, len(text)), st.integers(0, len(text)))))
    rendered = paragraph_rendering(1, text, covered_spans=covered, mark=(start, end))
    assert rendered.marked == text[start:end]
    assert joined(rendered) == text


@given(st.text(max_size=60))
def test_sentences_tile_the_paragraph(text):
    spans = sentence_spans(text)
    assert "".join(text[a:b] for a, b in spans) == text


def test_offsets_outside_the_paragraph_highlight_nothing_rather_than_something_wrong():
    rendered = paragraph_rendering(1, "short", covered_spans=[], mark=(2, 99))
    assert rendered.marked == "" and joined(rendered) == "short"


def test_coverage_dims_only_sentences_no_quote_touches():
    text = "One is quoted. Two is not. Three is."
    rendered = paragraph_rendering(1, text, covered_spans=[(0, 3), (29, 34)])
    assert [(s.text, s.covered) for s in rendered.before] == [
        ("One is quoted. ", True),
        ("Two is not. ", False),
        ("Three is.", True),
    ]
