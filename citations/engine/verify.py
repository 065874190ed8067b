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

import html
import re
from collections.abc import Sequence
from dataclasses import replace

from .approximate import (
    HINT_SCORE,
    Candidate,
    candidates,
    cleaned_match,
    elided_match,
    reported_score,
)
from .markers import read_citation
from .match import (
    PreparedSource,
    exact_in_paragraph,
    match_from_spans,
    normalized_in_paragraph,
    prepare_sources,
    verbatim_in_source,
)
from .normalize import fold_text
from .parse import parse_response
from .policy import Citation, Finding, citation_kind, decide
from .types import (
    Bundle,
    CorrectedCitation,
    Match,
    MatchMethod,
    ParsedQuote,
    QuoteForm,
    QuoteResult,
    Report,
    Source,
    SourceKind,
    Span,
    Tier,
    Turn,
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
            quote, turn=bundle.turn, searchers=searchers, min_score=min_score, min_margin=min_margin
        )
        for quote in parsed.quotes
    )
    return Report(
        bundle=bundle.id,
        engine=f"{ENGINE_NAME} {ENGINE_VERSION}",
        results=results,
        notes=parsed.notes,
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
    if citation in (Citation.UNKNOWN, Citation.NOT_ELIGIBLE):
        outcome = decide(citation, Finding.NOT_SEARCHED)
        return QuoteResult(quote, cited_id, outcome.status, outcome.reason, None, None)

    primary = searchers.get(cited_id) if cited_id else None
    secondary = [s for s in searchers.values() if s is not primary]
    finding, match = _locate_verbatim(quote, primary, secondary)
    plain = _without_markup(quote)
    if match is None and plain is not quote:
        finding, match = _locate_verbatim(plain, primary, secondary)
    if match is None:
        finding, match = _locate_approximately(
            plain, primary, secondary, min_score=min_score, min_margin=min_margin
        )
    if finding is Finding.APPROXIMATE and _is_email(turn, match):
        finding = Finding.APPROXIMATE_IN_EMAIL
    outcome = decide(citation, finding)
    corrected = None
    if match is not None and (outcome.corrects_location or outcome.corrects_text):
        corrected = CorrectedCitation(
            text=match.text if outcome.corrects_text else quote.text,
            source=match.source,
            paragraph=match.paragraph,
        )
    return QuoteResult(quote, cited_id, outcome.status, outcome.reason, match, corrected)


def _resolve_citation(quote: ParsedQuote, turn: Turn) -> tuple[ParsedQuote, Source | None]:
    """The source a quote cites: the name as written (id, label or title), else read as a
    citation marker (``[A1 ¶2]``, ``A1, ¶2``, ``D1 para 2``), whose paragraph counts when the
    quote names none otherwise, else the name in words (``Document A1``: ``Turn.resolve``).
    The quote comes back with the citation as read.

    >>> turn = Turn((Source("A1", SourceKind.DOCUMENT, ("x", "y")),))
    >>> quote, source = _resolve_citation(ParsedQuote(1, QuoteForm.FIELD, "y", "[A1 ¶2]"), turn)
    >>> quote.cited_ref, quote.cited_paragraph, source.id
    ('A1', 2, 'A1')
    """
    if not quote.cited_ref and quote.attributed_to:
        named = _resolve_citation(replace(quote, cited_ref=quote.attributed_to), turn)
        if named[1] is not None:
            return named
    if not quote.cited_ref:
        return quote, None
    cited = turn.resolve(quote.cited_ref, exact=True)
    marker = read_citation(quote.cited_ref) if cited is None else None
    if marker is None:
        # a name in words: "Document D1", "D1 (Lease 2024)", the source's URL
        return quote, cited or turn.resolve(quote.cited_ref)
    if quote.cited_paragraph is None:
        quote = replace(
            quote,
            cited_ref=marker.ref,
            cited_paragraph=marker.paragraph,
            cited_paragraphs=marker.paragraphs,
        )
    else:
        quote = replace(quote, cited_ref=marker.ref)
    return quote, turn.resolve(marker.ref)


def _is_email(turn: Turn, match: Match | None) -> bool:
    source = turn.source(match.source) if match is not None else None
    return source is not None and source.kind is SourceKind.EMAIL_BODY


def _locate_verbatim(
    quote: ParsedQuote, primary: PreparedSource | None, secondary: Sequence[PreparedSource]
) -> tuple[Finding, Match | None]:
    text = quote.text.strip()
    if not text:
        return Finding.NOWHERE, None
    folded = _unwrap(fold_text(text))
    if primary is not None:
        # The cited paragraph, or each of those a citation such as "¶2-4" names.
        wanted = quote.cited_paragraphs or (
            (quote.cited_paragraph,) if quote.cited_paragraph is not None else ()
        )
        for paragraph in wanted:
            span = exact_in_paragraph(text, primary, paragraph)
            method = MatchMethod.EXACT
            if span is None:
                span, method = (
                    normalized_in_paragraph(folded, primary, paragraph),
                    MatchMethod.NORMALIZED,
                )
            if span is not None:
                return Finding.AS_CITED, _match([span], primary, method, Tier.PRIMARY)
        spans, method = verbatim_in_source(text, folded, primary)
        if spans:
            paragraphs = {s.paragraph for s in spans}
            finding = (
                Finding.AS_CITED
                if not wanted or paragraphs.intersection(wanted)
                else Finding.OTHER_PARAGRAPH
            )
            return finding, _match(spans, primary, method, Tier.PRIMARY)
    elsewhere = Finding.OTHER_SOURCE if primary is not None else Finding.AS_CITED
    for searcher in secondary:
        spans, method = verbatim_in_source(text, folded, searcher)
        if spans:
            return elsewhere, _match(spans, searcher, method, Tier.SECONDARY)
    return Finding.NOWHERE, None


# Emphasis a model puts on words inside a markdown quote ("is **fixed** for"): markup,
# not quoted text; an escaped mark (``\*``) is no emphasis.
_EMPHASIS = re.compile(r"(?<![\w*_\\])(\*{1,3}|_{1,3})(?=\S)(.+?)(?<=[^\s\\])\1(?![\w*_])", re.S)
# Editorial marks of a quoting writer, in any quote: a note in brackets or parentheses ("[sic]",
# "(emphasis added)", "[Hervorhebung d. Verf.]"), and a letter bracketed to change its case at
# a sentence's start ("[T]he"). They add nothing the source would have to say.
_EDITORIAL_NOTE = re.compile(
    r"[ \t]*[\[(](?:sic!?|(?:emphasis|italics) (?:added|mine|supplied|in original)"
    r"|hervorhebung[^\])\n]{0,30}|herv\.[^\])\n]{0,30})[\])]",
    re.IGNORECASE,
)
_ALTERED_LETTER = re.compile(r"\[([^\W\d_])\](?=[^\W\d_])")
# A backslash escape of markdown (``\|`` in a table cell, ``\*``) renders as its character.
_BACKSLASH_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")


def _without_markup(quote: ParsedQuote) -> ParsedQuote:
    """A quote without editorial marks (``[sic]``, ``(emphasis added)``, ``[T]he``), with HTML
    entities (``&amp;``) resolved and, in markdown, as rendered: emphasis markers and
    backslash escapes (``\\|``) resolved; the quote itself when there are none. Searched
    only when the quote as written is not verbatim anywhere, so a source that has the marks
    itself still matches as written.

    >>> _without_markup(ParsedQuote(1, QuoteForm.INLINE, "is **fixed** &amp; _final_")).text
    'is fixed & final'
    >>> _without_markup(ParsedQuote(1, QuoteForm.INLINE, r"5 EUR \\| 2% \\*net\\*")).text
    '5 EUR | 2% *net*'
    >>> _without_markup(ParsedQuote(1, QuoteForm.FIELD, "[T]he fee [sic] is due")).text
    'The fee is due'
    >>> _without_markup(ParsedQuote(1, QuoteForm.FIELD, "Smith &amp; Sons")).text
    'Smith & Sons'
    """
    plain = _ALTERED_LETTER.sub(r"\1", _EDITORIAL_NOTE.sub("", quote.text))
    if quote.form is not QuoteForm.FIELD:
        plain = _BACKSLASH_ESCAPE.sub(r"\1", _EMPHASIS.sub(r"\2", plain))
    # Entities too in a JSON field: a model escapes "&" as "&amp;" in JSON as in HTML.
    plain = html.unescape(plain)
    return quote if plain == quote.text else replace(quote, text=plain)


def _unwrap(folded: str) -> str:
    """The folded quote without a pair of quotation marks around all of it: they mark the
    quote, they are not part of it.

    >>> _unwrap('"die regel gilt"'), _unwrap('"nein" sagen wir "ja"')
    ('die regel gilt', '"nein" sagen wir "ja"')
    """
    if len(folded) > 2 and folded[0] == folded[-1] and folded[0] in "\"'":
        inner = folded[1:-1]
        if folded[0] not in inner:
            return inner.strip()
    return folded


def _match(
    spans: Sequence[Span], searcher: PreparedSource, method: MatchMethod, tier: Tier
) -> Match:
    return match_from_spans(spans, source=searcher.id, score=1.0, method=method, tier=tier)


def _locate_approximately(
    quote: ParsedQuote,
    primary: PreparedSource | None,
    secondary: Sequence[PreparedSource],
    *,
    min_score: float,
    min_margin: float,
) -> tuple[Finding, Match | None]:
    folded = fold_text(quote.text)
    ordered = ([primary] if primary is not None else []) + list(secondary)
    cited_paragraph = quote.cited_paragraph if primary is not None else None
    cleaned = cleaned_match(folded, ordered, cited_paragraph=cited_paragraph)
    if cleaned is not None:
        return Finding.APPROXIMATE, _approximate_match(cleaned, primary, folded)
    elided = elided_match(folded, ordered)
    if elided is not None:
        return Finding.APPROXIMATE, _approximate_match(elided, primary, folded)
    sentence_start = quote.text.strip()[:1].isupper()
    found: list[Candidate] = []
    for searcher in ordered:
        found.extend(
            candidates(folded, searcher, min_score=min_score, sentence_start=sentence_start)
        )
    if not found:
        return Finding.NOWHERE, None
    found.sort(key=lambda c: -c.score)  # stable: on a tie the primary source comes first
    best = found[0]
    if primary is not None and cited_paragraph is not None:
        # A passage the source repeats: of its equally good places, the cited one.
        cited = (primary.id, cited_paragraph)
        best = next(
            (
                c
                for c in found
                if c.key == best.key
                and c.score == best.score
                and (c.source, c.span.paragraph) == cited
            ),
            best,
        )
    rival = next((c for c in found if c.key != best.key), None)
    clear = rival is None or best.score - rival.score >= min_margin
    if best.sound and clear:
        finding = Finding.CHANGED_CLAIM if best.changes_claim else Finding.APPROXIMATE
        return finding, _approximate_match(best, primary, folded)
    if best.score >= HINT_SCORE:
        return Finding.NOWHERE, _approximate_match(best, primary, folded)
    return Finding.NOWHERE, None


def _approximate_match(candidate: Candidate, primary: PreparedSource | None, folded: str) -> Match:
    tier = (
        Tier.PRIMARY if primary is not None and candidate.source == primary.id else Tier.SECONDARY
    )
    return match_from_spans(
        [candidate.span],
        source=candidate.source,
        score=reported_score(folded, candidate),
        method=MatchMethod.APPROXIMATE,
        tier=tier,
    )
