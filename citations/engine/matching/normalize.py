"""Text normalization for comparison, with a map from every normalized index back to the raw text.

What a faithful copy may change is folded away: Unicode compatibility forms (NFKC), case,
typographic vs straight quotes and apostrophes (CJK corner brackets and Hebrew geresh
too), dash variants, Hebrew and Arabic vowel points and the tatweel, soft hyphens and other
invisible format characters (zero-width spaces, bidi marks), hyphenation at line breaks,
runs of whitespace (line breaks inside a sentence included) and bullet glyphs (``•``, and
the private-use bullets PDF extraction leaves), which read as a space: a quote that runs on
from one list item into the next usually drops the next item's bullet; so does the ``> ``
before each line of a message an email replies to (before a word only: ``> 500`` may mean
"more than"). A hyphen between letters that
is followed by a line break or spaces is dropped with them (``Bürger-\\ninnen``, ``Bürger-
innen`` and ``Bürgerinnen`` compare equal), on both sides of every comparison, so a
line-break hyphen copied from a PDF or rejoined by the model makes no difference; a hyphen
inside a word (``four-hour``) stays.

The map is kept as *pieces*: runs copied one to one and replacements (one raw stretch becomes
zero or more normalized characters), so building it costs little for ordinary text.

>>> n = normalize_with_map("Das  „Wort“ –\\nhier")
>>> n.text
'das wort - hier'
>>> start, end = n.raw_span(4, 8)
>>> "Das  „Wort“ –\\nhier"[start:end]
'Wort'
"""

from __future__ import annotations

import html
import re
import unicodedata
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from ..text import LazyPattern

# One-to-one character folds (same length, so no map is needed for them); applied before
# and after NFKC because NFKC turns some characters into ones listed here and vice versa
# (the acute accent ´, used as an apostrophe, would become a space and a combining mark).
_SINGLE_QUOTES = "‘’‚‛‵`´‹›ʼʹ＇׳"
_DOUBLE_QUOTES = "“”„‟‶«»〝〞〟＂「」『』״"
# A prime after a figure is a unit (10′ feet or minutes, 10″ inches or seconds: another
# claim each), before a parenthesis a derivative (f′(x)); anywhere else it stands for a
# quotation mark or apostrophe.
_PRIME_AS_MARK = LazyPattern(r"(?<![0-9])[′″](?!\()")
# Superscript figures after a figure are its exponent (10⁶, 10⁻³): written "^6", so they
# stay apart from it ("106" is another number); after a word they are a footnote mark.
_EXPONENT = LazyPattern("(?<=[0-9])[⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻]+")
# Hebrew and Arabic vowel points and cantillation, and the Arabic tatweel that stretches a
# word: most texts leave them out, so a copy may have them or not.
_POINTING = LazyPattern(
    "[\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7\u0610-\u061a\u0640"
    "\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e8\u06ea-\u06ed]+"
)
# Either's characters, found by one plain scan first: every non-ASCII text is searched, and
# a pattern opening with a look-behind scans slowly (a tenth of normalizing the dev set)
_EXPONENT_OR_POINTING = LazyPattern("[⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻\u0591-\u06ed]")
_DASHES = "‐‑‒–—―−﹘﹣－⁃"
# Every quotation mark and apostrophe folds to one mark, which is then dropped where it
# does not stand inside a word: "„Wort“", "'Wort'" and "Wort" compare equal, "don't" keeps it.
_CHAR_FOLD_MAP = {
    **dict.fromkeys(_SINGLE_QUOTES, "'"),
    **dict.fromkeys(_DOUBLE_QUOTES + '"', "'"),
    **dict.fromkeys(_DASHES, "-"),
    "〜": "~",  # the wave dash, which NFKC leaves apart from the full-width tilde
    **dict.fromkeys(
        "\u00a0\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000",
        " ",
    ),
    "ς": "σ",  # final sigma: lower() picks it by context, so fold it to the plain form
    # Turkish dotted and dotless i: "HATALI" lower-cases to "hatali", "İ" to "i" and a dot,
    # so the four letters are one where case is folded
    "ı": "i",
    "İ": "I",
    # the ideographic comma and full stop, which answers often write as "," and "."
    "、": ",",
    "。": ".",
}


class _CharClass:
    """A class of characters to look for in a text: most texts hold none of them. The regex
    engine tests each character against a large class, about fifty instructions a
    character; a text of Latin-1 characters only (most European texts: CPython copies them
    to Latin-1 bytes) can hold only the class's few members below U+0100, each found by a
    substring test at a fraction of an instruction a character."""

    def __init__(self, members: str) -> None:
        self.pattern = re.compile(f"[{members}]")
        self.latin1 = tuple(c for c in map(chr, range(256)) if self.pattern.fullmatch(c))
        self.ascii = tuple(c for c in self.latin1 if c.isascii())

    def found_in(self, text: str) -> bool:
        if text.isascii():
            members = self.ascii
        elif len(text.encode("latin-1", "ignore")) == len(text):
            members = self.latin1
        else:
            return self.pattern.search(text) is not None
        return any(member in text for member in members)


_FOLDABLE = _CharClass(re.escape("".join(_CHAR_FOLD_MAP)))


def _fold_chars(text: str) -> str:
    """The one-to-one folds; a regex finds the few characters to fold much faster than
    ``str.translate`` walks every character."""
    if not _FOLDABLE.found_in(text):
        return text
    return _FOLDABLE.pattern.sub(lambda found: _CHAR_FOLD_MAP[found.group()], text)


def _loosen_marks(text: str) -> str:
    """The folded quotation marks that do not stand inside a word as spaces (one for one,
    so no map is needed; the layout fold then joins the spaces): "„Wort“" and "Wort"
    compare equal, the apostrophe of "don't" and of a tokenizer's "it 's" stays."""
    if "'" not in text:
        return text
    return _MARK.sub(_mark_or_space, text)


_MARK = LazyPattern("'+")
# A contraction's apostrophe after a tokenizer's space ("it 's"): not a quotation mark. Its
# letters must end there: "'re" of "'re\u200bnovation" opens a quote.
_CONTRACTION = LazyPattern(r"(?:s|re|ve|ll|d|m|t)(?=[\s.,;:!?)\]}]|$)")


def _in_word(char: str) -> bool:
    """A letter, digit or combining mark ("i̇", lower case of "İ", ends in one)."""
    return char.isalnum() or unicodedata.category(char).startswith("M")


def _mark_or_space(found: re.Match[str]) -> str:
    text, at, end = found.string, found.start(), found.end()
    inside = at > 0 and _in_word(text[at - 1]) and end < len(text) and _in_word(text[end])
    contraction = at > 0 and text[at - 1] == " " and _CONTRACTION.match(text, end) is not None
    return found.group() if inside or contraction else " " * (end - at)


# Characters that do not show: soft hyphen, zero-width (non-)joiners and spaces, bidi marks,
# variation selectors (the emoji form of ⚠, which a copy often loses).
INVISIBLE = (
    "\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufe00-\ufe0f\ufeff"
)
# Glyphs that only mark list items. Not the middle dot (Catalan "l·l"), nor check marks and
# boxes, which carry a yes or no.
_BULLETS = "\u2022\u2023\u2219\u25aa\u25ab\u25b8\u25b9\u25ba\u25cf\u25e6\u27a2\u27a4\uf0a7\uf0b7"
_LETTER = r"[^\W\d_]"
_RUN = rf"[\s{INVISIBLE}]"  # what a run of layout is made of


@dataclass(frozen=True, slots=True)
class _Pieces:
    """Map of one normalization step: ``norm_starts[k]`` is where piece k begins in the output,
    ``raw_starts``/``raw_ends`` the input stretch it came from, ``copied[k]`` whether it was
    copied character by character (else replaced as a whole)."""

    norm_starts: tuple[int, ...]
    raw_starts: tuple[int, ...]
    raw_ends: tuple[int, ...]
    copied: tuple[bool, ...]

    def start_of(self, index: int) -> int:
        """The input index where output character ``index`` begins."""
        k = bisect_right(self.norm_starts, index) - 1
        if self.copied[k]:
            return self.raw_starts[k] + index - self.norm_starts[k]
        return self.raw_starts[k]

    def end_of(self, index: int) -> int:
        """The input index just after output character ``index``."""
        k = bisect_right(self.norm_starts, index) - 1
        if self.copied[k]:
            return self.raw_starts[k] + index - self.norm_starts[k] + 1
        return self.raw_ends[k]


class _PieceBuilder:
    def __init__(self) -> None:
        self.parts: list[str] = []
        self.norm_starts: list[int] = []
        self.raw_starts: list[int] = []
        self.raw_ends: list[int] = []
        self.copied: list[bool] = []
        self.length = 0

    def add(self, out: str, raw_start: int, raw_end: int, *, copied: bool) -> None:
        if not out:
            return  # a deletion: nothing in the output maps to it
        self.parts.append(out)
        self.norm_starts.append(self.length)
        self.raw_starts.append(raw_start)
        self.raw_ends.append(raw_end)
        self.copied.append(copied)
        self.length += len(out)

    def build(self, raw_length: int) -> tuple[str, _Pieces | None]:
        text = "".join(self.parts)
        if (
            len(self.copied) == 1
            and self.copied[0]
            and self.raw_starts[0] == 0
            and self.raw_ends[0] == raw_length
        ):
            return text, None  # identity
        return text, _Pieces(
            tuple(self.norm_starts),
            tuple(self.raw_starts),
            tuple(self.raw_ends),
            tuple(self.copied),
        )


@dataclass(frozen=True, slots=True)
class Normalized:
    """A normalized text and the way back to the raw one it came from.

    ``raw_span(start, end)`` turns a span of ``text`` into the smallest raw span whose
    normalization covers it; steps are ``None`` where they changed nothing.
    """

    raw: str
    text: str
    steps: tuple[_Pieces | None, ...]
    offset: int = 0  # leading characters trimmed from the last step's output

    def raw_span(self, start: int, end: int) -> tuple[int, int]:
        """Raw ``[start, end)`` for the non-empty normalized span ``[start, end)``."""
        if not 0 <= start < end <= len(self.text):
            raise ValueError(f"span [{start}, {end}) outside 0..{len(self.text)}")
        first, last = start + self.offset, end - 1 + self.offset
        raw_start, raw_end = first, last + 1
        for step in reversed(self.steps):
            if step is not None:
                raw_start, raw_end = step.start_of(raw_start), step.end_of(raw_end - 1)
        return raw_start, raw_end


def fold_text(text: str) -> str:
    """The normalized form of ``text`` without a map (for quotes, which need none).

    >>> fold_text("Die  ‚Bürger-\\ninnen‘ do n't")
    "die bürgerinnen don't"
    """
    return normalize_with_map(text).text


def normalize_with_map(raw: str) -> Normalized:
    """Normalize ``raw`` for comparison and keep the map back to it (trimmed at both ends).

    Layout is folded before and after the Unicode step: before, so invisible characters
    cannot keep a combining mark from its letter; after, because NFKC can make new spaces.
    """
    text = _fold_chars(raw)
    if "′" in text or "″" in text:  # a substring test spares the look-behind's slow scan
        text = _PRIME_AS_MARK.sub("'", text)
    text, steps = _fold_layout_fully(_loosen_marks(text))
    lowered = text.lower()
    if unicodedata.is_normalized("NFKC", text) and len(lowered) == len(text):
        # lower() makes no new layout, and of the folded characters only the final sigma
        text = lowered.replace("ς", "σ") if "ς" in lowered else lowered
    else:
        text, unicode_step = _fold_clusters(text)
        text, final_steps = _fold_layout_fully(text)
        steps = (*steps, unicode_step, *final_steps)
    lead = len(text) - len(text.lstrip(" "))
    return Normalized(raw, text.strip(" "), steps, lead)


def _fold_layout_fully(text: str) -> tuple[str, tuple[_Pieces, ...]]:
    """Layout folded until nothing changes: removing an invisible character can put a
    hyphen right after a letter, which the next round then joins."""
    steps: list[_Pieces] = []
    while True:
        text, step = _fold_layout(text)
        if step is None:
            return text, tuple(steps)
        steps.append(step)


# The stretches layout folding replaces: a hyphen between letters followed by a line break
# or spaces (a PDF line-break hyphen, or a suspended compound such as "Tier- und", folded
# alike on both sides), dropped with them; a run of whitespace and invisible characters that
# is not exactly one plain space; a bullet with the layout after it (one space). Each is
# found by a regex that starts with a literal or a plain character set, so the regex engine
# scans ordinary text fast (a single alternation of them all would test every position): a
# hyphen joining words; a run starting with a non-space whitespace, invisible character or
# bullet; a run starting with two plain spaces. A run
# that starts with one plain space before other whitespace becomes two spaces in one round
# and one in the next.
_OTHER_SPACES = "".join(c for c in map(chr, range(0x3001)) if c.isspace() and c != " ")
_JOIN = LazyPattern(rf"-(?<={_LETTER}-){_RUN}+(?={_LETTER})")
_ODD_RUN = LazyPattern(f"[{re.escape(_OTHER_SPACES)}{INVISIBLE}{_BULLETS}]{_RUN}*")
# The "> " an email puts before each line of the message it replies to: layout, so a quote of
# that message reads on from line to line, over the empty ">" lines between its paragraphs
# too. Only before a word: in "> 500 EUR" the sign may be a claim ("more than").
# Line by line, the lines before the last possessively: nested repeats of a run that may
# hold newlines tried every way of splitting a stretch of blank lines (a fifth of the
# engine's time on the dev set).
_LINE_LAYOUT = rf"(?:[^\S\n]|[{INVISIBLE}])"
_REPLY_PREFIX = LazyPattern(
    rf"\n(?:{_LINE_LAYOUT}*(?:>[ \t]*)*\n)*+{_LINE_LAYOUT}*(?:>[ \t]*)+(?=[ \t]*{_LETTER})"
)
_RUN_REST = LazyPattern(f"{_RUN}*")


# The spaces a tokenizer puts before punctuation and inside contractions ("word .",
# "do n't", "( 2019 )"): dropped, so a tokenized source reads as written.
_SPACE_BEFORE_PUNCTUATION = LazyPattern(r" +(?=[.,;:!?)\]}%]|n't(?!\w)|'(?:s|re|ve|ll|d|m)(?!\w))")
_SPACE_AFTER_OPENING = LazyPattern(r"[(\[{]( +)(?=\S)")
_TOKENIZER_HINT = LazyPattern(r" [.,;:!?)\]}%']| n't")
_INVISIBLE_CHAR = LazyPattern(f"[{INVISIBLE}]")


# A line break between two Han or kana characters: Chinese and Japanese put no space between
# words, so a source wrapped at its line length breaks inside a word (Hangul is spaced: not).
_HAN_KANA = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3000-\u303f\uff01-\uff5e"
_WRAP_IN_HAN = LazyPattern(rf"[{_HAN_KANA}](?P<wrap>[ \t]*\n[ \t]*)(?=[{_HAN_KANA}])")


class _Starts(NamedTuple):
    """Which characters that start a stretch ``_special_spans`` replaces a text holds, read
    once: most paragraphs hold none, and a pattern is searched only where its start is."""

    special_char: bool  # ``_SPECIAL_CHAR``
    opening_spaced: bool  # a bracket opened with a space (``_SPACE_AFTER_OPENING``)
    tokenizer_hint: bool  # ``_TOKENIZER_HINT``: rare, and the pattern it stands for is slow


def _starts(text: str) -> _Starts:
    return _Starts(
        _SPECIAL_CHAR.found_in(text),
        "( " in text or "[ " in text or "{ " in text,
        _TOKENIZER_HINT.search(text) is not None,
    )


def _special_spans(text: str) -> list[tuple[int, int, str]]:
    """The stretches layout folding replaces, with their replacement, left to right."""
    starts = _starts(text)
    if not any(starts) and not (
        # the other starts: two spaces, a link, strong emphasis (substring tests, far
        # cheaper than a scan), a hyphen joining words
        "  " in text
        or "](" in text
        or "**" in text
        or "__" in text
        or ("-" in text and _JOIN.search(text) is not None)
    ):
        return []
    found = [(*m.span(), "") for m in _JOIN.finditer(text)] if "-" in text else []
    if starts.special_char and not text.isascii() and _EXPONENT_OR_POINTING.search(text):
        found.extend(
            (*m.span(), "^" + _fold_chars(unicodedata.normalize("NFKC", m.group())))
            for m in _EXPONENT.finditer(text)
        )
        found.extend((*m.span(), "") for m in _POINTING.finditer(text))
    if "\n" in text and not text.isascii():
        found.extend((*m.span("wrap"), "") for m in _WRAP_IN_HAN.finditer(text))
    if starts.special_char:
        found.extend((*m.span(), _run_replacement(m.group())) for m in _ODD_RUN.finditer(text))
    if "\n" in text:
        found.extend((*m.span(), " ") for m in _REPLY_PREFIX.finditer(text))
    found.extend(_markup_spans(text))
    at = text.find("  ")
    while at >= 0:
        end = _RUN_REST.match(text, at).end()  # type: ignore[union-attr]  # "*" always matches
        found.append((at, end, " "))
        at = text.find("  ", end)
    if (
        not found
        or text.isascii()
        or not starts.special_char
        or _INVISIBLE_CHAR.search(text) is None
    ):
        # Tokenizer spaces are read once no invisible character is left: a zero-width
        # space after an apostrophe would make "'re" a contraction.
        if starts.tokenizer_hint:
            found.extend((*m.span(), "") for m in _SPACE_BEFORE_PUNCTUATION.finditer(text))
        if starts.opening_spaced:
            found.extend((*m.span(1), "") for m in _SPACE_AFTER_OPENING.finditer(text))

    found.sort(key=lambda span: (span[0], -span[1]))  # of two starting together, the longer
    spans: list[tuple[int, int, str]] = []
    for start, end, replacement in found:
        if not spans or start >= spans[-1][1]:
            spans.append((start, end, replacement))
    return spans


# A source's markup, read as rendered: a scraped page keeps its HTML entities and inline
# tags ("&euro;25", "<code>--force</code>"), a markdown document its links and strong
# emphasis ("[installation guide](…/install)", "**must**"); a quote copies what they show.
_ENTITY = LazyPattern(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
_INLINE_TAG = LazyPattern(
    r"</?(?:a|abbr|b|cite|code|del|em|i|ins|kbd|mark|q|s|small|span|strong|sub|sup|u)"
    r"(?:\s[^<>]{0,500})?>|<br\s*/?>",
    re.IGNORECASE,
)
_LINK = LazyPattern(r"\[([^\[\]\n]{1,300})\]\((?:[^()\s]|\([^()\s]*\)){1,2000}\)")
_STRONG = LazyPattern(r"(\*\*|__)(?=\S)[^\n]{1,1000}?(?<=\S)\1")


def _markup_spans(text: str) -> list[tuple[int, int, str]]:
    """The stretches of markup a rendered page would not show, with what it shows: an
    entity's character, nothing for an inline tag (a space for a line break), a link's text
    without its brackets and address, strong emphasis without its markers."""
    found: list[tuple[int, int, str]] = []
    if "&" in text:
        for m in _ENTITY.finditer(text):
            shown = html.unescape(m.group())
            if shown != m.group():
                found.append((*m.span(), shown))
    if "<" in text:
        found.extend(
            (*m.span(), " " if m.group()[1:3].lower() == "br" else "")
            for m in _INLINE_TAG.finditer(text)
        )
    if "](" in text:
        for m in _LINK.finditer(text):
            found.extend(((m.start(), m.start() + 1, ""), (m.end(1), m.end(), "")))
    if "**" in text or "__" in text:
        for m in _STRONG.finditer(text):
            found.extend(((m.start(), m.end(1), ""), (m.end() - 2, m.end(), "")))
    return found


def joins_to_previous(folded: str) -> bool:
    """Whether a folded text opening with ``folded`` reads joined to the text before it:
    punctuation a tokenizer spaces off ("...", ")", ",", "n't") takes no space before it, at
    a paragraph break as inside a paragraph.

    >>> joins_to_previous("... macht schluss"), joins_to_previous("macht schluss")
    (True, False)
    """
    return _SPACE_BEFORE_PUNCTUATION.match(" " + folded[:5]) is not None


# The characters a stretch ``_special_spans`` replaces may start with: whitespace other than
# a plain space, an invisible character, a bullet, a figure's exponent or a vowel point, an
# entity or a tag. One character set, as the regex engine scans it fast: an alternation
# holding the other starts too would test every position (three times slower).
_SPECIAL_CHAR = _CharClass(
    f"{re.escape(_OTHER_SPACES)}{INVISIBLE}{_BULLETS}⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻\u0591-\u06ed&<"
)


def _run_replacement(run: str) -> str:
    if run[0] in _BULLETS:
        return " "
    if "\u00ad" in run or not any(c.isspace() for c in run):
        return ""  # a soft-hyphen break or invisible characters only
    return " "


def _fold_layout(text: str) -> tuple[str, _Pieces | None]:
    spans = _special_spans(text)
    if not spans:
        return text, None
    builder = _PieceBuilder()
    position = 0
    for start, end, replacement in spans:
        builder.add(text[position:start], position, start, copied=True)
        builder.add(replacement, start, end, copied=False)
        position = end
    builder.add(text[position:], position, len(text), copied=True)
    return builder.build(len(text))


_COMBINING_RUN = LazyPattern(
    r".[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]*", re.S
)


def _fold_clusters(text: str) -> tuple[str, _Pieces]:
    """NFKC and lower case, one cluster (a character with its combining marks, or a run of
    Hangul jamo) at a time, so every output character knows its raw cluster. Runs of
    characters that both leave alone but for their case (``_unstable``) are lower-cased
    whole: one to one, so they map as copied."""
    builder = _PieceBuilder()
    copy_start = 0
    for run in _unstable().finditer(text):
        for start, end in _clusters(run.group()):
            start, end = start + run.start(), end + run.start()
            piece = text[start:end]
            out = _fold_cluster(piece)
            if out == piece.lower() and len(out) == len(piece):
                continue
            builder.add(_lower(text[copy_start:start]), copy_start, start, copied=True)
            builder.add(out, start, end, copied=False)
            copy_start = end
    builder.add(_lower(text[copy_start:]), copy_start, len(text), copied=True)
    folded, pieces = builder.build(len(text))
    if pieces is None:  # every cluster was stable: an identity map
        pieces = _Pieces((0,), (0,), (len(text),), (True,))
    return folded, pieces


def _lower(text: str) -> str:
    """Lower case, one to one: lower() makes a sigma final by what follows it in the
    string, which a run cut from its text cannot know, so every sigma is the plain one."""
    lowered = text.lower()
    return lowered.replace("ς", "σ") if "ς" in lowered else lowered


_MARKS = "\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f"


@lru_cache(maxsize=1)
def _unstable() -> re.Pattern[str]:
    """Runs of characters NFKC or lower case change beyond case, or that combine with what
    follows (a letter before a combining mark, Hangul jamo): the characters of the Basic
    Multilingual Plane that neither changes, found once (about 30 ms)."""
    stable: list[tuple[int, int]] = []
    for code in range(0x10000):
        char = chr(code)
        lowered = char.lower()
        if (
            len(lowered) == 1
            and not 0xD800 <= code <= 0xDFFF
            and not 0x1100 <= code <= 0x11FF
            and not 0xA960 <= code <= 0xD7FF
            and unicodedata.category(char)[0] != "M"
            and unicodedata.is_normalized("NFKC", char)
            and unicodedata.is_normalized("NFKC", lowered)
            and _fold_chars(lowered) == lowered
        ):
            if stable and stable[-1][1] == code - 1:
                stable[-1] = (stable[-1][0], code)
            else:
                stable.append((code, code))
    kept = "".join(
        re.escape(chr(low)) + ("-" + re.escape(chr(high)) if high > low else "")
        for low, high in stable
    )
    return re.compile(f"(?:[{kept}](?=[{_MARKS}])|[^{kept}])[^{kept}]*", re.DOTALL)


_JAMO = LazyPattern(r"[\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff]+")


def _clusters(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    position = 0
    while position < len(text):
        jamo = _JAMO.match(text, position)
        found = jamo or _COMBINING_RUN.match(text, position)
        assert found is not None  # "." with DOTALL matches any character
        spans.append(found.span())
        position = found.end()
    return spans


@lru_cache(maxsize=4096)
def _fold_cluster(cluster: str) -> str:
    return _fold_chars(unicodedata.normalize("NFKC", cluster).lower())
