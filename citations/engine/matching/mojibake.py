"""Text mis-decoded on the way (mojibake): UTF-8 bytes read as a legacy code page.

``fÃ¼r`` is "für" read as cp1252 or latin-1; ``europÃĪische`` is "europäische" read as
ISO-8859-10. ftfy repairs the common code pages; for the others the text is encoded back
with each legacy codec of the standard library and decoded as UTF-8. A byte the wrong
decoding could not show (cp1252 and ISO-8859-10 have holes) is lost on the way: it comes
back as U+FFFD, which ``find_with_gaps`` lets stand for one character of the source.
"""

from __future__ import annotations

from ..text import LazyPattern

# What only mis-decoded UTF-8 looks like: a lead byte of a two- or three-byte sequence shown
# as "Ã", "Â", "â€", "Å" followed by a character of the upper half of a code page; for the
# other scripts the lead byte of a two-byte sequence (Greek "Î", Cyrillic "Ð", Hebrew "×",
# Arabic "Ø": "Â" to "ß") before a continuation byte, or of a three-byte one (Devanagari,
# Thai, Chinese, Japanese, Korean: "à" to "ï") before two; a continuation byte is a control
# or sign of cp1252 or latin-1, never a letter (so "ää" of Finnish, "Ñá" of Spanish are none).
_CONTINUATION = (
    "\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc"
    "\u2013\u2014\u2018-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122"
)
_SIGNS = LazyPattern(
    "(?:[ÃÂÅ][\u0080-\u02ff]|â[\u0080-\u02ff\u2000-\u20ff]"
    f"|[Â-ß][{_CONTINUATION}]|[à-ï][{_CONTINUATION}]{{2}})"
)
_LEGACY_CODECS = ("cp1252", "latin-1", "iso-8859-10", "iso-8859-15", "iso-8859-2", "mac-roman")
LOST = "\ufffd"


def looks_mis_decoded(text: str) -> bool:
    """Whether ``text`` shows the signs of UTF-8 read as a legacy code page.

    >>> looks_mis_decoded("fÃ¼r"), looks_mis_decoded("für"), looks_mis_decoded("São Paulo")
    (True, False, False)
    >>> [looks_mis_decoded(t.encode().decode("cp1252", "replace")) for t in ("Аренда", "租金")]
    [True, True]
    >>> looks_mis_decoded("pääoma ÄÖÜ AÑO"), looks_mis_decoded("Ïle d'Ñandú")
    (False, False)
    """
    return _SIGNS.search(text) is not None


def repair_mojibake(text: str) -> list[str]:
    """The readings of ``text`` decoded as it may have been meant, most likely first (ftfy's,
    then each legacy codec's), none when it does not look mis-decoded; a byte lost on the
    way is U+FFFD. The caller keeps the reading its sources have: ftfy takes "Ãž" for
    cp1252, where ISO-8859-10 was meant.

    >>> repair_mojibake("fÃ¼r die StraÃŸe")[0]
    'für die Straße'
    >>> "europäische �berlegungen" in repair_mojibake("europÃĪische Ãberlegungen")
    True
    >>> repair_mojibake("für")
    []
    """
    if not looks_mis_decoded(text):
        return []
    import ftfy  # only a mis-decoded quote needs it

    readings = [ftfy.fix_encoding(text)]
    for codec in _LEGACY_CODECS:
        try:
            raw = text.encode(codec)
        except UnicodeEncodeError:
            continue
        readings.append(raw.decode("utf-8", errors="replace"))
    return [
        reading
        for reading in dict.fromkeys(readings)
        if not looks_mis_decoded(reading) and reading.count(LOST) * 8 <= len(reading)
    ]


def find_with_gaps(haystack: str, needle: str, *, max_gap: int = 2) -> tuple[int, int] | None:
    """``[start, end)`` of the first place in ``haystack`` where ``needle`` stands with each
    U+FFFD in it standing for one to ``max_gap`` characters (none where folding dropped the
    character, such as a quotation mark).

    >>> find_with_gaps("die bloßen überlegungen", "blo\ufffden \ufffdberlegungen")
    (4, 23)
    >>> find_with_gaps("die bloßen", "bla\ufffden") is None
    True
    """
    parts = needle.split(LOST)
    if not parts[0]:
        return None
    at = haystack.find(parts[0])
    while at >= 0:
        end = _rest_at(haystack, parts[1:], at + len(parts[0]), max_gap)
        if end is not None:
            return at, end
        at = haystack.find(parts[0], at + 1)
    return None


def _rest_at(haystack: str, parts: list[str], position: int, max_gap: int) -> int | None:
    """Where the rest of the parts end, each at the nearest gap that fits (greedy: linear
    in the parts, which the quote's length bounds)."""
    for part in parts:
        gap = next((g for g in range(max_gap + 1) if haystack.startswith(part, position + g)), None)
        if gap is None:
            return None
        position += gap + len(part)
    return position
