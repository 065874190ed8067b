"""Plain text: decoded, split into paragraphs at blank lines as a bundle's ``text`` is. A form
feed ends a page (text printed from a paged document keeps them), and then the text is
paged: its first and last lines per page are where running headers and footers stand."""

from __future__ import annotations

from ..bundle import split_paragraphs
from .limits import ExtractionLimits
from .pages import Block, paragraphs_of_pages
from .values import Document, ExtractionError, Paragraph


def decode_text(data: bytes, *, charset: str | None = None) -> str:
    """Bytes to text: the declared charset when it is known, else UTF-8 (with or without a
    BOM), else whatever charset_normalizer finds most likely.

    >>> decode_text("Grüße".encode("utf-8-sig")), decode_text(b"Gr\\xfc\\xdfe", charset="latin-1")
    ('Grüße', 'Grüße')
    """
    if charset:
        try:
            return data.decode(charset)
        except (LookupError, UnicodeDecodeError):
            pass  # a wrong declaration is common; the bytes tell the rest
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    from charset_normalizer import from_bytes

    best = from_bytes(data).best()
    if best is None:
        raise ExtractionError("is not text in any character set (binary data?)")
    return str(best)


def extract_plain_text(
    data: bytes, media_type: str, limits: ExtractionLimits, *, charset: str | None = None
) -> Document:
    text = decode_text(data, charset=charset).replace("\r\n", "\n").replace("\x00", "")
    if len(text) > limits.text_chars:
        raise ExtractionError(
            f"holds {len(text):,} characters; the limit is {limits.text_chars:,}",
            limit="text_chars",
        )
    if "\f" not in text:
        return Document(media_type, tuple(Paragraph(p.rstrip()) for p in split_paragraphs(text)))
    pages = text.split("\f")
    if pages and not pages[-1].strip():
        pages.pop()  # a form feed after the last page ends it, it opens none
    if len(pages) > limits.pages:
        raise ExtractionError(
            f"has {len(pages):,} pages; the limit is {limits.pages:,}", limit="pages"
        )
    return Document(
        media_type,
        paragraphs_of_pages([_blocks(page) for page in pages]),
        pages=len(pages),
    )


def _blocks(page: str) -> list[Block]:
    chunks = split_paragraphs(page)
    return [
        Block(chunk.rstrip(), at_edge=index in (0, len(chunks) - 1) and "\n" not in chunk.strip())
        for index, chunk in enumerate(chunks)
    ]
