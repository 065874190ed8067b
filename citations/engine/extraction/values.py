"""What extraction yields: a document's paragraphs, each with the page it stands on, and the
documents attached to it (an e-mail's attachments), extracted the same way."""

from __future__ import annotations

from dataclasses import dataclass


class ExtractionError(ValueError):
    """A file that is not extracted: unreadable, of a type not supported, or beyond a limit.
    ``limit`` names the field of ``ExtractionLimits`` that refused it ("" when no limit did);
    the message says what is wrong in words a pipeline's author can act on."""

    def __init__(self, message: str, *, limit: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.limit = limit


@dataclass(frozen=True, slots=True)
class Paragraph:
    """One paragraph's text, without the running headers, footers and page numbers of the
    pages it stands on.

    ``page`` is the page it starts on (1-based), None for a format without pages (HTML, an
    e-mail body). A paragraph that a page break splits is one paragraph: ``page_breaks``
    holds the offsets in ``text`` where each following page begins, so the page of any span
    of it is known (``page_at``)."""

    text: str
    page: int | None = None
    page_breaks: tuple[int, ...] = ()

    def page_at(self, offset: int) -> int | None:
        """The page that holds ``text[offset]``.

        >>> Paragraph("end of page 3, start of page 4", page=3, page_breaks=(15,)).page_at(20)
        4
        """
        if self.page is None:
            return None
        return self.page + sum(1 for start in self.page_breaks if start <= offset)


@dataclass(frozen=True, slots=True)
class Document:
    """One extracted file. ``pages``: how many pages it has (None without pages).
    ``attachments``: for an e-mail, what was attached, in order (an attached e-mail's own
    attachments follow it, flattened: every attachment belongs to the outermost e-mail)."""

    media_type: str
    paragraphs: tuple[Paragraph, ...]
    pages: int | None = None
    title: str = ""
    attachments: tuple[Attachment, ...] = ()


@dataclass(frozen=True, slots=True)
class Attachment:
    """A file attached to an e-mail, extracted by its own type."""

    filename: str
    document: Document
