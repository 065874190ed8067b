"""Rendering untrusted responses and sources: inert HTML (VB-6), exact highlights (VB-2)."""

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils.html import escape
from hypothesis import given, settings
from hypothesis import strategies as st

from citations.engine.json_paths import format_path
from citations.engine.reading.parse_json import parse_json_response
from citations.engine.reading.parse_markdown import parse_markdown_response
from citations.engine.types import QuoteFields
from citations.models import Quote, Source, VerificationState
from reviews.imports import bundle_import
from reviews.paragraphs import paragraph_rendering, sentence_spans
from reviews.rendering import (
    json_response_html,
    json_tree_rows,
    markdown_response_html,
    quote_view,
    render_quote_elements,
)
from tests.pages import page_html, tags_joined

REDTEAM = Path(__file__).parents[1] / "citations" / "redteam"

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
    """Quote rows placed as the pipeline stores them: spans, extents and citations from the
    parser."""
    return [
        Quote(
            n=q.n,
            form=q.form.value,
            text=q.text,
            response_start=q.response_span[0],
            response_end=q.response_span[1],
            extent_start=q.extent[0],
            extent_end=q.extent[1],
            cited_ref=q.cited_ref or "",
            cited_paragraph=q.cited_paragraph,
        )
        for q in parse_markdown_response(text).quotes
    ]


def test_hostile_markdown_renders_inert_vb_6():
    text = "\n\n".join([*HOSTILE, "[fine link](https://ok.example)"])
    assert len(active_content(text)) >= 8  # the check sees the payloads when they are live
    html = markdown_response_html(text, [], render_quotes).html
    assert active_content(html) == []
    assert "&lt;script&gt;" in html  # shown as text, not dropped silently
    assert 'href="https://ok.example"' in html and 'rel="noopener noreferrer nofollow"' in html


def test_quote_token_in_a_link_target_does_not_place_a_quote_there():
    text = 'See "alpha beta gamma" [D1].'
    html = markdown_response_html(text, parsed_quotes(text), render_quotes).html
    assert html.count('data-quote="1"') == 1
    # A link whose target is the quote's span cannot smuggle the element into an attribute.
    linked = "[x](alpha)"
    quote = Quote(n=1, form="inline", text="alpha", response_start=4, response_end=9)
    html = markdown_response_html(linked, [quote], render_quotes).html
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
    html = markdown_response_html(text, quotes, render_quotes).html
    assert re.search(r"<p>It says <q data-quote=\"1\">[^<]*</q> and <q data-quote=\"2\">", html)
    assert re.search(r"<blockquote>\s*<p><q data-quote=\"3\">", html)
    for leftover in ("**", "[S1", "(S1", "[S2", "&quot;"):
        assert leftover not in html
    assert "<p>Danach Text.</p>" in html  # the block ended where it did


def test_a_quote_token_dropped_from_a_link_target_leaves_the_quote_unplaced():
    """The page lists quotes the text does not show, so one lost in a link target is listed."""
    quote = Quote(n=1, form="inline", text="alpha", response_start=4, response_end=9)
    assert markdown_response_html("[x](alpha)", [quote], render_quotes).placed == frozenset()


def test_overlapping_spans_keep_the_first_quote():
    text = '"alpha beta" [D1]'
    first = Quote(n=1, form="inline", text="alpha beta", response_start=1, response_end=11)
    inner = Quote(n=2, form="inline", text="beta", response_start=7, response_end=11)
    html = markdown_response_html(text, [first, inner], render_quotes).html
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
    assessment.verification.verification_state = VerificationState.DONE
    assessment.verification.save()
    source = Source.objects.get(turn=assessment.verification.turn)
    start = assessment.verification.response_text.index("The quoted")
    Quote.objects.create(
        assessment=assessment.verification, n=1, form="inline",
        text="The quoted <b>text</b> is here.",
        response_start=start, response_end=start + 31, cited_ref="D1", cited_source=source,
        cited_paragraph=12, status="verified", reason="found_as_cited", match_source=source,
        match_paragraph=12, match_start=0, match_end=31,
    )  # fmt: skip
    client.force_login(django_user_model.objects.create_user("admin", is_staff=True))
    page = page_html(client.get(reverse("reviews:assessment_detail", args=[assessment.pk])))
    own = f"/assessments/{assessment.pk}/"
    body = page.split("<main", 1)[1]
    assert active_content(body, own_hx_prefix=own) == []
    assert "&lt;script&gt;alert(&#x27;title&#x27;)&lt;/script&gt;" in page
    assert "“The quoted &lt;b&gt;text&lt;/b&gt; is here.”" in page
    pane = page_html(
        client.get(reverse("reviews:quote_source", args=[assessment.pk, 1]), HTTP_HX_REQUEST="true")
    )
    assert active_content(pane, own_hx_prefix=own) == []
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in pane
    assert re.search(r"<mark [^>]*>The quoted &lt;b&gt;text&lt;/b&gt; is here\.</mark>", pane)


# -- quote forms: tables, attributed block quotes, JSON markers, truncated JSON ---------------


def page_elements(quotes: list[Quote]) -> list[str]:
    """The page's own quote elements (its template), so escaping is tested as it ships."""
    views = [
        quote_view(q, detail_url="/assessments/1/", pane_url="/assessments/1/quotes/")
        for q in quotes
    ]
    return render_quote_elements(views)


def verified(quotes: list[Quote]) -> list[Quote]:
    for quote in quotes:
        quote.status, quote.reason = "verified", "found_as_cited"
    return quotes


def table_rows(html: str) -> list[list[str]]:
    """Each table row as its cells' HTML (markdown-it writes one cell per line)."""
    rows = re.findall(r"<tr>\n(.*?)</tr>", html, re.S)
    return [re.findall(r"<t[hd]>(.*?)</t[hd]>\n", row, re.S) for row in rows]


TABLE_RESPONSE = (
    "The obligations:\n\n"
    "| Topic | Quote | Source | Paragraph |\n|---|---|---|---|\n"
    '| Rent | "The Tenant shall pay the rent monthly." | A1 | 2 |\n'
    '| Hostile | "Rent <script>alert(1)</script> is <img src=x onerror=alert(2)> due." '
    "| A1 | 3 |\n"
    '| Parties | "This lease is made between the parties." [A1 ¶1] | | |\n'
    "| Note | nothing quoted | – | – |\n\n"
    "| Quote | Source |\n|---|---|\n"
    "| Waste must be placed in the communal bins. | D1 ¶3 |\n\n"
    "Overall the lease is standard."
)


def test_table_quotes_are_elements_in_their_cells_and_every_row_stays_whole():
    quotes = verified(parsed_quotes(TABLE_RESPONSE))
    assert [q.text[:12] for q in quotes] == [
        "The Tenant s",
        "Rent <script",
        "This lease i",
        "Waste must b",
    ]
    rendered = markdown_response_html(TABLE_RESPONSE, quotes, page_elements)
    html = tags_joined(rendered.html)
    assert rendered.placed == {1, 2, 3, 4}
    assert html.count("<table>") == 2 and "|" not in html  # no row fell apart into text
    rows = table_rows(html)
    assert [len(row) for row in rows] == [4, 4, 4, 4, 4, 2, 2]
    assert [row[0] for row in rows[:5]] == ["Topic", "Rent", "Hostile", "Parties", "Note"]
    assert (
        rows[1][2:] == ["A1", "2"]
        and rows[2][2:] == ["A1", "3"]
        and rows[4][1:] == ["nothing quoted", "–", "–"]
    )
    # Each quote is one element, the whole of its cell; a marker in the cell went into it.
    for row, n in ((rows[1], 1), (rows[2], 2), (rows[3], 3), (rows[6], 4)):
        cell = row[1] if n < 4 else row[0]
        assert re.fullmatch(
            rf'<span class="quote quote--inline is-verified" id="q{n}" data-quote="{n}".*</span>',
            cell,
        )
        assert "&quot;" not in cell and cell.count("data-quote") == 1
    assert rows[3][1].count("A1 ¶1") == 1
    assert active_content(html, own_hx_prefix="/assessments/1/") == []
    assert (
        "“Rent &lt;script&gt;alert(1)&lt;/script&gt; is &lt;img src=x onerror=alert(2)&gt; due.”"
        in html
    )
    assert "<p>Overall the lease is standard.</p>" in html


def test_the_red_team_lease_tables_keep_every_row_and_cell():
    text = json.loads((REDTEAM / "lease_table_sources.json").read_text())["response"]["text"]
    quotes = verified(parsed_quotes(text))
    rendered = markdown_response_html(text, quotes, page_elements)
    assert rendered.placed == {q.n for q in quotes} and len(quotes) == 16
    rows = table_rows(rendered.html)
    written_rows = [
        line for line in text.splitlines() if line.startswith("|") and "---" not in line
    ]
    assert [len(row) for row in rows] == [line.count("|") - 1 for line in written_rows]
    assert "|" not in rendered.html


BLOCK_RESPONSE = (
    "**Remote work**\n\n"
    '> "Employees may work remotely up to three days per week."\n> — Source: [POL ¶2]\n\n'
    "> Travel expenses above 500 EUR require prior approval.\n> -- POL, ¶4\n\n"
    "> Receipts must be submitted within 30 days. — Source: [POL ¶3]\n\n"
    "> „Die Kernarbeitszeit liegt zwischen 10 und 15 Uhr.“\n> — Quelle: D1, Abs. 2\n\n"
    '> "Overtime <script>alert(1)</script> is paid <img src=x onerror=alert(2)> quarterly."\n'
    "> — Source: WC1 ¶1\n\n"
    "After the quotes."
)


def test_a_block_quotes_attribution_line_is_its_marker_shown_once_as_the_citation():
    quotes = verified(parsed_quotes(BLOCK_RESPONSE))
    assert [(q.form, q.cited_ref, q.cited_paragraph) for q in quotes] == [
        ("block", "POL", 2), ("block", "POL", 4), ("block", "POL", 3), ("block", "D1", 2),
        ("block", "WC1", 1),
    ]  # fmt: skip
    rendered = markdown_response_html(BLOCK_RESPONSE, quotes, page_elements)
    html = tags_joined(rendered.html)
    assert rendered.placed == {1, 2, 3, 4, 5}
    # Each block quote holds its quote element and nothing else: no quotation mark left
    # before it, no attribution line after it.
    blocks = re.findall(r"<blockquote>\n<p>(.*?)</p>\n</blockquote>", html, re.S)
    assert len(blocks) == 5
    for n, block in enumerate(blocks, 1):
        assert block.startswith(f'<span class="quote quote--block is-verified" id="q{n}"')
        assert block.endswith("</span>")
    for leftover in ("Source:", "Quelle", "-- POL", "—", "&quot;", "„", "“"):
        assert leftover not in html, leftover
    for cite in ("[POL ¶2]", "[POL ¶4]", "[POL ¶3]", "[D1 ¶2]", "[WC1 ¶1]"):
        assert html.count(cite) == 1, cite  # the attribution, shown once, as the citation
    assert active_content(html, own_hx_prefix="/assessments/1/") == []
    assert "Overtime &lt;script&gt;alert(1)&lt;/script&gt; is paid &lt;img" in html
    assert html.startswith("<p><strong>Remote work</strong></p>")
    assert html.rstrip().endswith("<p>After the quotes.</p>")


def json_quotes(text: str, quote_fields: tuple[QuoteFields, ...]) -> list[Quote]:
    """Field quote rows as the pipeline stores them, from the engine's JSON parser."""
    return [
        Quote(
            n=q.n,
            form=q.form.value,
            text=q.text,
            json_path=q.json_path,
            cited_ref=q.cited_ref or "",
            cited_paragraph=q.cited_paragraph,
            status="verified",
            reason="found_as_cited",
        )
        for q in parse_json_response(text, quote_fields).quotes
    ]


def stored_layout(text: str, quote_fields: tuple[QuoteFields, ...]):
    """The JSON layout verification stores for the response (what the page reads)."""
    return parse_json_response(text, quote_fields).json_layout


def red_team_json(name: str) -> tuple[str, tuple[QuoteFields, ...]]:
    response = json.loads((REDTEAM / f"{name}.json").read_text())["response"]
    return response["text"], tuple(QuoteFields(**entry) for entry in response["quotes"])


def test_json_quote_fields_with_a_copied_marker_show_the_text_and_cite_once():
    text, quote_fields = red_team_json("json_markers_in_fields")
    quotes = json_quotes(text, quote_fields)
    assert len(quotes) == 11
    rendered = json_response_html(text, stored_layout(text, quote_fields), quotes, page_elements)
    html = rendered.html
    assert rendered.placed == {q.n for q in quotes}
    assert ">Die monatliche Miete beträgt 3.200 Euro zuzüglich Nebenkosten</a> " in html
    assert html.count("[A1 ¶2]") == 1  # the marker, once: as the quote element's citation
    assert "```" not in html and ">json<" not in html  # the code fence is no prose
    assert html.startswith('<p class="response-prose">Hier die Belege aus den Unterlagen:</p>')


def test_hostile_json_strings_stay_text():
    fields = (QuoteFields(path="$.evidence[*]", text="quote", source="source"),)
    text = json.dumps(
        {
            "evidence": [
                {"quote": "The fee <script>alert(1)</script> rises. [D1 ¶2]", "source": "D1"},
                {"quote": "ok", "<img src=x onerror=alert(2)>": "<svg onload=alert(3)>"},
            ]
        }
    )
    quotes = json_quotes(text, fields)
    text = "<b>Intro</b> " + text
    html = json_response_html(text, stored_layout(text, fields), quotes, page_elements).html
    assert active_content(html, own_hx_prefix="/assessments/1/") == []
    assert ">The fee &lt;script&gt;alert(1)&lt;/script&gt; rises.</a>" in html
    assert "&lt;svg onload=alert(3)&gt;" in html and "&lt;b&gt;Intro&lt;/b&gt;" in html


@pytest.mark.parametrize(
    ("name", "last_quote"),
    [
        (
            "truncated_json_quote_cut",
            "The monthly rate is 689 EUR per van, including maintenance and win",
        ),
        ("truncated_json_source_cut", "Each van has a certified range of 350 km on a full charge."),
    ],
)
def test_truncated_json_shows_every_quote_the_engine_found_in_its_tree(name, last_quote):
    """A response cut off at the token limit is read as the engine reads it (the repaired
    whole, not the longest complete object in it), so each of its quotes has its place."""
    text, quote_fields = red_team_json(name)
    quotes = json_quotes(text, quote_fields)
    assert quotes[-1].text == last_quote
    rendered = json_response_html(text, stored_layout(text, quote_fields), quotes, page_elements)
    assert rendered.placed == {q.n for q in quotes}
    assert rendered.html.count('class="json-tree"') == 1
    assert "&quot;" not in rendered.html  # no JSON left over as prose
    assert f">{last_quote}</a>" in rendered.html


def test_a_json_quote_without_a_place_in_the_tree_is_left_for_the_page_to_list():
    fields = (QuoteFields(path="$.evidence[*]", text="quote"),)
    text = '{"evidence": [{"quote": "Shown in place."}]}'
    lost = Quote(
        n=2, form="field", text="Gone.", json_path="$.evidence[7].quote", status="verified"
    )
    rendered = json_response_html(
        text, stored_layout(text, fields), [*json_quotes(text, fields), lost], page_elements
    )
    assert rendered.placed == {1}


def reference_tree(value, parts=()) -> str:
    """The JSON tree as the page showed it before it was a template: recursive, obviously
    right for shallow values (quotes aside)."""
    if isinstance(value, dict | list) and value:
        items = value.items() if isinstance(value, dict) else enumerate(value)
        label = "json-key" if isinstance(value, dict) else "json-index"
        inner = "".join(
            f'<li><span class="{label}">{escape(key)}</span> '
            f"{reference_tree(item, (*parts, key))}</li>"
            for key, item in items
        )
        if isinstance(value, dict):
            return f'<ul class="json-object">{inner}</ul>'
        return f'<ol class="json-array" start="0">{inner}</ol>'
    if isinstance(value, dict | list):
        return f'<span class="json-empty">{"{}" if isinstance(value, dict) else "[]"}</span>'
    if value is None:
        return '<span class="json-null">null</span>'
    if isinstance(value, bool):
        return f'<span class="json-bool">{"true" if value else "false"}</span>'
    if isinstance(value, int | float):
        return f'<span class="json-number">{value}</span>'
    return f'<span class="json-string">{escape(value)}</span>'


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=4), children, max_size=3)
    ),
    max_leaves=12,
)


def between_tags(html: str) -> str:
    """Whitespace between two tags is a space at most (the template writes a row a line)."""
    return re.sub(r">\s*<", "><", html.strip())


@settings(deadline=None)  # the first example compiles the page's template
@given(JSON_VALUES)
def test_the_json_template_writes_the_tree_the_reference_does(value):
    text = json.dumps(value)
    rendered = json_response_html(text, stored_layout(text, ()), [], page_elements)
    if not isinstance(value, dict | list):
        return  # a bare scalar is no JSON answer to show as a tree
    tree = re.fullmatch(r'<div class="json-tree">(.*)</div>', rendered.html, re.S)
    assert tree, rendered.html
    assert between_tags(tree[1]) == between_tags(reference_tree(value))


def test_a_json_value_of_any_depth_is_walked_without_recursion():
    depth = 20_000  # far past Python's recursion limit
    value: list = []
    for _ in range(depth):
        value = [value]
    rows, shown = json_tree_rows(value, {})
    assert [row.kind for row in rows[:3]] == ["array", "index", "array"]
    assert sum(row.kind == "array" for row in rows) == depth
    assert rows[depth * 2].kind == "leaf" and rows[depth * 2].text == "[]"
    assert shown == set()


def test_quote_strings_are_their_elements_and_everything_else_is_escaped():
    value = {"<k>": ["<v>", {"quote": "Q"}]}
    path = format_path(("<k>", 1, "quote"))
    rows, shown = json_tree_rows(value, {path: "<span>element</span>"})
    assert shown == {path}
    text = json.dumps(value)
    html = json_response_html(text, stored_layout(text, ()), [], page_elements).html
    assert "&lt;k&gt;" in html and "&lt;v&gt;" in html and "<k>" not in html
    assert [row.html for row in rows if row.kind == "quote"] == ["<span>element</span>"]


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


@given(
    text=st.text(alphabet=st.sampled_from("ab. !\n?é"), min_size=1, max_size=80),
    max_chars=st.none() | st.integers(4, 40),
    data=st.data(),
)
def test_the_left_out_parts_beside_the_mark_are_exactly_those_characters(text, max_chars, data):
    """Issue 31, item 2: the pane marks what a quote leaves out of its sentence apart from the
    match; whatever the excerpt, the shown text is the paragraph's and only it is marked."""
    start = data.draw(st.integers(0, len(text) - 1))
    end = data.draw(st.integers(start + 1, len(text)))
    lead, tail = data.draw(st.integers(0, start)), data.draw(st.integers(0, len(text) - end))
    left_out = [(start - lead, start), (end, end + tail)]
    rendered = paragraph_rendering(
        1, text, covered_spans=[], mark=(start, end), max_chars=max_chars, left_out=left_out
    )
    shown_from = rendered.hidden_before
    assert shown_from + len(joined(rendered)) + rendered.hidden_after == len(text)
    assert joined(rendered) == text[shown_from : len(text) - rendered.hidden_after]
    at, marked_left_out = shown_from, set()
    for segment in [*rendered.before, None, *rendered.after]:
        if segment is None:
            at += len(rendered.marked)
            continue
        if segment.left_out:
            marked_left_out |= set(range(at, at + len(segment.text)))
        at += len(segment.text)
    expected = set(range(start - lead, start)) | set(range(end, end + tail))
    shown = set(range(shown_from, len(text) - rendered.hidden_after))
    assert marked_left_out == expected & shown


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
