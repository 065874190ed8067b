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
from typing import TYPE_CHECKING, Any

# Spaces within a line: what stands between a quote and its citation, or pads a cell.
HORIZONTAL_SPACE = " \t\u00a0\u202f"
# Spaces and line breaks: what ends a line or a quote's extent.
LINE_SPACE = "\r\n" + HORIZONTAL_SPACE


_PATTERN_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "split", "sub", "subn")


class LazyPattern:
    """A regular expression compiled the first time it is used, not when its module is
    imported. The engine's patterns (citation markers, word alternations) take about 0.1 s
    to compile, and a pipeline that calls the CLI once per bundle would pay that for every
    pattern even when its bundle uses a few.

    The first use binds the compiled pattern's methods to this object (``__getattr__`` runs
    only while they are unset), so a later call is the ``re`` method itself: verifying the
    dev set calls these patterns about 150,000 times, and a Python wrapper around each call
    cost a few per cent of the engine's time.

    >>> word = LazyPattern(r"\\w+")
    >>> word.findall("two words"), word.search("  x").start()
    (['two', 'words'], 2)
    """

    __slots__ = ("_compiled", "flags", "pattern", *_PATTERN_METHODS)

    if TYPE_CHECKING:  # bound to the compiled pattern's methods on first use

        def search(
            self, string: str, pos: int = 0, endpos: int = sys.maxsize
        ) -> re.Match[str] | None: ...

        def match(
            self, string: str, pos: int = 0, endpos: int = sys.maxsize
        ) -> re.Match[str] | None: ...

        def fullmatch(
            self, string: str, pos: int = 0, endpos: int = sys.maxsize
        ) -> re.Match[str] | None: ...

        def finditer(
            self, string: str, pos: int = 0, endpos: int = sys.maxsize
        ) -> Iterator[re.Match[str]]: ...

        def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]: ...

        def split(self, string: str, maxsplit: int = 0) -> list[str]: ...

        def sub(
            self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0
        ) -> str: ...

        def subn(
            self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0
        ) -> tuple[str, int]: ...

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags

    @property
    def compiled(self) -> re.Pattern[str]:
        try:
            return self._compiled
        except AttributeError:
            return self._compile()

    def _compile(self) -> re.Pattern[str]:
        compiled = re.compile(self.pattern, self.flags)
        for method in _PATTERN_METHODS:
            setattr(self, method, getattr(compiled, method))
        self._compiled = compiled
        return compiled

    def __getattr__(self, name: str) -> Any:
        # only an attribute not set: a pattern method before the first use
        if name not in _PATTERN_METHODS:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        return getattr(self._compile(), name)


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
