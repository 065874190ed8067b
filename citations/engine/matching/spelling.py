"""Whether two words are one word spelled otherwise: a typo, an inflection, a spelling
variant, accents a keyboard or a capital could not write.

This module exists because naming a difference (``edits.py``) and aligning words
(``alignment.py``, ``referents.py``) ask the same question of a pair of words, and its
answer is a piece of its own (issue 35 split it out of ``edits.py``, then 1,196 lines, over
the house's ~800): one spelling for a word's variants (``common_spelling``: umlauts
written out, British endings American, accents left off), the words a source writes in
capitals without accents (``capital_words``), and the rule under which two different
words are spellings of one (``same_word``, ``misspelled``: a letter left out, added,
swapped or wrong inside a long word, never in the ending that makes another word).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from rapidfuzz.distance import Indel, Levenshtein

from ..text import LazyPattern
from .match import MARKS
from .normalize import fold_text
from .number_words import cut_changes_word
from .words import GENDER_ENDINGS, inflection_endings

MIN_STEM = 4  # an ending added to a shorter word makes another word ("in", "inside")
_PREFIX_LETTERS = 3  # a letter changed among a word's first three may be a prefix
_MIN_TYPO_WORD = 8  # one wrong letter in a shorter word may well be another word
_MIN_TRANSPOSED_WORD = 7  # two letters swapped in a shorter one, too ("united", "untied")
_MIN_DROPPED_LETTER_WORD = 5  # "ever" / "never"


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
LETTER_VARIANTS = str.maketrans("şţيك", "șțیک")


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


def capitals_drop(word: str) -> bool:
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


def without_accents(word: str) -> str:
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
    spelled = without_accents(umlauts_out(word.translate(LETTER_VARIANTS)))
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


def misspelled(first: str, second: str) -> bool:
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
        if len(shorter) >= MIN_STEM and (ending in endings or ending in GENDER_ENDINGS):
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
    if last and len(shorter) >= MIN_STEM and _cut_at_other_letter(first, second):
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
