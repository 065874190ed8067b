"""What a citation strategy is handed and what it hands back (see :mod:`.strategies`).

A reader that has found a quote looks for its citation at each *place* one can stand, the
nearest first (after an inline quote: right after it, then on the next line, then inside
its closing mark); at each place it walks the strategies that read there, in the table's
order, and the first that finds one reads it. A ``Spot`` is one place of one quote; a
``Found`` is a citation a strategy read there: what it names (a ``Marker``), where it is
written (what the ``CitationSite`` records, what an export rewrites) and where the quote's
text or extent ends because of it.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from ..types import ParsedQuote, QuoteFields, QuoteForm
from .markdown_lines import Lines
from .markers import Marker

if TYPE_CHECKING:
    from .cite_table import Row


class Place(StrEnum):
    """Where a citation can stand, as a reader looks for it."""

    AFTER = "after the quote"  # on its line, after its closing mark or tag
    INSIDE = "inside its closing mark"
    LAST_LINE = "on its last line"  # a block quote's, an HTML element's last line of text
    NEXT_LINE = "on the next line"  # the whole line after it (after a blank one, for a block)
    ELEMENT = "in its HTML element"  # <cite>, <footer>, <figcaption>, a cite attribute
    JSON_FIELD = "in its JSON object"
    # written for others: read once every quote and its own citation are known
    SENTENCE = "in its sentence"
    BEFORE = "before it"
    TABLE_ROW = "in its table row"
    HEADING = "in a heading or label line"


# The places of a citation written for other quotes too, walked after every quote is read.
CONTEXT = frozenset({Place.SENTENCE, Place.BEFORE, Place.TABLE_ROW, Place.HEADING})

type Footnotes = dict[str, Marker]


@dataclass(slots=True)
class Page:
    """A markdown response as its readers share it: the text, its lines, the footnotes it
    defines, where inline quotes stop (blank lines, block starts), and what the context
    strategies read: the heading and label scopes, the table rows, the inline quotes as
    their own citations read them, and the line introducing each block quote."""

    text: str
    lines: Lines
    footnotes: Footnotes = field(default_factory=dict)
    stops: list[int] = field(default_factory=list)  # sorted
    # (start, end, citation) of each part of the response a heading or label line cites
    scopes: list[tuple[int, int, Marker]] = field(default_factory=list)
    # the body rows of its tables, in response order, and where each starts
    rows: list[Row] = field(default_factory=list)
    row_starts: list[int] = field(default_factory=list)
    # the inline quotes with their own citations, in response order, and each one's index
    # by extent (the sentence strategy reads its neighbours there)
    inline: list[ParsedQuote] = field(default_factory=list)
    inline_index: dict[tuple[int, int] | None, int] = field(default_factory=dict)
    # by extent: the first line of the block quote a markdown block quote part belongs to,
    # and the extent of the quote before each quote (the lead-in strategies start there)
    block_first_line: dict[tuple[int, int] | None, int] = field(default_factory=dict)
    previous_extent: dict[tuple[int, int] | None, tuple[int, int] | None] = field(
        default_factory=dict
    )
    # What the sentence strategy read from (position, next quote's index, sentence end) on:
    # a walk through a sentence's quotes that reaches a place walked before takes its answer
    # (n uncited quotes in one sentence cost n² steps otherwise: 4,000 took 32 s, issue 30)
    sentence_citations: dict[tuple[int, int, int], str | None] = field(default_factory=dict)
    # ``scopes`` by start, and for each the scopes before it still open where it starts (a
    # heading's section nests in at most six others): built on first use by ``scopes_at``
    scope_starts: list[int] = field(default_factory=list)
    scopes_open: list[tuple[tuple[int, int, Marker], ...]] = field(default_factory=list)

    def row_at(self, position: int) -> Row | None:
        """The table row holding ``position``, or None."""
        index = bisect.bisect_right(self.row_starts, position) - 1
        if index >= 0 and position < self.rows[index].end:
            return self.rows[index]
        return None

    def scopes_at(self, position: int) -> list[tuple[int, int, Marker]]:
        """The scopes holding ``position``, in the order of ``scopes``; a look-up, not a
        pass over every heading for every quote (80,000 headings took 30 s, issue 30)."""
        if len(self.scopes_open) != len(self.scopes):
            self.scopes = sorted(self.scopes, key=lambda scope: scope[0])  # stable
            self.scope_starts = [scope[0] for scope in self.scopes]
            self.scopes_open = []
            open_scopes: list[tuple[int, int, Marker]] = []
            for scope in self.scopes:
                open_scopes = [held for held in open_scopes if held[1] > scope[0]]
                self.scopes_open.append(tuple(open_scopes))
                open_scopes.append(scope)
        index = bisect.bisect_right(self.scope_starts, position) - 1
        if index < 0:
            return []
        return [
            scope
            for scope in (*self.scopes_open[index], self.scopes[index])
            if scope[0] <= position < scope[1]
        ]

    def add_rows(self, rows: list[Row]) -> None:
        """Rows of a table after those already added."""
        self.rows.extend(rows)
        self.row_starts.extend(row.start for row in rows)


@dataclass(frozen=True, slots=True)
class JsonQuote:
    """A JSON quote object as the JSON reader hands it to the strategies: the object, the
    fields its entry names, and the text field's value."""

    obj: dict[str, Any]
    fields: QuoteFields
    value: str


@dataclass(frozen=True, slots=True)
class Spot:
    """One place of one quote where a reader looks for its citation.

    ``start``/``end`` is the stretch of text the place is: after the quote, from its
    closing mark to the end of the text (``after``: past footnote numbers written right
    after the mark, where a marker may stand); its last line's content; the next line's
    content; inside the quote, its text. ``quote`` is the quote as read so far (its form,
    its text span and extent, the citation it has); the context places read it and the
    page's neighbours. ``json`` is the JSON quote object at ``JSON_FIELD``."""

    place: Place
    form: QuoteForm
    page: Page | None = None
    start: int = 0
    end: int = 0
    after: int = 0
    quote: ParsedQuote | None = None
    json: JsonQuote | None = None
    # in its HTML element: the text of the elements attributing it
    pieces: tuple[tuple[int, int], ...] = ()

    @property
    def text(self) -> str:
        assert self.page is not None
        return self.page.text


@dataclass(frozen=True, slots=True)
class Found:
    """A citation a strategy read at a spot: what it names (``marker``; ``marker.end`` is
    where the quote's extent ends when it is the quote's own, written after it), where it
    is written (``span``, what an export rewrites; ``named``, ``bare``, ``link`` as
    ``CitationSite`` says), and, for a citation inside the quote or on its last line, where
    the quote's text ends (``text_end``; its start too for one written before the text of a
    JSON field, ``text_start``)."""

    marker: Marker
    span: tuple[int, int] | None = None
    named: bool = False
    bare: bool = False
    link: bool = False
    text_end: int | None = None
    text_start: int | None = None


def marker_found(marker: Marker, *, text_end: int | None = None) -> Found:
    """A marker in brackets (a run) found at a spot, written where it stands."""
    return Found(marker, marker.written, link=marker.link, text_end=text_end)
