"""Rule properties of what a quote cuts off at its edges: a negation, limiting word, exception,
hedge or prefix before it, a word cut at its end; each gets attention."""

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from citations.engine.context.attention import quote_context
from citations.engine.matching.words import EXCEPTION_PHRASES, LIMITING_BY_LANGUAGE, NEGATIONS
from citations.engine.types import VerificationStatus

from .rule_helpers import (
    ATTENTION_GAP,
    ATTRIBUTION,
    CONDITION,
    CONTEXT,
    CUT_WORD,
    EXCEPTION,
    GERMAN,
    HEDGE,
    LIMITATION,
    NEGATION,
    PASSING,
    SETTINGS,
    assert_at,
    assert_passes_with_attention,
    gap,
    needs_dev,
    result_for,
    windows,
)


@SETTINGS
@given(
    negation=st.sampled_from(sorted(w for w in NEGATIONS if len(w) >= 4 and w.isalpha())),
    data=st.data(),
)
def test_a_quote_cut_off_a_negation_word_is_verified_with_attention_naming_it(negation, data):
    """A cut inside a word that leaves a negation's tail ("either" of "neither", "eine" of
    "keine", "ever" of "never") may say the opposite of the source: the text is there, and
    attention names the whole word (attention.cut_word)."""
    cut = data.draw(st.integers(1, len(negation) - 2))
    rest = "party shall be liable for the indirect damages of the other side"
    quote = f"{negation[cut:]} {rest}"
    paragraph = f"Under this clause {negation} {rest}."
    assume(quote.split()[0] not in NEGATIONS)
    result = result_for(quote, paragraph)
    assert_passes_with_attention(result, CUT_WORD)
    assert (CUT_WORD, negation) in {(a.rule, a.words) for a in result.attention}


LIMITING_CASES = sorted(
    (language, word)
    for language, words in LIMITING_BY_LANGUAGE.items()
    for word in words
    if len(word) > 1 and word.isalpha()
)
# Limiting words of the old cut lists that their language's word data does not list
LIMITING_WITHOUT_ATTENTION = frozenset({("he", "אל"), ("ko", "아니")})


@pytest.mark.parametrize(
    "case", [gap(case) if case in LIMITING_WITHOUT_ATTENTION else case for case in LIMITING_CASES]
)
@pytest.mark.parametrize("rest", ["tenant may sublet", "x y z"])
def test_a_quote_starting_after_a_limiting_word_of_its_language_gets_attention(case, rest):
    """In every language with a list, a quote starting right after one of its negating or
    restricting words leaves it out ("tenant may sublet" of "No tenant …"): its context
    holds the word, and attention names it as a negation or a limitation."""
    language, word = case
    paragraph = f"Intro {word} {rest}."
    start = len(paragraph) - len(rest) - 1
    context, attention = quote_context(
        (paragraph,), "M", 0, start, 0, start + len(rest), language=language
    )
    assert context is not None and word in context.left_out_before
    assert {a.rule for a in attention} & {NEGATION, LIMITATION}, attention
    assert any(word in a.words for a in attention), attention


@pytest.mark.parametrize(
    "case",
    [
        ("In this building", "no", "tenant may sublet the flat to students"),
        ("In this building", "only", "members may use the hall on Sundays"),
        ("In diesem Haus dürfen", "nur", "Mitglieder die Halle am Sonntag nutzen"),
        ("In diesem Haus darf", "kein", "Mieter die Wohnung an Studenten vermieten"),
        ("Dans cet immeuble,", "aucun", "locataire ne peut sous-louer l'appartement"),
        ("En este edificio", "ningún", "inquilino puede subarrendar el piso a estudiantes"),
        ("In questo edificio", "nessun", "inquilino può subaffittare l'appartamento"),
        ("In dit gebouw mag", "geen", "huurder de woning aan studenten onderverhuren"),
    ],
)
def test_a_quote_starting_after_a_negation_is_verified_with_attention(case):
    """ "tenant may sublet …" of "No tenant may sublet …" says the opposite; "Mitglieder
    dürfen …" of "Nur Mitglieder dürfen …" says more: the text is there (verified), and
    attention names the negation or limitation it leaves out."""
    opening, limiting, rest = case
    paragraph = f"{opening} {limiting} {rest}."
    result = result_for(rest, paragraph)
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert_passes_with_attention(result, NEGATION, LIMITATION)
    assert any(limiting in a.words for a in result.attention), result.attention


GOVERNING_WORDS = sorted(  # the dev paragraphs are German
    w for w in GERMAN.limiting | GERMAN.exceptions if len(w) > 2 and w.isalpha()
)
TRAILING_MARKS = ["...", " ...", "…", " …", " [...]"]


@needs_dev
@SETTINGS
@given(
    window=windows(),
    governing=st.sampled_from(GOVERNING_WORDS),
    mark=st.sampled_from(TRAILING_MARKS),
)
def test_an_omission_marked_right_after_a_negation_is_verified_as_the_cut_it_marks(
    window, governing, mark
):
    """ "… ist für die Sicherheit nicht..." of "… nicht erforderlich." marks where the quote
    stops, right after a negation (condition, restriction): the text is there, verified at
    the same span and with the same attention as the quote cut there unmarked."""
    paragraph, start, end = window
    assume(not any(mark in paragraph[start:end] for mark in '„“”"«»'))  # no inner quotes
    governed = f"{paragraph[:end]} {governing} Zustimmung{paragraph[end:]}"
    quoted = f"{paragraph[start:end]} {governing}"
    marked, unmarked = result_for(quoted + mark, governed), result_for(quoted, governed)
    assert marked.status is VerificationStatus.VERIFIED, marked.decision
    assert unmarked.status is VerificationStatus.VERIFIED, unmarked.decision
    assert_at(marked, start, start + len(quoted))
    assert_at(unmarked, start, start + len(quoted))
    assert marked.attention == unmarked.attention


@ATTENTION_GAP
@pytest.mark.parametrize(
    ("quote", "paragraph", "governed"),
    [
        (
            "Eine Genehmigung ist für die Sicherheit nicht...",
            "Eine Genehmigung ist für die Sicherheit nicht erforderlich.",
            "erforderlich",
        ),
        (
            "A permit is not...",
            "A permit is not required for the works.",
            "required",
        ),
    ],
)
def test_an_omission_marked_right_after_a_negation_gets_attention_to_what_it_governs(
    quote, paragraph, governed
):
    """ "… nicht..." of "… nicht erforderlich." hides what the negation it ends with governs:
    attention should name the words left out after it. A gap: the words left out after the
    quote are read for signal words of their own only (a table, not a generated sample: a
    strict xfail must fail on every run)."""
    result = result_for(quote, paragraph)
    assert_passes_with_attention(result)
    assert any(governed in a.words for a in result.attention), result.attention


@pytest.mark.parametrize(
    ("case", "word"),
    [
        (
            ("Der Vermieter kann den Vertrag nur aus wichtigem Grund kündigen.", "Mieter"),
            "Vermieter",
        ),
        (
            ("Each subcontractor must hold professional indemnity insurance.", "contractor"),
            "subcontractor",
        ),
        (("She confirmed that the revised shop drawings were issued.", "he"), "She"),
        (
            ("Chaque copropriétaire doit participer aux charges communes.", "propriétaire"),
            "copropriétaire",
        ),
        (
            ("El subarrendatario responderá de los daños causados.", "arrendatario"),
            "subarrendatario",
        ),
        (
            ("De verhuurder is verantwoordelijk voor groot onderhoud aan het dak.", "huurder"),
            "verhuurder",
        ),
    ],
)
@pytest.mark.parametrize("capital", [False, True])
def test_a_quote_cut_to_a_word_of_its_own_is_verified_naming_the_whole_word(case, word, capital):
    """A quote starting inside a word whose rest is a word of its own may name another party
    or person: "Mieter" of "Vermieter", "contractor" of "subcontractor", "he" of "She" (a
    function word, a prefix that makes another word, or a capital the source's cut has not).
    The text is there, and attention names the whole word (attention.cut_word)."""
    sentence, rest = case
    start = sentence.lower().index(rest.lower(), 1)
    quote = sentence[start:].rstrip(".")
    if capital:
        quote = quote[:1].upper() + quote[1:]
    result = result_for(quote, f"Einleitung. {sentence}")
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert result.decision.cut_start
    assert (CUT_WORD, word) in {(a.rule, a.words) for a in result.attention}, result.attention


EXCEPTED_RESTS = ["interns receive a bonus", "Praktikanten erhalten eine Prämie"]


# Every exception gets attention with either rest: a paragraph of mixed words is read in
# every language
@pytest.mark.parametrize(
    ("phrase", "rest"),
    [(phrase, rest) for phrase in sorted(EXCEPTION_PHRASES) for rest in EXCEPTED_RESTS],
)
def test_a_quote_starting_after_an_exception_of_several_words_is_verified_with_attention(
    phrase, rest
):
    """A quote starting right after "other than", "with the exception of", "z wyjątkiem"
    … says of the excepted what the source says of the rest: the text is there, and
    attention names the exception."""
    paragraph = f"All employees {phrase} {rest}."
    result = result_for(rest, paragraph, form="markdown")
    assert result.status is VerificationStatus.VERIFIED, (phrase, result.decision)
    assert_passes_with_attention(result, EXCEPTION, CONDITION, CONTEXT)


# Words a negating prefix makes the opposite of, by language: (sentence, the prefixed word,
# its prefix)
PREFIXED_OPPOSITES = [
    ("Nájemce nesmí podnajímat byt třetím osobám.", "nesmí", "ne"),
    ("Umowa jest niezgodna z prawem unijnym i krajowym.", "niezgodna", "nie"),
    ("Такой порядок является незаконным для всех жильцов дома.", "незаконным", "не"),
    ("Hyresgästen får inte bedriva olaglig verksamhet i lägenheten.", "olaglig", "o"),
    ("A cobrança desta taxa é ilegal para todos os inquilinos.", "ilegal", "i"),
    ("O parecer do comitê foi desfavorável ao projeto de lei.", "desfavorável", "des"),
    ("Этот материал безопасный для детей и взрослых.", "безопасный", "без"),
]


@pytest.mark.parametrize("case", PREFIXED_OPPOSITES)
@pytest.mark.parametrize("form", ["field", "markdown"])
def test_a_quote_cut_off_a_negating_prefix_of_its_language_is_verified_naming_the_word(case, form):
    """A quote starting right after a negating prefix ("smí" of "nesmí", "laglig" of
    "olaglig", "legal" of "ilegal") says the opposite: the text is there, and attention
    names the whole word it cuts (attention.cut_word)."""
    sentence, word, prefix = case
    quote = sentence[sentence.index(word) + len(prefix) :].rstrip(".")
    result = result_for(quote, sentence, form=form)
    assert result.status is VerificationStatus.VERIFIED, (quote, result.decision)
    assert (CUT_WORD, word) in {(a.rule, a.words) for a in result.attention}, result.attention


# "<subject> <hedge> <predicate>": a quote of the predicate alone states what the source
# only reports or supposes
HEDGED_SENTENCES = [
    ("In March, the company", "allegedly", "sold customer data to advertisers."),
    ("Last week, the minister", "reportedly", "approved the contract."),
    ("В марте, компания", "якобы", "продала данные клиентов рекламодателям."),
    ("W marcu, firma", "rzekomo", "sprzedała dane klientów reklamodawcom."),
    ("V březnu, společnost", "údajně", "prodala data zákazníků inzerentům."),
    ("Pada bulan Maret, perusahaan itu", "diduga", "menjual data pelanggan."),
    ("Im März, nach langer Prüfung, hat die Firma", "angeblich", "Kundendaten verkauft."),
]


@pytest.mark.parametrize("case", HEDGED_SENTENCES)
@pytest.mark.parametrize("form", ["field", "markdown"])
def test_a_quote_starting_right_after_a_hedge_is_verified_with_attention(case, form):
    """A hedge right before the quote inside a later clause of its sentence ("In March, the
    company allegedly |sold …") is left out with it: the text is there, and attention names
    the hedge; the sentence without the hedge is verified without."""
    subject, hedge, predicate = case
    result = result_for(predicate.rstrip("."), f"{subject} {hedge} {predicate}", form=form)
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert_passes_with_attention(result, HEDGE, ATTRIBUTION, CONDITION)
    assert any(a.words.endswith(hedge) for a in result.attention), result.attention
    plain = result_for(predicate.rstrip("."), f"{subject} {predicate}", form=form)
    assert plain.status is VerificationStatus.VERIFIED, plain.decision
    assert not plain.attention, plain.attention


# (sentence with {w}, the source's word, the part of it a quote may end with): what is left
# is another number, unit or the stem of a word a negating suffix makes the opposite
END_CUT_NUMBERS = [
    ("The fee is {w} euros per month.", "sixty", "six"),
    ("The fee is {w} euros per month.", "seventeen", "seven"),
    ("Die Gebühr beträgt {w} Euro im Monat.", "vierzig", "vier"),
    ("Die Gebühr beträgt {w} Euro im Monat.", "neunzehn", "neun"),
]
END_CUT_WORDS = [
    ("Unemployment rose by 2 {w} points last year.", "percentage", "percent"),
    ("Die Arbeitslosigkeit stieg um 2 {w} im Jahr.", "Prozentpunkte", "Prozent"),
    ("The court found the driver {w} in the accident.", "blameless", "blame"),
    ("Das Gericht hielt den Fahrer für {w} am Unfall.", "schuldlos", "schuld"),
    ("Alle Getränke auf dem Fest sind {w} und kostenlos.", "alkoholfrei", "alkohol"),
]


@pytest.mark.parametrize("case", END_CUT_NUMBERS + END_CUT_WORDS)
@pytest.mark.parametrize("form", ["field", "markdown"])
def test_a_quote_ending_inside_a_word_is_verified_unless_it_cuts_a_number(case, form):
    """A quote cut at a character limit may end inside a word ("percent" of "percentage",
    "schuld" of "schuldlos"): the text is there, verified, cut anywhere in the word; one
    ending inside a number ("six" of "sixty", "vier" of "vierzig") turns it into another
    and is refused (claim.cut_word), wherever in it the cut falls."""
    sentence, whole, part = case
    paragraph = sentence.format(w=whole)
    quote = paragraph[: paragraph.index(whole) + len(part)]
    longer = paragraph[: paragraph.index(whole) + len(part) + 1]
    for cut in (quote, longer):
        result = result_for(cut, paragraph, form=form)
        if case in END_CUT_NUMBERS:
            assert result.status not in PASSING, (cut, result.decision)
            assert "claim.cut_word" in result.decision.rules
        else:
            assert result.status is VerificationStatus.VERIFIED, (cut, result.decision)
            assert result.decision.cut_end


@pytest.mark.parametrize("case", [gap(case) for case in END_CUT_WORDS])
@pytest.mark.parametrize("form", ["field", "markdown"])
def test_a_quote_ending_in_a_fragment_that_reads_as_a_word_names_the_whole_word(case, form):
    """ "percent" of "percentage", "blame" of "blameless", "schuld" of "schuldlos": the
    fragment a quote ends with reads as a word of another claim, and attention should name
    the whole word (attention.cut_word); a gap: a fragment reads as a word only where the
    source writes it alone."""
    sentence, whole, part = case
    paragraph = sentence.format(w=whole)
    quote = paragraph[: paragraph.index(whole) + len(part)]
    result = result_for(quote, paragraph, form=form)
    assert result.status is VerificationStatus.VERIFIED, (quote, result.decision)
    assert (CUT_WORD, whole) in {(a.rule, a.words) for a in result.attention}, result.attention
