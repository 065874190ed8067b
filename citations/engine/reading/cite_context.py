"""The strategies that read a citation written for other quotes too: a marker in the
quote's sentence, one introducing it with a colon, an id its lead-in names, its heading's
or label line's. They run once every quote of the response is read with its own citation
(:mod:`.strategies` walks them in order for each quote); each takes the quote as read so
far (``Spot.quote``) and returns it with the citation it reads, or None. The writer cites
the sentence or section: read as uncited, the quote would be searched everywhere and pass
on a match in an eligible source while the citation names an ineligible one."""

from __future__ import annotations

import bisect
import re
from dataclasses import replace

from ..text import HORIZONTAL_SPACE, LazyPattern
from ..types import CitationSite, ParsedQuote, QuoteForm
from .markers import (
    MARKER,
    PARAGRAPH_LEAD,
    PARAGRAPH_WORD,
    PARENTHESIZED_ID,
    Marker,
    find_marker,
    quote_citation,
)
from .spot import Page, Spot

# Where a sentence (or a table cell) ends: a marker after it cites nothing before it.
SENTENCE_END = LazyPattern(r"[.!?](?=[\s\"'”’)\]*_]|$)|\|")
LEAD_IN_COLON = LazyPattern(r"(?:\*\*|__|\*|_)?[ \t]*:")
# A marker and colon right before the quote introduce it: "(D1 ¶3): „…“", "(D0 ¶2):** „…“".
INTRODUCING = LazyPattern(r"(?:\*\*|__|\*|_)?[ \t]*:(?:\*\*|__|\*|_)?[ \t]*")
# A sentence's end before a quote's lead-in: a full stop then a capital or a quotation mark
# ("… in Abs. 3 says" goes on).
LEAD_IN_SENTENCE_END = LazyPattern(r"[.!?][)\]\"'”’*_]*\s+(?=[A-ZÄÖÜ\"“„«])")
# A source named only to set it apart: "Unlike D0, the new lease says", "anders als D0".
CONTRASTED = LazyPattern(
    r"(?:unlike|other[ \t]+than|rather[ \t]+than|instead[ \t]+of|except|anders[ \t]+als"
    r"|im[ \t]+Gegensatz[ \t]+zu|statt|abweichend[ \t]+von)[ \t]+(?:(?:the|dem|der)[ \t]+)?$",
    re.IGNORECASE,
)
# A source id in a lead-in: as in a heading (``BARE_SOURCE_ID``), also just inside a
# parenthesis that the quote closes: 'in advance (D1 ¶3: "…")'.
LEAD_IN_ID = LazyPattern(
    r"(?<![\w/#.\[-])[A-Za-z][A-Za-z_-]{0,15}\d[A-Za-z0-9_.-]{0,10}(?![\w\]-])"
)
LEAD_IN_PARAGRAPH = LazyPattern(rf"{PARAGRAPH_LEAD}(?P<number>\d{{1,9}})")
# The site a context strategy gives a quote when it has no citation of its own written:
# the walk stamps the strategy's id on it.
UNWRITTEN = CitationSite("")


# Strategies ------------------------------------------------------------------------------


def sentence(spot: Spot) -> ParsedQuote | None:
    """``cite.sentence``: an inline quote without a citation of its own takes the source
    of the next marker in its sentence (``"A" and "B" [S1 ¶2]``, ``"A", says the minute
    [S1].``), else of the last one before it when no quote stands between and it does not
    introduce the quote (``Per the 2019 lease [S0 ¶1], "A".``). Only the source: which
    paragraph holds "A" the marker does not say (one "A" names alone, ``"A" (¶3)``, stays)."""
    page, quote = _page(spot), spot.quote
    index = _inline_index(page, quote)
    if index is None or quote is None or quote.extent is None:
        return None
    position = quote.extent[1]
    # A stop right where the quote ends counts: '"…"' then a blank line then '[S1]'.
    next_stop = bisect.bisect_left(page.stops, position)
    limit = page.stops[next_stop] if next_stop < len(page.stops) else len(page.text)
    # the inline quotes are handed over with an index, not sliced: a copy per quote made
    # a table of n quoted rows cost n² (32,000 rows: 10 s)
    cited = _sentence_citation(page, position, limit, index + 1)
    if cited is None:
        lead_in = _lead_in_citation(page, quote.extent[0], index)
        if lead_in is None or lead_in[1] is not None:
            return None
        cited = lead_in[0].ref
    return replace(quote, cited_ref=cited, site=UNWRITTEN)


def lead_in_marker(spot: Spot) -> ParsedQuote | None:
    """``cite.lead_in_marker``: a marker introducing the quote with a colon right before it
    (``Beleg 1 (D1, Abs. 3): „A“``, ``**Beleg (D0 Abs. 2):** „A“``), which cites its
    paragraph too; for a block quote, the last marker of the line introducing it with a
    colon, right before it or one blank line up (``From the 2019 lease [OLD ¶1]:``)."""
    page, quote = _page(spot), spot.quote
    if quote is None or quote.extent is None:
        return None
    first_line = page.block_first_line.get(quote.extent)
    if first_line is not None:
        if quote.site is not None:
            return None
        found = _introducing_line(page, first_line)
        return replace(quote, **quote_citation(found), site=UNWRITTEN) if found else None
    index = _inline_index(page, quote)
    if index is None:
        return None
    lead_in = _lead_in_citation(page, quote.extent[0], index)
    if lead_in is None:
        return None
    marker, introducing = lead_in
    if introducing is None:
        return None
    cited = replace(
        quote,
        cited_ref=marker.ref,
        site=CitationSite("", introducing.span(), link=bool(introducing["url"])),
    )
    if quote.cited_paragraph is None and marker.paragraph is not None:
        cited = replace(cited, cited_paragraph=marker.paragraph, cited_paragraphs=marker.paragraphs)
    if quote.cited_page is None and marker.page is not None:
        cited = replace(cited, cited_page=marker.page, cited_page_end=marker.page_end)
    return cited


def lead_in_name(spot: Spot) -> ParsedQuote | None:
    """``cite.lead_in_name``: an inline quote still without a citation takes the one source
    id the words before it in its sentence name, and the paragraph written after it:
    ``According to D0 (¶3): "…"``, ``In D0 ¶3 the lease says "…"``, ``D1 states in
    paragraph 3 that "…"``. A name: it cites only when it is a known source's id, label or
    title, so a "Q3" costs nothing. Two ids, a marker in the lead-in, or an id named to set
    it apart (``Unlike D0,``) name none."""
    page, quote = _page(spot), spot.quote
    if (
        quote is None
        or quote.form is not QuoteForm.INLINE
        or quote.cited_ref is not None
        or quote.attributed_to is not None
        or quote.extent is None
    ):
        return None
    text, position = page.text, quote.extent[0]
    previous_stop = bisect.bisect_right(page.stops, position) - 1
    start = page.stops[previous_stop] if previous_stop >= 0 else 0
    before = page.previous_extent.get(quote.extent)
    if before is not None:
        start = max(start, min(before[1], position))
    start = max([start, *(m.end() for m in LEAD_IN_SENTENCE_END.finditer(text, start, position))])
    lead_in = text[start:position]
    ids = list(LEAD_IN_ID.finditer(lead_in))
    if (
        len({found.group() for found in ids}) != 1
        or MARKER.search(lead_in)
        or CONTRASTED.search(lead_in, 0, ids[0].start())
    ):
        return None
    paragraph = LEAD_IN_PARAGRAPH.search(lead_in, ids[0].end())
    number = int(paragraph["number"]) if paragraph else 0
    return replace(
        quote, attributed_to=ids[0].group(), cited_paragraph=number or None, site=UNWRITTEN
    )


def heading(spot: Spot) -> ParsedQuote | None:
    """``cite.heading``: a quote still without a citation (a marker, a name, its sentence's
    marker) takes the source of the innermost heading or label line citing where it stands
    (one with a marker before one with a name only, as sub-headings name topics). A name in
    its lead-in gives way to a marker there (``### Old lease (D0)`` over ``In Q3 …``, where
    "Q3" would name nothing), not to a heading's words (``## Lease review``)."""
    page, quote = _page(spot), spot.quote
    if quote is None or quote.extent is None or quote.cited_ref is not None:
        return None
    lead_in = quote.site is not None and quote.site.strategy == "cite.lead_in_name"
    if quote.attributed_to is not None and not lead_in:
        return None
    position = quote.extent[0]
    inside = page.scopes_at(position)
    if lead_in:
        inside = [s for s in inside if not s[2].named and s[2].ref != quote.attributed_to]
        quote = replace(quote, cited_paragraph=None) if inside else quote
    if not inside:
        return None
    # A marker before a name ("## Lease (D1)" over "### Rent"), then the innermost.
    citation = max(inside, key=lambda scope: (not scope[2].named, scope[0]))[2]
    fields = quote_citation(citation)
    return replace(
        quote,
        cited_ref=fields["cited_ref"],
        attributed_to=fields["attributed_to"],
        site=UNWRITTEN,
    )


# Sentences and lead-ins ------------------------------------------------------------------


def _page(spot: Spot) -> Page:
    assert spot.page is not None
    return spot.page


def _inline_index(page: Page, quote: ParsedQuote | None) -> int | None:
    """Where an inline quote without a citation of its own stands among the inline quotes
    (None for another quote, or one that cites)."""
    if (
        quote is None
        or quote.cited_ref is not None
        or quote.attributed_to is not None
        or quote.extent is None
    ):
        return None  # a name of its own ("…" (Lease Agreement)) is closer than the sentence's
    return page.inline_index.get(quote.extent)


def _sentence_citation(page: Page, position: int, limit: int, first: int) -> str | None:
    """The source of the first marker from ``position`` on in the same sentence (before
    ``limit``): one in the prose, or that of a following quote of the sentence (the page's
    inline quotes from ``first`` on). Each place walked from is remembered on the page with
    the answer, so every quote of a sentence is walked over once, not once per quote."""
    text, quotes, known = page.text, page.inline, page.sentence_citations
    walked: list[tuple[int, int, int]] = []
    cited: str | None = None
    for k in range(first, len(quotes) + 1):
        place = (position, k, limit)
        if place in known:
            cited = known[place]
            break
        walked.append(place)
        quote = quotes[k] if k < len(quotes) else None
        if quote is None or quote.extent is None or quote.extent[0] >= limit:
            cited = _marker_in_sentence(text, position, limit)
            break
        start, end = quote.extent
        if _sentence_ends(text, position, start) or MARKER.search(text, position, start):
            cited = _marker_in_sentence(text, position, start)
            break
        if quote.cited_ref is not None:
            cited = quote.cited_ref
            break
        position = end
    known.update(dict.fromkeys(walked, cited))
    return cited


def _lead_in_citation(
    page: Page, position: int, index: int
) -> tuple[Marker, re.Match[str] | None] | None:
    """The last bracketed marker before ``position`` in the same sentence, after the
    preceding quote (``page.inline[index - 1]``, whose marker is its own); one in
    parentheses only when a colon follows it: ``The 2019 lease (S0 ¶1): "…"``. With the
    marker's match when it introduces the quote with a colon right before it, and then only
    its paragraph: which paragraph holds a quote later in the sentence (``Per the 2019 lease
    [S0 ¶1], "…"``) it does not say."""
    text, stops = page.text, page.stops
    previous_stop = bisect.bisect_right(stops, position) - 1
    start = stops[previous_stop] if previous_stop >= 0 else 0
    preceding = page.inline[index - 1].extent if index > 0 else None
    if preceding is not None:
        start = max(start, preceding[1])
    found = [
        m
        for m in MARKER.finditer(text, start, position)
        if not m["paren"] or LEAD_IN_COLON.match(text, m.end())
    ]
    if not found or _sentence_ends(text, found[-1].end(), position):
        return None
    marker = find_marker(text, found[-1].start(), parenthesized=True)
    assert marker is not None  # a MARKER match is a marker
    introducing = INTRODUCING.match(text, found[-1].end())
    if introducing is None or introducing.end() != position:
        return replace(marker, paragraph=None, paragraphs=()), None
    written = _introducing_marker(text, min(_after(page.inline, index), position), position)
    cited = find_marker(text, written.start(), parenthesized=True) if written else None
    if (
        written is None
        or cited is None
        or (cited.ref, cited.paragraph)
        != (
            marker.ref,
            marker.paragraph,
        )
    ):
        return replace(marker, paragraph=None, paragraphs=()), None
    return marker, written


def _after(quotes: list[ParsedQuote], index: int) -> int:
    """Where the quotes before ``index`` end (a quote may hold another)."""
    ends = (quotes[k].extent for k in range(index))
    return max((extent[1] for extent in ends if extent is not None), default=0)


def _introducing_marker(text: str, start: int, position: int) -> re.Match[str] | None:
    """The marker that introduces the quote at ``position`` with a colon right before it,
    on its line after ``start`` (``Beleg 1 (D1, Abs. 3): „…“``, ``**Beleg (D0 Abs. 2):**
    „…“``): where it is written, what an export rewrites.

    >>> text = "Beleg 1 (D1, Abs. 3): „A“"
    >>> _introducing_marker(text, 0, text.index("„")).group()
    '(D1, Abs. 3)'
    """
    line_start = text.rfind("\n", start, position) + 1
    found = list(MARKER.finditer(text, max(start, line_start), position))
    if not found:
        return None
    introducing = INTRODUCING.match(text, found[-1].end())
    return found[-1] if introducing is not None and introducing.end() == position else None


def _marker_in_sentence(text: str, start: int, end: int) -> str | None:
    """The source of the first bracketed marker in ``text[start:end]`` unless the sentence
    ends before it."""
    found = next((m for m in MARKER.finditer(text, start, end) if not m["paren"]), None)
    if found is None or _sentence_ends(text, start, found.start()):
        return None
    return found["ref"]


def _sentence_ends(text: str, start: int, end: int) -> bool:
    return SENTENCE_END.search(text, start, end) is not None


def _introducing_line(page: Page, first: int) -> Marker | None:
    """The last marker of the line that introduces a block quote with a colon, right before
    it or one blank line up: ``From the 2019 lease [OLD ¶1]:``, ``The clause (D1 ¶3):``."""
    text, lines = page.text, page.lines
    for line in (first - 1, first - 2):
        if line < 0:
            break
        start, end = lines.start(line), lines.content_end(line)
        if not text[start:end].strip():
            continue
        if not text[start:end].rstrip().endswith(":"):
            return None
        found = list(MARKER.finditer(text, start, end))
        return find_marker(text, found[-1].start(), parenthesized=True) if found else None
    return None


# Headings and label lines ----------------------------------------------------------------

# Words before the name of a source in a heading or label: "From the lease", "Quotes from the
# Lease Agreement", "Aus dem Mietvertrag", "Zitate aus der Mail".
CONTEXT_LEAD = LazyPattern(
    r"(?:(?:key[ \t]+)?quot(?:es|ations)[ \t]+|zitate[ \t]+)?"
    r"(?:from|in|according[ \t]+to|aus|laut|gemäß|nach)[ \t]+(?:(?:the|dem|der|den|des)[ \t]+)?",
    re.IGNORECASE,
)
# A source id in a heading's words ("### D1 – Lease Agreement"); "Q3" may be one too, so it
# cites only when verification finds a source of that id.
BARE_SOURCE_ID = LazyPattern(
    r"(?<![\w/#.\[(-])[A-Za-z][A-Za-z_-]{0,15}\d[A-Za-z0-9_.-]{0,10}(?![\w\]-])"
)
CONTEXT_DECORATION = HORIZONTAL_SPACE + "#*_`:"
ANOTHER_CITATION = LazyPattern(rf"[,;][ \t]*(?!{PARAGRAPH_WORD})[A-Za-z]")
MAX_NAME_WORDS = 6


def context_citation(text: str, start: int, end: int) -> Marker | None:
    """The source a heading or a label line (``**From the lease (D1):**``) names for the
    quotes under it, or None when it names several or none. Only the source: which
    paragraph holds each quote it does not say. A marker whose id has a source id's shape
    cites (``(D1)``, ``[S1]``); anything else is a name that cites only when verification
    resolves it (``[Draft]``, a bare ``D1`` in the words, ``Lease Agreement``)."""
    found = list(MARKER.finditer(text, start, end))
    if len({m["ref"] for m in found}) > 1 or any(
        ANOTHER_CITATION.search(text, m.end("ref"), m.end()) for m in found
    ):
        return None
    if found:
        ref = found[-1]["ref"]
        shaped = re.match(PARENTHESIZED_ID, ref) is not None
        return Marker(ref=ref, paragraph=None, url=None, start=start, end=end, named=not shaped)
    written = " ".join(text[start:end].strip(CONTEXT_DECORATION).split())
    ids = set(BARE_SOURCE_ID.findall(written))
    if len(ids) > 1:
        return None
    if ids:
        name = ids.pop()
    else:
        lead = CONTEXT_LEAD.match(written)
        name = written[lead.end() :] if lead else written
        if not name or len(name.split()) > MAX_NAME_WORDS:
            return None
    return Marker(ref=name, paragraph=None, url=None, start=start, end=end, named=True)
