"""The engine's readers made to fail, for the tests that what is served from a stored result
never reads the response again (issue 13: work done once): pages and exports must use the
layout verification stored."""

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import json_repair
import jsonpath

from citations.engine.reading import cite_json, json_locate, parse, parse_json, parse_markdown

# Every way into reading a response: the parsers, locating and repairing JSON, JSONPath,
# finding where a JSON quote object's citation is written (issue 14: the export reads the
# site recorded with the layout).
READERS: tuple[Callable, ...] = (
    parse.parse_response,
    parse_markdown.parse_markdown_response,
    parse_json.parse_json_response,
    json_locate.locate_json,
    json_locate.select_quote_objects,
    cite_json.json_site,
    cite_json.source_key_elsewhere,
    cite_json.nested_key,
    json_repair.repair_json,
    jsonpath.finditer,
)


class ReaderRan(BaseException):
    """Raised by a reader while they are forbidden: a BaseException, so that no ``except
    Exception`` on the way hides it."""


@contextmanager
def readers_forbidden() -> Iterator[list[str]]:
    """Within the block every reader raises ``ReaderRan``, wherever a module imported it
    from; the list yielded collects the names of those that were called."""
    called: list[str] = []
    replaced: list[tuple[object, str, Callable]] = []

    def forbidden(name: str) -> Callable:
        def reader(*args, **kwargs):
            called.append(name)
            raise ReaderRan(f"{name} ran on a stored result")

        return reader

    for original in READERS:
        stand_in = forbidden(f"{original.__module__}.{original.__qualname__}")
        for module in list(sys.modules.values()):
            for attribute, value in list(getattr(module, "__dict__", {}).items()):
                if value is original:
                    setattr(module, attribute, stand_in)
                    replaced.append((module, attribute, original))
    try:
        yield called
    finally:
        for module, attribute, original in replaced:
            setattr(module, attribute, original)
