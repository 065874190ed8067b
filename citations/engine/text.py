"""Plain text as the readers and the export both see it: the spaces a line holds, a blank
line, and a cursor that moves an offset over characters of a kind (spaces, emphasis, a
table cell's padding) instead of a hand-written loop at every place that needs one.

>>> text = "  [D1 ¶2]  \\n"
>>> skip(text, 0), back(text, len(text), chars=LINE_SPACE), trim(text, 0, len(text) - 1)
(2, 9, (2, 9))
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from typing import Any

# Spaces within a line: what stands between a quote and its citation, or pads a cell.
HORIZONTAL_SPACE = " \t\u00a0\u202f"
# Spaces and line breaks: what ends a line or a quote's extent.
LINE_SPACE = "\r\n" + HORIZONTAL_SPACE


class LazyPattern:
    """A regular expression compiled the first time it is used, not when its module is
    imported. The engine's patterns (citation markers, word alternations) take about 0.1 s
    to compile, and a pipeline that calls the CLI once per bundle would pay that for every
    pattern even when its bundle uses a few."""

    __slots__ = ("_compiled", "flags", "pattern")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self.pattern, self.flags)
        return self._compiled

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled.search(string, pos, endpos)

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled.match(string, pos, endpos)

    def fullmatch(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> re.Match[str] | None:
        return self.compiled.fullmatch(string, pos, endpos)

    def finditer(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        return self.compiled.findall(string, pos, endpos)

    def split(self, string: str, maxsplit: int = 0) -> list[str]:
        return self.compiled.split(string, maxsplit)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        return self.compiled.sub(repl, string, count)

    def subn(
        self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0
    ) -> tuple[str, int]:
        return self.compiled.subn(repl, string, count)


# A blank line ends a markdown paragraph (and with it an inline quote).
BLANK_LINE = LazyPattern(r"\n[ \t\r]*\n")


def skip(text: str, position: int, end: int | None = None, chars: str = HORIZONTAL_SPACE) -> int:
    """``position`` moved forward past ``chars``, not beyond ``end`` (the text's end)."""
    limit = len(text) if end is None else end
    while position < limit and text[position] in chars:
        position += 1
    return position


def back(text: str, end: int, start: int = 0, chars: str = HORIZONTAL_SPACE) -> int:
    """``end`` moved back over ``chars`` that end ``text[start:end]``."""
    while end > start and text[end - 1] in chars:
        end -= 1
    return end


def trim(text: str, start: int, end: int, chars: str = HORIZONTAL_SPACE) -> tuple[int, int]:
    """``[start, end)`` without ``chars`` at either end."""
    start = skip(text, start, end, chars)
    return start, back(text, end, start, chars)


def trim_space(text: str, start: int, end: int) -> tuple[int, int]:
    """``[start, end)`` without whitespace of any kind (``str.isspace``) at either end."""
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end
