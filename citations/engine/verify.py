"""Verifying a bundle: parse the response, locate every quote, let the policy table decide.

Search order for a quote (003.2, 003.3): the cited paragraph, then the rest of the cited
(primary) source, then the other eligible (secondary) sources in bundle order; at each
place exact first, then normalized. Only when the text is verbatim nowhere is it searched
approximately, in all eligible sources at once, and accepted only when it is clearly one
place (see ``approximate``); a near-verbatim quote that changes a number, a negation or a
word of force is the same passage but another claim (``Finding.CHANGED_CLAIM``), never
corrected. A quote not verbatim as written is searched once more without editorial marks
(``[sic]``, ``[emphasis added]``, ``[T]he``) and, in markdown, as rendered (emphasis markers,
backslash escapes and HTML entities resolved) before the approximate search. A citation
naming several paragraphs (``¶2-4``) is as cited in any of them.
"""

from __future__ import annotations

from dataclasses import replace

from .context.attention import cut_word_attention, omission_attention, quote_context
from .locate import Found, cut_flags, locate
from .matching.languages import paragraph_language
from .matching.match import (
    PreparedSource,
    prepare_sources,
)
from .matching.word_index import word_index
from .policy import Citation, Finding, citation_kind, decide, policy_rule
from .reading.locators import (
    cited_page,
    located_paragraphs,
    names_a_page,
    names_a_section,
    names_a_source,
    split_locator,
)
from .reading.markers import read_citation, without_label
from .reading.parse import parse_response
from .reading.source_names import resolve_source
from .text import LazyPattern
from .types import (
    Attention,
    Bundle,
    Context,
    CorrectedCitation,
    Decision,
    Match,
    ParsedQuote,
    QuoteResult,
    Report,
    Source,
    SourceKind,
    Turn,
    VerificationStatus,
)
from .version import ENGINE_NAME, ENGINE_VERSION

DEFAULT_MIN_SCORE = 0.85  # character similarity of quote and source span for a correction
DEFAULT_MIN_MARGIN = 0.05  # how much better than the best *other* place it must be


def verify_bundle(
    bundle: Bundle,
    *,
    min_score: float = DEFAULT_MIN_SCORE,
    min_margin: float = DEFAULT_MIN_MARGIN,
) -> Report:
    """Verify every quote of ``bundle`` against the sources eligible in its turn.

    Returns the quotes in response order, each with status, reason, match (for an
    unverified quote: the best hint, if any) and the corrected values when corrected.
    ``min_score`` (character similarity of quote and source span) and ``min_margin`` (over
    the best other place) decide when a near-verbatim quote is repaired; both in [0, 1].
    """
    for name, value in (("min_score", min_score), ("min_margin", min_margin)):
        if not 0.0 <= value <= 1.0:
            raise ValueError(f"{name} must be between 0 and 1, not {value!r}")
    parsed = parse_response(bundle.response)
    searchers = prepare_sources(bundle.turn.eligible_sources)
    results = tuple(
        verify_quote(
            quote,
            turn=bundle.turn,
            searchers=searchers,
            min_score=min_score,
            min_margin=min_margin,
        )
        for quote in parsed.quotes
    )
    return Report(
        bundle=bundle.id,
        engine=f"{ENGINE_NAME} {ENGINE_VERSION}",
        results=results,
        notes=parsed.notes,
        json_layout=parsed.json_layout,
    )


def verify_quote(
    quote: ParsedQuote,
    *,
    turn: Turn,
    searchers: dict[str, PreparedSource],
    min_score: float = DEFAULT_MIN_SCORE,
    min_margin: float = DEFAULT_MIN_MARGIN,
) -> QuoteResult:
    """One quote's result; ``searchers`` are the turn's eligible sources, prepared once."""
    quote, cited = _resolve_citation(quote, turn)
    if quote.cited_ref and cited is None:
        citation = Citation.UNKNOWN
    elif cited is not None and not cited.eligible:
        citation = Citation.NOT_ELIGIBLE
    else:
        citation = citation_kind(cited.kind if cited else None)
    cited_id = cited.id if cited else None
    # the strategy that read the citation first: which source a quote claims decides the rest
    read_by = (quote.site.strategy,) if quote.site is not None else ()
    if citation in (Citation.UNKNOWN, Citation.NOT_ELIGIBLE):
        outcome = decide(citation, Finding.NOT_SEARCHED)
        decision = Decision(rules=(*read_by, policy_rule(citation, Finding.NOT_SEARCHED)))
        return QuoteResult(quote, cited_id, outcome.status, outcome.reason, None, None, decision)

    primary = searchers.get(cited_id) if cited_id else None
    secondary = [s for s in searchers.values() if s is not primary]
    on_pages = _paragraphs_on_cited_pages(quote, cited) if cited is not None else ()
    found = locate(
        quote, primary, secondary, min_score=min_score, min_margin=min_margin, on_pages=on_pages
    )
    finding, match = found.finding, found.match
    if finding is Finding.AS_CITED and cited is not None and match is not None:
        finding = _page_finding(quote, cited, match)
    if finding is Finding.APPROXIMATE and _is_email(turn, match):
        finding = Finding.APPROXIMATE_IN_EMAIL
    outcome = decide(citation, finding)
    found_in = turn.source(match.source) if match is not None else None
    if match is not None and found_in is not None and found_in.pages:
        match = replace(match, page=found_in.page_at(match.paragraph, match.start))
    corrected = None
    if match is not None and (outcome.corrects_location or outcome.corrects_text):
        corrected = CorrectedCitation(
            text=corrected_text(match) if outcome.corrects_text else quote.text,
            source=match.source,
            paragraph=match.paragraph,
            page=match.page,
        )
    cut_start, cut_end = _cuts(match, turn) if found.verbatim else (False, False)
    rules = (
        *read_by,
        *found.rules,
        *(["verbatim.cut_start"] if cut_start else []),
        *(["verbatim.cut_end"] if cut_end else []),
        policy_rule(citation, finding),
    )
    decision = Decision(tuple(dict.fromkeys(rules)), found.differences, cut_start, cut_end)
    context: Context | None = None
    attention: tuple[Attention, ...] = ()
    if match is not None and outcome.status in _PASSING:
        context, attention = _context(found, match, searchers[match.source])
    return QuoteResult(
        quote,
        cited_id,
        outcome.status,
        outcome.reason,
        match,
        corrected,
        decision,
        context,
        attention,
    )


_PASSING = (VerificationStatus.VERIFIED, VerificationStatus.CORRECTED)


def _context(
    found: Found, match: Match, searcher: PreparedSource
) -> tuple[Context | None, tuple[Attention, ...]]:
    """A passing quote's context and attention: what of its sentence it leaves out, a word
    it cuts, what a marked omission hid (``context.attention``)."""
    paragraphs = searcher.source.paragraphs
    last = match.continues[-1] if match.continues else match
    language = paragraph_language(searcher, match.paragraph - 1)
    context, attention = quote_context(
        paragraphs,
        match.source,
        match.paragraph - 1,
        match.start,
        last.paragraph - 1,
        last.end,
        language=language,
    )
    if found.verbatim:
        index = word_index(searcher)
        cut = cut_word_attention(
            paragraphs[match.paragraph - 1],
            match.start,
            paragraphs[last.paragraph - 1],
            last.end,
            reads_as_word=lambda fragment: index.stands(fragment) > 0,
        )
        attention = (*attention, cut) if cut is not None else attention
    return context, (*attention, *omission_attention(found.differences))


def _cuts(match: Match | None, turn: Turn) -> tuple[bool, bool]:
    """Whether the verbatim match starts, or ends, inside a word of its source."""
    source = turn.source(match.source) if match is not None else None
    if match is None or source is None:
        return False, False
    return cut_flags(match, source)


# What the source's raw text carries only for layout: a soft hyphen, a hyphen breaking a
# word at a line end, line breaks and runs of spaces.
_LAYOUT_HYPHEN = LazyPattern(r"(?<=[^\W\d_])[-\u00ad]\s*\n\s*(?=[^\W\d_])")
_SOFT_HYPHEN = LazyPattern("[\u00ad\u200b]")
_LAYOUT_SPACE = LazyPattern(r"\s+")


def corrected_text(match: Match) -> str:
    """The source's wording a correction writes into the quote: its raw span cleaned of
    layout residue (soft hyphens removed, line-break hyphens joined, line breaks as spaces).

    >>> from citations.engine.types import MatchMethod, Tier
    >>> corrected_text(Match("D", 1, 0, 20, "Verwal-\\ntung  der\\nStadt", 0.9,
    ...     MatchMethod.APPROXIMATE, Tier.PRIMARY))
    'Verwaltung der Stadt'
    """
    text = _LAYOUT_HYPHEN.sub("", match.text)
    return _LAYOUT_SPACE.sub(" ", _SOFT_HYPHEN.sub("", text)).strip()


def _resolve_citation(quote: ParsedQuote, turn: Turn) -> tuple[ParsedQuote, Source | None]:
    """The source a quote cites (``_resolve_source``), at the place its locator names there."""
    quote, source = _resolve_source(quote, turn)
    if source is not None and quote.attributed_to:
        quote = _at_locator(quote, source, split_locator(quote.attributed_to)[1])
    return quote, source


def _resolve_source(quote: ParsedQuote, turn: Turn) -> tuple[ParsedQuote, Source | None]:
    """The source a quote cites: the name as written (id, label or title), else read as a
    citation marker (``[A1 ¶2]``, ``A1, ¶2``, ``D1 para 2``), whose paragraph counts when the
    quote names none otherwise, else the name in words (``Document A1``: ``Turn.resolve``).
    The quote comes back with the citation as read.

    >>> from citations.engine.types import QuoteForm
    >>> turn = Turn((Source("A1", SourceKind.DOCUMENT, ("x", "y")),))
    >>> quote, source = _resolve_source(ParsedQuote(1, QuoteForm.FIELD, "y", "[A1 ¶2]"), turn)
    >>> quote.cited_ref, quote.cited_paragraph, source.id
    ('A1', 2, 'A1')
    """
    if not quote.cited_ref and quote.attributed_to:
        # "(Kilde: Old memo)": the name after a source label of any language
        unlabelled, labelled = without_label(quote.attributed_to)
        named = _resolve_source(replace(quote, cited_ref=unlabelled), turn)
        if named[1] is not None:
            return named
        # "(Old memo, section 7.3)": the name before its locator, which may name the place
        name, locator = split_locator(unlabelled)
        if locator and name:
            named = _resolve_source(replace(quote, cited_ref=name), turn)
            if named[1] is not None:
                return named
        if locator and not name:
            # "(Art. 5 Abs. 2)": the one source that has such a section
            holding = [s for s in turn.sources if located_paragraphs(s.paragraphs, locator)]
            if len(holding) == 1:
                return replace(quote, cited_ref=holding[0].id), holding[0]
        if labelled or names_a_source(unlabelled):
            # plainly a citation ("Doc F, para 4", "Kilde: AGBALT"), of a source the turn
            # does not have
            return replace(quote, cited_ref=quote.attributed_to), None
    if not quote.cited_ref:
        return quote, None
    resolved = _resolve_reference(quote, turn)
    if resolved[1] is None and quote.attributed_to is None:
        # a field holding a labelled name or a name with a locator ("Источник: OLD, п. 2.1",
        # "Quelle: Mietvertrag 2024, § 4"): read as such a name is in prose
        in_words = replace(quote, cited_ref=None, attributed_to=quote.cited_ref)
        quote_named, cited = _resolve_source(in_words, turn)
        if cited is not None:
            return quote_named, cited
    return resolved


def _resolve_reference(quote: ParsedQuote, turn: Turn) -> tuple[ParsedQuote, Source | None]:
    """The source ``quote.cited_ref`` names: as written, else read as a marker, else as a
    name in words."""
    assert quote.cited_ref
    cited = resolve_source(turn, quote.cited_ref, exact=True)
    marker = read_citation(quote.cited_ref) if cited is None else None
    if marker is None:
        # a name in words: "Document D1", "D1 (Lease 2024)", the source's URL
        return quote, cited or resolve_source(turn, quote.cited_ref)
    source = resolve_source(turn, marker.ref)
    if source is None and (whole := resolve_source(turn, quote.cited_ref)) is not None:
        # a name a marker's grammar misreads ("Schmidt et al. 2015": "al." as a paragraph)
        return quote, whole
    if quote.cited_paragraph is None:
        quote = replace(
            quote,
            cited_ref=marker.ref,
            cited_paragraph=marker.paragraph,
            cited_paragraphs=marker.paragraphs,
        )
    else:
        quote = replace(quote, cited_ref=marker.ref)
    if quote.cited_page is None and marker.page is not None:
        quote = replace(quote, cited_page=marker.page, cited_page_end=marker.page_end)
    return quote, source


def _at_locator(quote: ParsedQuote, source: Source, locator: str) -> ParsedQuote:
    """The quote citing the paragraphs its locator names in ``source`` (a section, ``§7.3``;
    a paragraph, ``para 4``): a section the source has wins over reading ``§ 4`` as the
    fourth paragraph."""
    if locator and names_a_page(locator):
        # "(Smith & Jones, 2020, p. 12)": a page, which no paragraph number stands for
        page = cited_page(locator)
        return replace(
            quote,
            cited_paragraph=None,
            cited_paragraphs=(),
            cited_page=page[0] if page else None,
            cited_page_end=page[1] if page else None,
        )
    paragraphs = located_paragraphs(source.paragraphs, locator) if locator else ()
    if not paragraphs and locator and names_a_section(locator):
        # "§ 3" the source has no section of (or two): it names no paragraph either
        return replace(quote, cited_paragraph=None, cited_paragraphs=())
    if not paragraphs:
        return quote
    more = paragraphs if len(paragraphs) > 1 else ()
    return replace(quote, cited_paragraph=paragraphs[0], cited_paragraphs=more)


def _paragraphs_on_cited_pages(quote: ParsedQuote, cited: Source) -> tuple[int, ...]:
    """The paragraphs (1-based) of a paged source that stand on a page the quote cites.

    >>> from citations.engine.types import MatchMethod, ParagraphPages, QuoteForm, Tier
    >>> source = Source("P", SourceKind.DOCUMENT, ("a", "b", "cd"),
    ...     pages=(ParagraphPages(1), ParagraphPages(2), ParagraphPages(2, (1,))))
    >>> _paragraphs_on_cited_pages(ParsedQuote(1, QuoteForm.INLINE, "x", cited_page=3), source)
    (3,)
    """
    if quote.cited_page is None or not cited.pages:
        return ()
    first, last = quote.cited_page, quote.cited_page_end or quote.cited_page
    return tuple(
        number
        for number, place in enumerate(cited.pages, start=1)
        if place.page <= last and first <= place.page + len(place.breaks)
    )


def _page_finding(quote: ParsedQuote, cited: Source, match: Match) -> Finding:
    """A quote found as cited, with its page checked: on a page of those the citation names
    it stays as cited; elsewhere it is on another page, or the source lacks the cited one.
    Only for a citation naming a page of a source that has pages, where the quote was found.

    >>> from citations.engine.types import MatchMethod, ParagraphPages, QuoteForm, Tier
    >>> source = Source("P", SourceKind.DOCUMENT, ("ab", "cd"),
    ...     pages=(ParagraphPages(1), ParagraphPages(2)))
    >>> at_2 = Match("P", 2, 0, 2, "cd", 1.0, MatchMethod.EXACT, Tier.PRIMARY)
    >>> [_page_finding(ParsedQuote(1, QuoteForm.INLINE, "cd", cited_page=page), source, at_2)
    ...  .value for page in (2, 1, 9)]
    ['as_cited', 'other_page', 'missing_page']
    """
    pages = cited.page_range
    if quote.cited_page is None or pages is None or match.source != cited.id:
        return Finding.AS_CITED
    first, last = quote.cited_page, quote.cited_page_end or quote.cited_page
    spans = [(match.paragraph, match.start, match.end)]
    spans += [(span.paragraph, span.start, span.end) for span in match.continues]
    # the pages the quote starts and ends on: it may run over a page break
    on = [
        cited.page_at(paragraph, offset) or 0
        for paragraph, start, end in spans
        for offset in (start, max(start, end - 1))
    ]
    if min(on) <= last and first <= max(on):
        return Finding.AS_CITED
    if not pages[0] <= first <= pages[1]:
        return Finding.MISSING_PAGE
    return Finding.OTHER_PAGE


def _is_email(turn: Turn, match: Match | None) -> bool:
    source = turn.source(match.source) if match is not None else None
    return source is not None and source.kind is SourceKind.EMAIL_BODY
