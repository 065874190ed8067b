"""A located quote's context and attention: what of its sentence it leaves out, and why a
reviewer should look (``checks.ATTENTION_CHECKS``). Nothing here changes a status.

The left-out words before and after the quote, in its sentence only, are read for the
signal words of the paragraph's language (``signals``; of every language when the
paragraph's is not told for sure). A language without word data, or one not told for
sure, gets attention for a left-out part of more than a few words without a signal:
attention errs toward showing.

>>> paragraph = "If the landlord agrees, the tenant may sublet the flat."
>>> context, attention = quote_context((paragraph,), "D", 0, 24, 0, 54, language="en")
>>> context.left_out_before, [(a.rule, a.words) for a in attention]
('If the landlord agrees, ', [('attention.condition_left_out', 'If the landlord agrees')])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from ..matching.match import LONGEST_WORD, MARKS
from ..matching.normalize import fold_text
from ..matching.number_words import number_value
from ..text import LazyPattern
from ..types import Attention, Context, Difference
from .checks import CHECK_OF_KIND, CHECKS_BY_ID, AttentionCheck
from .sentences import SentenceAround, sentence_around
from .signals import KINDS, Signals, signals_for

_TOKEN = LazyPattern(rf"[^\W_](?:[^\W_]|[{MARKS}])*")
_CLAUSE_MARK = LazyPattern(r"[,;:()\[\]–—，、；：（）]|\s-\s")
_QUESTION_MARK = LazyPattern(r"[?？؟¿]")
# A sign or bound right before the quote's opening figure ("<|5%", "≥ |18", "± |5 mm"), not
# after a figure (a range's joiner is a count's business: "5~|10"); a dash only after a space
# ("COVID-|19" is a name)
_SIGN_BEFORE = LazyPattern(r"(?:(?<!\d)(?<!\d\s)[<>≤≥±~≈∼+]|(?<!\d)\s[-−])\s*$")
_SEPARATOR = LazyPattern(r"[,;:，、；：]")
_FIGURE = LazyPattern(r"\d+(?:[.,:/]\d+)*")  # "4.2", "1,000", "12:30" are one figure each
# A figure's percent or per-mille sign: a share says how many ("in 40 % of cases")
_PERCENT = LazyPattern(r"(?<=\d)\s?[%‰]")
_MIN_REST = 3  # letters a word read through its proclitics must keep
# A year says when, not how many: "on 3 March 2021" holds one figure that may count, not two
_YEAR = LazyPattern(r"(?:1[89]|20)\d\d")
_FEW_WORDS = 3  # left-out words a language without data may leave out without attention
_MAX_WORDS_SHOWN = 160  # characters of a left-out part attention shows


def quote_context(
    paragraphs: Sequence[str],
    source: str,
    first: int,
    start: int,
    last: int,
    end: int,
    *,
    language: str | None,
) -> tuple[Context | None, tuple[Attention, ...]]:
    """The context of the passage from ``start`` in paragraph ``first`` to ``end`` in
    paragraph ``last`` (0-based indexes) of ``source``, and the attention its left-out
    words call for; (None, ()) for a passage that is its sentences whole (a question's
    mark aside: a question quoted as a statement gets attention however whole)."""
    around = sentence_around(paragraphs, first, start, last, end)
    asked = _asked(paragraphs, first, start, last, end, around)
    if around.whole:
        return None, asked
    context = Context(
        source,
        first + 1,
        (around.start, around.end if first == last else len(paragraphs[first])),
        around.before,
        around.after,
    )
    signals = signals_for(language)
    found: list[Attention] = list(asked)
    # a figure at the quote's edge: a figure left out beside it bounds it ("5 to |10 days")
    edge_figures = {
        "before": paragraphs[first][start : start + 1].isdecimal(),
        "after": paragraphs[last][end - 1 : end].isdecimal(),
    }
    if edge_figures["before"] and (
        _SIGN_BEFORE.search(around.before)
        or (signals is not None and _last_word(around.before) in signals.number_signs)
    ):
        check = CHECKS_BY_ID["attention.sign_left_out"]
        found.append(
            _attention(
                check, _clause(around.before, len(around.before), len(around.before)), "before"
            )
        )
    for side, text in (("before", around.before), ("after", around.after)):
        signalled = (
            _signalled(text, signals, side, edge_figures[side]) if signals is not None else []
        )
        for kind, words in signalled:
            # one entry a kind, and one for words two kinds list alike ("unless")
            if all(a.rule != CHECK_OF_KIND[kind].id and a.words != _shown(words) for a in found):
                found.append(_attention(CHECK_OF_KIND[kind], words, side))
        if signalled:
            continue
        governing = _governing(text, signals) if side == "before" and signals else None
        if governing is not None:
            found.append(_attention(CHECKS_BY_ID["attention.governed_clause"], governing, side))
            continue
        # a language without word data, or one not told for sure (it may be one without
        # data, whatever it resembles): show what is long enough to matter
        if (signals is None or language is None) and len(_TOKEN.findall(text)) > _FEW_WORDS:
            found.append(_attention(CHECKS_BY_ID["attention.context_left_out"], text, side))
    return context, tuple(found)


def _signalled(text: str, signals: Signals, side: str, edge_figure: bool) -> list[tuple[str, str]]:
    """(kind, the clause of ``text`` holding its signal) for every kind signalled in
    ``text``; the signal nearest the quote first. ``edge_figure``: the quote begins (or
    ends) on this side with a figure."""
    if signals.unspaced:
        folded = fold_text(text)
        return [
            (kind, text.strip())
            for kind in KINDS
            if any(phrase[0] in folded for phrase in signals.kinds[kind])
        ]
    tokens = [(_fold(m.group()), m.start(), m.end()) for m in _TOKEN.finditer(text)]
    words = [token[0] for token in tokens]
    order = range(len(tokens) - 1, -1, -1) if side == "before" else range(len(tokens))
    found: dict[str, str] = {}
    opens = _clause_openings(text, tokens)
    figures = sum(1 for figure in _FIGURE.findall(text) if not _YEAR.fullmatch(figure))
    # a figure beside the quote, as "5 to", "5 bis", "5–" before a quote opening "10 …"
    # (not "2024, " before "5 members")
    beside = {
        at
        for at in order[:2]
        if not _SEPARATOR.search(
            text[tokens[at][2] :] if side == "before" else text[: tokens[at][1]]
        )
    }
    starts = _starts_of(signals)
    if signals.proclitics:
        words = [_read_through(word, starts, signals.proclitics) for word in words]
    for at in order:  # nearest the quote first: each kind's nearest signal
        word = words[at]
        for kind, phrases, opening_only in starts.get(word, ()):
            if kind in found or (opening_only and at not in opens):
                continue
            size = _phrase_at(words, at, phrases)
            if size:
                found[kind] = _clause(text, tokens[at][1], tokens[at + size - 1][2])
        # a number after the quote counts in the quote's own clause only: ", and routine
        # requests within five days" after it is a claim of its own
        own_clause = side == "before" or not _CLAUSE_MARK.search(text, 0, tokens[at][1])
        if "count" not in found and (
            (own_clause and (_counts(word, figures) or _PERCENT.match(text, tokens[at][2])))
            or (edge_figure and at in beside and word.isdecimal())
        ):
            found["count"] = _clause(text, tokens[at][1], tokens[at][2])
    return [(kind, found[kind]) for kind in KINDS if kind in found]


def _asked(
    paragraphs: Sequence[str], first: int, start: int, last: int, end: int, around: SentenceAround
) -> tuple[Attention, ...]:
    """Attention for a passage of a question that leaves its question marks out ("So we
    cancel the contract." of "So we cancel the contract?", "¿" left out before): the source
    asks what the quote states."""
    sentence_end = min(around.end, len(paragraphs[last]))
    left_out = paragraphs[first][around.start : start] + paragraphs[last][end:sentence_end]
    if not _QUESTION_MARK.search(left_out):
        return ()
    if first == last:
        sentence = paragraphs[first][around.start : sentence_end]
    else:
        sentence = paragraphs[first][around.start :] + " … " + paragraphs[last][:sentence_end]
    check = CHECKS_BY_ID["attention.question_left_out"]
    shown = " ".join(sentence.split())  # its marks kept: they are what the quote dropped
    return (Attention(check.id, shown, check.says.format(words=shown, side="")),)


def _last_word(text: str) -> str:
    """The folded last word of ``text`` when nothing but spaces follows it, else ""."""
    words = list(_TOKEN.finditer(text))
    if not words or text[words[-1].end() :].strip():
        return ""
    return _fold(words[-1].group())


def _governing(text: str, signals: Signals) -> str | None:
    """The clause of a left-out lead that ends in a word making the quote a clause it governs
    ("Critics claim that", "Il est possible que"), or None."""
    if signals.unspaced or not signals.governing:
        return None
    tokens = list(_TOKEN.finditer(text))
    if not tokens or _SEPARATOR.search(text, tokens[-1].end()):
        return None
    last = tokens[-1]
    if _fold(last.group()) not in signals.governing:
        return None
    return _clause(text, last.start(), last.end())


def _counts(word: str, figures: int) -> bool:
    """Whether ``word`` says how many, in any language: a number written as a word ("drei
    der zwölf Bezirke", "dos de cada diez"), or one of two figures in the left-out part ("3
    of 12"; a year is none: "on 3 March 2021"); a figure alone is as often a year, a date
    or a section as a count, unless it stands beside a figure the quote opens or ends with
    (a range's other bound)."""
    if word.isdecimal():
        return figures >= 2
    return number_value(word) is not None


# a word's phrases: (kind, its phrases starting with the word, longest first, opening-only)
_Starts = dict[str, tuple[tuple[str, tuple[tuple[str, ...], ...], bool], ...]]


@lru_cache(maxsize=64)
def _starts_of(signals: Signals) -> _Starts:
    """A language's phrases by their first word, every kind's, the opening-only ones after
    the others; once per language (``Signals`` hash by identity: no hashing of the lists)."""
    starts: dict[str, list[tuple[str, tuple[tuple[str, ...], ...], bool]]] = {}
    for opening_only, phrases_of in ((False, signals.kinds), (True, signals.opening)):
        for kind in KINDS:
            for word, phrases in _phrase_starts(phrases_of.get(kind, ())).items():
                starts.setdefault(word, []).append((kind, phrases, opening_only))
    return {word: tuple(entries) for word, entries in starts.items()}


def _phrase_starts(
    phrases: tuple[tuple[str, ...], ...],
) -> dict[str, tuple[tuple[str, ...], ...]]:
    """Phrases by their first word, longest first."""
    starts: dict[str, list[tuple[str, ...]]] = {}
    for phrase in sorted(phrases, key=len, reverse=True):
        if phrase:
            starts.setdefault(phrase[0], []).append(phrase)
    return {word: tuple(found) for word, found in starts.items()}


def _clause_openings(text: str, tokens: list[tuple[str, int, int]]) -> set[int]:
    """The tokens that open a clause of a left-out part: its first, and each right after a
    clause mark."""
    return {
        at
        for at, (_, start, _) in enumerate(tokens)
        if at == 0 or _CLAUSE_MARK.search(text, tokens[at - 1][2], start)
    }


def _read_through(word: str, starts: _Starts, proclitics: frozenset[str]) -> str:
    """``word`` as a listed word when one or two proclitics joined to it stand before one
    ("ושאם": and that if -> "אם"); a rest of fewer than ``_MIN_REST`` letters is no word of
    its own ("מלא", full, is no "לא", not)."""
    rest = word
    for _ in range(2):
        if rest in starts or rest[:1] not in proclitics or len(rest) - 1 < _MIN_REST:
            break
        rest = rest[1:]
    return rest if rest in starts else word


def _phrase_at(words: list[str], at: int, phrases: tuple[tuple[str, ...], ...]) -> int:
    """How many words of the first phrase that stands at ``words[at]`` (0: none)."""
    for phrase in phrases:
        if tuple(words[at : at + len(phrase)]) == phrase:
            return len(phrase)
    return 0


_fold = lru_cache(maxsize=16384)(fold_text)


def _clause(text: str, start: int, end: int) -> str:
    """The clause of ``text`` holding ``[start, end)``: from the clause mark before it to the
    one after it, at most ``_MAX_WORDS_SHOWN`` characters."""
    marks = [m.end() for m in _CLAUSE_MARK.finditer(text, 0, start)]
    opening = marks[-1] if marks else 0
    closing_mark = _CLAUSE_MARK.search(text, end)
    closing = closing_mark.start() if closing_mark else len(text)
    return _shown(text[opening:closing])


def _shown(text: str) -> str:
    """Left-out words as attention shows them: trimmed of spaces and marks at the edges,
    shortened in the middle when long."""
    text = " ".join(text.split()).strip(" ,;:.!?-–—\"'“”„«»()[]")
    if len(text) <= _MAX_WORDS_SHOWN:
        return text
    half = _MAX_WORDS_SHOWN // 2
    return f"{text[:half].rstrip()} … {text[-half:].lstrip()}"


def _attention(check: AttentionCheck, words: str, side: str) -> Attention:
    shown = _shown(words)
    return Attention(check.id, shown, check.says.format(words=shown, side=side))


def cut_word_attention(
    first: str, start: int, last: str, end: int, *, reads_as_word: Callable[[str], bool]
) -> Attention | None:
    """Attention for a passage starting inside a word of paragraph text ``first``, or ending
    in ``last`` inside a word where the fragment it keeps reads as a word of its own
    (``reads_as_word`` of the folded fragment): the whole word is named."""
    if 0 < start < len(first) and first[start - 1].isalnum() and first[start].isalnum():
        return _cut(first, start)
    if 0 < end < len(last) and last[end - 1].isalnum() and last[end].isalnum():
        fragment_start, floor = end, max(0, end - LONGEST_WORD)
        while fragment_start > floor and last[fragment_start - 1].isalnum():
            fragment_start -= 1
        if reads_as_word(_fold(last[fragment_start:end])):
            return _cut(last, end - 1)
    return None


def _cut(text: str, inside: int) -> Attention:
    start, end = inside, inside
    first, last = max(0, inside - LONGEST_WORD), min(len(text), inside + LONGEST_WORD)
    while start > first and text[start - 1].isalnum():
        start -= 1
    while end < last and text[end].isalnum():
        end += 1
    return _attention(CHECKS_BY_ID["attention.cut_word"], text[start:end], "")


def omission_attention(differences: Sequence[Difference]) -> tuple[Attention, ...]:
    """Attention naming what each marked omission of a correction hid."""
    check = CHECKS_BY_ID["attention.omission_hid"]
    return tuple(
        _attention(check, d.source, "") for d in differences if d.kind == "edit.marked_omission"
    )
