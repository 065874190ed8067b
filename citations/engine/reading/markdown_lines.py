"""Line offsets of a markdown response, shared by the readers of its quotes."""

from __future__ import annotations

import bisect
import re

BLANK_LINE = re.compile(r"\n[ \t\r]*\n")


class Lines:
    """Line offsets of a text: line ``i`` is ``text[start(i):end(i)]`` incl. its newline."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0, *(m.end() for m in re.finditer("\n", text))]

    def __len__(self) -> int:
        return len(self.starts)

    def start(self, line: int) -> int:
        return self.starts[line] if line < len(self.starts) else len(self.text)

    def end(self, line: int) -> int:
        return self.start(line + 1)

    def content_end(self, line: int) -> int:
        """End of the line without its newline and trailing whitespace."""
        start, end = self.start(line), self.end(line)
        while end > start and self.text[end - 1] in "\r\n \t":
            end -= 1
        return end


def line_of(lines: Lines, position: int) -> int:
    return bisect.bisect_right(lines.starts, position) - 1
