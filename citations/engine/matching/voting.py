"""Where in a source a quote may be: the windows its rarest words vote for.

This module exists because choosing where to align is a step of its own, before any
alignment (issue 35 split it out of ``approximate.py``, then 1,105 lines, over the house's
~800): a quote's rarest words are looked up in the source's word index (their positions
counted once per source: ``word_index``), each place votes for an alignment (source offset
minus quote offset), and the best few windows, and every one nearly as good, are what
``approximate.places`` aligns word by word. The votes one quote may cast are bounded, so a
quote of common words against a long source costs no more than one of rare words.
"""

from __future__ import annotations

from collections import Counter

from .word_index import WordIndex

_MAX_ANCHORS = 16
_COMMON = 200  # words more frequent than this in a source make poor anchors
_CANDIDATES_PER_SOURCE = 3
_MAX_CANDIDATES_PER_SOURCE = 24
_OFFSETS_PER_WORD = 8  # a word the quote repeats votes from its first few places only
# Votes one quote may cast in one source: as many as its rare anchors can give at most, so
# only the fallback to common words is bounded by it (in 80,000 paragraphs "the" alone
# would give 240,000 votes, each counted in Python, for every quote made of common words)
_MAX_VOTES = _MAX_ANCHORS * _COMMON * _OFFSETS_PER_WORD


def vote(
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
