"""From the text blocks of each page to a document's paragraphs: running headers, footers and
page numbers left out, a paragraph that a page break splits joined again.

Every paged format (PDF, plain text with form feeds, DOCX) hands its pages here as blocks in
reading order, each marked when it stands at the top or bottom edge of its page; what a
block is and where an edge is are the format's to say, what to keep is decided here once.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .values import Paragraph


@dataclass(frozen=True, slots=True)
class Block:
    """A stretch of a page's text that the format holds together (a PDF text box, the lines
    between blank lines); ``at_edge``: among the first or last blocks of its page, where
    running headers, footers and page numbers stand."""

    text: str
    at_edge: bool = False


# A bare page number, as headers and footers write one: "7", "- 7 -", "Page 7", "S. 7",
# "7 / 20", "Seite 7 von 20", "vii". Only ever tested on a block at a page's edge.
_PAGE_NUMBER = re.compile(
    r"\s*(?:(?:page|p\.|seite|s\.|página|pág\.|pagina|pag\.|blatt)\s*)?"
    r"[-–—(\[]?\s*(?:\d{1,5}|[ivxlcdm]{1,7})\s*[-–—)\]]?"
    r"(?:\s*(?:/|of|von|de|di|sur)\s*\d{1,5})?\s*",
    re.IGNORECASE,
)
# Where a paragraph ends: a full stop, question or exclamation mark, colon or semicolon,
# perhaps followed by closing quotes or brackets. A page whose last block ends otherwise
# breaks a paragraph that the next page continues.
_ENDS_PARAGRAPH = re.compile(r"[.!?…:;][\"'”’»›)\]]*\s*$")
_DIGITS = re.compile(r"\d+")
_SPACES = re.compile(r"\s+")


def is_page_number(text: str) -> bool:
    """Whether ``text`` is nothing but a page number.

    >>> [is_page_number(t) for t in ("12", "- 12 -", "Page 3 of 9", "S. 58", "12 apples")]
    [True, True, True, True, False]
    """
    return _PAGE_NUMBER.fullmatch(text) is not None


def running_key(text: str) -> str:
    """What a running header or footer keeps from page to page: its words, numbers aside
    ("Report 2024 · page 3" and "… page 4" are one footer).

    >>> running_key("Annual  Report 2024, p. 3") == running_key("annual report 2025, p. 14")
    True
    """
    return _DIGITS.sub("#", _SPACES.sub(" ", text.strip().lower()))


def running_keys(pages: Sequence[Sequence[Block]]) -> frozenset[str]:
    """The texts at a page's edge that repeat on at least half of the pages (two at least):
    running headers and footers. A document of one page has none."""
    if len(pages) < 2:
        return frozenset()
    on_pages = Counter(
        key for page in pages for key in {running_key(b.text) for b in page if b.at_edge}
    )
    needed = max(2, math.ceil(len(pages) / 2))
    return frozenset(key for key, count in on_pages.items() if count >= needed and key)


def paragraphs_of_pages(pages: Sequence[Sequence[Block]]) -> tuple[Paragraph, ...]:
    """The paragraphs of a paged document; ``pages[0]`` is page 1.

    >>> header, number = Block("ACME Report", at_edge=True), Block("2", at_edge=True)
    >>> paragraphs_of_pages([
    ...     [header, Block("Intro."), Block("The tenant may"), Block("1", at_edge=True)],
    ...     [header, Block("sublet the flat."), number],
    ... ])  # doctest: +NORMALIZE_WHITESPACE
    (Paragraph(text='Intro.', page=1, page_breaks=()),
     Paragraph(text='The tenant may\\nsublet the flat.', page=1, page_breaks=(15,)))
    """
    running = running_keys(pages)
    paragraphs: list[Paragraph] = []
    last_page_with_text = 0
    for number, page in enumerate(pages, start=1):
        kept = [
            block.text.strip()
            for block in page
            if block.text.strip()
            and not (
                block.at_edge and (is_page_number(block.text) or running_key(block.text) in running)
            )
        ]
        for index, text in enumerate(kept):
            previous = paragraphs[-1] if paragraphs else None
            if (
                index == 0
                and previous is not None
                and last_page_with_text == number - 1
                and not _ENDS_PARAGRAPH.search(previous.text)
            ):
                paragraphs[-1] = Paragraph(
                    f"{previous.text}\n{text}",
                    page=previous.page,
                    page_breaks=(*previous.page_breaks, len(previous.text) + 1),
                )
            else:
                paragraphs.append(Paragraph(text, page=number))
        if kept:
            last_page_with_text = number
    return tuple(paragraphs)
