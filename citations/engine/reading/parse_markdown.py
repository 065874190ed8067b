"""Quotes of a markdown response: block quotes, inline quotes (quotation marks, italics and
code spans with a marker, table cells of a quote column, HTML ``<q>`` / ``<blockquote>``)
and the citation each one carries.

What counts as a quote is the README's "What counts as a quote and a citation"; where a
citation can stand is :mod:`.strategies`, one row per strategy with its examples; each
further decision is pinned by a row of ``tests/citations/test_parse_markdown_*.py``.

This module finds the blocks (block quotes, code, tables: markdown-it, the renderer's
parser, so what is rendered as a quote is parsed as one), reads the markdown block quotes
and puts the response together for the other readers (a ``spot.Page``): inline quotes
(:mod:`.inline_quotes`), HTML elements (:mod:`.html_quotes`), table cells
(:mod:`.markdown_tables`). Each reader walks the strategies for its quote's own citation
where it stands; once every quote is read, a quote without one walks the strategies of a
citation written for others (``strategies.cite_from_context``).
"""

from __future__ import annotations

import bisect
import itertools
import re
from dataclasses import replace

from markdown_it import MarkdownIt
from markdown_it.token import Token

from ..text import BLANK_LINE, LazyPattern
from ..types import CitationSite, ParsedQuote, ParsedResponse, QuoteForm
from .block_ends import Walked, last_line_citation, lone_line_citation, next_lines_citation
from .cite_after import find_footnotes
from .cite_context import context_citation
from .cite_table import Table, read_rows
from .html_quotes import find_html_quotes
from .inline_quotes import (
    QUOTE_PAIRS,
    find_code_span_quotes,
    find_inline_quotes,
    find_italic_quotes,
    quote_marks,
    strip_wrapping_quotes,
)
from .markdown_lines import Lines, line_of
from .markdown_tables import find_cell_quotes
from .markers import FOOTNOTE_DEFINITION, MARKER, Marker, before_flags
from .spot import Found, Page
from .strategies import cite_from_context, own_citation

# A GitHub alert ("> [!NOTE]") is a callout, not a quotation.
ALERT = LazyPattern(r"\[!(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]", re.IGNORECASE)
BLOCK_PREFIX = LazyPattern(r"[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?(?P<arrows>(?:>[ \t]?)*)")
# Lines that start a new block (heading, list item, table row): no inline quote spans them.
BLOCK_START = LazyPattern(r"^[ \t]*(?:#{1,6}[ \t]|[-*+][ \t]|\d{1,9}[.)][ \t]|\|)", re.MULTILINE)
LINK_DESTINATION = LazyPattern(r"\]\([^()\n]*\)")
HTML_TAG = LazyPattern(r"</?[A-Za-z][^<>\n]*>")  # attribute values are not quotations
BACKTICKS = LazyPattern(r"`+")


# A reasoning model's thinking before its answer: drafts and sources weighed, not the
# assessment people act on. Only a closed block that opens the response: an answer left
# inside an unclosed one is still read.
REASONING = LazyPattern(r"\A\s*<(think|thinking|reasoning)>.*?</\1>", re.DOTALL | re.IGNORECASE)


def parse_markdown_response(text: str) -> ParsedResponse:
    """Block and inline quotes of a markdown response, numbered in response order, each
    with its own citation (read where it stands) and then, when it has none, one written
    for others (its sentence's, its table row's, its heading's: ``cite_from_context``).

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
    page = Page(text, lines)
    masked = bytearray(len(text))  # 1 where no inline quote may start or end
    stops: set[int] = {m.start() for m in BLANK_LINE.finditer(text)}
    stops.update(m.start() for m in BLOCK_START.finditer(text))
    blocks: list[ParsedQuote] = []
    tokens = MarkdownIt("commonmark").enable("table").parse(text)
    regions, tables = _block_regions(tokens)
    page.footnotes = find_footnotes(text, lines, regions)
    code_lines = {
        line for kind, first, last in regions if kind == "code" for line in range(first, last + 1)
    }
    for table in tables:
        stops.update(lines.start(line) for line in (table.header, *table.rows))
        page.add_rows(read_rows(text, lines, table))
    for kind, first, last in regions:
        start, end = lines.start(first), lines.end(last)
        if kind == "blockquote":
            quotes = _block_quotes(page, first, last, code_lines)
            if not quotes:
                continue
            blocks.extend(quotes)
            page.block_first_line.update((quote.extent, first) for quote in quotes)
            assert quotes[0].extent is not None and quotes[-1].extent is not None
            start, end = quotes[0].extent[0], quotes[-1].extent[1]
        masked[start:end] = b"\x01" * (end - start)
        stops.update((start, end))
    code_spans = _code_spans(text, masked)
    for start, end in code_spans:
        masked[start:end] = b"\x01" * (end - start)
    html_quotes = find_html_quotes(page, masked)
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
    for start, end in _reference_titles(text):
        masked[start:end] = b"\x01" * (end - start)
    page.stops = sorted(stops)
    inline, short = find_inline_quotes(page, masked)
    inline += [quote for quote in html_quotes if quote.form is QuoteForm.INLINE]
    inline += find_italic_quotes(page, masked, [*inline, *short])
    inline += find_code_span_quotes(page, code_spans)
    # The inline quotes as their own citations read them, short ones (two words or fewer
    # without a citation: scare quotes) too: the sentence strategy reads them as neighbours.
    page.inline = sorted([*inline, *short], key=lambda q: q.extent or (0, 0))
    page.inline_index = {quote.extent: index for index, quote in enumerate(page.inline)}
    short_spans = {quote.response_span for quote in short} - _short_quotes_kept(page, short)
    inline = [quote for quote in page.inline if quote.response_span not in short_spans]
    inline += find_cell_quotes(page, masked, page.inline)
    ordered = sorted([*blocks, *inline], key=lambda q: q.extent or (0, 0))
    for before, quote in itertools.pairwise(ordered):
        page.previous_extent[quote.extent] = before.extent
    page.scopes = _context_scopes(text, lines, tokens)
    cited = (cite_from_context(page, quote) for quote in ordered)
    return ParsedResponse(
        quotes=tuple(_as_written(text, quote, n) for n, quote in enumerate(cited, start=1)),
        notes=notes,
    )


def _reference_titles(text: str) -> list[tuple[int, int]]:
    """The definitions of footnotes and references whose text opens with a title in
    quotation marks (``[1]: "Old Handbook" – HR``, ``¹ «Справочник» — https://…``): the
    title is the citation of the quotes that refer to it, never a quote of its own. Not a
    numbered list's item (``1. "…" [D1 ¶2]`` quotes), nor one holding a marker (a footnote
    that quotes: ``[^1]: "…" [D1 ¶2]``)."""
    return [
        definition.span("citation")
        for definition in FOOTNOTE_DEFINITION.finditer(text)
        if not definition["listed"]
        and text[definition.start("citation") : definition.start("citation") + 1] in QUOTE_PAIRS
        and MARKER.search(text, *definition.span("citation")) is None
    ]


def _as_written(text: str, quote: ParsedQuote, n: int) -> ParsedQuote:
    """``quote`` numbered ``n``, with what an export needs to write it anew: an inline
    quote's quotation marks, a block quote's line prefix."""
    assert quote.response_span is not None and quote.extent is not None
    if quote.form is QuoteForm.BLOCK:
        line_start = text.rfind("\n", 0, quote.response_span[0]) + 1
        prefix = BLOCK_PREFIX.match(text, line_start)
        assert prefix is not None  # every part is optional
        return replace(quote, n=n, line_prefix=re.sub(r"[^>\s]", " ", prefix.group()))
    return replace(quote, n=n, marks=quote_marks(text, quote.extent, quote.response_span))


def _short_quotes_kept(page: Page, short: list[ParsedQuote]) -> set[tuple[int, int] | None]:
    """The short quotes that are quotes all the same: those in a quote column of a table
    row that cites (``"One." and "Two."``)."""
    kept: set[tuple[int, int] | None] = set()
    for quote in short:
        assert quote.response_span is not None
        row = page.row_at(quote.response_span[0])
        cell = row.cell_of(quote.response_span) if row is not None else None
        if row is not None and row.citing and ("quote", cell) in row.cells:
            kept.add(quote.response_span)
    return kept


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


def _block_quotes(page: Page, first: int, last: int, code_lines: set[int]) -> list[ParsedQuote]:
    """The quotes of one block quote: one, or one per part when a line inside it ends with
    a citation of its own (``> A [S1 ¶2]`` / ``>`` / ``> B [S1 ¶4]``, as a model quotes the
    paragraphs of an email reply one by one). A part's citation stands at the end of its
    last line (``Place.LAST_LINE``); the last part's also on a line of its own after it
    (``Place.NEXT_LINE``)."""
    text, lines = page.text, page.lines
    # Only ``>`` lines are quote text; lazy continuation lines end it (a lone citation among
    # them is the quote's). Code inside the block quote is not quote text.
    content: list[tuple[int, int]] = []
    walked: Walked | None = None
    extent_last = first
    for line in range(first, last + 1):
        prefix = BLOCK_PREFIX.match(text, lines.start(line))
        assert prefix is not None
        if line in code_lines and prefix["arrows"]:
            extent_last = line
            continue
        if not prefix["arrows"]:
            walked = lone_line_citation(page, line)
            if walked is not None:
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
        # the line alone first: the part's lines are copied only when it ends one (copying
        # them at every line made a block quote of n lines cost n² / 2)
        if last_line_citation(page, content[index : index + 1])[0] is None:
            continue
        inner, rest = last_line_citation(page, content[part_index : index + 1])
        assert inner is not None  # the citation of its last line, just found
        part_last = line_of(lines, content[index][0])
        if not any(start < end for start, end in rest):
            if quotes:  # a second citation line of the part before: "> A [S1]" / "> — [S2]"
                before = quotes[-1]
                assert before.extent is not None
                quotes[-1] = replace(
                    before,
                    extent=(before.extent[0], lines.end(part_last)),
                    site=_with_run(before.site, inner[1]),
                )
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
    if walked is None:
        walked, content = last_line_citation(page, content)
    elif content:
        content[-1] = (content[-1][0], before_flags(text, *content[-1]))
    if walked is None:
        walked, extent_last = next_lines_citation(page, extent_last)
    quote = _block_part(text, content, walked, (lines.start(part_first), lines.end(extent_last)))
    return [*quotes, quote] if quote is not None else quotes


def _with_run(site: CitationSite | None, more: Found) -> CitationSite | None:
    """A part's site with the markers of a second citation line after it: they come along
    with the first, as markers written in a run do (an export rewrites them as one)."""
    if site is None or site.span is None or more.marker.written is None:
        return site
    return replace(site, span=(site.span[0], more.marker.written[1]), link=site.link or more.link)


def _block_part(
    text: str, content: list[tuple[int, int]], walked: Walked | None, extent: tuple[int, int]
) -> ParsedQuote | None:
    """The quote of the ``>`` lines ``content`` (without their prefixes and citation)."""
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
        **own_citation(walked),
    )


# Top-level blocks a label line introduces: the list, block quote or table after it.
INTRODUCED_BLOCKS = frozenset(
    {"bullet_list_open", "ordered_list_open", "blockquote_open", "table_open"}
)
# A label line: it ends with a colon ("From the lease (D1):", "**Aus dem Mietvertrag:**") or
# is all bold ("**Lease Agreement (D1)**").
LABEL_LINE = LazyPattern(r"[^\n]*:[ \t]*(?:\*\*|__|\*|_)?[ \t]*|[ \t]*(\*\*|__)[^\n]+\1[ \t]*")


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
            # the tokens after it by index, not a slice: a copy per heading made 80,000
            # headings cost n² (issue 30); a section holds at most six levels of others
            after_it = (top[k] for k in range(index + 1, len(top)))
            end = next(
                (
                    lines.start(t.map[0])
                    for t in after_it
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
                    itertools.takewhile(
                        lambda t: t.type in INTRODUCED_BLOCKS,
                        (top[k] for k in range(index + 1, len(top))),
                    )
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
