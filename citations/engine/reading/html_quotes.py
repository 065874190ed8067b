"""HTML quotes in a markdown response: ``<q>…</q>`` and ``<blockquote>…</blockquote>``, with
their citations: in the element (a ``<cite>`` or ``<footer>``, ``Place.ELEMENT``; ending its
last line of text, ``Place.LAST_LINE``), after its closing tag (``Place.AFTER``), in a
``<figcaption>`` after it, on the line after a block quote (``Place.NEXT_LINE``); else a name
it is attributed to (the element's ``<cite>`` text, a name after it, its ``cite``
attribute), which cites when verification finds a source of that name."""

from __future__ import annotations

import re

from ..text import BLANK_LINE, HORIZONTAL_SPACE, LazyPattern, trim_space
from ..types import CitationSite, ParsedQuote, QuoteForm
from .block_ends import Walked, last_line_citation, next_lines_citation
from .cite_html import (
    HTML_ELEMENT_TAG,
    HTML_QUOTE_OPENING,
    cite_attribute,
    element_site,
    html_attribution_as_written,
)
from .inline_quotes import strip_wrapping_quotes, word_count
from .markdown_lines import line_of
from .markers import Marker
from .spot import Found, Page, Place, Spot
from .strategies import STRATEGY, own_citation, walk

# Tags that end a line of the quote's text; other tags (``<em>``, ``<span>``) are inside one.
HTML_LINE_BREAKING = frozenset(
    {"p", "br", "div", "blockquote", "footer", "li", "ul", "ol", "hr", "h1", "h2", "h3", "h4"}
)
# Elements whose text attributes the quote (``<cite>P1 ¶2</cite>``, ``<footer>— Source:
# P1</footer>``): never quoted text.
HTML_ATTRIBUTION = frozenset({"cite", "footer"})
# HTML's own attribution of a block quote: a ``<figcaption>`` after it in the ``<figure>``.
FIGCAPTION_AFTER = LazyPattern(
    r"[ \t]*\n?[ \t]*<figcaption(?:\s[^<>]*)?>(?P<caption>[^\n]*?)</figcaption>", re.IGNORECASE
)


def find_html_quotes(page: Page, masked: bytearray) -> list[ParsedQuote]:
    """The ``<q>`` and ``<blockquote>`` elements outside code and markdown block quotes
    (``masked``), with their citations. A quote's text is the element's text without tags;
    its extent the element and its citation (a block quote's whole lines when it stands on
    lines of its own)."""
    text = page.text
    quotes: list[ParsedQuote] = []
    position = 0
    closings = _html_closings(text, masked) if "<" in text else {}
    for opening in HTML_QUOTE_OPENING.finditer(text):
        if opening.start() < position or masked[opening.start()]:
            continue
        closing = closings.get(opening.end())
        if closing is None or masked.find(b"\x01", opening.start(), closing.end()) >= 0:
            continue  # an element around code or a markdown block quote: read as what it holds
        quote = _html_quote(page, opening, closing)
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


def _html_quote(page: Page, opening: re.Match[str], closing: re.Match[str]) -> ParsedQuote | None:
    text, lines = page.text, page.lines
    block = opening["name"].lower() == "blockquote"
    form = QuoteForm.BLOCK if block else QuoteForm.INLINE
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
    walked = _element_citation(page, form, attributions)
    named = html_attribution_as_written(text, attributions) if walked is None else None
    while pieces and not text[pieces[-1][0] : pieces[-1][1]].strip():
        pieces.pop()
    if walked is None and pieces:
        last_start, last_end, last_separator = pieces[-1]
        walked, rest = last_line_citation(page, [trim_space(text, last_start, last_end)], form)
        if walked is not None:
            pieces[-1:] = [(start, end, last_separator) for start, end in rest]
    extent_end = closing.end()
    if walked is None:
        after = Spot(Place.AFTER, form, page, closing.end(), len(text), closing.end())
        walked = walk(Place.AFTER, after)
    if walked is not None:
        extent_end = max(extent_end, walked[1].marker.end)
    if walked is None and block and (caption := FIGCAPTION_AFTER.match(text, extent_end)):
        caption_start, caption_end = caption.span("caption")
        position = caption_start  # the caption's text between its tags
        for inner_tag in HTML_ELEMENT_TAG.finditer(text, caption_start, caption_end):
            attributions.append((position, inner_tag.start()))
            position = inner_tag.end()
        attributions.append((position, caption_end))
        walked = _element_citation(page, form, attributions)
        named = html_attribution_as_written(text, attributions) if walked is None else None
        extent_end = caption.end()
    if (
        walked is None
        and extent_end == closing.end()
        and block
        and not text[closing.end() : lines.content_end(line_of(lines, closing.end()))]
    ):
        walked, line = next_lines_citation(page, line_of(lines, closing.end()))
        if walked is not None:
            extent_end = lines.end(line)
    # A name (the element's <cite>, one after it, its cite attribute, in that order) cites
    # when verification finds a source of that name; a marker wins over it.
    if walked is None or walked[1].marker.named:
        found = walked[1].marker if walked else None
        named = named or (found.ref if found else None) or cite_attribute(opening)
        if named:
            cited = Marker(
                ref=named,
                paragraph=found.paragraph if found else None,
                url=None,
                start=extent_end,
                end=extent_end,
                paragraphs=found.paragraphs if found else (),
                named=True,
            )
            # written where the name after the element was read, else in the element
            if walked is not None:
                walked = (walked[0], Found(cited, walked[1].span, named=walked[1].named))
            else:
                walked = (STRATEGY["cite.html"], Found(cited))
    while pieces and not text[pieces[-1][0] : pieces[-1][1]].strip(HORIZONTAL_SPACE + "\n—–-"):
        pieces.pop()  # a dash left before a marker ("… <p>— [P1 ¶2]</p>")
    while pieces and not text[pieces[0][0] : pieces[0][1]].strip():
        pieces.pop(0)
    if not pieces:
        return None
    start = trim_space(text, pieces[0][0], pieces[0][1])[0]
    end = trim_space(text, pieces[-1][0], pieces[-1][1])[1]
    # inside its quotation marks too: <q>"\na"</q> is the quote "a"
    start, end = trim_space(text, *strip_wrapping_quotes(text, start, end))
    quoted = "".join(
        separator + text[max(s, start) : min(e, end)] for s, e, separator in pieces if s < end
    ).strip()
    cites = walked is not None and not (
        walked[1].marker.named and walked[1].marker.paragraph is None
    )
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
    if walked is not None and not block and walked[0].id == "cite.marker":
        # a marker ending a <q>'s text stands inside the element, as inside a closing mark
        written = walked[1].span
        if written is not None and not text[end : written[0]].strip(HORIZONTAL_SPACE):
            walked = (STRATEGY["cite.marker_inside"], walked[1])
    citation = own_citation(walked)
    if walked is not None:
        site = element_site(text, end, extent_end, citation.get("site"))
        citation["site"] = site or CitationSite("cite.html")
    return ParsedQuote(
        n=0,
        form=form,
        text=quoted,
        response_span=(start, end),
        extent=(extent_start, extent_end),
        **citation,
    )


def _element_citation(
    page: Page, form: QuoteForm, attributions: list[tuple[int, int]]
) -> Walked | None:
    """The citation the attributing elements' text reads as (``Place.ELEMENT``)."""
    if not attributions:
        return None
    spot = Spot(Place.ELEMENT, form, page, pieces=tuple(attributions))
    return walk(Place.ELEMENT, spot)
