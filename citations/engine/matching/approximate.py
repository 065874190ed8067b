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
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import islice

from rapidfuzz.distance import Indel, Levenshtein

from ..text import LazyPattern
from ..types import Difference, Span
from .edits import OPENING_EDITS, Step, Words, classify, moved_verb, opening_end, rejoin_split_words
from .languages import paragraph_language
from .match import (
    HAN_KANA,
    LONGEST_WORD,
    MARKS,
    SCRIPT_STOPS,
    WORD_RUN,
    PreparedSource,
    ends_changing_claim,
    ends_inside_number,
    normalized_in_paragraph,
    normalized_in_source,
    starts_inside,
)
from .normalize import fold_text
from .number_claims import changes_numbers, changes_symbols
from .number_words import in_figures, in_signs, number_value, ordinal_value, same_unit
from .spelling import capital_words, common_spelling, umlauts_out
from .word_index import WORD_CHAR, WordIndex, word_index
from .words import (
    CLAUSE_GOVERNORS,
    CONJUNCTIONS,
    COUNTING_WORDS,
    DENIALS,
    NEGATING_VERBS,
    SELF_REFERENCES,
    word_claim,
)

# A word: a run of letters and digits (``WORD_RUN``), or one Chinese or Japanese character
# (those scripts put no spaces between words, so a sentence would be one "word" the aligner
# cannot weigh).
# Ukrainian and Belarusian write an apostrophe inside a word ("п'ять"); "%" is a word too.
_CYRILLIC_APOSTROPHE = "(?<=[\u0400-\u04ff])'(?=[\u0400-\u04ff])"
WORD = LazyPattern(
    f"[{HAN_KANA}]|{WORD_RUN.pattern}(?:{_CYRILLIC_APOSTROPHE}{WORD_RUN.pattern})*|%"
)

MIN_WORDS = 3  # fewer quote words than this are never matched approximately
MIN_RECALL = 0.8  # share of quote words found, in order, in the span
MIN_WORDS_FOR_CHANGES = 8  # a shorter quote may drop words, but none of its own may differ
MIN_PRECISION = 0.75  # share of span words that correspond to a quote word
SAME_PASSAGE_SHARE = 0.6  # words both sides share, of either side, for the passage of a claim
SAME_PASSAGE_SCORE = 0.7
MAX_GAP = 3  # longest run of words missing from, or added to, the quote
MAX_OPENING_CHANGE = 1  # quote words before the first matched one ("Wir" for "und")
SIMILAR_WORD = 0.8  # a changed word still counts as the same word (a typo, an inflection)
HINT_SCORE = 0.5  # below this a best match is not worth showing as a hint
_MAX_ANCHORS = 16
_COMMON = 200  # words more frequent than this in a source make poor anchors
_CANDIDATES_PER_SOURCE = 3
_MAX_CANDIDATES_PER_SOURCE = 24
_OFFSETS_PER_WORD = 8  # a word the quote repeats votes from its first few places only
# Votes one quote may cast in one source: as many as its rare anchors can give at most, so
# only the fallback to common words is bounded by it (in 80,000 paragraphs "the" alone
# would give 240,000 votes, each counted in Python, for every quote made of common words)
_MAX_VOTES = _MAX_ANCHORS * _COMMON * _OFFSETS_PER_WORD
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
    for window in _vote(folded, query, index):
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


def _vote(
    folded: str, query: list[tuple[str, int, int]], index: WordIndex
) -> list[tuple[int, int, tuple[int, ...]]]:
    """Character windows ``(start, end, votes)`` of the source where the quote's rarest
    words line up (``votes``: the source offsets of the words that voted for it)."""
    by_word: dict[str, list[int]] = {}
    for word, start, _ in query:
        by_word.setdefault(word, []).append(start)
    ranked = sorted((count, w) for w in by_word if (count := index.count(w, up_to=_COMMON)))
    anchors = [w for count, w in ranked if count <= _COMMON][:_MAX_ANCHORS] or [
        # every word is common: the least common three, counted in full
        w
        for _, w in sorted((index.count(w), w) for _, w in ranked)[:3]
    ]
    hits: list[tuple[int, int, int]] = []  # (diagonal, quote offset, source offset)
    for word in anchors:
        cast = len(index.positions(word)) * len(by_word[word][:_OFFSETS_PER_WORD])
        if len(hits) + cast > _MAX_VOTES:
            continue  # too common to place the quote: the rarer anchors place it, or nothing
        for position in index.positions(word):
            for offset in by_word[word][:_OFFSETS_PER_WORD]:
                hits.append((position - offset, offset, position))
    if not hits:
        return []
    hits.sort()
    size = len(folded)
    slack = max(12, size // 4)
    clusters: list[tuple[int, int, int, int, int]] = []  # (-votes, low, high, left, right)
    in_window: Counter[int] = Counter()  # quote offsets voting in hits[left : right]
    right = 0
    for left in range(len(hits)):
        while right < len(hits) and hits[right][0] - hits[left][0] <= slack:
            in_window[hits[right][1]] += 1
            right += 1
        clusters.append((-len(in_window), hits[left][0], hits[right - 1][0], left, right))
        in_window[hits[left][1]] -= 1
        if not in_window[hits[left][1]]:
            del in_window[hits[left][1]]
    clusters.sort()
    chosen: list[tuple[int, int, int, int]] = []
    top_votes = clusters[0][0]
    for votes, low, high, left, right in clusters:
        # The best few places, and every place (nearly) as good as the best (a passage the
        # source repeats with small differences): the alignment, not the vote, tells them
        # apart. Votes are negative here: sorted best first.
        enough = len(chosen) >= _CANDIDATES_PER_SOURCE and votes > top_votes + 1
        if enough or len(chosen) == _MAX_CANDIDATES_PER_SOURCE:
            break
        if any(low - size <= c_high and c_low <= high + size for c_low, c_high, _, _ in chosen):
            continue
        chosen.append((low, high, left, right))
    return [
        (low - slack, high + size + slack, tuple(hit[2] for hit in hits[left:right]))
        for low, high, left, right in chosen
    ]


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
    steps = _window_steps(query_words, window_words)
    good = [k for k, step in enumerate(steps) if step[2]]
    if not good:
        return None
    first, last = good[0], good[-1]
    # The span's core runs from the first to the last word that is exactly the quote's; the
    # quote's text before and after the core is matched character by character.
    equal = [k for k in range(first, last + 1) if _is_equal(steps[k], query_words, window_words)]
    core_first, core_last = (equal[0], equal[-1]) if equal else (first, last)
    q_first, w_first, _ = steps[core_first]
    q_last, w_last, _ = steps[core_last]
    assert w_first is not None and w_last is not None and q_first is not None and q_last is not None
    w_first = _twin_across_gap(steps, window_words, core_first, forward=True)
    w_last = _twin_across_gap(steps, window_words, core_last, forward=False)
    head = folded[: query[q_first][1]]
    core_start = window_found[w_first].start()
    start = _extend_head(head, text, home_start, core_start)
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
    end = _extend_tail(tail, text, window_found[w_last].end(), home_end)
    reach_end = (
        _reach_changed_tail(tail, text, end, home_end) if end == window_found[w_last].end() else end
    )
    start = _nearest_opening(query_words, text, start, end)
    end = _nearest_closing(query_words, text, start, end)
    start = _own_first_word(query_words, text, home_start, start, end)
    end = _own_last_word(query_words, text, start, end, home_end)
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
    span_steps = _steps(query_words, span_words)
    differences = list(place.reading.marks)
    if starts_inside(text, start):  # "compliant" of "non-compliant", "5" of "12.5"
        differences.append(Difference("claim.cut_word", "", text[start : start + 12]))
    if ends_inside_number(text, end) or changes_numbers(folded, span_text):
        differences.append(Difference("claim.number", folded, span_text))
    elif ends_changing_claim(text, end) and query:  # "six" of "sixty", "care" of "careless"
        differences.append(Difference("claim.cut_word", query[-1][0], _word_through(text, end)))
    if changes_symbols(folded, span_text):
        differences.append(Difference("claim.symbol", folded, span_text))
    # a vowel sign continues its word too ("मिलेंग" of "मिलेंगी")
    if (
        0 < end < len(text)
        and query
        and WORD_CHAR.match(text, end - 1)
        and WORD_CHAR.match(text, end)
    ):
        whole = _word_through(text, end)
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
                _sentence_subject(text, home_start, start, span_words),
                _voices(searcher),
                _writer(searcher),
                frozenset(
                    WORD.findall(
                        text, max(home_start, start - _NEARBY), min(home_end, end + _NEARBY)
                    )
                ),
                _asks(text, end, home_end),
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
        shape_steps = _steps(shape_query, WORD.findall(compared))
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
_STOP = LazyPattern(r"[.!?;。！？]")


def _word_through(text: str, end: int) -> str:
    """The whole word of ``text`` that the character before ``end`` belongs to (running on
    past ``end``). Read from the last space before it: no word holds a space, so the words
    from there are the words from the text's start, and the work is the word's, not the
    text's (reading all of a long source's words before each span took most of the time).
    """
    tail = WORD.findall(text, text.rfind(" ", 0, end) + 1, end)[-1]
    found = WORD.match(text, end - len(tail))
    return found.group() if found else ""


def _asks(text: str, end: int, limit: int) -> bool:
    """Whether the sentence a span ends in ends with a question mark."""
    stop = _STOP.search(text, end, limit)
    return stop is not None and stop.group() in "?？"


def cut_begins(cut: str, word: str) -> bool:
    """Whether the quote's last word, cut off, begins the source's ``word`` (in either
    spelling, one letter off in a long word): "Menschenrechtsit" begins
    "Menschenrechtssituation", "mai" does not begin "mars".

    >>> cut_begins("menschenrechtsit", "menschenrechtssituation"), cut_begins("mai", "mars")
    (True, False)
    """
    cut, word = common_spelling(cut), common_spelling(word)
    if word.startswith(cut):
        return True
    return len(cut) >= 8 and any(
        Levenshtein.distance(cut, word[:length]) <= 1
        for length in range(len(cut) - 1, len(cut) + 2)
    )


def _text_after(text: str, words: list[tuple[int, int]]) -> list[str]:
    """The text between each word (``start, end`` in ``text``) and the next, or the end."""
    starts = [start for start, _ in words[1:]] + [len(text)]
    return [text[end:next_start] for (_, end), next_start in zip(words, starts, strict=True)]


def _twin_across_gap(steps: list[Step], window: list[str], k: int, *, forward: bool) -> int:
    """The window word step ``k`` should pair with: when the same word stands again across
    the run of skipped window words next to it (inward), that nearer one. Word alignment
    breaks ties arbitrarily: "the air handling" against "in the reading room, the air
    handling" may pair "the" with the first "the" and skip "reading room the", which would
    start the span two words early."""
    word_at = steps[k][1]
    assert word_at is not None
    best = word_at
    step = 1 if forward else -1
    index = k + step
    while 0 <= index < len(steps) and steps[index][0] is None:
        skipped = steps[index][1]
        if skipped is not None and window[skipped] == window[word_at]:
            best = skipped  # the last one met is the one nearest the next matched word
        index += step
    return best


def _window_steps(query: list[str], window: list[str]) -> list[Step]:
    """The word alignment of a quote and a window of the source, its words as close together
    as the alignment allows. Word alignment breaks ties arbitrarily: with its first word
    changed, "Verrmögensaufbau für alle Menschen" against "„Wohlstand für alle“ … heißt für
    uns: Vermögensaufbau für alle Menschen" may pair "für alle" with the first "für alle"
    and skip the words between; aligned from the end, it pairs the nearer one."""
    steps = _steps(query, window)
    good = [k for k, step in enumerate(steps) if step.same]
    if not good or _longest_gap(steps[good[0] : good[-1] + 1]) <= MAX_GAP:
        return steps
    last_query, last_window = len(query) - 1, len(window) - 1
    backwards = [
        Step(
            None if q is None else last_query - q,
            None if w is None else last_window - w,
            same,
        )
        for q, w, same in reversed(_steps(query[::-1], window[::-1], backwards=True))
    ]
    good_backwards = [k for k, step in enumerate(backwards) if step.same]
    if good_backwards and _longest_gap(
        backwards[good_backwards[0] : good_backwards[-1] + 1]
    ) < _longest_gap(steps[good[0] : good[-1] + 1]):
        return backwards
    return steps


def _steps(query: list[str], window: list[str], *, backwards: bool = False) -> list[Step]:
    """The word alignment as (query word, window word, same word?) steps; None is a gap.
    ``backwards``: both lists are reversed, so the quote's last word comes first."""
    steps: list[Step] = []
    first_query, last_query = (len(query) - 1, 0) if backwards else (0, len(query) - 1)
    for op in Levenshtein.opcodes(query, window):
        q1, q2, w1, w2 = op.src_start, op.src_end, op.dest_start, op.dest_end
        if op.tag == "equal":
            steps.extend(Step(q1 + k, w1 + k, True) for k in range(q2 - q1))
            continue
        paired = min(q2 - q1, w2 - w1) if op.tag == "replace" else 0
        for k in range(paired):
            q_word, w_word = query[q1 + k], window[w1 + k]
            same = (
                _same_word(q_word, w_word)
                or (
                    q1 + k == last_query
                    and (w_word.startswith(q_word) or q_word.startswith(w_word))
                )
                or (q1 + k == first_query and w_word.endswith(q_word))
            )
            steps.append(Step(q1 + k, w1 + k, same))
        steps.extend(Step(q, None, False) for q in range(q1 + paired, q2))
        steps.extend(Step(None, w, False) for w in range(w1 + paired, w2))
    return steps


# a quote's words meet the same words again in each of its places, and the function words
# in every quote
@lru_cache(maxsize=4096)
def _same_word(q_word: str, w_word: str) -> bool:
    """Whether a quote's word and the source's word in its place are one word wherever they
    stand: spelled nearly alike, or the same number, rank or unit written otherwise."""
    return (
        Indel.normalized_similarity(common_spelling(q_word), common_spelling(w_word))
        >= SIMILAR_WORD
        # the same number written otherwise ("3" for "three"): one word
        or ((value := number_value(q_word)) is not None and value == number_value(w_word))
        or ((rank := ordinal_value(q_word)) is not None and rank == ordinal_value(w_word))
        or same_unit(q_word, w_word)  # "%" for "Prozent", "Mio." for "Millionen"
    )


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
        and _longest_gap(steps[good[0] : good[-1] + 1]) <= MAX_GAP
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
        and _longest_gap(steps[good[0] : good[-1] + 1]) <= MAX_GAP
        and trailing == 0
    )


def _longest_gap(steps: list[Step]) -> int:
    longest = run = 0
    for _, _, same in steps:
        run = 0 if same else run + 1
        longest = max(longest, run)
    return longest


def _is_equal(step: Step, query: list[str], window: list[str]) -> bool:
    q, w, _ = step
    return q is not None and w is not None and query[q] == window[w]


_TAIL_SLACK = 3
_EDGE_LIMIT = 60  # longer unmatched text at a quote's end is not a reworded word or two
_OPENER_WORDS = 3  # words a reworded sentence opening may have beyond the quote's own
_OPENING_CHARS = 120  # characters read for a span's first few words
_SENTENCE_END = LazyPattern(r"[.!?;:]\s")


def _nearest_opening(query_words: list[str], text: str, start: int, end: int) -> int:
    """The span's start moved on to a later place of the quote's first word when the words
    from there align better: word alignment breaks ties arbitrarily, and "um eine Einnrichtung"
    against "um eine staatliche oder um eine Einrichtung" may take the first "um eine"."""
    span_words = list(WORD.finditer(text, start, end))
    extra = len(span_words) - len(query_words)
    if extra <= 0 or not query_words:
        return start
    best, best_cost = start, Levenshtein.distance(query_words, [m.group() for m in span_words])
    for k, found in enumerate(span_words[1 : extra + 1], 1):
        if found.group() != query_words[0]:
            continue
        cost = Levenshtein.distance(query_words, [m.group() for m in span_words[k:]])
        if cost < best_cost:
            best, best_cost = found.start(), cost
    return best


def _nearest_closing(query_words: list[str], text: str, start: int, end: int) -> int:
    """The span's end moved back to an earlier place of the quote's last word when the
    words up to there align better (``_nearest_opening``, from the other end)."""
    span_words = list(WORD.finditer(text, start, end))
    extra = len(span_words) - len(query_words)
    if extra <= 0 or not query_words:
        return end
    best, best_cost = end, Levenshtein.distance(query_words, [m.group() for m in span_words])
    for k in range(len(span_words) - 2, len(span_words) - extra - 2, -1):
        if k < 0 or span_words[k].group() != query_words[-1]:
            continue
        cost = Levenshtein.distance(query_words, [m.group() for m in span_words[: k + 1]])
        if cost < best_cost:
            best, best_cost = span_words[k].end(), cost
    return best


_ENDS_SENTENCE = LazyPattern(rf"(?:\w|[{MARKS}])[.!?;:。{SCRIPT_STOPS}]+[\s\"'”’»)]*$")
_OWN_WORD_REACH = 3  # words; how far beyond the span the quote's own edge word is looked for


def _own_first_word(query_words: list[str], text: str, limit: int, start: int, end: int) -> int:
    """The span's start moved back to the quote's first word when the span lacks it and the
    source has it a word or two before, aligning no worse: on a tie the aligner may leave
    it out as an added word ("eine Wirtschaftspolitik" of "eine marktwirtschaftliche
    Wirtschaftspolitik" read as an added article), which hides the words the quote dropped."""
    span_words = [m.group() for m in WORD.finditer(text, start, end)]
    if not query_words or not span_words or span_words[0] == query_words[0]:
        return start
    before = list(WORD.finditer(text, max(limit, start - 200), start))[-_OWN_WORD_REACH:]
    cost = Levenshtein.distance(query_words, span_words)
    for k, found in enumerate(before):
        words = [m.group() for m in before[k:]] + span_words
        if found.group() == query_words[0] and Levenshtein.distance(query_words, words) <= cost:
            return found.start()
    return start


def _own_last_word(query_words: list[str], text: str, start: int, end: int, limit: int) -> int:
    """The span's end moved on to the quote's last word (``_own_first_word``, at the end)."""
    span_words = [m.group() for m in WORD.finditer(text, start, end)]
    if not query_words or not span_words or span_words[-1] == query_words[-1]:
        return end
    after = list(WORD.finditer(text, end, min(limit, end + 200)))[:_OWN_WORD_REACH]
    cost = Levenshtein.distance(query_words, span_words)
    for k in range(len(after) - 1, -1, -1):
        words = span_words + [m.group() for m in after[: k + 1]]
        if after[k].group() == query_words[-1] and Levenshtein.distance(query_words, words) <= cost:
            return after[k].end()
    return end


def _writer(searcher: PreparedSource) -> frozenset[str]:
    """The words of a source's title and label, which name who wrote it ("DIE LINKE
    Wahlprogramm 2009"): the name a self-reference may stand for is among them. None when
    they name two ("Acme Ltd and Borealis GmbH supply agreement"): "we" is either party."""
    source = searcher.source
    named = fold_text(f"{source.title} {source.label}")
    words = frozenset(WORD.findall(named))
    if "&" in named or words & (CONJUNCTIONS | _BETWEEN):
        return frozenset()
    return words


_BETWEEN = frozenset({"between", "zwischen", "entre", "tra", "tussen", "vs", "versus"})


def _voices(searcher: PreparedSource) -> frozenset[str]:
    """The self-references ("wir", "we", "nous") a source speaks in, once per source."""
    found = searcher.cache.get("voices")
    if not isinstance(found, frozenset):
        text, index = searcher.norm_joined, word_index(searcher)
        found = searcher.cache["voices"] = frozenset(
            word
            for word in SELF_REFERENCES
            if index.stands(word) and _WHOLE_WORD[word].search(text)
        )
    return found


# A self-reference as a word of its own ("wir", not the "wir" of "wirken"): a search stops at
# the first one, where reading all of a long source's words took a tenth of the engine's time.
_WHOLE_WORD = {word: re.compile(rf"(?<!\w){word}(?!\w)") for word in SELF_REFERENCES}


_MAX_SUBJECT_DISTANCE = 40  # words between a sentence's subject and a later clause of it


def _sentence_subject(text: str, limit: int, start: int, span_words: list[str]) -> str | None:
    """The self-reference ("wir", "we", "nous") the sentence holding ``start`` opens with,
    when the span from ``start`` begins a later clause of it: after a comma, or with a
    joining word ("Wir schützen … und lehnen …", "Wir fördern …, schaffen aber …")."""
    ends = list(_SENTENCE_END.finditer(text, limit, start))
    opener = ends[-1].end() if ends else limit
    before = text[opener:start]
    words = WORD.findall(before)
    if not words or words[0] not in SELF_REFERENCES or len(words) > _MAX_SUBJECT_DISTANCE:
        return None
    if CLAUSE_GOVERNORS.intersection(words):
        return None  # "We call on the Council to fund … and oppose …": not "We oppose"
    joined = (
        before.rstrip().endswith(",")
        or words[-1] in CONJUNCTIONS
        or bool(span_words and span_words[0] in CONJUNCTIONS)
    )
    return words[0] if joined else None


def _matches_closely(head: str, before: str) -> bool:
    """Whether the quote's text before its core is the source's text there, a typo aside."""
    return bool(before) and Levenshtein.distance(head.strip(), before.strip()) * 4 <= len(head)


def _sentence_start(text: str, limit: int, start: int, *, max_words: int) -> int:
    """The start of the sentence holding ``start`` when it is at most ``max_words`` words
    back (and in the same paragraph), else ``start`` unchanged."""
    window = text[limit:start]
    ends = list(_SENTENCE_END.finditer(window))
    opener_start = limit + ends[-1].end() if ends else limit
    if len(WORD.findall(text[opener_start:start])) > max_words:
        return start
    return opener_start


def _extend_head(head: str, text: str, limit: int, start: int) -> int:
    """Move ``start`` back over the source words that stand where the quote's ``head`` (its
    text before the core) stands, when they resemble it more than nothing does: a changed
    first word ("Wir lehnen" for "und lehnen") is taken in, a word of its own is not."""
    if not head or len(head) > _EDGE_LIMIT:
        return start
    before = text[max(limit, start - len(head) - _TAIL_SLACK) : start]
    best_length, best_distance = 0, len(head)
    for length in range(1, len(before) + 1):
        distance = Levenshtein.distance(head, before[-length:])
        if distance <= best_distance:
            best_length, best_distance = length, distance
    if best_length == 0:
        return start
    new_start = start - best_length
    first = max(limit, new_start - LONGEST_WORD)
    while new_start > first and text[new_start - 1].isalnum():
        new_start -= 1  # begin at a word's start
    if Levenshtein.distance(head, text[new_start:start]) >= len(head):
        return start
    while text[new_start] == " ":
        new_start += 1
    return new_start


def _reach_changed_tail(tail: str, text: str, end: int, limit: int) -> int:
    """Move ``end`` on over as many of the sentence's words as the quote's ``tail`` holds,
    when that tail matched nothing: its words were changed ("支払うことができる" for
    "支払わなければならない"), and a hint reaches the words they replace instead of stopping
    before them."""
    count = len(WORD.findall(tail))
    if not count:
        return end
    stop = _STOP.search(text, end, limit)
    reach = stop.start() if stop else limit
    # the first few words only: up to the stop may be a whole unspaced paragraph
    words = list(islice(WORD.finditer(text, end, reach), count))
    return words[-1].end() if words else end


def _extend_tail(tail: str, text: str, end: int, limit: int) -> int:
    """Move ``end`` on over the source text that matches the quote's ``tail`` (its text
    after the core) closely: a final full stop, a word cut off mid-way by the model
    ("Menschenrechtsit" for "Menschenrechtssituation" ends after "Menschenrechtssit")."""
    if not tail or len(tail) > _EDGE_LIMIT:
        return end
    after = text[end : min(limit, end + len(tail) + _TAIL_SLACK)]
    best_length, best_distance, best_whole = 0, len(tail), False
    for length in range(1, len(after) + 1):
        distance = Levenshtein.distance(tail, after[:length])
        # of two as close, the one ending where a word does ("litre." for "liter.", not "litr")
        whole = end + length >= limit or not text[end + length].isalnum()
        if distance < best_distance or (distance == best_distance and whole and not best_whole):
            best_length, best_distance, best_whole = length, distance, whole
    if best_distance * 2 > len(tail):
        return end
    new_end = end + best_length
    while new_end > end and text[new_end - 1] == " ":
        new_end -= 1
    return new_end
