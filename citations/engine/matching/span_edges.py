"""Where a span found by the word alignment starts and ends, and what stands at its end.

This module exists because the alignment's span is only a first cut (issue 35 split these
out of ``approximate.py``, then 1,105 lines, over the house's ~800): word alignment breaks
ties arbitrarily and pairs whole words only, so a span's edges are read again. Its start
or end moves to a nearer place of the quote's first or last word (``nearest_opening``,
``nearest_closing``, ``own_first_word``, ``own_last_word``), over the source text that
matches the quote's text before and after its core character by character
(``extend_head``, ``extend_tail``: a word cut off mid-way, a closing full stop), or on over
the words a changed tail replaced (``reach_changed_tail``). And what the span's end cuts
through is read here: the whole word there (``word_through``), whether the quote's cut
last word begins it (``cut_begins``), whether the sentence asks (``asks``).
"""

from __future__ import annotations

from itertools import islice

from rapidfuzz.distance import Levenshtein

from ..text import LazyPattern
from .alignment import WORD
from .match import LONGEST_WORD
from .spelling import common_spelling

_STOP = LazyPattern(r"[.!?;。！？]")


def word_through(text: str, end: int) -> str:
    """The whole word of ``text`` that the character before ``end`` belongs to (running on
    past ``end``). Read from the last space before it: no word holds a space, so the words
    from there are the words from the text's start, and the work is the word's, not the
    text's (reading all of a long source's words before each span took most of the time).
    """
    tail = WORD.findall(text, text.rfind(" ", 0, end) + 1, end)[-1]
    found = WORD.match(text, end - len(tail))
    return found.group() if found else ""


def asks(text: str, end: int, limit: int) -> bool:
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


_TAIL_SLACK = 3
_EDGE_LIMIT = 60  # longer unmatched text at a quote's end is not a reworded word or two


SENTENCE_END = LazyPattern(r"[.!?;:]\s")


def nearest_opening(query_words: list[str], text: str, start: int, end: int) -> int:
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


def nearest_closing(query_words: list[str], text: str, start: int, end: int) -> int:
    """The span's end moved back to an earlier place of the quote's last word when the
    words up to there align better (``nearest_opening``, from the other end)."""
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


_OWN_WORD_REACH = 3  # words; how far beyond the span the quote's own edge word is looked for


def own_first_word(query_words: list[str], text: str, limit: int, start: int, end: int) -> int:
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


def own_last_word(query_words: list[str], text: str, start: int, end: int, limit: int) -> int:
    """The span's end moved on to the quote's last word (``own_first_word``, at the end)."""
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


def extend_head(head: str, text: str, limit: int, start: int) -> int:
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


def reach_changed_tail(tail: str, text: str, end: int, limit: int) -> int:
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


def extend_tail(tail: str, text: str, end: int, limit: int) -> int:
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
