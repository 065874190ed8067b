"""Approximate search: where a near-verbatim quote really is, and whether that is clearly one place.

Near-verbatim means what models do to a quote they meant to copy: truncate it (mid-word
too), drop or change a word, change a gender form, put an ellipsis for omitted words, add a
citation marker such as ``[cite: 12]``, change punctuation. Paraphrases and quotes stitched
together from distant places are not near-verbatim and must not be accepted.

How: the source's normalized words are indexed once (word -> positions). A quote's rarest
words vote for alignments (source position minus quote position); the best few are aligned
word by word (Levenshtein opcodes over word lists, in C) inside one paragraph, and the span
is cut to the first and last word that really corresponds. A candidate is *accepted* only
when its character similarity reaches ``min_score``, most quote words are found in order
(``MIN_RECALL``), the span holds few words the quote lacks (``MIN_PRECISION``), no long run
of words is missing or added (``MAX_GAP``), and it beats the best other place by
``min_margin``.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from rapidfuzz.distance import Indel, Levenshtein

from .match import PreparedSource, normalized_in_source
from .types import Span

WORD = re.compile(r"\w+")

MIN_WORDS = 3  # fewer quote words than this are never matched approximately
MIN_RECALL = 0.8  # share of quote words found, in order, in the span
MIN_PRECISION = 0.75  # share of span words that correspond to a quote word
MAX_GAP = 3  # longest run of words missing from, or added to, the quote
SIMILAR_WORD = 0.8  # a changed word still counts as the same word (a typo, an inflection)
HINT_SCORE = 0.5  # below this a best match is not worth showing as a hint
_MAX_ANCHORS = 16
_COMMON = 200  # words more frequent than this in a source make poor anchors
_CANDIDATES_PER_SOURCE = 3

# Citation markers models put inside quotes; ellipses and quotation marks at a quote's ends.
_MARKERS = re.compile(r"\s*(?:\[\s*(?:cite|source|citation|ref)\b[^\]]*\]|【[^】]*】)", re.I)
_EDGE_ELLIPSIS = re.compile(
    r"^(?:\.\.\.|\[\.\.\.\]|\(\.\.\.\))\s*|\s*(?:\.\.\.|\[\.\.\.\]|\(\.\.\.\))$"
)
_EDGE_QUOTES = "\"' "


@dataclass(frozen=True, slots=True)
class Candidate:
    """One place a quote might be: its raw span, a similarity score and whether its shape
    passes the acceptance checks (margin aside)."""

    source: str
    span: Span
    score: float
    sound: bool  # the shape checks pass: recall, precision, gaps, score
    key: str  # the normalized text of the place, to tell a repeated passage from another


@dataclass(frozen=True, slots=True)
class WordIndex:
    """A source's normalized words with their offsets in ``norm_joined`` and paragraph."""

    words: tuple[str, ...]
    starts: tuple[int, ...]
    ends: tuple[int, ...]
    paragraphs: tuple[int, ...]  # 0-based paragraph of each word
    positions: dict[str, list[int]]


def word_index(prepared: PreparedSource) -> WordIndex:
    """The word index of a prepared source (built once per source object)."""
    cached = prepared.cache.get("words")
    if isinstance(cached, WordIndex):
        return cached
    text = prepared.norm_joined
    words: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    positions: dict[str, list[int]] = {}
    for number, found in enumerate(WORD.finditer(text)):
        word = found.group()
        words.append(word)
        starts.append(found.start())
        ends.append(found.end())
        positions.setdefault(word, []).append(number)
    para_starts = prepared.norm_starts
    paragraphs = tuple(bisect_right(para_starts, s) - 1 for s in starts)
    index = WordIndex(tuple(words), tuple(starts), tuple(ends), paragraphs, positions)
    prepared.cache["words"] = index
    return index


def clean_quote(folded: str) -> str:
    """The folded quote without citation markers, edge ellipses and edge quotation marks.

    >>> clean_quote('"die regel gilt ... [cite: 12]"')
    'die regel gilt'
    """
    previous = None
    text = folded
    while text != previous:
        previous = text
        text = _MARKERS.sub("", text)
        text = _EDGE_ELLIPSIS.sub("", text).strip(_EDGE_QUOTES)
    return text


def cleaned_match(folded: str, searchers: Sequence[PreparedSource]) -> Candidate | None:
    """Where the quote is verbatim once its markers, edge ellipses and quotation marks are
    gone (first place, searchers in order)."""
    cleaned = clean_quote(folded)
    if cleaned == folded or len(WORD.findall(cleaned)) < MIN_WORDS:
        return None
    for searcher in searchers:
        spans = normalized_in_source(cleaned, searcher)
        if spans and len(spans) == 1:
            score = Indel.normalized_similarity(folded, cleaned)
            return Candidate(searcher.id, spans[0], score, True, cleaned)
    return None


def candidates(folded: str, searcher: PreparedSource, *, min_score: float) -> list[Candidate]:
    """The best few places in one source for the (folded, cleaned) quote, best first."""
    query = [(m.group(), m.start(), m.end()) for m in WORD.finditer(folded)]
    if len(query) < MIN_WORDS:
        return []
    index = word_index(searcher)
    found = []
    for start, end in _vote(query, index):
        candidate = _align(folded, query, index, searcher, start, end, min_score=min_score)
        if candidate is not None:
            found.append(candidate)
    found.sort(key=lambda c: -c.score)
    return found


def _vote(query: list[tuple[str, int, int]], index: WordIndex) -> list[tuple[int, int]]:
    """Source word windows ``[start, end)`` where the quote's rarest words line up."""
    size = len(query)
    by_word: dict[str, list[int]] = {}
    for number, (word, _, _) in enumerate(query):
        by_word.setdefault(word, []).append(number)
    ranked = sorted((len(index.positions[w]), w) for w in by_word if w in index.positions)
    anchors = [w for count, w in ranked if count <= _COMMON][:_MAX_ANCHORS] or [
        w for _, w in ranked[:3]
    ]
    hits: list[tuple[int, int]] = []
    for word in anchors:
        for position in index.positions[word]:
            for number in by_word[word]:
                hits.append((position - number, number))
    if not hits:
        return []
    hits.sort()
    slack = max(3, size // 4)
    clusters: list[tuple[int, int, int]] = []  # (-votes, lowest diagonal, highest diagonal)
    right = 0
    for left in range(len(hits)):
        right = max(right, left)
        while right + 1 < len(hits) and hits[right + 1][0] - hits[left][0] <= slack:
            right += 1
        votes = len({number for _, number in hits[left : right + 1]})
        clusters.append((-votes, hits[left][0], hits[right][0]))
    clusters.sort()
    chosen: list[tuple[int, int]] = []
    for _, low, high in clusters:
        if any(low - size <= c_high and c_low <= high + size for c_low, c_high in chosen):
            continue
        chosen.append((low, high))
        if len(chosen) == _CANDIDATES_PER_SOURCE:
            break
    total = len(index.words)
    return [(max(0, low - slack), min(total, high + size + slack)) for low, high in chosen]


def _align(
    folded: str,
    query: list[tuple[str, int, int]],
    index: WordIndex,
    searcher: PreparedSource,
    window_start: int,
    window_end: int,
    *,
    min_score: float,
) -> Candidate | None:
    # Keep the window inside the paragraph where most of it lies: no cross-paragraph repair.
    paragraphs = index.paragraphs[window_start:window_end]
    if not paragraphs:
        return None
    home = max(set(paragraphs), key=paragraphs.count)
    while index.paragraphs[window_start] != home:
        window_start += 1
    while index.paragraphs[window_end - 1] != home:
        window_end -= 1
    query_words = [w for w, _, _ in query]
    window_words = list(index.words[window_start:window_end])
    steps = _steps(query_words, window_words)
    good = [k for k, step in enumerate(steps) if step[2]]
    if not good:
        return None
    first, last = good[0], good[-1]
    inner = steps[first : last + 1]
    matched = sum(1 for step in inner if step[2])
    span_words = sum(1 for step in inner if step[1] is not None)
    gap = _longest_gap(inner)
    recall = matched / len(query_words)
    precision = matched / max(1, span_words)

    q_first, w_first, _ = steps[first]
    q_last, w_last, _ = steps[last]
    assert w_first is not None and w_last is not None and q_first is not None and q_last is not None
    text = searcher.norm_joined
    start = index.starts[window_start + w_first]
    end = index.ends[window_start + w_last]
    first_word, last_word = query_words[q_first], query_words[q_last]
    source_first, source_last = window_words[w_first], window_words[w_last]
    if source_first != first_word and source_first.endswith(first_word):
        start += len(source_first) - len(first_word)  # the quote starts mid-word
    if source_last != last_word and source_last.startswith(last_word):
        end -= len(source_last) - len(last_word)  # the quote stops mid-word: so does the span
    start, end = _widen(folded, query[q_first][1], query[q_last][2], text, start, end)
    home_start = searcher.norm_starts[home]
    home_text = searcher.normalized[home].text
    start = max(start, home_start)
    end = min(end, home_start + len(home_text))
    if end <= start:
        return None
    span_text = text[start:end]
    score = Indel.normalized_similarity(folded, span_text)
    sound = (
        score >= min_score
        and recall >= MIN_RECALL
        and precision >= MIN_PRECISION
        and gap <= MAX_GAP
    )
    spans = searcher.spans(start, end)
    if len(spans) != 1:
        return None
    return Candidate(searcher.id, spans[0], score, sound, span_text)


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
                Indel.normalized_similarity(q_word, w_word) >= SIMILAR_WORD
                or (q1 + k == last_query and w_word.startswith(q_word))
                or (q1 + k == 0 and w_word.endswith(q_word))
            )
            steps.append((q1 + k, w1 + k, same))
        steps.extend((q, None, False) for q in range(q1 + paired, q2))
        steps.extend((None, w, False) for w in range(w1 + paired, w2))
    return steps


def _longest_gap(steps: list[tuple[int | None, int | None, bool]]) -> int:
    longest = run = 0
    for _, _, same in steps:
        run = 0 if same else run + 1
        longest = max(longest, run)
    return longest


def _widen(
    folded: str, query_start: int, query_end: int, text: str, start: int, end: int
) -> tuple[int, int]:
    """Take in the punctuation the quote has before its first and after its last word when
    the source has the same there (a closing full stop, an opening quotation mark)."""
    before = folded[:query_start]
    while before and start > 0 and text[start - 1] == before[-1] and not before[-1].isalnum():
        if text[start - 1] == " ":
            break
        start -= 1
        before = before[:-1]
    after = folded[query_end:]
    while after and end < len(text) and text[end] == after[0] and not after[0].isalnum():
        if text[end] == " ":
            break
        end += 1
        after = after[1:]
    return start, end
