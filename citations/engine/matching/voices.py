"""Who speaks in a source: the self-references it speaks in, the words that name its
writer, and the self-reference a sentence opens with.

This module exists because the rules for a quote's subject (``edit.self_reference``: "Wir
fordern" for "DIE LINKE fordert"; ``edit.subject_restored``) need to know of the source
what no alignment of words tells, and that is a piece of its own (issue 35 split it out of
``approximate.py``, then 1,105 lines, over the house's ~800): whether the source speaks as
"wir", "we" or "nous" at all (``voices``, read once per source), whose name its title and
label give (``writer``; none when they name two parties), and which self-reference opens
the sentence whose later clause a span begins (``sentence_subject``). ``approximate``
hands them to ``edits.classify`` in :class:`alignment.Words`.
"""

from __future__ import annotations

import re

from .alignment import WORD
from .match import PreparedSource
from .normalize import fold_text
from .span_edges import SENTENCE_END
from .word_index import word_index
from .words import CLAUSE_GOVERNORS, CONJUNCTIONS, SELF_REFERENCES


def writer(searcher: PreparedSource) -> frozenset[str]:
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


def voices(searcher: PreparedSource) -> frozenset[str]:
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


def sentence_subject(text: str, limit: int, start: int, span_words: list[str]) -> str | None:
    """The self-reference ("wir", "we", "nous") the sentence holding ``start`` opens with,
    when the span from ``start`` begins a later clause of it: after a comma, or with a
    joining word ("Wir schützen … und lehnen …", "Wir fördern …, schaffen aber …")."""
    ends = list(SENTENCE_END.finditer(text, limit, start))
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
