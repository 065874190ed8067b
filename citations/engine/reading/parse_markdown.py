"""Quotes of a markdown response: block quotes, inline quotes (quotation marks, italics and
code spans with a marker, table cells of a quote column, HTML ``<q>`` / ``<blockquote>``)
and the citation each one carries.

What counts as a quote is the README's "What counts as a quote and a citation"; where a
citation can stand is :mod:`.strategies`, one row per strategy with its examples; each
further decision is pinned by a row of ``tests/citations/test_parse_markdown.py``.

This module finds the blocks (block quotes, code, tables: markdown-it, the renderer's
parser, so what is rendered as a quote is parsed as one) and reads the markdown block
quotes; the rest is read by :mod:`.inline_quotes` (quotation marks), :mod:`.markdown_markers`
(where a quote's marker stands, footnotes), :mod:`.markdown_tables` (a row's citation, quote
columns) and :mod:`.html_quotes`, on the line offsets of :mod:`.markdown_lines`;
:mod:`.markdown_sites` records where each citation was written.
"""

from __future__ import annotations

import bisect
import itertools
import re
from dataclasses import replace

from markdown_it import MarkdownIt
from markdown_it.token import Token

from ..types import CitationSite, ParsedQuote, ParsedResponse, QuoteForm
from .html_quotes import find_html_quotes
from .inline_quotes import (
    find_code_span_quotes,
    find_inline_quotes,
    find_italic_quotes,
    strip_wrapping_quotes,
    with_lead_in_names,
    with_sentence_markers,
)
from .markdown_lines import BLANK_LINE, Lines, line_of
from .markdown_markers import (
    Footnotes,
    context_citation,
    find_footnotes,
    lead_in_marker,
    lone_marker,
    marker_after,
    trailing_marker,
)
from .markdown_sites import with_citation_sites
from .markdown_tables import Table, with_table_citations
from .markers import Marker, before_flags, quote_citation

# A GitHub alert ("> [!NOTE]") is a callout, not a quotation.
ALERT = re.compile(r"\[!(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]", re.IGNORECASE)
BLOCK_PREFIX = re.compile(r"[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?(?P<arrows>(?:>[ \t]?)*)")
# Lines that start a new block (heading, list item, table row): no inline quote spans them.
BLOCK_START = re.compile(r"^[ \t]*(?:#{1,6}[ \t]|[-*+][ \t]|\d{1,9}[.)][ \t]|\|)", re.MULTILINE)
LINK_DESTINATION = re.compile(r"\]\([^()\n]*\)")
HTML_TAG = re.compile(r"</?[A-Za-z][^<>\n]*>")  # attribute values are not quotations
BACKTICKS = re.compile(r"`+")


# A reasoning model's thinking before its answer: drafts and sources weighed, not the
# assessment people act on. Only a closed block that opens the response: an answer left
# inside an unclosed one is still read.
REASONING = re.compile(r"\A\s*<(think|thinking|reasoning)>.*?</\1>", re.DOTALL | re.IGNORECASE)


def parse_markdown_response(text: str) -> ParsedResponse:
    """Block and inline quotes of a markdown response, numbered in response order.

    >>> [q.text for q in parse_markdown_response('As "the fee rises by 6%" [A1 ¶2] says.').quotes]
    ['the fee rises by 6%']
    """
    notes: tuple[str, ...] = ()
    if (reasoning := REASONING.match(text)) is not None:
        # Blanked, not cut: every offset still points into the response as written.
        blank = re.sub(r"[^\n]", " ", reasoning.group())
        text = blank + text[reasoning.end() :]
        notes = (
            f"the reasoning before the answer (<{reasoning[1]}>…</{reasoning[1]}>) was not"
            " read: quotes in it are not checked",
        )
    lines = Lines(text)
    masked = bytearray(len(text))  # 1 where no inline quote may start or end
    stops: set[int] = {m.start() for m in BLANK_LINE.finditer(text)}
    stops.update(m.start() for m in BLOCK_START.finditer(text))
    blocks: list[ParsedQuote] = []
    tokens = MarkdownIt("commonmark").enable("table").parse(text)
    regions, tables = _block_regions(tokens)
    footnotes = find_footnotes(text, lines, regions)
    code_lines = {
        line for kind, first, last in regions if kind == "code" for line in range(first, last + 1)
    }
    for table in tables:
        stops.update(lines.start(line) for line in (table.header, *table.rows))
    for kind, first, last in regions:
        start, end = lines.start(first), lines.end(last)
        if kind == "blockquote":
            quotes = _block_quotes(text, lines, first, last, footnotes, code_lines)
            if not quotes:
                continue
            blocks.extend(quotes)
            assert quotes[0].extent is not None and quotes[-1].extent is not None
            start, end = quotes[0].extent[0], quotes[-1].extent[1]
        masked[start:end] = b"\x01" * (end - start)
        stops.update((start, end))
    code_spans = _code_spans(text, masked)
    for start, end in code_spans:
        masked[start:end] = b"\x01" * (end - start)
    html_quotes = find_html_quotes(text, masked, lines, footnotes)
    for quote in html_quotes:
        assert quote.extent is not None
        start, end = quote.extent
        masked[start:end] = b"\x01" * (end - start)
        if quote.form is QuoteForm.BLOCK:
            blocks.append(quote)
            stops.update((start, end))
    for pattern in (LINK_DESTINATION, HTML_TAG):
        for found in pattern.finditer(text):
            masked[found.start() : found.end()] = b"\x01" * (found.end() - found.start())
    inline, short = find_inline_quotes(text, masked, sorted(stops), footnotes)
    inline += [quote for quote in html_quotes if quote.form is QuoteForm.INLINE]
    inline += find_italic_quotes(text, masked, sorted(stops), [*inline, *short])
    inline += find_code_span_quotes(text, code_spans)
    # Short quotes without a marker are scare quotes, unless a table row cites them.
    short_spans = {quote.response_span for quote in short}
    inline = sorted([*inline, *short], key=lambda q: q.extent or (0, 0))
    inline = with_sentence_markers(text, sorted(stops), inline)
    for table in tables:
        inline, cited_short = with_table_citations(text, lines, masked, table, inline, short_spans)
        short_spans -= cited_short
    inline = [quote for quote in inline if quote.response_span not in short_spans]
    ordered = sorted([*blocks, *inline], key=lambda q: q.extent or (0, 0))
    ordered, lead_in_named = with_lead_in_names(text, sorted(stops), ordered)
    ordered = _with_context_citations(ordered, _context_scopes(text, lines, tokens), lead_in_named)
    ordered = with_citation_sites(text, ordered)
    return ParsedResponse(
        quotes=tuple(replace(q, n=number) for number, q in enumerate(ordered, start=1)),
        notes=notes,
    )


def tables_of(text: str) -> list[Table]:
    """The tables of a markdown response outside block quotes, as the parser reads them."""
    return _block_regions(MarkdownIt("commonmark").enable("table").parse(text))[1]


def _block_regions(tokens: list[Token]) -> tuple[list[tuple[str, int, int]], list[Table]]:
    """Outermost block quotes and code blocks as (kind, first line, last line), and the
    tables outside block quotes (as the renderer reads them: GitHub's table extension)."""
    regions: list[tuple[str, int, int]] = []
    tables: list[Table] = []
    depth = 0
    for token in tokens:
        if token.type == "blockquote_open":
            if depth == 0 and token.map:
                regions.append(("blockquote", token.map[0], token.map[1] - 1))
            depth += 1
        elif token.type == "blockquote_close":
            depth -= 1
        elif token.type in ("fence", "code_block") and token.map:
            # Inside a block quote too: code there is not quoted text.
            regions.append(("code", token.map[0], token.map[1] - 1))
        elif token.type == "thead_open" and depth == 0 and token.map:
            tables.append(Table(header=token.map[0], rows=[]))
        elif (
            token.type == "tr_open"
            and depth == 0
            and token.map
            and tables
            and token.map[0] > tables[-1].header  # a body row: the header row is one too
        ):
            tables[-1].rows.append(token.map[0])
    return regions, tables


def _block_quotes(
    text: str, lines: Lines, first: int, last: int, footnotes: Footnotes, code_lines: set[int]
) -> list[ParsedQuote]:
    """The quotes of one block quote: one, or one per part when a line inside it ends with
    a marker of its own (``> A [S1 ¶2]`` / ``>`` / ``> B [S1 ¶4]``, as a model quotes the
    paragraphs of an email reply one by one)."""
    # Only ``>`` lines are quote text; lazy continuation lines end it (a lone marker among
    # them is the quote's marker). Code inside the block quote is not quote text.
    content: list[tuple[int, int]] = []
    marker: Marker | None = None
    extent_last = first
    for line in range(first, last + 1):
        prefix = BLOCK_PREFIX.match(text, lines.start(line))
        assert prefix is not None
        if line in code_lines and prefix["arrows"]:
            extent_last = line
            continue
        if not prefix["arrows"]:
            marker = lone_marker(text, lines, line, footnotes)
            if marker is not None:
                extent_last = line
            break
        content.append((prefix.end(), lines.content_end(line)))
        extent_last = line
    if not content or ALERT.fullmatch(text, *content[0]):
        return []
    quotes: list[ParsedQuote] = []
    part_first, part_index = first, 0  # where the part being read starts: line, content
    last_text = max((i for i, (start, end) in enumerate(content) if start < end), default=0)
    for index in range(last_text):
        if content[index][0] >= content[index][1]:
            continue  # an empty line ends no part
        inner, rest = trailing_marker(text, content[part_index : index + 1], footnotes)
        if inner is None:
            continue
        part_last = line_of(lines, content[index][0])
        if not any(start < end for start, end in rest):
            if quotes:  # a second marker line of the part before: "> A [S1]" / "> — [S2]"
                before = quotes[-1]
                assert before.extent is not None
                quotes[-1] = replace(before, extent=(before.extent[0], lines.end(part_last)))
                part_first, part_index = part_last + 1, index + 1
            continue
        quote = _block_part(text, rest, inner, (lines.start(part_first), lines.end(part_last)))
        if quote is not None:
            quotes.append(quote)
        part_first, part_index = part_last + 1, index + 1
    content = content[part_index:]
    while content and content[-1][0] >= before_flags(text, *content[-1]):
        content.pop()
    if not content:
        return quotes
    if marker is None:
        marker, content = trailing_marker(text, content, footnotes)
    elif content:
        content[-1] = (content[-1][0], before_flags(text, *content[-1]))
    if marker is None:
        marker, extent_last = marker_after(text, lines, extent_last, footnotes)
    introduced = marker is None and (marker := lead_in_marker(text, lines, first)) is not None
    quote = _block_part(text, content, marker, (lines.start(part_first), lines.end(extent_last)))
    if quote is not None and introduced:
        quote = replace(quote, site=CitationSite("cite.lead_in_marker"))
    return [*quotes, quote] if quote is not None else quotes


def _block_part(
    text: str, content: list[tuple[int, int]], marker: Marker | None, extent: tuple[int, int]
) -> ParsedQuote | None:
    """The quote of the ``>`` lines ``content`` (without their prefixes and marker)."""
    while content and content[0][0] >= content[0][1]:
        content = content[1:]  # empty lines before the text
    while content and content[-1][0] >= content[-1][1]:
        content = content[:-1]  # and after it, before an attribution line
    if not content:
        return None
    start, end = content[0][0], content[-1][1]
    start, end = strip_wrapping_quotes(text, start, end)
    if start >= end:
        return None
    # Every line of the quote lies within [start, end]; only the first and last are clipped
    # (by quotation marks around the whole text). Empty ``>`` lines keep paragraph breaks.
    pieces = [text[max(s, start) : max(min(e, end), s)] for s, e in content]
    return ParsedQuote(
        n=0,
        form=QuoteForm.BLOCK,
        text="\n".join(pieces),
        response_span=(start, end),
        extent=extent,
        **quote_citation(marker),
    )


# Top-level blocks a label line introduces: the list, block quote or table after it.
INTRODUCED_BLOCKS = frozenset(
    {"bullet_list_open", "ordered_list_open", "blockquote_open", "table_open"}
)
# A label line: it ends with a colon ("From the lease (D1):", "**Aus dem Mietvertrag:**") or
# is all bold ("**Lease Agreement (D1)**").
LABEL_LINE = re.compile(r"[^\n]*:[ \t]*(?:\*\*|__|\*|_)?[ \t]*|[ \t]*(\*\*|__)[^\n]+\1[ \t]*")


def _context_scopes(text: str, lines: Lines, tokens: list[Token]) -> list[tuple[int, int, Marker]]:
    """The parts of the response a heading or a label line cites, as (start, end, citation):
    a heading's section (to the next heading of its level or above), a label line's list,
    block quote or table (or the one paragraph) after it."""
    top = [t for t in tokens if t.level == 0 and t.nesting >= 0 and t.map and t.type != "inline"]
    scopes: list[tuple[int, int, Marker]] = []
    for index, token in enumerate(top):
        assert token.map is not None
        first, after = token.map
        if token.type == "heading_open":
            level = int(token.tag[1])
            end = next(
                (
                    lines.start(t.map[0])
                    for t in top[index + 1 :]
                    if t.type == "heading_open" and t.map and int(t.tag[1]) <= level
                ),
                len(text),
            )
            line = (lines.start(first), lines.content_end(after - 1))
        elif token.type == "paragraph_open" and LABEL_LINE.fullmatch(
            text, lines.start(after - 1), lines.content_end(after - 1)
        ):
            following = top[index + 1 : index + 2]
            if following and following[0].type == "paragraph_open":
                introduced = following
            else:
                introduced = list(
                    itertools.takewhile(lambda t: t.type in INTRODUCED_BLOCKS, top[index + 1 :])
                )
            if not introduced or introduced[-1].map is None:
                continue
            end = lines.end(introduced[-1].map[1] - 1)
            line = (lines.start(after - 1), lines.content_end(after - 1))
        else:
            continue
        citation = context_citation(text, *line)
        if citation is not None:
            scopes.append((line[1], end, citation))
    return scopes


def _with_context_citations(
    quotes: list[ParsedQuote],
    scopes: list[tuple[int, int, Marker]],
    lead_in_named: set[tuple[int, int] | None],
) -> list[ParsedQuote]:
    """Quotes without a citation of their own (a marker, a name, their sentence's marker)
    take the source of the innermost heading or label line citing where they stand (one
    with a marker before one with a name only, as sub-headings name topics): read as
    uncited, a quote under "From the 2019 lease (D0):" would be searched everywhere and pass
    on a match in an eligible source. A name in a quote's lead-in (``lead_in_named``, by
    response span) gives way to a marker there (``### Old lease (D0)`` over ``In Q3 …``,
    where "Q3" would name nothing), not to a heading's words (``## Lease review``)."""
    out = []
    for quote in quotes:
        lead_in = quote.response_span in lead_in_named
        if quote.cited_ref is None and (quote.attributed_to is None or lead_in) and quote.extent:
            position = quote.extent[0]
            inside = [scope for scope in scopes if scope[0] <= position < scope[1]]
            if lead_in:
                inside = [s for s in inside if not s[2].named and s[2].ref != quote.attributed_to]
                quote = replace(quote, cited_paragraph=None) if inside else quote
            if inside:
                # A marker before a name ("## Lease (D1)" over "### Rent"), then the innermost.
                citation = max(inside, key=lambda scope: (not scope[2].named, scope[0]))[2]
                fields = quote_citation(citation)
                quote = replace(
                    quote,
                    cited_ref=fields["cited_ref"],
                    attributed_to=fields["attributed_to"],
                    site=CitationSite("cite.heading"),
                )
        out.append(quote)
    return out


def _code_spans(text: str, masked: bytearray) -> list[tuple[int, int]]:
    """Backtick code spans (CommonMark: a run closed by a run of the same length, within a
    paragraph), outside already masked regions: a block quote or code block ends the
    paragraph, so a span never reaches across one."""
    blank_lines = [m.start() for m in BLANK_LINE.finditer(text)]
    spans: list[tuple[int, int]] = []
    position = 0
    while (opening := BACKTICKS.search(text, position)) is not None:
        position = opening.end()
        if masked[opening.start()]:
            continue
        next_blank = bisect.bisect_right(blank_lines, opening.start())
        limit = blank_lines[next_blank] if next_blank < len(blank_lines) else len(text)
        next_masked = masked.find(1, opening.end(), limit)
        if next_masked != -1:
            limit = next_masked
        run = len(opening.group())
        closing = next(
            (m for m in BACKTICKS.finditer(text, opening.end(), limit) if len(m.group()) == run),
            None,
        )
        if closing is not None:
            spans.append((opening.start(), closing.end()))
            position = closing.end()
    return spans
