"""Rule properties of what a quote leaves out of its sentence: conditions, full stops, clauses,
questions and sentence ends get attention."""

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from citations.engine.matching.words import (
    CONJUNCTIONS,
    EXCEPTIONS_BY_LANGUAGE,
    JOINED_COMPLEMENTIZERS,
)
from citations.engine.types import VerificationStatus

from .rule_helpers import (
    ATTRIBUTION,
    CONDITION,
    CONTEXT,
    COUNT,
    EXCEPTION,
    FEW,
    HEDGE,
    LIMITATION,
    NEGATION,
    PASSING,
    SETTINGS,
    WORD,
    assert_passes_with_attention,
    gap,
    needs_dev,
    result_for,
    sentence_windows,
)


@needs_dev
@pytest.mark.parametrize(
    "condition",
    [
        "Wenn der Bund zustimmt",
        "Falls nötig",
        "Sofern das Gesetz es erlaubt",
        "Soweit das Gesetz es erlaubt",
    ],
)
@FEW
@given(window=sentence_windows())
def test_a_main_clause_cut_off_its_condition_is_verified_with_attention(window, condition):
    """ "the board must …" of "If the members agree, the board must …" says it without the
    condition: the text is there, and attention names the condition."""
    paragraph, start, end = window
    conditioned = f"{paragraph[:start]}{condition}, {paragraph[start:]}"
    quote = paragraph[start:end]
    result = result_for(quote, conditioned)
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert_passes_with_attention(result, CONDITION)


@needs_dev
@pytest.mark.parametrize("negation", ["nicht", "nie", "keinesfalls", "niemals"])
@pytest.mark.parametrize("stop", [".", ""])
@FEW
@given(window=sentence_windows())
def test_a_sentence_cut_off_its_final_negation_is_verified_with_attention(window, negation, stop):
    """ "Das Gericht folgte dieser Auffassung." of "… Auffassung nicht." says the opposite;
    German and Dutch put the negation last: the text is there, and attention names it."""
    paragraph, start, end = window
    assume(not any(mark in paragraph[start:end] for mark in '„“”"«»'))  # no inner quotes
    # not after a joining word: "… treten will oder |nicht" is "or not"
    assume(WORD.findall(paragraph[start:end].lower())[-1] not in CONJUNCTIONS)
    negated = f"{paragraph[:end]} {negation}."
    result = result_for(paragraph[start:end] + stop, negated, form="markdown")
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert_passes_with_attention(result, NEGATION)
    assert any(negation in a.words for a in result.attention), result.attention


@needs_dev
@pytest.mark.parametrize(
    ("rest", "rules"),
    [
        (" nur im Notfall", (LIMITATION,)),
        (" und zwar nie", (NEGATION,)),
        (", außer im Notfall", (EXCEPTION, CONDITION)),
        (", sofern nichts anderes gilt", (CONDITION, NEGATION)),
        (", es sei denn, der Bund widerspricht", (CONDITION, EXCEPTION)),
        # an English condition in a German paragraph: its language's words are read only
        gap(", subject to the approval of the board", (CONDITION,)),
        gap("?", ()),  # a question asked: no word of a kind
    ],
)
@FEW
@given(window=sentence_windows())
def test_a_full_stop_put_where_the_sentence_goes_on_is_verified_with_attention_to_the_rest(
    window, rest, rules
):
    """A negation, condition or restriction where the sentence goes on, or a question mark,
    is what a full stop put inside the closing mark leaves out: the text is there, and
    attention names it."""
    paragraph, start, end = window
    assume(not any(mark in paragraph[start:end] for mark in '„“”"«»'))  # no inner quotes
    continued = f"{paragraph[:end]}{rest}{'' if rest == '?' else '.'}"
    result = result_for(paragraph[start:end] + ".", continued, form="markdown")
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert_passes_with_attention(result, *rules)
    assert result.context is not None and result.context.left_out_after.startswith(rest)


DENYING_FRAMES = [
    "The company denied that",
    "We have no reason to believe that",
    "Nothing in our systems indicates that",
    "Die Firma bestreitet, dass",
    "Der Sprecher sagte nicht, dass",
    "L'entreprise dément que",
    "La empresa negó que",
    "L'azienda smentisce che",
]
DENIED_ENGLISH, DENIED_GERMAN = "customer data had been sold", "die Kundendaten verkauft wurden"


@pytest.mark.parametrize(
    ("frame", "clause"),
    [(frame, clause) for frame in DENYING_FRAMES for clause in (DENIED_ENGLISH, DENIED_GERMAN)],
)
def test_a_clause_its_sentence_denies_is_verified_with_attention(frame, clause):
    """ "customer data had been sold" of "The company denied that customer data had been
    sold" asserts what the source denies: the text is there, and attention names the
    denial."""
    result = result_for(clause, f"{frame} {clause} to advertisers.")
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert_passes_with_attention(result, NEGATION)


def test_a_full_stop_before_another_clause_of_the_sentence_is_no_cut():
    """ "… secret." of "… secret and shall not disclose it": the clause after "and" has a
    negation of its own, which restricts nothing the quote says."""
    source = (
        "Each party shall keep the other party's Confidential Information secret and shall "
        "not disclose it to any third party."
    )
    quote = "shall keep the other party's Confidential Information secret."
    result = result_for(quote, source, form="markdown")
    assert result.status is VerificationStatus.VERIFIED, result.decision


EXCEPTION_CASES = sorted(
    (language, word) for language, words in EXCEPTIONS_BY_LANGUAGE.items() for word in words
)


# Exceptions of the old cut lists that no word data lists
EXCEPTIONS_WITHOUT_ATTENTION: frozenset[tuple[str, str]] = frozenset()


@pytest.mark.parametrize(
    "case",
    [gap(case) if case in EXCEPTIONS_WITHOUT_ATTENTION else case for case in EXCEPTION_CASES],
)
@pytest.mark.parametrize("stop", [".", " (...)."])
def test_a_full_stop_put_before_an_exception_of_any_listed_language_is_passed_with_attention(
    case, stop
):
    """ "Xyz may not keep a dog." of "…, unless the owner agrees." leaves the exception out,
    in every language of the list ("medmindre", "ellei", "ledaže", "kecuali"), and so does
    a marked omission at the end: the text is there, and attention names the exception (or
    the condition it makes)."""
    _, word = case
    paragraph = f"Xyzzy quux plugh wibble, {word} wobble fnord."
    result = result_for(f"Xyzzy quux plugh wibble{stop}", paragraph, form="markdown")
    # "chyba" (unless, and perhaps) is listed as a hedge
    assert_passes_with_attention(result, EXCEPTION, CONDITION, HEDGE)
    assert any(word in a.words for a in result.attention), result.attention


# "<subject> <denies | says> <that> <clause>" by language: (denying frame, saying frame,
# "that", the clause); Hebrew writes "that" joined to the clause ("שהשוכר")
DENIED_CLAUSES = {
    "en": ("The company denies", "The company says", "that", "the tenant paid the rent on time."),
    "en-false": ("It is false", "It is true", "that", "the company sold customer data."),
    "de": ("Die Firma bestreitet,", "Die Firma sagt,", "dass", "der Mieter pünktlich zahlte."),
    "he": ("החברה מכחישה", "החברה אומרת", "ש", "השוכר שילם את דמי השכירות בזמן."),
    "he-separate": ("החברה מכחישה", "החברה אומרת", "כי", "השוכר שילם את דמי השכירות בזמן."),
    "ar": ("نفت الشركة", "قالت الشركة", "أن", "المستأجر دفع الإيجار في الموعد المحدد."),
    "hi": ("कंपनी ने इनकार किया", "कंपनी ने कहा", "कि", "किरायेदार ने समय पर किराया चुकाया।"),
    "ru": ("Компания отрицает,", "Компания сообщает,", "что", "арендатор вовремя заплатил."),
    "el": ("Η εταιρεία αρνείται", "Η εταιρεία δηλώνει", "ότι", "ο ενοικιαστής πλήρωσε εγκαίρως."),
    "sv": ("Företaget förnekar", "Företaget säger", "att", "hyresgästen betalade hyran i tid."),
    "cs": ("Společnost popírá,", "Společnost uvádí,", "že", "nájemce zaplatil nájemné včas."),
    "ro": ("Compania neagă", "Compania afirmă", "că", "chiriașul a plătit chiria la timp."),
    "id": (
        "Perusahaan membantah",
        "Perusahaan menyatakan",
        "bahwa",
        "penyewa membayar tepat waktu.",
    ),
}


@pytest.mark.parametrize("case", sorted(DENIED_CLAUSES))
@pytest.mark.parametrize("with_that", [False, True])
@pytest.mark.parametrize("form", ["field", "markdown"])
def test_a_clause_its_sentence_denies_is_verified_with_attention_in_any_listed_language(
    case, with_that, form
):
    """A quote of the clause a verb of denying governs ("denies", "it is false"), with its
    "that" or without, asserts what the source denies: verified, with attention naming the
    denial; under a verb of saying it is verified with no negation named. A denial of
    another language is none ("nie": denies in French)."""
    denying, saying, that, clause = DENIED_CLAUSES[case]
    joined = "" if that in JOINED_COMPLEMENTIZERS else " "
    quote = f"{that}{joined}{clause}" if with_that else clause
    denied = result_for(quote, f"{denying} {that}{joined}{clause}", form=form)
    assert denied.status is VerificationStatus.VERIFIED, denied.decision
    assert_passes_with_attention(denied, NEGATION)
    said = result_for(quote, f"{saying} {that}{joined}{clause}", form=form)
    assert said.status is VerificationStatus.VERIFIED, said.decision
    assert NEGATION not in {a.rule for a in said.attention}, said.attention


# "<condition or attribution>, <main clause>" by language: a quote of the main clause alone
# states as fact what the source makes conditional or attributes (red-team round 14)
CONDITIONED_SENTENCES = [
    ("pl", "Jeśli najemca spóźni się z zapłatą, ", "wynajmujący może wypowiedzieć umowę."),
    ("cs", "Pokud nájemce nezaplatí včas, ", "pronajímatel může smlouvu vypovědět."),
    ("sv", "Om hyresgästen inte betalar, ", "får hyresvärden säga upp avtalet."),
    ("ru", "Если арендатор не заплатит вовремя, ", "арендодатель может расторгнуть договор."),
    ("id", "Jika penyewa terlambat membayar, ", "pemilik dapat mengakhiri perjanjian sewa."),
    ("tr", "Eğer kiracı zamanında ödemezse, ", "ev sahibi sözleşmeyi feshedebilir."),
    ("nl", "Als de huurder niet betaalt, ", "mag de verhuurder de huur opzeggen."),
    ("en", "Whenever the rent is late, ", "the landlord may terminate the lease."),
    ("en", "Otherwise, ", "the tenant must return the keys."),
    ("de", "Solange die Miete offen ist, ", "darf der Vermieter die Kaution behalten."),
    ("fr", "Tant que le loyer est impayé, ", "le bailleur peut résilier le bail."),
    ("es", "Siempre que no se pague, ", "el arrendador puede rescindir el contrato."),
    ("it", "Finché il canone non è pagato, ", "il locatore può risolvere il contratto."),
    ("pt", "De acordo com o relatório, ", "as vendas aumentaram no último ano."),
    ("zh", "如果承租人逾期支付租金，", "出租人有权解除本合同。"),
    ("ja", "もし賃借人が賃料を支払わない場合、", "賃貸人は契約を解除できる。"),
    ("ja", "賃借人が同意した場合、", "賃貸人は契約を解除できる。"),
    ("zh", "承租人同意的话，", "出租人可以解除合同。"),
    ("ko", "세입자가 동의하면 ", "집주인은 계약을 해지할 수 있다."),
    ("en", "Only if the members agree, ", "the board may sell the building."),
    ("en", "Except in an emergency, ", "the tenant may not enter the cellar."),
    ("fi", "Jos vuokralainen suostuu, ", "vuokranantaja voi irtisanoa sopimuksen."),
    ("hu", "Ha a bérlő beleegyezik, ", "a bérbeadó felmondhatja a szerződést."),
    ("uk", "Якщо орендар погодиться, ", "орендодавець може розірвати договір."),
    ("vi", "Nếu người thuê đồng ý, ", "chủ nhà có thể chấm dứt hợp đồng."),
    ("ro", "Dacă chiriașul este de acord, ", "proprietarul poate rezilia contractul."),
    ("en", "With the consent of the landlord, ", "the tenant may sublet the flat."),
    ("fr", "Sous réserve de l'accord du bailleur, ", "le locataire peut sous-louer le logement."),
    ("pl", "Za zgodą wynajmującego, ", "najemca może podnająć mieszkanie."),
    ("fr", "S'ils sont d'accord, ", "le bailleur peut résilier le bail."),
    ("hu", "Csak ha a tagok egyetértenek, ", "a testület eladhatja az épületet."),
    ("en", "Save as provided in clause 5, ", "the tenant may not sublet the flat."),
    ("en", "Only when the members agree, ", "the board may sell the building."),
    ("de", "Vorausgesetzt, die Mitglieder stimmen zu, ", "darf der Vorstand das Haus verkaufen."),
    ("fr", "Sous réserve des dispositions de l'article 5, ", "le locataire peut sous-louer."),
    ("it", "Nel caso in cui i soci siano d'accordo, ", "il consiglio può vendere l'edificio."),
    ("nl", "Behoudens toestemming van de leden, ", "mag het bestuur het gebouw verkopen."),
    ("uk", "У випадку згоди членів, ", "правління може продати будівлю."),
    ("zh", "要是会员同意，", "董事会可以出售该大楼。"),
    ("zh", "未经出租人书面同意，", "承租人不得转租该房屋。"),
    ("ja", "賃借人が同意した場合に限り、", "賃貸人は建物を売却することができる。"),
    ("ja", "新聞によると、", "同社は顧客データを売却した。"),
    ("ko", "회원들이 동의한 경우에만 ", "이사회는 건물을 매각할 수 있다."),
    ("es", "Sólo cuando los socios estén de acuerdo, ", "la junta puede vender el edificio."),
    ("nl", "Alleen wanneer de leden instemmen, ", "mag het bestuur het gebouw verkopen."),
    ("en", "Only in the event that the members agree, ", "the board may sell the building."),
    ("en", "Only with the consent of the members, ", "the board may sell the building."),
    ("uk", "Тільки у разі згоди членів ", "правління може продати будівлю."),
    ("zh", "若会员同意，", "董事会可以出售该大楼。"),
    ("fr", "Dans ce cas, ", "le contrat est nul et la partie lésée peut agir."),
    ("es", "En tal caso, ", "el contrato es nulo y la parte perjudicada puede actuar."),
    ("en", "Until 2022, ", "the fee was waived for all members of the club."),
    ("de", "Bis 2022 ", "war die Gebühr für alle Mitglieder des Vereins erlassen."),
]
# What may stand before a sentence without opening its words: an item's letter or number, a
# label, a salutation ending the paragraph before; a clause before the condition
SENTENCE_FRAMES = [
    ("", ""),
    ("(a) ", ""),
    ("1. ", ""),
    ("ii) ", ""),
    ("- ", ""),
    ("Note: ", ""),
    ("", "Dear tenant,"),
    ("The rent is due monthly; ", ""),
    ("Article 7. ", ""),
    ("Section 4.2 ", ""),
]


@pytest.mark.parametrize(
    ("case", "frame"),
    [(case, frame) for case in CONDITIONED_SENTENCES for frame in SENTENCE_FRAMES],
)
def test_a_main_clause_cut_off_its_condition_or_attribution_is_verified_with_attention(case, frame):
    """A quote of the main clause alone, its sentence opened by a condition or attribution
    of its language, is verified with attention to it, also where an item's letter, a
    label, a salutation or a clause before a semicolon stands before the sentence; the
    whole sentence is verified without."""
    language, condition, main = case
    prefix, paragraph_before = frame
    if language in ("zh", "ja") and prefix.strip()[:1].isalpha():
        prefix = ""  # a Latin label does not begin a Chinese or Japanese sentence
    sentence = f"{prefix}{condition}{main}"
    paragraphs = [paragraph_before or "Einleitung.", sentence, "Schluss."]
    whole = result_for(f"{condition}{main}".rstrip("。."), f"{condition}{main}")
    assert whole.status is VerificationStatus.VERIFIED, whole.decision
    assert not whole.attention, whole.attention
    result = result_for(main.rstrip("。."), paragraphs=paragraphs, form="markdown")
    assert result.status is VerificationStatus.VERIFIED, (language, frame, result.decision)
    assert_passes_with_attention(
        result, CONDITION, EXCEPTION, ATTRIBUTION, LIMITATION, NEGATION, CONTEXT
    )


# "<main clause><mark> <restriction>" by language: a full stop put after the main clause
# drops a condition, exception, bound or time limit the sentence goes on with
RESTRICTED_SENTENCES = [
    ("pl", "Najemca może podnająć mieszkanie", ", pod warunkiem że wynajmujący się zgodzi."),
    ("sv", "Hyresgästen får hyra ut lägenheten", " förutsatt att hyresvärden godkänner det."),
    ("ru", "Арендатор может сдать квартиру", " при условии согласия арендодателя."),
    ("id", "Penyewa boleh menyewakan rumah", " dengan syarat pemilik setuju."),
    ("cs", "Nájemce může byt podnajmout", " s výjimkou letních měsíců."),
    ("en", "The tenant may not sublet the flat", " until 2026."),
    ("en", "The fine is 500 euros", " at most."),
    ("en", "The landlord pays for repairs", " in part."),
    ("de", "Der Vermieter zahlt die Reparaturen", " höchstens bis 500 Euro."),
    ("fr", "Le bailleur paie les réparations", " en partie."),
    ("zh", "承租人可以转租房屋", "，除非出租人书面反对。"),
    ("ja", "賃借人は住宅を転貸できる", "、ただし賃貸人の承諾が必要である。"),
    ("en", "The company sold the data", ", according to the newspaper."),
    ("de", "Die Firma verkaufte die Daten", ", der Zeitung zufolge."),
    ("fr", "La société a vendu les données", ", selon le journal."),
    ("en", "The company sold the data", ", police said."),
    ("en", "The company sold the data", " (according to the newspaper)."),
    ("en", "The company sold the data", ", including health records, according to the paper."),
    ("de", "Die Firma verkaufte die Daten", ", berichtet die Zeitung."),
    ("de", "Die Firma verkaufte die Daten", ", so die Zeitung."),
    ("fr", "La société a vendu les données", ", rapporte le journal."),
    ("ru", "Компания продала данные", ", сообщает газета."),
]


@pytest.mark.parametrize("case", RESTRICTED_SENTENCES)
@pytest.mark.parametrize("form", ["field", "markdown"])
def test_a_full_stop_put_before_a_restriction_of_any_language_is_passed_with_attention(case, form):
    """A quote ending with a full stop where its sentence goes on with a condition, an
    exception, a bound, a time limit or an attribution states more than the source: the
    text is there (a Chinese "。" for "，" is corrected as punctuation), and attention names
    what the sentence goes on with."""
    language, main, restriction = case
    stop = "。" if language in ("zh", "ja") else "."
    result = result_for(f"{main}{stop}", f"{main}{restriction}", form=form)
    assert_passes_with_attention(result, CONDITION, EXCEPTION, LIMITATION, ATTRIBUTION)
    assert result.context is not None
    assert result.context.left_out_after.strip(" ,.。、，") == restriction.strip(" ,.。、，")


# Lists whose item ends with a phrase after a preposition of absence: (the list up to the
# preposition, phrases of at most three words, the items after it)
ABSENT_PHRASE_LISTS = [
    (
        "The house rules ban entry without ",
        ["written permission", "a valid ticket", "prior notice"],
        "smoking in the stairwell and the cellar; loud music after ten in the evening",
    ),
    (
        "Wir fordern die Abschaffung jeder Speicherung ohne ",
        ["triftigen Grund", "richterliche Anordnung", "konkreten Verdacht"],
        "keine europaweite Vereinheitlichung staatlicher Informationssammlungen; keine "
        "Überwachung des Zahlungsverkehrs",
    ),
    (
        "Le règlement interdit l'entrée sans ",
        ["autorisation écrite", "badge valide", "préavis"],
        "le tabac dans l'escalier et la cave ; la musique forte après vingt-deux heures",
    ),
]


@pytest.mark.parametrize("case", ABSENT_PHRASE_LISTS)
@pytest.mark.parametrize("pick", [0, 1, 2])
@pytest.mark.parametrize("form", ["field", "markdown"])
def test_a_window_closing_a_phrase_of_absence_is_verified_with_attention_to_it(case, pick, form):
    """A quote starting right after "without", "ohne", "sans" that closes its phrase,
    alone, going on for a word or two, or going on with whole items: the text is there,
    and attention names the preposition of absence left out, however far it goes on."""
    opening, phrases, items = case
    phrase = phrases[pick]
    separator = " ; " if " ; " in items else "; "
    paragraph = f"{opening}{phrase}{separator}{items}."
    absence = opening.split()[-1]
    for quote in (
        f"{phrase}{separator}{items}",
        phrase,
        f"{phrase}{separator}{' '.join(items.split()[:2])}",
    ):
        result = result_for(quote, paragraph, form=form)
        assert result.status is VerificationStatus.VERIFIED, (quote, result.decision)
        assert_passes_with_attention(result, NEGATION)
        assert any(a.words.endswith(absence) for a in result.attention), result.attention


# Sentences whose subject is a part or almost none of something: (sentence, the quote of
# the rest from the whole onwards)
PART_OF_SENTENCES = [
    (
        "Only two of the fourteen sites passed the inspection.",
        "the fourteen sites passed the inspection",
    ),
    ("Most of the members voted for the proposal.", "the members voted for the proposal"),
    gap(("3 of the judges dissented from the ruling.", "the judges dissented from the ruling")),
    (
        "Fewer than half of the patients responded to treatment.",
        "half of the patients responded to treatment",
    ),
    (
        "Few patients reported side effects after the injection.",
        "patients reported side effects after the injection",
    ),
    (
        "Zwei von den drei Prüfern lehnten den Antrag ab.",
        "den drei Prüfern lehnten den Antrag ab",
    ),
    ("Kaum ein Mitglied stimmte für den Antrag.", "Mitglied stimmte für den Antrag"),
    (
        "La plupart des membres ont voté pour la proposition.",
        "membres ont voté pour la proposition",
    ),
    (
        "Peu de patients ont signalé des effets secondaires.",
        "patients ont signalé des effets secondaires",
    ),
]


@pytest.mark.parametrize("case", PART_OF_SENTENCES)
@pytest.mark.parametrize("form", ["field", "markdown"])
def test_a_quote_of_the_whole_a_part_or_few_of_it_was_said_of_is_verified_with_attention(
    case, form
):
    """A quote starting after a quantifier's "of" ("two of |the sites", "plupart des
    |membres") or after "few", "kaum" states of all what the source states of a part or of
    almost none: the text is there, and attention names how many; the whole sentence is
    verified without."""
    sentence, quote = case
    whole = result_for(sentence.rstrip("."), sentence, form=form)
    assert whole.status is VerificationStatus.VERIFIED, whole.decision
    assert not whole.attention, whole.attention
    result = result_for(quote, sentence, form=form)
    assert result.status is VerificationStatus.VERIFIED, (quote, result.decision)
    assert_passes_with_attention(result, COUNT, LIMITATION)


# How a sentence may end before the next one, besides a plain full stop: a French closing
# guillemet after its space, a footnote mark, an ellipsis, a list's "etc."
SENTENCE_END_FORMS = [
    ". ",
    ".[3] ",
    ".³ ",
    " … ",
    ", etc. ",
    ". » ",
]


@SETTINGS
@given(end=st.sampled_from(SENTENCE_END_FORMS), form=st.sampled_from(["field", "markdown"]))
def test_a_sentence_after_a_conditioned_one_is_read_as_its_own(end, form):
    """A whole sentence after one that opens with a condition is its own sentence, however
    the one before ends ("… possible. » Le …", "….[3] The …", "… … The …", "…, etc. The
    …"): verified, not read as the condition's main clause (no attention)."""
    opening = "« " if end == ". » " else ""
    paragraph = f"{opening}If approved, the fee is waived{end}The minister confirmed this position."
    result = result_for("The minister confirmed this position", paragraph, form=form)
    assert result.status in PASSING, (paragraph, result.decision)
    assert not result.attention, result.attention


@pytest.mark.parametrize(
    "sentence",
    [
        "Does the regulation apply to small firms?",
        "The regulation applies to small firms?",
        "Gilt die Verordnung auch für kleine Unternehmen?",
    ],
)
@pytest.mark.parametrize("form", ["field", "markdown"])
def test_a_question_quoted_with_a_full_stop_is_verified_with_attention(sentence, form):
    """A question quoted as a statement ("…?" with a full stop) asserts what the source
    asks: the text is there (a full stop at a quote's end is folded away), and attention
    says it was asked (attention.question_left_out); with its question mark it is
    verified."""
    paragraph = f"The committee met on Monday. {sentence} The answer is unclear."
    assert result_for(sentence, paragraph, form=form).status is VerificationStatus.VERIFIED
    result = result_for(f"{sentence[:-1]}.", paragraph, form=form)
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert_passes_with_attention(result, "attention.question_left_out")


# A sentence a PDF broke into two paragraphs: (first line, second line)
BROKEN_SENTENCES = [
    ("The tenant may not", "sublet the flat to students or tourists."),
    ("Members of the club may only", "vote at the annual meeting."),
    ("Der Mieter darf die Wohnung nicht", "an Dritte untervermieten."),
    ("Le locataire ne peut pas", "sous-louer le logement à des étudiants."),
]
TRAILING_LINES = [
    ("The landlord may terminate the lease", "unless the tenant pays within seven days."),
    ("Der Vermieter darf kündigen", "wenn der Mieter nicht zahlt."),
    ("The fee is waived for members", "only if they register before May."),
]


@pytest.mark.parametrize(
    ("paragraphs", "quote", "cited"),
    [
        # the words the first line ends with are left out of a quote of the second: a gap,
        # a quote starting a paragraph is read as starting its sentence
        *(gap([first, second], second.rstrip("."), 2) for first, second in BROKEN_SENTENCES),
        *((list(trailing), f"{trailing[0]}.", 1) for trailing in TRAILING_LINES),
    ],
)
def test_a_sentence_a_line_break_splits_into_paragraphs_is_read_whole_for_attention(
    paragraphs, quote, cited
):
    """A paragraph ending in a word before one opening in lower case is one sentence with
    it: a quote of the second line leaves out the negation or restriction the first ends
    with, one of the first line with a full stop the condition the second opens with; the
    text is there, and attention names what is left out."""
    result = result_for(quote, paragraphs=paragraphs, cited=cited, form="markdown")
    assert result.status is VerificationStatus.VERIFIED, (quote, result.decision)
    assert_passes_with_attention(result, NEGATION, LIMITATION, CONDITION)


QUESTIONS = [
    ("¿", "El depósito es reembolsable", "?"),
    ("", "So we cancel the contract with Nordlicht", "?"),
    ("", "Арендатор оплачивает ремонт", "?"),
    ("", "Zahlt der Vermieter die Reparatur", "?"),
    ("", "承租人可以转租房屋吗", "？"),
    ("", "هل يدفع المستأجر الإيجار مقدما", "؟"),
]


@pytest.mark.parametrize(("opening", "words", "mark"), QUESTIONS, ids=lambda value: value[:12])
@pytest.mark.parametrize("stop", [".", ""])
def test_a_question_quoted_as_a_statement_is_verified_with_attention(opening, words, mark, stop):
    """attention.question_left_out: the text is there (verified), but the source asks it; a
    quote that keeps the question mark gets no such attention, in any script."""
    sentence = f"{opening}{words}{mark}"
    paragraph = f"Einleitung folgt. {sentence} Schluss folgt."
    stated = result_for(f"{words}{stop}", paragraph, form="markdown")
    assert stated.status is VerificationStatus.VERIFIED, stated.decision
    assert "attention.question_left_out" in {a.rule for a in stated.attention}
    asked = result_for(sentence, paragraph, form="markdown")
    assert asked.status is VerificationStatus.VERIFIED, asked.decision
    assert "attention.question_left_out" not in {a.rule for a in asked.attention}


NUMBERED_LISTS = [
    "처리 절차\n1. 요청자가 작업 내용을 작성합니다.\n2. 요청자가 검토를 요청합니다.\n"
    "3. 검토자는 처리 결과와 검토 의견을 기록합니다.",
    "Steps:\n1. the requester writes the request.\n2. the reviewer checks the request.\n"
    "3. the reviewer records the outcome.",
    "Ablauf:\na) der Antrag wird gestellt.\nb) die Prüferin prüft den Antrag.\n"
    "c) das Ergebnis wird festgehalten.",
]


@pytest.mark.parametrize("paragraph", NUMBERED_LISTS, ids=["ko", "en", "de"])
@pytest.mark.parametrize("item", [1, 2, 3])
def test_an_item_of_a_numbered_list_is_a_sentence_of_its_own(paragraph, item):
    """Issue 29 item 3: a stop, a line break and an item's number or letter end a sentence,
    whatever the script and case: an item quoted whole gets no attention for its neighbours
    (the numbers of the items were read as a count)."""
    line = paragraph.split("\n")[item]
    quote = line.split(" ", 1)[1].rstrip(".")
    result = result_for(quote, paragraph, form="markdown")
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert not result.attention, result.attention
