"""Where the citation of a quote in a markdown response stands: after an inline quote (right
after it, after a dash, in parentheses, after a punctuation mark or an editorial note), ending
a block quote's last line or alone on the next (an attribution line), or in a footnote whose
definition names it. Where a citation can stand is :mod:`.strategies`."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from .locators import names_a_source
from .markdown_lines import Lines
from .markers import (
    FOOTNOTE_DEFINITION,
    FOOTNOTE_REFERENCE,
    HORIZONTAL_SPACE,
    MARKER,
    PARAGRAPH_WORD,
    PARENTHESIZED_ID,
    SOURCE_LABEL,
    Marker,
    after_flags,
    before_flags,
    find_marker,
    footnote_citation,
    footnote_label,
    marker_ending_at,
    read_citation,
    read_prose_citation,
)

# What may stand between a block quote's text and its marker: "… — [S1]", "… — Source: [S1]".
ATTRIBUTION_DASH = re.compile(
    rf"[ \t]*(?:[—–―]|-{{1,2}})[ \t]*{SOURCE_LABEL}?$|[ \t]*{SOURCE_LABEL}$"
)
# How an attribution line starts: "— [S1 ¶2]", "-- D1, ¶3", "— Source: [POL ¶2]", "Quelle: D1".
ATTRIBUTION_LEAD = re.compile(rf"[ \t]*(?P<dash>[—–―-]{{1,2}}[ \t]*)?(?P<label>{SOURCE_LABEL})?")
# What may stand between an inline quote and its marker: a dash, an opening parenthesis
# ("…" — [S1], "…" ([S1 ¶2])).
INLINE_MARKER_LEAD = re.compile(r"[ \t]*(?:[—–-]{1,2}[ \t]*)?(?P<paren>\()?")
CLOSING_PAREN = re.compile(r"[ \t]*\)")


type Footnotes = dict[str, Marker]


def find_footnotes(text: str, lines: Lines, regions: list[tuple[str, int, int]]) -> Footnotes:
    """The citation of each footnote defined outside code blocks, by label; the first
    definition of a label counts. A numbered list's item (``3. News article``) defines
    one only below every reference to its number: a reference list follows what it
    explains, and a list in the answer's body above the reference is no reference list."""
    code = [
        (lines.start(first), lines.end(last)) for kind, first, last in regions if kind == "code"
    ]
    definitions = list(FOOTNOTE_DEFINITION.finditer(text))
    # where each definition's own label stands ("[3]" of "[3] News article"): no reference
    defining = {d.start() + len(d.group()) - len(d.group().lstrip(" \t")) for d in definitions}
    last_reference = {
        footnote_label(m): m.start()
        for m in FOOTNOTE_REFERENCE.finditer(text)
        if m.start() not in defining
    }
    found: Footnotes = {}
    for definition in definitions:
        if any(start <= definition.start() < end for start, end in code) or (
            definition["listed"]
            and definition.start() < last_reference.get(definition["listed"], -1)
        ):
            continue
        label = footnote_label(definition)
        marker = footnote_citation(text, definition)
        if marker is not None and label not in found:
            found[label] = marker
    return found


def footnote_marker(text: str, position: int, footnotes: Footnotes) -> Marker | None:
    """The citation of the footnote references written at ``position`` (after spaces),
    ``[^1]``, ``[1][2]``, ``¹``, also after a full stop or comma: the first one defined
    cites; the run is its extent. A number no definition explains is a numbered reference
    to the sources (``"…" [3]`` as Perplexity writes, ``[^3^]`` as Copilot, ``[cite: 3]``
    as Gemini, ``³``): it names the source labelled ``3``, when one is (a name: else the
    quote stays uncited)."""
    start = _skip_space(text, position)
    if text[start : start + 1] in (".", ",", ";", ":") and FOOTNOTE_REFERENCE.match(
        text, _skip_space(text, start + 1)
    ):
        start += 1  # after the sentence's full stop: "…".[^2], "…". [2]
    end, cited, numbers = start, None, []
    while (found := FOOTNOTE_REFERENCE.match(text, _skip_space(text, end))) is not None:
        cited = cited or footnotes.get(footnote_label(found))
        numbers.append(footnote_label(found))
        end = found.end()
    if cited is None:
        if not numbers:
            return None
        return Marker(numbers[0], None, None, start, after_flags(text, end), named=True)
    return replace(cited, start=start, end=after_flags(text, end))


def _skip_space(text: str, position: int) -> int:
    while position < len(text) and text[position] in HORIZONTAL_SPACE:
        position += 1
    return position


def _footnote_ending_at(
    text: str, start: int, end: int, footnotes: Footnotes, *, whole: bool = False
) -> Marker | None:
    """The footnote reference run that ends ``text[start:end]`` (is all of it, with
    ``whole``); a superscript only after punctuation ("… gelagert werden.¹"), as after a
    letter or digit it may be the text's own ("120 m²")."""
    for found in FOOTNOTE_REFERENCE.finditer(text, start, end):
        if whole and text[start : found.start()].strip(HORIZONTAL_SPACE):
            return None
        before = text[found.start() - 1] if found.start() > start else " "
        if found["sup"] and before.isalnum():
            continue
        marker = footnote_marker(text, found.start(), footnotes)
        if marker is not None and marker.end == end:
            return marker
    return None


# What a writer puts between a quote and its marker: a punctuation mark ("…", [S1]) and an
# editorial note ("…" (emphasis added) [S1], "…" (sic) [S1]); without a marker after them
# they are prose.
INTERPOSED = re.compile(r"[.,;:]?(?:[ \t]*\((?P<note>[^()\[\]\n\"“”„«»]{1,40})\))?")


# A citation in words after an inline quote: in parentheses or brackets ("(see D1 at ¶4)",
# "[Doc D1, ¶3]", "(Lease Agreement, §4)", "(<cite>Lease 2019</cite>)", "(¶3)"), or after a
# dash to the end of its line or sentence ("— D1, ¶3", "– Lease Agreement, §4").
# Words that open with a quotation mark are another quote ('"A" — "B" [S1]'), never a
# citation of the quote before them.
PROSE_CITATION_AFTER = re.compile(
    r"""[,:]?[ \t]*(?:\((?![ \t]*["'“”„«»‹›‚‘’「『〝])(?P<in_parentheses>[^()\n]{1,120})\)
        |\[(?![ \t]*["'“”„«»‹›‚‘’「『〝])(?P<in_brackets>[^\[\]\n]{1,120})\](?:\([^()\s]*\))?
        |(?:[—–―]|-{1,2})[ \t]*(?![ \t]*["'“”„«»‹›‚‘’「『〝])(?P<after_dash>[^\n\[]{1,120}?)
            (?=[ \t]*\[|[.;]?[ \t]*(?:\n|$)|[.;][ \t]+\S))""",
    re.VERBOSE,
)


# ChatGPT's file citation, "【4:0†source】" or "【4:0†lease_2019.pdf】": the name after the
# dagger is a file's, which cites only if it is a known source's title or label ("source",
# the default, never is).
FILE_CITATION = re.compile(
    r"[ \t]*【[ \t]*\d{1,4}(?::\d{1,4})?[ \t]*†[ \t]*(?P<name>[^】\n]{1,80}?)[ \t]*】"
)


def inline_marker(text: str, position: int, *, in_words: bool = True) -> Marker | None:
    """The marker after an inline quote: right after it, after a dash, or in parentheses
    (which then belong to the marker, so a dropped quote takes them along); also after a
    punctuation mark or an editorial note in parentheses (which belong to it too). Else a
    citation in words (``(see D1 at ¶4)``, ``— Lease Agreement, §4``, ``(¶3)``), as
    ``read_prose_citation`` reads it (unless not ``in_words``): a name cites only if it
    names a known source."""
    marker = _marker_after_quote(text, position)
    if marker is None:
        interposed = INTERPOSED.match(text, position)
        assert interposed is not None  # every part is optional
        if interposed.end() > position:
            marker = _marker_after_quote(text, interposed.end())
    if (
        marker is None
        and in_words
        and (found := PROSE_CITATION_AFTER.match(text, position)) is not None
    ):
        group = next(g for g in ("in_parentheses", "in_brackets", "after_dash") if found[g])
        marker = read_prose_citation(text, *found.span(group))
        # A marker after the words is the citation ("— Lease, §4 [D1 ¶3]", as an export
        # writes a corrected one), the words a note before it.
        after = find_marker(text, found.end())
        if after is not None:
            marker = replace(after, start=position)
        elif marker is not None:
            marker = replace(marker, start=position, end=after_flags(text, found.end()))
    if marker is None and in_words and (found := FILE_CITATION.match(text, position)):
        end = after_flags(text, found.end())
        marker = Marker(found["name"], None, None, position, end, named=True)
    return marker


def _marker_after_quote(text: str, position: int) -> Marker | None:
    marker = find_marker(text, position, parenthesized=True)
    if marker is not None:
        return marker
    lead = INLINE_MARKER_LEAD.match(text, position)
    assert lead is not None  # every part is optional
    after_dash = lead.start("paren") if lead["paren"] else lead.end()
    if (
        after_dash > position
        and (marker := find_marker(text, after_dash, parenthesized=True)) is not None
    ):
        return marker
    if lead.end() == position or (marker := find_marker(text, lead.end())) is None:
        return None
    if lead["paren"] is None:
        return marker
    closing = CLOSING_PAREN.match(text, marker.end)
    if closing is None:
        return None
    return replace(marker, start=lead.start("paren"), end=after_flags(text, closing.end()))


@dataclass(frozen=True, slots=True)
class WrittenCitation:
    """Where a quote's citation without brackets is written: ``text[start:end]``. ``name``
    is set when it is a name in words (``— Jonas Brandt``), which cites only when it names a
    known source and otherwise is the writer's prose. ``bare``: a new citation written there
    has no brackets (``S1 ¶2``), which would make it a marker of its own."""

    start: int
    end: int
    name: str | None = None
    bare: bool = False


BLOCK_LINE_PREFIX = re.compile(r"[ \t]*(?:>[ \t]?)*")


def written_citation(text: str, start: int, end: int) -> WrittenCitation | None:
    """The citation written without brackets that ends ``text[start:end]``, the part of a
    quote's extent after its text, as the parser read it: in words (``(see D1 at ¶ 4)``,
    ``— D1, ¶3``, ``(Lease Agreement, §4)``), as ChatGPT's file citation (``【4:0†source】``),
    or as an attribution line after it (``"…"`` / ``— D1, ¶3``, ``> — Quelle: D1, Abs. 3``;
    a dash or label before it stays). None when the extent ends otherwise (a marker in
    brackets, which an export finds as a marker, or nothing).

    >>> def written(extent_tail):
    ...     found = written_citation(extent_tail, 0, len(extent_tail))
    ...     return found and (extent_tail[found.start : found.end], found.name)
    >>> written('" (see D1 at ¶ 4)'), written('" — Jonas Brandt'), written('”【4:0†source】')
    (('(see D1 at ¶ 4)', None), ('— Jonas Brandt', 'Jonas Brandt'), ('【4:0†source】', None))
    """
    while end > start and text[end - 1] in "\r\n" + HORIZONTAL_SPACE:
        end -= 1
    end = before_flags(text, start, end)
    line_start = text.rfind("\n", start, end) + 1
    if line_start > start:
        prefix = BLOCK_LINE_PREFIX.match(text, line_start, end)
        assert prefix is not None  # every part is optional
        marker = _attribution(text, prefix.end(), end)
        return WrittenCitation(marker.start, end) if marker is not None else None
    for position in range(start, end):
        if (found := FILE_CITATION.match(text, position)) is not None and found.end() == end:
            return WrittenCitation(position + found.group().index("【"), end)
        found = PROSE_CITATION_AFTER.match(text, position)
        if found is None or found.end() != end or text[position] in ",: \t":
            continue
        group = next(g for g in ("in_parentheses", "in_brackets", "after_dash") if found[g])
        marker = read_prose_citation(text, *found.span(group))
        if marker is None:
            return None
        return WrittenCitation(position, end, marker.ref if marker.named and marker.ref else None)
    return None


LINE_BREAK_AFTER_QUOTE = re.compile(r"[.,;:]?[ \t]*\r?\n")


def next_line_marker(text: str, position: int) -> Marker | None:
    """The marker on the line after an inline quote that ends its line, when it is all of
    that line: ``"…"`` / ``[D1 ¶3]``, ``— D1, ¶3``, ``(Quelle: D0, Abs. 2)`` (an attribution
    line, as after a block quote). Read as prose, the quote was uncited, searched everywhere,
    and passed while its marker named an ineligible source."""
    found = LINE_BREAK_AFTER_QUOTE.match(text, position)
    if found is None:
        return None
    end = text.find("\n", found.end())
    end = len(text) if end < 0 else end
    while end > found.end() and text[end - 1] in "\r \t":
        end -= 1
    marker = _attribution(text, found.end(), end)
    return replace(marker, start=position) if marker is not None else None


def lone_marker(text: str, lines: Lines, line: int, footnotes: Footnotes) -> Marker | None:
    """The marker that is all of ``line``: an attribution line (see ``_attribution``) or a
    footnote reference."""
    start, end = lines.start(line), lines.content_end(line)
    return _attribution(text, start, end) or _footnote_ending_at(
        text, start, end, footnotes, whole=True
    )


def _attribution(text: str, start: int, end: int) -> Marker | None:
    """The citation that is all of ``text[start:end]`` as a line attributing a block quote:
    a marker in brackets (``[S1 ¶2]``); after a dash or a ``Source:`` label also one in
    parentheses or without brackets when it has a source id's shape (``— [D1 ¶3]``,
    ``-- D1, ¶3``, ``— Source: [POL ¶2]``, ``Quelle: D1, Abs. 3``), or a name with a locator
    (``— Source: Handbook §2.1``). A dash before a name (``— Jonas Brandt``) is no citation."""
    lead = ATTRIBUTION_LEAD.match(text, start, end)
    assert lead is not None  # every part is optional
    marker = read_citation(text, lead.end(), end, shaped_only=not lead["label"])
    if marker is None and lead["dash"]:
        marker = _marker_after_name(text, lead.end(), end)
    if marker is None and (lead["dash"] or lead["label"]):
        # a name with a locator ("— Source: Handbook §2.1"): a citation in words, never
        # quote text; it cites the source so named, if the turn has one
        name = text[lead.end() : end].strip()
        if names_a_source(name):
            return Marker(name, None, None, lead.start(), end, named=True)
    if marker is None or not (lead["dash"] or lead["label"] or text[marker.start] in "[(［（"):
        return None
    return marker


MAX_NAME_WORDS = 6


def _marker_after_name(text: str, start: int, end: int) -> Marker | None:
    """The marker (in brackets or parentheses) that ends ``text[start:end]`` after the name
    of whoever is quoted: "Tom Becker, [E2 ¶3]", "Tom Becker (E2 ¶3)", "Frau Lang, Brightwater
    GmbH [E1]". Capitalised, and two words or a comma after it: "Monday [S1]" may be the
    last item of a quoted list."""
    marker = marker_ending_at(text, start, end, parenthesized=True)
    if marker is None:
        return None
    name = text[start : marker.start].strip()
    words = name.rstrip(",").split()
    if (
        not 0 < len(words) <= MAX_NAME_WORDS
        or any(char in name for char in "[]()!?;")
        or not words[0][0].isupper()
        or not (name.endswith(",") or (len(words) > 1 and words[-1][0].isupper()))
    ):
        return None
    return marker


# A block quote's last line naming who is quoted: a dash, one to four capitalised words,
# perhaps a role after a comma ("— Tom", "— Jonas Brandt, Einkauf").
PERSON_LINE = re.compile(
    r"[ \t]*(?:[—–―]|-{1,2})[ \t]*(?P<name>[^\W\d_][\w.'’-]*(?:[ \t]+[^\W\d_][\w.'’-]*){0,3})"
    r"(?:[ \t]*,[^\n\[\]()]{1,40})?[ \t]*"
)


def _names_a_person(text: str, start: int, end: int) -> bool:
    found = PERSON_LINE.fullmatch(text, start, end)
    return found is not None and all(word[0].isupper() for word in found["name"].split())


def trailing_marker(
    text: str, content: list[tuple[int, int]], footnotes: Footnotes
) -> tuple[Marker | None, list[tuple[int, int]]]:
    """A marker ending the last ``>`` line (or being all of it), and the content without it
    (and without a dash before it)."""
    start, end = content[-1]
    attribution = _attribution(text, start, end)
    if attribution is not None:
        return attribution, content[:-1]
    marker = marker_ending_at(text, start, end) or _footnote_ending_at(text, start, end, footnotes)
    if marker is None and len(content) > 1 and _names_a_person(text, start, end):
        return None, content[:-1]  # "> — Tom": who said it, neither quote text nor a citation
    if marker is None:
        return None, [*content[:-1], (start, before_flags(text, start, end))]
    dash = ATTRIBUTION_DASH.search(text, start, marker.start)
    text_end = dash.start() if dash else marker.start
    while text_end > start and text[text_end - 1] in HORIZONTAL_SPACE:
        text_end -= 1
    rest = content[:-1] if text_end == start else [*content[:-1], (start, text_end)]
    while rest and rest[-1][0] >= rest[-1][1]:
        rest.pop()
    return marker, rest


def marker_after(
    text: str, lines: Lines, last: int, footnotes: Footnotes
) -> tuple[Marker | None, int]:
    """A lone marker on the line after the block, or after one blank line."""
    for line in (last + 1, last + 2):
        if line >= len(lines):
            break
        marker = lone_marker(text, lines, line, footnotes)
        if marker is not None:
            return marker, line
        if text[lines.start(line) : lines.content_end(line)].strip():
            break
    return None, last


def lead_in_marker(text: str, lines: Lines, first: int) -> Marker | None:
    """The last marker of the line that introduces a block quote with a colon, right before
    it or one blank line up: ``From the 2019 lease [OLD ¶1]:``, ``The clause (D1 ¶3):``. The
    writer cites the block there; read as uncited, it would be searched everywhere and pass
    even when the cited source is not eligible."""
    for line in (first - 1, first - 2):
        if line < 0:
            break
        start, end = lines.start(line), lines.content_end(line)
        if not text[start:end].strip():
            continue
        if not text[start:end].rstrip().endswith(":"):
            return None
        found = list(MARKER.finditer(text, start, end))
        return find_marker(text, found[-1].start(), parenthesized=True) if found else None
    return None


# Words before the name of a source in a heading or label: "From the lease", "Quotes from the
# Lease Agreement", "Aus dem Mietvertrag", "Zitate aus der Mail".
CONTEXT_LEAD = re.compile(
    r"(?:(?:key[ \t]+)?quot(?:es|ations)[ \t]+|zitate[ \t]+)?"
    r"(?:from|in|according[ \t]+to|aus|laut|gemäß|nach)[ \t]+(?:(?:the|dem|der|den|des)[ \t]+)?",
    re.IGNORECASE,
)
# A source id in a heading's words ("### D1 – Lease Agreement"); "Q3" may be one too, so it
# cites only when verification finds a source of that id.
BARE_SOURCE_ID = re.compile(
    r"(?<![\w/#.\[(-])[A-Za-z][A-Za-z_-]{0,15}\d[A-Za-z0-9_.-]{0,10}(?![\w\]-])"
)
CONTEXT_DECORATION = HORIZONTAL_SPACE + "#*_`:"
ANOTHER_CITATION = re.compile(rf"[,;][ \t]*(?!{PARAGRAPH_WORD})[A-Za-z]")


def context_citation(text: str, start: int, end: int) -> Marker | None:
    """The source a heading or a label line (``**From the lease (D1):**``) names for the
    quotes under it, or None when it names several or none. Only the source: which
    paragraph holds each quote it does not say. A marker whose id has a source id's shape
    cites (``(D1)``, ``[S1]``); anything else is a name that cites only when verification
    resolves it (``[Draft]``, a bare ``D1`` in the words, ``Lease Agreement``)."""
    found = list(MARKER.finditer(text, start, end))
    if len({m["ref"] for m in found}) > 1 or any(
        ANOTHER_CITATION.search(text, m.end("ref"), m.end()) for m in found
    ):
        return None
    if found:
        ref = found[-1]["ref"]
        shaped = re.match(PARENTHESIZED_ID, ref) is not None
        return Marker(ref=ref, paragraph=None, url=None, start=start, end=end, named=not shaped)
    written = " ".join(text[start:end].strip(CONTEXT_DECORATION).split())
    ids = set(BARE_SOURCE_ID.findall(written))
    if len(ids) > 1:
        return None
    if ids:
        name = ids.pop()
    else:
        lead = CONTEXT_LEAD.match(written)
        name = written[lead.end() :] if lead else written
        if not name or len(name.split()) > MAX_NAME_WORDS:
            return None
    return Marker(ref=name, paragraph=None, url=None, start=start, end=end, named=True)
