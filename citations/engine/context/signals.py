"""The words that signal what a left-out part of a sentence does: data, one file per language
(``signals/<code>.json``), read when first needed.

Each file names its language and lists, per kind (``KINDS``), the words and phrases that
signal it, folded as the engine folds text (lower case, straight apostrophes, an elided
word as a word of its own: "d après"); ``abbreviations`` are words whose full stop ends no
sentence; ``opening`` lists, per kind, words that signal it only where they open the
left-out clause (Dutch "als": if at a clause's start, as or than inside one);
``governing`` lists the words that, right before a quote, make it a clause the left-out
words govern ("that", "dass", "que", "że": "Critics claim that |…"); ``number_signs`` the
words that, right before the figure a quote opens with, are its sign ("minus 12");
``proclitics`` the one-letter words a language writes joined to the next ("and", "so", "if",
"in" in Hebrew and Arabic: "ואם", "وإذا"), read through to a listed word. A language
whose script has no spaces (``"unspaced": true``) lists strings found anywhere in the text.
A kind a language's file leaves empty is one its words cannot signal (``languages_lacking``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from ..matching.languages import CLOSE_RELATIVES
from ..matching.normalize import fold_text

# What a left-out part may do to the quoted words, in the order attention names them
KINDS = (
    "negation",
    "condition",
    "exception",
    "limitation",
    "count",
    "attribution",
    "hedge",
)
# Languages whose words are read for another: the languages of a script the detection names
# by the script alone (``languages.language_of`` calls Cyrillic "ru"), and a close relative's
# for a language without a file (Malay reads Indonesian, ``languages.CLOSE_RELATIVES``)
_READ_WITH = {"ru": ("ru", "uk", "bg", "sr", "mk", "be"), **CLOSE_RELATIVES}


@dataclass(frozen=True, slots=True, eq=False)  # one object per language: hashed by identity
class Signals:
    """One language's signal words: per kind, its phrases as tuples of folded words (one
    string each for an unspaced language)."""

    language: str
    unspaced: bool
    kinds: dict[str, tuple[tuple[str, ...], ...]]
    abbreviations: frozenset[str] = frozenset()
    # per kind, phrases that signal it only where they open the left-out clause
    opening: dict[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict)
    # words that, right before the quote, make it a clause the left-out words govern
    governing: frozenset[str] = frozenset()
    # words that, right before a figure, are its sign ("minus", "moins")
    number_signs: frozenset[str] = frozenset()
    # one-letter words written joined to the next word ("ו" and, "ש" that: "ושאם")
    proclitics: frozenset[str] = frozenset()


@cache
def language_files() -> dict[str, Signals]:
    """Every language's signals, by language code, read once."""
    found: dict[str, Signals] = {}
    folder = resources.files(__package__).joinpath("signals")
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".json"):
            continue
        data = json.loads(entry.read_text(encoding="utf-8"))
        unspaced = bool(data.get("unspaced", False))
        kinds = {
            kind: tuple(_phrase(entry, unspaced) for entry in data.get(kind, ())) for kind in KINDS
        }
        abbreviated = frozenset(fold_text(word) for word in data.get("abbreviations", ()))
        opening = {
            kind: tuple(_phrase(entry, unspaced) for entry in entries)
            for kind, entries in data.get("opening", {}).items()
        }
        governing = frozenset(fold_text(word) for word in data.get("governing", ()))
        signs = frozenset(fold_text(word) for word in data.get("number_signs", ()))
        proclitics = frozenset(fold_text(letter) for letter in data.get("proclitics", ()))
        found[data["language"]] = Signals(
            data["language"], unspaced, kinds, abbreviated, opening, governing, signs, proclitics
        )
    return found


def _phrase(text: str, unspaced: bool) -> tuple[str, ...]:
    folded = fold_text(text)
    if unspaced:
        return (folded,)
    return tuple(folded.replace("'", " ").split())


@cache
def signals_for(language: str | None) -> Signals | None:
    """The signals read for a paragraph of ``language``: the languages of its script merged
    where the detection names a script only; every spaced language's when the language is
    not told (a short or mixed text); None for a language without data."""
    files = language_files()
    if language is None:
        merged = [signals for signals in files.values() if not signals.unspaced]
    else:
        merged = [files[code] for code in _READ_WITH.get(language, (language,)) if code in files]
    if not merged:
        return None
    kinds = {
        kind: tuple(dict.fromkeys(p for signals in merged for p in signals.kinds[kind]))
        for kind in KINDS
    }
    opening = {
        kind: tuple(dict.fromkeys(p for signals in merged for p in signals.opening.get(kind, ())))
        for kind in KINDS
    }
    governing = frozenset().union(*(signals.governing for signals in merged))
    signs = frozenset().union(*(signals.number_signs for signals in merged))
    proclitics = frozenset().union(*(signals.proclitics for signals in merged))
    return Signals(
        language or "*",
        merged[0].unspaced,
        kinds,
        frozenset(),
        opening,
        governing,
        signs,
        proclitics,
    )


@cache
def abbreviations() -> frozenset[str]:
    """Every language's abbreviations whose full stop ends no sentence, folded ("ltd", "u.s")."""
    return frozenset().union(*(s.abbreviations for s in language_files().values()))


def languages_lacking() -> dict[str, tuple[str, ...]]:
    """The kinds each language's file has no words for, by language."""
    return {
        code: tuple(kind for kind in KINDS if not signals.kinds[kind])
        for code, signals in language_files().items()
    }
