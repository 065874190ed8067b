"""Template lines kept short without changing a byte of the pages.

Template sources stay under ``LIMIT`` characters a line (``tests/test_templates.py``). Where a
long line has to break, it breaks inside an HTML tag, between two attributes (or before the
tag's closing ``>``): whitespace there means nothing to HTML. ``Loader`` joins such breaks
again when it reads a template, so the HTML sent is exactly what the one-line source gave:
tests, HTMX swaps and caches see the same bytes. ``bin/wrap_templates.py`` makes the breaks.

Text between tags is never touched by the wrapper: there a line break shows as a space (and
inside ``white-space: pre`` elements as a line break). Where prose itself must wrap, the line
ends with a backslash: the loader joins it to the next line without the backslash, the line
break or the next line's indent (a space wanted there stands before the backslash).
"""

import re
from collections.abc import Iterator

from django.template.loaders.filesystem import Loader as FilesystemLoader

LIMIT = 200
# A template tag, variable or comment is one token: never broken into, never joined in.
TEMPLATE_TOKEN = re.compile(r"\{%.*?%\}|\{\{.*?\}\}|\{#.*?#\}")
TAG_START = re.compile(r"<[A-Za-z!/]")
# A line that ends with a backslash goes on at the next line's first non-blank character.
CONTINUATION = re.compile(r"\\\n[ \t]*")
# Elements whose content is not HTML: never scanned for tags.
RAW_TEXT = re.compile(r"<(script|style)\b", re.IGNORECASE)


def in_tag_positions(text: str) -> Iterator[int]:
    """Offsets of the characters of ``text`` that stand inside an HTML tag, outside quoted
    attribute values and outside template tokens (where whitespace is insignificant)."""
    in_tag, quote, i = False, "", 0
    while i < len(text):
        token = TEMPLATE_TOKEN.match(text, i)
        if token:
            i = token.end()
            continue
        char = text[i]
        if quote:
            quote = "" if char == quote else quote
        elif in_tag:
            if char in "\"'":
                quote = char
            elif char == ">":
                in_tag = False
            else:
                yield i
        elif raw := RAW_TEXT.match(text, i):
            end = text.lower().find(f"</{raw[1].lower()}", i)
            i = len(text) if end < 0 else end
            continue
        elif TAG_START.match(text, i):
            in_tag = True
        i += 1


def join_wrapped(source: str) -> str:
    """``source`` with each line break inside a tag (and the indent after it) joined: to one
    space between attributes, to nothing before the tag's ``>`` or ``/>``; and each line
    ending with a backslash to the next."""
    source = CONTINUATION.sub("", source)
    breaks = [i for i in in_tag_positions(source) if source[i] == "\n"]
    if not breaks:
        return source
    pieces, start = [], 0
    for i in breaks:
        end = i + 1
        while end < len(source) and source[end] in " \t":
            end += 1
        before = source[start:i].rstrip(" \t")
        pieces.append(before)
        pieces.append("" if source.startswith((">", "/>"), end) else " ")
        start = end
    pieces.append(source[start:])
    return "".join(pieces)


class Loader(FilesystemLoader):
    """The project's templates (``TEMPLATES["DIRS"]``) with their wrapped lines joined."""

    def get_contents(self, origin) -> str:
        return join_wrapped(super().get_contents(origin))
