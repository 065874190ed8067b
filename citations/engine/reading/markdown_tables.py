"""Quotes in the tables of a markdown response (GitHub's table extension, as the renderer
reads them): the citation a row gives its quotes, and the cells of a quote column. The
decisions are listed in :mod:`.parse_markdown`."""

from __future__ import annotations

import itertools
import re
from bisect import bisect_left
from dataclasses import dataclass, replace

from ..types import CitationSite, ParsedQuote, QuoteForm
from .inline_quotes import strip_wrapping_quotes, word_count
from .markdown_lines import Lines
from .markers import (
    HORIZONTAL_SPACE,
    PARAGRAPH_WORD,
    Marker,
    before_flags,
    marker_ending_at,
    parse_paragraph,
    quote_citation,
    read_citation,
)

# What a table's header cell says its column holds (matched at the start of the header).
# The words that head a table's columns, by what the column holds, in the languages answers
# are written in. "Citation" is both: a reference in English, a quote in French (see
# ``_column_roles``).
QUOTE_COLUMN_WORDS = (
    r"quot(?:e|es|ation|ations)|excerpts?|evidence|passages?"  # en
    r"|zitate?|wortlaut|auszug|textstelle"  # de
    r"|citas?|extractos?|fragmentos?|citazion[ei]|estratt[oi]|passi|extraits?"  # es it fr
    r"|citaat|citaten|cytaty?|citaç(?:ão|ões)|trechos?"  # nl pl pt
)
SOURCE_COLUMN_WORDS = (
    r"sources?|citations?|cited|references?|ref\b|documents?|docs?\b"  # en fr
    r"|quellen?|fundstellen?|nachweis|dokumente?|belege?\b"  # de
    r"|fuentes?|referencias?|documentos?|font[ei]|riferiment[oi]|référence?s?"  # es it fr
    r"|bron(?:nen)?|referenties?|źródła?|źródło|referências?"  # nl pl pt
)
QUOTE_COLUMN = re.compile(rf"(?:{QUOTE_COLUMN_WORDS})\b", re.IGNORECASE)
SOURCE_COLUMN = re.compile(rf"(?:{SOURCE_COLUMN_WORDS})", re.IGNORECASE)
PARAGRAPH_COLUMN = re.compile(
    rf"{PARAGRAPH_WORD}|paragraph|absatz|párrafo|paragrafo|paragraphe|alinea|akapit",
    re.IGNORECASE,
)
# A source cell that names no source.
NO_SOURCE = re.compile(r"[-–—/ ]*|n/?a|none|keine|k\. ?a\.", re.IGNORECASE)
CELL_DECORATION = HORIZONTAL_SPACE + "*_`"


@dataclass(slots=True)
class Table:
    """A table's header line and body lines (line numbers)."""

    header: int
    rows: list[int]


def _cells(text: str, lines: Lines, line: int) -> list[tuple[int, int]]:
    """The cells of a table row as [start, end) without their surrounding spaces and
    emphasis; a ``|`` escaped as ``\\|`` does not separate cells (GitHub's rule)."""
    start, end = lines.start(line), lines.content_end(line)
    pipes = [i for i in range(start, end) if text[i] == "|" and text[i - 1 : i] != "\\"]
    bounds = [start - 1, *pipes, end]
    cells = []
    for left, right in itertools.pairwise(bounds):
        cell_start, cell_end = left + 1, right
        while cell_start < cell_end and text[cell_start] in CELL_DECORATION:
            cell_start += 1
        while cell_end > cell_start and text[cell_end - 1] in CELL_DECORATION:
            cell_end -= 1
        cells.append((cell_start, cell_end))
    if pipes and not text[start : pipes[0]].strip():
        cells = cells[1:]  # before a leading pipe
    if pipes and not text[pipes[-1] + 1 : end].strip():
        cells = cells[:-1]  # after a trailing pipe
    return cells


def _column_roles(text: str, header: list[tuple[int, int]]) -> list[str | None]:
    """What each column holds, by its heading. A heading that reads both ways ("Citation":
    a reference in English, a quote in French) is the quote column when another column is
    the source's ("| Citation | Source |"), else the source's."""
    titles = [text[start:end].strip(" :") for start, end in header]
    roles: list[str | None] = []
    for title in titles:
        if PARAGRAPH_COLUMN.fullmatch(title):
            roles.append("paragraph")
        elif SOURCE_COLUMN.match(title):
            roles.append("source")
        elif QUOTE_COLUMN.match(title):
            roles.append("quote")
        else:
            roles.append(None)
    ambiguous = [k for k, title in enumerate(titles) if _CITATION.fullmatch(title)]
    if ambiguous and "quote" not in roles and roles.count("source") > len(ambiguous):
        for k in ambiguous:
            roles[k] = "quote"
    return roles


_CITATION = re.compile(r"citations?", re.IGNORECASE)


def with_table_citations(
    text: str,
    lines: Lines,
    masked: bytearray,
    table: Table,
    quotes: list[ParsedQuote],
    short_spans: set[tuple[int, int] | None],
) -> tuple[list[ParsedQuote], set[tuple[int, int] | None]]:
    """``quotes`` with the citation a table row gives (its source and paragraph columns,
    else a cell that is nothing but a citation) set on the row's quotes that carry no marker
    of their own; a cell of a quote column without quotation marks is a quote too. Short
    quotes (``short_spans``) in a quote column of a citing row are quotes (``"One." and
    "Two."``): their spans are returned."""
    roles = _column_roles(text, _cells(text, lines, table.header))
    out = list(quotes)
    cited_short: set[tuple[int, int] | None] = set()
    # The quotes by where they start, so each row finds its own without a pass over all
    # (a pass per row made long tables quadratic).
    by_start = sorted(
        (quote.response_span[0], index)
        for index, quote in enumerate(out)
        if quote.response_span is not None
    )
    starts = [start for start, _ in by_start]
    for line in table.rows:
        cells = _cells(text, lines, line)
        row = [(role, cell) for role, cell in zip(roles, cells, strict=False)]
        cited_ref, cited_paragraph = _row_citation(text, row)
        citing = (cited_ref, cited_paragraph) != (None, None)
        row_start, row_end = lines.start(line), lines.end(line)
        citing_cells = _citing_cells(text, row)
        site = CitationSite(
            "cite.table_row",
            citing_cells.source,
            row=(row_start, row_end),
            paragraph_cell=citing_cells.paragraph,
            marker_cell=citing_cells.marker,
        )
        source_cells = [cell for role, cell in row if role == "source"]
        quoted_cells: set[tuple[int, int]] = set()
        first, last = bisect_left(starts, row_start), bisect_left(starts, row_end)
        for _, index in by_start[first:last]:
            quote = out[index]
            span = quote.response_span
            assert span is not None
            cell = next((c for c in cells if c[0] <= span[0] and span[1] <= c[1]), None)
            quoted_cells.add(cell or span)
            if span in short_spans:
                if not citing or ("quote", cell) not in row:
                    continue
                cited_short.add(span)
            if quote.cited_ref is None and citing and cell not in source_cells:
                out[index] = replace(
                    quote,
                    cited_ref=cited_ref,
                    cited_paragraph=cited_paragraph,
                    site=site,
                )
        for role, (start, end) in row:
            if role != "quote" or (start, end) in quoted_cells or masked[start:end].count(1):
                continue
            extent = (start, end)
            # A marker (and export flags) ending the cell is the quote's own, as after quotation
            # marks: "the fee rises [D1 ¶3]", as an export writes a corrected one.
            end = before_flags(text, start, end)
            own = marker_ending_at(text, start, end)
            if own is not None:
                end = own.start
                while end > start and text[end - 1] in HORIZONTAL_SPACE:
                    end -= 1
            start, end = strip_wrapping_quotes(text, start, end)
            quoted = text[start:end]
            if not quoted.strip() or (not (citing or own) and word_count(quoted) <= 2):
                continue
            citation = (
                quote_citation(own)
                if own is not None
                else {"cited_ref": cited_ref, "cited_paragraph": cited_paragraph, "site": site}
            )
            out.append(
                ParsedQuote(
                    n=0,
                    form=QuoteForm.INLINE,
                    text=quoted,
                    response_span=(start, end),
                    extent=extent,
                    **citation,
                )
            )
    return out, cited_short


def _row_citation(
    text: str, row: list[tuple[str | None, tuple[int, int]]]
) -> tuple[str | None, int | None]:
    """The source and paragraph a table row cites. A citation marker (a source cell in
    brackets, ``[D1 ¶2]``, or a cell that is nothing but a citation shaped like one, ``A1,
    ¶5``) is read as an inline marker is; other source cells are kept as written, as
    verification resolves a name (id, label, title) before reading it as a marker."""
    cells = _citing_cells(text, row)
    marker: Marker | None = None
    cited_ref: str | None = None
    if cells.source is not None:
        start, end = cells.source
        if cells.marker:
            marker = read_citation(text, start, end, shaped_only=True)
        written = text[start:end]
        cited_ref = None if NO_SOURCE.fullmatch(written) else written
    if marker is not None:
        cited_ref = marker.ref
    if cells.paragraph is not None:
        return cited_ref, parse_paragraph(text[slice(*cells.paragraph)])
    return cited_ref, marker.paragraph if marker else None


@dataclass(frozen=True, slots=True)
class CitingCells:
    """The cells of a table row that carry its citation, as [start, end) without padding and
    emphasis: the source (a Source column's cell, else a cell that is nothing but a citation)
    and the paragraph (a Paragraph column's cell). ``marker``: the source cell is read as a
    marker (``[D1 ¶2]``, ``D1, ¶2``), whose paragraph counts when no paragraph cell gives one.
    ``row``: [start, end) of the row's line."""

    source: tuple[int, int] | None
    paragraph: tuple[int, int] | None
    marker: bool
    row: tuple[int, int] = (0, 0)


def _citing_cells(text: str, row: list[tuple[str | None, tuple[int, int]]]) -> CitingCells:
    sources = [cell for role, cell in row if role == "source"]
    paragraphs = [cell for role, cell in row if role == "paragraph"]
    paragraph = paragraphs[0] if paragraphs else None
    if sources:
        start, end = sources[0]
        return CitingCells(sources[0], paragraph, text[start:end].startswith(("[", "(")))
    citation_only = next(
        (
            cell
            for role, cell in row
            if role != "quote" and read_citation(text, *cell, shaped_only=True) is not None
        ),
        None,
    )
    return CitingCells(citation_only, paragraph, citation_only is not None)


def citing_cells(text: str, lines: Lines, tables: list[Table]) -> list[CitingCells]:
    """The cells carrying the citation of each body row of ``tables`` that has any, for an
    export that rewrites a row's citation where it is written."""
    found = []
    for table in tables:
        roles = _column_roles(text, _cells(text, lines, table.header))
        for line in table.rows:
            row = list(zip(roles, _cells(text, lines, line), strict=False))
            cells = _citing_cells(text, row)
            if cells.source is not None or cells.paragraph is not None:
                found.append(replace(cells, row=(lines.start(line), lines.end(line))))
    return found
