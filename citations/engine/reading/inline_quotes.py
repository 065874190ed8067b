"""Inline quotes of a markdown response: text between a pair of quotation marks, with its
marker; without one, the source of the next marker in its sentence. Also the rules of
quotation marks the other readers share: a pair around a whole text, and what is too short
to be more than scare quotes. The decisions are listed in :mod:`.parse_markdown`."""

from __future__ import annotations

import bisect
import re
from dataclasses import replace

from ..types import CitationSite, ParsedQuote, QuoteForm
from .markdown_markers import (
    Footnotes,
    footnote_marker,
    inline_marker,
    next_line_marker,
)
from .markers import (
    HORIZONTAL_SPACE,
    MARKER,
    PARAGRAPH_LEAD,
    SUPERSCRIPT_DIGITS,
    Marker,
    after_flags,
    find_marker,
    marker_ending_at,
    quote_citation,
)

# Opening mark -> the marks that close it.
QUOTE_PAIRS: dict[str, str] = {
    '"': '"',
    "“": "”",
    "„": "“”",
    "«": "»",
    "»": "«»",  # German »…«, Finnish and Swedish »…»
    "‹": "›",  # single guillemets: French and Swiss ‹…›, German ›…‹
    "›": "‹›",
    "”": "”",  # Swedish and Finnish ”…”
    "‚": "‘’",
    "‘": "’",
    "'": "'",
    "「": "」",
    "『": "』",
    "〝": "〞〟",
}
# A quote opened in one style and closed in the other ("…” or “…"): opening mark -> its
# closing mark and the mark that opens a quote nested inside (whose close is not ours).
MIXED_PAIRS: dict[str, tuple[str, str]] = {'"': ("”", "“"), "“": ('"', '"'), "„": ('"', '"')}
SINGLE_MARKS = frozenset("'‘‚")
# A closing single mark that may be a possessive's apostrophe: after a letter, before a word.
POSSESSIVE = re.compile(r"(?<=[^\W\d_])['’‘][ \t]+(?=[^\W\d_])")
SPACED_MARKS = frozenset("«»‹›")  # French style puts (no-break) spaces inside « … »
CJK_MARKS = frozenset("「」『』〝〞〟")
HAN_OR_KANA = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
# Hebrew and Arabic write one-letter words (and, in, to, the, ...) joined to the next word,
# also when that word is quoted: ו"המשרד", و"يجب". A quotation mark after such a letter opens
# a quote when a word of two letters or more follows (a Hebrew acronym such as ש"ח has one).
JOINED_PROCLITIC = re.compile(r"(?<![^\W\d_])[\u05d0-\u05ea\u0620-\u064a]$")
QUOTED_WORD_AFTER = re.compile(r"[^\W\d_]{2}")
EMPHASIS = re.compile(r"\*{1,3}|_{1,3}|")


def strip_wrapping_quotes(text: str, start: int, end: int) -> tuple[int, int]:
    """Without one pair of quotation marks around all of ``text[start:end]`` (the closing
    one possibly followed by a full stop or comma), unless the inner text closes it too
    (``"A" and "B"`` is two quotations, not one)."""
    closers = QUOTE_PAIRS.get(text[start], "") if end > start else ""
    for close in (end - 1, end - 2):
        if (
            close > start
            and text[close] in closers
            and text[close + 1 : end] in ("", ".", ",")
            and not any(char in closers for char in text[start + 1 : close])
        ):
            return start + 1, close
    return start, end


def _opens(text: str, index: int) -> bool:
    mark = text[index]
    before = text[index - 1] if index > 0 else " "
    after = text[index + 1] if index + 1 < len(text) else " "
    if mark in CJK_MARKS:
        return True
    if HAN_OR_KANA.match(before):
        return not after.isspace()  # Chinese and Japanese put no space before a quote: 规定“…”
    if before.isalnum():
        return bool(
            JOINED_PROCLITIC.search(text, max(0, index - 2), index)
            and QUOTED_WORD_AFTER.match(text, index + 1)
        )
    return mark in SPACED_MARKS or not after.isspace()


def _closes(text: str, index: int) -> bool:
    mark = text[index]
    if mark in CJK_MARKS or mark in SPACED_MARKS:
        return True
    before = text[index - 1] if index > 0 else " "
    after = text[index + 1] if index + 1 < len(text) else " "
    # A footnote number may follow the closing mark: „…“¹; Chinese or Japanese text may
    # follow it without a space: “…”的规定
    return not before.isspace() and (
        not after.isalnum() or after in SUPERSCRIPT_DIGITS or bool(HAN_OR_KANA.match(after))
    )


def find_inline_quotes(
    text: str, masked: bytearray, stops: list[int], footnotes: Footnotes
) -> tuple[list[ParsedQuote], list[ParsedQuote]]:
    """The inline quotes, and apart from them the short ones without a marker (scare quotes,
    unless a table row cites them)."""
    quotes: list[ParsedQuote] = []
    short: list[ParsedQuote] = []
    index = 0
    length = len(text)
    while index < length:
        mark = text[index]
        if mark not in QUOTE_PAIRS or masked[index] or not _opens(text, index):
            index += 1
            continue
        closers = QUOTE_PAIRS[mark]
        next_stop = bisect.bisect_right(stops, index)
        limit = stops[next_stop] if next_stop < len(stops) else length
        close = _find_close(text, masked, index, closers, limit)
        # A mixed close matters only before the quote's own close: scanning past it made
        # every quotation mark read on to the next stop (quadratic on one long line).
        mixed_limit = limit if close is None else abs(close)
        mixed = _find_mixed_close(text, masked, index, mixed_limit) if mark in MIXED_PAIRS else None
        # A mark of the other style closes the quote when its own style does not, or when
        # it comes first and a marker follows it ("a” [S1] and “b" [S2] are two quotes).
        if mixed is not None and (
            close is None or (mixed < abs(close) and _followed_by_marker(text, mixed))
        ):
            close = mixed
        if close is None:
            index += 1
            continue
        if close < 0:  # the same mark opened again before a close: this one is unclosed
            index = -close
            continue
        if mark in SINGLE_MARKS:
            close = _past_possessives(text, masked, close, closers, limit)
        opening, start, end = index, index + 1, close
        # Emphasis around the quotation marks (*"…"*, **"…"**) belongs to the quote.
        emphasis = EMPHASIS.match(text, close + 1)
        assert emphasis is not None
        run = emphasis.group()
        if run and text[max(0, opening - len(run)) : opening] == run:
            opening -= len(run)
        after_close = emphasis.end()
        while after_close < length and text[after_close] in SUPERSCRIPT_DIGITS:
            after_close += 1  # the footnote number belongs to the quote
        marker = (
            inline_marker(text, after_close)
            or footnote_marker(text, emphasis.end(), footnotes)
            or next_line_marker(text, after_close)
        )
        extent_end = marker.end if marker else after_close if after_close > close + 1 else close + 1
        if marker is None:  # a marker inside the quotation marks: "… [S1 ¶2]"
            extent_end = after_flags(text, extent_end)
            inner = marker_ending_at(text, start, _strip_bounds_end(text, start, end))
            if inner is not None:
                marker, end = inner, _strip_bounds_end(text, start, inner.start)
        quoted = text[start:end]
        if not quoted.strip():
            # an empty pair ("«»") quotes nothing: what follows it may be a quote of its own,
            # so reading goes on after its closing mark, not after a "marker" read for it
            index = close + 1
            continue
        index = extent_end
        if mark in SPACED_MARKS:
            while start < end and text[start] in HORIZONTAL_SPACE:
                start += 1
            while end > start and text[end - 1] in HORIZONTAL_SPACE:
                end -= 1
        # A name in words may be prose: it does not make a scare quote a quote.
        cites = marker is not None and not (marker.named and marker.paragraph is None)
        found = quotes if cites or word_count(quoted) > 2 else short
        found.append(
            ParsedQuote(
                n=0,
                form=QuoteForm.INLINE,
                text=text[start:end],
                response_span=(start, end),
                extent=(opening, extent_end),
                **quote_citation(marker),
            )
        )
    return quotes, short


# A span in italics ("*…*", "_…_", within a paragraph): a quote when a marker follows it.
ITALICS = re.compile(
    r"(?<![*\w\\])\*(?=[^\s*])(?P<star>[^*\n]+(?:\n[^*\n]+)*?)(?<=[^\s*\\])\*(?![*\w])"
    r"|(?<![_\w\\])_(?=[^\s_])(?P<underscore>[^_\n]+(?:\n[^_\n]+)*?)(?<=[^\s_\\])_(?![_\w])"
)
LOWERCASE_WORD = re.compile(r"(?<![\w'’-])[^\W\d_A-ZÄÖÜ]", re.UNICODE)


def find_italic_quotes(
    text: str, masked: bytearray, stops: list[int], quotes: list[ParsedQuote]
) -> list[ParsedQuote]:
    """Spans in italics that a citation marker follows right after (``*…* [D0 ¶3]``,
    ``_…_ (D0 ¶3)``): models quote so too. Without the marker italics are emphasis; a span
    of fewer than three words, or without a word in lower case (a title: ``*Lease Agreement
    2024* [D1]``), is emphasis too. Not where a quote already is."""
    taken = [q.extent for q in quotes if q.extent is not None]
    found: list[ParsedQuote] = []
    for italics in ITALICS.finditer(text):
        group = "star" if italics["star"] is not None else "underscore"
        start, end = italics.span(group)
        next_stop = bisect.bisect_right(stops, italics.start())
        if (
            masked[italics.start()]
            or masked[end]
            or (next_stop < len(stops) and stops[next_stop] < italics.end())
            or any(s < italics.end() and italics.start() < e for s, e in taken)
            or word_count(text[start:end]) < 3
            or not LOWERCASE_WORD.search(text, start, end)
        ):
            continue
        marker = inline_marker(text, italics.end(), in_words=False)
        if marker is None or marker.named:
            continue
        found.append(
            ParsedQuote(
                n=0,
                form=QuoteForm.INLINE,
                text=text[start:end],
                response_span=(start, end),
                extent=(italics.start(), marker.end),
                **quote_citation(marker),
            )
        )
    return found


def find_code_span_quotes(text: str, spans: list[tuple[int, int]]) -> list[ParsedQuote]:
    """Text in backticks that a citation marker follows right after (`` `…` [D2 ¶1] ``):
    models quote so too, and read as code the quote's citation went unchecked. Without the
    marker a code span is code, never read; so is one of fewer than three words or without
    a word in lower case (an identifier, a command)."""
    found: list[ParsedQuote] = []
    for start, end in spans:
        ticks = len(text[start:end]) - len(text[start:end].lstrip("`"))
        inner_start, inner_end = start + ticks, end - ticks
        while inner_start < inner_end and text[inner_start] in HORIZONTAL_SPACE:
            inner_start += 1
        while inner_end > inner_start and text[inner_end - 1] in HORIZONTAL_SPACE:
            inner_end -= 1
        inner = text[inner_start:inner_end]
        if (
            "\n" in inner
            or word_count(inner) < 3
            or not LOWERCASE_WORD.search(text, inner_start, inner_end)
        ):
            continue
        marker = inline_marker(text, end, in_words=False)
        if marker is None or marker.named:
            continue
        found.append(
            ParsedQuote(
                n=0,
                form=QuoteForm.INLINE,
                text=inner,
                response_span=(inner_start, inner_end),
                extent=(start, marker.end),
                **quote_citation(marker),
            )
        )
    return found


def _past_possessives(text: str, masked: bytearray, close: int, closers: str, limit: int) -> int:
    """The mark closing a single-quoted quote: a mark after a letter and before a word may be
    a possessive's apostrophe ('the employees' rights', ‘Klaus’ Haus’); when no marker
    follows it, a later closing mark that a marker follows closes the quote instead."""
    candidate = close
    while POSSESSIVE.match(text, candidate) and not _followed_by_marker(text, candidate):
        candidate = next(
            (
                later
                for later in range(candidate + 1, limit)
                if not masked[later] and text[later] in closers and _closes(text, later)
            ),
            -1,
        )
        if candidate < 0:
            return close
        if _followed_by_marker(text, candidate):
            return candidate
    return close


# Where a sentence (or a table cell) ends: a marker after it cites nothing before it.
SENTENCE_END = re.compile(r"[.!?](?=[\s\"'”’)\]*_]|$)|\|")


def with_sentence_markers(
    text: str, stops: list[int], quotes: list[ParsedQuote]
) -> list[ParsedQuote]:
    """Inline quotes without a marker of their own take the source of the next marker in
    their sentence: ``"A" and "B" [S1 ¶2]``, ``"A", says the minute [S1].``, else of the
    last one before them in it when no quote stands between: ``Per the 2019 lease [S0 ¶1],
    "A".`` The writer cites the sentence; read as uncited, "A" would be searched everywhere
    and pass even when the sentence cites an ineligible source or an email. Only the source:
    which paragraph holds "A" the marker does not say (one "A" names alone, ``"A" (¶3)``,
    stays); but a marker introducing the quote with a colon cites its paragraph too
    (``Beleg 1 (D1, Abs. 3): „A“``, ``**Beleg (D0 Abs. 2):** „A“``)."""
    out = list(quotes)
    for index, quote in enumerate(out):
        if quote.cited_ref is not None or quote.attributed_to is not None or quote.extent is None:
            continue  # a name of its own ("…" (Lease Agreement)) is closer than the sentence's
        position = quote.extent[1]
        # A stop right where the quote ends counts: '"…"' then a blank line then '[S1]'.
        next_stop = bisect.bisect_left(stops, position)
        limit = stops[next_stop] if next_stop < len(stops) else len(text)
        cited = _sentence_citation(text, position, limit, out[index + 1 :])
        if cited is not None:
            out[index] = replace(quote, cited_ref=cited, site=SENTENCE_SITE)
        elif (lead_in := _lead_in_citation(text, stops, quote.extent[0], out[:index])) is not None:
            site = _introducing_site(text, out[:index], quote, lead_in)
            out[index] = replace(quote, cited_ref=lead_in.ref, site=site)
            if quote.cited_paragraph is None and lead_in.paragraph is not None:
                out[index] = replace(
                    out[index],
                    cited_paragraph=lead_in.paragraph,
                    cited_paragraphs=lead_in.paragraphs,
                )
    return out


SENTENCE_SITE = CitationSite("cite.sentence")


def _introducing_site(
    text: str, preceding: list[ParsedQuote], quote: ParsedQuote, lead_in: Marker
) -> CitationSite:
    """The site of a citation taken from the marker before the quote: that marker when it
    introduces the quote with a colon and gave its citation (an export rewrites it there),
    else the sentence's (an export adds a marker of the quote's own)."""
    assert quote.extent is not None
    after = max((q.extent[1] for q in preceding if q.extent is not None), default=0)
    found = introducing_marker(text, min(after, quote.extent[0]), quote.extent[0])
    marker = find_marker(text, found.start(), parenthesized=True) if found else None
    if (
        found is None
        or marker is None
        or (marker.ref, marker.paragraph)
        != (
            lead_in.ref,
            lead_in.paragraph,
        )
    ):
        return SENTENCE_SITE
    return CitationSite("cite.lead_in_marker", found.span(), link=bool(found["url"]))


def _sentence_citation(
    text: str, position: int, limit: int, following: list[ParsedQuote]
) -> str | None:
    """The source of the first marker from ``position`` on in the same sentence (before
    ``limit``): one in the prose, or that of a following quote of the sentence."""
    for quote in following:
        if quote.extent is None or quote.extent[0] >= limit:
            break
        start, end = quote.extent
        if _sentence_ends(text, position, start) or MARKER.search(text, position, start):
            return _marker_in_sentence(text, position, start)
        if quote.cited_ref is not None:
            return quote.cited_ref
        position = end
    return _marker_in_sentence(text, position, limit)


LEAD_IN_COLON = re.compile(r"(?:\*\*|__|\*|_)?[ \t]*:")
# A marker and colon right before the quote introduce it: "(D1 ¶3): „…“", "(D0 ¶2):** „…“".
INTRODUCING = re.compile(r"(?:\*\*|__|\*|_)?[ \t]*:(?:\*\*|__|\*|_)?[ \t]*")


def _lead_in_citation(
    text: str, stops: list[int], position: int, preceding: list[ParsedQuote]
) -> Marker | None:
    """The last bracketed marker before ``position`` in the same sentence, after the
    preceding quote (whose marker is its own); one in parentheses only when a colon
    introduces the quote with it: ``The 2019 lease (S0 ¶1): "…"``. Its paragraph only when
    it introduces the quote so, right before it: which paragraph holds a quote later in the
    sentence (``Per the 2019 lease [S0 ¶1], "…"``) it does not say."""
    previous_stop = bisect.bisect_right(stops, position) - 1
    start = stops[previous_stop] if previous_stop >= 0 else 0
    if preceding and preceding[-1].extent is not None:
        start = max(start, preceding[-1].extent[1])
    found = [
        m
        for m in MARKER.finditer(text, start, position)
        if not m["paren"] or LEAD_IN_COLON.match(text, m.end())
    ]
    if not found or _sentence_ends(text, found[-1].end(), position):
        return None
    marker = find_marker(text, found[-1].start(), parenthesized=True)
    assert marker is not None  # a MARKER match is a marker
    introducing = INTRODUCING.match(text, found[-1].end())
    if introducing is None or introducing.end() != position:
        marker = replace(marker, paragraph=None, paragraphs=())
    return marker


def introducing_marker(text: str, start: int, position: int) -> re.Match[str] | None:
    """The marker that introduces the quote at ``position`` with a colon right before it,
    after ``start`` (``Beleg 1 (D1, Abs. 3): „…“``, ``**Beleg (D0 Abs. 2):** „…“``), as
    ``_lead_in_citation`` takes a paragraph from it; None when there is none.

    >>> text = "Beleg 1 (D1, Abs. 3): „A“"
    >>> introducing_marker(text, 0, text.index("„")).group()
    '(D1, Abs. 3)'
    """
    line_start = text.rfind("\n", start, position) + 1
    found = list(MARKER.finditer(text, max(start, line_start), position))
    if not found:
        return None
    introducing = INTRODUCING.match(text, found[-1].end())
    return found[-1] if introducing is not None and introducing.end() == position else None


# A sentence's end before a quote's lead-in: a full stop then a capital or a quotation mark
# ("… in Abs. 3 says" goes on).
LEAD_IN_SENTENCE_END = re.compile(r"[.!?][)\]\"'”’*_]*\s+(?=[A-ZÄÖÜ\"“„«])")
# A source named only to set it apart: "Unlike D0, the new lease says", "anders als D0".
CONTRASTED = re.compile(
    r"(?:unlike|other[ \t]+than|rather[ \t]+than|instead[ \t]+of|except|anders[ \t]+als"
    r"|im[ \t]+Gegensatz[ \t]+zu|statt|abweichend[ \t]+von)[ \t]+(?:(?:the|dem|der)[ \t]+)?$",
    re.IGNORECASE,
)
# A source id in a lead-in: as in a heading (``BARE_SOURCE_ID``), also just inside a
# parenthesis that the quote closes: 'in advance (D1 ¶3: "…")'.
LEAD_IN_ID = re.compile(r"(?<![\w/#.\[-])[A-Za-z][A-Za-z_-]{0,15}\d[A-Za-z0-9_.-]{0,10}(?![\w\]-])")
LEAD_IN_PARAGRAPH = re.compile(rf"{PARAGRAPH_LEAD}(?P<number>\d{{1,9}})")


def with_lead_in_names(
    text: str, stops: list[int], quotes: list[ParsedQuote]
) -> tuple[list[ParsedQuote], set[tuple[int, int] | None]]:
    """Inline quotes still without a citation (no marker, name or sentence marker; a marker
    of a heading or label line outweighs it, see ``parse_markdown``) take the one source id
    the words before them in their sentence name, and the paragraph written after it:
    ``According to D0 (¶3): "…"``, ``In D0 ¶3 the lease says "…"``, ``D1 states in
    paragraph 3 that "…"``. A name (``named``): it cites only
    when it is a known source's id, label or title, so a "Q3" costs nothing; read as uncited,
    the quote would be searched everywhere and pass while its sentence names an ineligible
    source. Two ids, a marker in the lead-in, or an id named to set it apart (``Unlike D0,``)
    name none. Also the response spans of the quotes so named."""
    out = list(quotes)
    named: set[tuple[int, int] | None] = set()
    for index, quote in enumerate(out):
        if (
            quote.form is not QuoteForm.INLINE
            or quote.cited_ref is not None
            or quote.attributed_to is not None
            or quote.extent is None
        ):
            continue
        position = quote.extent[0]
        previous_stop = bisect.bisect_right(stops, position) - 1
        start = stops[previous_stop] if previous_stop >= 0 else 0
        if index and (before := out[index - 1].extent) is not None:
            start = max(start, min(before[1], position))
        start = max(
            [start, *(m.end() for m in LEAD_IN_SENTENCE_END.finditer(text, start, position))]
        )
        lead_in = text[start:position]
        ids = list(LEAD_IN_ID.finditer(lead_in))
        if (
            len({found.group() for found in ids}) != 1
            or MARKER.search(lead_in)
            or CONTRASTED.search(lead_in, 0, ids[0].start())
        ):
            continue
        paragraph = LEAD_IN_PARAGRAPH.search(lead_in, ids[0].end())
        number = int(paragraph["number"]) if paragraph else 0
        out[index] = replace(
            quote,
            attributed_to=ids[0].group(),
            cited_paragraph=number or None,
            site=CitationSite("cite.lead_in_name"),
        )
        named.add(quote.response_span)
    return out, named


def _marker_in_sentence(text: str, start: int, end: int) -> str | None:
    """The source of the first bracketed marker in ``text[start:end]`` unless the sentence
    ends before it."""
    found = next((m for m in MARKER.finditer(text, start, end) if not m["paren"]), None)
    if found is None or _sentence_ends(text, start, found.start()):
        return None
    return found["ref"]


def _sentence_ends(text: str, start: int, end: int) -> bool:
    return SENTENCE_END.search(text, start, end) is not None


def _strip_bounds_end(text: str, start: int, end: int) -> int:
    while end > start and text[end - 1] in HORIZONTAL_SPACE:
        end -= 1
    return end


def _find_close(
    text: str, masked: bytearray, opening: int, closers: str, limit: int, *, nest: bool = True
) -> int | None:
    """Index of the mark closing the quote opened at ``opening``; ``-i`` when the same
    mark opens again at ``i`` first (the first one is then unclosed); None when unclosed.
    One quote nested inside is looked for (``nest``), not a quote inside that: 5,000
    opening marks in a row recursed once per mark (RecursionError)."""
    mark = text[opening]
    for index in range(opening + 1, limit):
        char = text[index]
        if masked[index] or (char not in closers and char != mark):
            continue
        if char in closers and _closes(text, index):
            return index
        if char == mark and _opens(text, index):
            if not nest:
                return -index
            nested = _close_around_nested(text, masked, opening, index, closers, limit)
            return nested if nested is not None else -index
    return None


def _find_mixed_close(text: str, masked: bytearray, opening: int, limit: int) -> int | None:
    """Index of the mark of the other style closing the quote opened at ``opening``
    (``"…”``, ``“…"``), for a mark that has no close of its own style; a quote nested
    inside (``"a “b” c”``) is skipped, and a ``"`` after a digit is an inch mark."""
    closer, nested_opener = MIXED_PAIRS[text[opening]]
    depth = 0
    for index in range(opening + 1, limit):
        char = text[index]
        if masked[index] or char not in (closer, nested_opener):
            continue
        if char == closer and _closes(text, index) and not text[index - 1].isdigit():
            if depth == 0:
                return index
            depth -= 1
        elif char == nested_opener and _opens(text, index):
            depth += 1
    return None


def _followed_by_marker(text: str, close: int) -> bool:
    emphasis = EMPHASIS.match(text, close + 1)
    assert emphasis is not None
    return inline_marker(text, emphasis.end(), in_words=False) is not None


def _close_around_nested(
    text: str, masked: bytearray, opening: int, inner: int, closers: str, limit: int
) -> int | None:
    """The mark closing the quote opened at ``opening`` when the same mark quotes something
    inside it (``"the board said "yes" to the plan" [S1]``): after the inner quote's close
    the next mark closes the outer one, and a citation marker follows it (without that
    evidence the first mark stays unclosed, as before)."""
    inner_close = _find_close(text, masked, inner, closers, limit, nest=False)
    if inner_close is None or inner_close < 0:
        return None
    mark = text[opening]
    for index in range(inner_close + 1, limit):
        char = text[index]
        if masked[index] or (char not in closers and char != mark):
            continue
        if char in closers and _closes(text, index):
            return index if _followed_by_marker(text, index) else None
        return None
    return None


def word_count(text: str) -> int:
    words = len(text.split())
    return max(words, len(HAN_OR_KANA.findall(text)) // 2)
