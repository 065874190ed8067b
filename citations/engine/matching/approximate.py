"""Approximate search: where a near-verbatim quote really is, and whether that is clearly one place.

Near-verbatim means what models do to a quote they meant to copy: truncate it (mid-word
too), drop or change a word, change a gender form, put an ellipsis for omitted words, add a
citation marker such as ``[cite: 12]``, change punctuation. Paraphrases and quotes stitched
together from distant places are not near-verbatim and must not be accepted.

How: the source's normalized words are counted once; a quote's rarest words are looked up
(their positions remembered) and vote for alignments (source offset minus quote offset); the
best few are aligned word by word (Levenshtein opcodes over word lists, in C) inside one
paragraph, and the span is cut to the first and last word that really corresponds, its ends
then matched character by character (a word cut off mid-way, a closing full stop).

A candidate is *accepted* only when its character similarity reaches ``min_score``, most
quote words are found in order (``MIN_RECALL``; all of them in a short quote), the span holds
few words the quote lacks (``MIN_PRECISION``), no long run of words is missing or added
(``MAX_GAP``), no quote words run on past the span's end, and it beats the best other place
by ``min_margin``. Whatever the similarity, a candidate *changes the claim* when the quote
changes a number, a negation or a word of force or scope ("may" for "must", "all" added) of
the source, adds one, drops a negation, or puts a word's opposite in its place ("including"
for "excluding"): it is the same passage, but not a faithful copy, so it is never repaired.
Every difference is named by a rule of the table (``edits.classify``); this module only
finds the place and aligns the words.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

from rapidfuzz.distance import Indel, Levenshtein

from ..text import LazyPattern
from ..types import Difference, Span
from .alignment import (
    MAX_GAP,
    WORD,
    Step,
    Words,
    is_equal,
    longest_gap,
    steps,
    twin_across_gap,
    window_steps,
)
from .edits import classify, rejoin_split_words
from .languages import paragraph_language
from .match import (
    LONGEST_WORD,
    MARKS,
    SCRIPT_STOPS,
    PreparedSource,
    ends_changing_claim,
    ends_inside_number,
    normalized_in_paragraph,
    normalized_in_source,
    starts_inside,
)
from .number_claims import changes_numbers, changes_symbols
from .number_words import in_figures, in_signs, number_value, ordinal_value
from .openings import OPENING_EDITS, moved_verb, opening_end
from .span_edges import (
    SENTENCE_END,
    asks,
    cut_begins,
    extend_head,
    extend_tail,
    nearest_closing,
    nearest_opening,
    own_first_word,
    own_last_word,
    reach_changed_tail,
    word_through,
)
from .spelling import capital_words, umlauts_out
from .voices import sentence_subject, voices, writer
from .voting import vote
from .word_index import WORD_CHAR, word_index
from .words import (
    COUNTING_WORDS,
    DENIALS,
    NEGATING_VERBS,
    word_claim,
)

MIN_WORDS = 3  # fewer quote words than this are never matched approximately
MIN_RECALL = 0.8  # share of quote words found, in order, in the span
MIN_WORDS_FOR_CHANGES = 8  # a shorter quote may drop words, but none of its own may differ
MIN_PRECISION = 0.75  # share of span words that correspond to a quote word
SAME_PASSAGE_SHARE = 0.6  # words both sides share, of either side, for the passage of a claim
SAME_PASSAGE_SCORE = 0.7
MAX_OPENING_CHANGE = 1  # quote words before the first matched one ("Wir" for "und")
HINT_SCORE = 0.5  # below this a best match is not worth showing as a hint
# A quote this many times longer than a source's longest paragraph is no near-verbatim copy
# of a span in it: their similarity, umlauts written out (a span's length at most doubled),
# stays below HINT_SCORE (2 * 2 / (8 + 2) = 0.4), so it is not aligned there at all (a
# 20,000-line block quote against paragraphs of a sentence took seconds)
_QUOTE_PER_PARAGRAPH = 8

# Citation markers models put inside quotes ("[cite: 12]", "[cite_start]", "【4†source】", a
# page reference "(S. 5)", "(p. 3-4)"); ellipses and quotation marks at a quote's ends.
_MARKERS = LazyPattern(
    r"\s*(?:\[\s*(?:cite(?:_start|_end)?|source|citation|ref)\b[^\]]*\]|【[^】]*】"
    r"|\(\s*(?:s\.|pp?\.|seiten?|pages?)\s*\d{1,5}(?:\s*[-–]\s*\d{1,5})?\s*\))"
    # a marker of the answer's own copied into the quote ("….[R1 ¶6]"): an id with a digit
    # or a paragraph sign, so an editorial "[sic]" or "[die Partei]" is none
    r"|\s*\[\s*[a-z][\w.-]{0,40}?(?:\d[\w.-]*)?(?:\s*,?\s*¶\s*\d+(?:\s*[-–,]\s*\d+)*)\s*\]"
    r"|\s*\[\s*[a-z][a-z_-]{0,20}\d[\w.-]{0,20}\s*\]",
    re.I,
)
_EDGE_ELLIPSIS = LazyPattern(
    r"^(?:\.\.\.|\[\.\.\.\]|\(\.\.\.\))\s*|\s*(?:\.\.\.|\[\.\.\.\]|\(\.\.\.\))$"
)
_EDGE_QUOTES = "\"' "
_ELLIPSIS = LazyPattern(r"\s*(?:\.\.\.|\[\s*\.\.\.\s*\]|\(\s*\.\.\.\s*\))\s*")
_MAX_ELIDED_TRIES = 200  # places of the first part looked at, at most


@dataclass(frozen=True, slots=True)
class Place:
    """One place a quote might be: its raw span and its similarity to the quote, ranked
    before it is read edit by edit (``assess``). Reading a place's edits is most of an
    alignment's cost and changes nothing in the ranking, so only the place chosen is read."""

    source: str
    span: Span
    score: float
    key: str  # the normalized text of the place, to tell a repeated passage from another
    reading: _Reading = field(compare=False, repr=False)
    # the span on over the words that the quote's unmatched tail changed: a hint's span
    reach: Span | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class _Reading:
    """What reading a place's edits needs of the alignment that found it."""

    folded: str
    query: list[tuple[str, int, int]]
    searcher: PreparedSource
    start: int  # the place in the searcher's normalized text
    end: int
    home_start: int  # its paragraph there
    home_end: int
    marks: tuple[Difference, ...]


@dataclass(frozen=True, slots=True)
class Candidate:
    """A place read edit by edit: whether its shape passes the acceptance checks (margin
    aside) and its differences from the quote."""

    source: str
    span: Span
    score: float
    sound: bool  # the shape checks pass: recall, precision, gaps, score
    key: str
    differences: tuple[Difference, ...] = ()  # each named by a rule (``rules.RULES``)
    # clearly the passage the quote comes from, though too changed to repair: the hint of a
    # changed claim (a word or two changed in a short quote)
    same_passage: bool = False
    reach: Span | None = None  # the span a hint shows (``Place.reach``), when it differs


def reported_score(folded: str, candidate: Candidate) -> float:
    """The score a reviewer sees for a candidate: the similarity of the folded quote as
    written and the place's text, rounded down to four places. ``Candidate.score`` compares
    words in one spelling ("fuer" and "für" alike) to rank places; reported, that read as
    1.0, identical, for a quote the correction changes, and so could rounding up.

    >>> place = Candidate("S", Span(1, 0, 16, "Kosten für Miete"), 1.0, True, "kosten für miete")
    >>> reported_score("kosten fuer miete", place), reported_score("kosten für miete", place)
    (0.909, 1.0)
    """
    return math.floor(Indel.normalized_similarity(folded, candidate.key) * 10_000) / 10_000


def clean_quote(folded: str) -> str:
    """The folded quote without citation markers, edge ellipses and edge quotation marks.

    >>> clean_quote('"die regel gilt ... [cite: 12]"'), clean_quote("sie bleibt verboten (s. 5)")
    ('die regel gilt', 'sie bleibt verboten')
    >>> clean_quote("all extensions.[r1 ¶6]"), clean_quote("it [sic] is [d2] due")
    ('all extensions.', 'it [sic] is due')
    """
    previous = None
    text = folded
    while text != previous:
        previous = text
        text = _MARKERS.sub("", text)
        text = _EDGE_ELLIPSIS.sub("", text).strip(_EDGE_QUOTES)
    return text


def marker_differences(folded: str) -> tuple[Difference, ...]:
    """The citation markers a model copied into the quote, as differences.

    >>> [d.source or d.quote for d in marker_differences("die regel gilt [cite: 12]")]
    ['[cite: 12]']
    """
    return tuple(
        Difference("edit.citation_marker", found.group().strip(), "")
        for found in _MARKERS.finditer(folded)
    )


def cleaned_match(
    folded: str, searchers: Sequence[PreparedSource], *, cited_paragraph: int | None = None
) -> Candidate | None:
    """Where the quote is verbatim once the citation markers copied into it are gone: in
    ``cited_paragraph`` of the first searcher (the cited source) if it is there, else the
    first place, searchers in order. The markers are its differences (``edit.citation_marker``)."""
    marks = marker_differences(folded)
    cleaned = clean_quote(folded)
    if not marks or len(WORD.findall(cleaned)) < MIN_WORDS:
        return None
    score = Indel.normalized_similarity(folded, cleaned)
    if searchers and cited_paragraph is not None:
        span = normalized_in_paragraph(cleaned, searchers[0], cited_paragraph)
        if span is not None:
            return Candidate(searchers[0].id, span, score, True, cleaned, marks)
    for searcher in searchers:
        spans = normalized_in_source(cleaned, searcher)
        if spans and len(spans) == 1:
            return Candidate(searcher.id, spans[0], score, True, cleaned, marks)
    return None


def elided_match(folded: str, searchers: Sequence[PreparedSource]) -> Candidate | None:
    """Where a quote with ellipses for omitted words ("A ... B") is: every part verbatim,
    in order, in one paragraph. Of the places that fit, those whose omissions stay inside a
    sentence come first, and of those the innermost (a part found again nearer the next one
    hides less); the place must be the only one left. The span runs from the first part to
    the last, omitted words included; each omission is a difference
    (``omission_difference``: what it may hide)."""
    # a part ending in a suspended compound's hyphen ("die Arbeits- […]") meets the
    # source's word folded with the next ("arbeitsund"): searched without its hyphen
    parts = [part.strip().removesuffix("-") for part in _ELLIPSIS.split(clean_quote(folded))]
    counts = [len(WORD.findall(part)) for part in parts]
    if len(parts) < 2 or 0 in counts or sum(counts) < MIN_WORDS:
        return None
    for searcher in searchers:
        text = searcher.norm_joined
        places: list[tuple[int, int, list[tuple[int, int]]]] = []
        start, tries = text.find(parts[0]), 0
        while start >= 0 and tries < _MAX_ELIDED_TRIES:
            if not starts_inside(text, start):
                place = _elided_place(searcher, parts, start)
                if place is not None:
                    places.append((start, *place))
            start, tries = text.find(parts[0], start + 1), tries + 1
        within = [p for p in places if not any(_SENTENCE_BREAK.search(text[a:b]) for a, b in p[2])]
        places = _innermost(within or places)
        if not places:
            continue
        if len({text[s:e] for s, e, _ in places}) > 1:
            return None  # more than one passage fits: not clearly the quoted one
        start, end, omitted = places[0]
        spans = searcher.spans(start, end)
        if len(spans) != 1:
            return None
        score = Indel.normalized_similarity(folded, text[start:end])
        differences = marker_differences(folded) + tuple(
            omission_difference(text[a:b], _raw_words(searcher, a, b)) for a, b in omitted
        )
        return Candidate(searcher.id, spans[0], score, True, text[start:end], differences)
    return None


def _raw_words(searcher: PreparedSource, start: int, end: int) -> str:
    """The source's own words in the normalized joined span ``[start, end)``, as written."""
    return " ".join(span.text.strip() for span in searcher.spans(start, end) if span.text.strip())


def _innermost(
    places: list[tuple[int, int, list[tuple[int, int]]]],
) -> list[tuple[int, int, list[tuple[int, int]]]]:
    """The places no other place lies inside: "wir … weser" found from the first "wir" of
    a paragraph holds the place found from the "wir" of Weser's own sentence."""
    return [
        place
        for place in places
        if not any(
            other is not place and place[0] <= other[0] and other[1] <= place[1] for other in places
        )
    ]


def _elided_place(
    searcher: PreparedSource, parts: list[str], start: int
) -> tuple[int, list[tuple[int, int]]] | None:
    """The end of the passage whose parts stand in order from ``start`` inside one
    paragraph, and the span each ellipsis hides."""
    home = searcher.paragraph_at(start)
    home_end = searcher.norm_starts[home] + len(searcher.normalized[home].text)
    text = searcher.norm_joined
    position, hidden = start + len(parts[0]), []
    for part in parts[1:]:
        if _inside_word(searcher, position):
            return None  # the mark stands inside a word: "das …" of "dass"
        found = text.find(part, position, home_end)
        if found < 0 or _inside_word(searcher, found):
            return None
        hidden.append((position, found))
        position = found + len(part)
    return None if ends_inside_number(text, position) else (position, hidden)


def _inside_word(searcher: PreparedSource, position: int) -> bool:
    """Whether ``position`` of the searcher's joined normalized text continues a word of the
    source: not where folding joined a suspended compound's hyphen to the next word
    ("Arbeits- und" folds to "arbeitsund")."""
    text = searcher.norm_joined
    if not starts_inside(text, position):
        return False
    home = searcher.paragraph_at(position)
    local = position - searcher.norm_starts[home]
    raw_start, _ = searcher.normalized[home].raw_span(local, local + 1)
    return not searcher.source.paragraphs[home][:raw_start].rstrip().endswith("-")


# A sentence end inside what an omission hides: a stop at its start (the sentence before
# ends there) or after a word of three letters at least (not "z. b." or "no. 5"), then a
# space or the end
_SENTENCE_BREAK = LazyPattern(r"(?:(?<=[^\W\d_]{3})|^\s*)[.!?](?:\s|$)")


def omission_difference(hidden: str, shown: str) -> Difference:
    """What a marked omission hides (folded; ``shown``: the source's words as written),
    named: inside one sentence anything is an edit (list items, examples, asides, a clause;
    attention names them), unless it holds a negation, a verb that negates or denies what
    follows (failed to show), or a number; an omission across a sentence end changes the
    claim.

    >>> omission_difference(" im rahmen der einlagensicherung ", "im Rahmen der Einlagensicherung")
    Difference(kind='edit.marked_omission', quote='...', source='im Rahmen der Einlagensicherung')
    >>> hidden = (" not at all ", " 25 ", " and the gutters of ", ". it is due ", " annual ")
    >>> for text in hidden:
    ...     print(omission_difference(text, text.strip()).kind)
    claim.hidden_by_omission
    claim.hidden_by_omission
    edit.marked_omission
    claim.hidden_by_omission
    edit.marked_omission
    """
    words = WORD.findall(hidden)
    if _SENTENCE_BREAK.search(hidden) or any(
        word_claim(w) == "claim.negation" or _counts(w) or w in NEGATING_VERBS or w in DENIALS
        for w in words
    ):
        return Difference("claim.hidden_by_omission", "...", shown)
    return Difference("edit.marked_omission", "...", shown)


def _counts(word: str) -> bool:
    """A number an omission may not hide: figures, or a word that counts ("zwölf", "first",
    "half"); not a unit ("Jahre") nor a short word that is an article too ("an", "un"),
    which ``is_number`` counts for the alignment's sake."""
    return (
        any(c.isdigit() for c in word)
        or number_value(word) is not None
        or ordinal_value(word) is not None
        or (len(word) > 2 and word in COUNTING_WORDS)
    )


def places(folded: str, searcher: PreparedSource, *, sentence_start: bool = False) -> list[Place]:
    """The best few places in one source for the folded quote, most similar first.

    ``sentence_start``: the quote as written begins a sentence (a capital letter), so when
    its opening words were reworded ("Wir sagen" for "Daher sagen wir") the span may begin
    at the source sentence's start a few words earlier."""
    marks = marker_differences(folded)
    folded = clean_quote(folded)
    if len(folded) > _QUOTE_PER_PARAGRAPH * searcher.longest_paragraph:
        return []
    query = [(m.group(), m.start(), m.end()) for m in WORD.finditer(folded)]
    if len(query) < MIN_WORDS:
        return []
    index = word_index(searcher)
    found = []
    # A passage the source repeats (a clause in every section, a page's running header)
    # gives a window in each place; the same window in the same paragraph, the same text
    # around it, aligns the same, so it is aligned once and its span put in each paragraph.
    aligned: dict[tuple[str, str, str, int, int], Place | None] = {}
    for window in vote(folded, query, index):
        home, low, high = _in_paragraph(searcher, window)
        start = searcher.norm_starts[home]
        end = start + len(searcher.normalized[home].text)
        text = searcher.norm_joined
        place = (
            searcher.source.paragraphs[home],
            text[max(0, start - _PARAGRAPH_CONTEXT) : start],
            text[end : end + _PARAGRAPH_CONTEXT],
            low - start,
            high - start,
        )
        if place in aligned:
            same = aligned[place]
            candidate = same and replace(
                same,
                span=replace(same.span, paragraph=home + 1),
                reach=same.reach and replace(same.reach, paragraph=home + 1),
            )
        else:
            candidate = aligned[place] = _place(
                folded,
                query,
                searcher,
                (home, low, high),
                sentence_start=sentence_start,
                marks=marks,
            )
        if candidate is not None:
            found.append(candidate)
    found.sort(key=lambda c: -c.score)
    return found


# Characters either side of a paragraph the alignment's checks read (a word cut at the
# paragraph's first character looks back past the break for a line-break hyphen)
_PARAGRAPH_CONTEXT = 8


def _in_paragraph(
    searcher: PreparedSource, window: tuple[int, int, tuple[int, ...]]
) -> tuple[int, int, int]:
    """A voted window ``(start, end, votes)`` kept inside one paragraph (no cross-paragraph
    repair), the one most of its votes come from: ``(paragraph, start, end)``, the start
    moved back to the start of the word it cuts."""
    text = searcher.norm_joined
    homes = [searcher.paragraph_at(position) for position in window[2]]
    home = max(homes, key=homes.count)
    home_start = searcher.norm_starts[home]
    home_end = home_start + len(searcher.normalized[home].text)
    low, high = max(window[0], home_start), min(window[1], home_end)
    first = max(home_start, low - LONGEST_WORD)
    while low > first and text[low - 1].isalnum():
        low -= 1
    return home, low, high


def _place(
    folded: str,
    query: list[tuple[str, int, int]],
    searcher: PreparedSource,
    window: tuple[int, int, int],
    *,
    sentence_start: bool,
    marks: tuple[Difference, ...],
) -> Place | None:
    """The place in ``window`` (``_in_paragraph``), read from its paragraph alone (and the
    few characters around it: ``_PARAGRAPH_CONTEXT``)."""
    text = searcher.norm_joined
    home, low, high = window
    home_start = searcher.norm_starts[home]
    home_end = home_start + len(searcher.normalized[home].text)
    window_found = list(WORD.finditer(text, low, high))
    query_words = [w for w, _, _ in query]
    window_words = [m.group() for m in window_found]
    steps = window_steps(query_words, window_words)
    good = [k for k, step in enumerate(steps) if step[2]]
    if not good:
        return None
    first, last = good[0], good[-1]
    # The span's core runs from the first to the last word that is exactly the quote's; the
    # quote's text before and after the core is matched character by character.
    equal = [k for k in range(first, last + 1) if is_equal(steps[k], query_words, window_words)]
    core_first, core_last = (equal[0], equal[-1]) if equal else (first, last)
    q_first, w_first, _ = steps[core_first]
    q_last, w_last, _ = steps[core_last]
    assert w_first is not None and w_last is not None and q_first is not None and q_last is not None
    w_first = twin_across_gap(steps, window_words, core_first, forward=True)
    w_last = twin_across_gap(steps, window_words, core_last, forward=False)
    head = folded[: query[q_first][1]]
    core_start = window_found[w_first].start()
    start = extend_head(head, text, home_start, core_start)
    if sentence_start and q_first > 0 and not _matches_closely(head, text[start:core_start]):
        # the quote's opening words are not what stands just before: reworded at the
        # sentence's start ("Wir sagen" for "Daher sagen wir")
        start = _sentence_start(text, home_start, start, max_words=q_first + _OPENER_WORDS)
    elif sentence_start and q_first == 0:
        # or a link dropped and its verb put after a subject the quote opens with ("Die
        # Haustür ist" for "Außerdem ist die Haustür"): the sentence's start, when the quote
        # has a word of what stands before the span among its first, and the span has not
        opener = _sentence_start(text, home_start, start, max_words=_OPENER_WORDS)
        first_words = query_words[1 : _OPENER_WORDS + 3]
        span_first = WORD.findall(text[start : start + _OPENING_CHARS])[: len(first_words) + 1]
        if opener < start and set(WORD.findall(text[opener:start])) & (
            set(first_words) - set(span_first)
        ):
            start = opener
    tail = folded[query[q_last][2] :]
    end = extend_tail(tail, text, window_found[w_last].end(), home_end)
    reach_end = (
        reach_changed_tail(tail, text, end, home_end) if end == window_found[w_last].end() else end
    )
    start = nearest_opening(query_words, text, start, end)
    end = nearest_closing(query_words, text, start, end)
    start = own_first_word(query_words, text, home_start, start, end)
    end = own_last_word(query_words, text, start, end, home_end)
    spans = searcher.spans(start, end)
    if len(spans) != 1:
        return None
    span_text = text[start:end]
    score = Indel.normalized_similarity(_comparable(folded), _comparable(span_text))
    reading = _Reading(folded, query, searcher, start, end, home_start, home_end, marks)
    reach = searcher.spans(start, reach_end) if reach_end > end else []
    return Place(
        searcher.id, spans[0], score, span_text, reading, reach[0] if len(reach) == 1 else None
    )


def assess(place: Place, *, min_score: float) -> Candidate:
    """``place`` read edit by edit: every difference from the quote named by a rule of the
    table (``edits.classify``), and whether its shape passes the acceptance checks with a
    similarity of at least ``min_score``."""
    folded, query, searcher = place.reading.folded, place.reading.query, place.reading.searcher
    start, end = place.reading.start, place.reading.end
    home_start, home_end = place.reading.home_start, place.reading.home_end
    text = searcher.norm_joined
    query_words = [w for w, _, _ in query]
    span_text = place.key
    span_found = list(WORD.finditer(span_text))
    span_words = [m.group() for m in span_found]
    span_steps = steps(query_words, span_words)
    differences = list(place.reading.marks)
    if starts_inside(text, start):  # "compliant" of "non-compliant", "5" of "12.5"
        differences.append(Difference("claim.cut_word", "", text[start : start + 12]))
    if ends_inside_number(text, end) or changes_numbers(folded, span_text):
        differences.append(Difference("claim.number", folded, span_text))
    elif ends_changing_claim(text, end) and query:  # "six" of "sixty", "care" of "careless"
        differences.append(Difference("claim.cut_word", query[-1][0], word_through(text, end)))
    if changes_symbols(folded, span_text):
        differences.append(Difference("claim.symbol", folded, span_text))
    # a vowel sign continues its word too ("मिलेंग" of "मिलेंगी")
    if (
        0 < end < len(text)
        and query
        and WORD_CHAR.match(text, end - 1)
        and WORD_CHAR.match(text, end)
    ):
        whole = word_through(text, end)
        if not cut_begins(query[-1][0], whole):
            differences.append(Difference("claim.word_changed", query[-1][0], whole))
        elif _ENDS_SENTENCE.search(folded):
            # "grew by 0.5 percent." of "0.5 percentage points": the full stop says the word
            # ends there, and "percent" is not "percentage"
            differences.append(Difference("claim.cut_word", query[-1][0], whole))
    differences.extend(
        classify(
            span_steps,
            Words(query_words, _text_after(folded, [(s, e) for _, s, e in query])),
            Words(
                span_words,
                _text_after(span_text, [m.span() for m in span_found]),
                sentence_subject(text, home_start, start, span_words),
                voices(searcher),
                writer(searcher),
                frozenset(
                    WORD.findall(
                        text, max(home_start, start - _NEARBY), min(home_end, end + _NEARBY)
                    )
                ),
                asks(text, end, home_end),
                paragraph_language(searcher, place.span.paragraph - 1),
                capital_words(
                    searcher.source.paragraphs[place.span.paragraph - 1], place.span.text
                ),
            ),
        )
    )
    if not differences and folded != span_text:
        # nothing but punctuation or spacing differs ("excluded - except" for "excluded—
        # except", a full stop added where the sentence goes on): named too, so no
        # correction goes without a rule
        differences.append(Difference("edit.punctuation", "", ""))
    # A reworded opening (a connective dropped, the writer's name for "Wir") is a named
    # edit: it counts neither against the characters' similarity nor against the shape.
    compared, shape_query, shape_steps, reordered = span_text, query_words, span_steps, False
    opening = next((d for d in differences if d.kind in OPENING_EDITS), None)
    if opening is not None:
        q_end, w_end = opening_end(span_steps, query_words, span_words)
        if w_end < len(span_found):
            compared = span_text[span_found[w_end].start() :]
            quoted = folded[query[q_end][1] :] if q_end < len(query) else ""
            score_quote = quoted or folded
        else:
            score_quote = folded
        shape_query = query_words[q_end:]
        moved = moved_verb(span_steps, query_words, span_words)
        if moved is not None and moved >= q_end:
            # the verb the quote put after its subject is the opening's too
            cut = query[moved + 1][1] if moved + 1 < len(query) else len(folded)
            score_quote = score_quote.replace(folded[query[moved][1] : cut], "", 1)
            shape_query = [w for k, w in enumerate(query_words) if k >= q_end and k != moved]
        shape_steps = steps(shape_query, WORD.findall(compared))
        reordered = True
        score = Indel.normalized_similarity(_comparable(score_quote), _comparable(compared))
    else:
        score = place.score
    shape_span = WORD.findall(compared)
    # a word written in two parts on one side counts as the one word it is
    shape_steps, _ = rejoin_split_words(shape_steps, shape_query, shape_span)
    sound = score >= min_score and _sound_shape(
        shape_query, shape_span, shape_steps, reordered=reordered
    )
    same_passage = score >= SAME_PASSAGE_SCORE and _same_passage(
        shape_query, shape_span, shape_steps
    )
    return Candidate(
        place.source,
        place.span,
        place.score,
        sound,
        span_text,
        tuple(differences),
        same_passage,
        place.reach,
    )


_NEARBY = 2000  # characters either side of a span whose words count as the source's own


def _text_after(text: str, words: list[tuple[int, int]]) -> list[str]:
    """The text between each word (``start, end`` in ``text``) and the next, or the end."""
    starts = [start for start, _ in words[1:]] + [len(text)]
    return [text[end:next_start] for (_, end), next_start in zip(words, starts, strict=True)]


@lru_cache(maxsize=256)  # a quote is compared with each of its places
def _comparable(text: str) -> str:
    """``text`` as its characters' similarity is read: a number, a unit or a German letter
    written otherwise ("eleven", "Prozent", "ö") counts as the one it is ("11", "%", "oe")."""
    return umlauts_out(in_signs(in_figures(text)))


def _sound_shape(
    query_words: list[str], span_words: list[str], steps: list[Step], *, reordered: bool = False
) -> bool:
    """Whether the span is the quote's passage word for word, bar a few changes: most quote
    words found in order, few span words the quote lacks, no long run of either (``steps``:
    the word alignment of quote and span)."""
    matched = sum(1 for _, _, same in steps if same)
    good = [k for k, (_, _, same) in enumerate(steps) if same]
    if not good:
        return False
    # Quote words before the first and after the last matched word claim text the source
    # does not have there: an invented ending ("... Kammerwesen muss fallen" for "...
    # Kammerwesen steht in der Diskussion") is never repaired; one reworded opening word is.
    leading = sum(1 for q, _, _ in steps[: good[0]] if q is not None)
    # words the quote adds after the last shared one (a changed last word is no addition:
    # "10 am" for "10 pm" is this passage, changed)
    trailing = sum(1 for q, w, _ in steps[good[-1] + 1 :] if q is not None and w is None)
    recall = MIN_RECALL if len(query_words) >= MIN_WORDS_FOR_CHANGES else 1.0
    return (
        matched >= recall * len(query_words)
        and matched >= MIN_PRECISION * len(span_words)
        and longest_gap(steps[good[0] : good[-1] + 1]) <= MAX_GAP
        and leading <= MAX_OPENING_CHANGE + reordered  # the subject before its verb again
        and trailing == 0
    )


def _same_passage(query_words: list[str], span_words: list[str], steps: list[Step]) -> bool:
    """Whether the span is the passage the quote comes from, though changed: most words on
    both sides shared in order, no long run of either, nothing the quote adds at its end."""
    matched = sum(1 for step in steps if step.same)
    good = [k for k, step in enumerate(steps) if step.same]
    if not good:
        return False
    # words the quote adds after the last shared one (a changed last word is no addition:
    # "10 am" for "10 pm" is this passage, changed)
    trailing = sum(1 for q, w, _ in steps[good[-1] + 1 :] if q is not None and w is None)
    return (
        matched >= SAME_PASSAGE_SHARE * len(query_words)
        and matched >= SAME_PASSAGE_SHARE * len(span_words)
        and longest_gap(steps[good[0] : good[-1] + 1]) <= MAX_GAP
        and trailing == 0
    )


_OPENER_WORDS = 3  # words a reworded sentence opening may have beyond the quote's own
_OPENING_CHARS = 120  # characters read for a span's first few words


_ENDS_SENTENCE = LazyPattern(rf"(?:\w|[{MARKS}])[.!?;:。{SCRIPT_STOPS}]+[\s\"'”’»)]*$")


def _matches_closely(head: str, before: str) -> bool:
    """Whether the quote's text before its core is the source's text there, a typo aside."""
    return bool(before) and Levenshtein.distance(head.strip(), before.strip()) * 4 <= len(head)


def _sentence_start(text: str, limit: int, start: int, *, max_words: int) -> int:
    """The start of the sentence holding ``start`` when it is at most ``max_words`` words
    back (and in the same paragraph), else ``start`` unchanged."""
    window = text[limit:start]
    ends = list(SENTENCE_END.finditer(window))
    opener_start = limit + ends[-1].end() if ends else limit
    if len(WORD.findall(text[opener_start:start])) > max_words:
        return start
    return opener_start
