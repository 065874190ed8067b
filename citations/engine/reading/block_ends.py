"""Where a block quote's text ends and its citation stands: at the end of its last line
(walked at ``Place.LAST_LINE``), or on a line of its own after it (``Place.NEXT_LINE``),
as markdown block quotes and HTML elements write them. A last line naming whoever is quoted
(``— Tom``) is neither quote text nor a citation."""

from __future__ import annotations

from ..types import QuoteForm
from .cite_after import names_a_person
from .markers import before_flags
from .spot import Found, Page, Place, Spot
from .strategies import Strategy, walk

type Walked = tuple[Strategy, Found]


def last_line_citation(
    page: Page, content: list[tuple[int, int]], form: QuoteForm = QuoteForm.BLOCK
) -> tuple[Walked | None, list[tuple[int, int]]]:
    """The citation ending the last of the lines ``content`` (or being all of it), and the
    lines without it (and without a dash before it; a person's line dropped, export flags
    ending the line too).

    >>> from .markdown_lines import Lines
    >>> def read(*lines):  # the lines of a block quote, without their "> "
    ...     text = "\\n".join("> " + line for line in lines)
    ...     page = Page(text, Lines(text))
    ...     ends = [(page.lines.start(n), page.lines.content_end(n)) for n in range(len(lines))]
    ...     content = [(start + 2, end) for start, end in ends]
    ...     walked, rest = last_line_citation(page, content)
    ...     return walked and walked[0].id, [text[start:end] for start, end in rest]
    >>> read("Rent is due. — [D1 ¶2]")
    ('cite.marker', ['Rent is due.'])
    >>> read("Rent is due.", "— Source: D1, ¶2")
    ('cite.attribution_line', ['Rent is due.'])
    >>> read("Rent is due.", "— Tom")
    (None, ['Rent is due.'])
    """
    text = page.text
    start, end = content[-1]
    walked = walk(Place.LAST_LINE, Spot(Place.LAST_LINE, form, page, start, end))
    if walked is None:
        if len(content) > 1 and names_a_person(text, start, end):
            return None, content[:-1]  # "> — Tom": who said it, neither text nor citation
        return None, [*content[:-1], (start, before_flags(text, start, end))]
    text_end = walked[1].text_end
    assert text_end is not None
    rest = content[:-1] if text_end <= start else [*content[:-1], (start, text_end)]
    while rest and rest[-1][0] >= rest[-1][1]:
        rest.pop()
    return walked, rest


def lone_line_citation(page: Page, line: int) -> Walked | None:
    """The citation that is all of ``line``, after a block quote."""
    start, end = page.lines.start(line), page.lines.content_end(line)
    return walk(Place.NEXT_LINE, Spot(Place.NEXT_LINE, QuoteForm.BLOCK, page, start, end))


def next_lines_citation(page: Page, last: int) -> tuple[Walked | None, int]:
    """The citation alone on the line after a block quote's ``last`` line, or after one
    blank line, and the line it is on (``last`` when there is none)."""
    text, lines = page.text, page.lines
    for line in (last + 1, last + 2):
        if line >= len(lines):
            break
        walked = lone_line_citation(page, line)
        if walked is not None:
            return walked, line
        if text[lines.start(line) : lines.content_end(line)].strip():
            break
    return None, last
