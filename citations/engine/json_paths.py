"""Concrete locations inside a decoded JSON value (keys and indices, as JSONPath reports a
match): how one is written and what stands there. The reader finds quote objects by them,
the export and the reviewer's page go back to them."""

from __future__ import annotations

import json
from typing import Any

from .text import LazyPattern

type PathPart = str | int

# Member names written as ``$.name``; others as ``$["na me"]``.
SHORTHAND_NAME = LazyPattern(r"[A-Za-z_][A-Za-z0-9_]*")


def format_path(parts: tuple[PathPart, ...]) -> str:
    """A concrete JSONPath for ``parts``: ``.name`` for ASCII identifiers, else the name as
    a JSON string in brackets (RFC 9535 accepts both).

    >>> format_path(("topics", 3, "originalQuote"))
    '$.topics[3].originalQuote'
    >>> print(format_path(("a b", 0, 'say "hi"', "Grüße")))
    $["a b"][0]["say \\"hi\\""]["Grüße"]
    """
    out = ["$"]
    for part in parts:
        if isinstance(part, int):
            out.append(f"[{part}]")
        elif SHORTHAND_NAME.fullmatch(part):
            out.append(f".{part}")
        else:
            out.append(f"[{json.dumps(part, ensure_ascii=False)}]")
    return "".join(out)


def value_at(data: Any, parts: tuple[PathPart, ...]) -> Any:
    """The value at the concrete location ``parts`` (keys and indices) inside ``data``."""
    for part in parts:
        data = data[part]
    return data
