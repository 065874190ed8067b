"""Parsing markdown responses (003.1, 003.2): HTML quote elements, tables whose rows cite their
quotes, and where a citation is written (issue 14)."""

from __future__ import annotations

import pytest

from .markdown_helpers import BLOCK, INLINE, quotes_of, summary

HTML_QUOTES = [
    # <q> is an inline quote, <blockquote> a block quote; the marker after the closing tag.
    (
        "He said <q>the fee rises by six per cent</q> [S1 ¶2].",
        [(INLINE, "the fee rises by six per cent", "S1", 2)],
    ),
    (
        '<q cite="https://x.example">the fee rises by six per cent</q> (S1)',
        [(INLINE, "the fee rises by six per cent", "S1", None)],
    ),
    (
        "<blockquote>The fee rises by six per cent.</blockquote> [S1 ¶2]",
        [(BLOCK, "The fee rises by six per cent.", "S1", 2)],
    ),
    # Paragraphs inside, a cite attribute, the marker alone on the next line.
    (
        '<blockquote cite="https://x.example">\n  <p>The fee rises.</p>\n'
        "  <p>By six per cent.</p>\n</blockquote>\n[S1 ¶2]\n",
        [(BLOCK, "The fee rises.\nBy six per cent.", "S1", 2)],
    ),
    # The marker ends the last line, or is a <cite> / <footer> of the block quote.
    (
        "<blockquote><p>The fee rises.</p><p>By six per cent. [S1 ¶2]</p></blockquote>",
        [(BLOCK, "The fee rises.\nBy six per cent.", "S1", 2)],
    ),
    (
        "<blockquote>The fee rises by six per cent. <cite>[S1 ¶2]</cite></blockquote>",
        [(BLOCK, "The fee rises by six per cent.", "S1", 2)],
    ),
    (
        "<blockquote><p>The fee rises by six per cent.</p>"
        "<footer>— <cite>S1, ¶2</cite></footer></blockquote>",
        [(BLOCK, "The fee rises by six per cent.", "S1", 2)],
    ),
    (
        "<blockquote><p>The fee rises by six per cent.</p><p>— [S1 ¶2]</p></blockquote>",
        [(BLOCK, "The fee rises by six per cent.", "S1", 2)],
    ),
    # A <cite> naming no source is attribution, not quoted text.
    (
        "<blockquote>The fee rises by six per cent."
        "<footer>— <cite>Jonas Brandt</cite></footer></blockquote>",
        [(BLOCK, "The fee rises by six per cent.", None, None)],
    ),
    # Entities are kept as written (verification reads them as rendered); quotation marks
    # inside are the quote's; a nested block quote belongs to the outer one.
    (
        "<blockquote>Fees &amp; &quot;charges&quot; rise.</blockquote> [S1]",
        [(BLOCK, "Fees &amp; &quot;charges&quot; rise.", "S1", None)],
    ),
    (
        '<blockquote>He said "no" to it. [S1]</blockquote>',
        [(BLOCK, 'He said "no" to it.', "S1", None)],
    ),
    (
        "<blockquote>Outer text.<blockquote>Inner text.</blockquote></blockquote> [S1]",
        [(BLOCK, "Outer text.\nInner text.", "S1", None)],
    ),
    # Scare quotes stay prose, as with quotation marks; the sentence's marker cites an uncited one.
    ("a <q>so-called</q> fee", []),
    (
        "<q>the fee rises by six per cent</q> and more, says the minute [S1 ¶2].",
        [(INLINE, "the fee rises by six per cent", "S1", None)],
    ),
    # Not quotes: in code, unclosed, a <q> across a paragraph break.
    ("Use `<q>the fee rises by six per cent</q> [S1]` here.", []),
    ("```html\n<blockquote>The fee rises by six per cent.</blockquote> [S1]\n```\n", []),
    ("<blockquote>The fee rises by six per cent. [S1]", []),
    ("<q>the fee rises\n\nby six per cent</q> [S1]", []),
]


@pytest.mark.parametrize(("markdown", "expected"), HTML_QUOTES)
def test_html_quote_elements_are_quotes_003_1(markdown: str, expected: list[tuple]) -> None:
    assert summary(markdown) == expected


@pytest.mark.parametrize(
    ("markdown", "ref", "paragraph", "name"),
    [
        # A <cite> after the element, in parentheses or after a dash.
        (
            "<q>the fee rises by six per cent</q> (<cite>Lease 2019</cite>)",
            None,
            None,
            "Lease 2019",
        ),
        ("<q>the fee rises by six per cent</q> — <cite>S1 ¶2</cite>.", "S1", 2, None),
        (
            "<q>the fee rises by six per cent</q> (<cite>Lease 2019</cite>, ¶2)",
            None,
            None,
            "Lease 2019, ¶2",
        ),
        # The cite attribute names a source; a marker wins over it.
        ('<q cite="S0">the fee rises by six per cent</q>', None, None, "S0"),
        ('<q cite="S0">the fee rises by six per cent</q> [S1 ¶2]', "S1", 2, None),
        ('<q cite="S0">the fee rises by six per cent</q> (¶2)', None, 2, "S0"),
        ("<blockquote cite='Lease 2019'>The fee rises.</blockquote>", None, None, "Lease 2019"),
        (
            '<blockquote cite="https://x.example/lease">The fee rises.</blockquote>',
            None,
            None,
            "https://x.example/lease",
        ),
        # The attribution inside the element comes before the attribute.
        (
            '<blockquote cite="S0">The fee rises.<footer>— <cite>Lease 2019</cite></footer>'
            "</blockquote>",
            None,
            None,
            "Lease 2019",
        ),
        # HTML's figure caption.
        (
            "<figure>\n<blockquote><p>The fee rises.</p></blockquote>\n"
            "<figcaption>— <cite>Lease 2019</cite>, ¶1</figcaption>\n</figure>",
            None,
            None,
            "Lease 2019 , ¶1",
        ),
        (
            "<figure><blockquote>The fee rises.</blockquote>"
            "<figcaption>— [S1 ¶2]</figcaption></figure>",
            "S1",
            2,
            None,
        ),
    ],
)
def test_an_html_quote_names_its_source_by_cite_or_attribute_003_1(
    markdown, ref, paragraph, name
) -> None:
    """003.1: a <cite> after a <q>, a cite attribute, a <figcaption>: a marker cites, a name
    cites when verification resolves it (id, label, title); a URL resolves to no source."""
    (quote,) = quotes_of(markdown)
    assert (quote.cited_ref, quote.cited_paragraph, quote.attributed_to) == (ref, paragraph, name)


@pytest.mark.parametrize(
    ("markdown", "extent"),
    [
        ("He said <q>the fee rises</q> [S1 ¶2].", "<q>the fee rises</q> [S1 ¶2]"),
        (
            "Intro.\n\n<blockquote>The fee rises.</blockquote> [S1]\n\nAfter.",
            "<blockquote>The fee rises.</blockquote> [S1]\n",
        ),
        (
            "<blockquote>\n<p>The fee rises.</p>\n</blockquote>\n[S1]\n\nAfter.",
            "<blockquote>\n<p>The fee rises.</p>\n</blockquote>\n[S1]\n",
        ),
        (
            "<p>Intro.</p><blockquote>The fee rises.</blockquote> [S1]</p>",
            "<blockquote>The fee rises.</blockquote> [S1]",
        ),
    ],
)
def test_html_quote_extent_is_the_element_and_its_marker_003_1(markdown: str, extent: str) -> None:
    """As with markdown quotes: a block quote's whole lines when it has lines of its own; the
    span is the quoted text only."""
    (quote,) = quotes_of(markdown)
    assert markdown[quote.extent[0] : quote.extent[1]] == extent
    start, end = quote.response_span
    assert markdown[start:end].startswith("The fee rises") or markdown[start:end] == "the fee rises"


TABLE_CASES = [
    pytest.param(
        '| Quote | Source |\n|---|---|\n| "The tenant shall pay the rent monthly." | D1 ¶2 |\n',
        [("The tenant shall pay the rent monthly.", "D1 ¶2", None)],
        id="source-column",
    ),
    pytest.param(
        '| Quote | Source | Paragraph |\n|---|---|---|\n| "The tenant pays monthly." | D1 | 2 |\n',
        [("The tenant pays monthly.", "D1", 2)],
        id="source-and-paragraph-columns",
    ),
    pytest.param(
        '| Quote | Doc | Para |\n|---|---|---|\n| "The tenant pays monthly." | OLD | 2 |\n',
        [("The tenant pays monthly.", "OLD", 2)],
        id="doc-and-para-columns",
    ),
    pytest.param(
        "| Zitat | Quelle | Abs. |\n|---|---|---|\n| „Der Mieter zahlt monatlich.“ | [A1] | 3 |\n",
        [("Der Mieter zahlt monatlich.", "A1", 3)],
        id="german-headers",
    ),
    pytest.param(
        '| Topic | Wording | Where |\n|---|---|---|\n| Rent | "The tenant pays monthly." '
        "| A1, ¶2 |\n",
        [("The tenant pays monthly.", "A1", 2)],
        id="no-source-header-a-citation-cell",
    ),
    pytest.param(
        '| Quote | Source |\n|---|---|\n| "The tenant pays monthly." | [D1 ¶2] |\n'
        '| "The tenant pays weekly." | Lease Annex, ¶4 |\n',
        [
            ("The tenant pays monthly.", "D1", 2),
            ("The tenant pays weekly.", "Lease Annex, ¶4", None),
        ],
        id="bracketed-source-cell-a-marker-other-names-as-written",
    ),
    pytest.param(
        '| Topic | Wording | Note |\n|---|---|---|\n| Rent | "The tenant pays monthly." '
        "| Q3 2024 |\n",
        [("The tenant pays monthly.", None, None)],
        id="no-source-header-prose-cell",
    ),
    pytest.param(
        '| Quote | Source |\n|---|---|\n| "The tenant pays monthly." [A1 ¶2] | D2 |\n',
        [("The tenant pays monthly.", "A1", 2)],
        id="own-marker-wins",
    ),
    pytest.param(
        "| Quote | Source | Paragraph |\n|---|---|---|\n| The tenant pays monthly. | D1 | ¶2 |\n"
        "| Yes | – | – |\n",
        [("The tenant pays monthly.", "D1", 2)],
        id="quote-column-without-quotation-marks",
    ),
    pytest.param(
        "| Quote | Source |\n|---|---|\n| The tenant pays monthly. [A1 ¶2] | D2 |\n"
        "| The rent is due in advance. [⚠ unverified] | D2 |\n",
        [("The tenant pays monthly.", "A1", 2), ("The rent is due in advance.", "D2", None)],
        id="own-marker-and-flag-end-a-quote-cell-without-quotation-marks",
    ),
    pytest.param(
        '| Quote | Source |\n|---|---|\n| "The tenant pays monthly." | n/a |\n',
        [("The tenant pays monthly.", None, None)],
        id="placeholder-source",
    ),
    pytest.param(
        '| Topic | Quote | Source |\n|---|---|---|\n| Fee | "One." and "Two." | D1 ¶3 |\n',
        [("One.", "D1 ¶3", None), ("Two.", "D1 ¶3", None)],
        id="two-short-quotes-in-a-quote-cell",
    ),
    pytest.param(
        '| Topic | Note | Source |\n|---|---|---|\n| Fee | a "so-called" fee | D1 ¶3 |\n'
        '| Fee | "One." and "Two." | |\n',
        [],
        id="short-quotes-elsewhere-are-scare-quotes",
    ),
    pytest.param(
        "| Quote | Source |\n|---|---|\n| A charge of 5 EUR \\| 2% applies. | D1 ¶2 |\n",
        [("A charge of 5 EUR \\| 2% applies.", "D1 ¶2", None)],
        id="escaped-pipe-kept-as-written-like-other-escapes",
    ),
]


@pytest.mark.parametrize(("markdown", "expected"), TABLE_CASES)
def test_a_table_row_cites_its_quotes_003_1_003_2(markdown: str, expected: list[tuple]) -> None:
    """003.1, 003.2: a quote in a table cell takes the citation of its row (the source and
    paragraph columns, else a cell that is nothing but a citation) unless it has a marker of
    its own; the source is kept as written, verification resolves it."""
    assert [(q.text, q.cited_ref, q.cited_paragraph) for q in quotes_of(markdown)] == expected


@pytest.mark.parametrize(
    ("header", "cited"),
    [
        ("| Tema | Cita | Fuente |", ("W3", None)),  # es
        ("| Tema | Citazione | Fonte | Paragrafo |", ("W3", 2)),  # it
        ("| Thème | Citation | Source | Paragraphe |", ("W3", 2)),  # fr: Citation is the quote
        ("| Onderwerp | Citaat | Bron |", ("W3", None)),  # nl
        ("| Temat | Cytat | Źródło |", ("W3", None)),  # pl
    ],
)
def test_a_table_headed_in_another_language_cites_its_quotes_003_1(header, cited):
    # "| Cita | Fuente |": the quote went unread, unchecked though it cites an ineligible source
    columns = header.count("|") - 1
    row = "| Miete | The Landlord is responsible for repairs | W3 |" + (
        " 2 |" if columns == 4 else ""
    )
    markdown = f"{header}\n|{'---|' * columns}\n{row}\n"
    (quote,) = quotes_of(markdown)
    assert quote.text == "The Landlord is responsible for repairs"
    assert (quote.cited_ref, quote.cited_paragraph) == cited


@pytest.mark.parametrize(
    ("markdown", "quoted", "cited", "strategy"),
    [
        pytest.param(
            "| Quote | Source |\n|---|---|\n| the tenant pays monthly — [D1 ¶2] | D2 |\n",
            "the tenant pays monthly",
            ("D1", 2),
            "cite.marker",
            id="a-dash-before-the-cells-marker-is-no-quote-text",
        ),
        pytest.param(
            "| Quote | Source |\n|---|---|\n| the tenant pays monthly[^1] | D2 |\n\n[^1]: D1 ¶2\n",
            "the tenant pays monthly",
            ("D1", 2),
            "cite.footnote",
            id="a-footnote-reference-ending-the-cell-cites-it",
        ),
        pytest.param(
            "| Topic | Quote |\n|---|---|\n| Rent | the tenant pays monthly |\n| — D1, ¶3 |\n",
            "the tenant pays monthly",
            (None, None),
            None,
            id="a-cell-that-is-all-attribution-is-no-quote",
        ),
    ],
)
def test_a_quote_cells_own_citation_is_read_as_a_last_line_is_issue_14(
    markdown, quoted, cited, strategy
) -> None:
    """Issue 14: a quote cell's own citation is read by the strategies that read a block
    quote's last line. A dash or a footnote reference before or as the citation was quote
    text, and a row that is all attribution a quote of its own; a quote cell in a row that
    cites nothing has no site (it named cite.table_row, though nothing cited it)."""
    (quote,) = quotes_of(markdown)
    assert (quote.text, quote.cited_ref, quote.cited_paragraph) == (quoted, *cited)
    assert (quote.site.strategy if quote.site else None) == strategy


@pytest.mark.parametrize(
    "markdown",
    [
        "<blockquote><p>The fee rises by six per cent.</p><p>— [S1 ¶2]</p></blockquote>",
        "<blockquote>\n<p>The fee rises by six per cent.</p>\n<p>— [S1 ¶2]</p>\n</blockquote>",
        "> The fee rises by six per cent.\n> — [S1 ¶2]",
    ],
)
def test_an_attribution_paragraph_is_an_attribution_line_however_it_is_laid_out_issue_14(
    markdown,
) -> None:
    """Issue 14: the strategy that reads a citation names it, not the text around it: an
    HTML block quote's attribution paragraph was cite.marker on one line, and
    cite.attribution_line when its paragraphs stood on lines of their own."""
    (quote,) = quotes_of(markdown)
    assert (quote.cited_ref, quote.cited_paragraph) == ("S1", 2)
    assert quote.site is not None and quote.site.strategy == "cite.attribution_line"
    assert markdown[slice(*quote.site.span)] == "[S1 ¶2]"


@pytest.mark.parametrize(
    ("markdown", "written"),
    [
        ('It says "the fee rises" — see (S9) and the memo [S1 ¶2].', "[S1 ¶2]"),
        ("> The fee rises.[^1]\n> — [S2]\n>\n> It ends. [S1]\n\n[^1]: S1 ¶2", "[^1]\n> — [S2]"),
        ("> The fee rises. [S1 ¶2]\n> — [S2]\n>\n> It ends. [S1]", "[S1 ¶2]\n> — [S2]"),
    ],
)
def test_a_site_is_where_the_citation_that_cites_is_written_issue_14(markdown, written) -> None:
    """Issue 14: the site spans the citation the strategy read (with the markers that come
    along with it), not from the first marker-like text after the quote: a word in
    parentheses before a marker made the export rewrite the words between them."""
    quote = quotes_of(markdown)[0]
    assert quote.site is not None and markdown[slice(*quote.site.span)] == written


@pytest.mark.parametrize(
    "markdown",
    [
        '<q>"\nthe rent is due"[S1]</q>',
        '<q>" the rent is due "[S1]</q>',
        "<q>„\nthe rent is due“</q> [S1]",
    ],
)
def test_an_html_quote_in_quotation_marks_spans_its_words_only(markdown):
    """003.1: a <q> whose words stand in quotation marks after a line break or a space (the
    property test found <q>"\\na"</q> spanning the line break): its span is its text."""
    (quote,) = quotes_of(markdown)
    start, end = quote.response_span
    assert markdown[start:end] == quote.text == "the rent is due"
