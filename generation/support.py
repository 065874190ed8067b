"""Stage 3 of seed 002's evidence check: does a value say only what its evidence says?

Stage 1 (the excerpt is in a source) and stage 2 (it is linked to a value that exists) are
checked in ``validation``. A real sentence borrowed as evidence passed any invented value
there: a "team leader" participant, the step "the team leader gives final approval". This
check reads the value's own words against its excerpts, deterministically and without a
dictionary of any language:

- a number of the value must occur in its evidence as written;
- a name (a capitalised word inside the value, in scripts that have capitals) too;
- a term (a value of one word: a participant's name, a role) must occur in its evidence as
  written, inflection and all, so "approver" is not read from "approve";
- every content word of a longer value must occur in its evidence, so an invented actor or
  step, a swapped actor or an added negation ("승인하지 않는다") does not pass. A word counts as
  present when an evidence word has its stem: the same letters but for an inflectable tail
  (the last character and one letter more, read letter by letter with Hangul syllables
  decomposed, so a particle or ending is the tail): "작성한다" is in "작성합니다", "approves"
  in "approve". A word cannot tell a derived noun from an ending ("요청자가" and "요청을"
  share "요청"): a swapped actor is caught by ``reference_support`` on the value's
  reference to it instead.

Plain Python, no Django. It says what is missing; the reviewer still decides whether the
sentence supports the value (the page shows each value beside its excerpts).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

# A value of at most this many words is a term: it must occur in its evidence as written.
TERM_WORDS = 1

WORD = re.compile(r"\w+")
# Scripts written without spaces between words: read as overlapping pairs of characters.
UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


@dataclass(frozen=True, slots=True)
class Support:
    """What a value's evidence leaves unsaid: empty when the evidence supports it."""

    missing: tuple[str, ...]  # the value's words (or the whole term) its evidence lacks
    reason: str = ""  # "number", "name", "term" or "words": what decided

    @property
    def supported(self) -> bool:
        return not self.reason


SUPPORTED = Support(())


def _normalized(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def words(text: str) -> list[str]:
    """The words of ``text``, case-folded; a run of Han or kana becomes its character pairs.

    >>> words("The Reviewer approves 2 requests.")
    ['the', 'reviewer', 'approves', '2', 'requests']
    >>> words("検討者が承認")
    ['検討', '討者', '者が', 'が承', '承認']
    """
    found: list[str] = []
    for word in WORD.findall(_normalized(text)):
        if UNSPACED.search(word) and len(word) > 2:
            found.extend(word[i : i + 2] for i in range(len(word) - 1))
        else:
            found.append(word)
    return found


def _content(word: str) -> bool:
    """A word that carries meaning in any language: two letters or more, three in a script
    with capitals ("of", "to", "an" carry little)."""
    cased = any(c.upper() != c.lower() for c in word)
    return len(word) >= (3 if cased else 2)


def _letters(word: str) -> str:
    # NFD splits a Hangul syllable into its letters: "한" and "합" share two of three.
    return unicodedata.normalize("NFD", word)


def _tail(word: str) -> int:
    """Letters at the end of ``word`` that an inflection may change: its last character and
    one letter more ("approves" ~ "approval"); in a script of syllables (a character of
    several letters, as Hangul) of a word of four or more, its last two syllables, where
    particles and endings go ("포함한다" ~ "포함되어야")."""
    last = len(_letters(word[-1])) if word else 0
    if last > 1 and len(word) >= 4:
        return last + len(_letters(word[-2]))
    return last + 1


def _begins_like(word: str, evidence: Iterable[str]) -> bool:
    """An evidence word has ``word``'s stem: it shares all of ``word``'s letters but its
    inflectable tail, and at least two. "팀장이" is not "팀을" (a short word's stem is
    "팀장"); "team" is not "term"."""
    letters = _letters(word)
    needed = max(min(2, len(letters)), len(letters) - _tail(word))
    for other in evidence:
        common = 0
        for a, b in zip(letters, _letters(other), strict=False):
            if a != b:
                break
            common += 1
        if common >= needed:
            return True
    return False


def _names(text: str) -> list[str]:
    """Capitalised words after the first word: names in a script with capitals."""
    found = WORD.findall(unicodedata.normalize("NFKC", text))
    return [w.casefold() for w in found[1:] if w[:1].isupper() and not w.isupper()]


def value_support(value_texts: Sequence[str], excerpts: Sequence[str]) -> Support:
    """Whether the evidence ``excerpts`` say the value's words (its string and number parts,
    structural keys left out by the caller).

    >>> value_support(["검토자"], ["검토자는 요청을 승인하거나 보완을 요청합니다."]).supported
    True
    >>> value_support(["승인자"], ["검토자는 요청을 승인하거나 보완을 요청합니다."])
    Support(missing=('승인자',), reason='term')
    >>> value_support(["팀장이 최종 승인한다."], ["검토자는 요청을 승인하거나 보완을 요청합니다."])
    Support(missing=('팀장이', '최종'), reason='words')
    >>> value_support(["작업 내용을 작성한다."], ["요청자가 작업 내용을 작성합니다."]).supported
    True
    """
    evidence_text = _normalized(" ".join(excerpts))
    evidence_words = words(evidence_text)
    present = set(evidence_words)
    for text in value_texts:
        numbers = [w for w in words(text) if any(c.isdigit() for c in w)]
        if missing := tuple(n for n in numbers if n not in present):
            return Support(missing, "number")
        if missing := tuple(n for n in _names(text) if n not in present):
            return Support(missing, "name")
    content = [w for text in value_texts for w in words(text) if _content(w)]
    if len(content) <= TERM_WORDS:
        terms = tuple(
            t for t in (_normalized(text) for text in value_texts) if t and t not in evidence_text
        )
        return Support(terms, "term") if terms else SUPPORTED
    missing = tuple(dict.fromkeys(w for w in content if not _begins_like(w, evidence_words)))
    return Support(missing, "words") if missing else SUPPORTED
