"""Where a quote stands in the turn's eligible sources: one named table of steps, tried in
order until one finds a place (``LOCATE_STEPS``). Verbatim first, in each of the quote's
readings (as written, without editorial marks, as rendered); then the repairs that say what
they repaired (a cut refused, an interpolation, an opening link word, mojibake); then the
near-verbatim alignment, accepted only when it is clearly one place (``approximate``).
``verify.verify_quote`` calls ``locate`` and lets the policy table decide.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from rapidfuzz.distance import Indel

from .matching.alignment import WORD
from .matching.approximate import (
    HINT_SCORE,
    MIN_WORDS,
    Candidate,
    Place,
    assess,
    clean_quote,
    cleaned_match,
    elided_match,
    places,
    reported_score,
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
    refused_cut,
    starts_inside,
    verbatim_in_source,
)
from .matching.mojibake import find_with_gaps, repair_mojibake
from .matching.normalize import fold_text
from .matching.referents import (
    INSERTION_CONTEXT,
    after_pronoun,
    named_before,
    named_before_inflected,
    rival_referent,
    text_before,
)
from .matching.shortlist import sources_to_align
from .matching.words import (
    ARTICLES,
    CONNECTIVES,
    FOCUS_WORDS,
    FUNCTION_WORDS,
    STANDING_FOR,
    connective_prefix,
    word_claim,
)
from .policy import Finding
from .text import LazyPattern
from .types import (
    Difference,
    Match,
    MatchMethod,
    ParsedQuote,
    QuoteForm,
    Source,
    Span,
    Tier,
)


@dataclass(frozen=True, slots=True)
class Found:
    """Where a quote was found, and by which rules."""

    finding: Finding
    match: Match | None
    rules: tuple[str, ...] = ()
    differences: tuple[Difference, ...] = ()
    verbatim: bool = False


@dataclass(frozen=True)
class Search:
    """What every step of ``LOCATE_STEPS`` is given: the quote, its cited (primary) source
    and the other eligible ones, the approximate search's thresholds, and the paragraphs of
    the cited pages (searched first)."""

    quote: ParsedQuote
    primary: PreparedSource | None
    secondary: Sequence[PreparedSource]
    min_score: float
    min_margin: float
    on_pages: tuple[int, ...]

    @property
    def places(self) -> tuple[ParsedQuote, PreparedSource | None, Sequence[PreparedSource]]:
        return self.quote, self.primary, self.secondary

    @cached_property
    def readings(self) -> list[tuple[ParsedQuote, tuple[str, ...]]]:
        return _verbatim_readings(self.quote)


def _verbatim(search: Search) -> Found | None:
    """Verbatim in one of the quote's readings (``_verbatim_readings``): as written, without
    editorial marks, as rendered."""
    quote, primary, secondary = search.places
    ends_sentence = quote.text.rstrip()[-1:] in _STOPS
    for reading, rules in search.readings:
        finding, match = _locate_verbatim(reading, primary, secondary, search.on_pages)
        if match is not None and ends_sentence and _ends_inside_word(match, primary, secondary):
            continue  # "onward." is no cut of "onwards": the quote says where it ends
        if match is not None:
            method = "verbatim.exact" if match.method is MatchMethod.EXACT else "verbatim.folded"
            match = _with_edge_marks(match, reading.text, primary, secondary)
            return Found(finding, match, (method, *rules), verbatim=True)
    return None


def _approximately(search: Search) -> Found:
    """Near-verbatim, without editorial marks if it had them; always answers (a hint, or
    found nowhere)."""
    quote, primary, secondary = search.places
    readings = search.readings
    plain = readings[1][0] if len(readings) > 1 and readings[1][1] == _EDITORIAL else quote
    return _locate_approximately(
        plain, primary, secondary, min_score=search.min_score, min_margin=search.min_margin
    )


# The steps, in the order they are tried; the first to find a place decides. Each repair
# before the approximate search says what it repaired (its rule), so none passes silently.
LOCATE_STEPS: tuple[tuple[str, Callable[[Search], Found | None]], ...] = (
    ("verbatim", _verbatim),
    ("refused cut", lambda search: _locate_refused_cut(*search.places)),
    ("interpolation", lambda search: _locate_interpolated(*search.places)),
    ("opening link word", lambda search: _locate_after_link(*search.places)),
    ("referent for a pronoun", lambda search: _locate_named_referent(*search.places)),
    ("mojibake", lambda search: _locate_repaired(*search.places)),
    ("near-verbatim", _approximately),
)


def locate(
    quote: ParsedQuote,
    primary: PreparedSource | None,
    secondary: Sequence[PreparedSource],
    *,
    min_score: float,
    min_margin: float,
    on_pages: tuple[int, ...] = (),
) -> Found:
    """Where ``quote`` stands: the first step of ``LOCATE_STEPS`` that finds a place (the
    last always answers)."""
    search = Search(quote, primary, secondary, min_score, min_margin, on_pages)
    for _name, step in LOCATE_STEPS:
        found = step(search)
        if found is not None:
            return found
    raise AssertionError("the near-verbatim step always answers")


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
    return cut_flags(match, searcher.source)[1]


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
) -> Found | None:
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
            return Found(Finding.CHANGED_CLAIM, match, ("claim.cut_word",), (difference,))
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
) -> Found | None:
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
        and after_pronoun(quote.text, found.start())
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
    before = text_before(searcher.source, match)
    if not all(named_before(found["inserted"], before) for found in inserted):
        return None
    rivals = [(f["inserted"], r) for f in inserted if (r := rival_referent(f["inserted"], before))]
    if rivals:
        differences = tuple(Difference("claim.referent", f"[{i}]", r) for i, r in rivals)
        return Found(Finding.CHANGED_CLAIM, match, ("claim.referent",), differences)
    differences = tuple(
        Difference("edit.interpolation", f"[{f['inserted']}]", "") for f in inserted
    )
    return Found(Finding.APPROXIMATE, match, ("edit.interpolation",), differences)


def _locate_after_link(
    quote: ParsedQuote, primary: PreparedSource | None, secondary: Sequence[PreparedSource]
) -> Found | None:
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
            return Found(Finding.APPROXIMATE, match, ("edit.opening_connective",), (link,))
    return None


def _locate_named_referent(
    quote: ParsedQuote, primary: PreparedSource | None, secondary: Sequence[PreparedSource]
) -> Found | None:
    """A quote that opens with what a pronoun of the source stands for, the rest verbatim
    ("The landlords must repair …" of "… two landlords. They must repair …"): the pronoun
    opens a sentence or a clause of the source, and the quote's opening names only what the
    paragraph names before it (each word, or an inflection of it). Corrected to the source's
    words, pronoun and all (``edit.pronoun_referent``); another thing named there that the
    pronoun may mean leaves it a changed claim (``claim.referent``)."""
    words = quote.text.split()
    for size in range(1, min(_MAX_REFERENT_WORDS, len(words) - MIN_WORDS) + 1):
        opening = [fold_text(word).strip(_REFERENT_PUNCTUATION) for word in words[:size]]
        if any(word_claim(word) for word in opening) or _SENTENCE_STOP.search(words[size - 1]):
            return None  # a claim word, or a sentence that ends: no referent, nor a longer one
        rest = " ".join(words[size:])
        _, match = _locate_verbatim(replace(quote, text=rest), primary, secondary)
        if match is None or match.continues:
            continue
        searcher = _searcher_of(match, primary, secondary)
        paragraph = searcher.source.paragraphs[match.paragraph - 1]
        window = max(0, match.start - _CLAUSE_OPENING_CHARS)
        pronoun = _WORD_BEFORE.search(paragraph, window, match.start)
        if pronoun is None or fold_text(pronoun[1]) not in STANDING_FOR or pronoun[1] in words:
            continue  # no pronoun before the rest, or the quote has it: it replaced none
        start = pronoun.start(1)
        if start and not _CLAUSE_OPENS.search(
            paragraph[max(0, start - _CLAUSE_OPENING_CHARS) : start]
        ):
            continue
        before = paragraph[max(0, start - INSERTION_CONTEXT) : start]
        written = " ".join(words[:size])
        language = paragraph_language(searcher, match.paragraph - 1)
        if not named_before_inflected(written, before, language):
            continue
        named = replace(match, start=start, text=paragraph[start : match.end])
        rival = _rival_of(words[:size], before)
        if rival:
            difference = Difference("claim.referent", written, rival)
            return Found(Finding.CHANGED_CLAIM, named, ("claim.referent",), (difference,))
        difference = Difference("edit.pronoun_referent", written, pronoun[1])
        return Found(Finding.APPROXIMATE, named, ("edit.pronoun_referent",), (difference,))
    return None


def _rival_of(opening: list[str], before: str) -> str:
    """Another thing named before that the pronoun a quote's ``opening`` (its words as
    written) replaced may mean (``rival_referent``), or "": read from the opening's article
    or first word of its own (not "ihren" of "ihren Vertretern"), and not one of the
    opening's words or an inflection of one ("Vertreter" of "Vertreterinnen und Vertretern":
    the same first letters)."""
    folded = [fold_text(word).strip(_REFERENT_PUNCTUATION) for word in opening]
    first = next(
        (k for k, word in enumerate(folded) if word in ARTICLES or word not in FUNCTION_WORDS),
        len(folded),
    )
    if first == len(folded):
        return ""
    named = " ".join(opening[first:]).strip(_REFERENT_PUNCTUATION)
    rival = rival_referent(named, before)
    return "" if any(rival[:_STEM] == word[:_STEM] for word in folded) else rival


_STEM = 4
_SENTENCE_STOP = LazyPattern(r"[.!?;:。！？]")
_REFERENT_PUNCTUATION = ",;:\"'“”„«»"  # around a quote's opening words, not theirs
_MAX_REFERENT_WORDS = 4  # "Ihren Vertreterinnen und Vertretern" for "Ihnen"
_WORD_BEFORE = LazyPattern(r"(\w+)\s+$")


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


def _locate_repaired(
    quote: ParsedQuote, primary: PreparedSource | None, secondary: Sequence[PreparedSource]
) -> Found | None:
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
            return Found(Finding.APPROXIMATE, match, ("edit.mojibake",), (difference,))
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
) -> Found:
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
            return Found(Finding.NOWHERE, None)
        claims = claim_rules(list(best.differences))
        if clear and not best.sound and best.same_passage and claims:
            match = _approximate_match(_hint(best), primary, folded)
            return Found(Finding.CHANGED_CLAIM, match, tuple(claims), best.differences)
        if not (best.sound and clear):
            hint = (
                _approximate_match(_hint(best), primary, folded)
                if best.score >= HINT_SCORE
                else None
            )
            return Found(Finding.NOWHERE, hint, differences=best.differences if hint else ())
    differences = list(best.differences)
    match = _approximate_match(best, primary, folded)
    if preserves_claim(differences):
        rules = tuple(dict.fromkeys(d.kind for d in differences))
        return Found(Finding.APPROXIMATE, match, rules, tuple(differences))
    return Found(Finding.CHANGED_CLAIM, match, tuple(claim_rules(differences)), tuple(differences))


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


def cut_flags(match: Match, source: Source) -> tuple[bool, bool]:
    first = source.paragraph(match.paragraph) or ""
    last_span = match.continues[-1] if match.continues else None
    last = source.paragraph(last_span.paragraph) if last_span else first
    end = last_span.end if last_span else match.end
    last = last or ""
    cut_end = 0 < end < len(last) and continues_word(last[end - 1]) and continues_word(last[end])
    return starts_inside(first, match.start), cut_end
