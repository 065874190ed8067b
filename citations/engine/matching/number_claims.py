"""Whether a quote changes a number or a sign of its passage: "500" for "1,500", "25" for
"2.5", "+4.1%" for "-4.1%", "$18" for "€18", "1.250" for "1,250".

This module exists because word by word these changes look like a word left out, rejoined
or unchanged (a sign is no word at all), so the alignment cannot name them: they are
checked on the two texts whole, by value (``numbers``: whatever the grouping, the decimal
mark or the script of the figures) and sign by sign, and any change is ``claim.number`` or
``claim.symbol``. Split out of ``edits.py`` (issue 35: 1,196 lines, over the house's ~800);
``approximate.assess`` asks it of every place it reads.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from ..text import LazyPattern
from .number_words import ORDINAL_FIGURES, PERCENT_PHRASES, UNITS, in_figures


def _claim_symbols(text: str, *, percent_words: bool) -> list[str]:
    """Currency and maths signs, per cent, a number's minus (spaced too), a range's dash, a
    unit's prime, an exponent's caret and a logical not, in order: "+4.1%" and "-4.1%",
    "- 1,200" and "1,200", "5-10" and "5 10", "≥ 2.5" and "≤ 2.5", "$18" and "€18", 10′ and
    10″, "!isAdmin" and "isAdmin" claim different things. ``percent_words``: a per cent
    word counts as the sign."""
    if percent_words:
        text = _PERCENT_WORD.sub("%", text)
    return _claim_symbol().findall(_RANGE_DASH.sub(" – ", text))  # a range however spaced


# "5 Prozent" claims what "5 %" does
_PERCENT_WORD = LazyPattern(
    r"(?<!\w)(?:"
    + "|".join([*PERCENT_PHRASES, *(w for w, unit in UNITS.items() if unit == "percent")])
    + r")(?!\w)"
)


def changes_symbols(quote: str, span: str) -> bool:
    """Whether the quote's currency and maths signs, per cent and minus signs differ from
    the span's (``quote`` without its citation markers: ``approximate.clean_quote``).

    >>> changes_symbols("rose by 4.1%", "rose by -4.1%"), changes_symbols("$18", "$18")
    (True, False)
    >>> changes_symbols("5 prozent", "5 %"), changes_symbols("5 proznet", "5 prozent")
    (False, False)

    A per cent word is the sign only where one side writes the sign: between two words, a
    misspelled one ("Proznet") is the words' business (a typo), not a sign lost.
    """
    signed = "%" in quote or "%" in span
    return _claim_symbols(quote, percent_words=signed) != _claim_symbols(span, percent_words=signed)


# A number as written: digit groups of three after a separator are one number ("1,000",
# "1.000", "1 000"), then a decimal part ("12,5", "2.5"). Folded text has plain spaces and
# apostrophes only.
_NUMBER = LazyPattern(r"(\d{1,3}(?:[ .,']\d{3})+(?!\d)|\d+)(?:[.,](\d+))?")
_DIGIT_GROUP_SEPARATORS = LazyPattern(r"[ .,']")


def numbers(text: str) -> list[str]:
    """The numbers of ``text`` by value as written, whatever their grouping and decimal mark.

    >>> numbers("1,500 EUR, 1.500 EUR, 1 500 EUR, 1500 EUR; 2,5 % or 2.50 %")
    ['1500', '1500', '1500', '1500', '2.5', '2.50']
    >>> numbers("خلال ٣٠ يوماً"), numbers("the 5th day")
    (['30'], [])

    An ordinal in figures ("5th") is a word of its own: the words' alignment compares it
    with "fifth" or "6th".
    """
    text = ORDINAL_FIGURES.sub(" ", text)
    return [
        (_DIGIT_GROUP_SEPARATORS.sub("", whole) + (f".{decimals}" if decimals else "")).translate(
            _ASCII_DIGITS
        )
        for whole, decimals in _NUMBER.findall(text)
    ]


# Figures of every script as ASCII ones: "٣٠" and "30" are one number
_ASCII_DIGITS = {
    code: str(unicodedata.decimal(chr(code)))
    for code in range(0x10000)
    if unicodedata.category(chr(code)) == "Nd" and not chr(code).isascii()
}


def changes_numbers(quote: str, span: str) -> bool:
    """Whether the quote has a number the span does not have, in the span's order: "500" or
    "1" for "1,500", "25" for "2.5", "1,000" for "1,000,000". Word by word these look like
    a number left out or rejoined; as numbers they are other amounts. A number the quote
    leaves out ("ninety days" for "ninety (90) days") changes nothing it claims. ``quote``
    is without its citation markers (``approximate.clean_quote``): "[cite: 12]" is no number.

    >>> changes_numbers("500 eur", "1,500 eur"), changes_numbers("ninety days", "ninety (90) days")
    (True, False)
    """
    remaining = iter(numbers(in_figures(span)))
    if not all(number in remaining for number in numbers(in_figures(quote))):
        return True
    return _ambiguous_marks_differ(quote, span)


# A number with one mark before three digits: "1.250" is 1250 in German and 1.25 in English.
_AMBIGUOUS_NUMBER = LazyPattern(r"(?<![\d.,])\d{1,3}[.,]\d{3}(?![\d.,])")


def _ambiguous_marks_differ(quote: str, span: str) -> bool:
    """Whether a number both sides write with one mark before three digits has a comma on
    one side and a full stop on the other ("EUR 1.250" for "EUR 1,250"): one of them is a
    decimal mark, so the amounts may differ a thousandfold.

    >>> _ambiguous_marks_differ("eur 1.250 per day", "eur 1,250 per day")
    True
    >>> _ambiguous_marks_differ("eur 1,250 per day", "eur 1,250 per day")
    False
    """
    written = {found.replace(",", "."): found for found in _AMBIGUOUS_NUMBER.findall(span)}
    return any(
        written.get(found.replace(",", "."), found) != found
        for found in _AMBIGUOUS_NUMBER.findall(quote)
    )


@lru_cache(maxsize=1)
def _claim_symbol() -> re.Pattern[str]:
    """A claim's sign (``_claim_symbols``), built on first use: finding the currency and
    maths signs reads every character's category (8 ms), which importing the engine for
    the CLI need not pay."""
    signs = "".join(c for c in map(chr, range(0x10000)) if unicodedata.category(c) in ("Sc", "Sm"))
    return re.compile("[" + re.escape(signs) + "%‰‱′^–]|(?<!\\w)-\\s?(?=\\d)|!(?=[\\w=(])")


# A dash between two numbers: a range ("5-10 years", "5 – 10"), which "5 10" is not
_RANGE_DASH = LazyPattern(r"(?<=\d)\s?-\s?(?=\d)")
