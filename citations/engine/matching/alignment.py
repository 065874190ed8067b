"""The word alignment of a quote with a source's words: which word of the one stands for
which word of the other, and which pairs are the same word.

This module exists because the alignment is a piece of its own inside the approximate
search (issue 35 split it out of ``approximate.py``, then 1,105 lines, over the house's
~800): what the aligner counts as a word (``WORD``), the alignment as steps (``steps``:
Levenshtein opcodes over word lists, in C; a pair is the same word when spelled nearly
alike, or the same number, rank or unit written otherwise), the alignment with a window of
the source, its words as close together as the alignment allows (``window_steps``,
``twin_across_gap``), and the measures of a run of steps ``approximate`` cuts a span and
judges its shape by. Whether the place is sound is ``approximate``'s question; naming each
difference of the alignment is ``edits``' and ``openings``', which read it as :class:`Step`
and :class:`Words`, defined here so that they share them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from rapidfuzz.distance import Indel, Levenshtein

from ..text import LazyPattern
from .match import HAN_KANA, WORD_RUN
from .number_words import number_value, ordinal_value, same_unit
from .spelling import common_spelling


class Step(NamedTuple):
    """One step of a word alignment: the quote's word and the passage's word (an index
    each, ``None`` where one side has no word), and whether they count as the same word."""

    quote: int | None
    source: int | None
    same: bool


@dataclass(frozen=True, slots=True)
class Words:
    """One side of an alignment: its words and the text after each (which holds the commas
    and semicolons between list items)."""

    words: list[str]
    after: list[str]
    # the source side only: the self-reference its sentence opens with ("wir" of "Wir
    # fördern …, schaffen aber …") when the span starts a later clause of that sentence
    subject: str | None = None
    # the source side only: the self-references the source speaks in ("wir" in a manifesto;
    # none in a contract between two parties, where "We" could be either)
    voices: frozenset[str] = frozenset()
    # the source side only: the words of its title and label, which name its writer
    writer: frozenset[str] = frozenset()
    # the source side only: the words written around the span, of which a quote's word one
    # letter off is another word, not a typo ("Janssen" for "Jansen" beside "Mr Janssen")
    nearby: frozenset[str] = frozenset()
    # the source side only: the span's sentence asks ("Moreover, is the landlord …?"), so
    # its verb put after the subject makes a statement of a question
    asks: bool = False
    # the source side only: its language (``languages.paragraph_language``; None: not
    # known), which tells an inflection from an ending that makes another claim
    language: str | None = None
    # the source side only: its words written in capitals (folded) where its capitals write
    # no accent, as Greek and often French ones do (``capital_words``)
    capitals: frozenset[str] = frozenset()


# A word: a run of letters and digits (``WORD_RUN``), or one Chinese or Japanese character
# (those scripts put no spaces between words, so a sentence would be one "word" the aligner
# cannot weigh).
# Ukrainian and Belarusian write an apostrophe inside a word ("п'ять"); "%" is a word too.
_CYRILLIC_APOSTROPHE = "(?<=[\u0400-\u04ff])'(?=[\u0400-\u04ff])"
WORD = LazyPattern(
    f"[{HAN_KANA}]|{WORD_RUN.pattern}(?:{_CYRILLIC_APOSTROPHE}{WORD_RUN.pattern})*|%"
)

MAX_GAP = 3  # longest run of words missing from, or added to, the quote
SIMILAR_WORD = 0.8  # a changed word still counts as the same word (a typo, an inflection)


def twin_across_gap(steps: list[Step], window: list[str], k: int, *, forward: bool) -> int:
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


def window_steps(query: list[str], window: list[str]) -> list[Step]:
    """The word alignment of a quote and a window of the source, its words as close together
    as the alignment allows. Word alignment breaks ties arbitrarily: with its first word
    changed, "Verrmögensaufbau für alle Menschen" against "„Wohlstand für alle“ … heißt für
    uns: Vermögensaufbau für alle Menschen" may pair "für alle" with the first "für alle"
    and skip the words between; aligned from the end, it pairs the nearer one."""
    forwards = steps(query, window)
    good = [k for k, step in enumerate(forwards) if step.same]
    if not good or longest_gap(forwards[good[0] : good[-1] + 1]) <= MAX_GAP:
        return forwards
    last_query, last_window = len(query) - 1, len(window) - 1
    backwards = [
        Step(
            None if q is None else last_query - q,
            None if w is None else last_window - w,
            same,
        )
        for q, w, same in reversed(steps(query[::-1], window[::-1], backwards=True))
    ]
    good_backwards = [k for k, step in enumerate(backwards) if step.same]
    if good_backwards and longest_gap(
        backwards[good_backwards[0] : good_backwards[-1] + 1]
    ) < longest_gap(forwards[good[0] : good[-1] + 1]):
        return backwards
    return forwards


def steps(query: list[str], window: list[str], *, backwards: bool = False) -> list[Step]:
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


def longest_gap(steps: list[Step]) -> int:
    longest = run = 0
    for _, _, same in steps:
        run = 0 if same else run + 1
        longest = max(longest, run)
    return longest


def is_equal(step: Step, query: list[str], window: list[str]) -> bool:
    q, w, _ = step
    return q is not None and w is not None and query[q] == window[w]
