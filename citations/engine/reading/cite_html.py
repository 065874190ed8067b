"""HTML's own ways of attributing a quote, as models write them in markdown answers: a
``<cite>`` or ``<footer>`` in the quote element, a ``<figcaption>`` after it, a ``<cite>``
in words after a quote, the element's ``cite`` attribute: the ``cite.html`` strategy, and
where such a citation is written (the element's text, never its tags, so an export
rewriting it keeps them)."""

from __future__ import annotations

import html as html_text
import re
from dataclasses import dataclass, replace

from ..text import HORIZONTAL_SPACE, LazyPattern, trim_space
from ..types import CitationSite
from .cite_after import (
    ATTRIBUTION_LEAD,
    HTML_ATTRIBUTION_TAG,
    PROSE_CITATION_AFTER,
    read_words_after,
)
from .markers import MARKER, Marker, after_flags, read_citation
from .spot import Found, Place, Spot

HTML_QUOTE_OPENING = LazyPattern(r"<(?P<name>q|blockquote)(?:\s[^<>]*)?>", re.IGNORECASE)
HTML_ELEMENT_TAG = LazyPattern(r"<(?P<closing>/)?(?P<name>[A-Za-z][A-Za-z0-9]*)(?:\s[^<>]*)?/?>")
# The ``cite`` attribute names where the quote is from: a source's id, label or title cites it
# (``<q cite="P0">``); a URL names no source (``<blockquote cite="https://…">``).
HTML_CITE_ATTRIBUTE = LazyPattern(
    r"""\scite[ \t]*=[ \t]*(?:"(?P<double>[^"<>]*)"|'(?P<single>[^'<>]*)')""", re.IGNORECASE
)
# Elements that attribute a quote (``<cite>P1 ¶2</cite>``, ``<footer>— Source: P1</footer>``):
# their text is the quote's marker, never quoted text; a ``<figcaption>`` after it too.
HTML_ATTRIBUTION = frozenset({"cite", "footer"})
HTML_ATTRIBUTING = HTML_ATTRIBUTION | {"figcaption"}


def html(spot: Spot) -> Found | None:
    """``cite.html``: in the quote element, the text of a ``<cite>`` or ``<footer>`` (or of
    the ``<figcaption>`` after it) that reads as a citation (``<footer>— Source: P1,
    ¶2</footer>``; ``Spot.pieces``); after a quote, a citation in words in such an element
    (``(<cite>S1, ¶3</cite>)``). A name there that reads as none, and the element's ``cite``
    attribute, are names the HTML reader falls back on."""
    text = spot.text
    if spot.place is Place.AFTER:
        words = PROSE_CITATION_AFTER.match(text, spot.after)
        if words is None or not HTML_ATTRIBUTION_TAG.search(text, *words.span("written")):
            return None
        found = read_words_after(text, words)
        if found is None:
            return None
        end = after_flags(text, words.end())
        written = html_attribution_citation(text, spot.start, end)
        if written is None:
            return Found(replace(found, start=spot.after, end=end), words.span("written"))
        return Found(
            replace(found, start=spot.after, end=end),
            (written.start, written.end),
            named=written.name is not None,
            bare=written.bare,
        )
    for start, end in spot.pieces:
        found = html_attribution(text, start, end)
        if found is not None:
            return Found(found)
    return None


def html_attribution(text: str, start: int, end: int) -> Marker | None:
    """The citation that is all the text of a ``<cite>`` or ``<footer>`` element, read as an
    attribution line (``— P1 ¶2``, ``Source: P1``, ``[P1 ¶2]``)."""
    start, end = trim_space(text, start, end)
    lead = ATTRIBUTION_LEAD.match(text, start, end)
    assert lead is not None  # every part is optional
    if lead.end() >= end:
        return None
    return read_citation(text, lead.end(), end, shaped_only=not lead["label"])


def html_attribution_as_written(text: str, spans: list[tuple[int, int]]) -> str | None:
    """The text of ``<cite>``/``<footer>`` elements that read as no citation piece by piece
    (``<footer>— <cite>Lease 2019</cite>, ¶1</footer>``, ``<cite>Jonas Brandt</cite>``),
    joined, without its dash or label: verification cites the source it names (id, label,
    title, or read as a marker), so a quote attributed to an ineligible source cannot pass
    as uncited on a match elsewhere; a person's name cites nothing."""
    written = " ".join(" ".join(text[start:end] for start, end in spans).split())
    lead = ATTRIBUTION_LEAD.match(written)
    assert lead is not None  # every part is optional
    return written[lead.end() :].strip(HORIZONTAL_SPACE + ".") or None


def cite_attribute(opening: re.Match[str]) -> str | None:
    """The ``cite`` attribute of a quote element's opening tag: the name verification
    resolves (a URL resolves to no source)."""
    found = HTML_CITE_ATTRIBUTE.search(opening.group())
    if found is None:
        return None
    return html_text.unescape(found["double"] or found["single"] or "").strip() or None


@dataclass(frozen=True, slots=True)
class Written:
    """Where a citation without brackets is written: ``text[start:end]``. ``name`` is set
    when it is a name in words (``Jonas Brandt``), which cites only when it names a known
    source. ``bare``: a new citation written there has no brackets (``S1 ¶2``), which would
    make it a marker of its own."""

    start: int
    end: int
    name: str | None = None
    bare: bool = False


def html_attribution_citation(text: str, start: int, end: int) -> Written | None:
    """The citation written in a ``<cite>``, ``<footer>`` or ``<figcaption>`` element in
    ``text[start:end]``, the part of a quote's extent after its text: the text of the first
    element piece that reads as a citation, without a dash or label before it
    (``<footer>— Source: S1, ¶3</footer>``); else all their text as a name (``name`` set:
    ``<footer>— Jonas Brandt</footer>``, which cites only when it names a known source).
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
            pieces.append(trim_space(text, position, tag.start()))
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
        if html_attribution(text, piece_start, piece_end) is not None:
            lead = ATTRIBUTION_LEAD.match(text, piece_start, piece_end)
            assert lead is not None  # every part is optional
            return Written(lead.end(), piece_end, bare=in_words)
    written = [
        (piece, in_words)
        for piece, in_words in zip(pieces, bare, strict=True)
        if piece[0] < piece[1]
    ]
    name = html_attribution_as_written(text, [piece for piece, _ in written])
    if not written or name is None:
        return None
    lead = ATTRIBUTION_LEAD.match(text, written[0][0][0], written[-1][0][1])
    assert lead is not None  # every part is optional
    return Written(lead.end(), written[-1][0][1], name, bare=written[0][1])


def element_site(text: str, start: int, end: int, site: CitationSite | None) -> CitationSite | None:
    """Where the citation of an HTML quote is written, ``text[start:end]`` being its extent
    after its text and ``site`` where the strategy that read it says: when an attribution
    element stands there, the html strategy's: its markers in brackets, else the element's
    text (``html_attribution_citation``), else ``site``'s place."""
    if not HTML_ATTRIBUTION_TAG.search(text, start, end):
        return site
    markers = list(MARKER.finditer(text, start, end))
    if markers:
        written_markers = (markers[0].start(), markers[-1].end())
        return CitationSite("cite.html", written_markers, link=any(m["url"] for m in markers))
    written = html_attribution_citation(text, start, end)
    if written is not None:
        named = written.name is not None
        return CitationSite(
            "cite.html", (written.start, written.end), named=named, bare=written.bare
        )
    if site is None or site.span is None:
        return None
    return CitationSite("cite.html", site.span, named=site.named)
