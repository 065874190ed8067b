"""Where each quote's citation of a markdown response was written (``CitationSite``), found
once when the response is read, so that the report can say which strategy read it and the
export rewrites a corrected citation in its place without reading the response again.

A quote citing with its own citation has it in its extent, after its text: markers (a run
counts as one), else footnote references, else a citation without brackets (an HTML
attribution's text, words, an attribution line). Sites of citations written for others
(the sentence's, a heading's, a lead-in's) are set where the parser reads them.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..types import CitationSite, ParsedQuote, QuoteForm
from .html_quotes import html_attribution_citation
from .markdown_markers import written_citation
from .markers import FOOTNOTE_REFERENCE, HORIZONTAL_SPACE, MARKER, footnote_label

# An HTML element attributing a quote, between its text and its citation.
_HTML_ATTRIBUTION = re.compile(r"<(?:footer|cite|figcaption)\b", re.IGNORECASE)


def with_citation_sites(text: str, quotes: list[ParsedQuote]) -> list[ParsedQuote]:
    """``quotes`` with the site of each one's citation; an uncited quote has none."""
    return [replace(quote, site=citation_site(text, quote)) for quote in quotes]


def citation_site(text: str, quote: ParsedQuote) -> CitationSite | None:
    """The site of ``quote``'s citation as the parser read it: what its extent holds after
    its text, under the strategy that read it (one written for others, set by the parser,
    keeps what the quote's extent holds: ``"…" (¶3)`` under a heading naming the source).

    >>> text = 'It says "rent is due" [D1 ¶2](https://x.test) and "pets" (Lease, §4).'
    >>> site = citation_site(text, ParsedQuote(1, QuoteForm.INLINE, "rent is due", "D1",
    ...     response_span=(9, 20), extent=(8, 45)))
    >>> site.strategy, text[slice(*site.span)], site.link
    ('cite.marker', '[D1 ¶2](https://x.test)', True)
    """
    if quote.cited_ref is None and quote.attributed_to is None and quote.site is None:
        return None
    written = _written_site(text, quote)
    if quote.site is None:
        if written is not None:
            return written
        # a name in the element's cite attribute, or the line introducing a block quote
        html = quote.extent is not None and text[quote.extent[0]] == "<"
        return CitationSite("cite.html" if html else "cite.lead_in_marker")
    if written is None:
        return quote.site
    return replace(written, strategy=quote.site.strategy)


def _written_site(text: str, quote: ParsedQuote) -> CitationSite | None:
    if quote.extent is None:
        return None
    if quote.response_span is None:
        return None
    span_end, extent_end = quote.response_span[1], quote.extent[1]
    html = _HTML_ATTRIBUTION.search(text, span_end, extent_end) is not None
    markers = list(MARKER.finditer(text, span_end, extent_end))
    if markers:
        between = text[span_end : markers[0].start()]
        inside = text[markers[-1].end() : extent_end].strip(HORIZONTAL_SPACE) != ""
        return CitationSite(
            _strategy_of(quote, between, html, inside=inside),
            (markers[0].start(), markers[-1].end()),
            link=any(found["url"] for found in markers),
        )
    references = list(FOOTNOTE_REFERENCE.finditer(text, span_end, extent_end))
    if references and not html:
        named = quote.cited_ref is None and quote.attributed_to is not None
        # a number no definition explains names the source labelled so ("[3]", "³"); one a
        # reference list defines by a title is a footnote read as a name
        numbered = named and quote.attributed_to == footnote_label(references[0])
        return CitationSite(
            "cite.numbered_reference" if numbered else "cite.footnote",
            (references[0].start(), references[-1].end()),
            named=named,
        )
    written = html_attribution_citation(text, span_end, extent_end)
    if written is not None:
        strategy = "cite.html"
    else:
        written = written_citation(text, span_end, extent_end)
        if written is None:
            return None
        strategy = _strategy_of(quote, text[span_end : written.start], html)
        if strategy == "cite.marker":
            strategy = "cite.in_words"
    return CitationSite(
        strategy, (written.start, written.end), named=written.name is not None, bare=written.bare
    )


def _strategy_of(quote: ParsedQuote, between: str, html: bool, *, inside: bool = False) -> str:
    """Which strategy read a citation written ``between`` after the quote's text (``inside``:
    its closing mark follows it)."""
    if html:
        return "cite.html"
    if "\n" in between:
        return "cite.attribution_line" if quote.form is QuoteForm.BLOCK else "cite.next_line"
    if quote.form is QuoteForm.INLINE and inside and not between.strip(HORIZONTAL_SPACE):
        return "cite.marker_inside"
    return "cite.marker"
