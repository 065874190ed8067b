"""What one file may cost to extract. A file is untrusted (a pipeline passes on what it was
given: PDFs from the web, e-mails with their attachments), and extraction refuses a file
beyond any of these with an ``ExtractionError`` naming the limit, instead of running out of
time or memory. The README lists them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ExtractionLimits:
    file_bytes: int = 15 * 1024 * 1024  # one file as submitted (the bundle holds it in base64)
    pages: int = 2_000  # of one PDF
    pdf_objects: int = 200_000  # objects a PDF's cross-reference tables list
    decompressed_bytes: int = 100 * 1024 * 1024  # a DOCX's zip entries, as they declare
    zip_entries: int = 2_000  # a DOCX's parts
    attachments: int = 100  # of one e-mail, attached e-mails' own counted in
    nesting: int = 3  # e-mails attached to e-mails
    text_chars: int = 20_000_000  # all text extracted from one file
    seconds: float = 60.0  # wall-clock time for one file (isolated extraction)
    memory_bytes: int = 1024 * 1024 * 1024  # address space of the extracting process


EXTRACTION_LIMITS = ExtractionLimits()
