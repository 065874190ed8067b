"""The dev sources' real text, cut into the units the generator quotes: sentences, list
items and headings.

Sentences are split conservatively: a sentence ends at ``.``, ``!`` or ``?`` followed by
whitespace and a capital, or at the paragraph's end; the word before the stop must be a
word of at least three letters that does not look like an abbreviation, and a sentence
holding another stop followed by a space (``z. B.``, ``Art. 5``, ``11. Juli``) is not kept.
What is kept is certainly one sentence; what is doubtful is left out, not guessed.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

# Like citations.bench: the shared folder without loading Django settings.
SHARED_DIR = Path(
    os.environ.get("VERBATIM_SHARED_DIR", Path(__file__).resolve().parents[3] / "shared")
)
DEFAULT_DATA_DIR = SHARED_DIR / "data" / "dev" / "verbote"

MIN_SENTENCE_WORDS = 6
MAX_SENTENCE_WORDS = 40

# Characters that would make the quote read as something else in a markdown answer (its
# own quotation marks, emphasis, links, code) or that the engine reads as markup.
UNQUOTABLE = frozenset('"„“”«»‚‘‹›`*_[]<>|#\\~')

_STOP_THEN_CAPITAL = re.compile(r"(?<=[.!?])\s+(?=[A-ZÄÖÜ])")
_INNER_STOP = re.compile(r"[.!?]\s")
_LAST_WORD = re.compile(r"([^\W\d_]+)[.!?]$")
_BULLET = re.compile(r"^\s*(?:[-•*–o]|\d{1,2}[.)])\s+(?=\S)")


# Words before a full stop that are abbreviations, not the end of a sentence.
def word_set(text: str) -> frozenset[str]:
    """The words of ``text`` (a table written as prose, wrapped as it fits)."""
    return frozenset(text.split())


ABBREVIATIONS = word_set(
    """
    abs art bzw ca dr etc evtl ggf inkl max min mio mrd nr prof str tsd usw vgl zb
    zt bspw sog geb jh jhd abschn kap ziff lit gem hrsg
    """
)


@dataclass(frozen=True, slots=True)
class Unit:
    """A piece of a dev source: its text, where it stands, and the source around it."""

    source: str  # the source's title
    paragraphs: tuple[str, ...]  # the whole source
    index: int  # 0-based paragraph index
    start: int  # raw offsets in that paragraph
    end: int

    @property
    def paragraph(self) -> str:
        return self.paragraphs[self.index]

    @property
    def text(self) -> str:
        return self.paragraph[self.start : self.end]

    @property
    def words(self) -> int:
        return len(self.text.split())


@dataclass(frozen=True, slots=True)
class DevPool:
    sentences: tuple[Unit, ...]
    list_items: tuple[Unit, ...]
    headings: tuple[Unit, ...]


def quotable(text: str) -> bool:
    return not any(char in UNQUOTABLE for char in text)


def _ends_sentence(piece: str) -> bool:
    """Whether ``piece`` ends where a sentence certainly ends."""
    last = _LAST_WORD.search(piece)
    if last is None:
        return False
    word = last.group(1)
    return len(word) >= 3 and word.casefold() not in ABBREVIATIONS and not word.isupper()


def sentences_of(paragraph: str) -> list[tuple[int, int]]:
    """The raw spans of the sentences of ``paragraph`` that are certainly sentences.

    >>> p = "Wir wollen mehr Arbeit. Das ist z. B. gut. Die Steuern sinken! Art. 5 gilt."
    >>> [p[s:e] for s, e in sentences_of(p)]
    ['Wir wollen mehr Arbeit.', 'Die Steuern sinken!']
    """
    text = paragraph.rstrip()
    cuts = [0]
    for boundary in _STOP_THEN_CAPITAL.finditer(text):
        if _ends_sentence(text[: boundary.start()]):
            cuts.append(boundary.end())
    spans = []
    for start, following in zip(cuts, [*cuts[1:], None], strict=True):
        end = len(text) if following is None else following
        piece = text[start:end].rstrip()
        if not piece or not _ends_sentence(piece):
            continue
        if _INNER_STOP.search(piece[:-1]) or _BULLET.match(piece):
            continue
        if not piece[0].isupper():
            continue
        spans.append((start, start + len(piece)))
    return spans


def _list_item(paragraph: str) -> tuple[int, int] | None:
    bullet = _BULLET.match(paragraph)
    if bullet is None:
        return None
    return bullet.end(), len(paragraph.rstrip())


def _heading(paragraph: str) -> tuple[int, int] | None:
    text = paragraph.strip()
    if not 2 <= len(text.split()) <= 10 or text[-1] in ".!?:;,":
        return None
    if _BULLET.match(paragraph) or not any(char.isalpha() for char in text):
        return None
    start = paragraph.index(text)
    return start, start + len(text)


def _source_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.json") if not p.name.endswith(".expected.json"))


@cache
def dev_pool(folder: Path = DEFAULT_DATA_DIR) -> DevPool:
    """Every quotable sentence, list item and heading of the dev sources in ``folder``, each
    source once (several bundles bring the same programme)."""
    seen: set[tuple[str, int]] = set()
    sentences: list[Unit] = []
    items: list[Unit] = []
    headings: list[Unit] = []
    for path in _source_files(folder):
        bundle = json.loads(path.read_text(encoding="utf-8"))
        for source in bundle["sources"]:
            paragraphs = tuple(source.get("paragraphs") or ())
            title = str(source.get("title") or source["id"])
            if not paragraphs or (title, len(paragraphs)) in seen:
                continue
            seen.add((title, len(paragraphs)))
            for index, paragraph in enumerate(paragraphs):
                for start, end in sentences_of(paragraph):
                    unit = Unit(title, paragraphs, index, start, end)
                    if quotable(unit.text) and (
                        MIN_SENTENCE_WORDS <= unit.words <= MAX_SENTENCE_WORDS
                    ):
                        sentences.append(unit)
                item = _list_item(paragraph)
                if item is not None:
                    unit = Unit(title, paragraphs, index, *item)
                    if quotable(unit.text) and 3 <= unit.words <= MAX_SENTENCE_WORDS:
                        items.append(unit)
                heading = _heading(paragraph)
                if heading is not None:
                    unit = Unit(title, paragraphs, index, *heading)
                    if quotable(unit.text):
                        headings.append(unit)
    return DevPool(tuple(sentences), tuple(items), tuple(headings))
