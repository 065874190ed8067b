"""Plain text as the readers and the export both see it: the spaces a line holds, a blank
line, and a cursor that moves an offset over characters of a kind (spaces, emphasis, a
table cell's padding) instead of a hand-written loop at every place that needs one.

>>> text = "  [D1 ¶2]  \\n"
>>> skip(text, 0), back(text, len(text), chars=LINE_SPACE), trim(text, 0, len(text) - 1)
(2, 9, (2, 9))
"""

from __future__ import annotations

import re

# Spaces within a line: what stands between a quote and its citation, or pads a cell.
HORIZONTAL_SPACE = " \t\u00a0\u202f"
# Spaces and line breaks: what ends a line or a quote's extent.
LINE_SPACE = "\r\n" + HORIZONTAL_SPACE
# A blank line ends a markdown paragraph (and with it an inline quote).
BLANK_LINE = re.compile(r"\n[ \t\r]*\n")


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
