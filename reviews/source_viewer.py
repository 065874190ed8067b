"""The source pane's reads: one source as the viewer shows it, for a quote (where its text
is, or its hint) or opened on its own, in windows of rendered paragraphs; and the search of
every eligible source a quote found nowhere opens with (issue 31, item 3)."""

from collections.abc import Mapping
from dataclasses import dataclass, replace

from citations.diffs import stored_runs
from citations.engine import Reason, VerificationStatus
from citations.engine.extraction.formats import PDF
from citations.models import Quote, Source

from .models import Assessment
from .paragraphs import RenderedParagraph, paragraph_rendering
from .selectors import source_coverage
from .source_search import (
    SourceSearch,
    found_spans,
    rarest_words,
    search_words,
    source_search,
    stands_as_phrase,
)

PANE_CONTEXT = 12  # paragraphs shown on each side of the focused one; more on request
BROWSE_WINDOW = 60  # paragraphs of a source opened on its own, per request (at most 200)
# characters of one paragraph shown in the pane unless it is asked for whole (around the
# highlight, else its start): 90 paragraphs of 200,000 returned 12 MB of HTML (issue 30)
PARAGRAPH_CHARS_SHOWN = 4_000


@dataclass(frozen=True)
class PdfPage:
    """What the pane's page view shows of a PDF source (issue 34, item 4): page ``number``,
    and ``text``, the quote's matched text on that page, which it highlights ("": none)."""

    number: int
    text: str = ""


@dataclass(frozen=True)
class SourcePane:
    """One source as the viewer shows it: a window of rendered paragraphs, for one quote or
    opened on its own (``quote`` is None), perhaps from a quote's citation (``cited_by``)."""

    quote: Quote | None
    source: Source | None
    total: int  # paragraphs in the source
    focus: int | None  # the paragraph scrolled to
    is_hint: bool  # the highlight is the best guess for an unverified quote, not a match
    paragraphs: list[RenderedParagraph]
    earlier: tuple[int, int] | None  # the next paragraphs to load above / below, if any
    later: tuple[int, int] | None
    cited: int | None = None  # the paragraph the quote cites here, when it is not the focus
    cited_by: int | None = None  # the quote whose citation opened this source
    search: SourceSearch | None = None
    page: PdfPage | None = None  # a PDF source: the page its page view shows

    @property
    def cited_elsewhere(self) -> bool:
        """The quote's text was found away from where the model cited it."""
        quote = self.quote
        if quote is None or quote.cited_source_id is None or self.source is None:
            return False
        return quote.cited_source_id != self.source.pk or quote.cited_paragraph not in (
            None,
            self.focus,
        )


@dataclass(frozen=True)
class SourcesSearch:
    """Words searched in every eligible source of a turn: the sources with hits, each with
    its first ``SOURCES_SEARCH_HITS`` paragraphs and how many there are."""

    find: str
    results: list[tuple[Source, SourceSearch]]
    as_phrase: bool

    @property
    def total(self) -> int:
        return sum(search.total for _, search in self.results)


SOURCES_SEARCH_HITS = 5  # paragraphs listed per source when all sources are searched


def sources_search(*, assessment: Assessment, find: str) -> SourcesSearch:
    """``find`` in every eligible source of the turn, in source order."""
    sources = list(assessment.verification.turn.sources.filter(eligible=True).order_by("pk"))
    words = search_words(find)
    # one reading of the words for all sources, so each source opened from here agrees
    as_phrase = bool(words) and any(stands_as_phrase(s.paragraphs, words) for s in sources)
    results = []
    for source in sources:
        search = source_search(source.paragraphs, find, as_phrase=as_phrase)
        if search.total:
            results.append((source, replace(search, hits=search.hits[:SOURCES_SEARCH_HITS])))
    return SourcesSearch(find=find, results=results, as_phrase=as_phrase)


def found_nowhere_search(
    *, assessment: Assessment, quote: Quote, find: str | None = None
) -> SourcesSearch | None:
    """For a quote found in no source (no match, or only a closest passage as its hint):
    ``find`` searched in every eligible source, by default the quote's rarest words there
    (issue 31)."""
    if quote.status == VerificationStatus.INELIGIBLE:
        return None
    if quote.match_source_id and quote.reason != Reason.NOT_FOUND:
        return None
    if find is None:
        texts = (
            text
            for paragraphs in assessment.verification.turn.sources.filter(
                eligible=True
            ).values_list("paragraphs", flat=True)
            for text in paragraphs
        )
        find = rarest_words(quote.text, texts)
    return sources_search(assessment=assessment, find=find)


def quote_location(quote: Quote) -> tuple[Source | None, int | None, dict[int, tuple[int, int]]]:
    """The source, paragraph and highlighted spans (by paragraph) to show for a quote: where
    its text really is, including the paragraphs it runs on into, else where the model said
    it was."""
    if quote.match_source_id and quote.match_paragraph:
        spans = {}
        if quote.match_start is not None and quote.match_end is not None:
            spans[quote.match_paragraph] = (quote.match_start, quote.match_end)
            spans.update({number: (start, end) for number, start, end in quote.match_continues})
        return quote.match_source, quote.match_paragraph, spans
    if quote.cited_source_id:
        return quote.cited_source, quote.cited_paragraph, {}
    return None, None, {}


def source_pane(
    *,
    assessment: Assessment,
    quote: Quote | None,
    source: Source | None = None,
    start: int | None = None,
    end: int | None = None,
    whole: bool = False,
) -> SourcePane:
    """The source of ``quote`` around where its text is; ``source`` alone: that source as
    opened on its own, from ``start`` to ``end``. Each paragraph is shown in at most
    ``PARAGRAPH_CHARS_SHOWN`` characters (and the highlight), unless ``whole``."""
    if quote is None:
        if source is None:
            return SourcePane(None, None, 0, None, False, [], None, None)
        return source_browse(
            assessment=assessment, source=source, start=start, end=end, whole=whole
        )
    located, focus, spans = quote_location(quote)
    if source is not None and located is not None and source.pk != located.pk:
        focus, spans = None, {}  # the match's place is in another source
    source = source or located
    if source is None:
        return SourcePane(quote, None, 0, None, False, [], None, None)
    texts = _paragraph_texts(source)
    total = len(texts)
    if focus is not None and not 1 <= focus <= total:
        focus, spans = None, {}
    if start is None or end is None:
        centre = focus or 1
        start, end = max(1, centre - PANE_CONTEXT), min(total, centre + PANE_CONTEXT)
    cited = quote.cited_paragraph if quote.cited_source_id == source.pk else None
    paragraphs, earlier, later = _paragraph_window(
        assessment, source, texts, start, end, focus=focus, spans=spans,
        step=2 * PANE_CONTEXT + 1, whole=whole,
        # the hint's differences as the worker diffed them: never diffed in a request
        hint_runs=(quote.page_diff or {}).get("hint", {}) if spans else {},
        left_out=left_out_spans(quote, source) if spans else {},
    )  # fmt: skip
    return SourcePane(
        quote=quote,
        source=source,
        total=total,
        focus=focus,
        page=pdf_page(source, texts, quote=quote, focus=focus, spans=spans),
        # A hint is a highlighted passage: an unverified quote with none is shown without one.
        is_hint=quote.status == VerificationStatus.UNVERIFIED and bool(spans),
        paragraphs=paragraphs,
        earlier=earlier,
        later=later,
        cited=cited if cited != focus else None,
    )


def left_out_spans(quote: Quote, source: Source) -> dict[int, list[tuple[int, int]]]:
    """The parts of the quote's sentence the quote leaves out (its report's ``context``),
    by paragraph number, to be marked apart from the match: empty for a quote that is whole
    sentences or whose context is in another source."""
    context, start, end = quote.context or {}, quote.match_start, quote.match_end
    paragraph = quote.match_paragraph
    if context.get("source") != source.key or start is None or end is None or paragraph is None:
        return {}
    if context.get("paragraph") != paragraph:
        return {}
    # the report's left-out words are the raw text beside the match (a folded full stop is none)
    before, after = len(context.get("left_out_before", "")), len(context.get("left_out_after", ""))
    parts = [(start - before, start), (end, end + after)]
    return {paragraph: [(a, b) for a, b in parts if a < b]}


def source_browse(
    *,
    assessment: Assessment,
    source: Source,
    at: int | None = None,
    find: str = "",
    quote: int | None = None,
    start: int | None = None,
    end: int | None = None,
    whole: bool = False,
) -> SourcePane:
    """``source`` opened on its own: from its start, at paragraph ``at`` (the one a quote's
    citation names, ``quote``) or at the first paragraph with the words ``find``, a window
    of ``BROWSE_WINDOW`` paragraphs that the viewer extends as it scrolls."""
    texts = _paragraph_texts(source)
    total = len(texts)
    search = source_search(texts, find) if find else None
    if at is not None and not 1 <= at <= total:
        at = None
    if at is None and search and search.hits:
        at = search.hits[0].number
    if start is None or end is None:
        start = max(1, at - PANE_CONTEXT) if at else 1
        end = min(total, start + BROWSE_WINDOW - 1)
    paragraphs, earlier, later = _paragraph_window(
        assessment, source, texts, start, end, focus=at, spans={}, step=BROWSE_WINDOW,
        whole=whole, search=search,
    )  # fmt: skip
    return SourcePane(
        quote=None,
        source=source,
        total=total,
        focus=at,
        is_hint=False,
        paragraphs=paragraphs,
        earlier=earlier,
        later=later,
        cited_by=quote,
        search=search,
        page=pdf_page(source, texts, quote=None, focus=at, spans={}),
    )


def pdf_page(
    source: Source,
    texts: list[str],
    *,
    quote: Quote | None,
    focus: int | None,
    spans: dict[int, tuple[int, int]],
) -> PdfPage | None:
    """The page a PDF source's page view shows: where the quote's match starts, else the
    page its citation names, else the focused paragraph's (else the first); with the
    highlighted spans' text that lies on it. None for a source that is no PDF with pages."""
    if source.media_type != PDF or not source.pages:
        return None
    pages = source.pages
    number = None
    if quote is not None and quote.match_source_id == source.pk and quote.match_page:
        number = quote.match_page
    elif quote is not None and quote.cited_source_id == source.pk and quote.cited_page:
        number = quote.cited_page
    elif focus is not None and 1 <= focus <= len(pages):
        number = pages[focus - 1]["page"]
    number = number or pages[0]["page"]
    on_page = [
        texts[paragraph - 1][max(start, page_start) : min(end, page_end)]
        for paragraph, (start, end) in sorted(spans.items())
        if 1 <= paragraph <= min(len(texts), len(pages))
        for page_start, page_end in [
            _page_bounds(pages[paragraph - 1], len(texts[paragraph - 1]), number)
        ]
        if max(start, page_start) < min(end, page_end)
    ]
    return PdfPage(number=number, text=" ".join(on_page))


def _page_bounds(entry: dict, length: int, number: int) -> tuple[int, int]:
    """Where page ``number`` lies in a paragraph whose ``pages`` entry is ``entry`` (the page
    it starts on, and where each later page begins in it); (0, 0) when not on that page."""
    bounds = [0, *entry["breaks"], length]
    index = number - entry["page"]
    if not 0 <= index < len(bounds) - 1:
        return 0, 0
    return bounds[index], bounds[index + 1]


def _paragraph_texts(source: Source) -> list[str]:
    return Source.objects.values_list("paragraphs", flat=True).get(pk=source.pk)


def _paragraph_window(
    assessment: Assessment,
    source: Source,
    texts: list[str],
    start: int,
    end: int,
    *,
    focus: int | None,
    spans: dict[int, tuple[int, int]],
    step: int,
    whole: bool = False,
    hint_runs: Mapping[str, list[list[str]]] | None = None,
    left_out: Mapping[int, list[tuple[int, int]]] | None = None,
    search: SourceSearch | None = None,
) -> tuple[list[RenderedParagraph], tuple[int, int] | None, tuple[int, int] | None]:
    """Paragraphs ``start`` to ``end`` rendered (excerpts of long ones unless ``whole``),
    and the ranges to load before and after. ``hint_runs``: a hint's stored differences
    by paragraph number; ``left_out``: what the quote leaves out of its sentence, by
    paragraph number; ``search``: its words marked wherever it found them."""
    total = len(texts)
    start, end = max(1, start), min(total, end)
    coverage = source_coverage(assessment=assessment, source=source)
    words = search_words(search.find) if search else []
    paragraphs = [
        paragraph_rendering(
            number,
            texts[number - 1],
            covered_spans=coverage.get(number, []),
            mark=spans.get(number),
            is_focus=number == focus,
            max_chars=None if whole else PARAGRAPH_CHARS_SHOWN,
            differences=stored_runs((hint_runs or {}).get(str(number))),
            found=found_spans(texts[number - 1], words, as_phrase=search.as_phrase)
            if search and words
            else None,
            left_out=(left_out or {}).get(number),
        )
        for number in range(start, end + 1)
    ]
    earlier = (max(1, start - step), start - 1) if start > 1 else None
    later = (end + 1, min(total, end + step)) if end < total else None
    return paragraphs, earlier, later
