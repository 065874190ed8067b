"""Line offsets of a markdown response, shared by the readers of its quotes."""

from __future__ import annotations

import bisect
import re

from ..text import back


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
        return back(self.text, self.end(line), self.start(line), "\r\n \t")


def line_of(lines: Lines, position: int) -> int:
    return bisect.bisect_right(lines.starts, position) - 1
