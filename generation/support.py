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
- of a longer value's content words, at most ``MAX_UNSUPPORTED_SHARE`` may be missing from its
  evidence, so a restatement with its own connecting words passes and an invented actor or
  step does not. A word counts as present when an evidence word begins like it (a common
  prefix of at least half the word, read letter by letter with Hangul syllables decomposed):
  "작성한다" is in "작성합니다", "approval" in "approve".

Plain Python, no Django. It says what is missing; the reviewer still decides whether the
sentence supports the value (the page shows each value beside its excerpts).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

# Share of a longer value's content words that may be missing from its evidence.
MAX_UNSUPPORTED_SHARE = 0.25
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


def _begins_like(word: str, evidence: Iterable[str]) -> bool:
    letters = _letters(word)
    needed = max(2, (len(letters) + 1) // 2)
    for other in evidence:
        common = 0
        for a, b in zip(letters, _letters(other), strict=False):
            if a != b:
                break
            common += 1
        if common >= min(needed, len(letters)):
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
    if len([w for w in content if w in missing]) > MAX_UNSUPPORTED_SHARE * len(content):
        return Support(missing, "words")
    return SUPPORTED
