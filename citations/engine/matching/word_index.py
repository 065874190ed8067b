"""A source's words counted once, and where each stands as a whole word: what the
approximate search (``approximate.py``) and ``PreparedSource.may_hold`` ask of a source,
answered from its vocabulary instead of reading the whole text again for every quote."""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from itertools import accumulate
from operator import add

from ..text import LazyPattern
from .match import HAN_KANA, MARKS, WORD_RUN, PreparedSource

WORD_CHAR = LazyPattern(f"[^\\W{HAN_KANA}]|[{MARKS}]")  # a character that continues a spaced word
_STRETCH = 100_000  # characters of a source whose words are listed at once
_NOT_WORD_CHAR = LazyPattern(f"(?![{MARKS}])[\\W{HAN_KANA}]")
_HAN_KANA_CHAR = LazyPattern(f"[{HAN_KANA}]")


class WordIndex:
    """How often a word stands in a source's normalized text and where it stands as a whole
    word. The words are counted once, when the source is prepared; a quote's questions are
    answered from that vocabulary (its distinct words), not by reading the whole text again
    for every word of every quote (a scan per quote grew with the source, an answer from the
    vocabulary grows only with the distinct words)."""

    def __init__(self, text: str) -> None:
        self.text = text
        # The text's tokens between spaces, counted: split() is far cheaper than a regex
        # read of every word. Read a stretch at a time, cut between words: all of a long
        # source's tokens in one list at once would take gigabytes.
        tokens: Counter[str] = Counter()
        position = 0
        while position < len(text):
            end = min(position + _STRETCH, len(text))
            if end < len(text):
                # cut between words: at the first character from there that continues none
                # (a search, not a step per character: a hostile source is one long word)
                boundary = _NOT_WORD_CHAR.search(text, end)
                end = boundary.start() if boundary else len(text)
            tokens.update(text[position:end].split())
            position = end
        # The words of each distinct token, as often as it stands (no word runs across a
        # space or a stretch's cut): a token of letters and digits is one word, unless it
        # holds Chinese or Japanese characters, which stand apart.
        alone = {
            token: times
            for token, times in tokens.items()
            if token.isalnum() and (token.isascii() or _HAN_KANA_CHAR.search(token) is None)
        }
        frequency = Counter(alone)
        counted = frequency.get
        for token, times in tokens.items():
            if token not in alone:
                for word in WORD_RUN.findall(token):
                    frequency[word] = counted(word, 0) + times
        self.frequency = frequency
        self._words = list(frequency)
        self._vocabulary = "\n".join(self._words)
        # where each word starts in the vocabulary: the lengths before it, and a line break each
        self._starts = list(
            map(add, accumulate(map(len, self._words), initial=0), range(len(self._words)))
        )
        self._counts: dict[str, int] = {}
        self._at_least: set[str] = set()  # words whose count was stopped: a lower bound
        self._positions: dict[str, list[int]] = {}
        self.first_positions: dict[str, int] = {}  # word -> first whole place, -1 for none

    def count(self, word: str, *, up_to: int | None = None) -> int:
        """How often ``word`` stands in the text, inside longer words too: enough to tell a
        rare word, which anchors a quote, from a common one. With ``up_to``, counting stops
        once past it and answers ``up_to + 1``: a common word's exact count is seldom
        needed, and costs a look at every longer word that holds it."""
        found = self._counts.get(word)
        if found is None or (word in self._at_least and (up_to is None or found <= up_to)):
            if WORD_RUN.fullmatch(word):
                found = self._count_in_vocabulary(word, up_to)
            else:  # an apostrophe, a Chinese character, "%": not a run of the vocabulary
                found = self.text.count(word)
            self._counts[word] = found
            if up_to is not None and found > up_to:
                self._at_least.add(word)
            else:
                self._at_least.discard(word)
        return found if up_to is None else min(found, up_to + 1)

    def _count_in_vocabulary(self, word: str, up_to: int | None) -> int:
        """``text.count(word)`` for a run of word characters: every occurrence lies inside
        one run of the text, so it is the count in each distinct run holding it, times how
        often that run stands; stopped once past ``up_to``."""
        vocabulary, words, starts = self._vocabulary, self._words, self._starts
        total = 0
        at = vocabulary.find(word)
        while at >= 0 and (up_to is None or total <= up_to):
            entry = bisect_right(starts, at) - 1
            holder = words[entry]
            total += self.frequency[holder] * holder.count(word)
            at = vocabulary.find(word, starts[entry] + len(holder) + 1)
        return total

    def stands(self, word: str) -> int:
        """How often ``word``, a run of word characters, stands in the text as a whole word."""
        return self.frequency[word]

    def first_position(self, word: str) -> int:
        """Where ``word`` first stands as a whole word in the text, -1 if nowhere: a quote
        that may stand in the text mostly stands at its rarest word's first place, found
        without reading the rest of the text for the others (``positions``)."""
        known = self._positions.get(word)
        if known is not None:
            return known[0] if known else -1
        first = self.first_positions.get(word)
        if first is None:
            first = next(iter(self._whole_at(word, wanted=1)), -1)
            self.first_positions[word] = first
        return first

    def positions(self, word: str) -> list[int]:
        """Start offsets of ``word`` as a whole word in the text."""
        found = self._positions.get(word)
        if found is None:
            found = self._whole_at(word, wanted=None)
            self._positions[word] = found
        return found

    def _whole_at(self, word: str, *, wanted: int | None) -> list[int]:
        """Start offsets of ``word`` as a whole word, the first ``wanted`` of them (all
        when None)."""
        # a run of word characters stands as often as the vocabulary says: the search
        # stops at its last place, and a word the text lacks is not searched at all
        stands = self.frequency[word] if WORD_RUN.fullmatch(word) else -1
        if wanted is None or stands == 0:
            wanted = stands
        # str.find runs in C; the characters around each hit are checked here (no
        # pattern compiled per word)
        text, size, found = self.text, len(word), []
        at = text.find(word) if wanted else -1
        while at >= 0:
            end = at + size
            if (at == 0 or not WORD_CHAR.match(text, at - 1)) and not WORD_CHAR.match(text, end):
                found.append(at)
                if len(found) == wanted:
                    break
            at = text.find(word, end)
        return found


def word_index(prepared: PreparedSource) -> WordIndex:
    """The word index of a prepared source (built once per source object)."""
    cached = prepared.cache.get("words")
    if isinstance(cached, WordIndex):
        return cached
    index = WordIndex(prepared.norm_joined)
    prepared.cache["words"] = index
    prepared.text.words = index  # what ``PreparedSource.may_hold`` reads
    return index
