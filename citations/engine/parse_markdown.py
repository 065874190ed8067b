"""Quotes of a markdown response: block quotes and inline quotes with their citation markers.

Decisions (each pinned by a row of ``tests/citations/test_parse_markdown.py``):

- **Block quote**: a run of ``>`` lines as CommonMark reads it (markdown-it-py, the renderer's
  parser, so what is rendered as a quote is parsed as one). Its text is its ``>`` lines with
  the prefixes removed, joined with ``\\n`` (the lines as written; matching ignores runs of
  whitespace; an empty ``>`` line keeps a paragraph break); a pair of quotation marks around
  the whole text is not part of it. Nested ``> >`` lines belong to the outer quote. The
  marker ends the last line (``… [S1]`` or ``… — [S1]``) or stands alone on the next line
  (a lazy continuation line, or one after a single blank line). Other lazy continuation
  lines are prose, not quote text. A last line (``>`` or not) that attributes the quote is
  its marker, not its text: ``— Source: [POL ¶2]``, ``-- D1, ¶3``, ``— Quelle: D1, Abs. 3``
  (after a dash or a label the brackets may be left out when the id has a source id's shape
  or a paragraph follows it; ``— Jonas Brandt`` is no citation), also after the name of
  whoever is quoted (``— Tom Becker, [E1 ¶3]``, ``— Tom Becker (E1 ¶3)``: capitalised, two
  words or a comma). A line that is a marker in parentheses alone (``(E0 ¶2)``) is one too.
  A line inside the block quote that ends with a marker of its own ends a quote: ``> A
  [E1 ¶2]`` / ``>`` / ``> B [E1 ¶4]`` (an email quoted paragraph by paragraph) is two.
- **Inline quote**: text between a pair of quotation marks (``"…"``, ``“…”``, ``„…“``,
  ``„…”``, ``«…»``, ``»…«``, ``‚…‘``, ``‘…’``, ``'…'``, ``「…」``, ``『…』``) within one
  paragraph, optionally followed (after spaces, and after emphasis as in ``**"…"**``) by a
  marker; a marker just inside the closing mark (``"… [S1]"``) counts too. A quote opened
  in one style and closed in the other (``"…”``, ``“…"``, ``„…"``) is one quote when the
  opening mark has no close of its own style, or when the other style's mark comes first
  and a marker follows it; a quote nested inside is skipped and a ``"`` after a digit is
  an inch mark, so unbalanced marks do not pair up across other quotes. Quotes do not
  nest: the outer pair wins and inner quotation marks are part of its text; quotation marks
  inside a block quote are part of the block quote. An apostrophe (a mark between letters,
  as in ``don't``) never opens or closes a quote, nor does a possessive's after a plural
  (``'the employees' rights' [S1]``) when a marker follows a later closing mark; a mark
  left unclosed is ignored and does not swallow the paragraph, let alone the document.
- **Italics**: a span in italics (``*…*``, ``_…_``) followed right after by a marker is an
  inline quote (``*…* [D0 ¶3]``); without one, of fewer than three words or with no word in
  lower case (a title: ``*Lease Agreement 2024* [D1]``) it is emphasis.
- **Scare quotes**: an inline quote of at most two words without a marker is not a quote
  (a word is a whitespace-separated token, or two Han/kana characters); with a marker it is.
- **Markers**: ``[S1]``, ``[S1 ¶3]``, tolerating ``[S1, ¶3]``, ``[S1 ¶ 3]``,
  ``[S1 para 3]``, ``[S1 p. 3]``, ``[S1 §3]``, ``[S1 S. 3]``, ``[S1, Abs. 3 Satz 1]``, and
  ``[S1:3]`` when the id ends in a digit (``[cite: 12]`` is not a marker); ``¶3-4`` /
  ``¶3, ¶5`` cite each paragraph they name (``cited_paragraph`` is the first); a marker
  written as a link ``[S1](https://…)`` also gives the cited URL. What models wrap around a
  marker is part of it: ``[[S1 ¶3]]``, ``^[S1 ¶3]``, ``<sup>[S1 ¶3]</sup>``,
  ``<sup>S1 ¶3</sup>`` and ChatGPT's ``【S1†¶3】``, ``【S1†L3-L5】`` (lines read as
  paragraphs); its file citation ``【4:0†source】`` names a file, which cites only as a known
  source's title or label.
  Several citations in one bracket (``[S1 ¶2; S2 ¶1]``, ``[S1 ¶2, S2 ¶1]``) and markers
  written one after another (``[S1 ¶2] [S2]``) are one run: the first is the citation, the
  run is what an export rewrites or removes. After an inline quote a marker may also be
  written in parentheses, ``"…" (S1 ¶2)`` or ``"…" (S1)``, when the id looks like a source
  id: a digit before any full stop (``S1``, ``A1.v2``, ``doc_7-b``), or one to three capitals
  before a ``¶`` (``(M ¶2)``); so ``(see below)``, ``(sic)``, ``(pp. 3-5)`` or ``(2024)``
  stay prose. In a block quote or inside quotation marks parentheses are always text.
  A punctuation mark or a short note in parentheses may stand between an inline quote and
  its marker (``"…", [S1]``, ``"…" (emphasis added) [S1]``) and belongs to its extent.
  A citation in words after an inline quote, in parentheses or brackets or after a dash,
  belongs to its extent too: with a source id it is a marker (``(see D1 at ¶ 4)``,
  ``(vgl. D1, Abs. 3)``, ``[Doc D1, ¶3]``, ``— D1, ¶3``); a paragraph alone (``(¶3)``) is
  the quote's paragraph, its source from the context; a name (``(Lease Agreement, §4)``,
  capitalised, at most eight words, or with a paragraph) is what the quote is attributed
  to: it cites when verification resolves it (id, label, title), else the quote is
  uncited, so prose read as a name costs nothing (``(see below)``, ``(2024)`` are none).
  An inline quote without a marker of its own takes the source (not the paragraph) of the
  next marker in its sentence: ``"A" and "B" [S1 ¶2]``, ``"A", says the minute [S1]``; a
  sentence's end, a table cell's or a paragraph's stops that. Else the source of the last
  marker before it in its sentence; with its paragraph when the marker introduces the quote
  with a colon right before it (``Beleg 1 (D1, Abs. 3): „…“``).
  An inline quote that ends its line takes a marker that is all of the next line
  (``"…"`` / ``[D1 ¶3]``, ``— D1, ¶3``, ``(Quelle: D0, Abs. 2)``), as a block quote does.
  Export flags (``[⚠ unverified]``) are read as part of the run, so an exported response
  parses to the same quotes.
- **Headings and labels**: a quote still without a citation (no marker, no name of its
  own, none in its sentence) takes the source a heading names for its section (to the next
  heading of its level or above) or a label line for the list, block quote or table (or the
  one paragraph) after it: a line ending with a colon or all bold, ``**From the lease
  (D1):**``. A marker whose id has a source id's shape cites; a bare id or the words
  (``## Lease Agreement``) are a name that cites when verification resolves it; a line
  naming two sources names none; a heading with a marker wins over a sub-heading naming a
  topic. Only the source: ``- "…" (¶3)`` under it cites its own paragraph.
- **Lead-in names**: an inline quote still without a citation takes the one source id its
  sentence names before it, with a paragraph written after the id, as a name that cites when
  it is a known source: ``According to D0 (¶3): "…"``, ``D1 states in paragraph 3 that
  "…"``. Two ids, a marker there, or a contrast (``Unlike D0, …``) name none.
- **Footnotes**: a reference where a marker would stand (``"…"[^1]``, ``"…" [1]``, ``„…“¹``,
  at the end of a block quote's last line or alone on the next) cites what its definition
  line names (``[^1]: D1 ¶2``, ``[1]: Source: D1, ¶2``, ``[1] D1 ¶2``, ``¹ D1, Abs. 2``;
  outside code blocks, the first definition of a label counts). A ``[^1]:`` or ``[1]:``
  definition that is no citation cites its text as written (a title, else no known source);
  a ``[1] …`` or ``¹ …`` line that is none is prose, and a reference without a definition
  cites nothing. A superscript that follows a letter or digit in a block quote is text
  (``120 m²``).
- **Tables** (GitHub's table extension, as the renderer reads them): a quote in a cell
  without a marker of its own takes its row's citation: the cell of a column headed
  Source / Quelle / Citation / Reference / Document (a Paragraph / ¶ / Abs. / Seite column
  gives the paragraph), else a cell that is nothing but a citation shaped like one
  (``[D1 ¶2]``, ``D1, ¶2``). A marker (that cell, or a source cell in brackets) is read
  as after an inline quote; another source cell is kept as written, and verification
  resolves it as it resolves a JSON source field (id, label, title, else a marker). A cell
  of a column headed Quote / Zitat / Excerpt / Evidence is a quote even without quotation
  marks (a marker ending it is its own, ``The fee rises [D1 ¶3]``); short quotes in it
  (``"One." and "Two."``) are quotes of a row that cites.
- **HTML quotes**: ``<q>…</q>`` is an inline quote, ``<blockquote>…</blockquote>`` (with
  ``<p>`` paragraphs, a ``cite="…"`` attribute, a nested block quote) a block quote. The text
  is the element's without tags (a line-breaking tag such as ``</p>`` is a line break),
  entities as written. The marker ends the last line, is the text of a ``<cite>`` or
  ``<footer>`` (never quoted text), follows the closing tag (also as words:
  ``(<cite>Lease 2019</cite>)``), is a block quote's ``<figcaption>`` in its ``<figure>``,
  or (a block quote's) stands alone on the next line. Without a marker, a name cites when
  verification resolves it: the ``<cite>``'s, else the ``cite="…"`` attribute's (a URL
  names no source). A ``<q>`` stays within a paragraph; an unclosed element is none.
- **Reasoning**: a closed ``<think>`` (``<thinking>``, ``<reasoning>``) block that opens the
  response is a reasoning model's drafts, not the assessment people act on: its quotes are
  not read, and a note says so. An unclosed one, or one after the answer began, is read.
- **Not quotes**: anything in a code span, fenced or indented code block, or a link's
  destination/title, or an HTML tag (attribute values); a GitHub alert block (``> [!NOTE]``).
- **Extent** (what a dropped quote takes with it): an inline quote's marks, emphasis and
  marker run; a block quote's whole lines, including its marker line. An HTML quote's:
  the element and its marker (a block quote's whole lines when it has lines of its own).

This module finds the blocks (block quotes, code, tables: markdown-it) and reads the markdown
block quotes; the rest is read by :mod:`.inline_quotes` (quotation marks),
:mod:`.markdown_markers` (where a quote's marker stands, footnotes), :mod:`.markdown_tables`
(a row's citation, quote columns) and :mod:`.html_quotes`, on the line offsets of
:mod:`.markdown_lines`.
"""

from __future__ import annotations

import bisect
import itertools
import re
from dataclasses import replace

from markdown_it import MarkdownIt
from markdown_it.token import Token

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
from .types import CitationSite, ParsedQuote, ParsedResponse, QuoteForm

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
