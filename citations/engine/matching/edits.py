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

from ..text import LazyPattern
from ..types import Difference
from . import openings
from .alignment import Step, Words
from .match import HAN_KANA
from .number_words import (
    number_value,
    ordinal_value,
    same_unit,
)
from .rules import RULE, RuleKind
from .spelling import (
    LETTER_VARIANTS,
    MIN_STEM,
    capitals_drop,
    common_spelling,
    misspelled,
    same_word,
    umlauts_out,
    without_accents,
)
from .words import (
    ARTICLE_TURNED,
    ARTICLES,
    CONJUNCTIONS,
    CONNECTIVES,
    CONTRACTIONS,
    GENDER_ENDINGS,
    MONTHS,
    NUMBER_WORDS,
    OPPOSITE_PREFIXES,
    PRONOUNS,
    UNACCENTED_OF_OTHER_WORDS,
    articles,
    is_number,
    word_claim,
)


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
    opening, steps = openings.opening(steps, quote.words, span)
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
    accented = [word for word in words if without_accents(word) != word]
    written_out = {umlauts_out(word) for word in accented} & query_set  # "fuer" for "für"
    plain_copy = (
        len(accented) >= 2
        and not written_out
        and all(without_accents(word) == word for word in query_set)
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
    if q_word.translate(LETTER_VARIANTS) == w_word.translate(LETTER_VARIANTS):
        return "edit.spelling_variant"  # Romanian "ş" of old code pages for "ș", Arabic "ي" for "ی"
    if (
        w_word in capitals
        and without_accents(q_word) == w_word
        and capitals_drop(q_word)
        and w_word not in UNACCENTED_OF_OTHER_WORDS
    ):
        return "edit.capital_accents"  # "τράπεζα" for "ΤΡΑΠΕΖΑ", "État" for "ETAT"
    if marked and without_accents(q_word) == without_accents(w_word):
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
    if misspelled(q_word, w_word):
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
        len(shorter) >= MIN_STEM
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
