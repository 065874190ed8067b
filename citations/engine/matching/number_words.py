"""Numbers written as words: what a number word, an ordinal or a unit counts, and whether a
word cut off leaves another number, unit or claim word.

This module exists so ``words.py`` stays the word lists it says it is (issue 35: it had
grown past the house's ~800 lines). What is here is not a list but the values behind the
number words: every number and ordinal word ``num2words`` writes, built on first use
(``number_values``, ``ordinal_values``), a unit or scale in its sign and in full ("%",
"Prozent"), the text read with its numbers in figures (``in_figures``, ``in_signs``), and
the check of a quote's word cut off inside the source's (``cut_changes_word``). The
alignment, the edit rules, the verbatim search and the attention checks all ask it
whether two words count the same.
"""

from __future__ import annotations

from functools import cache

from ..text import LazyPattern
from .normalize import fold_text
from .words import FUNCTION_WORDS, word_claim

# What the number words written alone count, so "two" for "2" is the same number: the words
# num2words writes for 0-100 and 1000 in every language below (one word each: "veintiuno",
# not "vingt et un"), and the forms it does not write ("eins", "dreissig", "hundred")
_NUMBER_LANGUAGES = (
    *("en", "de", "fr", "es", "it", "pt", "nl", "pl"),
    *("sv", "da", "no", "cs", "ro", "tr", "ru", "uk"),
)
# Slavic number words change with their case ("в течение пяти дней"): the cases num2words
# writes, and Polish endings it does not ("w ciągu pięciu dni", "dwóch", "jedenastu")
_NUMBER_CASES = {
    "ru": ("genitive", "dative", "instrumental"),
    "uk": ("genitive", "dative", "instrumental", "locative"),
}
_POLISH_OBLIQUE = {
    "dwa": ("dwóch", "dwu", "dwom", "dwoma", "dwiema"),
    "trzy": ("trzech", "trzem", "trzema"),
    "cztery": ("czterech", "czterem", "czterema"),
    "siedem": ("siedmiu", "siedmioma"),
    "osiem": ("ośmiu", "ośmioma"),
    "dwanaście": ("dwunastu", "dwunastoma"),
    "dwadzieścia": ("dwudziestu", "dwudziestoma"),
    "sto": ("stu",),
}
_POLISH_ENDINGS = (  # nominative ending, its oblique forms
    ("naście", ("nastu", "nastoma")),
    ("dziesiąt", ("dziesięciu", "dziesięcioma")),
    ("dzieści", ("dziestu", "dziestoma")),
    ("ęć", ("ęciu", "ęcioma")),
    ("ść", ("ściu", "ścioma")),
)
_NUMBER_FORMS = {
    "eins": 1,
    "dreissig": 30,
    "hundred": 100,
    "hundert": 100,
    "thousand": 1000,
    "tausend": 1000,
}


@cache
def number_values() -> dict[str, int]:
    """Every number word with its value, built on first use (num2words is imported then).
    Words of two letters or fewer, and the commonest words of any language ("to" is two in
    Danish, "on" ten in Turkish), are left out: read as numbers they would be numbers
    everywhere.

    >>> values = number_values()
    >>> values["novanta"], values["tien"], values["dwadzieścia"], values["dix-sept"]
    (90, 10, 20, 17)
    >>> "to" in values, "on" in values
    (False, False)
    >>> values["пяти"], values["п'ятьма"], values["pięciu"], values["jedenastu"]
    (5, 5, 5, 11)
    """
    from num2words import num2words  # only a bundle that writes numbers in words needs it

    from .languages import COMMON_WORDS

    written: list[tuple[str, int]] = list(_NUMBER_FORMS.items())
    for language in _NUMBER_LANGUAGES:
        for value in (*range(101), 1000):
            written.append((num2words(value, lang=language), value))
            for case in _NUMBER_CASES.get(language, ()):
                written.append((num2words(value, lang=language, case=case), value))
            if language == "pl":
                written.extend(
                    (form, value) for form in _polish_oblique(num2words(value, lang="pl"))
                )
    values: dict[str, int] = {}
    for text, value in written:
        word = fold_text(text)
        if " " not in word and len(word) > 2 and word not in COMMON_WORDS | FUNCTION_WORDS:
            values.setdefault(word, value)
    return values


def _polish_oblique(word: str) -> tuple[str, ...]:
    """The forms a Polish number word takes outside the nominative ("pięć": "pięciu")."""
    if word in _POLISH_OBLIQUE:
        return _POLISH_OBLIQUE[word]
    for ending, forms in _POLISH_ENDINGS:
        if word.endswith(ending):
            return tuple(word[: -len(ending)] + form for form in forms)
    return ()


# A unit or scale written as its sign or abbreviation or in full: "5 %" is "5 Prozent", "3 Mio."
# "3 Millionen". A class holds the forms of one value only: English "billion" is a German
# "Milliarde", a German "Billion" a thousand of them, so each stays with its own abbreviation.
_UNIT_FORMS = {
    "percent": """% percent prozent procent prosent pourcent procento procenta процент процента
        процентов відсоток відсотка відсотки відсотків""",
    "million": """mio mln млн million millions millionen millones milioni milione miljoen
        miljoner miljonen milion miliony milionów миллион миллиона миллионов мільйон
        мільйона мільйонів""",
    "milliard": """mrd mld млрд milliard milliards milliarde milliarden miliard miliardy
        miliardów миллиард миллиарда миллиардов мільярд мільярда мільярдів""",
    "billion": "bn billion billions",
    "thousand": "tsd tausend",
}
UNITS = {form: unit for unit, forms in _UNIT_FORMS.items() for form in forms.split()}
PERCENT_PHRASES = ("per cent", "pour cent", "por ciento", "per cento", "por cento")
SIGNS = frozenset(["%", "mio", "mln", "млн", "mrd", "mld", "млрд", "bn", "tsd"])


_UNIT_WORD = LazyPattern(
    r"(?<!\w)(?:"
    + "|".join(sorted((w for w in UNITS if w != "%"), key=len, reverse=True))
    + r")(?!\w)"
)
_UNIT_SIGN = {unit: forms.split()[0] for unit, forms in _UNIT_FORMS.items()}


def in_signs(text: str) -> str:
    """``text`` with its units and scales written as their signs or abbreviations.

    >>> in_signs("5 prozent of 3 millionen")
    '5 % of 3 mio'
    """
    return _UNIT_WORD.sub(lambda found: _UNIT_SIGN[UNITS[found.group()]], text)


def same_unit(first: str, second: str) -> bool:
    """Whether two words are one unit or scale, one in full, one as its sign or abbreviation
    ("%" and "prozent"); "million" and "millions" are one word's inflections.

    >>> same_unit("%", "prozent"), same_unit("mio", "millionen"), same_unit("mrd", "billion")
    (True, True, False)
    """
    unit = UNITS.get(first)
    return unit is not None and unit == UNITS.get(second) and (first in SIGNS) != (second in SIGNS)


# Endings that make a word the opposite of its stem ("schuldlos": guiltless, "careless",
# "alkoholfrei": alcohol-free)
NEGATING_SUFFIXES = ("less", "los", "frei", "free", "fri", "vrij", "loos")
_MIN_CLAIM_FRAGMENT = 4
_MIN_STEM_LETTERS = 3  # a stem a suffix negates is a word: not the "a" of "a|frica"
_SUFFIX_INFLECTION = 2  # letters an inflection adds to a suffix ("los", "lose", "losen")


def cut_changes_word(fragment: str, whole: str) -> bool:
    """Whether a quote that ends with ``fragment`` of the source's word ``whole`` (both
    folded) ends with a word of another claim: another number, unit or claim word, or a
    stem a negating suffix makes the opposite of.

    >>> [cut_changes_word(f, w) for f, w in [("six", "sixty"), ("ein", "einführung"),
    ...     ("percent", "percentage"), ("care", "careless"), ("zweiklassenm", "zweiklassenmedizin"),
    ...     ("si", "sind"), ("besch", "beschlossen"), ("a", "africa")]]
    [True, False, True, True, False, False, False, False]
    """
    if number_value(fragment) is not None and number_value(whole) is not None:
        return True
    # a short fragment is a word of some language too ("si", "nu", "ei"): not read as one
    claim = word_claim(fragment) if len(fragment) >= _MIN_CLAIM_FRAGMENT else None
    if claim is not None and claim != word_claim(whole) and claim != "claim.number":
        return True
    if len(fragment) > 1 and fragment in UNITS and UNITS.get(whole) != UNITS[fragment]:
        return True
    # the suffix with an inflection at most ("schuldlose"), not a longer word ("besch|lossen")
    rest = whole[len(fragment) :]
    return len(fragment) >= _MIN_STEM_LETTERS and any(
        rest.startswith(suffix) and len(rest) <= len(suffix) + _SUFFIX_INFLECTION
        for suffix in NEGATING_SUFFIXES
    )


def number_value(word: str) -> int | None:
    """What a word counts when it is a whole number, written in figures or as a word.

    >>> number_value("2"), number_value("two"), number_value("zwölf"), number_value("2nd")
    (2, 2, 12, None)
    """
    if word.isdecimal():  # figures of any script: "30", "٣٠", "३०"
        return int(word)
    return number_values().get(word)


# a word, two joined by a hyphen ("dix-sept"), or with a Ukrainian apostrophe ("п'ять")
_SPELLED_NUMBER = LazyPattern(
    r"(?<![\w-])[^\W\d_]+(?:(?:-|(?<=[\u0400-\u04ff])'(?=[\u0400-\u04ff]))[^\W\d_]+)?(?![\w-])"
)


def in_figures(text: str) -> str:
    """``text`` with its number words written in figures ("thirty days" as "30 days").

    >>> in_figures("within thirty days, dix-sept fois, п'ять днів")
    'within 30 days, 17 fois, 5 днів'
    """
    values = number_values()
    return _SPELLED_NUMBER.sub(lambda found: str(values.get(found.group(), found.group())), text)


# Ordinals as num2words writes them, one word each, with the endings their agreement adds
_ORDINAL_LANGUAGES = ("en", "de", "fr", "es", "it", "pt", "nl", "da", "no", "tr")
_ORDINAL_ENDINGS = {
    "de": ("n", "r", "s", "m"),  # "fünfte": "am fünften Tag"
    "fr": ("s",),
    "nl": (),
    "es": ("a", "os", "as"),  # "quinto": "la quinta semana", with "o" dropped
    "it": ("a", "i", "e"),
    "pt": ("a", "os", "as"),
}
# An ordinal in figures: "5th", "1er", "5e", "5ème", "5º", "5ª", "5te", "5inci"
_ORDINAL_ENDING = (
    r"(?:st|nd|rd|th|er|re|e|ème|eme|me|º|ª|o|a|te|de|[iıuü]nc[iıuü])"  # folded, º is o
)
_ORDINAL_FIGURE = LazyPattern(rf"(\d+){_ORDINAL_ENDING}")
ORDINAL_FIGURES = LazyPattern(rf"(?<![\w.,])\d+{_ORDINAL_ENDING}(?!\w)")


@cache
def ordinal_values() -> dict[str, int]:
    """Every ordinal word with its value ("fifth", "fünften", "quinta": 5).

    >>> values = ordinal_values()
    >>> values["fifth"], values["fünften"], values["quinta"], values["cinquième"]
    (5, 5, 5, 5)
    """
    from num2words import num2words

    values: dict[str, int] = {}
    for language in _ORDINAL_LANGUAGES:
        for value in range(1, 101):
            word = fold_text(num2words(value, lang=language, to="ordinal"))
            if " " in word or "-" in word:
                continue
            forms = [word]
            for ending in _ORDINAL_ENDINGS.get(language, ()):
                stem = word[:-1] if language in ("es", "it", "pt") else word
                forms.append(stem + ending)
            for form in forms:
                if len(form) > 2 and form not in FUNCTION_WORDS:
                    values.setdefault(form, value)
    return values


def ordinal_value(word: str) -> int | None:
    """What an ordinal counts, written in figures or as a word.

    >>> ordinal_value("5th"), ordinal_value("fifth"), ordinal_value("1er"), ordinal_value("5")
    (5, 5, 1, None)
    """
    figure = _ORDINAL_FIGURE.fullmatch(word)
    if figure is not None:
        return int(figure.group(1))
    return ordinal_values().get(word)
