"""How sentences are written for the partial-quote classes: per language (one module each
in ``languages/``), word banks for a main clause (subject, finite verb, object) and the
leads and tails that stand around it.

A *qualifying* frame conditions, negates, excepts, limits, counts or attributes the main
clause; quoting the main clause without it changes what the quote says. A *neutral* frame
places the clause in time or space, or says how it came about, and qualifies nothing.
Every frame names its ``signal``: the word(s) that make it qualify (empty for a neutral
frame). The tests check that no neutral frame holds a signal of its language's qualifying
frames.

German and Dutch put the finite verb second: after a fronted lead the verb comes before
the subject (``inverted``), in a ``dass``/``dat`` clause it comes last (``final``).
Verb-final languages (``verb_final``) put the verb after the object in every frame; the
other languages keep subject, verb, object.

Esperanto and Swahili are the languages the engine has no word data for
(``word_data=False``): there a qualifying frame is expected to get attention only when it is
longer than ``NO_DATA_WORDS`` words, and a neutral frame of at most ``NO_DATA_NEUTRAL_WORDS``
words is expected to get none (longer ones may get attention: the engine errs toward showing).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Order = Literal["main", "inverted", "final"]
Place = Literal["lead", "tail"]

QUALIFYING_KINDS = ("condition", "exception", "negation", "limit", "count", "attribution")
NEUTRAL_KINDS = ("time", "place", "manner")
NO_DATA_WORDS = 4  # a qualifying left-out longer than this expects attention without data
NO_DATA_NEUTRAL_WORDS = 3  # a neutral left-out up to this expects none without data


@dataclass(frozen=True, slots=True)
class Frame:
    """A lead or tail around the main clause, exactly as it stands in the sentence: a lead
    ends with its separator (``"If the members agree, "``), a tail starts with it
    (``", the ministry said"``); the sentence's full stop follows a tail."""

    kind: str
    place: Place
    text: str
    signal: str = ""
    order: Order = "main"

    @property
    def words(self) -> int:
        return len(self.text.split())


@dataclass(frozen=True, slots=True)
class Language:
    code: str
    word_data: bool
    v2: bool  # the finite verb second: German, Dutch
    subjects: tuple[str, ...]
    predicates: tuple[tuple[str, str], ...]  # (finite verb, object)
    fillers: tuple[str, ...]  # sentences that stand around the target in its paragraph
    qualified: tuple[Frame, ...]
    neutral: tuple[Frame, ...]
    verb_final: bool = False  # subject, object, verb in every clause: Turkish, Hindi, Korean

    def clause(self, subject: str, verb: str, obj: str, order: Order) -> str:
        """The main clause in the word order a frame asks for (only V2 languages reorder)."""
        if self.verb_final:
            return f"{subject} {obj} {verb}"
        if self.v2 and order == "inverted":
            return f"{verb} {subject} {obj}"
        if self.v2 and order == "final":
            return f"{subject} {obj} {verb}"
        return f"{subject} {verb} {obj}"


def lead(kind: str, text: str, signal: str = "", order: Order = "main") -> Frame:
    return Frame(kind, "lead", text, signal, order)


def tail(kind: str, text: str, signal: str = "") -> Frame:
    return Frame(kind, "tail", text, signal, "main")


def inverted_lead(kind: str, text: str, signal: str = "") -> Frame:
    """A lead after which a V2 language puts the verb before the subject."""
    return Frame(kind, "lead", text, signal, "inverted")


def final_lead(kind: str, text: str, signal: str) -> Frame:
    """A lead ending in a complementizer: a V2 language puts the verb last after it."""
    return Frame(kind, "lead", text, signal, "final")
