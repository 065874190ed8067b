"""HTML quotes in a markdown response: ``<q>…</q>`` and ``<blockquote>…</blockquote>`` with
their markers. The decisions are listed in :mod:`.parse_markdown`."""

from __future__ import annotations

import html
import re

from ..types import ParsedQuote, QuoteForm
from .inline_quotes import strip_wrapping_quotes, word_count
from .markdown_lines import BLANK_LINE, Lines, line_of
from .markdown_markers import (
    ATTRIBUTION_LEAD,
    Footnotes,
    WrittenCitation,
    footnote_marker,
    inline_marker,
    marker_after,
    trailing_marker,
)
from .markers import HORIZONTAL_SPACE, Marker, quote_citation, read_citation

# Models write HTML in markdown answers too: ``<q>…</q>`` is an inline quote, ``<blockquote>…
# </blockquote>`` a block quote (possibly of ``<p>`` paragraphs, with a ``cite="…"`` URL).
HTML_QUOTE_OPENING = re.compile(r"<(?P<name>q|blockquote)(?:\s[^<>]*)?>", re.IGNORECASE)
HTML_ELEMENT_TAG = re.compile(r"<(?P<closing>/)?(?P<name>[A-Za-z][A-Za-z0-9]*)(?:\s[^<>]*)?/?>")
# Tags that end a line of the quote's text; other tags (``<em>``, ``<span>``) are inside one.
HTML_LINE_BREAKING = frozenset(
    {"p", "br", "div", "blockquote", "footer", "li", "ul", "ol", "hr", "h1", "h2", "h3", "h4"}
)
# The ``cite`` attribute names where the quote is from: a source's id, label or title cites it
# (``<q cite="P0">``); a URL names no source (``<blockquote cite="https://…">``).
HTML_CITE_ATTRIBUTE = re.compile(
    r"""\scite[ \t]*=[ \t]*(?:"(?P<double>[^"<>]*)"|'(?P<single>[^'<>]*)')""", re.IGNORECASE
)
# HTML's own attribution of a block quote: a ``<figcaption>`` after it in the ``<figure>``.
FIGCAPTION_AFTER = re.compile(
    r"[ \t]*\n?[ \t]*<figcaption(?:\s[^<>]*)?>(?P<caption>[^\n]*?)</figcaption>", re.IGNORECASE
)
# Elements that attribute a quote (``<cite>P1 ¶2</cite>``, ``<footer>— Source: P1</footer>``):
# their text is the quote's marker, never quoted text.
HTML_ATTRIBUTION = frozenset({"cite", "footer"})


def find_html_quotes(
    text: str, masked: bytearray, lines: Lines, footnotes: Footnotes
) -> list[ParsedQuote]:
    """The ``<q>`` and ``<blockquote>`` elements outside code and markdown block quotes
    (``masked``), with their markers: inside the element (ending its last line, or in a
    ``<cite>`` / ``<footer>``), after its closing tag, or (after a block quote) alone on the
    next line. A quote's text is the element's text without tags; its extent the element and
    its marker (a block quote's whole lines when it stands on lines of its own)."""
    quotes: list[ParsedQuote] = []
    position = 0
    closings = _html_closings(text, masked) if "<" in text else {}
    for opening in HTML_QUOTE_OPENING.finditer(text):
        if opening.start() < position or masked[opening.start()]:
            continue
        closing = closings.get(opening.end())
        if closing is None or masked.find(b"\x01", opening.start(), closing.end()) >= 0:
            continue  # an element around code or a markdown block quote: read as what it holds
        quote = _html_quote(text, lines, footnotes, opening, closing)
        position = closing.end()
        if quote is not None:
            assert quote.extent is not None
            position = quote.extent[1]
            quotes.append(quote)
    return quotes


def _html_closings(text: str, masked: bytearray) -> dict[int, re.Match[str]]:
    """The tag closing each ``<q>`` and ``<blockquote>`` element, by where its opening tag
    ends: one pass over the tags with a stack per name, so an element of the same name
    nested inside is skipped and thousands of unclosed tags cost one pass, not one scan
    each; a ``<q>`` stays within its paragraph (a blank line ends the open ones)."""
    blanks = [found.start() for found in BLANK_LINE.finditer(text)]
    stacks: dict[str, list[int]] = {"q": [], "blockquote": []}
    closings: dict[int, re.Match[str]] = {}
    passed = 0
    for tag in HTML_ELEMENT_TAG.finditer(text):
        name = tag["name"].lower()
        if name not in stacks or masked[tag.start()]:
            continue
        while passed < len(blanks) and blanks[passed] < tag.start():
            stacks["q"].clear()
            passed += 1
        if not tag["closing"]:
            stacks[name].append(tag.end())
        elif stacks[name]:
            closings[stacks[name].pop()] = tag
    return closings


def _html_quote(
    text: str,
    lines: Lines,
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
    named = _html_attribution_as_written(text, attributions) if marker is None else None
    while pieces and not text[pieces[-1][0] : pieces[-1][1]].strip():
        pieces.pop()
    if marker is None and pieces:
        last_start, last_end, last_separator = pieces[-1]
        last = _strip_space(text, last_start, last_end)
        marker, rest = trailing_marker(text, [last], footnotes)
        if marker is not None:
            pieces[-1:] = [(start, end, last_separator) for start, end in rest]
    extent_end = closing.end()
    if marker is None:
        marker = inline_marker(text, closing.end()) or footnote_marker(
            text, closing.end(), footnotes
        )
    if marker is not None:
        extent_end = max(extent_end, marker.end)
    if marker is None and block and (caption := FIGCAPTION_AFTER.match(text, extent_end)):
        caption_start, caption_end = caption.span("caption")
        position = caption_start  # the caption's text between its tags
        for inner_tag in HTML_ELEMENT_TAG.finditer(text, caption_start, caption_end):
            attributions.append((position, inner_tag.start()))
            position = inner_tag.end()
        attributions.append((position, caption_end))
        marker = next(filter(None, (_html_attribution(text, *span) for span in attributions)), None)
        named = _html_attribution_as_written(text, attributions) if marker is None else None
        extent_end = caption.end()
    if (
        marker is None
        and extent_end == closing.end()
        and block
        and not text[closing.end() : lines.content_end(line_of(lines, closing.end()))]
    ):
        marker, line = marker_after(text, lines, line_of(lines, closing.end()), footnotes)
        if marker is not None:
            extent_end = lines.end(line)
    # A name (the element's <cite>, one after it, its cite attribute, in that order) cites
    # when verification finds a source of that name; a marker wins over it.
    if marker is None or marker.named:
        named = named or (marker.ref if marker else None) or _cite_attribute(opening)
        if named:
            marker = Marker(
                ref=named,
                paragraph=marker.paragraph if marker else None,
                url=None,
                start=extent_end,
                end=extent_end,
                paragraphs=marker.paragraphs if marker else (),
                named=True,
            )
    while pieces and not text[pieces[-1][0] : pieces[-1][1]].strip(HORIZONTAL_SPACE + "\n—–-"):
        pieces.pop()  # a dash left before a marker ("… <p>— [P1 ¶2]</p>")
    while pieces and not text[pieces[0][0] : pieces[0][1]].strip():
        pieces.pop(0)
    if not pieces:
        return None
    start = _strip_space(text, pieces[0][0], pieces[0][1])[0]
    end = _strip_space(text, pieces[-1][0], pieces[-1][1])[1]
    start, end = strip_wrapping_quotes(text, start, end)
    quoted = "".join(
        separator + text[max(s, start) : min(e, end)] for s, e, separator in pieces if s < end
    ).strip()
    cites = marker is not None and not (marker.named and marker.paragraph is None)
    if not quoted or (not block and not cites and word_count(quoted) <= 2):
        return None
    extent_start = opening.start()
    if block:  # whole lines when it has lines of its own, as a markdown block quote
        first = line_of(lines, extent_start)
        if not text[lines.start(first) : extent_start].strip():
            extent_start = lines.start(first)
        last_line = line_of(lines, max(extent_start, extent_end - 1))
        if not text[extent_end : lines.end(last_line)].strip():
            extent_end = lines.end(last_line)
    return ParsedQuote(
        n=0,
        form=QuoteForm.BLOCK if block else QuoteForm.INLINE,
        text=quoted,
        response_span=(start, end),
        extent=(extent_start, extent_end),
        **quote_citation(marker),
    )


# Where an export finds an HTML quote's attribution: also the ``<figcaption>`` after it.
HTML_ATTRIBUTING = HTML_ATTRIBUTION | {"figcaption"}


def html_attribution_citation(text: str, start: int, end: int) -> WrittenCitation | None:
    """The citation written in a ``<cite>``, ``<footer>`` or ``<figcaption>`` element in
    ``text[start:end]``, the part of a quote's extent after its text, as the parser read it:
    the text of the first element piece that reads as a citation, without a dash or label
    before it (``<footer>— Source: S1, ¶3</footer>``); else all their text as a name
    (``name`` set: ``<footer>— Jonas Brandt</footer>``, which cites only when it names a
    known source). The tags are never part of it, so an export rewriting it keeps them.
    ``bare`` when it is a ``<cite>`` after the quote element, which is read as a citation in
    words: a marker in brackets there would be the sentence's, not the quote's.

    >>> def written(tail):
    ...     found = html_attribution_citation(tail, 0, len(tail))
    ...     return found and (tail[found.start : found.end], found.name, found.bare)
    >>> written("<footer>— Source: S1, ¶3</footer></blockquote>")
    ('S1, ¶3', None, False)
    >>> written("</q> (<cite>S1, ¶3</cite>)"), written("</q> (<cite>Jonas Brandt</cite>)")
    (('S1, ¶3', None, True), ('Jonas Brandt', 'Jonas Brandt', True))
    """
    pieces: list[tuple[int, int]] = []
    bare: list[bool] = []
    open_elements: list[str] = []
    outside, position = False, start
    for tag in HTML_ELEMENT_TAG.finditer(text, start, end):
        if open_elements:
            pieces.append(_strip_space(text, position, tag.start()))
            bare.append(outside and "figcaption" not in open_elements)
        name = tag["name"].lower()
        if name in HTML_ATTRIBUTING and not tag["closing"]:
            open_elements.append(name)
        elif name in HTML_ATTRIBUTING and name in open_elements:
            del open_elements[len(open_elements) - 1 - open_elements[::-1].index(name) :]
        elif name in ("q", "blockquote") and tag["closing"] and not open_elements:
            outside = True  # the quote element ends: a <cite> after it is in words
        position = tag.end()
    for (piece_start, piece_end), in_words in zip(pieces, bare, strict=True):
        if _html_attribution(text, piece_start, piece_end) is not None:
            lead = ATTRIBUTION_LEAD.match(text, piece_start, piece_end)
            assert lead is not None  # every part is optional
            return WrittenCitation(lead.end(), piece_end, bare=in_words)
    written = [
        (piece, in_words)
        for piece, in_words in zip(pieces, bare, strict=True)
        if piece[0] < piece[1]
    ]
    name = _html_attribution_as_written(text, [piece for piece, _ in written])
    if not written or name is None:
        return None
    lead = ATTRIBUTION_LEAD.match(text, written[0][0][0], written[-1][0][1])
    assert lead is not None  # every part is optional
    return WrittenCitation(lead.end(), written[-1][0][1], name, bare=written[0][1])


def _cite_attribute(opening: re.Match[str]) -> str | None:
    """The ``cite`` attribute of a quote element's opening tag: the name verification
    resolves (a URL resolves to no source)."""
    found = HTML_CITE_ATTRIBUTE.search(opening.group())
    if found is None:
        return None
    return html.unescape(found["double"] or found["single"] or "").strip() or None


def _html_attribution(text: str, start: int, end: int) -> Marker | None:
    """The citation that is all the text of a ``<cite>`` or ``<footer>`` element, read as an
    attribution line (``— P1 ¶2``, ``Source: P1``, ``[P1 ¶2]``)."""
    start, end = _strip_space(text, start, end)
    lead = ATTRIBUTION_LEAD.match(text, start, end)
    assert lead is not None  # every part is optional
    if lead.end() >= end:
        return None
    return read_citation(text, lead.end(), end, shaped_only=not lead["label"])


def _html_attribution_as_written(text: str, spans: list[tuple[int, int]]) -> str | None:
    """The text of ``<cite>``/``<footer>`` elements that read as no citation piece by piece
    (``<footer>— <cite>Lease 2019</cite>, ¶1</footer>``, ``<cite>Jonas Brandt</cite>``),
    joined, without its dash or label: verification cites the source it names (id, label,
    title, or read as a marker), so a quote attributed to an ineligible source cannot pass
    as uncited on a match elsewhere; a person's name cites nothing."""
    written = " ".join(" ".join(text[start:end] for start, end in spans).split())
    lead = ATTRIBUTION_LEAD.match(written)
    assert lead is not None  # every part is optional
    return written[lead.end() :].strip(HORIZONTAL_SPACE + ".") or None


def _strip_space(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end
