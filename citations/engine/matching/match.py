"""Locating a quote's text in the sources: exact, then normalized (this module), then
approximate (``approximate.py``).

Every search runs over a :class:`PreparedSource`: the raw paragraphs joined (for a C-speed
``str.find`` before anything is normalized) and, only when a quote needs it, the normalized
paragraphs joined by single spaces with their offset maps; prepared once per process for
the same paragraphs (``SourceText``).

Quotes that cross a paragraph boundary: a quote is found across *consecutive* paragraphs of
one source when its normalized text runs on from the end of one paragraph into the next (the
boundary reads as a line break folds: one space, none before an opening ellipsis or bracket).
Such a match is reported at the paragraph where the quote starts (``start``/``end`` cover the
rest of that paragraph) and lists the spans it covers in the following paragraphs in
``Match.continues``; every span is exact in its raw paragraph. Approximate matches never
cross a boundary.

A verbatim match may start or end inside a word: models cut quotes at a character limit
("ungen müssen bis 2030" of "Regelungen müssen bis 2030"), and the text is there (attention
names the word a cut may turn into another: "legal" of "illegal"). A cut inside a number is
no match: it turns one number into another ("500 EUR" of "1,500 EUR", "in 2" of "in 25
days"). A match that cuts no word is preferred to one that does.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ..text import LazyPattern
from ..types import Match, MatchMethod, Source, Span, Tier
from .normalize import INVISIBLE, Normalized, fold_text, joins_to_previous, normalize_with_map
from .number_words import cut_changes_word, number_value

_RAW_SEPARATOR = "\x00"  # bundles refuse NUL characters, so no quote can span it
# Chinese and Japanese characters: those scripts put no spaces between words
HAN_KANA = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
# Combining marks, part of the word they are written on: the vowel signs and viramas of
# Devanagari and the other Indic scripts, Thai's, Hebrew and Arabic points. Read without
# them "बच्चे" (children) is the pieces "बच", "च", and a quote that writes "बच्चा" (child)
# differed from it only between words.
MARK_CHARACTERS = frozenset(
    chr(code) for code in range(0x300, 0x10000) if unicodedata.category(chr(code)) in ("Mn", "Mc")
)
MARKS = re.escape("".join(sorted(MARK_CHARACTERS)))
# Full stops of scripts other than Latin's: Devanagari's danda, Urdu, Armenian, Ethiopic, Myanmar
SCRIPT_STOPS = "।॥۔։።။"
# A spaced word, whole: a run of letters and digits other than those, with the marks written
# on them (the word index's words)
WORD_RUN = LazyPattern(f"[^\\W{HAN_KANA}]+(?:[{MARKS}]+[^\\W{HAN_KANA}]*)*")
# Scripts written without spaces between words (Chinese, Japanese, Thai, Lao, Myanmar, Khmer):
# a quote may begin at any letter there, but not inside a number ("五" of "十五") nor right
# after a negation (verify._limiting_word_before). Hebrew and Arabic join one-letter words to
# the next ("ו", "ب"): a cut there is a cut inside a word that keeps its claim, or not.
UNSPACED_SCRIPT = LazyPattern(
    "[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"
)
_SIGNS = "-\u2212"  # hyphen-minus, minus
_WORD_HYPHENS = "-\u2010\u2011"
# Characters a word is read over on either side of a place: more than any word of spaced
# text (German number words run to sixty). A longer run of letters is a script written
# without spaces, where reading on to the next space would read the whole paragraph for every
# quote in it (1,000 quotes in a 200,000-character paragraph took minutes, issue 30).
LONGEST_WORD = 100
_INVISIBLE_CHAR = LazyPattern(f"[{INVISIBLE}]")
_NUMBER_SEPARATORS = ".,'\u2019"


def starts_inside(text: str, start: int) -> bool:
    """Whether ``text[start]`` continues a word or number: "legal" in "illegal", "compliant"
    in "non-compliant", "5" in "12.5".

    >>> starts_inside("illegal", 2), starts_inside("non-compliant", 4), starts_inside("1,500", 2)
    (True, True, True)
    >>> starts_inside("a legal act", 2), starts_inside("2020-2024", 5), starts_inside("違法", 1)
    (False, False, False)
    >>> starts_inside("十五天", 1), starts_inside("was −12 °C", 5)
    (True, True)
    """
    if start <= 0 or start >= len(text) or not continues_word(text[start]):
        return False
    at = start - 1
    while at > 0 and _INVISIBLE_CHAR.match(text[at]):  # a soft hyphen, a zero-width space
        at -= 1
    first, before = text[start], text[at]
    if UNSPACED_SCRIPT.match(first) or UNSPACED_SCRIPT.match(before):
        return _is_numeral(first) and _is_numeral(before)
    if continues_word(before):
        return True
    if before.isspace() and first.isalpha():  # a word broken at a line: "Bürger-\ninnen"
        while at > 0 and text[at].isspace():
            at -= 1
        return text[at] in _WORD_HYPHENS and at > 0 and text[at - 1].isalpha()
    earlier = text[at - 1] if at >= 1 else " "
    if before in _SIGNS and first.isdigit():
        return not earlier.isalnum()  # "12 °C" of "−12 °C"; not "12" of "2010-12"
    if before in _WORD_HYPHENS:
        return earlier.isalpha() and first.isalpha()
    return before in _NUMBER_SEPARATORS and earlier.isdigit() and first.isdigit()


def continues_word(char: str) -> bool:
    """Whether ``char`` belongs to a word: a letter or digit, or a mark written on one (a
    vowel sign: "मिलेंगी" ends in one)."""
    return char.isalnum() or char in MARK_CHARACTERS


def _is_numeral(char: str) -> bool:
    """A digit or a numeral of any script ("五", "²"); "两" (two) is one Unicode does not
    mark numeric."""
    return char.isnumeric() or char == "两"


def ends_inside_number(text: str, end: int) -> bool:
    """Whether a span ending at ``end`` cuts a number: "2" of "25", "12" of "12.5".

    >>> ends_inside_number("in 25 days", 4), ends_inside_number("in 2.5 days", 4)
    (True, True)
    >>> ends_inside_number("in 2024.", 7), ends_inside_number("Regelung", 4)
    (False, False)
    """
    if end <= 0 or end >= len(text) or not _is_numeral(text[end - 1]):
        return False
    after = text[end]
    if _is_numeral(after):  # "十" of "十五" too
        return True
    return after in _NUMBER_SEPARATORS and end + 1 < len(text) and text[end + 1].isdigit()


def ends_changing_claim(text: str, end: int) -> bool:
    """Whether a span ending at ``end`` cuts a number, or a word so that what is left is a
    word of another claim: another number ("six" of "sixty"), unit ("percent" of
    "percentage") or claim word, or the stem of a word a negating suffix makes ("schuld" of
    "schuldlos", "care" of "careless"). A cut at a character limit elsewhere is a cut.

    >>> [ends_changing_claim(t, e) for t, e in [("in 25 days", 4), ("sixty euros", 3),
    ...     ("2 percentage points", 9), ("schuldlos", 6), ("Regelungen", 5)]]
    [True, True, True, True, False]
    """
    if ends_inside_number(text, end):
        return True
    if not 0 < end < len(text) or not (text[end - 1].isalnum() and text[end].isalnum()):
        return False
    start, stop = end, end
    first, last = max(0, end - LONGEST_WORD), min(len(text), end + LONGEST_WORD)
    while start > first and text[start - 1].isalnum():
        start -= 1
    while stop < last and text[stop].isalnum():
        stop += 1
    return cut_changes_word(text[start:end].lower(), text[start:stop].lower())


def cuts_number(text: str, start: int, end: int) -> bool:
    """Whether the span ``[start, end)`` of ``text`` starts or ends inside a number.

    >>> cuts_number("in 15 days", 4, 10), cuts_number("in 25 days", 3, 4)
    (True, True)
    >>> cuts_number("illegal acts", 2, 12), cuts_number("in 15 days", 3, 10)
    (False, False)
    >>> cuts_number("vingt-sept jours", 6, 16), cuts_number("sixty days", 0, 3)
    (True, True)
    """
    if ends_inside_number(text, end):
        return True
    if starts_inside(text, start) and _is_numeral(text[start]):
        return True
    # a number word cut: "sept" of "vingt-sept", "six" of "sixty"
    return (starts_inside(text, start) and _number_word(_word_at(text, start))) or (
        0 < end < len(text)
        and text[end - 1].isalnum()
        and text[end].isalnum()
        and _number_word(_word_at(text, end - 1))
    )


def _number_word(word: str) -> bool:
    """A number in words or figures ("vingt-sept", "sixty", "15"), not a unit ("days")."""
    return any(c.isdigit() for c in word) or number_value(word) is not None


def _word_at(text: str, inside: int) -> str:
    """The word of ``text`` holding the character at ``inside``, joined by hyphens."""
    start, end = inside, inside
    first, last = max(0, inside - LONGEST_WORD), min(len(text), inside + LONGEST_WORD)
    while start > first and (text[start - 1].isalnum() or text[start - 1] in _WORD_HYPHENS):
        start -= 1
    while end < last and (text[end].isalnum() or text[end] in _WORD_HYPHENS):
        end += 1
    return text[start:end].lower()


def _cuts_word(text: str, start: int, end: int) -> bool:
    return starts_inside(text, start) or (
        0 < end < len(text) and text[end - 1].isalnum() and text[end].isalnum()
    )


def _find_whole(haystack: str, needle: str, start: int = 0) -> int:
    """The first index of ``needle`` in ``haystack`` from ``start`` that cuts no word; failing
    that, the first that cuts no number; -1 if none."""
    found = haystack.find(needle, start)
    cut = -1
    while found >= 0:
        end = found + len(needle)
        if not cuts_number(haystack, found, end):
            if not _cuts_word(haystack, found, end):
                return found
            if cut < 0:
                cut = found
        found = haystack.find(needle, found + 1)
    return cut


class CountedWords(Protocol):
    """A source's words counted once (``word_index.WordIndex``)."""

    def count(self, word: str, *, up_to: int | None = None) -> int:
        """How often ``word`` stands in ``norm_joined``, inside longer words too."""
        ...

    def positions(self, word: str) -> list[int]:
        """Where ``word``, a spaced word, stands whole in ``norm_joined``."""
        ...

    def first_position(self, word: str) -> int:
        """Where ``word``, a spaced word, first stands whole in ``norm_joined`` (-1: nowhere)."""
        ...

    def stands(self, word: str) -> int:
        """How often ``word``, a spaced word, stands whole in ``norm_joined``."""
        ...


_FEW_PLACES = 64  # words standing more often than this are all equally poor to look from


class SourceText:
    """A source's paragraphs made ready for searching: joined raw, and normalized with their
    offset maps on first use, with what matching learns of them once (``cache``: the word
    index, the language). Shared by every source of the process with the same paragraphs
    (``source_text``): a pipeline verifies many answers over one document, and preparing it
    is most of a bundle's work."""

    __slots__ = (
        "cache",
        "longest_paragraph",
        "marked_up",
        "norm_joined",
        "norm_starts",
        "normalized",
        "paragraphs",
        "raw_joined",
        "raw_lower",
        "raw_starts",
        "some_normalized",
        "words",
    )

    def __init__(self, paragraphs: tuple[str, ...]) -> None:
        self.paragraphs = paragraphs
        self.raw_joined = _RAW_SEPARATOR.join(paragraphs)
        self.raw_starts = _starts(paragraphs, len(_RAW_SEPARATOR))
        # markup whose folding leaves text out (an entity's name, a tag, a link's address): a
        # quote cut inside it folds apart from the text around it
        self.marked_up = any(mark in self.raw_joined for mark in _MARKUP_MARKS)
        self.normalized: tuple[Normalized, ...] | None = None
        self.some_normalized: dict[int, Normalized] = {}
        self.raw_lower: str | None = None
        self.norm_joined = ""
        self.norm_starts: tuple[int, ...] = ()
        self.longest_paragraph = 0
        self.cache: dict[str, object] = {}  # e.g. the word index
        # the normalized paragraphs' spaced words (``WORD_RUN``), once the word index has
        # counted them
        self.words: CountedWords | None = None

    @property
    def size(self) -> int:
        return len(self.raw_joined)


# What markup that ``normalize`` folds starts with (``normalize._markup_spans``)
_MARKUP_MARKS = ("&", "<", "](", "**", "__")


# Characters of source text kept prepared between bundles, least recently used dropped first
# (a prepared text takes about ten times its characters' memory).
_KEPT_CHARACTERS = 4_000_000
_kept: dict[tuple[str, ...], SourceText] = {}  # in order of use, the most recent last
_kept_lock = threading.Lock()  # a web server verifies in threads


def source_text(paragraphs: tuple[str, ...]) -> SourceText:
    """The prepared text of ``paragraphs``: the one prepared before in this process when a
    source held the same paragraphs, else a new one, kept while it is among the most
    recently used ``_KEPT_CHARACTERS``."""
    with _kept_lock:
        found = _kept.pop(paragraphs, None) or SourceText(paragraphs)
        if found.size <= _KEPT_CHARACTERS:
            _kept[paragraphs] = found
            kept = sum(text.size for text in _kept.values())
            while kept > _KEPT_CHARACTERS:
                kept -= _kept.pop(next(iter(_kept))).size
        return found


def forget_source_texts() -> None:
    """Drop every prepared text kept between bundles (a benchmark's cold start)."""
    with _kept_lock:
        _kept.clear()


@dataclass(slots=True)
class PreparedSource:
    """One source made ready for searching: its prepared text (``SourceText``) under its
    own id and names."""

    source: Source
    text: SourceText = field(init=False)

    def __post_init__(self) -> None:
        self.text = source_text(self.source.paragraphs)

    @property
    def id(self) -> str:
        return self.source.id

    @property
    def raw_joined(self) -> str:
        return self.text.raw_joined

    @property
    def raw_starts(self) -> tuple[int, ...]:
        return self.text.raw_starts

    @property
    def cache(self) -> dict[str, object]:
        return self.text.cache

    @property
    def normalized(self) -> tuple[Normalized, ...]:
        """Every paragraph normalized, with its map back to the raw text."""
        text = self.text
        if text.normalized is None:
            normalized = tuple(
                self.paragraph_normalized(index) for index in range(len(text.paragraphs))
            )
            text.norm_joined, text.norm_starts = _joined([n.text for n in normalized])
            text.longest_paragraph = max((len(n.text) for n in normalized), default=0)
            text.normalized = normalized
        return text.normalized

    @property
    def is_normalized(self) -> bool:
        """Whether every paragraph is normalized already (else a quote may be looked for in
        the few paragraphs holding its longest word first)."""
        return self.text.normalized is not None

    def paragraph_normalized(self, index: int) -> Normalized:
        """Paragraph ``index`` (0-based) normalized, built once."""
        found = self.text.some_normalized.get(index)
        if found is None:
            found = normalize_with_map(self.text.paragraphs[index])
            self.text.some_normalized[index] = found
        return found

    def holds_words_of(self, folded: str, *, loose_words: int = 1) -> bool:
        """Whether the source holds every word of ``folded`` whole but the ``loose_words`` at
        either end (a cut may split the first and the last), as far as its counted words
        tell (``SourceText.words``; True before they are counted): a dictionary look-up
        each, where a search for a quote that is not verbatim reads the whole text."""
        index = self.text.words
        runs = WORD_RUN.findall(folded)[loose_words : -loose_words or None]
        return index is None or all(index.stands(word) for word in runs)

    def may_hold(self, folded: str) -> bool:
        """Whether ``folded`` may stand in the normalized text, once the source's words are
        counted: it holds its words (``holds_words_of``), and the text from its second word
        to its last but one stands as written where the least common of them does (the
        places of a word are read once per source, not once per search)."""
        index = self.text.words
        runs = list(WORD_RUN.finditer(folded))[1:-1]
        if index is None or not runs:
            return True
        if not self.holds_words_of(folded):
            return False
        word = min(runs, key=lambda run: index.count(run.group(), up_to=_FEW_PLACES))
        core = folded[runs[0].start() : runs[-1].end()]
        text, offset = self.text.norm_joined, word.start() - runs[0].start()
        # most quotes that stand anywhere stand at the word's first place: tried before
        # every place is looked up, which reads the text up to the word's last place
        first = index.first_position(word.group())
        if first >= offset and text.startswith(core, first - offset):
            return True
        return any(
            text.startswith(core, at - offset)
            for at in index.positions(word.group())
            if at >= offset
        )

    def paragraphs_holding(self, word: str) -> list[int]:
        """The paragraphs (0-based, in order) whose raw text holds ``word`` in any case; a
        quick way to the few a quote may be in before every paragraph is normalized."""
        lowered = self.raw_lower
        if not lowered:
            return []
        found: list[int] = []
        at = lowered.find(word)
        while at >= 0 and len(found) < _MAX_PREFILTERED:
            index = bisect_right(self.raw_starts, at) - 1
            if not found or found[-1] != index:
                found.append(index)
            at = lowered.find(
                word,
                self.raw_starts[index + 1] if index + 1 < len(self.raw_starts) else len(lowered),
            )
        return found

    @property
    def raw_lower(self) -> str:
        """The raw paragraphs joined, in lower case, built once (a word index of the raw
        text); empty when lowering changes the text's length (offsets would not map)."""
        text = self.text
        if text.raw_lower is None:
            lowered = text.raw_joined.lower()
            text.raw_lower = lowered if len(lowered) == len(text.raw_joined) else ""
        return text.raw_lower

    @property
    def norm_joined(self) -> str:
        """The normalized paragraphs joined as a quote running across them folds (``_joined``)."""
        self.normalized  # noqa: B018 - builds the joined text on first use
        return self.text.norm_joined

    @property
    def norm_starts(self) -> tuple[int, ...]:
        self.normalized  # noqa: B018 - builds the offsets on first use
        return self.text.norm_starts

    @property
    def longest_paragraph(self) -> int:
        """Characters of the longest normalized paragraph: an approximate match, which never
        crosses a paragraph boundary, is no longer."""
        self.normalized  # noqa: B018 - measured when the paragraphs are normalized
        return self.text.longest_paragraph

    def paragraph_at(self, norm_index: int) -> int:
        """0-based index of the paragraph holding ``norm_joined[norm_index]``."""
        return bisect_right(self.norm_starts, norm_index) - 1

    def spans(self, start: int, end: int) -> list[Span]:
        """Raw spans, paragraph by paragraph, of the normalized joined span ``[start, end)``."""
        spans: list[Span] = []
        starts = self.norm_starts
        for index in range(self.paragraph_at(start), self.paragraph_at(end - 1) + 1):
            norm = self.normalized[index]
            local_start = max(start, starts[index]) - starts[index]
            local_end = min(end, starts[index] + len(norm.text)) - starts[index]
            if local_end <= local_start:
                continue  # the span only touches the boundary space, or the paragraph is empty
            raw_start, raw_end = norm.raw_span(local_start, local_end)
            spans.append(Span(index + 1, raw_start, raw_end, norm.raw[raw_start:raw_end]))
        return spans


def _joined(texts: Sequence[str]) -> tuple[str, tuple[int, ...]]:
    """Normalized paragraphs joined as the fold reads a quote written across them, and where
    each starts: a paragraph break is one space, but none before a paragraph that opens with
    punctuation the fold joins to the word before ("wählt, …" / "• ... macht" is quoted
    "wählt, … • ... macht", folded "wählt,...... macht")."""
    parts: list[str] = []
    starts: list[int] = []
    position = 0
    for index, text in enumerate(texts):
        if index and not joins_to_previous(text):
            parts.append(" ")
            position += 1
        starts.append(position)
        parts.append(text)
        position += len(text)
    return "".join(parts), tuple(starts)


def _starts(texts: Sequence[str], separator: int) -> tuple[int, ...]:
    starts, position = [], 0
    for text in texts:
        starts.append(position)
        position += len(text) + separator
    return tuple(starts)


def prepare_sources(sources: Sequence[Source]) -> dict[str, PreparedSource]:
    """Prepared searchers by source id, in the given order."""
    return {source.id: PreparedSource(source) for source in sources}


def exact_in_paragraph(quote: str, prepared: PreparedSource, paragraph: int) -> Span | None:
    """The first verbatim occurrence of ``quote`` (already stripped) in ¶``paragraph``."""
    raw = prepared.source.paragraph(paragraph)
    if raw is None or not quote:
        return None
    start = _find_whole(raw, quote)
    if start < 0:
        return None
    return Span(paragraph, start, start + len(quote), quote)


def exact_in_source(quote: str, prepared: PreparedSource) -> Span | None:
    """The first verbatim occurrence of ``quote`` in any paragraph of the source."""
    if not quote:
        return None
    start = _find_whole(prepared.raw_joined, quote)
    if start < 0:
        return None
    index = bisect_right(prepared.raw_starts, start) - 1
    local = start - prepared.raw_starts[index]
    return Span(index + 1, local, local + len(quote), quote)


def normalized_in_paragraph(folded: str, prepared: PreparedSource, paragraph: int) -> Span | None:
    """The first occurrence of the folded quote in the normalized ¶``paragraph``."""
    if not folded or not 1 <= paragraph <= len(prepared.source.paragraphs):
        return None
    norm = prepared.paragraph_normalized(paragraph - 1)
    found = _find_folded(norm.text, folded)
    if found is None:
        return None
    raw_start, raw_end = norm.raw_span(*found)
    if found[1] - found[0] < len(folded):
        raw_end = _take_hyphen(norm.raw, raw_end)
    return Span(paragraph, raw_start, raw_end, norm.raw[raw_start:raw_end])


_MAX_PREFILTERED = 64  # paragraphs looked at one by one before the source is normalized whole
_PLAIN_WORD = LazyPattern(r"[^\W\d_]{4,}")


def _normalized_in_some(folded: str, prepared: PreparedSource) -> list[Span] | None:
    """The folded quote in one of the paragraphs whose raw text holds its longest word:
    most quotes are found so without normalizing the whole source. None when not found
    so (the word may be hyphenated in the raw text): the caller searches everywhere."""
    words = _PLAIN_WORD.findall(folded)
    if not words:
        return None
    for index in prepared.paragraphs_holding(max(words, key=len)):
        norm = prepared.paragraph_normalized(index)
        found = _find_folded(norm.text, folded)
        if found is not None:
            raw_start, raw_end = norm.raw_span(*found)
            if found[1] - found[0] < len(folded):
                raw_end = _take_hyphen(norm.raw, raw_end)
            return [Span(index + 1, raw_start, raw_end, norm.raw[raw_start:raw_end])]
    return None


def normalized_in_source(folded: str, prepared: PreparedSource) -> list[Span] | None:
    """The first occurrence of the folded quote in the source, as raw spans per paragraph
    (more than one when it runs across consecutive paragraphs)."""
    if not folded:
        return None
    if not prepared.is_normalized:
        some = _normalized_in_some(folded, prepared)
        if some is not None:
            return some
    if not prepared.may_hold(folded):
        return None
    found = _find_folded(prepared.norm_joined, folded)
    if found is None:
        return None
    spans = prepared.spans(*found)
    if spans and found[1] - found[0] < len(folded):
        last = spans[-1]
        raw = prepared.source.paragraphs[last.paragraph - 1]
        end = _take_hyphen(raw, last.end)
        spans[-1] = Span(last.paragraph, last.start, end, raw[last.start : end])
    return spans or None


_HYPHENS = "-\u2010\u2011\u00ad"


def _find_folded(haystack: str, folded: str) -> tuple[int, int] | None:
    """``[start, end)`` of the first occurrence of ``folded`` in ``haystack``. A quote cut
    right after a line-break hyphen ("Bürger-" of "Bürger-\\ninnen", folded to
    "bürgerinnen") is found without its hyphen, followed by the rest of the word."""
    start = _find_whole(haystack, folded)
    if start >= 0:
        return start, start + len(folded)
    stem = folded[:-1]
    if len(folded) > 1 and folded[-1] == "-" and stem[-1].isalpha():
        start = _find_whole(haystack, stem)
        while start >= 0:
            end = start + len(stem)
            if end < len(haystack) and haystack[end].isalpha():
                return start, end
            start = _find_whole(haystack, stem, start + 1)
    return None


def _take_hyphen(raw: str, end: int) -> int:
    """``end`` moved past the hyphen the raw text has there (the one folding joined away)."""
    return end + 1 if end < len(raw) and raw[end] in _HYPHENS else end


def match_from_spans(
    spans: Sequence[Span], *, source: str, score: float, method: MatchMethod, tier: Tier
) -> Match:
    """A :class:`Match` at the first span, the rest as its continuation."""
    first = spans[0]
    return Match(
        source=source,
        paragraph=first.paragraph,
        start=first.start,
        end=first.end,
        text=first.text,
        score=score,
        method=method,
        tier=tier,
        continues=tuple(spans[1:]),
    )


def refused_cut(folded: str, prepared: PreparedSource) -> list[Span] | None:
    """Where the folded quote stands in the source only cut inside a number ("5 days" of
    "15 days"): the raw span of the first such place, in one of the paragraphs whose raw
    text holds the quote's longest word."""
    words = _PLAIN_WORD.findall(folded)
    if not words or not prepared.may_hold(folded):
        return None
    for index in prepared.paragraphs_holding(max(words, key=len)):
        norm = prepared.paragraph_normalized(index)
        found = norm.text.find(folded)
        while found >= 0:
            if cuts_number(norm.text, found, found + len(folded)):
                raw_start, raw_end = norm.raw_span(found, found + len(folded))
                return [Span(index + 1, raw_start, raw_end, norm.raw[raw_start:raw_end])]
            found = norm.text.find(folded, found + 1)
    return None


def find_verbatim(text: str, sources: Sequence[Source]) -> Match | None:
    """Where ``text`` is, exactly or after normalization, in ``sources`` (searched in order);
    never an approximate match. The first source is the primary tier, the others secondary.

    Used to check that an excerpt really exists in its source (seed 002, EV-3).

    >>> from ..types import SourceKind
    >>> doc = Source("D", SourceKind.DOCUMENT, ("Intro.", "Die  „Regel“ gilt\\nimmer."))
    >>> m = find_verbatim('die "regel" gilt immer', [doc])
    >>> (m.paragraph, m.start, m.end, m.method.value)
    (2, 0, 23, 'normalized')
    >>> find_verbatim("Die Regel gilt nie.", [doc]) is None
    True
    """
    quote = text.strip()
    if not quote:
        return None
    folded = fold_text(quote)
    for position, source in enumerate(sources):
        searcher = PreparedSource(source)
        spans, method = verbatim_in_source(quote, folded, searcher)
        if spans:
            tier = Tier.PRIMARY if position == 0 else Tier.SECONDARY
            return match_from_spans(spans, source=source.id, score=1.0, method=method, tier=tier)
    return None


def verbatim_in_source(
    quote: str, folded: str, searcher: PreparedSource
) -> tuple[list[Span] | None, MatchMethod]:
    """The first place of the (stripped) quote in the source: exactly as written, else its
    folded form; with how it was found."""
    if not searcher.text.marked_up and not searcher.holds_words_of(folded, loose_words=2):
        # In a source without markup, what stands in the raw text folds as the text around
        # it does, but at its edges: a cut word, and the word next to it, which the fold may
        # join with what follows ("we n" of "we n't", folded "wen't"). So the quote stands
        # in the raw text only if the source holds the rest of its words: a quote that is
        # not verbatim is not looked for through the whole raw text.
        return None, MatchMethod.NORMALIZED
    span = exact_in_source(quote, searcher)
    if span is not None:
        return [span], MatchMethod.EXACT
    return normalized_in_source(folded, searcher), MatchMethod.NORMALIZED
