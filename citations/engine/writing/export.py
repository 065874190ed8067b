"""The response with its corrections applied (003.9, ADR-1): what a pipeline gets back.

Per quote, by status: ``verified`` stays as written (an email quote's wrong paragraph
too, 011.2; JSON source and url fields are rebuilt from the cited source, ADR-1);
``corrected`` gets the source's wording and location, its citation rewritten where its
``CitationSite`` says it was written (a marker, words, an HTML attribution's text, a table
row's cells, the marker introducing it; else a marker is added after it), JSON its text,
source, paragraph and url fields in the forms the model used; a status the bundle lists in
``drop`` is removed with what belongs to it (markdown: its extent, the sentence rejoined;
JSON: its object); any other ``unverified`` / ``ineligible`` quote is flagged (``[⚠
unverified]`` after it, which the parser reads back as part of its marker run; JSON: a
last field ``"verbatim_status"``). The README's "Export" paragraph says the same for users.

A JSON response keeps what is around it (prose, code fence); only the JSON is rewritten, as
it was written (indentation, key order, a string encoded twice), repaired if it had to be.
Output is a function of the bundle and report alone: the same input gives the same bytes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

# JSON is rewritten where the reader recorded its quote objects and their citations (the
# layout verification stored, each object's ``JsonCitationSite``); a markdown response
# where each quote and its ``CitationSite`` say. Naming a source is about the bundle's
# sources, not about reading the response: the reader's name resolver says which one a
# name means.
from ..json_paths import value_at
from ..reading.source_names import resolve_source
from ..text import LINE_SPACE, LazyPattern, back, skip
from ..types import (
    FLAGGED_STATUSES,
    Bundle,
    CitationSite,
    JsonCitationSite,
    QuoteFields,
    QuoteForm,
    QuoteMarks,
    QuoteObject,
    QuoteResult,
    Report,
    Source,
    Turn,
    VerificationStatus,
)

JSON_FLAG_FIELD = "verbatim_status"
CLOSING_PUNCTUATION = ".,;:!?)]…"
CLAUSE_PUNCTUATION = ",;:"
# Quotation marks for a corrected inline quote whose new text holds its original ones.
SPARE_QUOTE_PAIRS = (("“", "”"), ("«", "»"), ("「", "」"), ("『", "』"))


def markdown_flag(status: VerificationStatus) -> str:
    """How an export marks a quote it keeps although it is not verified."""
    return f"[⚠ {status.value}]"


def export_response(bundle: Bundle, report: Report) -> str:
    """``bundle``'s response with ``report``'s corrections, drops and flags applied.

    Quotes are matched to results by their position (``extent`` / ``json_path``), so the
    report must come from parsing this bundle's response.
    """
    if bundle.response.format == "json":
        return _export_json(bundle, report)
    return _export_markdown(bundle, report)


# Markdown ---------------------------------------------------------------------------------

type Edit = tuple[int, int, str | None]  # replace [start, end) by text; None: drop and rejoin


def _export_markdown(bundle: Bundle, report: Report) -> str:
    text = bundle.response.text
    edits: list[Edit] = []
    rows = _quotes_per_row(report)
    for result in report.results:
        edits.extend(_markdown_edits(bundle, result, rows))
    edits.sort(key=lambda edit: (edit[0], edit[1]))
    out = text
    for start, end, replacement in reversed(edits):
        if replacement is None:
            out = _drop(out, start, end)
        else:
            out = out[:start] + replacement + out[end:]
    return out


def _markdown_edits(
    bundle: Bundle, result: QuoteResult, rows: dict[tuple[int, int], int]
) -> list[Edit]:
    """The edits for one quote; ``rows``: how many quotes each citing table row holds."""
    quote = result.quote
    if quote.extent is None or quote.response_span is None:
        return []
    text = bundle.response.text
    span_start, span_end = quote.response_span
    extent_start, extent_end = quote.extent
    if bundle.drops(result):
        return [(extent_start, extent_end, None)]
    insert_at = _marker_place(text, extent_start, span_end, extent_end)
    if result.status is VerificationStatus.CORRECTED and result.corrected is not None:
        corrected = result.corrected
        target = bundle.turn.source(corrected.source)
        site = quote.site
        new_marker = f"[{corrected.source} ¶{corrected.paragraph}]"
        if site is not None and site.link and target is not None and target.url:
            new_marker += f"({target.url})"
        edits: list[Edit] = []
        if quote.form is QuoteForm.BLOCK:
            new_text = _as_block_lines(corrected.text, quote.line_prefix or "> ")
        else:
            # On one line: a line break would put the rest of the line on a line of its own,
            # where a fence, heading or list marker could open ("```\"fixed\n…"), and a code
            # span is read on one line anyway; verification folds line breaks to spaces.
            new_text = LINE_BREAK.sub(" ", corrected.text)
            edits.extend(_marks_for(text, quote.marks, new_text))
        edits.append((span_start, span_end, new_text))
        edits.extend(_citation_edits(bundle, result, rows, new_marker, insert_at))
        return edits
    if result.status in FLAGGED_STATUSES:
        return [(insert_at, insert_at, f" {markdown_flag(result.status)}")]
    return []


def _citation_edits(
    bundle: Bundle,
    result: QuoteResult,
    rows: dict[tuple[int, int], int],
    new_marker: str,
    insert_at: int,
) -> list[Edit]:
    """A corrected quote's citation rewritten where its site says it was written: a table
    row's cells (a row holding one quote), a citation in words without brackets (``S1 ¶2``
    in a ``<cite>``), else ``new_marker``. A citation written for others (the sentence's, a
    heading's) or a name that cited nothing (``— Jonas Brandt``: prose) stays, and the
    marker is added after the quote."""
    site = result.quote.site
    corrected = result.corrected
    assert corrected is not None
    cited = result.cited_source is not None
    if site is not None and site.strategy == "cite.table_row" and site.row is not None:
        if rows.get(site.row) == 1:
            row_edits = _row_citation_edits(bundle, result, site)
            if row_edits is not None:
                return row_edits
    elif site is not None and site.span is not None and not (site.named and not cited):
        start, end = site.span
        on_page = _with_corrected_page(bundle.response.text[start:end], result)
        if on_page is not None:
            return [(start, end, on_page)]
        if site.bare:
            return [(start, end, f"{corrected.source} ¶{corrected.paragraph}")]
        return [(start, end, new_marker)]
    return [(insert_at, insert_at, f" {new_marker}")]


def _quotes_per_row(report: Report) -> dict[tuple[int, int], int]:
    """How many quotes stand in each table row that cites one of them (a row holding several
    keeps its citation for the others: a corrected one gets a marker). A quote in the row's
    Source / Paragraph cells is no quote of the row's."""
    cited_rows = {
        (r.quote.site.row, r.quote.site.span, r.quote.site.paragraph_cell)
        for r in report.results
        if r.quote.site is not None and r.quote.site.row is not None
    }
    spans = [r.quote.response_span for r in report.results if r.quote.response_span]
    counts: dict[tuple[int, int], int] = {}
    for row, *cells in cited_rows:
        assert row is not None
        inside = [span for span in spans if row[0] <= span[0] < row[1]]
        if any(cell and cell[0] <= span[0] < cell[1] for cell in cells for span in inside):
            continue
        counts[row] = len(inside)
    return counts


def _row_citation_edits(
    bundle: Bundle, result: QuoteResult, site: CitationSite
) -> list[Edit] | None:
    """Edits that make a table row's citation cells name where a corrected quote really is:
    a marker cell (``[D1 ¶2]``, ``D1, ¶2``, or a Source cell without a Paragraph column)
    becomes ``[SOURCE ¶N]`` (``SOURCE ¶N`` without brackets), a Source cell names the source
    as the model named sources (id, label or title), a Paragraph cell gets the number as it
    was written (``¶2`` -> ``¶3``). None when no cell can name a new source."""
    corrected = result.corrected
    assert corrected is not None
    text = bundle.response.text
    edits: list[Edit] = []
    if site.span is None:
        if corrected.source != result.cited_source:
            return None
    else:
        start, end = site.span
        written = text[start:end]
        target = bundle.turn.source(corrected.source)
        if site.marker_cell and not written.startswith(("[", "(")) and site.paragraph_cell is None:
            new = f"{corrected.source} ¶{corrected.paragraph}"
        elif site.marker_cell or site.paragraph_cell is None or target is None:
            new = f"[{corrected.source} ¶{corrected.paragraph}]"
        else:
            # a Source cell naming the source (not "—") names the new one the same way
            new = source_reference(bundle.turn, target, written if site.named else None)
        edits.append(_cell_edit(text, site.span, new))
    if site.paragraph_cell is not None:
        old = text[slice(*site.paragraph_cell)]
        edits.append(
            _cell_edit(text, site.paragraph_cell, str(_paragraph_like(old, corrected.paragraph)))
        )
    return edits


def _cell_edit(text: str, cell: tuple[int, int], new: str) -> Edit:
    """A table cell's content replaced by ``new``, the cell as wide as it was where its
    padding allows (a space stays before the next ``|``)."""
    start, end = cell
    padded = skip(text, end, chars=" \t")
    if text[padded : padded + 1] != "|":
        return (start, end, new)
    return (start, padded, new.ljust(padded - start - 1) + " ")


def _marks_for(text: str, marks: QuoteMarks | None, new_text: str) -> list[Edit]:
    """Edits that swap an inline quote's quotation marks for a pair its new text does not
    contain (the source's ``"`` inside ``"…"`` would end the quote early); none if the
    marks already fit, but a pair of two styles (``“…"``) is made whole: after new text
    ending in a digit, a straight mark would read as an inch mark."""
    if marks is None:
        return []
    opening, closing, closers = marks.opening, marks.closing, marks.closers
    mixed = text[closing] not in closers
    if not any(char in new_text for char in (text[opening], *closers, text[closing])):
        return [(closing, closing + 1, closers[0])] if mixed else []
    for pair_open, pair_close in SPARE_QUOTE_PAIRS:
        if pair_open not in new_text and pair_close not in new_text:
            return [(opening, opening + 1, pair_open), (closing, closing + 1, pair_close)]
    return []


LINE_BREAK = LazyPattern(r"[ \t]*(?:\r?\n[ \t]*)+")  # one or more, the spaces around


def _marker_place(text: str, start: int, span_end: int, end: int) -> int:
    """Where a quote's marker goes: after its extent's content, unless that ends on a line
    opening a code fence ("> ```"), whose rest would be read as the fence's info string:
    then right after the quote's text."""
    place = _end_of_content(text, start, end)
    line = text[text.rfind("\n", start, place) + 1 : place].lstrip(" \t>")
    if place > span_end and line.startswith(("```", "~~~")):
        return span_end
    return place


def _end_of_content(text: str, start: int, end: int) -> int:
    """``end`` moved back over a trailing newline and spaces (a block quote's extent ends
    after its last line)."""
    return back(text, end, start, LINE_SPACE)


def _as_block_lines(corrected: str, prefix: str) -> str:
    lines = corrected.split("\n")
    return "\n".join(
        [lines[0], *((prefix + line) if line else prefix.rstrip() for line in lines[1:])]
    )


def _drop(text: str, start: int, end: int) -> str:
    """``text`` without ``[start, end)``, joined so that the rest stays readable: no doubled
    spaces, no space before punctuation, no doubled clause punctuation, at most one blank
    line."""
    left = text[:start].rstrip(" \t\u00a0")
    right = text[end:].lstrip(" \t\u00a0")
    had_space = len(left) < start or len(right) < len(text) - end
    if right[:1] and right[0] in CLOSING_PUNCTUATION:
        if left[-1:] and left[-1] in CLAUSE_PUNCTUATION:
            left = left[:-1]
        joint = ""
    elif not left or left.endswith("\n") or not right or right.startswith(("\n", "\r")):
        joint = ""
    else:
        joint = " " if had_space else ""
    if left.endswith("\n") or not left:
        newlines_left = len(left) - len(left.rstrip("\r\n"))
        stripped_right = right.lstrip("\r\n")
        newlines_right = len(right) - len(stripped_right)
        keep = 0 if not left else max(0, min(newlines_right, 2 - newlines_left))
        if not stripped_right:  # nothing follows: end with one newline
            left, keep = (left.rstrip("\r\n") + "\n" if left else ""), 0
        right = "\n" * keep + stripped_right
    return left + joint + right


# JSON -------------------------------------------------------------------------------------


def _export_json(bundle: Bundle, report: Report) -> str:
    text = bundle.response.text
    layout = report.json_layout
    if layout is None:
        raise ValueError("a JSON response's report carries its layout (verify_bundle's)")
    data = layout.value()  # a fresh copy to change
    if data is None:
        return text
    by_path = {selected.text_path: selected for selected in layout.objects}
    removals: list[QuoteObject] = []
    for result in report.results:
        selected = by_path.get(result.quote.json_path or "")
        if selected is None or selected.site is None:  # each object read has its site
            continue
        obj = value_at(data, selected.parts)
        site = selected.site
        if bundle.drops(result) and selected.parts:
            removals.append(selected)
        elif result.status is VerificationStatus.CORRECTED and result.corrected is not None:
            _correct_object(obj, selected.fields, site, result, bundle.turn)
        elif result.status is VerificationStatus.VERIFIED:
            holder = result.cited_source or (result.match.source if result.match else None)
            target = bundle.turn.source(holder) if holder else None
            if target is not None:
                _bind_source(obj, site, result, target, bundle.turn)
        elif result.status in FLAGGED_STATUSES:
            # also a dropped root object: there is no array to leave it out of
            obj[JSON_FLAG_FIELD] = result.status.value
    # Last first, so earlier indices in the same array stay valid; an object holding two
    # dropped quotes (two text fields) once.
    removed = {selected.parts: selected for selected in removals}.values()
    for selected in sorted(removed, key=lambda s: s.order, reverse=True):
        del value_at(data, selected.parts[:-1])[selected.parts[-1]]
    # JSON encoded twice is written back the same way: as a JSON string holding the JSON.
    rendered = json.dumps(data, ensure_ascii=False, indent=layout.indent)
    if layout.encoded_twice:
        rendered = json.dumps(rendered, ensure_ascii=False)
    after = text[layout.end :]
    if layout.unclosed_fence:
        after = "\n```" + ("\n" if after.endswith("\n") else "")
    return text[: layout.start] + rendered + after


def _correct_object(
    obj: dict[str, Any],
    fields: QuoteFields,
    site: JsonCitationSite,
    result: QuoteResult,
    turn: Turn,
) -> None:
    corrected = result.corrected
    assert corrected is not None
    has_source_field = fields.source is not None and site.source[:1] == (fields.source,)
    if site.marker is None or has_source_field:
        obj[fields.text] = corrected.text
    else:
        # A marker the model copied into the quote field is its only citation: rewritten in
        # place, as the markdown export rewrites one, it is not lost with the old text.
        written_marker = obj[fields.text][slice(*site.marker)]
        marker = _with_corrected_page(written_marker, result) or (
            f"[{corrected.source} ¶{corrected.paragraph}]"
        )
        obj[fields.text] = _rewrite_quote_field(obj[fields.text], site, corrected.text, marker)
    if site.paragraph:
        written = value_at(obj, site.paragraph)
        on_page = _with_corrected_page(written, result) if isinstance(written, str) else None
        _put(obj, site.paragraph, on_page or _paragraph_like(written, corrected.paragraph))
    target = turn.source(corrected.source)
    if target is not None:
        _bind_source(obj, site, result, target, turn)


def _rewrite_quote_field(written: str, site: JsonCitationSite, text: str, marker: str) -> str:
    """A quote field's value ``written`` with its quote replaced by ``text`` and the marker
    the model copied into it (``site.marker``) by ``marker``, where it was: after the quote
    (an attribution after a dash becomes the marker too) or before it.

    >>> site = JsonCitationSite(quote=(0, 16), marker=(17, 24))
    >>> _rewrite_quote_field("The rent is due. [D1 ¶2]", site, "Rent is due.", "[D1 ¶4]")
    'Rent is due. [D1 ¶4]'
    >>> site = JsonCitationSite(quote=(10, 18), marker=(0, 8))
    >>> _rewrite_quote_field("(D2, ¶1): The rent", site, "The rent is due.", "[D1 ¶4]")
    '[D1 ¶4]: The rent is due.'
    """
    assert site.marker is not None
    (quote_start, quote_end), (marker_start, marker_end) = site.quote, site.marker
    if marker_start >= quote_end:  # the marker follows the quote
        return f"{text}{written[quote_end:marker_start] or ' '}{marker}"
    return f"{written[:marker_start]}{marker}{written[marker_end:quote_start]}{text}"


def _bind_source(
    obj: dict[str, Any], site: JsonCitationSite, result: QuoteResult, target: Source, turn: Turn
) -> None:
    """ADR-1: the source and url fields say what the source holding the text says, not what
    the model wrote (for a verified quote that is the cited source, named canonically)."""
    # where the quote's source is named (its field, a key elsewhere such as "source_id" or
    # "Kilde", a citation object's name key): the export names the source holding the text
    if site.source:
        _put(obj, site.source, source_reference(turn, target, result.quote.cited_ref))
    if site.url:
        if target.url:
            _put(obj, site.url, target.url)
        elif result.cited_source != target.id:
            _put(obj, site.url, "")  # the model's URL points at another source


def _put(obj: dict[str, Any], path: tuple[str, ...], value: object) -> None:
    """``value`` written at the key ``path`` inside ``obj`` (a key of a nested object)."""
    value_at(obj, path[:-1])[path[-1]] = value


def source_reference(turn: Turn, target: Source, written: str | None) -> str:
    """How to name ``target`` the way the model named its source (ADR-1): by id, label or
    title, whichever ``written`` was; falling back to label, then id, so that the name
    always resolves to ``target`` again.

    >>> from ..types import SourceKind
    >>> a = Source("Q1", SourceKind.DOCUMENT, ("x",), title="Plan", label="Plan, S. 58")
    >>> b = Source("Q2", SourceKind.DOCUMENT, ("y",), title="Plan", label="Plan, S. 61")
    >>> source_reference(Turn((a, b)), b, "Plan, S. 58"), source_reference(Turn((a, b)), b, "Q1")
    ('Plan, S. 61', 'Q2')
    """
    kind = _reference_kind(turn, written)
    for attribute in (kind, "label", "id"):
        name: str = getattr(target, attribute)
        resolved = resolve_source(turn, name) if name else None
        if resolved is not None and resolved.id == target.id:
            return name
    return target.id


def _reference_kind(turn: Turn, written: str | None) -> str:
    if written is None:
        return "id"
    folded = written.strip().casefold()
    matches: dict[str, Callable[[Source], bool]] = {
        "id": lambda s: s.id.casefold() == folded,  # "d1" for D1 is an id, as it resolves
        "label": lambda s: bool(s.label) and s.label.strip().casefold() == folded,
        "title": lambda s: bool(s.title) and s.title.strip().casefold() == folded,
    }
    for kind, matches_kind in matches.items():
        if any(matches_kind(s) for s in turn.sources):
            return kind
    return "label"


def _with_corrected_page(written: str, result: QuoteResult) -> str | None:
    """A citation naming a page of a paged source (``(D2, S. 58)``, a paragraph field's
    ``"S. 58"``) rewritten in its own words to the page where the quote is (``S. 59``; a
    range as a whole, ``pp. 3–4`` -> ``pp. 7``): the last place it writes the page the reader
    read (the page follows the source's name). Only when the quote stays in the cited
    source and the citation names no paragraph (else the marker names the paragraph); None
    otherwise, or when the page is not written there (a footnote's reference).

    >>> from citations.engine.types import CorrectedCitation, ParsedQuote, Reason
    >>> quote = ParsedQuote(1, QuoteForm.INLINE, "x", cited_page=12, cited_page_end=13)
    >>> result = QuoteResult(quote, "D12", VerificationStatus.CORRECTED, Reason.RELOCATED_PAGE,
    ...     None, CorrectedCitation("x", "D12", 4, page=7))
    >>> _with_corrected_page("(D12, pp. 12–13)", result), _with_corrected_page("[^1]", result)
    ('(D12, pp. 7)', None)
    """
    corrected, quote = result.corrected, result.quote
    if (
        corrected is None
        or corrected.page is None
        or quote.cited_page is None
        or quote.cited_paragraph is not None
        or corrected.source != result.cited_source
    ):
        return None
    end = rf"(?:\s*[-–—]\s*{quote.cited_page_end})?" if quote.cited_page_end else ""
    # after a page word's space or full stop ("S. 58", "p.12"), never in "[^1]" or "D12"
    written_pages = list(re.finditer(rf"(?<=[\s.]){quote.cited_page}{end}(?!\d)", written))
    if not written_pages:
        return None
    start, stop = written_pages[-1].span()
    return f"{written[:start]}{corrected.page}{written[stop:]}"


def _paragraph_like(old: object, number: int) -> object:
    """``number`` written the way ``old`` was: an int, or the same string with its number
    replaced ("¶3" -> "¶4", "S. 3" -> "S. 4", a range as a whole: "Abs. 3-4" -> "Abs. 7").

    >>> _paragraph_like("Abs. 3-4", 7), _paragraph_like("¶3", 4), _paragraph_like([3], 4)
    ('Abs. 7', '¶4', 4)
    """
    if isinstance(old, str) and re.search(r"\d+", old):
        return re.sub(r"\d+(?:\s*[-–]\s*\d+)?", str(number), old, count=1)
    if isinstance(old, str) and old.strip():
        return str(number)
    return number
