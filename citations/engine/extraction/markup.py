"""HTML, with lxml's HTML parser (libxml2; lxml is already here for python-docx): text only.
Scripts, styles and everything else a browser does not show as text are dropped unread, so
nothing of the page ever runs; a block element (a paragraph, a heading, a list item, a table
row) is a paragraph. An HTML page has no pages."""

from __future__ import annotations

import re

from .limits import ExtractionLimits
from .plain import decode_text
from .values import Document, ExtractionError, Paragraph

# Not text a reader sees: dropped with everything inside them.
_UNSEEN = frozenset(
    {
        "script",
        "style",
        "noscript",
        "template",
        "head",
        "svg",
        "math",
        "iframe",
        "object",
        "embed",
        "canvas",
        "select",
        "textarea",
    }
)
_BLOCKS = frozenset(
    {
        "address",
        "article",
        "aside",
        "blockquote",
        "body",
        "caption",
        "dd",
        "details",
        "div",
        "dl",
        "dt",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "hr",
        "li",
        "main",
        "nav",
        "ol",
        "p",
        "pre",
        "section",
        "summary",
        "table",
        "tbody",
        "tfoot",
        "thead",
        "tr",
        "ul",
    }
)
_CELLS = frozenset({"td", "th"})
_SPACES = re.compile(r"[ \t\r\n\f\u200b]+")


class _Paragraphs:
    """Text pieces gathered until a block ends; a piece is kept as written inside ``<pre>``
    or for a ``<br>``, else its whitespace runs are one space, as a browser shows them."""

    def __init__(self) -> None:
        self.done: list[Paragraph] = []
        self.pieces: list[str] = []
        self.chars = 0

    def add(self, text: str | None, *, as_written: bool) -> None:
        if text:
            self.pieces.append(text if as_written else _SPACES.sub(" ", text))

    def end(self) -> None:
        text = "".join(self.pieces).strip()
        self.pieces = []
        if text:
            self.done.append(Paragraph(text))
            self.chars += len(text)


def extract_html(
    data: bytes, media_type: str, limits: ExtractionLimits, *, charset: str | None = None
) -> Document:
    """The page's paragraphs (and its ``<title>``), nothing of its scripts or styles.

    >>> from .limits import EXTRACTION_LIMITS
    >>> page = b"<p>Rent <b>is</b>  due.<script>steal()</script></p><li>Pets</li>"
    >>> [p.text for p in extract_html(page, "text/html", EXTRACTION_LIMITS).paragraphs]
    ['Rent is due.', 'Pets']
    """
    import lxml.html
    from lxml import etree

    markup: str | bytes = data
    if charset is not None:
        markup = decode_text(data, charset=charset)
    try:
        root = lxml.html.document_fromstring(markup)
    except etree.ParserError:
        return Document(media_type, ())  # no element at all: an empty page
    title = (root.findtext(".//title") or "").strip()
    found = _Paragraphs()
    inside_pre = 0
    walk = etree.iterwalk(root, events=("start", "end"))
    for event, element in walk:
        tag = element.tag if isinstance(element.tag, str) else ""  # comments: their tail only
        if event == "start":
            if tag in _UNSEEN:
                walk.skip_subtree()
                continue
            if tag in _BLOCKS:
                found.end()
            elif tag in _CELLS and found.pieces:
                found.add("\t", as_written=True)
            inside_pre += tag == "pre"
            if tag == "br":
                found.add("\n", as_written=True)
            elif tag:
                found.add(element.text, as_written=inside_pre > 0)
        else:
            if tag in _BLOCKS:
                found.end()
            inside_pre -= tag == "pre" and inside_pre > 0
            found.add(element.tail, as_written=inside_pre > 0)
        if found.chars > limits.text_chars:
            raise ExtractionError(
                f"holds more than {limits.text_chars:,} characters of text, the limit",
                limit="text_chars",
            )
    found.end()
    return Document(media_type, tuple(found.done), title=title)
