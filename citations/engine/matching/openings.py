"""A quote's reworded sentence opening, named as one edit: a connective dropped or
swapped for one of the same sense, the writer's name and its self-reference swapped, a
later clause quoted with its sentence's subject.

This module exists because the opening is the one place where a quote may reorder words
and still be a faithful copy ("Wir wollen" for "Darüber hinaus wollen wir", "Wir fordern"
for "DIE LINKE fordert"), and reading it is a piece of its own: where the opening ends
(``opening_end``: the first two words in a row both sides share), its words compared as
multisets, the verb a dropped link put first (``moved_verb``), and the edit they make
(``opening``: ``edit.opening_connective``, ``edit.self_reference``,
``edit.subject_restored``). Split out of ``edits.py`` (issue 35: 1,196 lines, over the
house's ~800), which names every other difference; ``approximate`` asks it where the
opening ends so that it counts neither against the similarity nor against the shape.
"""

from __future__ import annotations

from collections import Counter

from ..types import Difference
from .alignment import Step, Words
from .spelling import MIN_STEM
from .words import (
    ARTICLES,
    CLAUSE_GOVERNORS,
    CONJUNCTIONS,
    CONNECTIVE_SENSES,
    CONNECTIVES,
    FOCUS_WORDS,
    PRONOUNS,
    SELF_REFERENCES,
    connective_phrases,
    connective_prefix,
    connective_run,
    word_claim,
)

OPENING_EDITS = frozenset(
    {"edit.opening_connective", "edit.self_reference", "edit.subject_restored"}
)


def opening_end(steps: list[Step], query: list[str], span: list[str]) -> tuple[int, int]:
    """Where the opening of an alignment ends (see ``opening``): the first quote word and
    the first span word after it."""
    end = _opening_length(steps, query, span)
    q = next((step.quote for step in steps[end:] if step.quote is not None), len(query))
    w = next((step.source for step in steps[end:] if step.source is not None), len(span))
    return q, w


def _opening_length(steps: list[Step], query: list[str], span: list[str]) -> int:
    return next(
        (
            k
            for k in range(len(steps) - 1)
            if _equal(steps[k], query, span) and _equal(steps[k + 1], query, span)
        ),
        len(steps),
    )


def _opening_words(
    head: list[Step], query: list[str], span: list[str]
) -> tuple[list[str], list[str]]:
    """The words only the quote's opening has and those only the span's has (in its order):
    compared as multisets, as alignment breaks ties between word orders arbitrarily."""
    quote_words = Counter(query[q] for q, _, _ in head if q is not None)
    span_words = Counter(span[w] for _, w, _ in head if w is not None)
    only_quote = list((quote_words - span_words).elements())
    only_span = [
        span[w] for _, w, _ in head if w is not None and span[w] in (span_words - quote_words)
    ]
    return only_quote, only_span


def moved_verb(steps: list[Step], query: list[str], span: list[str]) -> int | None:
    """The quote's index of a verb a dropped link put first and the quote puts after its
    subject ("ist" of "Die Haustür ist" for "Außerdem ist die Haustür"), else None."""
    end = _opening_length(steps, query, span)
    at = _moved_verb(steps, end, query, *_opening_words(steps[:end], query, span))
    return None if at is None else steps[at].quote


_MOVED_VERB_REACH = 4  # words of a subject the verb a dropped link put first may follow


def _moved_verb(
    steps: list[Step], end: int, query: list[str], only_quote: list[str], only_span: list[str]
) -> int | None:
    """The step where the quote puts the verb that followed a link it dropped, after the
    subject the source names next ("Die Haustür ist" for "Außerdem ist die Haustür"), or
    None: the opening is the link and that verb alone, and the verb stands in the quote a
    few words on, where the source has none."""
    if only_quote or len(only_span) < 2 or not connective_run(only_span[:-1]):
        return None
    verb = only_span[-1]
    for k in range(end, min(len(steps), end + _MOVED_VERB_REACH + 1)):
        quoted, written, _ = steps[k]
        if written is None and quoted is not None and query[quoted] == verb:
            return k
    return None


def opening(
    steps: list[Step], query: list[str], source: Words
) -> tuple[list[Difference], list[Step]]:
    """A reworded sentence opening, named as one edit, and the steps after it: a connective
    dropped with the verb put back after its subject ("Wir wollen" for "Darüber hinaus
    wollen wir"), or the writer's name replaced by its self-reference with the verb agreeing
    ("Wir fordern" for "DIE LINKE fordert"). The opening runs up to the first two words
    in a row both sides share; its words are compared as multisets, as alignment breaks
    ties between word orders arbitrarily. A later clause quoted as a sentence keeps the
    subject its sentence opens with ("Wir lehnen … ab" of "Wir schützen … und lehnen …
    ab", or of "Wir schützen …, lehnen … ab" with the first clause left out)."""
    span = source.words
    end = _opening_length(steps, query, span)
    head = steps[:end]
    if (
        not head
        or all(_equal(step, query, span) for step in head)
        or head[0].quote not in (0, None)
    ):
        return [], steps
    first_equal = next((k for k, step in enumerate(head) if _equal(step, query, span)), len(head))
    if _first_clause_dropped(head, query, source):
        left_out = " ".join(span[w] for _, w, _ in head[1:] if w is not None)
        return [Difference("edit.subject_restored", query[0], left_out)], steps[end:]
    if any(
        step.quote is None and step.source is not None and span[step.source] not in PRONOUNS
        for step in head[first_equal:]
    ):
        return [], steps  # a word dropped after the quote began: no reworded opening
    only_quote, only_span = _opening_words(head, query, span)
    if not only_quote and only_span and connective_run(only_span):
        return [Difference("edit.opening_connective", "", " ".join(only_span))], steps[end:]
    moved = None if source.asks else _moved_verb(steps, end, query, only_quote, only_span)
    if moved is not None:
        # "Die Haustür ist …" of "Außerdem ist die Haustür …": the link dropped, the verb
        # put back after a subject of more than one word
        after = [step for k, step in enumerate(steps[end:], end) if k != moved]
        return [Difference("edit.opening_connective", "", " ".join(only_span[:-1]))], after
    if not only_span and connective_run(only_quote) and not FOCUS_WORDS.intersection(only_quote):
        # "Daher lehnen wir … ab" of "Wir lehnen … ab": a link put in front, the verb moved
        return [Difference("edit.opening_connective", " ".join(only_quote), "")], steps[end:]
    if (
        only_quote == [source.subject]
        and head[0].quote == 0
        and (not only_span or connective_run(only_span))
    ):
        # "Wir lehnen … ab" of "Wir schützen … und lehnen … ab": the clause as a sentence,
        # its sentence's own subject in front
        return [Difference("edit.subject_restored", only_quote[0], " ".join(only_span))], steps[
            end:
        ]
    if (
        len(only_quote) == 1  # "sowie" for "ebenso wie", not "Therefore" for "However"
        and only_quote[0] in CONNECTIVES
        and connective_run(only_span)
        and {CONNECTIVE_SENSES[p] for p in connective_phrases(only_span)}
        == {CONNECTIVE_SENSES[only_quote[0]]}
    ):
        return [Difference("edit.opening_connective", only_quote[0], " ".join(only_span))], steps[
            end:
        ]
    # "Wir fordern" for "DIE LINKE fordert", and the other way round
    swapped = _writer_swapped(only_quote, only_span, source)
    if swapped is not None:
        return [Difference("edit.self_reference", *swapped)], steps[end:]
    named = _writer_swapped(only_span, only_quote, source)
    if named is not None:
        return [Difference("edit.self_reference", named[1], named[0])], steps[end:]
    if only_quote and set(only_quote) <= PRONOUNS and only_span:
        # "Wir sagen" for "Daher sagen wir": the subject moved to the front
        dropped = list((Counter(only_span) - Counter(only_quote)).elements())
        moved = not (Counter(only_quote) - Counter(only_span))
        if moved and dropped and connective_run(dropped):
            return [Difference("edit.opening_connective", "", " ".join(dropped))], steps[end:]
    return [], steps


_MAX_NAME_WORDS = 3


def _writer_swapped(
    with_self: list[str], with_name: list[str], source: Words
) -> tuple[str, str] | None:
    """The self-reference and the name, when one opening says "wir" / "we" where the other
    names the writer (``with_self``, ``with_name``: the two openings' own words), its verb
    agreeing, and the source speaks so itself."""
    self_reference = [w for w in with_self if w in SELF_REFERENCES]
    if len(self_reference) != 1 or self_reference[0] not in source.voices:
        return None
    name = list(with_name)
    for word in with_self:
        if word in SELF_REFERENCES:
            continue
        partner = next((n for n in name if _agrees(word, n)), None)  # the verb, agreeing
        if partner is None:
            return None
        name.remove(partner)
    name = name[connective_prefix(name) :]
    # the name is the writer's, as the source's title or label gives it ("DIE LINKE" of
    # "DIE LINKE Wahlprogramm 2009"): not "Die CDU" the source speaks of, nor "to"
    named = [n for n in name if n not in ARTICLES]
    if (
        1 <= len(name) <= _MAX_NAME_WORDS
        and named
        and set(named) <= source.writer
        and not any(n in PRONOUNS or word_claim(n) for n in name)
    ):
        return self_reference[0], " ".join(name)
    return None


_MAX_CLAUSE_WORDS = 10  # words of a first clause a quote may leave out after its subject


def _first_clause_dropped(head: list[Step], query: list[str], source: Words) -> bool:
    """Whether the opening is the sentence's subject, then words the quote left out that
    end at a comma or a joining word (the rest of a first clause: "Wir [schützen die
    Vielfalt und] lehnen …"),
    none of them a new subject or a word that changes a claim."""
    first, rest = head[0], head[1:]
    if not (_equal(first, query, source.words) and query[0] in SELF_REFERENCES):
        return False
    if not rest or len(rest) > _MAX_CLAUSE_WORDS or any(step.quote is not None for step in rest):
        return False
    dropped = [source.words[step.source] for step in rest if step.source is not None]
    last = rest[-1].source
    return (
        last is not None
        and ("," in source.after[last] or source.words[last] in CONJUNCTIONS)
        and not any(word in PRONOUNS or word_claim(word) for word in dropped)
        and not CLAUSE_GOVERNORS.intersection(dropped)
    )


def _agrees(first: str, second: str) -> bool:
    """Two forms of one verb agreeing with different subjects ("fordern", "fordert")."""
    shared = 0
    while shared < min(len(first), len(second)) and first[shared] == second[shared]:
        shared += 1
    return shared >= MIN_STEM and max(len(first), len(second)) - shared <= 3


def _equal(step: Step, query: list[str], span: list[str]) -> bool:
    return (
        step.quote is not None
        and step.source is not None
        and query[step.quote] == span[step.source]
    )
