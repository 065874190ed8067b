"""Which sources a quote is aligned in when its bundle has many: those sharing its rarest words.

A quote found verbatim nowhere is aligned word by word (``approximate.places``) in the
eligible sources, about a millisecond for each: 120 such quotes over 500 sources took the
whole time budget (issue 30). Only a source holding some of the quote's words can give a
place at all (the alignment is anchored on them), and the passage a near-verbatim quote
comes from holds most of them, its rare ones too. So beyond ``MAX_SOURCES_ALIGNED``
sources a quote is aligned in the cited source and in the sources holding the most of its
words, each word weighing the more the fewer sources hold it: at most
``MAX_SOURCES_ALIGNED`` alignments per quote, however many sources the bundle has. A bundle
with no more sources than that is aligned in all of them, as before.
"""

from __future__ import annotations

from collections.abc import Sequence

from .alignment import WORD
from .approximate import clean_quote
from .match import WORD_RUN, PreparedSource
from .word_index import word_index

# More than any bundle of the dev set and the red-team examples has (13): only a bundle of
# many sources is shortlisted, and its cost is this many alignments per quote at most.
MAX_SOURCES_ALIGNED = 32


def sources_to_align(
    folded: str, ordered: Sequence[PreparedSource], *, keep_first: bool
) -> Sequence[PreparedSource]:
    """Of ``ordered``, the sources ``folded`` (a folded quote) is aligned in: all of them up
    to ``MAX_SOURCES_ALIGNED``; beyond, the first (``keep_first``: the cited source) and the
    ones sharing the most of its words, weighted by rarity, in their order.

    >>> from citations.engine.types import Source, SourceKind
    >>> sources = [PreparedSource(Source(f"S{n}", SourceKind.DOCUMENT, (f"the fee {n}",)))
    ...            for n in range(40)]
    >>> sources.append(PreparedSource(Source("R", SourceKind.DOCUMENT, ("the rare fee",))))
    >>> chosen = sources_to_align("the rare fee", sources, keep_first=False)
    >>> len(chosen), [source.id for source in chosen[-2:]]
    (32, ['S30', 'R'])
    """
    if len(ordered) <= MAX_SOURCES_ALIGNED:
        return ordered
    words = set(WORD.findall(clean_quote(folded)))
    # a spaced word anchors an alignment where it stands whole, which the index tells from
    # its vocabulary; a Chinese or Japanese character, "%", wherever it stands
    spaced = [word for word in words if WORD_RUN.fullmatch(word)]
    other = [word for word in words if not WORD_RUN.fullmatch(word)]
    held = []
    for searcher in ordered:
        index = word_index(searcher)
        held.append(
            {word for word in spaced if index.stands(word)}
            | {word for word in other if index.count(word, up_to=0)}
        )
    holders: dict[str, int] = {}
    for found in held:
        for word in found:
            holders[word] = holders.get(word, 0) + 1
    weight = [sum(1 / holders[word] for word in found) for found in held]
    fixed = [0] if keep_first else []
    ranked = sorted(
        (k for k in range(len(ordered)) if weight[k] and k not in fixed),
        key=lambda k: -weight[k],
    )
    chosen = sorted(fixed + ranked[: MAX_SOURCES_ALIGNED - len(fixed)])
    return [ordered[k] for k in chosen]
