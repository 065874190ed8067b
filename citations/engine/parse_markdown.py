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
  or a paragraph follows it; ``— Jonas Brandt`` is no citation).
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
- **Scare quotes**: an inline quote of at most two words without a marker is not a quote
  (a word is a whitespace-separated token, or two Han/kana characters); with a marker it is.
- **Markers**: ``[S1]``, ``[S1 ¶3]``, tolerating ``[S1, ¶3]``, ``[S1 ¶ 3]``,
  ``[S1 para 3]``, ``[S1 p. 3]``, ``[S1 §3]``, ``[S1 S. 3]``, and ``[S1:3]`` when the id ends
  in a digit (``[cite: 12]`` is not a marker); ``¶3-4`` / ``¶3, ¶5`` cite each paragraph
  they name (``cited_paragraph`` is the first); a marker written as a link
  ``[S1](https://…)`` also gives the cited URL.
  Several citations in one bracket (``[S1 ¶2; S2 ¶1]``, ``[S1 ¶2, S2 ¶1]``) and markers
  written one after another (``[S1 ¶2] [S2]``) are one run: the first is the citation, the
  run is what an export rewrites or removes. After an inline quote a marker may also be
  written in parentheses, ``"…" (S1 ¶2)`` or ``"…" (S1)``, when the id looks like a source
  id: a digit before any full stop (``S1``, ``A1.v2``, ``doc_7-b``), or one to three capitals
  before a ``¶`` (``(M ¶2)``); so ``(see below)``, ``(sic)``, ``(pp. 3-5)`` or ``(2024)``
  stay prose. In a block quote or inside quotation marks parentheses are always text.
  A punctuation mark or a short note in parentheses may stand between an inline quote and
  its marker (``"…", [S1]``, ``"…" (emphasis added) [S1]``) and belongs to its extent.
  An inline quote without a marker of its own takes the source (not the paragraph) of the
  next marker in its sentence: ``"A" and "B" [S1 ¶2]``, ``"A", says the minute [S1]``; a
  sentence's end, a table cell's or a paragraph's stops that.
  Export flags (``[⚠ unverified]``) are read as part of the run, so an exported response
  parses to the same quotes.
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
  marks; short quotes in it (``"One." and "Two."``) are quotes of a row that cites.
- **HTML quotes**: ``<q>…</q>`` is an inline quote, ``<blockquote>…</blockquote>`` (with
  ``<p>`` paragraphs, a ``cite="…"`` attribute, a nested block quote) a block quote. The text
  is the element's without tags (a line-breaking tag such as ``</p>`` is a line break),
  entities as written. The marker ends the last line, is the text of a ``<cite>`` or
  ``<footer>`` (never quoted text), follows the closing tag, or (a block quote's) stands
  alone on the next line. A ``<q>`` stays within a paragraph; an unclosed element is none.
- **Not quotes**: anything in a code span, fenced or indented code block, or a link's
  destination/title, or an HTML tag (attribute values); a GitHub alert block (``> [!NOTE]``).
- **Extent** (what a dropped quote takes with it): an inline quote's marks, emphasis and
  marker run; a block quote's whole lines, including its marker line. An HTML quote's:
  the element and its marker (a block quote's whole lines when it has lines of its own).
"""

from __future__ import annotations

import bisect
import itertools
import re
from dataclasses import dataclass, replace

from markdown_it import MarkdownIt

from .markers import (
    FOOTNOTE_DEFINITION,
    FOOTNOTE_REFERENCE,
    HORIZONTAL_SPACE,
    MARKER,
    PARAGRAPH_WORD,
    SOURCE_LABEL,
    SUPERSCRIPT_DIGITS,
    Marker,
    after_flags,
    before_flags,
    find_marker,
    footnote_citation,
    footnote_label,
    marker_ending_at,
    parse_paragraph,
    read_citation,
)
from .types import ParsedQuote, ParsedResponse, QuoteForm

# A GitHub alert ("> [!NOTE]") is a callout, not a quotation.
ALERT = re.compile(r"\[!(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]", re.IGNORECASE)
# What may stand between a block quote's text and its marker: "… — [S1]", "… — Source: [S1]".
ATTRIBUTION_DASH = re.compile(
    rf"[ \t]*(?:[—–―]|-{{1,2}})[ \t]*{SOURCE_LABEL}?$|[ \t]*{SOURCE_LABEL}$"
)
# How an attribution line starts: "— [S1 ¶2]", "-- D1, ¶3", "— Source: [POL ¶2]", "Quelle: D1".
ATTRIBUTION_LEAD = re.compile(rf"[ \t]*(?P<dash>[—–―-]{{1,2}}[ \t]*)?(?P<label>{SOURCE_LABEL})?")
# Opening mark -> the marks that close it.
QUOTE_PAIRS: dict[str, str] = {
    '"': '"',
    "“": "”",
    "„": "“”",
    "«": "»",
    "»": "«",
    "‚": "‘’",
    "‘": "’",
    "'": "'",
    "「": "」",
    "『": "』",
}
# A quote opened in one style and closed in the other ("…” or “…"): opening mark -> its
# closing mark and the mark that opens a quote nested inside (whose close is not ours).
MIXED_PAIRS: dict[str, tuple[str, str]] = {'"': ("”", "“"), "“": ('"', '"'), "„": ('"', '"')}
SINGLE_MARKS = frozenset("'‘‚")
# A closing single mark that may be a possessive's apostrophe: after a letter, before a word.
POSSESSIVE = re.compile(r"(?<=[^\W\d_])['’‘][ \t]+(?=[^\W\d_])")
SPACED_MARKS = frozenset("«»")  # French style puts (no-break) spaces inside « … »
CJK_MARKS = frozenset("「」『』")
BLOCK_PREFIX = re.compile(r"[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?(?P<arrows>(?:>[ \t]?)*)")
BLANK_LINE = re.compile(r"\n[ \t\r]*\n")
# Lines that start a new block (heading, list item, table row): no inline quote spans them.
BLOCK_START = re.compile(r"^[ \t]*(?:#{1,6}[ \t]|[-*+][ \t]|\d{1,9}[.)][ \t]|\|)", re.MULTILINE)
HAN_OR_KANA = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
LINK_DESTINATION = re.compile(r"\]\([^()\n]*\)")
HTML_TAG = re.compile(r"</?[A-Za-z][^<>\n]*>")  # attribute values are not quotations
BACKTICKS = re.compile(r"`+")
# Hebrew and Arabic write one-letter words (and, in, to, the, ...) joined to the next word,
# also when that word is quoted: ו"המשרד", و"يجب". A quotation mark after such a letter opens
# a quote when a word of two letters or more follows (a Hebrew acronym such as ש"ח has one).
JOINED_PROCLITIC = re.compile(r"(?<![^\W\d_])[\u05d0-\u05ea\u0620-\u064a]$")
QUOTED_WORD_AFTER = re.compile(r"[^\W\d_]{2}")
EMPHASIS = re.compile(r"\*{1,3}|_{1,3}|")


# What may stand between an inline quote and its marker: a dash, an opening parenthesis
# ("…" — [S1], "…" ([S1 ¶2])).
INLINE_MARKER_LEAD = re.compile(r"[ \t]*(?:[—–-]{1,2}[ \t]*)?(?P<paren>\()?")
CLOSING_PAREN = re.compile(r"[ \t]*\)")


type Footnotes = dict[str, Marker]


def _footnotes(text: str, lines: _Lines, regions: list[tuple[str, int, int]]) -> Footnotes:
    """The citation of each footnote defined outside code blocks, by label; the first
    definition of a label counts."""
    code = [
        (lines.start(first), lines.end(last)) for kind, first, last in regions if kind == "code"
    ]
    found: Footnotes = {}
    for definition in FOOTNOTE_DEFINITION.finditer(text):
        if any(start <= definition.start() < end for start, end in code):
            continue
        label = footnote_label(definition)
        marker = footnote_citation(text, definition)
        if marker is not None and label not in found:
            found[label] = marker
    return found


def _footnote_marker(text: str, position: int, footnotes: Footnotes) -> Marker | None:
    """The citation of the footnote references written at ``position`` (after spaces),
    ``[^1]``, ``[1][2]``, ``¹``: the first one defined cites; the run is its extent."""
    if not footnotes:
        return None
    start = _skip_space(text, position)
    end, cited = start, None
    while (found := FOOTNOTE_REFERENCE.match(text, _skip_space(text, end))) is not None:
        cited = cited or footnotes.get(footnote_label(found))
        end = found.end()
    if cited is None:
        return None
    return replace(cited, start=start, end=after_flags(text, end))


def _skip_space(text: str, position: int) -> int:
    while position < len(text) and text[position] in HORIZONTAL_SPACE:
        position += 1
    return position


def _footnote_ending_at(
    text: str, start: int, end: int, footnotes: Footnotes, *, whole: bool = False
) -> Marker | None:
    """The footnote reference run that ends ``text[start:end]`` (is all of it, with
    ``whole``); a superscript only after punctuation ("… gelagert werden.¹"), as after a
    letter or digit it may be the text's own ("120 m²")."""
    for found in FOOTNOTE_REFERENCE.finditer(text, start, end):
        if whole and text[start : found.start()].strip(HORIZONTAL_SPACE):
            return None
        before = text[found.start() - 1] if found.start() > start else " "
        if found["sup"] and before.isalnum():
            continue
        marker = _footnote_marker(text, found.start(), footnotes)
        if marker is not None and marker.end == end:
            return marker
    return None


# What a writer puts between a quote and its marker: a punctuation mark ("…", [S1]) and an
# editorial note ("…" (emphasis added) [S1], "…" (sic) [S1]); without a marker after them
# they are prose.
INTERPOSED = re.compile(r"[.,;:]?(?:[ \t]*\((?P<note>[^()\[\]\n\"“”„«»]{1,40})\))?")


def _inline_marker(text: str, position: int) -> Marker | None:
    """The marker after an inline quote: right after it, after a dash, or in parentheses
    (which then belong to the marker, so a dropped quote takes them along); also after a
    punctuation mark or an editorial note in parentheses (which belong to it too)."""
    marker = _marker_after_quote(text, position)
    if marker is None:
        interposed = INTERPOSED.match(text, position)
        assert interposed is not None  # every part is optional
        if interposed.end() > position:
            marker = _marker_after_quote(text, interposed.end())
    return marker


def _marker_after_quote(text: str, position: int) -> Marker | None:
    marker = find_marker(text, position, parenthesized=True)
    if marker is not None:
        return marker
    lead = INLINE_MARKER_LEAD.match(text, position)
    assert lead is not None  # every part is optional
    after_dash = lead.start("paren") if lead["paren"] else lead.end()
    if (
        after_dash > position
        and (marker := find_marker(text, after_dash, parenthesized=True)) is not None
    ):
        return marker
    if lead.end() == position or (marker := find_marker(text, lead.end())) is None:
        return None
    if lead["paren"] is None:
        return marker
    closing = CLOSING_PAREN.match(text, marker.end)
    if closing is None:
        return None
    return replace(marker, start=lead.start("paren"), end=after_flags(text, closing.end()))


def parse_markdown_response(text: str) -> ParsedResponse:
    """Block and inline quotes of a markdown response, numbered in response order.

    >>> [q.text for q in parse_markdown_response('As "the fee rises by 6%" [A1 ¶2] says.').quotes]
    ['the fee rises by 6%']
    """
    lines = _Lines(text)
    masked = bytearray(len(text))  # 1 where no inline quote may start or end
    stops: set[int] = {m.start() for m in BLANK_LINE.finditer(text)}
    stops.update(m.start() for m in BLOCK_START.finditer(text))
    blocks: list[ParsedQuote] = []
    regions, tables = _block_regions(text)
    footnotes = _footnotes(text, lines, regions)
    for table in tables:
        stops.update(lines.start(line) for line in (table.header, *table.rows))
    for kind, first, last in regions:
        start, end = lines.start(first), lines.end(last)
        if kind == "blockquote":
            quote = _block_quote(text, lines, first, last, footnotes)
            if quote is None:
                continue
            blocks.append(quote)
            assert quote.extent is not None
            start, end = quote.extent
        masked[start:end] = b"\x01" * (end - start)
        stops.update((start, end))
    for start, end in _code_spans(text, masked):
        masked[start:end] = b"\x01" * (end - start)
    html_quotes = _html_quotes(text, masked, lines, footnotes)
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
    inline, short = _inline_quotes(text, masked, sorted(stops), footnotes)
    inline += [quote for quote in html_quotes if quote.form is QuoteForm.INLINE]
    # Short quotes without a marker are scare quotes, unless a table row cites them.
    short_spans = {quote.response_span for quote in short}
    inline = sorted([*inline, *short], key=lambda q: q.extent or (0, 0))
    inline = _with_sentence_markers(text, sorted(stops), inline)
    for table in tables:
        inline, cited_short = _with_table_citations(text, lines, masked, table, inline, short_spans)
        short_spans -= cited_short
    inline = [quote for quote in inline if quote.response_span not in short_spans]
    ordered = sorted([*blocks, *inline], key=lambda q: q.extent or (0, 0))
    return ParsedResponse(
        quotes=tuple(replace(q, n=number) for number, q in enumerate(ordered, start=1))
    )


class _Lines:
    """Line offsets of a text: line ``i`` is ``text[start(i):end(i)]`` incl. its newline."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0, *(m.end() for m in re.finditer("\n", text))]

    def __len__(self) -> int:
        return len(self.starts)

    def start(self, line: int) -> int:
        return self.starts[line] if line < len(self.starts) else len(self.text)

    def end(self, line: int) -> int:
        return self.start(line + 1)

    def content_end(self, line: int) -> int:
        """End of the line without its newline and trailing whitespace."""
        start, end = self.start(line), self.end(line)
        while end > start and self.text[end - 1] in "\r\n \t":
            end -= 1
        return end


def _block_regions(text: str) -> tuple[list[tuple[str, int, int]], list[_Table]]:
    """Outermost block quotes and code blocks as (kind, first line, last line), and the
    tables outside block quotes (as the renderer reads them: GitHub's table extension)."""
    regions: list[tuple[str, int, int]] = []
    tables: list[_Table] = []
    depth = 0
    for token in MarkdownIt("commonmark").enable("table").parse(text):
        if token.type == "blockquote_open":
            if depth == 0 and token.map:
                regions.append(("blockquote", token.map[0], token.map[1] - 1))
            depth += 1
        elif token.type == "blockquote_close":
            depth -= 1
        elif token.type in ("fence", "code_block") and depth == 0 and token.map:
            regions.append(("code", token.map[0], token.map[1] - 1))
        elif token.type == "thead_open" and depth == 0 and token.map:
            tables.append(_Table(header=token.map[0], rows=[]))
        elif (
            token.type == "tr_open"
            and depth == 0
            and token.map
            and tables
            and token.map[0] > tables[-1].header  # a body row: the header row is one too
        ):
            tables[-1].rows.append(token.map[0])
    return regions, tables


def _block_quote(
    text: str, lines: _Lines, first: int, last: int, footnotes: Footnotes
) -> ParsedQuote | None:
    # Only ``>`` lines are quote text; lazy continuation lines end it (a lone marker among
    # them is the quote's marker).
    content: list[tuple[int, int]] = []
    marker: Marker | None = None
    extent_last = first
    for line in range(first, last + 1):
        prefix = BLOCK_PREFIX.match(text, lines.start(line))
        assert prefix is not None
        if not prefix["arrows"]:
            marker = _lone_marker(text, lines, line, footnotes)
            if marker is not None:
                extent_last = line
            break
        content.append((prefix.end(), lines.content_end(line)))
        extent_last = line
    while content and content[-1][0] >= before_flags(text, *content[-1]):
        content.pop()
    if not content or ALERT.fullmatch(text, *content[0]):
        return None
    if marker is None:
        marker, content = _trailing_marker(text, content, footnotes)
    elif content:
        content[-1] = (content[-1][0], before_flags(text, *content[-1]))
    if marker is None:
        marker, extent_last = _marker_after(text, lines, extent_last, footnotes)
    if not content:
        return None
    start, end = content[0][0], content[-1][1]
    start, end = _strip_wrapping_quotes(text, start, end)
    if start >= end:
        return None
    # Every line of the quote lies within [start, end]; only the first and last are clipped
    # (by quotation marks around the whole text). Empty ``>`` lines keep paragraph breaks.
    pieces = [text[max(s, start) : max(min(e, end), s)] for s, e in content]
    return ParsedQuote(
        n=0,
        form=QuoteForm.BLOCK,
        text="\n".join(pieces),
        cited_ref=marker.ref if marker else None,
        cited_paragraph=marker.paragraph if marker else None,
        cited_paragraphs=marker.paragraphs if marker else (),
        cited_url=marker.url if marker else None,
        response_span=(start, end),
        extent=(lines.start(first), lines.end(extent_last)),
    )


def _lone_marker(text: str, lines: _Lines, line: int, footnotes: Footnotes) -> Marker | None:
    """The marker that is all of ``line``: an attribution line (see ``_attribution``) or a
    footnote reference."""
    start, end = lines.start(line), lines.content_end(line)
    return _attribution(text, start, end) or _footnote_ending_at(
        text, start, end, footnotes, whole=True
    )


def _attribution(text: str, start: int, end: int) -> Marker | None:
    """The citation that is all of ``text[start:end]`` as a line attributing a block quote:
    a marker in brackets (``[S1 ¶2]``); after a dash or a ``Source:`` label also one in
    parentheses or without brackets when it has a source id's shape (``— [D1 ¶3]``,
    ``-- D1, ¶3``, ``— Source: [POL ¶2]``, ``Quelle: D1, Abs. 3``). A dash before a name
    (``— Jonas Brandt``) is no citation."""
    lead = ATTRIBUTION_LEAD.match(text, start, end)
    assert lead is not None  # every part is optional
    marker = read_citation(text, lead.end(), end, shaped_only=not lead["label"])
    if marker is None or not (lead["dash"] or lead["label"] or text[marker.start] == "["):
        return None
    return marker


def _trailing_marker(
    text: str, content: list[tuple[int, int]], footnotes: Footnotes
) -> tuple[Marker | None, list[tuple[int, int]]]:
    """A marker ending the last ``>`` line (or being all of it), and the content without it
    (and without a dash before it)."""
    start, end = content[-1]
    attribution = _attribution(text, start, end)
    if attribution is not None:
        return attribution, content[:-1]
    marker = marker_ending_at(text, start, end) or _footnote_ending_at(text, start, end, footnotes)
    if marker is None:
        return None, [*content[:-1], (start, before_flags(text, start, end))]
    dash = ATTRIBUTION_DASH.search(text, start, marker.start)
    text_end = dash.start() if dash else marker.start
    while text_end > start and text[text_end - 1] in HORIZONTAL_SPACE:
        text_end -= 1
    rest = content[:-1] if text_end == start else [*content[:-1], (start, text_end)]
    while rest and rest[-1][0] >= rest[-1][1]:
        rest.pop()
    return marker, rest


def _marker_after(
    text: str, lines: _Lines, last: int, footnotes: Footnotes
) -> tuple[Marker | None, int]:
    """A lone marker on the line after the block, or after one blank line."""
    for line in (last + 1, last + 2):
        if line >= len(lines):
            break
        marker = _lone_marker(text, lines, line, footnotes)
        if marker is not None:
            return marker, line
        if text[lines.start(line) : lines.content_end(line)].strip():
            break
    return None, last


def _strip_wrapping_quotes(text: str, start: int, end: int) -> tuple[int, int]:
    """Without one pair of quotation marks around all of ``text[start:end]`` (the closing
    one possibly followed by a full stop or comma), unless the inner text closes it too
    (``"A" and "B"`` is two quotations, not one)."""
    closers = QUOTE_PAIRS.get(text[start], "") if end > start else ""
    for close in (end - 1, end - 2):
        if (
            close > start
            and text[close] in closers
            and text[close + 1 : end] in ("", ".", ",")
            and not any(char in closers for char in text[start + 1 : close])
        ):
            return start + 1, close
    return start, end


def _code_spans(text: str, masked: bytearray) -> list[tuple[int, int]]:
    """Backtick code spans (CommonMark: a run closed by a run of the same length, within a
    paragraph), outside already masked regions."""
    blank_lines = [m.start() for m in BLANK_LINE.finditer(text)]
    spans: list[tuple[int, int]] = []
    position = 0
    while (opening := BACKTICKS.search(text, position)) is not None:
        position = opening.end()
        if masked[opening.start()]:
            continue
        next_blank = bisect.bisect_right(blank_lines, opening.start())
        limit = blank_lines[next_blank] if next_blank < len(blank_lines) else len(text)
        run = len(opening.group())
        closing = next(
            (m for m in BACKTICKS.finditer(text, opening.end(), limit) if len(m.group()) == run),
            None,
        )
        if closing is not None:
            spans.append((opening.start(), closing.end()))
            position = closing.end()
    return spans


def _opens(text: str, index: int) -> bool:
    mark = text[index]
    before = text[index - 1] if index > 0 else " "
    after = text[index + 1] if index + 1 < len(text) else " "
    if mark in CJK_MARKS:
        return True
    if before.isalnum():
        return bool(
            JOINED_PROCLITIC.search(text, max(0, index - 2), index)
            and QUOTED_WORD_AFTER.match(text, index + 1)
        )
    return mark in SPACED_MARKS or not after.isspace()


def _closes(text: str, index: int) -> bool:
    mark = text[index]
    if mark in CJK_MARKS or mark in SPACED_MARKS:
        return True
    before = text[index - 1] if index > 0 else " "
    after = text[index + 1] if index + 1 < len(text) else " "
    # A footnote number may follow the closing mark: „…“¹
    return not before.isspace() and (not after.isalnum() or after in SUPERSCRIPT_DIGITS)


def _inline_quotes(
    text: str, masked: bytearray, stops: list[int], footnotes: Footnotes
) -> tuple[list[ParsedQuote], list[ParsedQuote]]:
    """The inline quotes, and apart from them the short ones without a marker (scare quotes,
    unless a table row cites them)."""
    quotes: list[ParsedQuote] = []
    short: list[ParsedQuote] = []
    index = 0
    length = len(text)
    while index < length:
        mark = text[index]
        if mark not in QUOTE_PAIRS or masked[index] or not _opens(text, index):
            index += 1
            continue
        closers = QUOTE_PAIRS[mark]
        next_stop = bisect.bisect_right(stops, index)
        limit = stops[next_stop] if next_stop < len(stops) else length
        close = _find_close(text, masked, index, closers, limit)
        mixed = _find_mixed_close(text, masked, index, limit) if mark in MIXED_PAIRS else None
        # A mark of the other style closes the quote when its own style does not, or when
        # it comes first and a marker follows it ("a” [S1] and “b" [S2] are two quotes).
        if mixed is not None and (
            close is None or (mixed < abs(close) and _followed_by_marker(text, mixed))
        ):
            close = mixed
        if close is None:
            index += 1
            continue
        if close < 0:  # the same mark opened again before a close: this one is unclosed
            index = -close
            continue
        if mark in SINGLE_MARKS:
            close = _past_possessives(text, masked, close, closers, limit)
        opening, start, end = index, index + 1, close
        # Emphasis around the quotation marks (*"…"*, **"…"**) belongs to the quote.
        emphasis = EMPHASIS.match(text, close + 1)
        assert emphasis is not None
        run = emphasis.group()
        if run and text[max(0, opening - len(run)) : opening] == run:
            opening -= len(run)
        after_close = emphasis.end()
        while after_close < length and text[after_close] in SUPERSCRIPT_DIGITS:
            after_close += 1  # the footnote number belongs to the quote
        marker = _inline_marker(text, after_close) or _footnote_marker(
            text, emphasis.end(), footnotes
        )
        extent_end = marker.end if marker else after_close if after_close > close + 1 else close + 1
        if marker is None:  # a marker inside the quotation marks: "… [S1 ¶2]"
            extent_end = after_flags(text, extent_end)
            inner = marker_ending_at(text, start, _strip_bounds_end(text, start, end))
            if inner is not None:
                marker, end = inner, _strip_bounds_end(text, start, inner.start)
        quoted = text[start:end]
        index = extent_end
        if not quoted.strip():
            continue
        if mark in SPACED_MARKS:
            while start < end and text[start] in HORIZONTAL_SPACE:
                start += 1
            while end > start and text[end - 1] in HORIZONTAL_SPACE:
                end -= 1
        found = quotes if marker is not None or _word_count(quoted) > 2 else short
        found.append(
            ParsedQuote(
                n=0,
                form=QuoteForm.INLINE,
                text=text[start:end],
                cited_ref=marker.ref if marker else None,
                cited_paragraph=marker.paragraph if marker else None,
                cited_paragraphs=marker.paragraphs if marker else (),
                cited_url=marker.url if marker else None,
                response_span=(start, end),
                extent=(opening, extent_end),
            )
        )
    return quotes, short


def _past_possessives(text: str, masked: bytearray, close: int, closers: str, limit: int) -> int:
    """The mark closing a single-quoted quote: a mark after a letter and before a word may be
    a possessive's apostrophe ('the employees' rights', ‘Klaus’ Haus’); when no marker
    follows it, a later closing mark that a marker follows closes the quote instead."""
    candidate = close
    while POSSESSIVE.match(text, candidate) and not _followed_by_marker(text, candidate):
        candidate = next(
            (
                later
                for later in range(candidate + 1, limit)
                if not masked[later] and text[later] in closers and _closes(text, later)
            ),
            -1,
        )
        if candidate < 0:
            return close
        if _followed_by_marker(text, candidate):
            return candidate
    return close


# Where a sentence (or a table cell) ends: a marker after it cites nothing before it.
SENTENCE_END = re.compile(r"[.!?](?=[\s\"'”’)\]*_]|$)|\|")


def _with_sentence_markers(
    text: str, stops: list[int], quotes: list[ParsedQuote]
) -> list[ParsedQuote]:
    """Inline quotes without a marker of their own take the source of the next marker in
    their sentence: ``"A" and "B" [S1 ¶2]``, ``"A", says the minute [S1].`` The writer cites
    the sentence; read as uncited, "A" would be searched everywhere and pass even when the
    sentence cites an ineligible source or an email. Only the source: which paragraph holds
    "A" the marker does not say."""
    out = list(quotes)
    for index, quote in enumerate(out):
        if quote.cited_ref is not None or quote.extent is None:
            continue
        position = quote.extent[1]
        next_stop = bisect.bisect_right(stops, position)
        limit = stops[next_stop] if next_stop < len(stops) else len(text)
        cited = _sentence_citation(text, position, limit, out[index + 1 :])
        if cited is not None:
            out[index] = replace(quote, cited_ref=cited, cited_paragraph=None, cited_url=None)
    return out


def _sentence_citation(
    text: str, position: int, limit: int, following: list[ParsedQuote]
) -> str | None:
    """The source of the first marker from ``position`` on in the same sentence (before
    ``limit``): one in the prose, or that of a following quote of the sentence."""
    for quote in following:
        if quote.extent is None or quote.extent[0] >= limit:
            break
        start, end = quote.extent
        if _sentence_ends(text, position, start) or MARKER.search(text, position, start):
            return _marker_in_sentence(text, position, start)
        if quote.cited_ref is not None:
            return quote.cited_ref
        position = end
    return _marker_in_sentence(text, position, limit)


def _marker_in_sentence(text: str, start: int, end: int) -> str | None:
    """The source of the first bracketed marker in ``text[start:end]`` unless the sentence
    ends before it."""
    found = next((m for m in MARKER.finditer(text, start, end) if not m["paren"]), None)
    if found is None or _sentence_ends(text, start, found.start()):
        return None
    return found["ref"]


def _sentence_ends(text: str, start: int, end: int) -> bool:
    return SENTENCE_END.search(text, start, end) is not None


def _strip_bounds_end(text: str, start: int, end: int) -> int:
    while end > start and text[end - 1] in HORIZONTAL_SPACE:
        end -= 1
    return end


def _find_close(text: str, masked: bytearray, opening: int, closers: str, limit: int) -> int | None:
    """Index of the mark closing the quote opened at ``opening``; ``-i`` when the same
    mark opens again at ``i`` first (the first one is then unclosed); None when unclosed."""
    mark = text[opening]
    for index in range(opening + 1, limit):
        char = text[index]
        if masked[index] or (char not in closers and char != mark):
            continue
        if char in closers and _closes(text, index):
            return index
        if char == mark and _opens(text, index):
            nested = _close_around_nested(text, masked, opening, index, closers, limit)
            return nested if nested is not None else -index
    return None


def _find_mixed_close(text: str, masked: bytearray, opening: int, limit: int) -> int | None:
    """Index of the mark of the other style closing the quote opened at ``opening``
    (``"…”``, ``“…"``), for a mark that has no close of its own style; a quote nested
    inside (``"a “b” c”``) is skipped, and a ``"`` after a digit is an inch mark."""
    closer, nested_opener = MIXED_PAIRS[text[opening]]
    depth = 0
    for index in range(opening + 1, limit):
        char = text[index]
        if masked[index] or char not in (closer, nested_opener):
            continue
        if char == closer and _closes(text, index) and not text[index - 1].isdigit():
            if depth == 0:
                return index
            depth -= 1
        elif char == nested_opener and _opens(text, index):
            depth += 1
    return None


def _followed_by_marker(text: str, close: int) -> bool:
    emphasis = EMPHASIS.match(text, close + 1)
    assert emphasis is not None
    return _inline_marker(text, emphasis.end()) is not None


def _close_around_nested(
    text: str, masked: bytearray, opening: int, inner: int, closers: str, limit: int
) -> int | None:
    """The mark closing the quote opened at ``opening`` when the same mark quotes something
    inside it (``"the board said "yes" to the plan" [S1]``): after the inner quote's close
    the next mark closes the outer one, and a citation marker follows it (without that
    evidence the first mark stays unclosed, as before)."""
    inner_close = _find_close(text, masked, inner, closers, limit)
    if inner_close is None or inner_close < 0:
        return None
    mark = text[opening]
    for index in range(inner_close + 1, limit):
        char = text[index]
        if masked[index] or (char not in closers and char != mark):
            continue
        if char in closers and _closes(text, index):
            return index if _followed_by_marker(text, index) else None
        return None
    return None


def _word_count(text: str) -> int:
    words = len(text.split())
    return max(words, len(HAN_OR_KANA.findall(text)) // 2)


# Tables --------------------------------------------------------------------------------------

# What a table's header cell says its column holds (matched at the start of the header).
QUOTE_COLUMN = re.compile(
    r"(?:quot(?:e|es|ation|ations)|zitate?|wortlaut|excerpts?|auszug|textstelle|evidence)\b",
    re.IGNORECASE,
)
SOURCE_COLUMN = re.compile(
    r"(?:sources?|quellen?|citations?|cited|references?|ref\b|fundstellen?|nachweis|documents?"
    r"|dokumente?)",
    re.IGNORECASE,
)
PARAGRAPH_COLUMN = re.compile(rf"{PARAGRAPH_WORD}|paragraph|absatz", re.IGNORECASE)
# A source cell that names no source.
NO_SOURCE = re.compile(r"[-–—/ ]*|n/?a|none|keine|k\. ?a\.", re.IGNORECASE)
CELL_DECORATION = HORIZONTAL_SPACE + "*_`"


@dataclass(slots=True)
class _Table:
    """A table's header line and body lines (line numbers)."""

    header: int
    rows: list[int]


def _cells(text: str, lines: _Lines, line: int) -> list[tuple[int, int]]:
    """The cells of a table row as [start, end) without their surrounding spaces and
    emphasis; a ``|`` escaped as ``\\|`` does not separate cells (GitHub's rule)."""
    start, end = lines.start(line), lines.content_end(line)
    pipes = [i for i in range(start, end) if text[i] == "|" and text[i - 1 : i] != "\\"]
    bounds = [start - 1, *pipes, end]
    cells = []
    for left, right in itertools.pairwise(bounds):
        cell_start, cell_end = left + 1, right
        while cell_start < cell_end and text[cell_start] in CELL_DECORATION:
            cell_start += 1
        while cell_end > cell_start and text[cell_end - 1] in CELL_DECORATION:
            cell_end -= 1
        cells.append((cell_start, cell_end))
    if pipes and not text[start : pipes[0]].strip():
        cells = cells[1:]  # before a leading pipe
    if pipes and not text[pipes[-1] + 1 : end].strip():
        cells = cells[:-1]  # after a trailing pipe
    return cells


def _column_roles(text: str, header: list[tuple[int, int]]) -> list[str | None]:
    roles: list[str | None] = []
    for start, end in header:
        title = text[start:end].strip(" :")
        if PARAGRAPH_COLUMN.fullmatch(title):
            roles.append("paragraph")
        elif SOURCE_COLUMN.match(title):
            roles.append("source")
        elif QUOTE_COLUMN.match(title):
            roles.append("quote")
        else:
            roles.append(None)
    return roles


def _with_table_citations(
    text: str,
    lines: _Lines,
    masked: bytearray,
    table: _Table,
    quotes: list[ParsedQuote],
    short_spans: set[tuple[int, int] | None],
) -> tuple[list[ParsedQuote], set[tuple[int, int] | None]]:
    """``quotes`` with the citation a table row gives (its source and paragraph columns,
    else a cell that is nothing but a citation) set on the row's quotes that carry no marker
    of their own; a cell of a quote column without quotation marks is a quote too. Short
    quotes (``short_spans``) in a quote column of a citing row are quotes (``"One." and
    "Two."``): their spans are returned."""
    roles = _column_roles(text, _cells(text, lines, table.header))
    out = list(quotes)
    cited_short: set[tuple[int, int] | None] = set()
    for line in table.rows:
        cells = _cells(text, lines, line)
        row = [(role, cell) for role, cell in zip(roles, cells, strict=False)]
        cited_ref, cited_paragraph = _row_citation(text, row)
        citing = (cited_ref, cited_paragraph) != (None, None)
        row_start, row_end = lines.start(line), lines.end(line)
        source_cells = [cell for role, cell in row if role == "source"]
        quoted_cells: set[tuple[int, int]] = set()
        for index, quote in enumerate(out):
            span = quote.response_span
            if span is None or not row_start <= span[0] < row_end:
                continue
            cell = next((c for c in cells if c[0] <= span[0] and span[1] <= c[1]), None)
            quoted_cells.add(cell or span)
            if span in short_spans:
                if not citing or ("quote", cell) not in row:
                    continue
                cited_short.add(span)
            if quote.cited_ref is None and citing and cell not in source_cells:
                out[index] = replace(
                    quote, cited_ref=cited_ref, cited_paragraph=cited_paragraph, cited_url=None
                )
        for role, (start, end) in row:
            if role != "quote" or (start, end) in quoted_cells or masked[start:end].count(1):
                continue
            start, end = _strip_wrapping_quotes(text, start, end)
            quoted = text[start:end]
            if not quoted.strip() or (not citing and _word_count(quoted) <= 2):
                continue
            out.append(
                ParsedQuote(
                    n=0,
                    form=QuoteForm.INLINE,
                    text=quoted,
                    cited_ref=cited_ref,
                    cited_paragraph=cited_paragraph,
                    response_span=(start, end),
                    extent=(start, end),
                )
            )
    return out, cited_short


def _row_citation(
    text: str, row: list[tuple[str | None, tuple[int, int]]]
) -> tuple[str | None, int | None]:
    """The source and paragraph a table row cites. A citation marker (a source cell in
    brackets, ``[D1 ¶2]``, or a cell that is nothing but a citation shaped like one, ``A1,
    ¶5``) is read as an inline marker is; other source cells are kept as written, as
    verification resolves a name (id, label, title) before reading it as a marker."""
    marker: Marker | None = None
    cited_ref: str | None = None
    sources = [cell for role, cell in row if role == "source"]
    if sources:
        start, end = sources[0]
        written = text[start:end]
        if written.startswith(("[", "(")):
            marker = read_citation(text, start, end, shaped_only=True)
        cited_ref = None if NO_SOURCE.fullmatch(written) else written
    else:
        marker = next(
            (
                found
                for role, (start, end) in row
                if role != "quote"
                and (found := read_citation(text, start, end, shaped_only=True)) is not None
            ),
            None,
        )
    if marker is not None:
        cited_ref = marker.ref
    paragraphs = [cell for role, cell in row if role == "paragraph"]
    if paragraphs:
        return cited_ref, parse_paragraph(text[slice(*paragraphs[0])])
    return cited_ref, marker.paragraph if marker else None


# HTML quotes --------------------------------------------------------------------------------

# Models write HTML in markdown answers too: ``<q>…</q>`` is an inline quote, ``<blockquote>…
# </blockquote>`` a block quote (possibly of ``<p>`` paragraphs, with a ``cite="…"`` URL).
HTML_QUOTE_OPENING = re.compile(r"<(?P<name>q|blockquote)(?:\s[^<>]*)?>", re.IGNORECASE)
HTML_ELEMENT_TAG = re.compile(r"<(?P<closing>/)?(?P<name>[A-Za-z][A-Za-z0-9]*)(?:\s[^<>]*)?/?>")
# Tags that end a line of the quote's text; other tags (``<em>``, ``<span>``) are inside one.
HTML_LINE_BREAKING = frozenset(
    {"p", "br", "div", "blockquote", "footer", "li", "ul", "ol", "hr", "h1", "h2", "h3", "h4"}
)
# Elements that attribute a quote (``<cite>P1 ¶2</cite>``, ``<footer>— Source: P1</footer>``):
# their text is the quote's marker, never quoted text.
HTML_ATTRIBUTION = frozenset({"cite", "footer"})


def _html_quotes(
    text: str, masked: bytearray, lines: _Lines, footnotes: Footnotes
) -> list[ParsedQuote]:
    """The ``<q>`` and ``<blockquote>`` elements outside code and markdown block quotes
    (``masked``), with their markers: inside the element (ending its last line, or in a
    ``<cite>`` / ``<footer>``), after its closing tag, or (after a block quote) alone on the
    next line. A quote's text is the element's text without tags; its extent the element and
    its marker (a block quote's whole lines when it stands on lines of its own)."""
    quotes: list[ParsedQuote] = []
    position = 0
    for opening in HTML_QUOTE_OPENING.finditer(text):
        if opening.start() < position or masked[opening.start()]:
            continue
        name = opening["name"].lower()
        closing = _html_closing(text, masked, name, opening.end())
        if closing is None:
            continue
        quote = _html_quote(text, lines, footnotes, opening, closing)
        position = closing.end()
        if quote is not None:
            assert quote.extent is not None
            position = quote.extent[1]
            quotes.append(quote)
    return quotes


def _html_closing(text: str, masked: bytearray, name: str, position: int) -> re.Match[str] | None:
    """The tag closing the element opened before ``position``: an element of the same name
    nested inside is skipped; a ``<q>`` stays within its paragraph."""
    limit = len(text)
    if name == "q" and (blank := BLANK_LINE.search(text, position)) is not None:
        limit = blank.start()
    depth = 0
    for tag in HTML_ELEMENT_TAG.finditer(text, position, limit):
        if tag["name"].lower() != name or masked[tag.start()]:
            continue
        if not tag["closing"]:
            depth += 1
        elif depth == 0:
            return tag
        else:
            depth -= 1
    return None


def _html_quote(
    text: str,
    lines: _Lines,
    footnotes: Footnotes,
    opening: re.Match[str],
    closing: re.Match[str],
) -> ParsedQuote | None:
    block = opening["name"].lower() == "blockquote"
    # The element's text between tags, each piece with what separates it from the one before.
    pieces: list[tuple[int, int, str]] = []
    attributions: list[tuple[int, int]] = []
    attributing, separator, position = 0, "", opening.end()
    for tag in [*HTML_ELEMENT_TAG.finditer(text, opening.end(), closing.start()), closing]:
        if attributing:
            attributions.append((position, tag.start()))
        elif text[position : tag.start()].strip() or (tag.start() > position and not separator):
            pieces.append((position, tag.start(), separator))
            separator = ""
        tag_name = tag["name"].lower()
        if tag_name in HTML_ATTRIBUTION:
            attributing = max(0, attributing + (-1 if tag["closing"] else 1))
        if tag_name in HTML_LINE_BREAKING:
            separator = "\n"
        position = tag.end()
    marker = next(filter(None, (_html_attribution(text, *span) for span in attributions)), None)
    while pieces and not text[pieces[-1][0] : pieces[-1][1]].strip():
        pieces.pop()
    if marker is None and pieces:
        last_start, last_end, last_separator = pieces[-1]
        last = _strip_space(text, last_start, last_end)
        marker, rest = _trailing_marker(text, [last], footnotes)
        if marker is not None:
            pieces[-1:] = [(start, end, last_separator) for start, end in rest]
    extent_end = closing.end()
    if marker is None:
        marker = _inline_marker(text, closing.end()) or _footnote_marker(
            text, closing.end(), footnotes
        )
    if marker is not None:
        extent_end = max(extent_end, marker.end)
    elif block and not text[closing.end() : lines.content_end(_line_of(lines, closing.end()))]:
        marker, line = _marker_after(text, lines, _line_of(lines, closing.end()), footnotes)
        if marker is not None:
            extent_end = lines.end(line)
    while pieces and not text[pieces[-1][0] : pieces[-1][1]].strip(HORIZONTAL_SPACE + "\n—–-"):
        pieces.pop()  # a dash left before a marker ("… <p>— [P1 ¶2]</p>")
    while pieces and not text[pieces[0][0] : pieces[0][1]].strip():
        pieces.pop(0)
    if not pieces:
        return None
    start = _strip_space(text, pieces[0][0], pieces[0][1])[0]
    end = _strip_space(text, pieces[-1][0], pieces[-1][1])[1]
    start, end = _strip_wrapping_quotes(text, start, end)
    quoted = "".join(
        separator + text[max(s, start) : min(e, end)] for s, e, separator in pieces if s < end
    ).strip()
    if not quoted or (not block and marker is None and _word_count(quoted) <= 2):
        return None
    extent_start = opening.start()
    if block:  # whole lines when it has lines of its own, as a markdown block quote
        first = _line_of(lines, extent_start)
        if not text[lines.start(first) : extent_start].strip():
            extent_start = lines.start(first)
        last = _line_of(lines, max(extent_start, extent_end - 1))
        if not text[extent_end : lines.end(last)].strip():
            extent_end = lines.end(last)
    return ParsedQuote(
        n=0,
        form=QuoteForm.BLOCK if block else QuoteForm.INLINE,
        text=quoted,
        cited_ref=marker.ref if marker else None,
        cited_paragraph=marker.paragraph if marker else None,
        cited_paragraphs=marker.paragraphs if marker else (),
        cited_url=marker.url if marker else None,
        response_span=(start, end),
        extent=(extent_start, extent_end),
    )


def _html_attribution(text: str, start: int, end: int) -> Marker | None:
    """The citation that is all the text of a ``<cite>`` or ``<footer>`` element, read as an
    attribution line (``— P1 ¶2``, ``Source: P1``, ``[P1 ¶2]``)."""
    start, end = _strip_space(text, start, end)
    lead = ATTRIBUTION_LEAD.match(text, start, end)
    assert lead is not None  # every part is optional
    if lead.end() >= end:
        return None
    return read_citation(text, lead.end(), end, shaped_only=not lead["label"])


def _strip_space(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _line_of(lines: _Lines, position: int) -> int:
    return bisect.bisect_right(lines.starts, position) - 1
