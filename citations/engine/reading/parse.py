"""Finding the quotes in a response (003.1): ``parse_response`` dispatches on its format.

Markdown responses are read by :mod:`.parse_markdown` (block and inline quotes with their
citation markers), JSON responses by :mod:`.parse_json` (the objects the bundle's
``response.quotes`` entries select). Both number quotes from 1 in response order; the same
text quoted twice is two quotes (003.8).
"""

from __future__ import annotations

from functools import lru_cache

from ..types import ParsedResponse, Response


@lru_cache(maxsize=4)  # loading a bundle counts its quotes; verifying it reads them again
def parse_response(response: Response) -> ParsedResponse:
    """Every quote of ``response``, numbered from 1 in response order, with notes on what
    had to be repaired or skipped to read it.

    Raises ``ValueError`` for a format other than ``markdown`` or ``json``.
    """
    # Imported on use: a markdown answer needs none of the JSON machinery (json_repair,
    # jsonpath), a JSON answer none of markdown-it.
    if response.format == "json":
        from .parse_json import parse_json_response

        return parse_json_response(response.text, response.quote_fields)
    if response.format == "markdown":
        from .parse_markdown import parse_markdown_response

        return parse_markdown_response(response.text)
    raise ValueError(f"response.format: expected 'markdown' or 'json', not {response.format!r}")
