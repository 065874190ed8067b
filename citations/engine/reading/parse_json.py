"""Quotes of a JSON response: the quote objects' text, citation and what could not be read.

:mod:`.json_locate` finds the JSON (repairing it if it must) and the objects the bundle's
``response.quotes`` entries select; each object's text field is one quote, reported with
the concrete path of that value, e.g. ``$.topics[3].originalQuote``. A citation marker the
model copied to the end of the text (``"… [D1 ¶2]"``) is not quote text; it cites the quote
when the source field does not.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from ..types import CitationSite, ParsedQuote, ParsedResponse, QuoteFields, QuoteForm
from .json_locate import (
    PathPart,
    QuoteObject,
    counted,
    folded_name,
    format_path,
    json_kind,
    json_layout,
    locate_json,
    select_quote_objects,
    value_at,
)
from .markers import (
    SOURCE_LABEL,
    Marker,
    find_marker,
    marker_ending_at,
    parse_paragraphs,
    read_prose_citation,
)

JSON_SITE = CitationSite("cite.json_field")


def parse_json_response(text: str, quote_fields: tuple[QuoteFields, ...]) -> ParsedResponse:
    """The quotes of a JSON response, in document order, as ``field`` quotes.

    A selected object without the text field, or whose text is not a non-empty string, is
    skipped with a note; so is an entry whose path is not valid JSONPath, and an object the
    response ends inside before its source field is complete (``_fields_before_the_cut``).
    A response with no JSON that can be read or repaired gives no quotes and a note, never
    an exception.
    """
    located = locate_json(text, quote_fields)
    notes = list(located.notes)
    if located.value is None:
        layout = json_layout(text, located, [])
        return ParsedResponse(quotes=(), notes=tuple(notes), json_layout=layout)
    objects, selection_notes = select_quote_objects(located.value, quote_fields)
    notes.extend(selection_notes)
    quotes: list[ParsedQuote] = []
    quoting_entries: set[int] = set()
    source_elsewhere: dict[int, set[str]] = {}  # entry -> keys read as naming the source
    for selected in objects:
        obj = value_at(located.value, selected.parts)
        if selected.parts in located.unclosed:
            obj = _fields_before_the_cut(obj, selected, located.cut_value, notes)
            if obj is None:
                continue
        fields = selected.fields
        where = selected.text_path
        if fields.text not in obj:
            notes.append(f"{format_path(selected.parts)}: no {fields.text!r} field; skipped")
            continue
        quoted = obj[fields.text]
        if not isinstance(quoted, str) or not quoted.strip():
            written = "an empty string" if isinstance(quoted, str) else json_kind(quoted)
            notes.append(f"{where}: {written}, not a non-empty string; skipped")
            continue
        notes.extend(_repeated_fields(obj, selected))
        text_start, text_end, marker = _quote_in_field(quoted)
        quoted = quoted[text_start:text_end]
        cited_ref = _source_field(obj, fields)
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
        attributed_to = None
        if fields.source and cited_ref is None and fields.source not in obj:
            key = _source_key_elsewhere(obj, fields.source)
            if key is not None:
                attributed_to = _reference(obj[key])
                source_elsewhere.setdefault(selected.entry, set()).add(key)
        quoting_entries.add(selected.entry)
        quotes.append(
            ParsedQuote(
                n=len(quotes) + 1,
                form=QuoteForm.FIELD,
                text=quoted,
                cited_ref=cited_ref,
                cited_paragraph=cited_paragraph,
                cited_paragraphs=cited_paragraphs,
                json_path=where,
                attributed_to=attributed_to,
                site=JSON_SITE if (cited_ref or attributed_to or cited_paragraph) else None,
            )
        )
    for entry, keys in source_elsewhere.items():
        names = ", ".join(repr(key) for key in sorted(keys))
        notes.append(
            f"response.quotes[{entry}]: no {quote_fields[entry].source!r} field; {names} "
            "cites where it names a source"
        )
    notes.extend(_entries_without_quotes(located.value, objects, quoting_entries, quote_fields))
    return ParsedResponse(
        quotes=tuple(quotes), notes=tuple(notes), json_layout=json_layout(text, located, objects)
    )


def _source_key_elsewhere(obj: dict[str, Any], source: str) -> str | None:
    """The one key of ``obj`` whose name holds the source field's (``source_id``,
    ``sourceDocument`` for ``source``; ``quellenangabe`` for ``quelle``): a model that renamed
    the field still names the quote's source there, and a quote citing an ineligible source
    must not pass as uncited. None when no key or several do."""
    wanted = folded_name(source)
    keys = [key for key in obj if wanted in folded_name(key)]
    return keys[0] if len(keys) == 1 else None


def _source_field(obj: dict[str, Any], fields: QuoteFields) -> str | None:
    """The source an object's source field names (``_reference``). Several sources for one
    quote (the field written twice) name none of them, as a structure in the field does:
    the quote is flagged, never passed on one while citing another."""
    if fields.source is None:
        return None
    repeated = getattr(obj, "repeated", {})
    if fields.source in repeated:
        return json.dumps(repeated[fields.source], ensure_ascii=False)
    return _reference(obj.get(fields.source))


def _paragraph_field(value: object) -> object:
    """A paragraph field's value as ``parse_paragraphs`` reads it: a whole number written
    as a float (``3.0``, as JSON serialisers of numbers do) is that number."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _repeated_fields(obj: dict[str, Any], selected: QuoteObject) -> Iterator[str]:
    """A note for each of an object's quote fields the model wrote more than once with
    different values: ``json`` keeps the last, and the others must not vanish unseen."""
    repeated = getattr(obj, "repeated", {})
    fields = selected.fields
    for name, outcome in (
        (fields.text, "only the last is checked"),
        (fields.source, "the quote cites none of them"),
        (fields.paragraph, "the last is read"),
    ):
        if name in repeated:
            written = ", ".join(json.dumps(v, ensure_ascii=False) for v in repeated[name])
            yield (
                f"{format_path(selected.parts)}: {name!r} written {len(repeated[name])} times "
                f"({written}); {outcome}"
            )


def _entries_without_quotes(
    data: Any,
    objects: list[QuoteObject],
    quoting_entries: set[int],
    quote_fields: tuple[QuoteFields, ...],
) -> list[str]:
    """A note for each entry that selects objects of which none gave a quote (a model that
    renamed the text field): zero quotes must not read as nothing to check."""
    notes = []
    for index, fields in enumerate(quote_fields):
        selected = [o for o in objects if o.entry == index]
        if not selected or index in quoting_entries:
            continue
        names = sorted({key for o in selected for key in value_at(data, o.parts)})
        notes.append(
            f"response.quotes[{index}]: no quote in the {counted(len(selected), 'object')} "
            f"{fields.path} selects, none has a non-empty string in a {fields.text!r} field "
            f"(fields there: {', '.join(names)}); nothing of theirs is checked"
        )
    return notes


def _fields_before_the_cut(
    obj: dict[str, Any],
    selected: QuoteObject,
    cut_value: tuple[PathPart, ...] | None,
    notes: list[str],
) -> dict[str, Any] | None:
    """The fields of a quote object the response ends inside (a model at its token limit)
    that are complete; a quote text cut off is kept, and checked as far as it goes, like any
    quote that stops mid-word. None, with a note, when the source field is cut off or was
    not reached: without the quote's citation it would be searched everywhere, and a quote
    that cites an ineligible source could pass."""
    fields = selected.fields
    where = format_path(selected.parts)
    cut_field = cut_value[-1] if cut_value and cut_value[:-1] == selected.parts else None
    if fields.source and (fields.source not in obj or cut_field == fields.source):
        notes.append(
            f"{where}: the response ends before this object's {fields.source!r} field is "
            "complete; its quote is not checked"
        )
        return None
    if cut_field == fields.text:
        notes.append(f"{where}: the response ends inside the quote; checked as far as it goes")
    return {key: value for key, value in obj.items() if key != cut_field or key == fields.text}


# What follows a marker a model put before the quote text: a space, or a colon or dash and one.
AFTER_LEADING_MARKER = re.compile(r"[ \t]*[:\u2013\u2014-]?\s+")
# An attribution after the quote text: "… — D1, ¶2", "… Source: D1".
TRAILING_ATTRIBUTION = re.compile(
    rf"\s+(?:[\u2013\u2014-]{{1,2}}[ \t]*|(?={SOURCE_LABEL}))(?P<citation>[^\n\u2013\u2014]+)$"
)


def _quote_in_field(quoted: str) -> tuple[int, int, Marker | None]:
    """Where the quote text is in a quote field's value, ``[start, end)``, and the citation
    marker the model copied into the field: at its end (``"… [D1 ¶2]"``, ``"… (D1 ¶2)"``,
    ``"… — D1, ¶2"``, ``"… Source: D1"``) or at its start (``"[D1 ¶2] …"``); the whole value
    and None when there is none, or nothing but a marker. An attribution after a dash counts
    only when it names a source id or has a ``Source:`` label, never a name, which may be
    quote text.

    >>> _quote_in_field("The rent is due monthly. [D1 ¶2] ")[:2]
    (0, 24)
    >>> [_quote_in_field(q)[2].ref for q in ("[D2] The rent", "The rent — D2, ¶1")]
    ['D2', 'D2']
    >>> [_quote_in_field(q)[2] for q in ("as set out in (§ 5 Abs. 2)", "[T]he rent")]
    [None, None]
    """
    end = len(quoted.rstrip())
    marker = marker_ending_at(quoted, 0, end, parenthesized=True)
    if marker is not None and quoted[: marker.start].strip():
        return 0, len(quoted[: marker.start].rstrip()), marker
    attribution = TRAILING_ATTRIBUTION.search(quoted, 0, end)
    if attribution is not None and quoted[: attribution.start()].strip():
        marker = read_prose_citation(quoted, attribution.start("citation"), end)
        if marker is not None and not marker.named:
            return 0, attribution.start(), marker
    start = len(quoted) - len(quoted.lstrip())
    marker = find_marker(quoted, start, parenthesized=True)
    after = AFTER_LEADING_MARKER.match(quoted, marker.end) if marker is not None else None
    if marker is not None and after is not None and quoted[after.end() :].strip():
        return after.end(), len(quoted), marker
    return 0, len(quoted), None


def rewrite_quote_field(quoted: str, text: str, marker: str) -> str:
    """A quote field's value ``quoted`` with its quote text replaced by ``text`` and the
    citation marker the model copied into it by ``marker``, where it was (an attribution
    after a dash becomes the marker too); ``text`` alone when the field held no marker.

    >>> rewrite_quote_field("The rent is due. [D1 ¶2]", "The rent is due monthly.", "[D1 ¶4]")
    'The rent is due monthly. [D1 ¶4]'
    >>> rewrite_quote_field("(D2, ¶1): The rent", "The rent is due.", "[D1 ¶4]")
    '[D1 ¶4]: The rent is due.'
    >>> rewrite_quote_field("The rent — D2, ¶1", "The rent is due.", "[D1 ¶4]")
    'The rent is due. [D1 ¶4]'
    """
    start, end, copied = _quote_in_field(quoted)
    if copied is None:
        return text
    if start == 0:  # the marker follows the quote
        gap = quoted[end:]
        space = gap[: len(gap) - len(gap.lstrip())] or " "
        return f"{text}{space}{marker}"
    return f"{quoted[: copied.start]}{marker}{quoted[copied.end : start]}{text}"


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
