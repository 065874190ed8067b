"""PDF, with pdfminer.six: its layout analysis groups a page's characters into lines and the
lines into text boxes by their positions, so a box is a paragraph and its place on the page
says whether it stands where running headers and footers do. (pypdf extracts a page's text
as one string; the boxes would have to be found again by hand.)"""

from __future__ import annotations

import io
from typing import Any

from .limits import ExtractionLimits
from .pages import Block, paragraphs_of_pages
from .values import Document, ExtractionError

# Boxes this far from a page's top or bottom edge (in boxes, by position) may be running
# headers or footers; two, since a header often sets a title and a chapter side by side.
EDGE_BOXES = 2


def extract_pdf(data: bytes, media_type: str, limits: ExtractionLimits) -> Document:
    from pdfminer.converter import PDFPageAggregator
    from pdfminer.layout import LAParams, LTTextBox
    from pdfminer.pdfdocument import PDFDocument
    from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
    from pdfminer.pdfpage import PDFPage
    from pdfminer.pdfparser import PDFParser

    document = PDFDocument(PDFParser(io.BytesIO(data)))
    if not document.is_extractable:
        raise ExtractionError("is a PDF whose author forbids extracting its text")
    objects = sum(len(list(xref.get_objids())) for xref in document.xrefs)
    if objects > limits.pdf_objects:
        raise ExtractionError(
            f"is a PDF of {objects:,} objects; the limit is {limits.pdf_objects:,}",
            limit="pdf_objects",
        )
    resources = PDFResourceManager(caching=True)
    device = PDFPageAggregator(resources, laparams=LAParams())
    interpreter = PDFPageInterpreter(resources, device)
    pages: list[list[Block]] = []
    chars = 0
    for page in PDFPage.create_pages(document):
        if len(pages) == limits.pages:
            raise ExtractionError(
                f"is a PDF of more than {limits.pages:,} pages, the limit", limit="pages"
            )
        interpreter.process_page(page)
        boxes = [item for item in device.get_result() if isinstance(item, LTTextBox)]
        pages.append(_blocks(boxes))
        chars += sum(len(block.text) for block in pages[-1])
        if chars > limits.text_chars:
            raise ExtractionError(
                f"holds more than {limits.text_chars:,} characters of text, the limit",
                limit="text_chars",
            )
    return Document(media_type, paragraphs_of_pages(pages), pages=len(pages))


def _blocks(boxes: list[Any]) -> list[Block]:
    """A page's text boxes in pdfminer's reading order; those nearest the top and bottom edges
    (by their vertical position) marked as where headers and footers stand."""
    by_height = sorted(range(len(boxes)), key=lambda index: -boxes[index].y1)
    edges = set(by_height[:EDGE_BOXES]) | set(by_height[-EDGE_BOXES:])
    return [Block(box.get_text(), at_edge=index in edges) for index, box in enumerate(boxes)]
