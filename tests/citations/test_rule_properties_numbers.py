"""Rule properties of numbers: in words or figures, units, ordinals, signs, bounds and ranges;
a changed number is never verified or corrected."""

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from citations.engine.matching.normalize import fold_text
from citations.engine.matching.number_words import number_values
from citations.engine.matching.words import BOUND_PHRASES, BOUND_WORDS
from citations.engine.types import VerificationStatus

from .rule_helpers import (
    COUNT,
    FEW,
    PASSING,
    SETTINGS,
    assert_passes_with_attention,
    gap,
    result_for,
)


@SETTINGS
@given(
    word=st.sampled_from(sorted(w for w in number_values() if "-" not in w)),
    other=st.integers(0, 100),
    in_words_in_quote=st.booleans(),
)
def test_a_number_in_words_or_figures_is_the_same_number_only_at_its_value(
    word, other, in_words_in_quote
):
    """edit.number_form: "thirty days" for "30 days" and back, in every language num2words
    writes ("novanta", "tien", "dwadzieścia"); another value changes it."""
    value = number_values()[word]
    counted = "days"
    source = f"The notice must reach the other party at least {value} {counted} in advance."
    quote = f"The notice must reach the other party at least {word} {counted} in advance."
    if not in_words_in_quote:
        source, quote = quote, source
    assert result_for(quote, source).status is VerificationStatus.CORRECTED
    if other != value:
        changed = quote.replace(f" {word} " if in_words_in_quote else f" {value} ", f" {other} ")
        assert result_for(changed, source).status not in PASSING


@SETTINGS
@given(
    number=st.sampled_from(["十五", "二十", "一百二十", "三十五", "两千"]),
    counted=st.sampled_from(["天内书面通知出租人", "日以内に通知する", "名の委員が出席した"]),
)
def test_a_quote_cut_inside_a_number_without_spaces_is_never_verified(number, counted):
    """ "五天内" of "十五天内": the number cut, in Chinese and Japanese numerals."""
    paragraph = f"承租人应在{number}{counted}。"
    assert result_for(number[1:] + counted, paragraph).status not in PASSING


@SETTINGS
@given(
    sign=st.sampled_from(["−", "-"]),
    value=st.sampled_from(["12 °C", "3.5 %", "40 EUR"]),
    rest=st.sampled_from(["at the north site in January", "on the account of the fund"]),
)
def test_a_quote_cut_off_a_numbers_sign_is_never_verified(sign, value, rest):
    """ "12 °C" of "−12 °C" is another number."""
    paragraph = f"The value recorded was {sign}{value} {rest}."
    assert result_for(f"{value} {rest}", paragraph).status not in PASSING


@SETTINGS
@given(
    base=st.sampled_from(["10", "2", "3.2 × 10"]),
    exponent=st.sampled_from(["⁶", "³", "⁻³", "¹²"]),
    rest=st.sampled_from(["cells per millilitre were seeded", "Zellen pro Milliliter"]),
)
def test_an_exponent_is_never_read_into_its_base(base, exponent, rest):
    """claim.symbol: "106 cells" of "10⁶ cells" is another number; written as in the source,
    or with a caret, it is the same."""
    paragraph = f"At the start {base}{exponent} {rest} in the first week."
    plain = exponent.translate(str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-"))
    assert result_for(f"{base}{plain} {rest}", paragraph).status not in PASSING
    assert result_for(f"{base}{exponent} {rest}", paragraph).status is VerificationStatus.VERIFIED
    assert result_for(f"{base}^{plain} {rest}", paragraph).status is VerificationStatus.VERIFIED


@SETTINGS
@given(
    unit=st.sampled_from(["km²", "m³", "CO₂", "H₂O", "cm²"]),
    rest=st.sampled_from(["of wetland were restored last year", "in the northern district"]),
)
def test_a_units_exponent_or_a_formulas_index_is_no_footnote(unit, rest):
    """edit.footnote_mark is for words ("approval¹"): "120 km" of "120 km²" and "CO" of
    "CO₂" name another unit, another substance."""
    paragraph = f"The report counts 120 {unit} {rest}."
    bare = "".join(c for c in unit if not c.isdigit())
    assert result_for(f"120 {bare} {rest}", paragraph).status not in PASSING


@SETTINGS
@given(
    value=st.integers(2, 999),
    digits=st.sampled_from(["٠١٢٣٤٥٦٧٨٩", "۰۱۲۳۴۵۶۷۸۹", "०१२३४५६७८९", "๐๑๒๓๔๕๖๗๘๙"]),
    other=st.integers(2, 999),
)
def test_figures_of_another_script_are_the_same_number_only_at_its_value(value, digits, other):
    """edit.number_form: "٣٠" for "30"; another value is another number."""
    native = str(value).translate(str.maketrans("0123456789", digits))
    paragraph = f"The fees are due within {value} days of the invoice date."
    quote = f"The fees are due within {native} days of the invoice date."
    assert result_for(quote, paragraph).status is VerificationStatus.CORRECTED
    if other != value:
        assert result_for(quote, paragraph.replace(str(value), str(other))).status not in PASSING


NUMBER_BOUNDS = ["<", "≥", "±", "~"] + [
    f"{bound} " for bound in sorted(BOUND_WORDS | BOUND_PHRASES)
]
BOUNDED_RESTS = ["for every member of the club", "pro Jahr und Person"]
# Bounds that get attention in an English paragraph ("for every member of the club"): the
# English ones, and the Dutch ones by their "ten", a number word …
BOUNDS_WITH_ATTENTION_IN_ENGLISH = frozenset(
    {
        "almost ",
        "approximately ",
        "fewer than ",
        "less than ",
        "more than ",
        "nearly ",
        "no more than ",
        "not more than ",
        "ten hoogste ",
        "ten minste ",
        "up to ",
        "upp till ",  # its "till" is English too
    }
)
# … and those that get none in any paragraph, symbols; every other bound gets attention only
# where the paragraph's language is not told ("pro Jahr und Person" after English words),
# and every language's words are read
BOUNDS_WITHOUT_ATTENTION = frozenset({"<", "≥", "±", "~"})


def _bounded_row(bound: str, rest: str):
    english = rest == BOUNDED_RESTS[0]
    if bound in BOUNDS_WITHOUT_ATTENTION or (
        english and bound not in BOUNDS_WITH_ATTENTION_IN_ENGLISH
    ):
        return gap(bound, rest)
    return (bound, rest)


@pytest.mark.parametrize(
    ("bound", "rest"),
    [_bounded_row(bound, rest) for bound in NUMBER_BOUNDS for rest in BOUNDED_RESTS],
)
@FEW
@given(amount=st.sampled_from(["90 days", "EUR 500", "5%", "18 years"]))
def test_a_number_cut_off_its_bound_is_verified_with_attention(bound, amount, rest):
    """ "90 days …" of "at least 90 days …", "5% …" of "<5% …" says it exactly; every bound
    of the word lists, in every language they hold ("minst", "co najmniej", "не менее",
    "τουλάχιστον"): the text is there, and attention names the bound (as a limitation, a
    condition, a count …: a number's bound is no kind of its own)."""
    paragraph = f"The rule sets {bound}{amount} {rest}."
    result = result_for(f"{amount} {rest}", paragraph)
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert_passes_with_attention(result)


@pytest.mark.parametrize(
    ("source", "quote", "bounded"),
    [
        ("The term was extended to 31 December 2030 by the parties.", "31 December 2030", False),
        ("The rate was raised to 4.75% in March by the bank.", "4.75% in March", False),
        ("The fine is up to EUR 500 for each breach.", "EUR 500 for each breach", True),
        ("Die Strafe beträgt bis zu 500 Euro je Verstoß.", "500 Euro je Verstoß", True),
        ("The notice period is at least 90 days for each party.", "90 days for each party", True),
    ],
)
def test_a_number_is_bound_only_by_a_bounding_word_which_draws_attention(source, quote, bounded):
    """ "to" bounds a number only in "up to": "extended to |31 December 2030" names a date.
    The text is there either way; attention names a bound left out, and only a bound."""
    result = result_for(quote, source)
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert bool(result.attention) is bounded, result.attention


# Short sentences counting something, by language: (sentence with {n}, the thing counted)
SHORT_COUNTS = [
    ("en", "The period lasts {n} days."),
    ("de", "Die Frist beträgt {n} Tage."),
    ("fr", "Le délai est de {n} jours."),
    ("pl", "Termin wynosi {n} dni."),
    ("ru", "Срок составляет {n} дней."),
    ("uk", "Строк становить {n} днів."),
]


@SETTINGS
@given(
    case=st.sampled_from(SHORT_COUNTS),
    value=st.integers(2, 30),
    other=st.integers(2, 30),
    in_words_in_quote=st.booleans(),
)
def test_a_short_quote_with_a_number_in_words_or_figures_is_the_same_number_only_at_its_value(
    case, value, other, in_words_in_quote
):
    """edit.number_form in quotes of three or four words, which must match word for word:
    "Срок составляет 5 дней" for "… пять дней"; another value changes the claim."""
    from num2words import num2words

    language, sentence = case
    spelled, figures = sentence.format(n=num2words(value, lang=language)), sentence.format(n=value)
    # "vingt et un", "twenty-one", "п'ять" are several words: read word by word, refused
    assume(not {" ", "-", "'"} & set(num2words(value, lang=language)))
    source, quote = (figures, spelled) if in_words_in_quote else (spelled, figures)
    assert result_for(quote.rstrip("."), source).status is VerificationStatus.CORRECTED
    if other != value:
        assert result_for(sentence.format(n=other).rstrip("."), spelled).status not in PASSING


SLAVIC_CASES = [  # a sentence whose number stands in the genitive, by language
    ("ru", "genitive", "Оплата производится в течение {n} рабочих дней после получения счёта."),
    ("uk", "genitive", "Оплата здійснюється протягом {n} робочих днів після отримання рахунку."),
    ("pl", None, "Płatność następuje w ciągu {n} dni roboczych od otrzymania faktury."),
]
POLISH_GENITIVE = {5: "pięciu", 7: "siedmiu", 10: "dziesięciu", 12: "dwunastu", 30: "trzydziestu"}


@SETTINGS
@given(case=st.sampled_from(SLAVIC_CASES), value=st.sampled_from(sorted(POLISH_GENITIVE)))
def test_a_slavic_number_word_in_another_case_is_the_same_number(case, value):
    """edit.number_form: "в течение 5 рабочих дней" for "в течение пяти рабочих дней"; the
    cases num2words writes and Polish oblique endings count, another value does not."""
    from num2words import num2words

    language, grammatical_case, sentence = case
    word = (
        num2words(value, lang=language, case=grammatical_case)
        if grammatical_case
        else POLISH_GENITIVE[value]
    )
    source = sentence.format(n=word)
    assert result_for(sentence.format(n=value), source).status is VerificationStatus.CORRECTED
    assert result_for(sentence.format(n=value + 1), source).status not in PASSING


UNIT_SENTENCES = [  # (sentence with {v} {u}, the unit's full forms, its sign or abbreviation)
    ("The service fee rises by {v} {u} every year for all tenants.", ["percent"], "%"),
    ("Die Nebenkosten steigen jedes Jahr um {v} {u} für alle Mieter.", ["Prozent"], "%"),
    ("Les charges augmentent de {v} {u} chaque année pour tous.", ["pourcent"], "%"),
    ("Opłaty rosną co roku o {v} {u} dla wszystkich najemców.", ["procent"], "%"),
    ("Das Budget der Stadt beträgt {v} {u} Euro für das ganze Jahr.", ["Millionen"], "Mio."),
    ("Das Budget der Stadt beträgt {v} {u} Euro für das ganze Jahr.", ["Milliarden"], "Mrd."),
    ("Бюджет города составляет {v} {u} рублей на весь год.", ["миллиона", "миллионов"], "млн"),
]
OTHER_UNITS = ["Billionen", "percentage points", "Milliarden", "Tausend", "mal"]


@SETTINGS
@given(
    case=st.sampled_from(UNIT_SENTENCES),
    value=st.integers(2, 99),
    sign_in_quote=st.booleans(),
    other=st.sampled_from(OTHER_UNITS),
    data=st.data(),
)
def test_a_unit_written_as_its_sign_is_the_same_unit_only_of_its_own_value(
    case, value, sign_in_quote, other, data
):
    """edit.unit_form: "5 %" for "5 Prozent", "3 Mio." for "3 Millionen" and back; another
    unit or scale ("Billionen" for "Milliarden", "percentage points" for "%") changes it."""
    sentence, full_forms, sign = case
    full = sentence.format(v=value, u=data.draw(st.sampled_from(full_forms)))
    signed = sentence.format(v=value, u=sign)
    source, quote = (full, signed) if sign_in_quote else (signed, full)
    assert result_for(quote.rstrip("."), source).status is VerificationStatus.CORRECTED
    assume(other not in full_forms)
    changed = sentence.format(v=value, u=other).rstrip(".")
    assert result_for(changed, source).status not in PASSING


ORDINAL_SENTENCES = [  # (language, sentence with {r}, the figure's ending)
    ("en", "The rent is due on the {r} day of each month without any reminder.", "th"),
    ("fr", "Le loyer est dû le {r} jour de chaque mois sans aucun rappel.", "e"),
    ("es", "El alquiler se paga el {r} día de cada mes sin ningún recordatorio.", "º"),
    ("nl", "De huur moet op de {r} dag van elke maand worden betaald.", "e"),
]


@SETTINGS
@given(
    case=st.sampled_from(ORDINAL_SENTENCES),
    rank=st.integers(2, 20),
    other=st.integers(2, 20),
    figure_in_quote=st.booleans(),
)
def test_an_ordinal_in_words_or_figures_is_the_same_rank_only_at_its_value(
    case, rank, other, figure_in_quote
):
    """edit.number_form: "the 5th day" for "the fifth day" and back, in four languages; another
    rank, or the cardinal ("the 5 day"), changes the claim."""
    from num2words import num2words

    language, sentence, ending = case
    word = num2words(rank, lang=language, to="ordinal")
    assume(" " not in word and "-" not in word)
    spelled, figure = sentence.format(r=word), sentence.format(r=f"{rank}{ending}")
    source, quote = (spelled, figure) if figure_in_quote else (figure, spelled)
    assert result_for(quote.rstrip("."), source).status is VerificationStatus.CORRECTED
    if other != rank:
        assert result_for(sentence.format(r=f"{other}{ending}"), spelled).status not in PASSING
    assert result_for(sentence.format(r=rank).rstrip("."), spelled).status not in PASSING


@pytest.mark.parametrize("joiner", ["–", "-", " - ", " to ", "~"])
@pytest.mark.parametrize("frame", ["Delivery takes {r} working days.", "The fine is {r} EUR."])
@FEW
@given(low=st.integers(1, 99), span=st.integers(1, 900))
def test_a_range_cut_off_its_lower_bound_is_verified_with_attention(low, span, frame, joiner):
    """A quote opening with a range's upper bound ("10 working days" of "5–10 working
    days") states a fixed figure the source gives as a range: the text is there, and
    attention names the lower bound, a figure beside the quote's (attention.count_left_out);
    the whole range is verified."""
    high = low + span
    paragraph = frame.format(r=f"{low}{joiner}{high}")
    quote = paragraph[paragraph.index(f"{joiner}{high}") + len(joiner) :].rstrip(".")
    whole = result_for(paragraph.rstrip("."), paragraph, form="markdown")
    assert whole.status is VerificationStatus.VERIFIED, whole.decision
    result = result_for(quote, paragraph, form="markdown")
    assert result.status is VerificationStatus.VERIFIED, (paragraph, quote, result.decision)
    assert_passes_with_attention(result, COUNT)


@SETTINGS
@given(
    low=st.integers(1, 99),
    span=st.integers(1, 900),
    frame=st.sampled_from(
        [
            "The sentence for the offence is {n} years in prison under the new law.",
            "Die Strafe beträgt {n} Jahre Haft nach dem neuen Gesetz.",
            "Le solde du compte est de {n} euros à la fin du mois de mars.",
        ]
    ),
    form=st.sampled_from(["field", "markdown"]),
)
def test_a_number_given_a_minus_or_a_range_its_dash_lost_is_never_corrected(low, span, frame, form):
    """claim.symbol: a minus put before a number, spaced ("- 1200" for "1200"), or a range's
    dash dropped ("5 10" for "5-10") states another number; a range spaced or with an en
    dash ("5 – 10") is the same range: corrected."""
    high = low + span
    ranged = frame.format(n=f"{low}-{high}")
    for changed, paragraph in (
        (frame.format(n=f"{low} {high}"), ranged),
        (frame.format(n=f"- {high}"), frame.format(n=str(high))),
    ):
        result = result_for(changed.rstrip("."), paragraph, form=form)
        assert result.status not in PASSING, (changed, result.decision)
    same = result_for(frame.format(n=f"{low} – {high}").rstrip("."), ranged, form=form)
    assert same.status in PASSING, same.decision


# Quantities an article turns: (sentence with the article, the same without it)
ARTICLE_TURNED_SENTENCES = [
    (
        "A few patients reported side effects after the injection.",
        "Few patients reported side effects after the injection.",
    ),
    (
        "The board had a little time to review the proposal.",
        "The board had little time to review the proposal.",
    ),
    (
        "Ein wenig Geld floss in die Forschung des Instituts.",
        "Wenig Geld floss in die Forschung des Instituts.",
    ),
]


@pytest.mark.parametrize(
    ("case", "with_article_in_source"),
    [
        (ARTICLE_TURNED_SENTENCES[0], False),
        gap(ARTICLE_TURNED_SENTENCES[0], True),
        (ARTICLE_TURNED_SENTENCES[1], False),
        (ARTICLE_TURNED_SENTENCES[1], True),
        (ARTICLE_TURNED_SENTENCES[2], False),
        gap(ARTICLE_TURNED_SENTENCES[2], True),
    ],
)
@pytest.mark.parametrize("form", ["field", "markdown"])
def test_an_article_that_turns_a_quantity_is_never_dropped_or_added_and_left_out_is_named(
    case, with_article_in_source, form
):
    """claim.scope: "a few" (some) for "few" (almost none), "ein wenig" for "wenig", either
    way, is never corrected as an article; a quote that starts right after the source's
    "a" ("Few …" of "A few …") is its text, verified, and attention should name the article
    it leaves out (a gap: "a" and "ein" are no signal words)."""
    with_article, without = case
    source, quote = (with_article, without) if with_article_in_source else (without, with_article)
    paragraph = f"The study ran for twelve months. {source} The results were published."
    result = result_for(quote.rstrip("."), paragraph, form=form)
    if fold_text(quote.rstrip(".")) in fold_text(source):  # "Few …" of "A few …"
        assert result.status is VerificationStatus.VERIFIED, (quote, result.decision)
        assert_passes_with_attention(result, COUNT)
    else:
        assert result.status not in PASSING, (quote, result.decision)


# A range written in words, by language: (num2words language, "{low}…{high}" ways); not
# "de … à", "from … to", which may say a change ("passer de deux à trois")
SPELLED_RANGES = [
    (
        "en",
        "The fine is between {low} and {high} euros.",
        "The fine is {low} through {high} euros.",
    ),
    (
        "de",
        "Die Strafe liegt zwischen {low} und {high} Euro.",
        "Die Strafe beträgt {low} bis {high} Euro.",
    ),
    (
        "fr",
        "L'amende est entre {low} et {high} euros.",
        "Il faut compter {low} à {high} euros d'amende.",
    ),
    ("es", "La multa es entre {low} y {high} euros.", "Se pagan {low} a {high} euros de multa."),
]


@pytest.mark.parametrize(
    ("case", "way"), [(case, way) for case in SPELLED_RANGES for way in (1, 2)]
)
@FEW
@given(
    low=st.integers(3, 9),  # "dos" is also "of the": no number word read (number_values)
    span=st.integers(1, 10),
)
def test_a_range_in_words_cut_off_its_lower_bound_is_verified_with_attention(case, way, low, span):
    """A quote opening with a range's upper bound written in words ("ten euros" of
    "between five and ten euros", "zehn Euro" of "fünf bis zehn Euro") states a fixed
    figure the source gives as a range: the text is there, and attention names the lower
    bound (a number word left out, or the range's word: "bis"); the whole range is
    verified."""
    from num2words import num2words

    language, *ways = case
    high = num2words(low + span, lang=language)
    paragraph = ways[way - 1].format(low=num2words(low, lang=language), high=high)
    quote = paragraph[paragraph.rindex(high) :].rstrip(".")
    whole = result_for(paragraph.rstrip("."), paragraph, form="markdown")
    assert whole.status is VerificationStatus.VERIFIED, whole.decision
    result = result_for(quote, paragraph, form="markdown")
    assert result.status is VerificationStatus.VERIFIED, (paragraph, quote, result.decision)
    assert_passes_with_attention(result)


@pytest.mark.parametrize("sign", ["<", ">", "≤", "≥", "±", "~", "≈", "+", "< ", "≥ ", "± "])
@pytest.mark.parametrize(
    "frame",
    ["The tolerance is {s}5 mm for all parts.", "Die Abweichung beträgt {s}5 mm für alle Teile."],
)
def test_a_sign_before_the_quotes_opening_figure_is_shown(sign, frame):
    """attention.sign_left_out: "5 mm …" of "±5 mm …" states another number than the
    source's; the text is there and attention names the sign. The same sentence without a
    sign, or a range's dash before the figure, gets none."""
    quote = frame.format(s="").split(" ", 3)[-1].rstrip(".")  # "5 mm for all parts"
    signed = result_for(quote, frame.format(s=sign), form="markdown")
    assert signed.status is VerificationStatus.VERIFIED, signed.decision
    assert "attention.sign_left_out" in {a.rule for a in signed.attention}, signed.attention
    for plain in (frame.format(s=""), frame.format(s="3-")):
        result = result_for(quote, plain, form="markdown")
        assert "attention.sign_left_out" not in {a.rule for a in result.attention}, plain


@pytest.mark.parametrize(
    ("sentence", "quote", "counted"),
    [
        (
            "The contractor attends call-outs within eight hours, and routine requests within "
            "five working days.",
            "The contractor attends call-outs within eight hours",
            False,
        ),
        (
            "Der Auftragnehmer kommt binnen acht Stunden, Routineanfragen erledigt er in fünf "
            "Tagen.",
            "Der Auftragnehmer kommt binnen acht Stunden",
            False,
        ),
        (
            "The council approved the plan in three of twelve districts.",
            "The council approved the plan",
            True,
        ),
    ],
)
def test_a_number_after_the_quote_counts_only_in_the_quotes_own_clause(sentence, quote, counted):
    """attention.count_left_out after a quote: a number in the quote's own clause ("… in
    three of twelve districts") says of how many it holds; one in a clause of its own after
    a comma (", and routine requests within five days") is another claim."""
    result = result_for(quote, sentence, form="markdown")
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert (COUNT in {a.rule for a in result.attention}) is counted, result.attention


@pytest.mark.parametrize(
    ("sentence", "quote"),
    [
        ("Die Temperatur fiel auf minus 12 Grad in der Nacht.", "12 Grad in der Nacht"),
        ("La température est tombée à moins 12 degrés la nuit.", "12 degrés la nuit"),
        ("Температура упала до минус 12 градусов ночью.", "12 градусов ночью"),
        ("The temperature fell to minus 12 degrees at night.", "12 degrees at night"),
    ],
)
def test_a_signs_word_before_the_quotes_opening_figure_is_shown(sentence, quote):
    """attention.sign_left_out for a sign written as a word (``number_signs``, data per
    language): "12 Grad" of "minus 12 Grad" is another temperature; without the word, none."""
    signed = result_for(quote, sentence, form="markdown")
    assert signed.status is VerificationStatus.VERIFIED, signed.decision
    assert "attention.sign_left_out" in {a.rule for a in signed.attention}, signed.attention
    words = sentence.split()
    plain = " ".join(w for w in words if w.casefold() not in {"minus", "moins", "минус"})
    result = result_for(quote, plain, form="markdown")
    assert "attention.sign_left_out" not in {a.rule for a in result.attention}, plain
