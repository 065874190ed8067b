"""Turning an untrusted response and its quotes into safe HTML, and a source paragraph into
highlighted segments (VB-2, VB-6).

The model's text only ever reaches the page as escaped text or through markdown-it (raw HTML
off) followed by nh3 (an allowlist). Quote elements are rendered by a template around the
stored quote text, so badges and highlights never come from re-parsing model HTML.
"""

import re
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import nh3
from django.template.loader import get_template
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import Truncator, capfirst
from markdown_it import MarkdownIt

from citations.diffs import stored_runs
from citations.engine.json_paths import format_path
from citations.engine.types import JsonLayout, QuoteForm, VerificationStatus
from citations.engine.writing.layout import OldLayout, layout_from_dict
from citations.models import Quote, ResponseFormat, Verification

from .explanations import attention_line, quote_explanation
from .models import Assessment
from .templatetags import review_tags

QUOTES_TEMPLATE = "reviews/assessment_detail.html#quote_elements"
JSON_TEMPLATE = "reviews/assessment_detail.html#json_response"

# A block quote line's opening: indentation (a block quote inside a list item), then one '>'
# for each level of nesting.
_BLOCK_QUOTE_OPENING = re.compile(r"[ \t]*(?:>[ \t]?)+[ \t]*")

_markdown = MarkdownIt("commonmark", {"html": False}).enable("table")

ALLOWED_TAGS = {
    "a", "abbr", "b", "blockquote", "br", "code", "del", "em", "h1", "h2", "h3", "h4", "h5",
    "h6", "hr", "i", "li", "ol", "p", "pre", "s", "strong", "sub", "sup", "table", "tbody",
    "td", "tfoot", "th", "thead", "tr", "ul",
}  # fmt: skip
ALLOWED_ATTRIBUTES = {"a": {"href", "title"}, "abbr": {"title"}, "ol": {"start"}}
URL_SCHEMES = {"http", "https", "mailto"}


@dataclass(frozen=True)
class RenderedResponse:
    """The response as safe HTML, and the quotes whose elements it holds: the page lists the
    others on their own, so no quote the engine found goes missing from it."""

    html: SafeString
    placed: frozenset[int]


def response_rendering(assessment: Assessment, quotes: list[Quote]) -> RenderedResponse:
    """The response with every quote that has a place in it wrapped in its quote element."""
    detail = reverse("reviews:assessment_detail", args=[assessment.pk])
    # One URL reversal for all quotes: pages with hundreds of quotes stay fast.
    pane = reverse("reviews:quote_source", args=[assessment.pk, 1]).removesuffix("1/source/")

    def render_quotes(quotes: list[Quote]) -> list[str]:
        return render_quote_elements(
            [quote_view(quote, detail_url=detail, pane_url=pane) for quote in quotes]
        )

    verification = assessment.verification
    if verification.response_format == ResponseFormat.JSON:
        return json_response_html(
            verification.response_text, _stored_json_layout(verification), quotes, render_quotes
        )
    return markdown_response_html(verification.response_text, quotes, render_quotes)


def _stored_json_layout(verification: Verification) -> JsonLayout | None:
    """The JSON layout stored with the results; None without one, or for one an earlier
    engine stored that this one does not read (the response is shown as written)."""
    if verification.layout is None:
        return None
    try:
        return layout_from_dict(verification.layout).json_layout
    except OldLayout:
        return None


def quote_elements_html(assessment: Assessment, quotes: list[Quote]) -> list[SafeString]:
    """Quote elements on their own, for quotes without a place in the text."""
    detail = reverse("reviews:assessment_detail", args=[assessment.pk])
    pane = reverse("reviews:quote_source", args=[assessment.pk, 1]).removesuffix("1/source/")
    views = [quote_view(quote, detail_url=detail, pane_url=pane) for quote in quotes]
    return [mark_safe(element) for element in render_quote_elements(views)]


def quote_view(quote: Quote, *, detail_url: str, pane_url: str) -> dict:
    """Everything the quote element shows, as plain values: the template only escapes them."""
    corrected = quote.status == VerificationStatus.CORRECTED
    n = str(quote.n)
    return {
        "n": n,
        "form": quote.form,
        "status": quote.status,
        "icon": review_tags.status_icon(quote.status),
        "tooltip": review_tags.status_tooltip(quote),
        "reason": capfirst(review_tags.quote_reason(quote)),
        # the quote's own differences in plain words; the rules' definitions on hover
        "explanation": quote_explanation(quote, where=False),
        "attention": [a.get("why") or a.get("words", "") for a in quote.attention or ()],
        "attention_line": attention_line(quote.attention or ()),
        "left_out": _left_out(quote.context),
        "text": review_tags.shown_text(quote),
        "written": quote.text,
        # the correction as a suggested change, diffed by the worker (issue 30)
        "change": stored_runs((quote.page_diff or {}).get("change")) if corrected else [],
        "cite": review_tags.shown_citation(quote),
        "written_cite": review_tags.original_citation(quote),
        "corrected": corrected,
        "score": "" if quote.match_score is None else f"{quote.match_score:.2f}",
        "method": quote.match_method,
        "audit": [
            {
                "field": c.field,
                "old": c.old_value,
                "new": c.new_value,
                "actor": c.actor,
                "engine": c.engine_version,
                "at": c.created_at.strftime("%Y-%m-%d %H:%M"),
            }
            for c in getattr(quote, "audit", [])
        ],
        "href": f"{detail_url}?quote={n}#q{n}",
        "pane_href": f"{pane_url}{n}/source/",
        # The reviewer's word beside the engine's badge (issue 31), attached by the page's read.
        "verdict": getattr(quote, "verdict", None),
        "verdict_href": f"{pane_url}{n}/verdict/",
    }


def _left_out(context: dict | None) -> dict | None:
    """The words a quote leaves out of its sentence, shortened for the quote's popover."""
    if not context:
        return None
    return {
        "before": Truncator(context.get("left_out_before", "").strip()).chars(160),
        "after": Truncator(context.get("left_out_after", "").strip()).chars(160),
    }


def render_quote_elements(views: list[dict]) -> list[str]:
    """Render all quote elements in one template pass and split them apart again."""
    if not views:
        return []
    separator = f"<!--vbq{secrets.token_hex(8)}-->"
    html = get_template(QUOTES_TEMPLATE).render(
        {"quote_views": views, "separator": mark_safe(separator)}
    )
    return html.split(separator)[: len(views)]


def markdown_response_html(
    text: str, quotes: list[Quote], render_quotes: Callable[[list[Quote]], list[str]]
) -> RenderedResponse:
    """Each quote's place (``_replaced_span``) is swapped for a token made of letters and
    digits, which survives markdown and sanitizing unchanged; the tokens are then replaced by
    the rendered quote elements."""
    nonce = secrets.token_hex(8)
    pieces: list[str] = []
    placed = _placed(quotes, text)
    position = 0
    for quote in placed:
        start, end = _replaced_span(quote, text)
        pieces += [text[position:start], f"vbq{nonce}n{quote.n}z"]
        position = end
    pieces.append(text[position:])
    elements = {
        f"vbq{nonce}n{quote.n}z": (quote.n, element)
        for quote, element in zip(placed, render_quotes(placed), strict=True)
    }
    html = nh3.clean(
        _markdown.render("".join(pieces)),
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes=URL_SCHEMES,
        link_rel="noopener noreferrer nofollow",
        # A token that landed in a link target or title is text the model wrote there:
        # drop it, so quote elements are only ever placed in text.
        attribute_filter=lambda _tag, _attribute, value: value.replace(nonce, ""),
    )
    token_pattern = re.compile(rf"vbq{nonce}n\d+z")
    # Only tokens still in the text were placed: one dropped from a link target was not.
    shown = frozenset(elements[token][0] for token in token_pattern.findall(html))
    result = token_pattern.sub(lambda m: elements[m[0]][1], html)
    # Safe: nh3 sanitized the markdown; the quote elements were rendered by a template.
    return RenderedResponse(html=mark_safe(result), placed=shown)


def _replaced_span(quote: Quote, text: str) -> tuple[int, int]:
    """What the quote element replaces: everything the parser says belongs to the quote (its
    marks, emphasis and citation marker or attribution line; ``extent``) but a block quote's
    ``>`` opening, so the element stays inside its block quote, and the line breaks after it,
    which end the block. Rows stored before extents: the quote text. Only for a quote with a
    place in the response (``_placed``)."""
    quoted_start, quoted_end = quote.response_start, quote.response_end
    if quoted_start is None or quoted_end is None:
        raise ValueError(f"quote {quote.n} has no place in the response")
    if quote.extent_start is None:
        return quoted_start, quoted_end
    start = quote.extent_start
    opening = _BLOCK_QUOTE_OPENING.match(text, start) if quote.form == QuoteForm.BLOCK else None
    if opening:
        # Past the first line's '>' but not past its opening quotation mark ('> "…"'), which
        # belongs to the quote like its closing one: left behind, it would dangle. (An HTML
        # <blockquote> has no '>' to keep.)
        start = min(opening.end(), quoted_start)
    end = quoted_end + len(text[quoted_end : quote.extent_end].rstrip())
    return start, end


def _placed(quotes: list[Quote], text: str) -> list[Quote]:
    """Quotes with a place in the text, in order; of overlapping places only the first."""
    spans = {
        q.n: _replaced_span(q, text)
        for q in quotes
        if q.form != QuoteForm.FIELD and q.response_start is not None and q.response_end is not None
    }
    placed: list[Quote] = []
    position = 0
    for quote in sorted((q for q in quotes if q.n in spans), key=lambda q: spans[q.n]):
        start, end = spans[quote.n]
        if start >= position and end <= len(text):
            placed.append(quote)
            position = end
    return placed


# -- JSON responses -------------------------------------------------------------------------


def json_response_html(
    text: str,
    layout: JsonLayout | None,
    quotes: list[Quote],
    render_quotes: Callable[[list[Quote]], list[str]],
) -> RenderedResponse:
    """A readable tree of the JSON value the engine found and stored in ``layout`` (a code
    fence, a repair, the quote objects the bundle selects: a response cut off at its token
    limit is the repaired whole, not the longest complete object in it); string values that
    are quotes (by ``json_path``) are quote elements in place. Nothing reads the response
    again: without a stored value (none found, or a result stored before layouts were) the
    response is shown as it was written. The template (``JSON_TEMPLATE``) writes it from
    the flat rows of ``json_tree_rows``."""
    template = get_template(JSON_TEMPLATE)
    value = layout.value() if layout is not None else None
    if layout is None or value is None:
        return RenderedResponse(
            html=mark_safe(template.render({"raw": text}).strip()), placed=frozenset()
        )
    with_path = [q for q in quotes if q.json_path]
    rendered = render_quotes(with_path)
    by_path = {q.json_path: element for q, element in zip(with_path, rendered, strict=True)}
    rows, shown_paths = json_tree_rows(value, by_path)
    html = template.render(
        {
            "before": _prose(_FENCE_OPENING_AT_END.sub("", text[: layout.start])),
            "tree": rows,
            "after": _prose(_FENCE_CLOSING_AT_START.sub("", text[layout.end :])),
        }
    )
    return RenderedResponse(
        html=mark_safe(html.strip()),  # escaped by the template
        placed=frozenset(q.n for q in with_path if q.json_path in shown_paths),
    )


# The code fence around the JSON is no prose: its opening line ends the text before the JSON,
# its closing line starts the text after it.
_FENCE_OPENING_AT_END = re.compile(r"(?:^|\n)[ \t]{0,3}(?:`{3,}|~{3,})[^\n`]*\s*\Z")
_FENCE_CLOSING_AT_START = re.compile(r"\A\s*(?:`{3,}|~{3,})[ \t]*(?:\n|\Z)")


def _prose(text: str) -> str:
    """Text around the JSON (a preamble, a closing remark), shown as plain text."""
    return text.strip().strip("`").strip()  # and an inline code span's marks around JSON


_NO_HTML = mark_safe("")


@dataclass(frozen=True, slots=True)
class JsonRow:
    """One step of the JSON tree as its template writes it, in document order: a container
    opens (``object``, ``array``), an item opens with its label (``key``, ``index``), a value
    (``leaf`` of a ``leaf`` kind, or a ``quote`` element), an item or a container closes."""

    kind: str
    text: str = ""  # a label, or a leaf's value as written
    leaf: str = ""  # string, number, bool, null, empty
    html: SafeString = _NO_HTML  # a quote's element, rendered by its template


_CLOSE_ITEM = JsonRow("end_item")
_CLOSE = {"object": JsonRow("end_object"), "array": JsonRow("end_array")}


def json_tree_rows(value: Any, by_path: Mapping[str, str]) -> tuple[list[JsonRow], set[str]]:
    """``value`` as the template's rows, and the ``by_path`` paths shown (a quote's string is
    its element, ``by_path[path]``). Walked with a stack of its own: no recursion, whatever
    the depth of the value."""
    rows: list[JsonRow] = []
    shown: set[str] = set()
    # Still to write, last first: a value with its path, or a row as it is.
    stack: list[JsonRow | tuple[Any, str]] = [(value, "$")]
    while stack:
        item = stack.pop()
        if isinstance(item, JsonRow):
            rows.append(item)
            continue
        node, path = item
        if isinstance(node, dict | list) and node:
            kind = "object" if isinstance(node, dict) else "array"
            members = node.items() if isinstance(node, dict) else enumerate(node)
            rows.append(JsonRow(kind))
            stack.append(_CLOSE[kind])
            for key, child in reversed(list(members)):
                label = JsonRow("key" if kind == "object" else "index", text=str(key))
                stack.extend((_CLOSE_ITEM, (child, path + format_path((key,))[1:]), label))
            continue
        rows.append(_json_leaf(node, path, by_path, shown))
    return rows, shown


def _json_leaf(value: Any, path: str, by_path: Mapping[str, str], shown: set[str]) -> JsonRow:
    """A scalar or an empty container; a quote's string is its element."""
    if path in by_path:  # the engine's spelling of a quote's json_path
        shown.add(path)
        return JsonRow("quote", html=mark_safe(by_path[path]))  # rendered by a template
    if isinstance(value, dict | list):
        return JsonRow("leaf", text="{}" if isinstance(value, dict) else "[]", leaf="empty")
    if value is None:
        return JsonRow("leaf", text="null", leaf="null")
    if isinstance(value, bool):
        return JsonRow("leaf", text="true" if value else "false", leaf="bool")
    if isinstance(value, int | float):
        return JsonRow("leaf", text=str(value), leaf="number")
    return JsonRow("leaf", text=str(value), leaf="string")
