"""Which file types are extracted, and how: one table from media type to extractor. Every
failure of a library on a file (a syntax error, a loop it fell into and noticed, a
recursion too deep) leaves here as an ``ExtractionError`` saying what the file is not."""

from __future__ import annotations

import mimetypes
from collections.abc import Callable
from dataclasses import dataclass

from .limits import ExtractionLimits
from .values import Document, ExtractionError

PDF = "application/pdf"
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
HTML = "text/html"
XHTML = "application/xhtml+xml"
PLAIN = "text/plain"
EMAIL = "message/rfc822"


@dataclass(frozen=True, slots=True)
class Format:
    name: str  # as an error message names it
    extract: Callable[..., Document]
    takes_charset: bool = False


def _formats() -> dict[str, Format]:
    from .mail import extract_email
    from .markup import extract_html
    from .pdf import extract_pdf
    from .plain import extract_plain_text
    from .word import extract_docx

    return {
        PDF: Format("PDF", extract_pdf),
        DOCX: Format("DOCX", extract_docx),
        HTML: Format("HTML page", extract_html, takes_charset=True),
        XHTML: Format("HTML page", extract_html, takes_charset=True),
        PLAIN: Format("text", extract_plain_text, takes_charset=True),
        EMAIL: Format("e-mail", extract_email),
    }


SUPPORTED_MEDIA_TYPES = (PDF, DOCX, HTML, XHTML, PLAIN, EMAIL)

# What a file's first bytes say it is, for a part declared only as octet-stream.
_SIGNATURES = ((b"%PDF-", PDF), (b"PK\x03\x04", DOCX))


def media_type_of(data: bytes, declared: str, filename: str = "") -> str | None:
    """The supported media type of an attachment: as declared, else as its name or first
    bytes say (mail programs often send ``application/octet-stream``); None when it is none
    of the supported types (an image, say).

    >>> media_type_of(b"%PDF-1.7", "application/octet-stream", "a.bin")
    'application/pdf'
    >>> media_type_of(b"", "text/markdown", "notes.md")
    'text/plain'
    """
    declared = declared.lower()
    if declared in SUPPORTED_MEDIA_TYPES:
        return declared
    if declared.startswith("text/") and declared not in ("text/calendar", "text/vcard"):
        return PLAIN  # markdown, csv: text a model reads as text
    guessed, _ = mimetypes.guess_type(filename) if filename else (None, None)
    if guessed in SUPPORTED_MEDIA_TYPES:
        return guessed
    for signature, media_type in _SIGNATURES:
        if data.startswith(signature):
            return media_type
    return None


def extract_document(
    data: bytes,
    media_type: str,
    limits: ExtractionLimits,
    *,
    charset: str | None = None,
) -> Document:
    """The paragraphs (and pages, and attachments) of one file of a supported media type.
    Raises ``ExtractionError`` for anything that is not extracted; nothing else escapes but
    ``MemoryError`` (the isolated run reports it)."""
    found = _formats().get(media_type.split(";")[0].strip().lower())
    if found is None:
        raise ExtractionError(
            f"has the media type {media_type!r}, which is not extracted; supported: "
            + ", ".join(SUPPORTED_MEDIA_TYPES)
        )
    if len(data) > limits.file_bytes:
        raise ExtractionError(
            f"is {len(data):,} bytes; the limit is {limits.file_bytes:,}", limit="file_bytes"
        )
    try:
        if found.takes_charset:
            return found.extract(data, media_type, limits, charset=charset)
        return found.extract(data, media_type, limits)
    except (ExtractionError, MemoryError):
        raise
    except RecursionError:
        raise ExtractionError(f"is a {found.name} nested too deeply to read") from None
    except Exception as exc:  # a library's complaint about a broken or hostile file
        detail = str(exc).splitlines()[0][:300] if str(exc) else type(exc).__name__
        raise ExtractionError(f"is not a readable {found.name}: {detail}") from None
