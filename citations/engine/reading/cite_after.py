"""The strategies that read a quote's own citation in markdown text: after it (a marker, a
citation in words, a footnote or numbered reference), inside its closing mark, ending its
last line, or as the line after it (an attribution line). Each takes a ``Spot`` and
returns what it read and where it is written (``Found``), or None; :mod:`.strategies`
lists them with their examples, in the order a reader tries them at each place."""

from __future__ import annotations

import re
from dataclasses import replace

from ..text import LINE_SPACE, LazyPattern, back, skip
from ..types import QuoteForm
from .locators import is_locator, names_a_source
from .markdown_lines import Lines
from .markers import (
    FOOTNOTE_DEFINITION,
    FOOTNOTE_REFERENCE,
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
from .spot import Footnotes, Found, Place, Spot, marker_found

# What may stand between a block quote's text and its marker: "… — [S1]", "… — Source: [S1]".
ATTRIBUTION_DASH = LazyPattern(
    rf"[ \t]*(?:[—–―]|-{{1,2}})[ \t]*{SOURCE_LABEL}?$|[ \t]*{SOURCE_LABEL}$"
)
# How an attribution line starts: "— [S1 ¶2]", "-- D1, ¶3", "— Source: [POL ¶2]", "Quelle: D1".
ATTRIBUTION_LEAD = LazyPattern(rf"[ \t]*(?P<dash>[—–―-]{{1,2}}[ \t]*)?(?P<label>{SOURCE_LABEL})?")
# What may stand between an inline quote and its marker: a dash, an opening parenthesis
# ("…" — [S1], "…" ([S1 ¶2])).
INLINE_MARKER_LEAD = LazyPattern(r"[ \t]*(?:[—–-]{1,2}[ \t]*)?(?P<paren>\()?")
CLOSING_PAREN = LazyPattern(r"[ \t]*\)")
# What a writer puts between a quote and its marker: a punctuation mark ("…", [S1]) and an
# editorial note ("…" (emphasis added) [S1], "…" (sic) [S1]); without a marker after them
# they are prose.
INTERPOSED = LazyPattern(r"[.,;:]?(?:[ \t]*\((?P<note>[^()\[\]\n\"“”„«»]{1,40})\))?")
# A citation in words after an inline quote: in parentheses (full-width ones too) or
# brackets ("(see D1 at ¶4)", "[Doc D1, ¶3]", "(Lease Agreement, §4)", "(<cite>Lease
# 2019</cite>)", "(¶3)", "（来源：OLD）"), or after a dash to the end of its line or sentence
# ("— D1, ¶3", "– Lease Agreement, §4"); ``written`` is where it is written. Words that open
# with a quotation mark are another quote ('"A" — "B" [S1]'), never a citation of the quote
# before them.
PROSE_CITATION_AFTER = LazyPattern(
    r"""[,:]?[ \t]*(?P<emphasis>\*{1,2}|_{1,2})?(?P<written>[(（](?![ \t]*["'“”„«»‹›‚‘’「『〝])
            (?P<in_parentheses>[^()（）\n]{1,120})[)）](?(emphasis)(?P=emphasis))
        |\[(?![ \t]*["'“”„«»‹›‚‘’「『〝])(?P<in_brackets>[^\[\]\n]{1,120})\](?:\([^()\s]*\))?
        |(?:[—–―]|-{1,2})[ \t]*(?![ \t]*["'“”„«»‹›‚‘’「『〝])(?P<after_dash>[^\n\[]{1,120}?)
            (?=[ \t]*\[|[.;]?[ \t]*(?:\n|$)|[.;][ \t]+\S))""",
    re.VERBOSE,
)
WORDS_GROUPS = ("in_parentheses", "in_brackets", "after_dash")
# An HTML element attributing a quote: words in one are the html strategy's.
HTML_ATTRIBUTION_TAG = LazyPattern(r"<(?:footer|cite|figcaption)\b", re.IGNORECASE)
# ChatGPT's file citation, "【4:0†source】" or "【4:0†lease_2019.pdf】": the name after the
# dagger is a file's, which cites only if it is a known source's title or label ("source",
# the default, never is).
FILE_CITATION = LazyPattern(
    r"[ \t]*(?P<written>【[ \t]*\d{1,4}(?::\d{1,4})?[ \t]*†[ \t]*(?P<name>[^】\n]{1,80}?)[ \t]*】)"
)
# What stands between the end of an inline quote's line and the line after it.
LINE_BREAK_AFTER_QUOTE = LazyPattern(r"[.,;:]?[ \t]*\r?\n")
MAX_NAME_WORDS = 6


# Strategies ------------------------------------------------------------------------------


def marker(spot: Spot) -> Found | None:
    """``cite.marker``. After the quote: a marker right after it, after a dash, in
    parentheses (which then belong to it, so a dropped quote takes them along), after a
    punctuation mark or an editorial note, or after a citation in words (``— Lease, §4 [D1
    ¶3]``, as an export writes a corrected one: the words are a note before it). On a
    block quote's last line: a marker ending it after the text (a dash or ``Source:``
    before it is no text); a line that is nothing but a citation is an attribution line."""
    text = spot.text
    if spot.place is Place.LAST_LINE:
        found = marker_ending_at(text, spot.start, spot.end)
        if found is None:
            return None
        text_end = _text_before(text, spot.start, found.start)
        return marker_found(found, text_end=text_end) if text_end > spot.start else None
    position = spot.after
    found = marker_right_after(text, position)
    if found is None and (words := PROSE_CITATION_AFTER.match(text, position)) is not None:
        after = find_marker(text, words.end())
        found = replace(after, start=position) if after is not None else None
    return marker_found(found) if found is not None else None


def marker_right_after(text: str, position: int) -> Marker | None:
    """A marker right after a quote's closing mark at ``position``: directly, after a dash,
    in parentheses, after a punctuation mark or an editorial note (``(emphasis added)``)."""
    found = _marker_after_quote(text, position)
    if found is None:
        interposed = INTERPOSED.match(text, position)
        assert interposed is not None  # every part is optional
        if interposed.end() > position:
            found = _marker_after_quote(text, interposed.end())
    return found


def in_words(spot: Spot) -> Found | None:
    """``cite.in_words``: a citation in words after the quote (``(see D1 at ¶4)``, ``— D1,
    ¶3``, ``(Lease Agreement, §4)``, ``(¶3)``), as ``read_prose_citation`` reads it, or
    ChatGPT's file citation (``【4:0†source】``). A name cites only if it names a known
    source; words in an HTML attribution element are the html strategy's."""
    text, position = spot.text, spot.after
    words = PROSE_CITATION_AFTER.match(text, position)
    if words is not None:
        found = read_words_after(text, words)
        if found is not None and not HTML_ATTRIBUTION_TAG.search(text, *words.span("written")):
            end = after_flags(text, words.end())
            named = found.ref if found.named and found.ref else None
            return Found(
                replace(found, start=position, end=end),
                words.span("written"),
                named=named is not None,
            )
        if found is not None:
            return None
    file = FILE_CITATION.match(text, position)
    if file is None:
        return None
    end = after_flags(text, file.end())
    return Found(Marker(file["name"], None, None, position, end, named=True), file.span("written"))


def read_words_after(text: str, words: re.Match[str]) -> Marker | None:
    """The citation the words of a ``PROSE_CITATION_AFTER`` match read as."""
    group = next(g for g in WORDS_GROUPS if words[g])
    return read_prose_citation(text, *words.span(group))


def footnote(spot: Spot) -> Found | None:
    """``cite.footnote``: footnote references (``[^1]``, ``[1]``, ``¹``) of which one is
    defined (its definition names the source), right after the quote (also after its
    sentence's full stop), ending its last line, or all of the line after a block quote."""
    found = _references(spot)
    return found[0] if found is not None and found[1] else None


def numbered_reference(spot: Spot) -> Found | None:
    """``cite.numbered_reference``: references no footnote defines (``[3]`` as Perplexity
    writes them, ``[^3^]`` as Copilot, ``[cite: 3]`` as Gemini, ``³``): the first number
    names the source labelled with it, when one is (a name, else the quote is uncited)."""
    found = _references(spot)
    return found[0] if found is not None and not found[1] else None


def next_line(spot: Spot) -> Found | None:
    """``cite.next_line``: the line after an inline quote that ends its line, when it is
    all a marker or an attribution (``[D1 ¶3]``, ``— D1, ¶3``, ``(Quelle: D0, Abs. 2)``)."""
    if spot.form is QuoteForm.BLOCK:
        return None
    return _attribution_found(spot.text, spot.start, spot.end)


def marker_inside(spot: Spot) -> Found | None:
    """``cite.marker_inside``: a marker ending the quote's text, just inside its closing
    mark (``"… [S1 ¶2]"``); the quote's text ends before it."""
    text = spot.text
    found = marker_ending_at(text, spot.start, back(text, spot.end, spot.start))
    if found is None:
        return None
    return marker_found(found, text_end=back(text, found.start, spot.start))


def attribution_line(spot: Spot) -> Found | None:
    """``cite.attribution_line``: a block quote's last line, or the line after it, that is
    all a citation: a marker (``[S1 ¶2]``); after a dash or a ``Source:`` label also one in
    parentheses or without brackets with a source id's shape (``— [D1 ¶3]``, ``-- D1,
    ¶3``, ``Quelle: D1, Abs. 3``), one after the name of whoever is quoted (``— Tom
    Becker, [E2 ¶3]``), or a name with a locator (``— Source: Handbook §2.1``). Never quote
    text; the quote's text ends on the line before."""
    text = spot.text
    if spot.place is Place.NEXT_LINE:
        if spot.form is not QuoteForm.BLOCK:
            return None
        return _attribution_found(text, spot.start, spot.end)
    found = _attribution_found(text, spot.start, spot.end)
    if found is None:
        whole = marker_ending_at(text, spot.start, spot.end)
        if whole is None or _text_before(text, spot.start, whole.start) > spot.start:
            return None
        found = marker_found(whole)
    return replace(found, text_end=spot.start)


# Footnotes -------------------------------------------------------------------------------


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
    defining = {skip(text, d.start(), chars=" \t") for d in definitions}
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
        cited = footnote_citation(text, definition)
        if cited is not None and label not in found:
            found[label] = cited
    return found


def _references(spot: Spot) -> tuple[Found, bool] | None:
    """The footnote references at the spot (right after the quote; ending its last line,
    after the text; all of the line after a block quote) and whether a definition of one
    of them cites."""
    text = spot.text
    assert spot.page is not None
    footnotes = spot.page.footnotes
    text_end = None
    if spot.place is Place.AFTER:
        found = reference_run(text, spot.start, footnotes)
    elif spot.place is Place.NEXT_LINE:
        if spot.form is not QuoteForm.BLOCK:
            return None
        found = _references_ending_at(text, spot.start, spot.end, footnotes, whole=True)
    else:
        found = _references_ending_at(text, spot.start, spot.end, footnotes)
        text_end = _text_before(text, spot.start, found[0].start) if found is not None else None
    if found is None:
        return None
    cited, defined = found
    assert cited.written is not None
    named = cited.named and bool(cited.ref)
    return Found(cited, cited.written, named=named, text_end=text_end), defined


def reference_run(text: str, position: int, footnotes: Footnotes) -> tuple[Marker, bool] | None:
    """The citation of the footnote references written at ``position`` (after spaces),
    ``[^1]``, ``[1][2]``, ``¹``, also after a full stop or comma, and whether a definition
    gave it: the first one defined cites; the run is its extent (``written``: from the
    first reference to the last). A number no definition explains is a numbered reference
    to the sources (``"…" [3]`` as Perplexity writes, ``[^3^]`` as Copilot, ``[cite: 3]`` as
    Gemini, ``³``): it names the source labelled ``3``, when one is (a name: else the quote
    stays uncited).

    >>> footnotes = {"2": Marker("D1", 4, None, 0, 0)}
    >>> text = '"…". [2][5] and on'
    >>> cited, defined = reference_run(text, 3, footnotes)
    >>> cited.ref, cited.paragraph, defined, text[slice(*cited.written)]
    ('D1', 4, True, '[2][5]')
    >>> reference_run(text, 3, {})[0].ref, reference_run(text, 3, {})[1]
    ('2', False)
    """
    start = skip(text, position)
    if text[start : start + 1] in (".", ",", ";", ":") and FOOTNOTE_REFERENCE.match(
        text, skip(text, start + 1)
    ):
        start += 1  # after the sentence's full stop: "…".[^2], "…". [2]
    end, cited, numbers, first = start, None, [], None
    while (found := FOOTNOTE_REFERENCE.match(text, skip(text, end))) is not None:
        cited = cited or footnotes.get(footnote_label(found))
        numbers.append(footnote_label(found))
        first = found.start() if first is None else first
        end = found.end()
    if first is None:
        return None
    extent_end, written = after_flags(text, end), (first, end)
    if cited is None:
        numbered = Marker(numbers[0], None, None, start, extent_end, named=True, written=written)
        return numbered, False
    return replace(cited, start=start, end=extent_end, written=written, link=False), True


def _references_ending_at(
    text: str, start: int, end: int, footnotes: Footnotes, *, whole: bool = False
) -> tuple[Marker, bool] | None:
    """The footnote reference run that ends ``text[start:end]`` (is all of it, with
    ``whole``); a superscript only after punctuation ("… gelagert werden.¹"), as after a
    letter or digit it may be the text's own ("120 m²")."""
    for found in FOOTNOTE_REFERENCE.finditer(text, start, end):
        if whole and skip(text, start, found.start()) < found.start():
            return None
        before = text[found.start() - 1] if found.start() > start else " "
        if found["sup"] and before.isalnum():
            continue
        run = reference_run(text, found.start(), footnotes)
        if run is not None and run[0].end == end:
            return run
    return None


# Attribution lines -----------------------------------------------------------------------


def _attribution_found(text: str, start: int, end: int) -> Found | None:
    """An attribution line's citation, written where ``attribution`` read it: its markers;
    else from where the citation starts to the line's end (a dash or label before a bare
    citation stays, as does one before a name)."""
    found = attribution(text, start, end)
    if found is None:
        return None
    if found.written is not None:
        return marker_found(found)
    return Found(
        found, (found.start, before_flags(text, start, back(text, end, start, LINE_SPACE)))
    )


def attribution(text: str, start: int, end: int) -> Marker | None:
    """The citation that is all of ``text[start:end]`` as a line attributing a block quote:
    a marker in brackets (``[S1 ¶2]``); after a dash or a ``Source:`` label also one in
    parentheses or without brackets when it has a source id's shape (``— [D1 ¶3]``,
    ``-- D1, ¶3``, ``— Source: [POL ¶2]``, ``Quelle: D1, Abs. 3``), or a name with a locator
    (``— Source: Handbook §2.1``). A dash before a name (``— Jonas Brandt``) is no citation.

    >>> def cites(line):
    ...     found = attribution(line, 0, len(line))
    ...     return found and (found.ref, found.paragraph, found.named)
    >>> cites("— D1, ¶3"), cites("Quelle: D1, Abs. 3"), cites("— Tom Becker, [E2 ¶3]")
    (('D1', 3, False), ('D1', 3, False), ('E2', 3, False))
    >>> cites("— Source: Handbook §2.1"), cites("— Jonas Brandt"), cites("D1, ¶3")
    (('Source: Handbook §2.1', None, True), None, None)
    """
    lead = ATTRIBUTION_LEAD.match(text, start, end)
    assert lead is not None  # every part is optional
    found = read_citation(text, lead.end(), end, shaped_only=not lead["label"])
    if found is None:
        found = _citation_in_parentheses(text, lead.end(), end)
    if (
        found is None
        and lead["dash"]
        and (capitals := CAPITALS_ID.fullmatch(text, lead.end(), end))
    ):
        # "— OLD": an id of capitals, or an organisation's name; cites only if it names a
        # source (a person's line, "— Tom", stays neither text nor citation)
        return Marker(capitals["ref"], None, None, lead.start(), end, named=True)
    if found is None and lead["dash"]:
        found = _marker_after_name(text, lead.end(), end)
    if found is None and (lead["dash"] or lead["label"]):
        # a name with a locator ("— Source: Handbook §2.1"), after a label ("— Πηγή: Old
        # Handbook"), or a locator alone ("— Cláusula 2"): a citation in words, never quote
        # text; it cites the source so named, if the turn has one (the label stays with the
        # name: it makes it a citation)
        name = text[lead.end() : end].strip()
        if lead["label"] or names_a_source(name) or (lead["dash"] and is_locator(name)):
            written = text[lead.start("label") if lead["label"] else lead.end() : end].strip()
            return Marker(written, None, None, lead.start(), end, named=True)
    if found is None or not (lead["dash"] or lead["label"] or text[found.start] in "[(［（"):
        return None
    return found


# A line that is all one parenthesis: a citation when what it holds is one as a source
# field's is ("(OLD, ¶1)", "(Quelle: AGB)") or a source id of capitals ("(OLD)", "(AGB)"):
# there the id needs no digit, as it does in parentheses in prose ("(EU)").
PARENTHESIZED_LINE = LazyPattern(r"[ \t]*[(（](?P<inside>[^()（）\n]{1,80})[)）][ \t]*")
CAPITALS_ID = LazyPattern(r"[ \t]*(?P<ref>[A-Z][A-Z0-9_.-]{1,15})[ \t]*")


def _citation_in_parentheses(text: str, start: int, end: int) -> Marker | None:
    """The citation in the parentheses that are all of ``text[start:end]``, an attribution
    line's: ``(OLD)``, ``(AGBALT, ¶2)``."""
    found = PARENTHESIZED_LINE.fullmatch(text, start, end)
    if found is None:
        return None
    marker = read_citation(text, *found.span("inside"), shaped_only=True)
    if marker is None:
        capitals = CAPITALS_ID.fullmatch(text, *found.span("inside"))
        if capitals is None:
            return None
        marker = Marker(capitals["ref"], None, None, 0, 0)
    begin = skip(text, start)
    return replace(marker, start=begin, end=end, written=(begin, back(text, end, begin)))


def _marker_after_name(text: str, start: int, end: int) -> Marker | None:
    """The marker (in brackets or parentheses) that ends ``text[start:end]`` after the name
    of whoever is quoted: "Tom Becker, [E2 ¶3]", "Tom Becker (E2 ¶3)", "Frau Lang, Brightwater
    GmbH [E1]". Capitalised, and two words or a comma after it: "Monday [S1]" may be the
    last item of a quoted list."""
    found = marker_ending_at(text, start, end, parenthesized=True)
    if found is None:
        return None
    name = text[start : found.start].strip()
    words = name.rstrip(",").split()
    if (
        not 0 < len(words) <= MAX_NAME_WORDS
        or any(char in name for char in "[]()!?;")
        or not words[0][0].isupper()
        or not (name.endswith(",") or (len(words) > 1 and words[-1][0].isupper()))
    ):
        return None
    return found


# A block quote's last line naming who is quoted: a dash, one to four capitalised words,
# perhaps a role after a comma ("— Tom", "— Jonas Brandt, Einkauf").
PERSON_LINE = LazyPattern(
    r"[ \t]*(?:[—–―]|-{1,2})[ \t]*(?P<name>[^\W\d_][\w.'’-]*(?:[ \t]+[^\W\d_][\w.'’-]*){0,3})"
    r"(?:[ \t]*,[^\n\[\]()]{1,40})?[ \t]*"
)


def names_a_person(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a line naming who is quoted (``— Tom``): neither
    quote text nor a citation."""
    found = PERSON_LINE.fullmatch(text, start, end)
    return found is not None and all(word[0].isupper() for word in found["name"].split())


def _text_before(text: str, start: int, citation: int) -> int:
    """Where the text before a citation ending a line stops: before a dash or ``Source:``
    label that leads to it, and spaces."""
    dash = ATTRIBUTION_DASH.search(text, start, citation)
    return back(text, dash.start() if dash else citation, start)


def _marker_after_quote(text: str, position: int) -> Marker | None:
    found = find_marker(text, position, parenthesized=True)
    if found is not None:
        return found
    lead = INLINE_MARKER_LEAD.match(text, position)
    assert lead is not None  # every part is optional
    after_dash = lead.start("paren") if lead["paren"] else lead.end()
    if (
        after_dash > position
        and (found := find_marker(text, after_dash, parenthesized=True)) is not None
    ):
        return found
    if lead.end() == position or (found := find_marker(text, lead.end())) is None:
        return None
    if lead["paren"] is None:
        return found
    closing = CLOSING_PAREN.match(text, found.end)
    if closing is None:
        return None
    return replace(found, start=lead.start("paren"), end=after_flags(text, closing.end()))
