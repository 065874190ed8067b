"""Naming every difference between a near-verbatim quote and its passage, by the rule table.

``approximate`` finds where a quote most likely is and aligns its words with the passage's
(a list of :class:`Step`); this module walks that alignment and names each difference by a
rule of ``rules.RULES``: a typo, an inflection, a spelling variant, an article dropped, a
connective dropped at the opening... (``edit.*``), or a number, a negation, a word of force,
an item of a list, a content word added or dropped (``claim.*``). Default deny: a difference
that no edit rule names is a claim change, so a quote is repaired only when every
difference is a named claim-preserving edit (:func:`preserves_claim`).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from rapidfuzz.distance import Indel, Levenshtein

from ..text import LazyPattern
from ..types import Difference
from .match import HAN_KANA, MARKS
from .normalize import fold_text
from .number_words import (
    ORDINAL_FIGURES,
    PERCENT_PHRASES,
    UNITS,
    cut_changes_word,
    in_figures,
    number_value,
    ordinal_value,
    same_unit,
)
from .rules import RULE, RuleKind
from .words import (
    ARTICLE_TURNED,
    ARTICLES,
    CLAUSE_GOVERNORS,
    CONJUNCTIONS,
    CONNECTIVE_SENSES,
    CONNECTIVES,
    CONTRACTIONS,
    FOCUS_WORDS,
    GENDER_ENDINGS,
    MONTHS,
    NUMBER_WORDS,
    OPPOSITE_PREFIXES,
    PRONOUNS,
    SELF_REFERENCES,
    UNACCENTED_OF_OTHER_WORDS,
    articles,
    connective_phrases,
    connective_prefix,
    connective_run,
    inflection_endings,
    is_number,
    word_claim,
)


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


def preserves_claim(differences: list[Difference]) -> bool:
    """The one acceptance test: every difference is a named claim-preserving edit."""
    return all(RULE[d.kind].kind is RuleKind.EDIT for d in differences)


def claim_rules(differences: list[Difference]) -> list[str]:
    """The ids of the differences that change the claim, in order, once each."""
    return list(dict.fromkeys(d.kind for d in differences if RULE[d.kind].kind is RuleKind.CLAIM))


def classify(steps: list[Step], quote: Words, span: Words) -> list[Difference]:
    """Every difference of the alignment ``steps`` between ``quote`` and ``span``, named.

    >>> q = Words("wir fordern die abschaffung".split(), [" "] * 4)
    >>> s = Words("die linke fordert die abschaffung".split(), [" "] * 5, voices={"wir"},
    ...           writer={"die", "linke", "wahlprogramm"})
    >>> steps = [Step(None, 0, False), Step(0, 1, False), Step(1, 2, False), Step(2, 3, True),
    ...          Step(3, 4, True)]
    >>> [d.kind for d in classify(steps, q, s)]
    ['edit.self_reference']
    """
    differences: list[Difference] = []
    steps, contracted = contractions(steps, quote.words, span.words)
    differences.extend(contracted)
    steps, split = rejoin_split_words(steps, quote.words, span.words)
    differences.extend(split)
    opening, steps = _opening(steps, quote.words, span)
    differences.extend(opening)
    pairs, steps = _gender_pairs(steps, quote.words, span.words)
    differences.extend(pairs)
    listed = _enumeration_change(steps, quote, span)
    if listed is not None:
        differences.append(listed)
    differences.extend(_word_differences(steps, quote, span))
    if not differences and _punctuation(steps, quote, span):
        differences.append(Difference("edit.punctuation", "", ""))
    return differences


def _word_differences(steps: list[Step], quote: Words, span: Words) -> list[Difference]:
    found: list[Difference] = []
    query, words = quote.words, span.words
    query_set, span_set = set(query), set(words)
    # a quote that writes accents or umlauts, or writes them out ("fuer"), means the ones it
    # leaves out ("wurde" for "würde"); one that leaves out every one of several is a
    # plain-letter copy of the whole
    accented = [word for word in words if _without_accents(word) != word]
    written_out = {umlauts_out(word) for word in accented} & query_set  # "fuer" for "für"
    plain_copy = (
        len(accented) >= 2
        and not written_out
        and all(_without_accents(word) == word for word in query_set)
    )
    marked = not plain_copy
    known = span_set | span.nearby
    run_query = run_span = 0  # quote and span words in the current run of differing steps
    last: tuple[int | None, int | None] = (None, None)  # the steps the last difference read
    for q, w, same in steps:
        run_query, run_span = (
            (0, 0) if same else (run_query + (q is not None), run_span + (w is not None))
        )
        q_word = query[q] if q is not None else None
        w_word = words[w] if w is not None else None
        if q_word == w_word:
            continue
        swapped = (
            q_word is not None
            and w_word is not None
            and min(len(q_word), len(w_word)) >= _MIN_SWAPPED_WORD
            and q_word in span_set
            and w_word in query_set
        )
        if run_query >= 2 and run_span >= 2 and not swapped:
            _add(found, Difference("claim.phrase", q_word or "", w_word or ""), last, (q, w))
            last = (q, w)
            continue
        if q_word is None and w is not None and _aside(span, w):
            rule = "edit.number_form" if is_number(words[w]) else "edit.connective"
        else:
            rule = _word_rule(
                q_word,
                w_word,
                query_set,
                span_set,
                last=q == len(query) - 1,
                marked=marked,
                language=span.language,
                capitals=span.capitals,
            )
            if rule in _ONE_WORD_EDITS and q_word in known:
                rule = "claim.word_changed"  # another word of the source, not a typo
            if rule == "edit.article" and _turns_a_quantity(q, w, query, words):
                rule = "claim.scope"  # "a few" for "few": some, not almost none
        _add(found, Difference(rule, q_word or "", w_word or ""), last, (q, w))
        last = (q, w)
    return found


_UNSPACED_CHARACTER = LazyPattern(f"[{HAN_KANA}]")


def _add(
    found: list[Difference],
    difference: Difference,
    last: tuple[int | None, int | None],
    steps: tuple[int | None, int | None],
) -> None:
    """``difference`` appended, or joined to the one before when both change a claim with
    characters of a script without spaces right after each other: "可以" → "应当" is one
    changed word, not "可" → "应" and "以" → "当"."""
    previous = found[-1] if found else None
    if (
        previous is not None
        and previous.kind.startswith("claim.")
        and difference.kind.startswith("claim.")
        and all(
            now is None or before is None or now == before + 1
            for now, before in zip(steps, last, strict=True)
        )
        and all(
            _UNSPACED_CHARACTER.fullmatch(text)
            for text in (
                difference.quote,
                difference.source,
                previous.quote[-1:],
                previous.source[-1:],
            )
            if text
        )
    ):
        found[-1] = Difference(
            previous.kind, previous.quote + difference.quote, previous.source + difference.source
        )
        return
    found.append(difference)


_ONE_WORD_EDITS = frozenset({"edit.typo", "edit.inflection"})


def _turns_a_quantity(q: int | None, w: int | None, query: list[str], words: list[str]) -> bool:
    """Whether the article added at quote word ``q`` or dropped at span word ``w`` stands
    before a quantity it turns ("a few", "ein wenig": ``words.ARTICLE_TURNED``)."""
    if q is not None:
        return q + 1 < len(query) and query[q + 1] in ARTICLE_TURNED
    return w is not None and w + 1 < len(words) and words[w + 1] in ARTICLE_TURNED


def _aside(span: Words, at: int) -> bool:
    """Whether the span's word ``at``, which the quote leaves out, is an aside that claims
    nothing of its own: a figure in parentheses after its number word ("ninety (90)"), or a
    connective set off by commas ("The report, however, was")."""
    word = span.words[at]
    before = span.after[at - 1] if at > 0 else ""
    if word.isdigit() and at > 0 and span.words[at - 1] in NUMBER_WORDS:
        return before.strip() == "(" and span.after[at].lstrip().startswith(")")
    return word in CONNECTIVES and "," in before and "," in span.after[at]


def _word_rule(
    q_word: str | None,
    w_word: str | None,
    query_set: set[str],
    span_set: set[str],
    *,
    last: bool,
    marked: bool,
    language: str | None,
    capitals: frozenset[str],
) -> str:
    """The rule naming one differing pair of words (either may be missing) in a source of
    ``language``."""
    if q_word is None or w_word is None:
        word = q_word if w_word is None else w_word
        assert word is not None
        claim = word_claim(word)
        if claim is not None:
            return claim
        if word in articles(language):
            return "edit.article"
        return "claim.word_added" if w_word is None else "claim.word_dropped"
    if q_word.translate(_LETTER_VARIANTS) == w_word.translate(_LETTER_VARIANTS):
        return "edit.spelling_variant"  # Romanian "ş" of old code pages for "ș", Arabic "ي" for "ی"
    if (
        w_word in capitals
        and _without_accents(q_word) == w_word
        and _capitals_drop(q_word)
        and w_word not in UNACCENTED_OF_OTHER_WORDS
    ):
        return "edit.capital_accents"  # "τράπεζα" for "ΤΡΑΠΕΖΑ", "État" for "ETAT"
    if marked and _without_accents(q_word) == _without_accents(w_word):
        return "claim.mark_changed"  # "wurde" for "würde", "hatte" for "hätte"
    if _footnote_mark(q_word, w_word):
        return "edit.footnote_mark"
    if (value := number_value(q_word)) is not None and value == number_value(w_word):
        return "edit.number_form"  # "two" for "2"
    if (rank := ordinal_value(q_word)) is not None and rank == ordinal_value(w_word):
        return "edit.number_form"  # "5th" for "fifth"
    if same_unit(q_word, w_word):
        return "edit.unit_form"  # "%" for "Prozent"
    if common_spelling(q_word) == common_spelling(w_word):
        return "edit.spelling_variant"
    if q_word in PRONOUNS and w_word in PRONOUNS:
        return "claim.pronoun"
    if min(len(q_word), len(w_word)) >= _MIN_SWAPPED_WORD and (
        q_word in span_set and w_word in query_set
    ):
        return "claim.word_swap"
    if _opposites(q_word, w_word):
        return "claim.opposite"
    if _misspelled(q_word, w_word):
        return "edit.typo"  # "minndestens" is still "mindestens"
    if q_word in MONTHS and w_word in MONTHS:
        return "claim.number"  # a date changed: "May" for "March" is no word of force
    if (
        is_number(q_word)
        and is_number(w_word)
        and not any(c.isdigit() for c in q_word + w_word)
        and same_word(q_word, w_word, last=False, language=language) == "edit.inflection"
    ):
        return "edit.inflection"  # "1,2 millions" for "1,2 million": the same number
    for word in (q_word, w_word):
        claim = word_claim(word)
        if claim is not None:
            return claim
    edit = same_word(q_word, w_word, last=last, language=language)
    return edit or "claim.word_changed"


_MIN_SWAPPED_WORD = 4  # shorter words ("the", "a") recur anywhere; a swap of them says little


OPENING_EDITS = frozenset(
    {"edit.opening_connective", "edit.self_reference", "edit.subject_restored"}
)


def opening_end(steps: list[Step], query: list[str], span: list[str]) -> tuple[int, int]:
    """Where the opening of an alignment ends (see ``_opening``): the first quote word and
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


def _opening(
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
    return shared >= _MIN_STEM and max(len(first), len(second)) - shared <= 3


def _equal(step: Step, query: list[str], span: list[str]) -> bool:
    return (
        step.quote is not None
        and step.source is not None
        and query[step.quote] == span[step.source]
    )


def _gender_pairs(
    steps: list[Step], query: list[str], span: list[str]
) -> tuple[list[Difference], list[Step]]:
    """The second form of a gender pair dropped or added ("Bürger" for "Bürger und
    Bürgerinnen"), named, and the steps without it: a run one side has of a conjunction
    and the other form of the word beside it."""
    found: list[Difference] = []
    kept: list[Step] = []
    k = 0
    while k < len(steps):
        pair = steps[k : k + 2]
        if len(pair) == 2 and k > 0 and steps[k - 1].same:
            side = _one_sided(pair)
            if side is not None:
                words = query if side == 0 else span
                other = span if side == 0 else query
                first, second = (words[i] for i in (pair[0][side], pair[1][side]))  # type: ignore[index]
                neighbour_at = steps[k - 1][side]
                neighbour = words[neighbour_at] if neighbour_at is not None else ""
                if first in CONJUNCTIONS and _gender_forms(neighbour, second) and other:
                    found.append(Difference("edit.gender_pair", *_sides(side, f"{first} {second}")))
                    k += 2
                    continue
        kept.append(steps[k])
        k += 1
    return found, kept


def _one_sided(steps: list[Step]) -> int | None:
    """0 when only the quote has words in ``steps``, 1 when only the span has, else None."""
    if all(s.source is None and s.quote is not None for s in steps):
        return 0
    if all(s.quote is None and s.source is not None for s in steps):
        return 1
    return None


def _sides(side: int, words: str) -> tuple[str, str]:
    return (words, "") if side == 0 else ("", words)


def _gender_forms(first: str, second: str) -> bool:
    """Two gender forms of one word ("bürger", "bürgerinnen"; "chairman", "chairwoman")."""
    shorter, longer = sorted((first, second), key=len)
    if shorter.endswith("man") and longer == shorter[:-3] + "woman":
        return True
    if shorter.endswith("s") and longer.endswith("s"):
        shorter, longer = shorter[:-1], longer[:-1]  # "citoyens", "citoyennes"
    return (
        len(shorter) >= _MIN_STEM
        and longer.startswith(shorter)
        and longer[len(shorter) :] in GENDER_ENDINGS
    )


def _enumeration_change(steps: list[Step], quote: Words, span: Words) -> Difference | None:
    """An item added to an enumeration of the span or left out: "Berlin, Hamburg and
    Munich" or "Berlin" for "Berlin and Munich". That is a run of words only one side has,
    holding a word other than an article, and either a conjunction, or right before one
    both have, or an item of a list set off by commas or semicolons (``_listed``)."""
    k = 0
    while k < len(steps):
        q, w, same = steps[k]
        if same or (q is not None and w is not None):
            k += 1
            continue
        side = 0 if q is not None else 1  # 0: words the quote adds, 1: words it drops
        own, other = (quote, span) if side == 0 else (span, quote)
        end = k
        while end < len(steps) and not steps[end][2] and steps[end][1 - side] is None:
            end += 1
        run = [i for step in steps[k:end] if (i := step[side]) is not None]
        words = [own.words[i] for i in run]
        before = _shared(steps[k - 1], side) if k else None
        after = _shared(steps[end], side) if end < len(steps) else None
        items = [word for word in words if word not in CONJUNCTIONS and word not in ARTICLES]
        joined = (
            (after is not None and own.words[after[0]] in CONJUNCTIONS)
            or any(word in CONJUNCTIONS for word in words)
            or _listed(run[-1], before, after, own, other)
        )
        if items and joined:
            return Difference("claim.list_item", *_sides(side, " ".join(words)))
        k = end
    return None


def _shared(step: Step, side: int) -> tuple[int, int] | None:
    """A step both sides have the same word at, as (index on ``side``, on the other)."""
    q, w, same = step
    if not same or q is None or w is None:
        return None
    return (q, w) if side == 0 else (w, q)


_LIST_MARKS = LazyPattern(r"[,;]|\s-\s|\s\(?[a-z0-9]\)\s")


def _listed(
    last: int,
    before: tuple[int, int] | None,
    after: tuple[int, int] | None,
    own: Words,
    other: Words,
) -> bool:
    """Whether a run of words one side has (its last word at ``last``) is an item of a list
    set off by commas, semicolons, dashes or letters: it ends in such a mark, and either one
    stands before it as well as between the words beside it on the other side ("Berlin,
    Cologne" for "Berlin, Munich, Cologne"), or the list goes on past the next word on both
    sides. A filler left out with its commas ("The report was" for "The report, however,
    was") is none."""
    if not _LIST_MARKS.search(own.after[last]) or after is None:
        return False
    if (
        before is not None
        and _LIST_MARKS.search(own.after[before[0]])
        and _LIST_MARKS.search(other.after[before[1]])
    ):
        return True
    return all(_list_goes_on(side, at) for side, at in zip((own, other), after, strict=True))


def _list_goes_on(side: Words, at: int) -> bool:
    """Whether a list mark or a conjunction follows word ``at``."""
    return bool(_LIST_MARKS.search(side.after[at])) or (
        at + 1 < len(side.words) and side.words[at + 1] in CONJUNCTIONS
    )


def _punctuation(steps: list[Step], quote: Words, span: Words) -> bool:
    """Whether the text between the words differs where the words agree (its spacing too:
    "f (x)" is not "f(x)")."""
    inner = [(q, w) for q, w, _ in steps if q is not None and w is not None]
    return any(_spaced(quote.after[q]) != _spaced(span.after[w]) for q, w in inner)


def _spaced(between: str) -> str:
    """The text between two words with its runs of spaces as one: "( " and " (" differ,
    "," and ", " do not."""
    marks = " ".join(between.split())
    return marks if marks.strip() else ""


_MIN_STEM = 4  # an ending added to a shorter word makes another word ("in", "inside")
_PREFIX_LETTERS = 3  # a letter changed among a word's first three may be a prefix
_MIN_TYPO_WORD = 8  # one wrong letter in a shorter word may well be another word
_MIN_TRANSPOSED_WORD = 7  # two letters swapped in a shorter one, too ("united", "untied")
_MIN_DROPPED_LETTER_WORD = 5  # "ever" / "never"


def contractions(
    steps: list[Step], query: list[str], span: list[str]
) -> tuple[list[Step], list[Difference]]:
    """The alignment with words written contracted on one side and in full on the other
    ("zum" and "zu dem", "del" and "de el", "don't" and "do not") taken as matching steps,
    and those words (``words.CONTRACTIONS``).

    >>> steps = [Step(0, 0, True), Step(1, 1, False), Step(None, 2, False)]
    >>> _, found = contractions(steps, ["bis", "zum"], ["bis", "zu", "dem"])
    >>> [(d.kind, d.quote, d.source) for d in found]
    [('edit.contraction', 'zum', 'zu dem')]
    """
    kept: list[Step] = []
    found: list[Difference] = []
    k = 0
    while k < len(steps):
        for size in (3, 2):
            window = steps[k : k + size]
            qs = [q for q, _, _ in window if q is not None]
            ws = [w for _, w, _ in window if w is not None]
            if len(window) < size or not qs or not ws:
                continue
            quoted = " ".join(query[qs[0] : qs[-1] + 1])
            written = " ".join(span[ws[0] : ws[-1] + 1])
            if quoted != written and (
                CONTRACTIONS.get(quoted) == written or CONTRACTIONS.get(written) == quoted
            ):
                found.append(Difference("edit.contraction", quoted, written))
                kept.append(Step(None, None, True))
                k += size
                break
        else:
            kept.append(steps[k])
            k += 1
    return kept, found


def rejoin_split_words(
    steps: list[Step], query: list[str], span: list[str]
) -> tuple[list[Step], list[Difference]]:
    """The alignment with a word written in two parts on one side ("Kosten-schätzung",
    "floor space") and whole on the other taken as one matching step, and those words."""
    joined: list[Step] = []
    found: list[Difference] = []
    k = 0
    while k < len(steps):
        pair = steps[k : k + 2]
        # One part may pass for the whole word ("000" for "1000"), so a pair with one step
        # that differs is enough.
        if len(pair) == 2 and not (pair[0].same and pair[1].same):
            qs = sorted(q for q, _, _ in pair if q is not None)
            ws = sorted(w for _, w, _ in pair if w is not None)
            split_quote = len(qs) == 2 and ws and qs[1] == qs[0] + 1
            split_span = len(ws) == 2 and qs and ws[1] == ws[0] + 1
            if split_quote and query[qs[0]] + query[qs[1]] == span[ws[0]]:
                found.append(
                    Difference(
                        _split_rule(span[ws[0]]), f"{query[qs[0]]} {query[qs[1]]}", span[ws[0]]
                    )
                )
            elif split_span and span[ws[0]] + span[ws[1]] == query[qs[0]]:
                found.append(
                    Difference(
                        _split_rule(query[qs[0]]), query[qs[0]], f"{span[ws[0]]} {span[ws[1]]}"
                    )
                )
            else:
                joined.append(steps[k])
                k += 1
                continue
            joined.append(Step(None, None, True))
            k += 2
            continue
        joined.append(steps[k])
        k += 1
    return joined, found


def _split_rule(whole: str) -> str:
    """A number written in two parts ("1 000") is the same number; a word, a split word."""
    return "edit.number_form" if whole.isdigit() else "edit.word_split"


# German written without umlauts or "ß" ("fuer", "Strasse"), as on keyboards without them
# and in Swiss usage: the same words, compared in this spelling.
_UMLAUT_SPELLING = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
# British endings and their American spelling: "centre" "center", "licence" "license",
# "organise" "organize", "analyse" "analyze" ("colour", "travelled" differ by one letter
# and pass as the same word anyway). "-ise" only after a consonant and "i": German "Reise"
# is not "Reize".
_BRITISH_ENDING = LazyPattern(
    r"(?<=[^\Waeiou])re(?=s?$)"
    r"|(?:(?<=[^\Waeiou]i)|(?<=y))s(?=(?:e|es|ed|ing|ation|ations)$)"
    r"|(?<=en)c(?=es?$)"
    r"|(?<=gram)me(?=s?$)"  # programme, kilogramme
)
_AMERICAN = {"re": "er", "s": "z", "c": "s", "me": ""}


def umlauts_out(text: str) -> str:
    """``text`` with umlauts and "ß" written out.

    >>> umlauts_out("größere straße"), umlauts_out("groessere strasse")
    ('groessere strasse', 'groessere strasse')
    """
    return text.translate(_UMLAUT_SPELLING)


# One letter encoded two ways: Romanian s and t with a cedilla (legacy code pages) or a
# comma below (the letter itself); Persian yeh and kaf typed on an Arabic keyboard
_LETTER_VARIANTS = str.maketrans("şţيك", "șțیک")


def capital_words(paragraph: str, span: str) -> frozenset[str]:
    """The words of a source's ``span`` (raw) when it is written in capitals and the
    capitals of its ``paragraph`` write none of the accents capitals leave out (Greek
    capitals the tonos, French ones often their accents: ``_DROPPED_IN_CAPITALS``), so a
    quote in lower case writes accents the source could not show, folded; none when the
    span holds a lower-case letter (its words show their accents) or a capital of the
    paragraph writes such an accent ("L'ÉTAT": an "A" there is "a", not "à").

    >>> sorted(capital_words("Η ΤΡΑΠΕΖΑ ΑΠΟΦΑΣΙΣΕ", "ΤΡΑΠΕΖΑ ΑΠΟΦΑΣΙΣΕ"))
    ['αποφασισε', 'τραπεζα']
    >>> capital_words("L'ÉTAT A DÉCIDÉ. LA HAUSSE EST LA.", "LA HAUSSE EST LA")
    frozenset()
    >>> capital_words("SI el banco aprueba, dijo que si.", "SI el banco aprueba, dijo que si")
    frozenset()
    """
    if not span.isupper():
        return frozenset()
    capitals = [word for word in _CAPITAL_WORD.findall(paragraph) if word.isupper()]
    if any(_marks(word) & _DROPPED_IN_CAPITALS for word in capitals):
        return frozenset()
    return frozenset(fold_text(word) for word in _CAPITAL_WORD.findall(span))


# The accents capitals are written without (the Greek tonos is the acute): an umlaut, a
# háček, a cedilla or a tilde is written on a capital too ("ÜBER", "ČÍSLO", "SÃO"), so a
# source in capitals without one means the word without it ("WURDE" is "wurde")
_DROPPED_IN_CAPITALS = frozenset("\u0300\u0301\u0302")


def _capitals_drop(word: str) -> bool:
    """Whether every accent of ``word`` is one capitals are written without."""
    return _marks(word) <= _DROPPED_IN_CAPITALS


def _marks(word: str) -> set[str]:
    return {c for c in unicodedata.normalize("NFD", word) if unicodedata.category(c) == "Mn"}


_CAPITAL_WORD = LazyPattern(r"[^\W\d_]{2,}")


# The accents a keyboard may leave off: the combining diacritics of the Latin, Greek and
# Cyrillic letters. Not the vowel signs of the Indic scripts, whose words they make ("बच्चे"
# children, "बच्चु" is no form of it).
_ACCENT = LazyPattern("[\u0300-\u036f]")
_MARK = LazyPattern(f"[{MARKS}]")


def _without_accents(word: str) -> str:
    return _ACCENT.sub("", unicodedata.normalize("NFD", word))


@lru_cache(maxsize=65536)  # words recur: every alignment compares them again
def common_spelling(word: str) -> str:
    """One spelling for a word's variants: umlauts written out, British endings American,
    accents a keyboard could not type left off ("donnees" for "données").

    >>> [common_spelling(w) for w in ("centres", "licence", "organisation", "programmes")]
    ['centers', 'license', 'organization', 'programs']
    >>> [common_spelling(w) for w in ("straße", "reise", "there", "price", "agréés")]
    ['strasse', 'reise', 'there', 'price', 'agrees']
    """
    spelled = _without_accents(umlauts_out(word.translate(_LETTER_VARIANTS)))
    return _BRITISH_ENDING.sub(lambda found: _AMERICAN[found.group()], spelled)


def same_word(first: str, second: str, *, last: bool, language: str | None) -> str | None:
    """The edit rule under which two different words of ``language`` are spellings of one,
    else None: an inflection or gender ending added or dropped ("massenhaft", "massenhafte";
    not one that makes another claim there: ``inflection_endings``), one letter
    left out or added ("answerd"), one wrong letter inside a long word (not in its ending,
    which tells "employee" from "employer"), or, as the quote's last word, cut off.
    Anything else is another word, whatever its letters: "licensee" for "licensor", "June"
    for "July", "or" for "and" change the claim.

    >>> same_word("massenhaft", "massenhafte", last=False, language="de")
    'edit.inflection'
    >>> same_word("freirwilligkeit", "freiwilligkeit", last=False, language="de")
    'edit.typo'
    >>> [same_word(a, b, last=False, language="en") for a, b in [("answerd", "answered"),
    ...     ("ever", "never"), ("employee", "employer"), ("june", "july")]]
    ['edit.typo', None, None, None]
    >>> same_word("kinder", "kindergeld", last=False, language="de")
    >>> same_word("weiter", "weiterhin", last=True, language="de")
    'edit.typo'
    >>> same_word("groessere", "größer", last=False, language="de")
    'edit.inflection'
    >>> same_word("kleiner", "klein", last=False, language="de")
    'edit.inflection'
    >>> pairs = [("greater", "great", "en"), ("informeras", "informera", "sv"),
    ...     ("suurin", "suuri", "fi")]
    >>> [same_word(first, second, last=False, language=lang) for first, second, lang in pairs]
    [None, None, None]
    """
    endings = inflection_endings(language)
    for pair in ((common_spelling(first), common_spelling(second)), (first, second)):
        rule = _one_word(*pair, last=last, endings=endings)
        if rule is not None:
            return rule
    return None


def _marks_differ(first: str, second: str) -> bool:
    """Whether two words differ in a combining mark: a vowel sign, virama or nasal sign of
    an Indic script is the word's vowel or ending ("बच्चे" children, "बच्चा" a child), not a
    letter a typo leaves out; a Latin accent differs in spelling (``common_spelling``).

    >>> _marks_differ("किरायेदार", "किरयेदार"), _marks_differ("freirwilligkeit", "freiwilligkeit")
    (True, False)
    """
    for op in Levenshtein.editops(first, second):
        if op.tag != "insert" and _MARK.match(first, op.src_pos):
            return True
        if op.tag != "delete" and _MARK.match(second, op.dest_pos):
            return True
    return False


def _misspelled(first: str, second: str) -> bool:
    """One letter wrong, missing or added in a long word without digits, or two neighbouring
    letters swapped: the same word, even a word of force or a number word ("minndestens",
    "Millliarden", "Unterstüztung"); a short one ("nicht", "nichts") may be another word."""
    if any(c.isdigit() for c in first + second) or _marks_differ(first, second):
        return False
    return _transposed(first, second) or (
        min(len(first), len(second)) >= _MIN_TYPO_WORD
        and Levenshtein.distance(first, second) == 1
        and first[-3:] == second[-3:]
        and _inside(first, second)
    )


def _transposed(first: str, second: str) -> bool:
    """Two neighbouring letters of a long word written the other way round, the commonest
    slip of typing ("verhieratet" for "verheiratet", "grundlegnede"). Among words shorter
    than ``_MIN_TRANSPOSED_WORD`` such a swap often spells another word ("trial", "trail";
    "untied", "united").

    >>> _transposed("verhieratet", "verheiratet"), _transposed("Slebstbild", "Selbstbild")
    (True, True)
    >>> _transposed("untied", "united"), _transposed("verhietarat", "verheiratet")
    (False, False)
    """
    if len(first) != len(second) or len(first) < _MIN_TRANSPOSED_WORD:
        return False
    differ = [at for at, (a, b) in enumerate(zip(first, second, strict=True)) if a != b]
    return (
        len(differ) == 2
        and differ[1] == differ[0] + 1
        and first[differ[0]] == second[differ[1]]
        and first[differ[1]] == second[differ[0]]
    )


def _inside(first: str, second: str) -> bool:
    """Whether the one letter two words differ by stands inside the word, past its first
    three letters: a typo; there a prefix makes another word ("sfavorevole", "proscribed"
    for "prescribed", "ante-"/"anti-").

    >>> _inside("freirwilligkeit", "freiwilligkeit"), _inside("sfavorevole", "favorevole")
    (True, False)
    >>> _inside("proscribed", "prescribed"), _inside("ilness", "illness")
    (False, True)
    """
    return all(
        op.src_pos >= _PREFIX_LETTERS or _doubled(first, second, op.src_pos, op.dest_pos)
        for op in Levenshtein.editops(first, second)
    )


def _doubled(first: str, second: str, at: int, dest: int) -> bool:
    """Whether a letter added or left out beside the same letter doubles it or undoes that
    ("ilness" for "illness"): a typo wherever it stands."""
    letter = first[at] if at < len(first) and len(first) > len(second) else second[dest : dest + 1]
    longer = first if len(first) > len(second) else second
    at = at if len(first) > len(second) else dest
    return bool(letter) and letter in longer[max(0, at - 1) : at] + longer[at + 1 : at + 2]


def _one_word(first: str, second: str, *, last: bool, endings: frozenset[str]) -> str | None:
    """``same_word`` for one spelling of both words."""
    if _marks_differ(first, second):
        return None
    shorter, longer = sorted((first, second), key=len)
    if longer.startswith(shorter):
        ending = longer[len(shorter) :]
        if last:
            # the last word cut off at another letter, unless what is left is a word of
            # another claim ("six" of "sixty", "care" of "careless")
            return None if cut_changes_word(shorter, longer) else "edit.typo"
        if len(shorter) >= _MIN_STEM and (ending in endings or ending in GENDER_ENDINGS):
            return "edit.inflection"
        return None
    if (
        len(shorter) >= _MIN_DROPPED_LETTER_WORD
        and Indel.distance(first, second) == 1
        and _inside(first, second)
    ):
        return "edit.typo"
    if (
        len(shorter) >= _MIN_TYPO_WORD
        and Levenshtein.distance(first, second) == 1
        and first[-3:] == second[-3:]
        and _inside(first, second)
    ):
        return "edit.typo"
    if last and len(shorter) >= _MIN_STEM and _cut_at_other_letter(first, second):
        return "edit.typo"
    return None


def _cut_at_other_letter(first: str, second: str) -> bool:
    """The quote's last word cut off ("Menschenrechtsit" of "Menschenrechtssituation"):
    all but one of its letters begin the source's word."""
    shorter, longer = sorted((first, second), key=len)
    return (
        len(shorter) < len(longer)  # cut off: "prescribed" is no cut of "proscribed"
        and Levenshtein.distance(shorter, longer[: len(shorter)]) <= 1
        and len(shorter) >= 8
        and _inside(shorter, longer[: len(shorter)])
    )


def _claim_symbols(text: str, *, percent_words: bool) -> list[str]:
    """Currency and maths signs, per cent, a number's minus (spaced too), a range's dash, a
    unit's prime, an exponent's caret and a logical not, in order: "+4.1%" and "-4.1%",
    "- 1,200" and "1,200", "5-10" and "5 10", "≥ 2.5" and "≤ 2.5", "$18" and "€18", 10′ and
    10″, "!isAdmin" and "isAdmin" claim different things. ``percent_words``: a per cent
    word counts as the sign."""
    if percent_words:
        text = _PERCENT_WORD.sub("%", text)
    return _claim_symbol().findall(_RANGE_DASH.sub(" – ", text))  # a range however spaced


# "5 Prozent" claims what "5 %" does
_PERCENT_WORD = LazyPattern(
    r"(?<!\w)(?:"
    + "|".join([*PERCENT_PHRASES, *(w for w, unit in UNITS.items() if unit == "percent")])
    + r")(?!\w)"
)


def changes_symbols(quote: str, span: str) -> bool:
    """Whether the quote's currency and maths signs, per cent and minus signs differ from
    the span's (``quote`` without its citation markers: ``approximate.clean_quote``).

    >>> changes_symbols("rose by 4.1%", "rose by -4.1%"), changes_symbols("$18", "$18")
    (True, False)
    >>> changes_symbols("5 prozent", "5 %"), changes_symbols("5 proznet", "5 prozent")
    (False, False)

    A per cent word is the sign only where one side writes the sign: between two words, a
    misspelled one ("Proznet") is the words' business (a typo), not a sign lost.
    """
    signed = "%" in quote or "%" in span
    return _claim_symbols(quote, percent_words=signed) != _claim_symbols(span, percent_words=signed)


# A number as written: digit groups of three after a separator are one number ("1,000",
# "1.000", "1 000"), then a decimal part ("12,5", "2.5"). Folded text has plain spaces and
# apostrophes only.
_NUMBER = LazyPattern(r"(\d{1,3}(?:[ .,']\d{3})+(?!\d)|\d+)(?:[.,](\d+))?")
_DIGIT_GROUP_SEPARATORS = LazyPattern(r"[ .,']")


def numbers(text: str) -> list[str]:
    """The numbers of ``text`` by value as written, whatever their grouping and decimal mark.

    >>> numbers("1,500 EUR, 1.500 EUR, 1 500 EUR, 1500 EUR; 2,5 % or 2.50 %")
    ['1500', '1500', '1500', '1500', '2.5', '2.50']
    >>> numbers("خلال ٣٠ يوماً"), numbers("the 5th day")
    (['30'], [])

    An ordinal in figures ("5th") is a word of its own: the words' alignment compares it
    with "fifth" or "6th".
    """
    text = ORDINAL_FIGURES.sub(" ", text)
    return [
        (_DIGIT_GROUP_SEPARATORS.sub("", whole) + (f".{decimals}" if decimals else "")).translate(
            _ASCII_DIGITS
        )
        for whole, decimals in _NUMBER.findall(text)
    ]


# Figures of every script as ASCII ones: "٣٠" and "30" are one number
_ASCII_DIGITS = {
    code: str(unicodedata.decimal(chr(code)))
    for code in range(0x10000)
    if unicodedata.category(chr(code)) == "Nd" and not chr(code).isascii()
}


def changes_numbers(quote: str, span: str) -> bool:
    """Whether the quote has a number the span does not have, in the span's order: "500" or
    "1" for "1,500", "25" for "2.5", "1,000" for "1,000,000". Word by word these look like
    a number left out or rejoined; as numbers they are other amounts. A number the quote
    leaves out ("ninety days" for "ninety (90) days") changes nothing it claims. ``quote``
    is without its citation markers (``approximate.clean_quote``): "[cite: 12]" is no number.

    >>> changes_numbers("500 eur", "1,500 eur"), changes_numbers("ninety days", "ninety (90) days")
    (True, False)
    """
    remaining = iter(numbers(in_figures(span)))
    if not all(number in remaining for number in numbers(in_figures(quote))):
        return True
    return _ambiguous_marks_differ(quote, span)


# A number with one mark before three digits: "1.250" is 1250 in German and 1.25 in English.
_AMBIGUOUS_NUMBER = LazyPattern(r"(?<![\d.,])\d{1,3}[.,]\d{3}(?![\d.,])")


def _ambiguous_marks_differ(quote: str, span: str) -> bool:
    """Whether a number both sides write with one mark before three digits has a comma on
    one side and a full stop on the other ("EUR 1.250" for "EUR 1,250"): one of them is a
    decimal mark, so the amounts may differ a thousandfold.

    >>> _ambiguous_marks_differ("eur 1.250 per day", "eur 1,250 per day")
    True
    >>> _ambiguous_marks_differ("eur 1,250 per day", "eur 1,250 per day")
    False
    """
    written = {found.replace(",", "."): found for found in _AMBIGUOUS_NUMBER.findall(span)}
    return any(
        written.get(found.replace(",", "."), found) != found
        for found in _AMBIGUOUS_NUMBER.findall(quote)
    )


@lru_cache(maxsize=1)
def _claim_symbol() -> re.Pattern[str]:
    """A claim's sign (``_claim_symbols``), built on first use: finding the currency and
    maths signs reads every character's category (8 ms), which importing the engine for
    the CLI need not pay."""
    signs = "".join(c for c in map(chr, range(0x10000)) if unicodedata.category(c) in ("Sc", "Sm"))
    return re.compile("[" + re.escape(signs) + "%‰‱′^–]|(?<!\\w)-\\s?(?=\\d)|!(?=[\\w=(])")


# A dash between two numbers: a range ("5-10 years", "5 – 10"), which "5 10" is not
_RANGE_DASH = LazyPattern(r"(?<=\d)\s?-\s?(?=\d)")


def _footnote_mark(first: str, second: str) -> bool:
    """One word is the other with a footnote number fused to its end ("approval¹" folds to
    "approval1"): the same word, no number the quote claims.

    >>> _footnote_mark("approval", "approval1"), _footnote_mark("room4", "room5")
    (True, False)
    >>> _footnote_mark("km", "km2"), _footnote_mark("co", "co2")
    (False, False)
    """
    shorter, longer = sorted((first, second), key=len)
    return (
        len(shorter) >= _MIN_FOOTNOTED_WORD
        and longer.startswith(shorter)
        and longer[len(shorter) :].isdigit()
        and not any(c.isdigit() for c in shorter)
    )


# Shorter words with a figure fused to them are units and formulas: km², m³, CO₂, H₂O
_MIN_FOOTNOTED_WORD = 4


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
    return len(heads) == 2 and heads <= OPPOSITE_PREFIXES | {""}


_MIN_SHARED_STEM = 4
