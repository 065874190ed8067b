"""A JSON quote object's citation: its source and paragraph fields (by id, label, title,
URL or in words; a citation written as an object, ``{"id": "D2", "para": 3}``), a key
whose name holds the source field's, or a marker the model copied into the text field:
the ``cite.json_field`` strategy. A copied marker is not quote text; it cites the quote
when the fields do not (or name the same source)."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from ..text import LazyPattern
from ..types import JsonCitationSite, QuoteFields
from .locators import cited_page
from .markers import (
    SOURCE_LABEL,
    SOURCE_LABEL_WORDS,
    Marker,
    find_marker,
    marker_ending_at,
    parse_paragraphs,
    read_prose_citation,
)
from .spot import Found, Spot


def json_field(spot: Spot) -> Found | None:
    """``cite.json_field``: the citation of a JSON quote object (``Spot.json``). The source
    field names the source (``_reference``), the paragraph field (or the paragraph written
    inside a source object) the paragraph; a marker copied to the end or start of the text
    field cites when the source field does not, or names the same source; a renamed source
    field (``source_id`` for ``source``) names it as a name. ``text_start``/``text_end``:
    where the quote is in the text field's value, without a copied marker."""
    assert spot.json is not None
    obj, fields, quoted = spot.json.obj, spot.json.fields, spot.json.value
    text_start, text_end, marker, _ = _quote_in_field(quoted)
    cited_ref = _source_field(obj, fields.source)
    cited_paragraph, cited_paragraphs = (
        parse_paragraphs(_paragraph_field(obj.get(fields.paragraph)))
        if fields.paragraph
        else (None, ())
    )
    nested = obj.get(fields.source) if fields.source else None
    if cited_paragraph is None and isinstance(nested, dict):
        # "source": {"id": "M2", "para": 3}: the paragraph written inside the source
        cited_paragraph, cited_paragraphs = parse_paragraphs(_nested(nested, PARAGRAPH_KEYS))
    # A marker copied into the quote cites when the fields do not; where they do, the
    # field cites (in markdown too the first citation of a quote counts, not the others).
    if marker is not None and cited_ref in (None, marker.ref):
        cited_ref = marker.ref
        if cited_paragraph is None:
            cited_paragraph, cited_paragraphs = marker.paragraph, marker.paragraphs
    # a page in the paragraph field ("S. 58"), else in the source field ("D2, p. 12")
    page = _field_page(obj, fields.paragraph) or _field_page(obj, fields.source)
    if page is None and marker is not None and marker.page is not None:
        page = marker.page, marker.page_end
    attributed_to = None
    if cited_ref is None and fields.source not in obj:
        key = source_key_elsewhere(obj, fields.source)
        if key is not None:
            attributed_to = _reference(obj[key])
    if not (cited_ref or attributed_to or cited_paragraph):
        return None  # a copied marker always cites
    cited = Marker(
        ref=cited_ref or attributed_to or "",
        paragraph=cited_paragraph,
        url=None,
        start=0,
        end=0,
        paragraphs=cited_paragraphs,
        page=page[0] if page else None,
        page_end=page[1] if page else None,
        named=cited_ref is None,
    )
    return Found(cited, text_start=text_start, text_end=text_end)


def _source_field(obj: dict[str, Any], source: str | None) -> str | None:
    """The source an object's source field names (``_reference``). Several sources for one
    quote (the field written twice) name none of them, as a structure in the field does:
    the quote is flagged, never passed on one while citing another."""
    if source is None:
        return None
    repeated = getattr(obj, "repeated", {})
    if source in repeated:
        return json.dumps(repeated[source], ensure_ascii=False)
    return _reference(obj.get(source))


def _field_page(obj: dict[str, Any], field: str | None) -> tuple[int, int | None] | None:
    """The page a paragraph or source field written as text names (``"S. 58"``)."""
    value = obj.get(field) if field else None
    return cited_page(value) if isinstance(value, str) else None


def _paragraph_field(value: object) -> object:
    """A paragraph field's value as ``parse_paragraphs`` reads it: a whole number written
    as a float (``3.0``, as JSON serialisers of numbers do) is that number."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def source_key_elsewhere(obj: dict[str, Any], source: str | None) -> str | None:
    """The one key of ``obj`` whose name holds the source field's (``source_id``,
    ``sourceDocument`` for ``source``; ``quellenangabe`` for ``quelle``), else the one that
    is a source label of any language (``Kilde``, ``Источник``): a model that renamed the
    field still names the quote's source there, and a quote citing an ineligible source
    must not pass as uncited; also where the bundle names no source field. None when no
    key or several do."""
    from .json_locate import folded_name  # on use: a markdown answer loads no JSON machinery

    wanted = folded_name(source) if source else None
    written = [key for key in obj if obj[key] not in (None, "", [], {})]
    keys = [key for key in written if wanted and wanted in folded_name(key)]
    if not keys:
        # a key that is a source label of any language ("Kilde", "Источник", "出典")
        keys = [key for key in written if folded_name(key) in _LABEL_KEYS]
    return keys[0] if len(keys) == 1 else None


_LABEL_KEYS = frozenset(
    word.rstrip(".").casefold() for words in SOURCE_LABEL_WORDS.values() for word in words
) - {"cite"}


# What follows a marker a model put before the quote text: a space, or a colon or dash and one.
AFTER_LEADING_MARKER = LazyPattern(r"[ \t]*[:\u2013\u2014-]?\s+")
# An attribution after the quote text: "… — D1, ¶2", "… Source: D1".
TRAILING_ATTRIBUTION = LazyPattern(
    r"\s+(?P<attribution>(?:[\u2013\u2014-]{1,2}[ \t]*|(?="
    rf"{SOURCE_LABEL}))(?P<citation>[^\n\u2013\u2014]+))$"
)


_ATTRIBUTION_SIGNS = "-\u2013\u2014:："


@lru_cache(maxsize=1024)  # read for the citation and again for its site
def _quote_in_field(quoted: str) -> tuple[int, int, Marker | None, tuple[int, int] | None]:
    """Where the quote text is in a quote field's value, ``[start, end)``, the citation
    marker the model copied into the field and where it is written: at its end (``"… [D1
    ¶2]"``, ``"… (D1 ¶2)"``, ``"… — D1, ¶2"``, ``"… Source: D1"``: an attribution from its
    dash or label) or at its start (``"[D1 ¶2] …"``); the whole value and None when there
    is none, or nothing but a marker. An attribution after a dash counts only when it names
    a source id or has a ``Source:`` label, never a name, which may be quote text.

    >>> start, end, marker, written = _quote_in_field("The rent is due monthly. [D1 ¶2] ")
    >>> start, end, marker.ref, written
    (0, 24, 'D1', (25, 32))
    >>> [(_quote_in_field(q)[2].ref, _quote_in_field(q)[3]) for q in ("[D2] R", "R — D2, ¶1")]
    [('D2', (0, 4)), ('D2', (2, 10))]
    >>> [_quote_in_field(q)[2] for q in ("as set out in (§ 5 Abs. 2)", "[T]he rent")]
    [None, None]
    """
    end = len(quoted.rstrip())
    marker = marker_ending_at(quoted, 0, end, parenthesized=True)
    if marker is not None and quoted[: marker.start].strip():
        return 0, len(quoted[: marker.start].rstrip()), marker, (marker.start, marker.end)
    # an attribution opens with a dash or a label's colon: a value without one is not searched
    attribution = (
        TRAILING_ATTRIBUTION.search(quoted, 0, end)
        if any(sign in quoted for sign in _ATTRIBUTION_SIGNS)
        else None
    )
    if attribution is not None and quoted[: attribution.start()].strip():
        marker = read_prose_citation(quoted, attribution.start("citation"), end)
        if marker is not None and not marker.named:
            return 0, attribution.start(), marker, (attribution.start("attribution"), end)
    start = len(quoted) - len(quoted.lstrip())
    marker = find_marker(quoted, start, parenthesized=True)
    after = AFTER_LEADING_MARKER.match(quoted, marker.end) if marker is not None else None
    if marker is not None and after is not None and quoted[after.end() :].strip():
        return after.end(), len(quoted), marker, (marker.start, marker.end)
    return 0, len(quoted), None, None


def json_site(obj: dict[str, Any], fields: QuoteFields) -> JsonCitationSite:
    """Where the citation of the quote object ``obj`` is written (``JsonCitationSite``),
    recorded with its quote: the export writes the corrected source, paragraph, url and a
    marker copied into the text there, and reads nothing of the object again. The source
    field when the object has it, else a key elsewhere naming the source; inside either, a
    citation written as an object's name key. The paragraph field when the object has it,
    else the paragraph key of a source written as an object.

    >>> fields = QuoteFields("$", "q", source="source", paragraph="paragraph")
    >>> json_site({"q": "The rent. [D1 ¶2]", "source": {"id": "D1", "para": 2}}, fields)
    JsonCitationSite(quote=(0, 9), marker=(10, 17), source=('source', 'id'), \
paragraph=('source', 'para'), url=())
    >>> json_site({"q": "The rent.", "Kilde": "D1"}, fields).source
    ('Kilde',)
    """
    source_key = fields.source if fields.source in obj else source_key_elsewhere(obj, fields.source)
    source: tuple[str, ...] = ()
    if source_key is not None:
        named = obj[source_key]
        name_key = nested_key(named, NAME_KEYS) if isinstance(named, dict) else None
        source = (source_key,) if name_key is None else (source_key, name_key)
    paragraph: tuple[str, ...] = ()
    if fields.paragraph and fields.paragraph in obj:
        paragraph = (fields.paragraph,)
    elif (
        fields.source
        and isinstance(nested := obj.get(fields.source), dict)
        and (key := nested_key(nested, PARAGRAPH_KEYS))
    ):
        paragraph = (fields.source, key)
    start, end, _, marker = _quote_in_field(obj[fields.text])
    return JsonCitationSite(
        source=source,
        paragraph=paragraph,
        url=(fields.url,) if fields.url and fields.url in obj else (),
        quote=(start, end),
        marker=marker,
    )


# The keys of a citation written as an object, in the order they name a source or a place.
NAME_KEYS = (
    "id",
    "source_id",
    "sourceid",
    "doc_id",
    "document_id",
    "source",
    "doc",
    "document",
    "ref",
    "label",
    "title",
    "name",
    "url",
)
PARAGRAPH_KEYS = ("paragraph", "para", "paragraph_number", "p", "¶", "absatz", "abs")


def nested_key(value: dict[str, Any], keys: tuple[str, ...]) -> str | None:
    """The key of ``value`` that is the first of ``keys`` it has with a value (compared
    ignoring case), as written: where a citation written as an object names its source
    (``NAME_KEYS``) or paragraph (``PARAGRAPH_KEYS``)."""
    written = {
        str(key).strip().casefold(): key
        for key, item in value.items()
        if item not in (None, "", [], {})
    }
    return next((written[key] for key in keys if key in written), None)


def _nested(value: dict[str, Any], keys: tuple[str, ...]) -> object:
    key = nested_key(value, keys)
    return None if key is None else value[key]


def _reference(value: object) -> str | None:
    """A source or URL field's value as the text that names it, None when it names nothing.

    A list names what its first item names (the first of several citations cites, as in a
    marker run). Any other structure is kept as written: it names no source, so the quote is
    reported as citing an unknown one, never searched in every source as if it cited none.

    An object names what its id (or name, title, URL) field names: ``{"id": "D2", "para":
    3}``, as models nest a citation.

    >>> [_reference(v) for v in ("D1 ", 2, ["D2", "D1"], {"id": "D2"}, [], None, "")]
    ['D1', '2', 'D2', 'D2', None, None, None]
    >>> _reference({"page": 3})
    '{"page": 3}'
    """
    if isinstance(value, list):
        return _reference(value[0]) if value else None
    if isinstance(value, dict) and (named := _nested(value, NAME_KEYS)) is not None:
        return _reference(named)
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str):
        return value.strip() or None
    return json.dumps(value, ensure_ascii=False) if value else None
