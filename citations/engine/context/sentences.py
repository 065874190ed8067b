"""Where the sentence around a passage begins and ends, and what of it the passage leaves out.

A sentence ends at a full stop, question or exclamation mark (and closing marks) before a
space and a capital or a letter of a script without case (Arabic, Hebrew, Devanagari), or
at the text's end; not after an ordinal or an abbreviation ("1. März", "z. B. an", "Nr. 5",
"ABC Ltd. Germany", "U.S. law", "5 °C. Then"); an ideographic one needs no space. The
stops of other scripts count as the full stop. Right at the passage's own edges a stop
before a capital always counts: a quote that ends with "ABC Ltd." or starts after "Art. 5."
takes it as the writer did. The sentence is read across paragraph breaks that do not end
it (a PDF's lines: a paragraph ending with a comma, or a word before one opening in lower
case), and a list item's bullet or number is no part of it.

>>> paragraph = "Am 1. März zahlt er. Wenn der Vermieter zustimmt, darf er untervermieten."
>>> around = sentence_around((paragraph,), 0, 50, 0, 73)
>>> around.before, around.after, paragraph[around.start : around.end]
('Wenn der Vermieter zustimmt, ', '', 'Wenn der Vermieter zustimmt, darf er untervermieten.')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..matching.match import MARK_CHARACTERS, SCRIPT_STOPS
from ..matching.normalize import fold_text
from ..text import LazyPattern
from .signals import abbreviations

_CLOSING = ")]\"'”’“‘»«›‹」』"
# Abbreviations that close a list and often the sentence with it ("…, etc. The minister …")
_LIST_ENDINGS = frozenset(("etc", "usw", "usf"))
# After the stop: closing marks, a French closing guillemet after its space ("… possible. »"),
# a footnote mark ("waived.[3]", "waived.³")
_AFTER_STOP = rf"(?:[{re.escape(_CLOSING)}]|\s[»«›‹]|\[\d{{1,3}}\]|[¹²³⁰⁴⁵⁶⁷⁸⁹])*"
_STOP_CANDIDATE = LazyPattern(
    rf"[.!?؟…{SCRIPT_STOPS}]{_AFTER_STOP}"
    rf"(?:\s+[\"'“„«»‹›(\[]*(?P<next>\S)|\s*$)|(?P<cjk>[。！？])"
)
STOPS = ".!?؟。！？…" + SCRIPT_STOPS
_WORD_BEFORE_REACH = 40  # characters read back from a stop for the word before it
_CONTEXT = 1000  # characters of the sentence read before and after the passage
_EDGE = 40  # characters of the passage read with the text after it, for a stop it ends with
# A line a PDF broke off a sentence: a few words at least, the next line opening with a word
# in lower case (not "iOS", not an item of a list of short lines: "no smoking")
_MIN_BROKEN_LINE_WORDS = 3
_FIRST_WORD = LazyPattern(r"\s*(\w+)")
# What stands before a sentence without being part of it: a list item's bullet, letter or
# number, or an article's number ("- ", "• ", "o ", "(a) ", "1. ", "ii) ", "§ 3 ",
# "Article 7. "), and opening marks
_ENUMERATOR = LazyPattern(
    r"^[\s\"'“„«»‹›(\[>*#]*(?:(?:\(?(?:[a-z]|[ivx]{1,4}|\d{1,3})[.)]|§+\s*\d+[a-z]?|[-*•▪◦‣o]"
    r"|(?i:art(?:icle|ikel|ículo|icolo|igo)?|section|sec|clause|abschnitt|ziffer|paragraphe?)"
    r"\.?\s*\d+(?:\.\d+)*[a-z]?[.:]?)\s+)?[\s\"'“„«»‹›(\[]*$"
)
_ONLY_MARKS = LazyPattern(r"^[\W_]*$")


@dataclass(frozen=True, slots=True)
class SentenceAround:
    """The sentence(s) a passage stands in: ``start`` in the passage's first paragraph (0 when
    the sentence runs on from the paragraphs before), ``end`` in its last paragraph (that
    paragraph's length when it runs on into the next); ``before`` and ``after`` the raw text
    of the sentence the passage leaves out ("" for none: a bullet or closing marks alone are
    none), paragraphs the sentence runs across joined by a space."""

    start: int
    end: int
    before: str
    after: str

    @property
    def whole(self) -> bool:
        """Whether the passage is its sentences whole."""
        return not self.before and not self.after


def sentence_around(
    paragraphs: Sequence[str], first: int, start: int, last: int, end: int
) -> SentenceAround:
    """The sentence around the passage from ``start`` in paragraph ``first`` to ``end`` in
    paragraph ``last`` (0-based indexes, raw offsets)."""
    before = _before(paragraphs, first, start)
    if not _starts_sentence(paragraphs[first], start):
        before = before[_sentence_start(before) :]
    else:
        before = ""
    paragraph = paragraphs[last]
    edge = paragraph[max(0, end - _EDGE) : end]
    after = _after(paragraphs, last, end) if not _ends_sentence(edge, paragraph[end:]) else ""
    after = after[: _sentence_stop(edge, after)]
    sentence_start = start - len(before) if len(before) <= start else 0
    rest = len(paragraph) - end
    sentence_end = end + len(after) if len(after) <= rest else len(paragraph)
    lead = "" if _ENUMERATOR.match(before) else before
    tail = "" if _ONLY_MARKS.match(after) else after
    return SentenceAround(sentence_start, sentence_end, lead, tail)


def sentence_ends(text: str) -> list[tuple[int, int]]:
    """Where the sentences of ``text`` end: (the stop, where the next sentence begins).

    >>> text = "Am 1. März zahlt er. Dann z. B. nicht. Gem. § 5 gilt das. Im Jahr 2020. Nr. 5 ab."
    >>> [text[start - 2 : start + 1] for start, _ in sentence_ends(text)]
    ['er.', 'ht.', 'as.', '20.', 'ab.']
    >>> text = "We signed with ABC Ltd. Germany paid. The U.S. Senate agreed. It was 5 °C. Then"
    >>> [text[start - 4 : start + 1] for start, _ in sentence_ends(text)]
    ['paid.', 'reed.']
    """
    return list(
        filter(None, (_sentence_end(text, found) for found in _STOP_CANDIDATE.finditer(text)))
    )


def _sentence_end(text: str, found: re.Match[str]) -> tuple[int, int] | None:
    """The sentence end a stop of ``_STOP_CANDIDATE`` is (``sentence_ends``), or None."""
    if found["cjk"]:
        return found.start(), found.end()
    stop = found.start()
    # an ellipsis before a capital ends its sentence whatever it follows ("waived … The")
    if text[stop] != "…" and not _ends_a_word(text, stop):
        return None
    if found["next"] is None:
        return stop, len(text)  # the text ends with the sentence
    if _opens_sentence(text, stop, found["next"]) or _opens_list_item(text, found):
        return stop, found.start("next")
    return None


# An item's number or letter opening a line: "2. ", "b) ", "iv. "
_ITEM_OPENING = LazyPattern(r"(?:\d{1,3}|[a-z]|[ivx]{1,4})[.)]\s")


def _opens_list_item(text: str, found: re.Match[str]) -> bool:
    """Whether the stop is followed by a line break and a list item's number or letter
    ("…작성합니다.\n2. 요청자가 …"): whatever its script, the item is a sentence of its own."""
    following = found.start("next")
    return "\n" in text[found.start() : following] and bool(_ITEM_OPENING.match(text, following))


def _opens_sentence(text: str, stop: int, following: str) -> bool:
    """Whether ``following`` may open a sentence after the stop at ``stop``: a capital, a
    letter without case after a word without case ("ABC Ltd. תסכים" is one sentence), or a
    figure after a word that is no abbreviation or ordinal ("… autumn. 2021 was", not
    "Art. 5", "am 1. 3")."""
    if following.isdecimal():
        return _ends_a_word(text, stop)
    return following.isupper() or (
        _caseless_letter(following) and stop > 0 and _caseless_letter(_last_letter(text, stop))
    )


def _caseless_letter(character: str) -> bool:
    return character.isalpha() and character.lower() == character.upper()


def _last_letter(text: str, stop: int) -> str:
    """The last letter before ``stop`` (past closing marks and combining marks)."""
    letters = [c for c in word_before(text, stop) if c.isalpha()]
    return letters[-1] if letters else ""


def word_before(text: str, stop: int) -> str:
    """The word right before ``stop`` past closing marks, its combining marks too ("होगा।"),
    read back at most ``_WORD_BEFORE_REACH`` characters: letters and digits from the first
    letter or digit there ("" if none). Read back from the stop: a pattern anchored at the
    end was tried at every character before it, for every stop of every context.

    >>> [word_before(t, len(t) - 1) for t in ("Er zahlt.", "Er sagt „nein“.", "(…).", "x\\n.")]
    ['zahlt', 'nein', '', 'x']
    """
    reach = max(0, stop - _WORD_BEFORE_REACH)
    end = stop - 1 if stop > reach and text[stop - 1] == "\n" else stop
    while end > reach and text[end - 1] in _CLOSING:
        end -= 1
    start = end
    while start > reach and (text[start - 1].isalnum() or text[start - 1] in MARK_CHARACTERS):
        start -= 1
    while start < end and not text[start].isalnum():
        start += 1  # a word opens with a letter or digit, not with a mark
    return text[start:end]


def _ends_a_word(text: str, stop: int) -> bool:
    """Whether the stop at ``stop`` ends a word, not an ordinal ("1."), an abbreviation
    ("Ltd.", "U.S.") or a unit's letter ("°C.")."""
    word = word_before(text, stop)
    if not word:
        return False
    if word.isdigit():
        return len(word) > 2  # "im Jahr 2020." ends a sentence, "am 1." does not
    start = text.rfind(word, 0, stop)
    if start >= 2 and text[start - 1] == "." and text[start - 2].isalpha():
        return False  # the last letters of an abbreviation with inner dots: "U.S.", "z.B."
    folded = _folded_word(word)
    return len(word) > 1 and (folded not in abbreviations() or folded in _LIST_ENDINGS)


# The words before full stops, folded once each: a source's sentences end in few distinct
# words, and every passage reads the stops around it again.
_folded_word = lru_cache(maxsize=8192)(fold_text)


def _starts_sentence(paragraph: str, start: int) -> bool:
    """Whether the passage starting at ``start`` opens a sentence right after a stop (or at
    the paragraph's start): the writer's own cut, whatever the word before the stop."""
    before = paragraph[:start].rstrip()
    if not before:
        return True
    opening = paragraph[start : start + 1]
    found = _STOP_CANDIDATE.search(before, max(0, len(before) - 8))
    while found is not None and found.end() < len(before):
        found = _STOP_CANDIDATE.search(before, found.start() + 1)
    return found is not None and _opens_sentence(before + " " + opening, found.start(), opening)


def _ends_sentence(edge: str, rest: str) -> bool:
    """Whether the passage, whose last characters are ``edge``, ends its sentence: it ends
    with a stop (and closing marks) before the paragraph's end or a sentence opening."""
    stripped = edge.rstrip()
    if not stripped:
        return False
    closing = len(stripped)
    while closing > 0 and stripped[closing - 1] in _CLOSING:
        closing -= 1
    if closing == 0 or stripped[closing - 1] not in STOPS:
        return False
    rest = rest.lstrip(_CLOSING + "¹²³⁰⁴⁵⁶⁷⁸⁹")
    opened = rest.lstrip()
    following = opened[:1]
    if "\n" in rest[: len(rest) - len(opened)] and _ITEM_OPENING.match(opened):
        return True  # a list item on the next line: "…합니다.\n3. 검토자는 …"
    if not following or not following.isalnum() or rest == "":
        return True
    return _opens_sentence(stripped[:closing], closing - 1, following)


def _sentence_stop(edge: str, after: str) -> int:
    """How much of ``after``, the text after a passage ending with ``edge``, its sentence
    holds: up to and with the first stop that ends one (or all of it)."""
    text = edge + after
    for found in _STOP_CANDIDATE.finditer(text, len(edge)):
        if _sentence_end(text, found) is not None:
            stop = found.start() + 1
            while stop < len(text) and text[stop] in _CLOSING:
                stop += 1
            return stop - len(edge)
    return len(after)


def _opens_in_lower_case(paragraph: str) -> bool:
    first = _FIRST_WORD.match(paragraph)
    return first is not None and first[1].islower()


def _ends_a_sentence(text: str) -> bool:
    """Whether a sentence of ``text`` ends in it: the stops are read up to the first that
    does (every stop costs a look at the word before it)."""
    return any(_sentence_end(text, found) for found in _STOP_CANDIDATE.finditer(text))


def _before(paragraphs: Sequence[str], index: int, start: int) -> str:
    """The text before the passage, with the previous paragraph while the sentence runs on
    from it: it ends with a comma or a colon, or with a word before a paragraph opening in
    lower case (a line break of a PDF: "The tenant may not" / "sublet the flat.")."""
    text = paragraphs[index][:start]
    while len(text) < _CONTEXT and index > 0 and not _ends_a_sentence(text):
        if _ENUMERATOR.match(text) and text.strip():
            break  # a list item's bullet opens its own sentence
        previous = paragraphs[index - 1].rstrip()
        runs_on = (
            previous[-1:].isalnum()
            and len(previous.split()) >= _MIN_BROKEN_LINE_WORDS
            and _opens_in_lower_case(paragraphs[index])
        )
        if not previous or (previous[-1] not in ",;:-–" and not runs_on):
            break
        text, index = f"{previous} {text}", index - 1
    return text[-_CONTEXT:]


def _after(paragraphs: Sequence[str], index: int, end: int) -> str:
    """The text after the passage, with the next paragraph while the sentence runs on into
    it (it goes on in lower case)."""
    text = paragraphs[index][end:]
    while len(text) < _CONTEXT and index + 1 < len(paragraphs):
        if (text.strip() and text.rstrip()[-1] in STOPS) or _ends_a_sentence(text):
            break
        following = paragraphs[index + 1].lstrip()
        if not following[:1].islower():
            break
        text, index = f"{text} {following}", index + 1
    return text[:_CONTEXT]


def _sentence_start(text: str) -> int:
    """Where the last sentence of ``text`` begins: the stops read from the last back to the
    first that ends a sentence."""
    for found in reversed(list(_STOP_CANDIDATE.finditer(text))):
        end = _sentence_end(text, found)
        if end is not None:
            return end[1]
    return 0
