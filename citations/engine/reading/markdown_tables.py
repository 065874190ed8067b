"""Quotes in the cells of a table's quote column (GitHub's table extension, as the renderer
reads them): a cell of a column headed "Quote", "Zitat", "Citation" (beside a Source
column) … holds a quote without quotation marks. Its citation: one ending the cell (walked
as a last line is), else its row's (:mod:`.cite_table`)."""

from __future__ import annotations

from ..types import ParsedQuote, QuoteForm
from .block_ends import last_line_citation
from .inline_quotes import strip_wrapping_quotes, word_count
from .spot import Page
from .strategies import own_citation


def find_cell_quotes(page: Page, masked: bytearray, quotes: list[ParsedQuote]) -> list[ParsedQuote]:
    """The cells of quote columns that hold no quote of ``quotes`` (nor code or a block
    quote: ``masked``) as quotes: with a citation ending the cell (``the fee rises [D1
    ¶3]``, as an export writes a corrected one), else cited by their row (read later, with
    the citations written for others). Two words or fewer are a quote only in a row that
    cites."""
    text = page.text
    found: list[ParsedQuote] = []
    quoted = sorted(quote.response_span for quote in quotes if quote.response_span is not None)
    position = 0
    for row in page.rows:
        while position < len(quoted) and quoted[position][0] < row.start:
            position += 1
        in_row = []
        while position < len(quoted) and quoted[position][0] < row.end:
            in_row.append(quoted[position])
            position += 1
        quoted_cells = {row.cell_of(span) or span for span in in_row}
        for role, (start, end) in row.cells:
            if role != "quote" or (start, end) in quoted_cells or masked[start:end].count(1):
                continue
            extent = (start, end)
            walked, rest = last_line_citation(page, [(start, end)], QuoteForm.INLINE)
            if not rest:
                continue
            start, end = strip_wrapping_quotes(text, *rest[0])
            cell_text = text[start:end]
            if not cell_text.strip() or (not (row.citing or walked) and word_count(cell_text) <= 2):
                continue
            found.append(
                ParsedQuote(
                    n=0,
                    form=QuoteForm.INLINE,
                    text=cell_text,
                    response_span=(start, end),
                    extent=extent,
                    **own_citation(walked),
                )
            )
    return found
