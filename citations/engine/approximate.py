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
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from rapidfuzz.distance import Indel, Levenshtein

from .match import (
    PreparedSource,
    ends_inside_number,
    normalized_in_paragraph,
    normalized_in_source,
    starts_inside,
)
from .types import Span

WORD = re.compile(r"\w+")
_WORD_CHAR = re.compile(r"\w")

MIN_WORDS = 3  # fewer quote words than this are never matched approximately
MIN_RECALL = 0.8  # share of quote words found, in order, in the span
MIN_WORDS_FOR_CHANGES = 8  # a shorter quote may drop words, but none of its own may differ
MIN_PRECISION = 0.75  # share of span words that correspond to a quote word
MAX_GAP = 3  # longest run of words missing from, or added to, the quote
MAX_OPENING_CHANGE = 1  # quote words before the first matched one ("Wir" for "und")
SIMILAR_WORD = 0.8  # a changed word still counts as the same word (a typo, an inflection)
HINT_SCORE = 0.5  # below this a best match is not worth showing as a hint
_MAX_ANCHORS = 16
_COMMON = 200  # words more frequent than this in a source make poor anchors
_CANDIDATES_PER_SOURCE = 3
_MAX_CANDIDATES_PER_SOURCE = 24
_OFFSETS_PER_WORD = 8  # a word the quote repeats votes from its first few places only

# Citation markers models put inside quotes ("[cite: 12]", "[cite_start]", "【4†source】", a
# page reference "(S. 5)", "(p. 3-4)"); ellipses and quotation marks at a quote's ends.
_MARKERS = re.compile(
    r"\s*(?:\[\s*(?:cite(?:_start|_end)?|source|citation|ref)\b[^\]]*\]|【[^】]*】"
    r"|\(\s*(?:s\.|pp?\.|seiten?|pages?)\s*\d{1,5}(?:\s*[-–]\s*\d{1,5})?\s*\))",
    re.I,
)
_EDGE_ELLIPSIS = re.compile(
    r"^(?:\.\.\.|\[\.\.\.\]|\(\.\.\.\))\s*|\s*(?:\.\.\.|\[\.\.\.\]|\(\.\.\.\))$"
)
_EDGE_QUOTES = "\"' "
_ELLIPSIS = re.compile(r"\s*(?:\.\.\.|\[\s*\.\.\.\s*\]|\(\s*\.\.\.\s*\))\s*")
ELIDED_BUDGET = 2  # omitted characters per quoted character a quote with ellipses may skip
MIN_ELIDED_BUDGET = 100
_MAX_ELIDED_TRIES = 200  # places of the first part looked at, at most


@dataclass(frozen=True, slots=True)
class Candidate:
    """One place a quote might be: its raw span, a similarity score and whether its shape
    passes the acceptance checks (margin aside)."""

    source: str
    span: Span
    score: float
    sound: bool  # the shape checks pass: recall, precision, gaps, score
    key: str  # the normalized text of the place, to tell a repeated passage from another
    changes_claim: bool = False  # a number, negation or polarity word differs: not a copy


class WordIndex:
    """A source's word frequencies (counted in C over its normalized text, once) and the
    character positions of whole words, found on demand and remembered."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.counts = Counter(WORD.findall(text))
        self._positions: dict[str, list[int]] = {}

    def positions(self, word: str) -> list[int]:
        """Start offsets of ``word`` as a whole word in the text."""
        found = self._positions.get(word)
        if found is None:
            # A literal first keeps the regex engine's fast prefix scan; the character
            # before is checked here (a lookbehind first would test every position).
            pattern = re.compile(rf"{re.escape(word)}(?!\w)")
            text = self.text
            found = [
                m.start()
                for m in pattern.finditer(text)
                if m.start() == 0 or not _WORD_CHAR.match(text, m.start() - 1)
            ]
            self._positions[word] = found
        return found


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


def word_index(prepared: PreparedSource) -> WordIndex:
    """The word index of a prepared source (built once per source object)."""
    cached = prepared.cache.get("words")
    if isinstance(cached, WordIndex):
        return cached
    index = WordIndex(prepared.norm_joined)
    prepared.cache["words"] = index
    return index


def clean_quote(folded: str) -> str:
    """The folded quote without citation markers, edge ellipses and edge quotation marks.

    >>> clean_quote('"die regel gilt ... [cite: 12]"'), clean_quote("sie bleibt verboten (s. 5)")
    ('die regel gilt', 'sie bleibt verboten')
    """
    previous = None
    text = folded
    while text != previous:
        previous = text
        text = _MARKERS.sub("", text)
        text = _EDGE_ELLIPSIS.sub("", text).strip(_EDGE_QUOTES)
    return text


def cleaned_match(
    folded: str, searchers: Sequence[PreparedSource], *, cited_paragraph: int | None = None
) -> Candidate | None:
    """Where the quote is verbatim once its markers, edge ellipses and quotation marks are
    gone: in ``cited_paragraph`` of the first searcher (the cited source) if it is there,
    else the first place, searchers in order."""
    cleaned = clean_quote(folded)
    if cleaned == folded or len(WORD.findall(cleaned)) < MIN_WORDS:
        return None
    if searchers and cited_paragraph is not None:
        span = normalized_in_paragraph(cleaned, searchers[0], cited_paragraph)
        if span is not None:
            score = Indel.normalized_similarity(folded, cleaned)
            return Candidate(searchers[0].id, span, score, True, cleaned)
    for searcher in searchers:
        spans = normalized_in_source(cleaned, searcher)
        if spans and len(spans) == 1:
            score = Indel.normalized_similarity(folded, cleaned)
            return Candidate(searcher.id, spans[0], score, True, cleaned)
    return None


def elided_match(folded: str, searchers: Sequence[PreparedSource]) -> Candidate | None:
    """Where a quote with ellipses for omitted words ("A ... B") is: every part verbatim,
    in order, in one paragraph, omitting at most ``ELIDED_BUDGET`` times the quoted text
    (at least ``MIN_ELIDED_BUDGET`` characters) and no negation or word of force ("may ...
    sublet" for "may not sublet" is another claim); the place must be the only one that
    fits. The span runs from the first part to the last, omitted words included."""
    parts = [part.strip() for part in _ELLIPSIS.split(clean_quote(folded))]
    if len(parts) < 2 or any(len(WORD.findall(part)) < 2 for part in parts):
        return None
    budget = max(MIN_ELIDED_BUDGET, ELIDED_BUDGET * sum(len(part) for part in parts))
    for searcher in searchers:
        text = searcher.norm_joined
        places: list[tuple[int, int]] = []
        start, tries = text.find(parts[0]), 0
        while start >= 0 and tries < _MAX_ELIDED_TRIES:
            end = (
                None if starts_inside(text, start) else _elided_end(searcher, parts, start, budget)
            )
            if end is not None:
                places.append((start, end))
            start, tries = text.find(parts[0], start + 1), tries + 1
        if not places:
            continue
        if len({text[s:e] for s, e in places}) > 1:
            return None  # more than one passage fits: not clearly the quoted one
        start, end = places[0]
        spans = searcher.spans(start, end)
        if len(spans) != 1:
            return None
        score = Indel.normalized_similarity(folded, text[start:end])
        return Candidate(searcher.id, spans[0], score, True, text[start:end])
    return None


def _elided_end(searcher: PreparedSource, parts: list[str], start: int, budget: int) -> int | None:
    home = searcher.paragraph_at(start)
    home_end = searcher.norm_starts[home] + len(searcher.normalized[home].text)
    text = searcher.norm_joined
    position, omitted = start + len(parts[0]), 0
    for part in parts[1:]:
        found = text.find(part, position, home_end)
        if found < 0 or starts_inside(text, found):
            return None
        omitted += found - position
        if omitted > budget or any(_is_negation(w) for w in WORD.findall(text, position, found)):
            return None
        position = found + len(part)
    return None if ends_inside_number(text, position) else position


def candidates(
    folded: str, searcher: PreparedSource, *, min_score: float, sentence_start: bool = False
) -> list[Candidate]:
    """The best few places in one source for the folded quote, best first.

    ``sentence_start``: the quote as written begins a sentence (a capital letter), so when
    its opening words were reworded ("Wir sagen" for "Daher sagen wir") the span may begin
    at the source sentence's start a few words earlier."""
    query = [(m.group(), m.start(), m.end()) for m in WORD.finditer(folded)]
    if len(query) < MIN_WORDS:
        return []
    index = word_index(searcher)
    found = []
    for window in _vote(folded, query, index):
        candidate = _align(
            folded, query, searcher, window, min_score=min_score, sentence_start=sentence_start
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
    ranked = sorted((index.counts[w], w) for w in by_word if w in index.counts)
    anchors = [w for count, w in ranked if count <= _COMMON][:_MAX_ANCHORS] or [
        w for _, w in ranked[:3]
    ]
    hits: list[tuple[int, int, int]] = []  # (diagonal, quote offset, source offset)
    for word in anchors:
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


def _align(
    folded: str,
    query: list[tuple[str, int, int]],
    searcher: PreparedSource,
    window: tuple[int, int, tuple[int, ...]],
    *,
    min_score: float,
    sentence_start: bool,
) -> Candidate | None:
    # The window stays inside one paragraph: no cross-paragraph repair.
    text = searcher.norm_joined
    homes = [searcher.paragraph_at(position) for position in window[2]]
    home = max(homes, key=homes.count)  # the paragraph most of the votes come from
    home_start = searcher.norm_starts[home]
    home_end = home_start + len(searcher.normalized[home].text)
    low, high = max(window[0], home_start), min(window[1], home_end)
    while low > home_start and text[low - 1].isalnum():
        low -= 1
    window_found = list(WORD.finditer(text, low, high))
    query_words = [w for w, _, _ in query]
    window_words = [m.group() for m in window_found]
    steps = _steps(query_words, window_words)
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
    start = _extend_head(
        folded[: query[q_first][1]], text, home_start, window_found[w_first].start()
    )
    if sentence_start and q_first > 0:
        start = _sentence_start(text, home_start, start, max_words=q_first + _OPENER_WORDS)
    end = _extend_tail(folded[query[q_last][2] :], text, window_found[w_last].end(), home_end)
    span_text = text[start:end]
    score = Indel.normalized_similarity(_umlauts_out(folded), _umlauts_out(span_text))
    span_found = list(WORD.finditer(span_text))
    span_words = [m.group() for m in span_found]
    span_steps = _steps(query_words, span_words)
    sound = score >= min_score and _sound_shape(query_words, span_words, span_steps)
    spans = searcher.spans(start, end)
    if len(spans) != 1:
        return None
    changes_claim = (
        starts_inside(text, start)  # "compliant" of "non-compliant", "5" of "12.5"
        or ends_inside_number(text, end)
        or _changes_symbols(folded, span_text)
        or _changes_numbers(folded, span_text)
        or _changes_meaning(
            span_steps,
            query_words,
            span_words,
            query_after=_text_after(folded, [(start, end) for _, start, end in query]),
            span_after=_text_after(span_text, [m.span() for m in span_found]),
        )
    )
    return Candidate(searcher.id, spans[0], score, sound, span_text, changes_claim)


def _text_after(text: str, words: list[tuple[int, int]]) -> list[str]:
    """The text between each word (``start, end`` in ``text``) and the next, or the end."""
    starts = [start for start, _ in words[1:]] + [len(text)]
    return [text[end:next_start] for (_, end), next_start in zip(words, starts, strict=True)]


def _twin_across_gap(
    steps: list[tuple[int | None, int | None, bool]], window: list[str], k: int, *, forward: bool
) -> int:
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


def _steps(query: list[str], window: list[str]) -> list[tuple[int | None, int | None, bool]]:
    """The word alignment as (query word, window word, same word?) steps; None is a gap."""
    steps: list[tuple[int | None, int | None, bool]] = []
    last_query = len(query) - 1
    for op in Levenshtein.opcodes(query, window):
        q1, q2, w1, w2 = op.src_start, op.src_end, op.dest_start, op.dest_end
        if op.tag == "equal":
            steps.extend((q1 + k, w1 + k, True) for k in range(q2 - q1))
            continue
        paired = min(q2 - q1, w2 - w1) if op.tag == "replace" else 0
        for k in range(paired):
            q_word, w_word = query[q1 + k], window[w1 + k]
            same = (
                Indel.normalized_similarity(_umlauts_out(q_word), _umlauts_out(w_word))
                >= SIMILAR_WORD
                or (
                    q1 + k == last_query
                    and (w_word.startswith(q_word) or q_word.startswith(w_word))
                )
                or (q1 + k == 0 and w_word.endswith(q_word))
            )
            steps.append((q1 + k, w1 + k, same))
        steps.extend((q, None, False) for q in range(q1 + paired, q2))
        steps.extend((None, w, False) for w in range(w1 + paired, w2))
    return steps


def _sound_shape(
    query_words: list[str], span_words: list[str], steps: list[tuple[int | None, int | None, bool]]
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
    trailing = sum(1 for q, _, _ in steps[good[-1] + 1 :] if q is not None)
    recall = MIN_RECALL if len(query_words) >= MIN_WORDS_FOR_CHANGES else 1.0
    return (
        matched >= recall * len(query_words)
        and matched >= MIN_PRECISION * len(span_words)
        and _longest_gap(steps[good[0] : good[-1] + 1]) <= MAX_GAP
        and leading <= MAX_OPENING_CHANGE
        and trailing == 0
    )


def _word_set(words: str) -> frozenset[str]:
    return frozenset(words.split())


# Words whose change turns a quote into a different claim, however close its characters
# are: numbers (digits, number words) and negations. A quote that differs from the source in
# one of them is never repaired; a wrong number passed as "corrected" is worse than a flag.
_NUMBER_WORDS = _word_set(
    """zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen
    fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty
    ninety hundred thousand million millions billion billions once twice thrice half double
    triple dozen first second third fourth fifth sixth seventh eighth ninth tenth twelfth
    null eins acht achte achten elf elfte einmal doppelt doppelte hälfte halb halbe
    doubled doubles halve halved halves tripled
    minute minutes hour hours day days week weeks month months year years percent cent eur
    euro euros usd dollar dollars minuten stunde stunden tag tage tagen woche wochen monat
    monate monaten jahr jahre jahren prozent"""
)  # with the units a number counts in: "eight (8) days" for "eight (8) hours" is another claim
# German writes number words together with what they count ("zweimal", "vierzehnte",
# "dreijährige"): a word starting with one of these is a number word.
_NUMBER_PREFIXES = tuple(
    _word_set(
        """zwei drei vier fünf sechs sieben neun zehn zwölf zwanzig dreißig dreissig hundert
        tausend million milliard achtzehn achtzig elfmal einhundert eintausend verdopp
        verdreif halbier vervielfach"""
    )
)
# Who says or does something: one pronoun for another ("Sie wollen" for "Wir wollen") moves
# the claim to someone else.
_PRONOUNS = _word_set(
    """i you he she it we they me him her us them my your his its our their
    ich du er sie es wir ihr mich dich ihn uns euch mein dein sein unser euer"""
)
_MIN_SWAPPED_WORD = 4  # shorter words ("the", "a") recur anywhere; a swap of them says little
_NEGATIONS = _word_set(
    """not no never none nothing nobody neither nor without cannot t nicht kein keine keinen
    keinem keiner keines nie niemals nichts niemand weder ohne nirgends nein ne pas non jamais
    sans nunca sin ni 안 아니"""
)
_NEGATION_PREFIXES = ("않", "없", "못")  # Korean negation is part of the verb: 않았습니다
# Words that set a claim's force, direction or scope (obligation, permission, comparison,
# bounds, decisions, exceptions): "may" for "must", "rejected" for "approved", "less" for
# "more" keep a quote close in characters and turn it into another claim, like a negation;
# "all employees must" for "all employees except contractors must" drops an exception.
_POLARITY = _word_set(
    """must may might shall should can could required optional mandatory voluntary allowed
    permitted prohibited forbidden approve approved approves approval reject rejected rejects
    rejection accept accepted accepts refuse refused more less fewer most least higher lower
    above below before after maximum minimum increase increases increased decrease decreases
    decreased always only all every any
    muss müssen musste mussten darf dürfen durfte kann können konnte soll sollen sollte
    sollten mehr weniger höher niedriger mindestens höchstens maximal minimal vor nach immer
    nur alle jede jeder jedes erlaubt verboten zulässig unzulässig verpflichtend freiwillig
    zustimmen zugestimmt ablehnen lehnt lehnen abgelehnt angenommen genehmigt
    except excepting excluding unless außer ausser ausgenommen abgesehen sauf excepto salvo"""
)
# Prefixes that turn a word into its opposite: "ex"/"in"cluding, "un"zulässig, "de"crease,
# "out"/"in"side, "Vor"/"Nach"teil, "Ein"/"Aus"fuhr.
_OPPOSITE_PREFIXES = _word_set(
    """un in im il ir non dis ex de anti a ab zu miss mis out up down over under pre post
    ein aus auf über unter vor nach"""
)
_MIN_SHARED_STEM = 4


def _changes_meaning(
    steps: list[tuple[int | None, int | None, bool]],
    query: list[str],
    span: list[str],
    *,
    query_after: list[str],
    span_after: list[str],
) -> bool:
    """Whether the quote changes a number or a negation of the span, adds one, or drops a
    negation; makes a word the opposite of the source's ("excluding" for "including"); puts
    one pronoun for another; swaps two of the source's words ("the supplier pays the buyer"
    for "the buyer pays the supplier"); or replaces a phrase by another ("in der Stadt" for
    "auf dem Land"). A number the quote merely leaves out ("ninety days" for "ninety (90)
    days") changes nothing it claims; one word for two ("sowie" for "ebenso wie") is a
    rewording, not another phrase. Nor may it add an item to an enumeration or leave one
    out (``_changes_enumeration``; ``query_after``, ``span_after``: the text after each
    word, which holds the commas between items)."""
    query_set, span_set = set(query), set(span)
    steps = _rejoin_split_words(steps, query, span)
    if _changes_enumeration(steps, (query, query_after), (span, span_after)):
        return True
    run_query = run_span = 0  # quote and span words in the current run of differing steps
    for q, w, same in steps:
        run_query, run_span = (
            (0, 0) if same else (run_query + (q is not None), run_span + (w is not None))
        )
        if run_query >= 2 and run_span >= 2:
            return True
        q_word = query[q] if q is not None else None
        w_word = span[w] if w is not None else None
        if q_word == w_word or _footnote_mark(q_word, w_word):
            continue
        if (
            q_word is not None
            and w_word is not None
            and _common_spelling(q_word) == _common_spelling(w_word)
        ):
            continue  # "hoeher" for "höher", "center" for "centre": the same word

        if (
            q_word is not None
            and w_word is not None
            and (
                (q_word in _PRONOUNS and w_word in _PRONOUNS)
                or (
                    min(len(q_word), len(w_word)) >= _MIN_SWAPPED_WORD
                    and q_word in span_set
                    and w_word in query_set
                )
            )
        ):
            return True
        if q_word is None:
            if w_word is not None and _is_negation(w_word):
                return True
        elif w_word is None:
            if _is_number(q_word) or _is_negation(q_word):
                return True
        elif (
            _is_number(q_word)
            or _is_number(w_word)
            or _is_negation(q_word)
            or _is_negation(w_word)
            or _opposites(q_word, w_word)
            or not (
                _same_word(q_word, w_word, last=q == len(query) - 1)
                or _reworded_opening(q_word, w_word, first=q == 0)
            )
        ):
            return True
    return False


# Words joining the items of an enumeration, and articles, which a copy may drop or add
# beside them ("the roof and facade" for "the roof and the facade").
_CONJUNCTIONS = _word_set("and or nor und oder sowie bzw beziehungsweise et ou y o")
_ARTICLES = _word_set(
    """the a an der die das den dem des ein eine einen einem einer eines le la les un une el
    los las"""
)


def _changes_enumeration(
    steps: list[tuple[int | None, int | None, bool]],
    query: tuple[list[str], list[str]],
    span: tuple[list[str], list[str]],
) -> bool:
    """Whether the quote adds an item to an enumeration of the span or leaves one out:
    "Berlin, Hamburg and Munich" or "Berlin" for "Berlin and Munich", "the tenant and
    guarantor" for "the tenant". That is a run of words only one side has, holding a word
    other than an article, and either a conjunction, or right before one both have (after
    one it qualifies the next item: "and, on request, a monitor"), or an item of a comma
    list (``_listed``). It changes who or what the claim is about, though the words are
    few. The other gender form of a word beside the run ("Bürger" for "Bürger und
    Bürgerinnen") is no new item. ``query`` and ``span``: the words and the text after
    each."""
    k = 0
    while k < len(steps):
        q, w, same = steps[k]
        if same or (q is not None and w is not None):
            k += 1
            continue
        side = 0 if q is not None else 1  # 0: words the quote adds, 1: words it drops
        own, other = (query, span) if side == 0 else (span, query)
        end = k
        while end < len(steps) and not steps[end][2] and steps[end][1 - side] is None:
            end += 1
        run = [i for step in steps[k:end] if (i := step[side]) is not None]
        words = [own[0][i] for i in run]
        before = _shared(steps[k - 1], side) if k else None
        after = _shared(steps[end], side) if end < len(steps) else None
        beside = [own[0][n[0]] for n in (before, after) if n is not None]
        items = [word for word in words if word not in _CONJUNCTIONS and word not in _ARTICLES]
        joined = (
            (after is not None and own[0][after[0]] in _CONJUNCTIONS)
            or any(word in _CONJUNCTIONS for word in words)
            or _listed(run[-1], before, after, own, other)
        )
        if (
            items
            and joined
            and not all(any(_same_word(item, n, last=False) for n in beside) for item in items)
        ):
            return True
        k = end
    return False


def _shared(step: tuple[int | None, int | None, bool], side: int) -> tuple[int, int] | None:
    """A step both sides have the same word at, as (index on ``side``, on the other)."""
    q, w, same = step
    if not same or q is None or w is None:
        return None
    return (q, w) if side == 0 else (w, q)


def _listed(
    last: int,
    before: tuple[int, int] | None,
    after: tuple[int, int] | None,
    own: tuple[list[str], list[str]],
    other: tuple[list[str], list[str]],
) -> bool:
    """Whether a run of words one side has (``own``, its last word at ``last``) is an item
    of a comma list: it ends in a comma, and either a comma stands before it as well as
    between the words beside it on the other side ("Berlin, Cologne" for "Berlin, Munich,
    Cologne"), or the list goes on past the next word on both sides, with a comma or a
    conjunction ("for Munich, Cologne" for "for Berlin, Munich, Cologne"). A filler left
    out with its commas ("The report was" for "The report, however, was") is none.
    ``before`` and ``after``: the words both sides have beside the run, as (own index,
    other index)."""
    if "," not in own[1][last] or after is None:
        return False
    if before is not None and "," in own[1][before[0]] and "," in other[1][before[1]]:
        return True
    return all(
        _list_goes_on(words, after_text, at)
        for (words, after_text), at in zip((own, other), after, strict=True)
    )


def _list_goes_on(words: list[str], after: list[str], at: int) -> bool:
    """Whether a comma or a conjunction follows word ``at``."""
    return "," in after[at] or (at + 1 < len(words) and words[at + 1] in _CONJUNCTIONS)


_MIN_STEM = 4  # an ending added to a shorter word makes another word ("in", "inside")
_MAX_ENDING = 3  # inflection endings: "e", "en", "es", "ern"; longer ones make compounds
_GENDER_ENDINGS = ("in", "innen")  # "Bürger" / "Bürgerinnen"
_MIN_TYPO_WORD = 8  # one wrong letter in a shorter word may well be another word
_MIN_DROPPED_LETTER_WORD = 5  # "ever" / "never"
# Words that link a sentence to the one before: a quote cut from the middle of a sentence
# may open with its subject or another link instead ("Wir lehnen ... ab" for "und lehnen ...
# ab", "sowie" for "ebenso wie"), which changes nothing the quoted words claim.
_CONNECTIVES = _word_set(
    """and but so also therefore thus hence moreover furthermore likewise as und aber auch
    also daher deshalb deswegen darum zudem außerdem ferner jedoch doch sowie ebenso wie et
    mais donc y pero"""
)


def _rejoin_split_words(
    steps: list[tuple[int | None, int | None, bool]], query: list[str], span: list[str]
) -> list[tuple[int | None, int | None, bool]]:
    """The alignment with a word written in two parts on one side ("Kosten-schätzung",
    "floor space") and whole on the other taken as one matching step (``None, None``)."""
    joined: list[tuple[int | None, int | None, bool]] = []
    k = 0
    while k < len(steps):
        pair = steps[k : k + 2]
        # One part may pass for the whole word ("000" for "1000"), so a pair with one step
        # that differs is enough.
        if len(pair) == 2 and not (pair[0][2] and pair[1][2]):
            qs = sorted(q for q, _, _ in pair if q is not None)
            ws = sorted(w for _, w, _ in pair if w is not None)
            split_quote = len(qs) == 2 and ws and qs[1] == qs[0] + 1
            split_span = len(ws) == 2 and qs and ws[1] == ws[0] + 1
            if (split_quote and query[qs[0]] + query[qs[1]] == span[ws[0]]) or (
                split_span and span[ws[0]] + span[ws[1]] == query[qs[0]]
            ):
                joined.append((None, None, True))
                k += 2
                continue
        joined.append(steps[k])
        k += 1
    return joined


# German written without umlauts or "ß" ("fuer", "Strasse"), as on keyboards without them
# and in Swiss usage: the same words, compared in this spelling.
_UMLAUT_SPELLING = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
# British endings and their American spelling: "centre" "center", "licence" "license",
# "organise" "organize", "analyse" "analyze" ("colour", "travelled" differ by one letter
# and pass as the same word anyway). "-ise" only after a consonant and "i": German "Reise"
# is not "Reize".
_BRITISH_ENDING = re.compile(
    r"(?<=[^\Waeiou])re(?=s?$)"
    r"|(?:(?<=[^\Waeiou]i)|(?<=y))s(?=(?:e|es|ed|ing|ation|ations)$)"
    r"|(?<=en)c(?=es?$)"
)
_AMERICAN = {"re": "er", "s": "z", "c": "s"}


def _umlauts_out(text: str) -> str:
    """``text`` with umlauts and "ß" written out.

    >>> _umlauts_out("größere straße"), _umlauts_out("groessere strasse")
    ('groessere strasse', 'groessere strasse')
    """
    return text.translate(_UMLAUT_SPELLING)


def _common_spelling(word: str) -> str:
    """One spelling for a word's variants: umlauts written out, British endings American.

    >>> [_common_spelling(w) for w in ("centres", "licence", "organisation", "analysed")]
    ['centers', 'license', 'organization', 'analyzed']
    >>> [_common_spelling(w) for w in ("straße", "reise", "there", "price")]
    ['strasse', 'reise', 'there', 'price']
    """
    return _BRITISH_ENDING.sub(lambda found: _AMERICAN[found.group()], _umlauts_out(word))


def _reworded_opening(q_word: str, w_word: str, *, first: bool) -> bool:
    """The quote's first word is a subject or link in place of the source's link."""
    return first and (q_word in _PRONOUNS or q_word in _CONNECTIVES) and w_word in _CONNECTIVES


def _same_word(first: str, second: str, *, last: bool) -> bool:
    """Whether two different words are spellings of one: an inflection or gender ending
    added or dropped ("massenhaft", "massenhafte"), one letter left out or added ("answerd"),
    one wrong letter inside a long word (not in its ending, which tells "employee" from
    "employer"), or, as the quote's last word, cut off; in either spelling of umlauts or of
    British and American English ("groessere" for "größere", "centers" for "centre").
    Anything else is another word,
    whatever its letters: "licensee" for "licensor", "June" for "July", "or" for "and"
    change the claim.

    >>> _same_word("massenhaft", "massenhafte", last=False)
    True
    >>> _same_word("freirwilligkeit", "freiwilligkeit", last=False)
    True
    >>> _same_word("answerd", "answered", last=False), _same_word("ever", "never", last=False)
    (True, False)
    >>> _same_word("employee", "employer", last=False), _same_word("june", "july", last=False)
    (False, False)
    >>> _same_word("kinder", "kindergeld", last=False), _same_word("weiter", "weiterhin", last=True)
    (False, True)
    >>> _same_word("groessere", "größer", last=False)
    True
    """
    first, second = _common_spelling(first), _common_spelling(second)
    shorter, longer = sorted((first, second), key=len)
    if longer.startswith(shorter):
        ending = longer[len(shorter) :]
        return last or (
            len(shorter) >= _MIN_STEM and (len(ending) <= _MAX_ENDING or ending in _GENDER_ENDINGS)
        )
    if len(shorter) >= _MIN_DROPPED_LETTER_WORD and Indel.distance(first, second) == 1:
        return True
    return (
        len(shorter) >= _MIN_TYPO_WORD
        and Levenshtein.distance(first, second) == 1
        and first[-3:] == second[-3:]
    )


def _claim_symbols(text: str) -> list[str]:
    """Currency and maths signs, per cent and a number's minus, in order: "+4.1%" and
    "-4.1%", "≥ 2.5" and "≤ 2.5", "$18" and "€18" claim different things."""
    return _CLAIM_SYMBOL.findall(text)


def _changes_symbols(quote: str, span: str) -> bool:
    return _claim_symbols(clean_quote(quote)) != _claim_symbols(span)


# A number as written: digit groups of three after a separator are one number ("1,000",
# "1.000", "1 000"), then a decimal part ("12,5", "2.5"). Folded text has plain spaces and
# apostrophes only.
_NUMBER = re.compile(r"(\d{1,3}(?:[ .,']\d{3})+(?!\d)|\d+)(?:[.,](\d+))?")
_DIGIT_GROUP_SEPARATORS = re.compile(r"[ .,']")


def _numbers(text: str) -> list[str]:
    """The numbers of ``text`` by value as written, whatever their grouping and decimal mark.

    >>> _numbers("1,500 EUR, 1.500 EUR, 1 500 EUR, 1500 EUR; 2,5 % or 2.50 %")
    ['1500', '1500', '1500', '1500', '2.5', '2.50']
    """
    return [
        _DIGIT_GROUP_SEPARATORS.sub("", whole) + (f".{decimals}" if decimals else "")
        for whole, decimals in _NUMBER.findall(text)
    ]


def _changes_numbers(quote: str, span: str) -> bool:
    """Whether the quote has a number the span does not have, in the span's order: "500" or
    "1" for "1,500", "25" for "2.5", "1,000" for "1,000,000". Word by word these look like
    a number left out or rejoined; as numbers they are other amounts. A number the quote
    leaves out ("ninety days" for "ninety (90) days") changes nothing it claims."""
    remaining = iter(_numbers(span))
    return not all(number in remaining for number in _numbers(clean_quote(quote)))


_CLAIM_SYMBOL = re.compile(
    "["
    + re.escape(
        "".join(c for c in map(chr, range(0x10000)) if unicodedata.category(c) in ("Sc", "Sm"))
    )
    + "%‰‱]|(?<!\\w)-(?=\\d)"
)


def _footnote_mark(first: str | None, second: str | None) -> bool:
    """One word is the other with a footnote number fused to its end ("approval¹" folds to
    "approval1"): the same word, no number the quote claims.

    >>> _footnote_mark("approval", "approval1"), _footnote_mark("room4", "room5")
    (True, False)
    """
    if first is None or second is None:
        return False
    shorter, longer = sorted((first, second), key=len)
    return (
        longer.startswith(shorter)
        and longer[len(shorter) :].isdigit()
        and not any(c.isdigit() for c in shorter)
    )


def _is_number(word: str) -> bool:
    return (
        any(c.isdigit() for c in word) or word in _NUMBER_WORDS or word.startswith(_NUMBER_PREFIXES)
    )


def _is_negation(word: str) -> bool:
    return word in _NEGATIONS or word in _POLARITY or word.startswith(_NEGATION_PREFIXES)


def _opposites(first: str, second: str) -> bool:
    """``first`` and ``second`` share a stem and differ by a prefix that negates it.

    >>> _opposites("excluding", "including"), _opposites("zulässig", "unzulässig")
    (True, True)
    >>> _opposites("inside", "outside"), _opposites("vorteil", "nachteil")
    (True, True)
    >>> _opposites("massenhaft", "massenhafte"), _opposites("geschickt", "verschifft")
    (False, False)
    """
    shared = 0
    while shared < min(len(first), len(second)) and first[-1 - shared] == second[-1 - shared]:
        shared += 1
    if shared < _MIN_SHARED_STEM:
        return False
    heads = {first[: len(first) - shared], second[: len(second) - shared]}
    return len(heads) == 2 and heads <= _OPPOSITE_PREFIXES | {""}


def _longest_gap(steps: list[tuple[int | None, int | None, bool]]) -> int:
    longest = run = 0
    for _, _, same in steps:
        run = 0 if same else run + 1
        longest = max(longest, run)
    return longest


def _is_equal(
    step: tuple[int | None, int | None, bool], query: list[str], window: list[str]
) -> bool:
    q, w, _ = step
    return q is not None and w is not None and query[q] == window[w]


_TAIL_SLACK = 3
_EDGE_LIMIT = 60  # longer unmatched text at a quote's end is not a reworded word or two
_OPENER_WORDS = 3  # words a reworded sentence opening may have beyond the quote's own
_SENTENCE_END = re.compile(r"[.!?;:]\s")


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
    while new_start > limit and text[new_start - 1].isalnum():
        new_start -= 1  # begin at a word's start
    if Levenshtein.distance(head, text[new_start:start]) >= len(head):
        return start
    while text[new_start] == " ":
        new_start += 1
    return new_start


def _extend_tail(tail: str, text: str, end: int, limit: int) -> int:
    """Move ``end`` on over the source text that matches the quote's ``tail`` (its text
    after the core) closely: a final full stop, a word cut off mid-way by the model
    ("Menschenrechtsit" for "Menschenrechtssituation" ends after "Menschenrechtssit")."""
    if not tail or len(tail) > _EDGE_LIMIT:
        return end
    after = text[end : min(limit, end + len(tail) + _TAIL_SLACK)]
    best_length, best_distance = 0, len(tail)
    for length in range(1, len(after) + 1):
        distance = Levenshtein.distance(tail, after[:length])
        if distance < best_distance:
            best_length, best_distance = length, distance
    if best_distance * 2 > len(tail):
        return end
    new_end = end + best_length
    while new_end > end and text[new_end - 1] == " ":
        new_end -= 1
    return new_end
