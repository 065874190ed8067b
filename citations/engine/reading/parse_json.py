"""Quotes of a JSON response: the quote objects' text, citation and what could not be read.

:mod:`.json_locate` finds the JSON (repairing it if it must) and the objects the bundle's
``response.quotes`` entries select; each object's text field is one quote, reported with
the concrete path of that value, e.g. ``$.topics[3].originalQuote``. A citation marker the
model copied to the end of the text (``"… [D1 ¶2]"``) is not quote text; it cites the quote
when the source field does not.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from ..json_paths import PathPart, format_path, value_at
from ..types import ParsedQuote, ParsedResponse, QuoteFields, QuoteForm, QuoteObject
from .cite_json import json_site, source_key_elsewhere
from .json_locate import (
    counted,
    json_kind,
    json_layout,
    locate_json,
    select_quote_objects,
)
from .spot import JsonQuote, Place, Spot
from .strategies import own_citation, walk


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
    read = list(objects)  # each with its citation's site once its quote is read
    for index, selected in enumerate(objects):
        whole = obj = value_at(located.value, selected.parts)
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
        spot = Spot(Place.JSON_FIELD, QuoteForm.FIELD, json=JsonQuote(obj, fields, quoted))
        walked = walk(Place.JSON_FIELD, spot)
        if walked is not None:
            quoted = quoted[walked[1].text_start or 0 : walked[1].text_end or len(quoted)]
        if (walked is None or walked[1].marker.named) and fields.source not in (None, *obj):
            # a renamed source field names the source as a name: noted once per entry
            key = source_key_elsewhere(obj, fields.source) if fields.source else None
            if key is not None:
                source_elsewhere.setdefault(selected.entry, set()).add(key)
        quoting_entries.add(selected.entry)
        # as the export finds the object: whole, a field the response ends inside too
        read[index] = replace(selected, site=json_site(whole, fields))
        quotes.append(
            ParsedQuote(
                n=len(quotes) + 1,
                form=QuoteForm.FIELD,
                text=quoted,
                json_path=where,
                **own_citation(walked),
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
        quotes=tuple(quotes), notes=tuple(notes), json_layout=json_layout(text, located, read)
    )


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
