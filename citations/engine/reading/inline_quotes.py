"""Inline quotes of a markdown response: text between a pair of quotation marks, and text
in italics or backticks that a marker follows, each with its own citation (after it, on
the next line, inside its closing mark). Also the rules of quotation marks the other
readers share: a pair around a whole text, and what is too short to be more than scare
quotes."""

from __future__ import annotations

import bisect
import re

from ..text import LazyPattern, back, skip, trim
from ..types import ParsedQuote, QuoteForm, QuoteMarks
from .block_ends import Walked
from .cite_after import LINE_BREAK_AFTER_QUOTE, marker_right_after
from .markers import FOOTNOTE_REFERENCE, SUPERSCRIPT_DIGITS, after_flags
from .spot import Page, Place, Spot
from .strategies import own_citation, read_with, walk

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
POSSESSIVE = LazyPattern(r"(?<=[^\W\d_])['’‘][ \t]+(?=[^\W\d_])")
SPACED_MARKS = frozenset("«»‹›")  # French style puts (no-break) spaces inside « … »
CJK_MARKS = frozenset("「」『』〝〞〟")
HAN_OR_KANA = LazyPattern(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
# Hebrew and Arabic write one-letter words (and, in, to, the, ...) joined to the next word,
# also when that word is quoted: ו"המשרד", و"يجب". A quotation mark after such a letter opens
# a quote when a word of two letters or more follows (a Hebrew acronym such as ש"ח has one).
JOINED_PROCLITIC = LazyPattern(r"(?<![^\W\d_])[\u05d0-\u05ea\u0620-\u064a]$")
QUOTED_WORD_AFTER = LazyPattern(r"[^\W\d_]{2}")
# A particle or case ending glued to the closing mark: Korean “…”라고, “…”에서; Turkish
# “…”’nin, "…"'de. It belongs to the sentence, and the quote's citation may follow it.
GLUED_PARTICLE = LazyPattern(r"(?:['’][^\W\d_]{1,5}|[\uac00-\ud7a3]{1,4})(?![^\W\d_])")
EMPHASIS = LazyPattern(r"\*{1,3}|_{1,3}|")


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


def quote_marks(text: str, extent: tuple[int, int], span: tuple[int, int]) -> QuoteMarks | None:
    """The quotation marks around the inline quote ``span`` whose extent is ``extent``:
    the opening one (after emphasis around it), the closing one (after spaces), when they
    are a pair (also one of two styles, ``“…"``); None for a quote in italics, backticks, a
    table cell, an HTML element, or with a marker inside its closing mark.

    >>> text = 'It says *“rent is due"* [D1].'
    >>> quote_marks(text, (8, 28), (10, 21))
    QuoteMarks(opening=9, closing=21, closers='”')
    """
    opening = skip(text, extent[0], span[0], "*_")
    closers = QUOTE_PAIRS.get(text[opening], "")
    closing = skip(text, span[1], extent[1])
    if not closers or closing >= extent[1]:
        return None
    mixed = text[closing] == MIXED_PAIRS.get(text[opening], ("",))[0]
    if text[closing] not in closers and not mixed:
        return None
    return QuoteMarks(opening, closing, closers)


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
    # follow it without a space: “…”的规定; so may a Korean particle: “…”라고
    return not before.isspace() and (
        not after.isalnum()
        or after in SUPERSCRIPT_DIGITS
        or bool(HAN_OR_KANA.match(after) or GLUED_PARTICLE.match(text, index + 1))
    )


def find_inline_quotes(
    page: Page, masked: bytearray
) -> tuple[list[ParsedQuote], list[ParsedQuote]]:
    """The inline quotes, and apart from them the short ones without a citation (scare
    quotes, unless a table row cites them)."""
    text, stops = page.text, page.stops
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
        # the footnote number right after the closing mark belongs to the quote
        after_close = skip_superscripts(text, emphasis.end())
        walked = walk(
            Place.AFTER,
            Spot(Place.AFTER, QuoteForm.INLINE, page, emphasis.end(), length, after_close),
        ) or _next_line_citation(page, after_close)
        particle = GLUED_PARTICLE.match(text, after_close)
        if walked is None and particle is not None:
            # “…”라고 [S1 ¶2]: the citation after the particle glued to the closing mark
            past = particle.end()
            walked = walk(
                Place.AFTER, Spot(Place.AFTER, QuoteForm.INLINE, page, past, length, past)
            )
        if walked is not None:
            extent_end = walked[1].marker.end
        else:
            extent_end = after_close if after_close > close + 1 else close + 1
            extent_end = after_flags(text, extent_end)
            inside = Spot(Place.INSIDE, QuoteForm.INLINE, page, start, end)
            walked = walk(Place.INSIDE, inside)  # "… [S1 ¶2]"
            if walked is not None:
                assert walked[1].text_end is not None
                end = walked[1].text_end
        quoted = text[start:end]
        if not quoted.strip():
            # an empty pair ("«»") quotes nothing: what follows it may be a quote of its own,
            # so reading goes on after its closing mark, not after a citation read for it
            index = close + 1
            continue
        index = extent_end
        if mark in SPACED_MARKS:
            start, end = trim(text, start, end)
        citation = own_citation(walked)
        # A name in words may be prose: it does not make a scare quote a quote.
        cites = walked is not None and not (
            walked[1].marker.named and walked[1].marker.paragraph is None
        )
        found = quotes if cites or word_count(quoted) > 2 else short
        found.append(
            ParsedQuote(
                n=0,
                form=QuoteForm.INLINE,
                text=text[start:end],
                response_span=(start, end),
                extent=(opening, extent_end),
                **citation,
            )
        )
    return quotes, short


def skip_superscripts(text: str, position: int) -> int:
    return skip(text, position, chars=SUPERSCRIPT_DIGITS)


def _next_line_citation(page: Page, position: int) -> Walked | None:
    """The citation that is all of the line after an inline quote ending its line."""
    text = page.text
    found = LINE_BREAK_AFTER_QUOTE.match(text, position)
    if found is None:
        return None
    end = text.find("\n", found.end())
    end = back(text, len(text) if end < 0 else end, found.end(), "\r \t")
    walked = walk(Place.NEXT_LINE, Spot(Place.NEXT_LINE, QuoteForm.INLINE, page, found.end(), end))
    return walked


# A span in italics ("*…*", "_…_", within a paragraph): a quote when a marker follows it.
ITALICS = LazyPattern(
    r"(?<![*\w\\])\*(?=[^\s*])(?P<star>[^*\n]+(?:\n[^*\n]+)*?)(?<=[^\s*\\])\*(?![*\w])"
    r"|(?<![_\w\\])_(?=[^\s_])(?P<underscore>[^_\n]+(?:\n[^_\n]+)*?)(?<=[^\s_\\])_(?![_\w])"
)
LOWERCASE_WORD = LazyPattern(r"(?<![\w'’-])[^\W\d_A-ZÄÖÜ]", re.UNICODE)


def find_italic_quotes(
    page: Page, masked: bytearray, quotes: list[ParsedQuote]
) -> list[ParsedQuote]:
    """Spans in italics that a citation marker follows right after (``*…* [D0 ¶3]``,
    ``_…_ (D0 ¶3)``): models quote so too. Without the marker italics are emphasis; a span
    of fewer than three words, or without a word in lower case (a title: ``*Lease Agreement
    2024* [D1]``), is emphasis too. Not where a quote already is."""
    text, stops = page.text, page.stops
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
        walked = _marker_after(page, italics.end())
        if walked is None:
            continue
        found.append(
            ParsedQuote(
                n=0,
                form=QuoteForm.INLINE,
                text=text[start:end],
                response_span=(start, end),
                extent=(italics.start(), walked[1].marker.end),
                **own_citation(walked),
            )
        )
    return found


def find_code_span_quotes(page: Page, spans: list[tuple[int, int]]) -> list[ParsedQuote]:
    """Text in backticks that a citation marker follows right after (`` `…` [D2 ¶1] ``):
    models quote so too, and read as code the quote's citation went unchecked. Without the
    marker a code span is code, never read; so is one of fewer than three words or without
    a word in lower case (an identifier, a command)."""
    text = page.text
    found: list[ParsedQuote] = []
    for start, end in spans:
        ticks = len(text[start:end]) - len(text[start:end].lstrip("`"))
        inner_start, inner_end = trim(text, start + ticks, end - ticks)
        inner = text[inner_start:inner_end]
        if (
            "\n" in inner
            or word_count(inner) < 3
            or not LOWERCASE_WORD.search(text, inner_start, inner_end)
        ):
            continue
        walked = _marker_after(page, end)
        if walked is None:
            continue
        found.append(
            ParsedQuote(
                n=0,
                form=QuoteForm.INLINE,
                text=inner,
                response_span=(inner_start, inner_end),
                extent=(start, walked[1].marker.end),
                **own_citation(walked),
            )
        )
    return found


def _marker_after(page: Page, position: int) -> Walked | None:
    """The marker right after text in italics or backticks, which makes it a quote: only a
    marker right after it (a citation in words or a footnote after emphasis is the writer's
    prose, and so is emphasis a marker follows only after words)."""
    if marker_right_after(page.text, position) is None:
        return None
    spot = Spot(Place.AFTER, QuoteForm.INLINE, page, position, len(page.text), position)
    return read_with("cite.marker", spot)


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


def _followed_by_marker(text: str, close: int, *, references: bool = False) -> bool:
    """Whether a citation marker (with ``references``, also a footnote reference: ``[1]``,
    ``¹``) follows the closing mark at ``close``."""
    emphasis = EMPHASIS.match(text, close + 1)
    assert emphasis is not None
    if marker_right_after(text, emphasis.end()) is not None:
        return True
    return references and FOOTNOTE_REFERENCE.match(text, skip(text, emphasis.end())) is not None


def _close_around_nested(
    text: str, masked: bytearray, opening: int, inner: int, closers: str, limit: int
) -> int | None:
    """The mark closing the quote opened at ``opening`` when the same mark quotes something
    inside it (``"the board said "yes" to the plan" [S1]``): after the inner quote's close
    the next mark closes the outer one, and a citation marker or footnote reference follows
    it (without that evidence the first mark stays unclosed, as before). Marks that open
    and close differently need no evidence: « a « b » c » nests as written."""
    inner_close = _find_close(text, masked, inner, closers, limit, nest=False)
    if inner_close is None or inner_close < 0:
        return None
    mark = text[opening]
    for index in range(inner_close + 1, limit):
        char = text[index]
        if masked[index] or (char not in closers and char != mark):
            continue
        if char in closers and _closes(text, index):
            nests = mark not in closers or _followed_by_marker(text, index, references=True)
            return index if nests else None
        return None
    return None


def word_count(text: str) -> int:
    words = len(text.split())
    return max(words, len(HAN_OR_KANA.findall(text)) // 2)
