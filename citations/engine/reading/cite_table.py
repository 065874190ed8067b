"""A markdown table's rows as citations (GitHub's table extension, as the renderer reads
them): which column holds what by its heading, the cells of a row, and the citation a row
gives the quotes in it (its Source and Paragraph cells, else a cell that is nothing but a
citation): the ``cite.table_row`` strategy."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, replace

from ..text import HORIZONTAL_SPACE, LazyPattern, trim
from ..types import CitationSite, ParsedQuote
from .markdown_lines import Lines
from .markers import (
    PARAGRAPH_WORD,
    SOURCE_LABEL_WORDS,
    Marker,
    parse_paragraph,
    read_citation,
)
from .spot import Spot

# The words that head a table's columns, by what the column holds and by language (matched
# at the start of the header, in any case). "Citation" is both: a reference in English, a
# quote in French (see ``column_roles``). A source column is also headed by any source label
# of ``SOURCE_LABEL_WORDS`` ("Kilde", "Sursă", "Forrás", "出典"), and, beside a quote column
# and no other source column, by a code ("Code", "Kürzel", "ID") its cells give.
QUOTE_COLUMN_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("quote", "quotes", "quotation", "quotations", "excerpt", "excerpts", "evidence"),
    "en2": ("passage", "passages"),
    "de": ("zitat", "zitate", "wortlaut", "auszug", "textstelle"),
    "es": ("cita", "citas", "extracto", "extractos", "fragmento", "fragmentos"),
    "it": ("citazione", "citazioni", "estratto", "estratti", "passi"),
    "fr": ("extrait", "extraits"),
    "nl": ("citaat", "citaten"),
    "pl": ("cytat", "cytaty"),
    "pt": ("citação", "citações", "trecho", "trechos"),
    "ro": ("citat", "citate", "extras"),
    "da": ("citat", "uddrag"),
    "sv": ("citat", "utdrag"),
    "no": ("sitat", "utdrag"),
    "fi": ("lainaus", "ote"),
    "cs": ("citace", "úryvek"),
    "sk": ("citácia", "úryvok"),
    "hu": ("idézet", "részlet"),
    "tr": ("alıntı", "alinti"),
    "ru": ("цитата", "цитаты", "выдержка", "фрагмент"),
    "uk": ("цитата", "цитати", "уривок"),
    "el": ("απόσπασμα", "παράθεμα"),
    "ar": ("اقتباس", "الاقتباس"),
    "zh": ("引用", "引文", "原文", "摘录"),
    "ja": ("引用", "引用文", "抜粋"),
    "ko": ("인용", "인용문", "발췌"),
}
SOURCE_COLUMN_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("source", "sources", "citation", "citations", "cited", "reference", "references"),
    "en2": ("ref", "document", "documents", "doc", "docs"),
    "de": ("quelle", "quellen", "fundstelle", "fundstellen", "nachweis", "dokument"),
    "de2": ("dokumente", "beleg", "belege"),
    "es": ("fuente", "fuentes", "referencia", "referencias", "documento", "documentos"),
    "it": ("fonte", "fonti", "riferimento", "riferimenti"),
    "fr": ("référence", "références", "reference"),
    "nl": ("bron", "bronnen", "referentie", "referenties"),
    "pl": ("źródło", "źródła"),
    "pt": ("referência", "referências"),
}
CODE_COLUMN_WORDS: tuple[str, ...] = (
    *("code", "codes", "cod", "id", "key", "kürzel", "kod", "kód", "sigle", "clave"),
    *("codice", "código", "код", "コード", "代码", "코드", "kode", "koodi"),
)


def _heading(*tables: dict[str, tuple[str, ...]], whole: int = 0) -> re.Pattern[str]:
    """A header that starts with a word of ``tables``: a word of ``whole`` letters or fewer
    (every word, when ``whole`` is 0) only as a whole word ("Ref", not "Reform")."""
    words = sorted({w for table in tables for ws in table.values() for w in ws}, key=len)
    alternation = "|".join(
        re.escape(word) + (r"(?![^\W\d_])" if not whole or len(word) <= whole else "")
        for word in reversed(words)
    )
    return re.compile(f"(?:{alternation})", re.IGNORECASE)


QUOTE_COLUMN = _heading(QUOTE_COLUMN_WORDS)
# a source heading may go on ("Quellenangabe", "Sources cited")
SOURCE_COLUMN = _heading(SOURCE_COLUMN_WORDS, SOURCE_LABEL_WORDS, whole=3)
CODE_COLUMN = _heading({"all": CODE_COLUMN_WORDS})
PARAGRAPH_COLUMN = LazyPattern(
    rf"{PARAGRAPH_WORD}|paragraph|absatz|párrafo|paragrafo|paragraphe|alinea|akapit",
    re.IGNORECASE,
)
# A source cell that names no source.
NO_SOURCE = LazyPattern(r"[-–—/ ]*|n/?a|none|keine|k\. ?a\.", re.IGNORECASE)
CELL_DECORATION = HORIZONTAL_SPACE + "*_`"
_CITATION = LazyPattern(r"citations?", re.IGNORECASE)

type Cell = tuple[int, int]


@dataclass(slots=True)
class Table:
    """A table's header line and body lines (line numbers)."""

    header: int
    rows: list[int]


@dataclass(frozen=True, slots=True)
class Row:
    """A table's body row: its line ``[start, end)``, its cells with what each column holds,
    and the citation it gives its quotes (``cited_ref``, ``cited_paragraph``; ``citing``
    when it gives one) written at ``site``."""

    start: int
    end: int
    cells: tuple[tuple[str | None, Cell], ...]
    cited_ref: str | None
    cited_paragraph: int | None
    site: CitationSite

    @property
    def citing(self) -> bool:
        return (self.cited_ref, self.cited_paragraph) != (None, None)

    def cell_of(self, span: tuple[int, int]) -> Cell | None:
        """The cell holding ``span``."""
        return next((c for _, c in self.cells if c[0] <= span[0] and span[1] <= c[1]), None)


def table_row(spot: Spot) -> ParsedQuote | None:
    """``cite.table_row``: a quote without a source of its own in a table row that cites
    (its Source / Paragraph cells, else a cell that is nothing but a citation) takes the
    row's citation, unless it stands in the row's Source cell."""
    assert spot.page is not None
    quote = spot.quote
    if quote is None or quote.cited_ref is not None or quote.response_span is None:
        return None
    row: Row | None = spot.page.row_at(quote.response_span[0])
    if row is None or not row.citing:
        return None
    if row.cell_of(quote.response_span) in [cell for role, cell in row.cells if role == "source"]:
        return None
    return replace(
        quote, cited_ref=row.cited_ref, cited_paragraph=row.cited_paragraph, site=row.site
    )


def read_rows(text: str, lines: Lines, table: Table) -> list[Row]:
    """The body rows of ``table`` with their cells and citations."""
    roles = column_roles(text, cells(text, lines, table.header))
    found = []
    for line in table.rows:
        row = tuple(zip(roles, cells(text, lines, line), strict=False))
        source, paragraph, marker_cell = _citing_cells(text, row)
        cited_ref, cited_paragraph = _row_citation(text, source, paragraph, marker_cell)
        start, end = lines.start(line), lines.end(line)
        site = CitationSite(
            "cite.table_row",
            source,
            # a Source cell holding a name (not a marker, not "—"): it cites only when it
            # names a known source, and a rewritten one names the source the same way
            named=source is not None and not marker_cell and not _names_none(text, source),
            row=(start, end),
            paragraph_cell=paragraph,
            marker_cell=marker_cell,
        )
        found.append(Row(start, end, row, cited_ref, cited_paragraph, site))
    return found


def cells(text: str, lines: Lines, line: int) -> list[Cell]:
    """The cells of a table row as [start, end) without their surrounding spaces and
    emphasis; a ``|`` escaped as ``\\|`` does not separate cells (GitHub's rule).

    >>> text = "| **Rent** | _due monthly_ |  D1 |"
    >>> [text[start:end] for start, end in cells(text, Lines(text), 0)]
    ['Rent', 'due monthly', 'D1']
    """
    start, end = lines.start(line), lines.content_end(line)
    pipes = [i for i in range(start, end) if text[i] == "|" and text[i - 1 : i] != "\\"]
    bounds = [start - 1, *pipes, end]
    found = [
        trim(text, left + 1, right, CELL_DECORATION) for left, right in itertools.pairwise(bounds)
    ]
    if pipes and not text[start : pipes[0]].strip():
        found = found[1:]  # before a leading pipe
    if pipes and not text[pipes[-1] + 1 : end].strip():
        found = found[:-1]  # after a trailing pipe
    return found


def column_roles(text: str, header: list[Cell]) -> list[str | None]:
    """What each column holds, by its heading. A heading that reads both ways ("Citation":
    a reference in English, a quote in French) is the quote column when another column is
    the source's ("| Citation | Source |"), else the source's.

    >>> def roles(header):
    ...     return column_roles(header, cells(header, Lines(header), 0))
    >>> roles("| Claim | Quote | Source | ¶ |"), roles("| Citation | Source |")
    ([None, 'quote', 'source', 'paragraph'], ['quote', 'source'])
    >>> roles("| Zitat | Fundstelle |"), roles("| Claim | Citation |")
    (['quote', 'source'], [None, 'source'])
    >>> roles("| Alıntı | Kaynak |"), roles("| Code | 引用 |"), roles("| Code | Note |")
    (['quote', 'source'], ['source', 'quote'], [None, None])
    """
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
    if "quote" in roles and "source" not in roles:
        # "| Code | Quote |": the codes name the sources the quotes are of
        codes = [k for k, title in enumerate(titles) if CODE_COLUMN.fullmatch(title)]
        if len(codes) == 1 and roles[codes[0]] is None:
            roles[codes[0]] = "source"
    return roles


def _row_citation(
    text: str, source: Cell | None, paragraph: Cell | None, marker_cell: bool
) -> tuple[str | None, int | None]:
    """The source and paragraph a table row cites. A citation marker (a source cell in
    brackets, ``[D1 ¶2]``, or a cell that is nothing but a citation shaped like one, ``A1,
    ¶5``) is read as an inline marker is; other source cells are kept as written, as
    verification resolves a name (id, label, title) before reading it as a marker."""
    marker: Marker | None = None
    cited_ref: str | None = None
    if source is not None:
        if marker_cell:
            marker = read_citation(text, *source, shaped_only=True)
        cited_ref = None if _names_none(text, source) else text[slice(*source)]
    if marker is not None:
        cited_ref = marker.ref
    if paragraph is not None:
        return cited_ref, parse_paragraph(text[slice(*paragraph)])
    return cited_ref, marker.paragraph if marker else None


def _names_none(text: str, cell: Cell) -> bool:
    """Whether a Source cell names no source ("—", "n/a", "keine")."""
    return NO_SOURCE.fullmatch(text, *cell) is not None


def _citing_cells(
    text: str, row: tuple[tuple[str | None, Cell], ...]
) -> tuple[Cell | None, Cell | None, bool]:
    """The cells of a row that carry its citation: the source (a Source column's cell, else
    a cell that is nothing but a citation), the paragraph (a Paragraph column's cell), and
    whether the source cell is read as a marker (``[D1 ¶2]``, ``D1, ¶2``), whose paragraph
    counts when no paragraph cell gives one."""
    sources = [cell for role, cell in row if role == "source"]
    paragraphs = [cell for role, cell in row if role == "paragraph"]
    paragraph = paragraphs[0] if paragraphs else None
    if sources:
        start, end = sources[0]
        return sources[0], paragraph, text[start:end].startswith(("[", "("))
    citation_only = next(
        (
            cell
            for role, cell in row
            if role != "quote" and read_citation(text, *cell, shaped_only=True) is not None
        ),
        None,
    )
    return citation_only, paragraph, citation_only is not None
