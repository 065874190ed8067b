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
from dataclasses import dataclass, replace

from rapidfuzz.distance import Indel

from .context.attention import cut_word_attention, omission_attention, quote_context
from .matching.approximate import (
    HINT_SCORE,
    MIN_WORDS,
    WORD,
    Candidate,
    Place,
    assess,
    clean_quote,
    cleaned_match,
    elided_match,
    places,
    reported_score,
    word_index,
)
from .matching.edits import claim_rules, preserves_claim
from .matching.languages import paragraph_language
from .matching.match import (
    LONGEST_WORD,
    PreparedSource,
    continues_word,
    exact_in_paragraph,
    match_from_spans,
    normalized_in_paragraph,
    prepare_sources,
    refused_cut,
    starts_inside,
    verbatim_in_source,
)
from .matching.mojibake import find_with_gaps, repair_mojibake
from .matching.normalize import fold_text
from .matching.shortlist import sources_to_align
from .matching.words import (
    ARTICLES,
    CONJUNCTIONS,
    CONNECTIVES,
    DEMONSTRATIVES,
    FOCUS_WORDS,
    FUNCTION_WORDS,
    PRONOUNS,
    connective_prefix,
    word_claim,
)
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
    Difference,
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
    found = _locate(
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
    found: _Found, match: Match, searcher: PreparedSource
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


@dataclass(frozen=True, slots=True)
class _Found:
    """Where a quote was found, and by which rules."""

    finding: Finding
    match: Match | None
    rules: tuple[str, ...] = ()
    differences: tuple[Difference, ...] = ()
    verbatim: bool = False


def _locate(
    quote: ParsedQuote,
    primary: PreparedSource | None,
    secondary: Sequence[PreparedSource],
    *,
    min_score: float,
    min_margin: float,
    on_pages: tuple[int, ...] = (),
) -> _Found:
    """Verbatim in one of the quote's readings (``_verbatim_readings``), else repaired
    mojibake, else near-verbatim (``_locate_approximately``); ``on_pages``: the paragraphs
    of the cited pages, searched first."""
    readings = _verbatim_readings(quote)
    ends_sentence = quote.text.rstrip()[-1:] in _STOPS
    for reading, rules in readings:
        finding, match = _locate_verbatim(reading, primary, secondary, on_pages)
        if match is not None and ends_sentence and _ends_inside_word(match, primary, secondary):
            continue  # "onward." is no cut of "onwards": the quote says where it ends
        if match is not None:
            method = "verbatim.exact" if match.method is MatchMethod.EXACT else "verbatim.folded"
            match = _with_edge_marks(match, reading.text, primary, secondary)
            return _Found(finding, match, (method, *rules), verbatim=True)
    cut = _locate_refused_cut(quote, primary, secondary)
    if cut is not None:
        return cut
    repaired = (
        _locate_interpolated(quote, primary, secondary)
        or _locate_after_link(quote, primary, secondary)
        or _locate_repaired(quote, primary, secondary)
    )
    if repaired is None:
        plain = readings[1][0] if len(readings) > 1 and readings[1][1] == _EDITORIAL else quote
        repaired = _locate_approximately(
            plain, primary, secondary, min_score=min_score, min_margin=min_margin
        )
    return repaired


_LETTERS = LazyPattern(r"[^\W\d_]+")


def _searcher_of(
    match: Match, primary: PreparedSource | None, secondary: Sequence[PreparedSource]
) -> PreparedSource:
    """The prepared source a match was found in."""
    return next(s for s in (primary, *secondary) if s is not None and s.id == match.source)


_EDITORIAL = ("verbatim.editorial_mark",)
_STOPS = ".,;:!?"


def _ends_inside_word(
    match: Match, primary: PreparedSource | None, secondary: Sequence[PreparedSource]
) -> bool:
    searcher = _searcher_of(match, primary, secondary)
    return _cut_flags(match, searcher.source)[1]


_EDGE_ELLIPSIS = LazyPattern(
    r"^\s*(?:\.{3}|…|\[\s*(?:\.{3}|…)\s*\]|\(\s*(?:\.{3}|…)\s*\))\s*"
    r"|\s*(?:\.{3}|…|\[\s*(?:\.{3}|…)\s*\]|\(\s*(?:\.{3}|…)\s*\))\s*$"
)
_CLOSING_PUNCTUATION = LazyPattern(r"(?<=\w)[.,]\s*$")
# A PDF line-break hyphen copied into a word ("Verwal-tung"), or a compound the source
# hyphenates at a line break ("well-\nknown", which folding joins): tried without it.
_COPIED_HYPHEN = LazyPattern(r"(?<=[^\W\d_])-(?=[^\W\d_])")


def _verbatim_readings(quote: ParsedQuote) -> list[tuple[ParsedQuote, tuple[str, ...]]]:
    """The quote as written, then as the source would have it without what the definition
    of verbatim ignores on the quote's side, each with the rules that say so: editorial
    marks, a truncation mark at either end, a full stop or comma inside the closing mark.

    >>> quote = ParsedQuote(1, QuoteForm.INLINE, "… it is due.")
    >>> for reading, rules in _verbatim_readings(quote):
    ...     print(repr(reading.text), rules)
    '… it is due.' ()
    'it is due.' ('verbatim.edge_ellipsis',)
    '… it is due' ('verbatim.closing_punctuation',)
    'it is due' ('verbatim.edge_ellipsis', 'verbatim.closing_punctuation')
    """
    readings: list[tuple[ParsedQuote, tuple[str, ...]]] = [(quote, ())]
    plain = _without_markup(quote)
    if plain is not quote:
        readings.append((plain, _EDITORIAL))
    cleanups = [
        (_COPIED_HYPHEN, "verbatim.folded"),
        (_EDGE_ELLIPSIS, "verbatim.edge_ellipsis"),
    ]
    cleanups.append((_CLOSING_PUNCTUATION, "verbatim.closing_punctuation"))
    for pattern, rule in cleanups:
        for reading, rules in list(readings):
            text = pattern.sub("", reading.text)
            if text != reading.text and text.strip():
                readings.append((replace(reading, text=text), (*rules, rule)))
    return readings


def _locate_refused_cut(
    quote: ParsedQuote, primary: PreparedSource | None, secondary: Sequence[PreparedSource]
) -> _Found | None:
    """A quote that is the source's text only when cut inside a number ("5 days" of "15
    days"): the passage is the hint of a changed claim."""
    folded = fold_text(quote.text)
    for searcher in [primary, *secondary] if primary is not None else secondary:
        spans = refused_cut(folded, searcher)
        if spans:
            tier = Tier.PRIMARY if searcher is primary else Tier.SECONDARY
            match = match_from_spans(
                spans, source=searcher.id, score=1.0, method=MatchMethod.NORMALIZED, tier=tier
            )
            first, last = spans[0], spans[-1]
            raw = searcher.source.paragraphs[first.paragraph - 1]
            if starts_inside(raw, first.start):
                cut, whole = quote.text.split()[0], _word_around(raw, first.start)
            else:
                raw = searcher.source.paragraphs[last.paragraph - 1]
                cut, whole = quote.text.split()[-1], _word_around(raw, last.end - 1)
            difference = Difference("claim.cut_word", cut, whole)
            return _Found(Finding.CHANGED_CLAIM, match, ("claim.cut_word",), (difference,))
    return None


def _word_around(text: str, inside: int) -> str:
    """The word or number of ``text`` holding the character at ``inside`` ("1,500", "-12")."""
    start, end = inside, inside
    first, last = max(0, inside - LONGEST_WORD), min(len(text), inside + LONGEST_WORD)
    while start > first and (text[start - 1].isalnum() or text[start - 1] in "-.,"):
        start -= 1
    while end < last and (text[end].isalnum() or text[end] in "-.,"):
        end += 1
    return text[start:end].strip("-.,")


# Words a quoting writer puts in brackets inside a quote to say what a word refers to
# ("sie [die Grundsteuer] ist"): between two words of the quote, one to six words long,
# without digits (a number is a claim; "[S1]" a marker), neither an omission ("[…]"), a
# link's text ("[the policy](…)") nor a marker or note the other readings handle.
_INTERPOLATION = LazyPattern(
    r"(?<=[^\s.!?\[\]])[ \t]*\[(?P<inserted>[^\[\]\n\d…¶§]{2,80}?)\](?!\()[ \t]*"
    r"(?=[^\s\[\]])"
)
# what is in brackets but no insertion: a citation's label, a note the other readings know
_NOT_INSERTED = LazyPattern(
    r"\s*(?:cite|sources?|quellen?|ref\.?)\s*:|\s*(?:sic|emphasis|hervorh|cite_start|cite_end|\.\.\.)",
    re.IGNORECASE,
)
_MAX_INTERPOLATED_WORDS = 6


def _locate_interpolated(
    quote: ParsedQuote, primary: PreparedSource | None, secondary: Sequence[PreparedSource]
) -> _Found | None:
    """A quote that is verbatim once the writer's bracketed insertions are taken out: the
    insertions are not the source's, so it is corrected to the source's text without them
    (``edit.interpolation``), never verified with them. Only an insertion that says what a
    pronoun before it refers to ("sie [die Grundsteuer]"), holds no word of a claim (not
    "[not]", "[only]", "[twice]") and names what the passage's paragraph names before it: a
    referent the source does not mention there is not what the pronoun means. Which of two
    things named there a pronoun means is not checked."""
    inserted = [
        found
        for found in _INTERPOLATION.finditer(quote.text)
        if 1 <= len(found["inserted"].split()) <= _MAX_INTERPOLATED_WORDS
        and any(char.isalpha() for char in found["inserted"])
        and not _NOT_INSERTED.match(found["inserted"])
        and _after_pronoun(quote.text, found.start())
        and not any(word_claim(w) for w in fold_text(found["inserted"]).split())
    ]
    if not inserted:
        return None
    spans = {found.span() for found in inserted}
    plain = _INTERPOLATION.sub(
        lambda found: " " if found.span() in spans else found.group(), quote.text
    )
    plain = " ".join(plain.split())
    _, match = _locate_verbatim(replace(quote, text=plain), primary, secondary)
    if match is None or len(plain.split()) < MIN_WORDS:
        return None
    searcher = _searcher_of(match, primary, secondary)
    before = _text_before(searcher.source, match)
    if not all(_named_before(found["inserted"], before) for found in inserted):
        return None
    rivals = [(f["inserted"], r) for f in inserted if (r := _rival_referent(f["inserted"], before))]
    if rivals:
        differences = tuple(Difference("claim.referent", f"[{i}]", r) for i, r in rivals)
        return _Found(Finding.CHANGED_CLAIM, match, ("claim.referent",), differences)
    differences = tuple(
        Difference("edit.interpolation", f"[{f['inserted']}]", "") for f in inserted
    )
    return _Found(Finding.APPROXIMATE, match, ("edit.interpolation",), differences)


def _locate_after_link(
    quote: ParsedQuote, primary: PreparedSource | None, secondary: Sequence[PreparedSource]
) -> _Found | None:
    """A quote that is verbatim once the link a model put in front of it is taken out
    ("Therefore the board must …" of "The board must …", "Daher setzen sich …" of "…,
    setzen sich …"): the link is not the source's, so it is corrected to the source's words
    (``edit.opening_connective``). Only a quote that opens as a sentence does (a capital
    letter), and only a passage that opens a sentence or a clause of the source: "und
    Krankenversicherung" of "und gesetzlicher Krankenversicherung" is no link put in front.
    Not a link that also focuses the phrase after it ("Auch Kinder dürfen …" says others may
    too), nor a passage right after a word that negates or restricts it."""
    words = quote.text.split()
    if not words or words[0][:1].islower():
        return None
    opening = [fold_text(word).strip(_LINK_PUNCTUATION) for word in words[:_MAX_LINK_WORDS]]
    for size in range(1, connective_prefix(opening) + 1):
        if FOCUS_WORDS.intersection(opening[:size]):
            return None
        rest = " ".join(words[size:]).lstrip(_LINK_PUNCTUATION + " ")
        if len(rest.split()) < MIN_WORDS:
            return None
        _, match = _locate_verbatim(replace(quote, text=rest), primary, secondary)
        if match is None:
            continue
        searcher = _searcher_of(match, primary, secondary)
        paragraph = searcher.source.paragraphs[match.paragraph - 1]
        before = paragraph[max(0, match.start - _CLAUSE_OPENING_CHARS) : match.start]
        opens = match.start == 0 or _CLAUSE_OPENS.search(before)
        if opens and not _ends_with_link(before):
            link = Difference("edit.opening_connective", " ".join(words[:size]), "")
            return _Found(Finding.APPROXIMATE, match, ("edit.opening_connective",), (link,))
    return None


def _ends_with_link(text: str) -> bool:
    """Whether ``text`` ends with a connective ("However, "): a passage after the source's
    own link, which a quote's other link would swap, not add to."""
    words = [fold_text(word) for word in _LETTERS.findall(text)][-_MAX_LINK_WORDS:]
    return any(" ".join(words[k:]) in CONNECTIVES for k in range(len(words)))


# Where a sentence or a clause opens after a paragraph's start: after a full stop, a comma
# or a colon (and any quotation marks), then spaces
_CLAUSE_OPENS = LazyPattern(r"[.!?;:,…][\"'„“”«»‚‘’)\]]*\s+[\"'„“”«»‚‘’(]*$")
_CLAUSE_OPENING_CHARS = 40
_MAX_LINK_WORDS = 3  # "in this context", "par ailleurs", "darüber hinaus"
_LINK_PUNCTUATION = ",;:"


_INSERTION_CONTEXT = 2000  # characters before the passage in which a referent is looked for


def _after_pronoun(text: str, position: int) -> bool:
    """Whether the word before ``position`` is a pronoun or demonstrative ("sie", "it")."""
    words = fold_text(text[max(0, position - 40) : position]).split()
    return bool(words) and words[-1].strip(",;:") in PRONOUNS | DEMONSTRATIVES


def _text_before(source: Source, match: Match) -> str:
    """The passage's paragraph before it, where a referent it speaks of is named."""
    before = source.paragraphs[match.paragraph - 1][: match.start]
    return before[-_INSERTION_CONTEXT:]


def _named_before(inserted: str, before: str) -> bool:
    """Whether the source names, before the passage, every content word of an insertion."""
    named = set(_WORDS.findall(fold_text(before)))
    content = [w for w in _WORDS.findall(fold_text(inserted)) if w not in ARTICLES]
    return bool(content) and all(word in named for word in content)


_WORDS = LazyPattern(r"\w+")


def _rival_referent(inserted: str, before: str) -> str:
    """Another thing the pronoun may mean, named from the sentence where the source last
    names the insertion's referent up to the passage, or "": then which one it means is not
    read. With the insertion's article, another thing named with it ("The Landlord shall
    notify the Tenant before it [the Tenant] terminates": it is the Landlord); without one,
    for a name another word there written with a capital ("Smith met Jones. He [Jones]
    agreed"), or a word joined to the referent by "and", "or" or a comma ("Tenants and landlords
    register. They [tenants] pay").

    >>> _rival_referent("the Tenant", "The Landlord shall notify the Tenant before")
    'landlord'
    >>> _rival_referent("die Grundsteuer", "Die Grundsteuer ist neu. Ihr Aufkommen fließt. Wenn")
    ''
    >>> _rival_referent("Jones", "Smith met Jones on Monday. "), _rival_referent("tenants",
    ...     "Tenants and landlords register by May. ")
    ('smith', 'landlords')
    """
    words = _WORDS.findall(fold_text(inserted))
    folded = fold_text(before)
    bare = len(words) < 2 or words[0] not in ARTICLES
    head = words[0] if bare else words[1]
    named = [found.start() for found in re.finditer(rf"\b{re.escape(head)}\b", folded)]
    if not words or not named:
        return ""
    opening = max((m.end() for m in _SENTENCE_END.finditer(folded, 0, named[-1])), default=0)
    if not bare:
        rivals = re.finditer(rf"\b{re.escape(words[0])}\s+(\w+)", folded[opening:])
        return next((m[1] for m in rivals if m[1] != head), "")
    # the raw text keeps the capitals; folding keeps its length where they stand
    stretch = before[-(len(folded) - opening) :] if len(folded) == len(before) else before
    capitals = (
        fold_text(word)
        for word in _CAPITAL_WORD.findall(stretch if inserted[:1].isupper() else "")
        if fold_text(word) not in words and fold_text(word) not in FUNCTION_WORDS
    )
    joined = (
        found[1] or found[2]
        for found in _coordinated(head).finditer(folded[opening:])
        if (found[1] or found[2]) not in FUNCTION_WORDS
    )
    return next(capitals, "") or next(joined, "")


_CAPITAL_WORD = LazyPattern(r"\b[^\W\d_a-z][\w'’-]*")


def _coordinated(head: str) -> re.Pattern[str]:
    """Words joined to ``head`` by a conjunction or a comma, before it or after it."""
    joining = "|".join(sorted(map(re.escape, CONJUNCTIONS)))
    return re.compile(
        rf"\b(\w+)\s*(?:,|\s(?:{joining}))\s+{re.escape(head)}\b"
        rf"|\b{re.escape(head)}\s*(?:,|\s(?:{joining}))\s+(\w+)"
    )


_SENTENCE_END = LazyPattern(r"[.!?;]\s")


def _locate_repaired(
    quote: ParsedQuote, primary: PreparedSource | None, secondary: Sequence[PreparedSource]
) -> _Found | None:
    """A mis-decoded quote (mojibake) found verbatim once decoded as it was meant: the
    quote's text is not the source's, so it is repaired (``edit.mojibake``)."""
    for repaired in repair_mojibake(quote.text):
        folded = clean_quote(fold_text(repaired))
        if len(WORD.findall(folded)) < MIN_WORDS:  # a Chinese character is a word
            continue
        for searcher in [primary, *secondary] if primary is not None else secondary:
            place = find_with_gaps(searcher.norm_joined, folded)
            if place is None:
                continue
            spans = searcher.spans(*place)
            if len(spans) != 1:
                return None
            tier = Tier.PRIMARY if searcher is primary else Tier.SECONDARY
            match = match_from_spans(
                spans,
                source=searcher.id,
                score=round(Indel.normalized_similarity(quote.text, spans[0].text), 4),
                method=MatchMethod.APPROXIMATE,
                tier=tier,
            )
            difference = Difference("edit.mojibake", quote.text, spans[0].text)
            return _Found(Finding.APPROXIMATE, match, ("edit.mojibake",), (difference,))
    return None


_QUOTATION_MARKS = "'\"‘’‚‛“”„‟«»‹›`´"


def _with_edge_marks(
    match: Match, text: str, primary: PreparedSource | None, secondary: Sequence[PreparedSource]
) -> Match:
    """The match with the quotation mark the quote opens with taken in when the source has
    one there too (folding drops marks, so the span starts at the word): a quote of
    "„Faktenprüfer" und …" highlights the source's „ as well."""
    text = text.strip()
    if match.continues or not text or text[0] not in _QUOTATION_MARKS or match.start == 0:
        return match
    searcher = _searcher_of(match, primary, secondary)
    raw = searcher.source.paragraph(match.paragraph) or ""
    if raw[match.start - 1] not in _QUOTATION_MARKS:
        return match
    start = match.start - 1
    return replace(match, start=start, text=raw[start : match.end])


def _cuts(match: Match | None, turn: Turn) -> tuple[bool, bool]:
    """Whether the verbatim match starts, or ends, inside a word of its source."""
    source = turn.source(match.source) if match is not None else None
    if match is None or source is None:
        return False, False
    return _cut_flags(match, source)


def _cut_flags(match: Match, source: Source) -> tuple[bool, bool]:
    first = source.paragraph(match.paragraph) or ""
    last_span = match.continues[-1] if match.continues else None
    last = source.paragraph(last_span.paragraph) if last_span else first
    end = last_span.end if last_span else match.end
    last = last or ""
    cut_end = 0 < end < len(last) and continues_word(last[end - 1]) and continues_word(last[end])
    return starts_inside(first, match.start), cut_end


# What the source's raw text carries only for layout: a soft hyphen, a hyphen breaking a
# word at a line end, line breaks and runs of spaces.
_LAYOUT_HYPHEN = LazyPattern(r"(?<=[^\W\d_])[-\u00ad]\s*\n\s*(?=[^\W\d_])")
_SOFT_HYPHEN = LazyPattern("[\u00ad\u200b]")
_LAYOUT_SPACE = LazyPattern(r"\s+")


def corrected_text(match: Match) -> str:
    """The source's wording a correction writes into the quote: its raw span cleaned of
    layout residue (soft hyphens removed, line-break hyphens joined, line breaks as spaces).

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

    >>> from citations.engine.types import ParagraphPages
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

    >>> from citations.engine.types import ParagraphPages
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


def _locate_verbatim(
    quote: ParsedQuote,
    primary: PreparedSource | None,
    secondary: Sequence[PreparedSource],
    on_pages: tuple[int, ...] = (),
) -> tuple[Finding, Match | None]:
    text = quote.text.strip()
    if not text:
        return Finding.NOWHERE, None
    folded = fold_text(text)
    if primary is not None:
        # The cited paragraph, or each of those a citation such as "¶2-4" names; else those
        # of a cited page (a passage the source repeats is as cited on its cited page).
        wanted = quote.cited_paragraphs or (
            (quote.cited_paragraph,) if quote.cited_paragraph is not None else ()
        )
        for paragraph in wanted or on_pages:
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
_EMPHASIS = LazyPattern(r"(?<![\w*_\\])(\*{1,3}|_{1,3})(?=\S)(.+?)(?<=[^\s\\])\1(?![\w*_])", re.S)
# Editorial marks of a quoting writer, in any quote: a note in brackets or parentheses ("[sic]",
# "(emphasis added)", "[Hervorhebung d. Verf.]"), and a letter bracketed to change its case at
# a sentence's start ("[T]he"). They add nothing the source would have to say.
_EDITORIAL_NOTE = LazyPattern(
    r"[ \t]*[\[(](?:sic!?|(?:emphasis|italics) (?:added|mine|supplied|in original)"
    r"|hervorhebung[^\])\n]{0,30}|herv\.[^\])\n]{0,30})[\])]",
    re.IGNORECASE,
)
_ALTERED_LETTER = LazyPattern(r"\[([^\W\d_])\](?=[^\W\d_])")
# A backslash escape of markdown (``\|`` in a table cell, ``\*``) renders as its character.
_BACKSLASH_ESCAPE = LazyPattern(r"\\([!-/:-@\[-`{-~])")


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
) -> _Found:
    """The one passage a near-verbatim quote is, named edit by edit: with citation markers
    copied into it, with marked omissions, or aligned word by word. Every path ends in the
    same test (``edits.preserves_claim``): repaired only when every difference is a named
    claim-preserving edit, else the passage is the hint of a changed claim."""
    folded = fold_text(quote.text)
    ordered = ([primary] if primary is not None else []) + list(secondary)
    cited_paragraph = quote.cited_paragraph if primary is not None else None
    best = cleaned_match(folded, ordered, cited_paragraph=cited_paragraph) or elided_match(
        folded, ordered
    )
    if best is None:
        best, clear = _best_aligned(
            quote, folded, ordered, primary, min_score=min_score, min_margin=min_margin
        )
        if best is None:
            return _Found(Finding.NOWHERE, None)
        claims = claim_rules(list(best.differences))
        if clear and not best.sound and best.same_passage and claims:
            match = _approximate_match(_hint(best), primary, folded)
            return _Found(Finding.CHANGED_CLAIM, match, tuple(claims), best.differences)
        if not (best.sound and clear):
            hint = (
                _approximate_match(_hint(best), primary, folded)
                if best.score >= HINT_SCORE
                else None
            )
            return _Found(Finding.NOWHERE, hint, differences=best.differences if hint else ())
    differences = list(best.differences)
    match = _approximate_match(best, primary, folded)
    if preserves_claim(differences):
        rules = tuple(dict.fromkeys(d.kind for d in differences))
        return _Found(Finding.APPROXIMATE, match, rules, tuple(differences))
    return _Found(Finding.CHANGED_CLAIM, match, tuple(claim_rules(differences)), tuple(differences))


def _best_aligned(
    quote: ParsedQuote,
    folded: str,
    ordered: Sequence[PreparedSource],
    primary: PreparedSource | None,
    *,
    min_score: float,
    min_margin: float,
) -> tuple[Candidate | None, bool]:
    """The best word-aligned place, read edit by edit, and whether it is clearly better than
    any other."""
    sentence_start = quote.text.strip()[:1].isupper()
    found: list[Place] = []
    for searcher in sources_to_align(folded, ordered, keep_first=primary is not None):
        found.extend(places(folded, searcher, sentence_start=sentence_start))
    if not found:
        return None, False
    found.sort(key=lambda c: -c.score)  # stable: on a tie the primary source comes first
    best = found[0]
    cited_paragraph = quote.cited_paragraph if primary is not None else None
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
    assessed = assess(best, min_score=min_score)
    close = [c for c in found if c.key != best.key and best.score - c.score < min_margin]
    if not close:
        return assessed, True
    # A rival within the margin leaves it unclear which passage the quote is. For a
    # correction, not when the rival could not be the quote's passage anyway: a word of the
    # quote it lacks is no named edit ("wir befürworten daher …" of a passage said twice,
    # once without "daher"). Beyond a few close rivals it stays unclear.
    clear = (
        assessed.sound
        and preserves_claim(list(assessed.differences))
        and len(close) <= _CLOSE_RIVALS_READ
        and not any(_could_be_the_passage(rival, min_score) for rival in close)
    )
    return assessed, clear


_CLOSE_RIVALS_READ = 3


def _could_be_the_passage(place: Place, min_score: float) -> bool:
    rival = assess(place, min_score=min_score)
    return rival.sound and preserves_claim(list(rival.differences))


def _hint(candidate: Candidate) -> Candidate:
    """The candidate as a hint shows it: on over the words a changed tail replaced."""
    return candidate if candidate.reach is None else replace(candidate, span=candidate.reach)


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
