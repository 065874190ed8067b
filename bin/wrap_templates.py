#!/usr/bin/env python3
"""Wrap template lines longer than the house limit without changing what they render.

    bin/wrap_templates.py [--check] [FILE...]     (default: every templates/**/*.html)

A long template line is broken only where a space separates the attributes of an HTML tag
(outside quoted values and outside ``{% %}``, ``{{ }}``, ``{# #}``): the space becomes a line
break and an indent, which ``config.template_lines.Loader`` joins back into the space when it
reads the template. A piece still too long is continued with a backslash at the end of the
line (before a tag or after a space), which the loader removes with the line break and the
indent. Either way the pages are the same to the byte. A line it cannot wrap is reported
(exit 1).
``--check`` changes nothing and exits 1 when a line is too long (tests/test_templates.py
holds every template to the limit).
"""

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from config.template_lines import (  # noqa: E402
    LIMIT,
    TAG_START,
    TEMPLATE_TOKEN,
    in_tag_positions,
)

WIDTH = 110  # what a wrapped line aims at
INDENT = "    "  # a continued line's indent beyond its first line's


def break_points(line: str) -> list[int]:
    """Offsets of spaces between an HTML tag's attributes in ``line``."""
    return [
        i
        for i in in_tag_positions(line)
        if line[i] == " " and i + 1 < len(line) and line[i + 1] not in " >/"
    ]


def _greedy(line: str, points: list[int], width: int) -> list[int]:
    """Where to break ``line`` (a subset of ``points``, offsets) so that each piece is at most
    ``width`` characters where the points allow."""
    chosen, start, last = [], 0, None
    for point in [*points, len(line)]:
        if point - start > width and last is not None and last > start:
            chosen.append(last)
            start = last
        if point < len(line):
            last = point
    return chosen


def wrap_line(line: str) -> list[str]:
    """``line`` as lines of at most ``WIDTH`` characters (after the indent): first between a
    tag's attributes, then, where a piece is still longer than ``LIMIT``, with a backslash
    continuation before a template tag or an HTML tag, or after a space."""
    if len(line) <= LIMIT:
        return [line]
    indent = line[: len(line) - len(line.lstrip(" "))] + INDENT
    width = WIDTH - len(indent)
    pieces, start = [], 0
    for point in _greedy(line, break_points(line), width):
        pieces.append(line[start:point])
        start = point + 1  # the space between the attributes becomes the break
    pieces.append(line[start:])
    lines = []
    for n, piece in enumerate(pieces):
        if len(piece) + (len(indent) if n else 0) <= LIMIT:
            lines.append(piece)
            continue
        cut = 0
        for point in _greedy(piece, continuation_points(piece), width - 1):
            lines.append(piece[cut:point] + "\\")
            cut = point
        lines.append(piece[cut:])
    return [lines[0], *(indent + rest for rest in lines[1:])]


def continuation_points(piece: str) -> list[int]:
    """Offsets in ``piece`` where a backslash continuation may go: before a template tag or
    an HTML tag, or after a space; never inside a template tag."""
    tokens = [m.span() for m in TEMPLATE_TOKEN.finditer(piece)]

    def inside(i: int) -> bool:
        return any(a < i < b for a, b in tokens)

    points = {a for a, _ in tokens} | {m.start() for m in TAG_START.finditer(piece)}
    points |= {i + 1 for i, char in enumerate(piece) if char == " "}
    return sorted(i for i in points if 0 < i < len(piece) and not inside(i))


def wrap(text: str) -> str:
    lines = []
    for line in text.split("\n"):
        lines.extend(wrap_line(line))
    return "\n".join(lines)


def long_lines(text: str) -> list[int]:
    return [n for n, line in enumerate(text.split("\n"), 1) if len(line) > LIMIT]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true")
    parser.add_argument("files", nargs="*", type=Path)
    args = parser.parse_args(argv)
    files = args.files or sorted((ROOT / "templates").rglob("*.html"))
    status = 0
    for path in files:
        text = path.read_text(encoding="utf-8")
        wrapped = text if args.check else wrap(text)
        if wrapped != text:
            path.write_text(wrapped, encoding="utf-8")
        for number in long_lines(wrapped):
            print(f"{path}:{number}: longer than {LIMIT} characters", file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
