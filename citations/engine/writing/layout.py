"""A response's reading as plain data, stored with its results (issue 13: work done once).

What the export and the reviewer's page need of how the parser read a response: every quote
as it was read (its spans, its citation and the site that read it) and, for a JSON response,
the JSON value with its region and quote objects (``JsonLayout``). Verification stores
``layout_to_dict`` of its report's quotes once; ``layout_from_dict`` reads it back in place of
parsing the response again, so serving a page or an export never runs the readers
(repair, scans, JSONPath) on untrusted text.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..types import (
    CitationSite,
    JsonCitationSite,
    JsonLayout,
    ParsedQuote,
    QuoteFields,
    QuoteForm,
    QuoteMarks,
    QuoteObject,
)

# 2: a JSON quote object's citation site (issue 14); a layout of another version is refused.
LAYOUT_VERSION = 2


class OldLayout(ValueError):
    """A layout stored by another version of the engine, which this one does not read: the
    response must be verified again."""


@dataclass(frozen=True, slots=True)
class Layout:
    """The quotes as the parser read them, in response order, and a JSON response's
    layout (None for markdown)."""

    quotes: tuple[ParsedQuote, ...]
    json_layout: JsonLayout | None = None


def layout_to_dict(
    quotes: Iterable[ParsedQuote], json_layout: JsonLayout | None = None
) -> dict[str, Any]:
    """The reading of a response (its parsed ``quotes``, a JSON answer's ``json_layout``)
    as JSON-ready data; ``layout_from_dict`` reads it back.

    >>> site = CitationSite("cite.marker", span=(12, 20))
    >>> quote = ParsedQuote(1, QuoteForm.INLINE, "x", "D1", 2, (1, 2), (0, 20), site=site)
    >>> layout_from_dict(layout_to_dict([quote])).quotes == (quote,)
    True
    """
    data: dict[str, Any] = {
        "version": LAYOUT_VERSION,
        "quotes": [_quote_to_dict(quote) for quote in quotes],
    }
    if json_layout is not None:
        data["json"] = _json_to_dict(json_layout)
    return data


def layout_from_dict(data: dict[str, Any]) -> Layout:
    """The ``Layout`` a ``layout_to_dict`` stored; ``OldLayout`` for one of another version."""
    if data.get("version") != LAYOUT_VERSION:
        raise OldLayout(f"layout version {data.get('version')!r}, expected {LAYOUT_VERSION}")
    json_data = data.get("json")
    return Layout(
        quotes=tuple(_quote_from_dict(quote) for quote in data["quotes"]),
        json_layout=None if json_data is None else _json_from_dict(json_data),
    )


def _pair(value: list[int] | None) -> tuple[int, int] | None:
    return None if value is None else (value[0], value[1])


def _quote_to_dict(quote: ParsedQuote) -> dict[str, Any]:
    data: dict[str, Any] = {"n": quote.n, "form": quote.form.value, "text": quote.text}
    optional = {
        "cited_ref": quote.cited_ref,
        "cited_paragraph": quote.cited_paragraph,
        "response_span": quote.response_span,
        "extent": quote.extent,
        "json_path": quote.json_path,
        "cited_paragraphs": quote.cited_paragraphs,
        "cited_page": quote.cited_page,
        "cited_page_end": quote.cited_page_end,
        "attributed_to": quote.attributed_to,
        "line_prefix": quote.line_prefix,
    }
    data |= {
        key: list(v) if isinstance(v, tuple) else v
        for key, v in optional.items()
        if v is not None and v != ()
    }
    if quote.site is not None:
        data["site"] = _site_to_dict(quote.site)
    if quote.marks is not None:
        marks = quote.marks
        data["marks"] = {
            "opening": marks.opening,
            "closing": marks.closing,
            "closers": marks.closers,
        }
    return data


def _quote_from_dict(data: dict[str, Any]) -> ParsedQuote:
    return ParsedQuote(
        n=data["n"],
        form=QuoteForm(data["form"]),
        text=data["text"],
        cited_ref=data.get("cited_ref"),
        cited_paragraph=data.get("cited_paragraph"),
        response_span=_pair(data.get("response_span")),
        extent=_pair(data.get("extent")),
        json_path=data.get("json_path"),
        cited_paragraphs=tuple(data.get("cited_paragraphs", ())),
        cited_page=data.get("cited_page"),
        cited_page_end=data.get("cited_page_end"),
        attributed_to=data.get("attributed_to"),
        site=_site_from_dict(data["site"]) if "site" in data else None,
        marks=QuoteMarks(**data["marks"]) if "marks" in data else None,
        line_prefix=data.get("line_prefix"),
    )


def _site_to_dict(site: CitationSite) -> dict[str, Any]:
    data: dict[str, Any] = {"strategy": site.strategy}
    optional = {
        "span": site.span,
        "named": site.named,
        "bare": site.bare,
        "link": site.link,
        "row": site.row,
        "paragraph_cell": site.paragraph_cell,
        "marker_cell": site.marker_cell,
    }
    data |= {key: list(v) if isinstance(v, tuple) else v for key, v in optional.items() if v}
    return data


def _site_from_dict(data: dict[str, Any]) -> CitationSite:
    return CitationSite(
        strategy=data["strategy"],
        span=_pair(data.get("span")),
        named=data.get("named", False),
        bare=data.get("bare", False),
        link=data.get("link", False),
        row=_pair(data.get("row")),
        paragraph_cell=_pair(data.get("paragraph_cell")),
        marker_cell=data.get("marker_cell", False),
    )


def _json_to_dict(layout: JsonLayout) -> dict[str, Any]:
    # The value stays JSON text: a database's JSON type may reorder or merge its keys.
    return {
        "value": layout.value_json,
        "start": layout.start,
        "end": layout.end,
        "indent": layout.indent,
        "encoded_twice": layout.encoded_twice,
        "unclosed_fence": layout.unclosed_fence,
        "objects": [
            {
                "parts": list(selected.parts),
                "fields": {
                    name: value
                    for name in ("path", "text", "source", "paragraph", "url")
                    if (value := getattr(selected.fields, name)) is not None
                },
                "order": list(selected.order),
                "entry": selected.entry,
                **({} if selected.site is None else {"site": _json_site_to_dict(selected.site)}),
            }
            for selected in layout.objects
        ],
    }


def _json_from_dict(data: dict[str, Any]) -> JsonLayout:
    return JsonLayout(
        value_json=data["value"],
        start=data["start"],
        end=data["end"],
        objects=tuple(
            QuoteObject(
                parts=tuple(selected["parts"]),
                fields=QuoteFields(**selected["fields"]),
                order=tuple(selected["order"]),
                entry=selected["entry"],
                site=_json_site_from_dict(selected["site"]) if "site" in selected else None,
            )
            for selected in data["objects"]
        ),
        indent=data["indent"],
        encoded_twice=data["encoded_twice"],
        unclosed_fence=data["unclosed_fence"],
    )


def _json_site_to_dict(site: JsonCitationSite) -> dict[str, Any]:
    data: dict[str, Any] = {"quote": list(site.quote)}
    optional = {
        "source": site.source,
        "paragraph": site.paragraph,
        "url": site.url,
        "marker": site.marker,
    }
    data |= {key: list(v) for key, v in optional.items() if v}
    return data


def _json_site_from_dict(data: dict[str, Any]) -> JsonCitationSite:
    return JsonCitationSite(
        source=tuple(data.get("source", ())),
        paragraph=tuple(data.get("paragraph", ())),
        url=tuple(data.get("url", ())),
        quote=(data["quote"][0], data["quote"][1]),
        marker=_pair(data.get("marker")),
    )
