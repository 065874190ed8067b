"""DOCX, with python-docx: the body's paragraphs and table rows in document order. Running
headers, footers and page numbers live in parts of their own, which are never read.

A DOCX has pages only as a renderer lays it out. Word records where it broke the pages when
it last saved (``w:lastRenderedPageBreak``): those are the pages its reader saw and cites. A
document no word processor rendered (one a program wrote) has only its hard page breaks.

A DOCX is a zip: its entries' sizes are checked before anything is decompressed (a zip bomb
declares a small file that inflates to gigabytes; zipfile stops at the declared size)."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator
from typing import Any

from .limits import ExtractionLimits
from .values import Document, ExtractionError, Paragraph

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_RENDERED_BREAK = f"{_W}lastRenderedPageBreak"


def check_zip(data: bytes, limits: ExtractionLimits) -> None:
    """Refuse a zip whose entries are too many or declare more bytes than the limit.

    >>> check_zip(b"PK but no zip", ExtractionLimits())  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    citations.engine.extraction.values.ExtractionError: is not a DOCX (not a zip archive: ...)
    """
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            entries = archive.infolist()
    except zipfile.BadZipFile as exc:
        raise ExtractionError(f"is not a DOCX (not a zip archive: {exc})") from None
    if len(entries) > limits.zip_entries:
        raise ExtractionError(
            f"is a zip of {len(entries):,} entries; the limit is {limits.zip_entries:,}",
            limit="zip_entries",
        )
    declared = sum(entry.file_size for entry in entries)
    if declared > limits.decompressed_bytes:
        raise ExtractionError(
            f"decompresses to {declared:,} bytes; the limit is {limits.decompressed_bytes:,}",
            limit="decompressed_bytes",
        )


def extract_docx(data: bytes, media_type: str, limits: ExtractionLimits) -> Document:
    check_zip(data, limits)
    import docx
    from docx.table import Table

    body = docx.Document(io.BytesIO(data))
    rendered = next(body.element.body.iter(_RENDERED_BREAK), None) is not None
    paragraphs: list[Paragraph] = []
    page = 1
    chars = 0
    for item in body.iter_inner_content():
        elements = [row._tr for row in item.rows] if isinstance(item, Table) else [item._p]
        for element in elements:
            text, breaks = _text_and_breaks(element, rendered=rendered)
            page += sum(1 for offset in breaks if offset == 0)
            inner = tuple(offset for offset in breaks if 0 < offset < len(text.rstrip()))
            if text.strip():
                paragraphs.append(Paragraph(text, page=page, page_breaks=inner))
                chars += len(text)
            page += len(inner) + sum(1 for offset in breaks if offset >= len(text.rstrip()) > 0)
        if page > limits.pages:
            raise ExtractionError(
                f"is a DOCX of more than {limits.pages:,} pages, the limit", limit="pages"
            )
        if chars > limits.text_chars:
            raise ExtractionError(
                f"holds more than {limits.text_chars:,} characters of text, the limit",
                limit="text_chars",
            )
    return Document(media_type, tuple(paragraphs), pages=page)


def _text_and_breaks(element: Any, *, rendered: bool) -> tuple[str, list[int]]:
    """The text of a paragraph (or a table row: cells apart by tabs, a cell's paragraphs by
    line breaks), and the offsets in it where a new page begins."""
    pieces: list[str] = []
    breaks: list[int] = []
    length = 0
    for piece in _pieces(element, rendered=rendered):
        if piece is None:
            breaks.append(length)
        else:
            pieces.append(piece)
            length += len(piece)
    return "".join(pieces), breaks


def _pieces(element: Any, *, rendered: bool) -> Iterator[str | None]:
    """Text pieces in document order, None where a page breaks. Deleted text of tracked
    changes (``w:delText``) and field codes (``w:instrText``) are not text a reader sees."""
    first_cell = True
    for node in element.iter():
        tag = node.tag
        if tag == f"{_W}tc":
            if not first_cell:
                yield "\t"
            first_cell = False
        elif tag == f"{_W}p" and node is not element and _follows_paragraph(node):
            yield "\n"  # a cell's second paragraph
        elif tag == f"{_W}t":
            yield node.text or ""
        elif tag == f"{_W}tab" and node.getparent().tag == f"{_W}r":
            yield "\t"  # a tab in the text, not a tab stop of the paragraph's style
        elif _breaks_page(node, rendered=rendered):
            yield None
        elif tag in (f"{_W}cr", f"{_W}br"):
            yield "\n"


def _follows_paragraph(node: Any) -> bool:
    previous = node.getprevious()
    return previous is not None and previous.tag == f"{_W}p"


def _breaks_page(node: Any, *, rendered: bool) -> bool:
    """Whether ``node`` begins a page: where Word broke it when it rendered the document,
    else a hard page break (a page-type ``w:br``, or ``w:pageBreakBefore`` switched on)."""
    if rendered:
        return bool(node.tag == _RENDERED_BREAK)
    if node.tag == f"{_W}br":
        return bool(node.get(f"{_W}type") == "page")
    return bool(node.tag == f"{_W}pageBreakBefore" and _on(node))


def _on(node: Any) -> bool:
    """A WordprocessingML switch (``<w:pageBreakBefore/>`` is on, ``w:val="0"`` off)."""
    return node.get(f"{_W}val", "1") in ("1", "true", "on")
