"""Rule properties of what reaches a quote: the answer's own words, neighbouring clauses, words
of another sense or language; only what reaches it gets attention."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from citations.engine import load_bundle, verify_bundle
from citations.engine.context.signals import signals_for
from citations.engine.matching.words import LIMITING_BY_LANGUAGE, NEGATIONS, PROHIBITIONS, cut_words
from citations.engine.types import VerificationStatus

from .rule_helpers import (
    CONDITION,
    FEW,
    GERMAN,
    NEGATION,
    PASSING,
    SETTINGS,
    assert_passes_with_attention,
    gap,
    result_for,
)


def answered(answer: str, paragraph: str):
    """The result for the one quote of a markdown ``answer`` citing ``paragraph`` (¶2)."""
    data = {
        "bundle_version": 1,
        "id": "answered",
        "sources": [{"id": "M", "kind": "document", "paragraphs": ["Intro.", paragraph]}],
        "response": {"format": "markdown", "text": answer},
    }
    (result,) = verify_bundle(load_bundle(data)).results
    return result


FRAMING_WORDS = sorted(w for w in NEGATIONS | PROHIBITIONS if len(w) > 3 and w.isalpha())


NEGATED_SENTENCES = [
    *(
        (f"In this building {word}", "tenant may sublet the flat to students")
        for word in sorted(cut_words("en").negations)
        if len(word) > 2 and word.isalpha()
    ),
    *(
        (f"In diesem Haus dürfen {word}", "Mitglieder die Halle am Sonntag nutzen")
        for word in sorted(GERMAN.negations)
        if len(word) > 2 and word.isalpha()
    ),
]


@pytest.mark.parametrize("negated", NEGATED_SENTENCES)
@FEW
@given(
    framing=st.sampled_from(FRAMING_WORDS),
    mark=st.sampled_from([("„", "“"), ('"', '"'), ("«", "»"), ("*", "*")]),
)
def test_a_negation_the_answer_says_again_is_verified_with_the_same_attention(
    negated, framing, mark
):
    """Attention reads the source, never the answer: 'the lease says {framing} “tenant may
    sublet …”' quotes from "… no tenant may sublet …" with the negation said by the answer
    itself; with it, without it or with it in another sentence, the quote is verified and
    attention names the negation it leaves out, alike."""
    opening, rest = negated
    paragraph = f"{opening} {rest}."
    opening, closing = mark
    results = [
        answered(answer, paragraph)
        for answer in (
            f"The lease says {framing} {opening}{rest}{closing} [M ¶2].",
            f"The lease says {opening}{rest}{closing} [M ¶2].",
            f"It is {framing}. The lease says {opening}{rest}{closing} [M ¶2].",
        )
    ]
    for result in results:
        assert result.status is VerificationStatus.VERIFIED, result.decision
        assert_passes_with_attention(result, NEGATION)
        assert result.attention == results[0].attention


# Answers whose own words hold the left-out negation or condition, where it does not reach
# the quote: (source sentence, quote, answer before the quote, answer after it)
UNREACHED_FRAMES = [
    *(
        ("The Supplier shall not assign this Agreement.", "assign this Agreement", frame)
        for frame in (
            "The Supplier, {n} the Buyer, may",
            "The Supplier may {n} sell it but may",
            "The Supplier may {n} sell it and may",
            "The Supplier ({n} the Buyer) may",
        )
    ),
    *(
        ("If the rent is late, the landlord may end the lease.", "the landlord may end", frame)
        for frame in (
            "Even if the rent is paid,",
            "If the tenant asks,",
            "If it is {n} late,",
            "Unless the rent is late,",
        )
    ),
]


@pytest.mark.parametrize("case", UNREACHED_FRAMES)
@FEW
@given(
    negation=st.sampled_from(["not", "never", "no"]),
    mark=st.sampled_from([("„", "“"), ('"', '"'), ("«", "»")]),
)
def test_a_negation_or_condition_of_the_answer_changes_no_attention(case, negation, mark):
    """An answer's own negation in a contrast, a clause joined before, another condition,
    or the left-out words said again ("The Supplier, not the Buyer, may “assign …”"): the
    quote is verified, and attention names the negation or condition it leaves out of the
    source's sentence whatever the answer says."""
    paragraph, quote, frame = case
    opening, closing = mark
    result = answered(f"{frame.format(n=negation)} {opening}{quote}{closing} [M ¶2].", paragraph)
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert_passes_with_attention(result, NEGATION, CONDITION)
    restated = paragraph[: paragraph.index(quote)].strip()
    said = answered(f"{restated} {opening}{quote}{closing} [M ¶2].", paragraph)
    assert said.status is VerificationStatus.VERIFIED, said.decision
    assert said.attention == result.attention


# A sentence in each language, with room for a word before the quoted rest
LANGUAGE_SENTENCES = {  # long enough for their language to tell, as a source's text is
    "en": (
        "The board of the association met on Monday, and it was decided on the date",
        "that the fee is raised for all of its members",
    ),
    "de": (
        "Der Vorstand des Vereins hat sich am Montag getroffen, und es wurde in der Sitzung",
        "der Beitrag für alle Mitglieder des Vereins erhöht",
    ),
    "fr": (
        "Le conseil de l'association s'est réuni lundi et il a décidé dans la séance",
        "que la cotisation des membres est relevée pour tous",
    ),
    "es": (
        "La junta de la asociación se reunió el lunes y los socios han decidido en la sesión",
        "que la cuota de los socios se eleva para todos",
    ),
    "it": (
        "Il consiglio della associazione si è riunito lunedì e gli associati hanno deciso",
        "che la quota dei soci è aumentata per tutti",
    ),
    "nl": (
        "Het bestuur van de vereniging is maandag bijeengekomen en heeft in de vergadering",
        "de contributie voor alle leden van de vereniging verhoogd",
    ),
}
FOREIGN_WORDS = sorted(
    (language, word)
    for language in LANGUAGE_SENTENCES
    for other, words in LIMITING_BY_LANGUAGE.items()
    if other != language
    for word in words - cut_words(language).limiting - cut_words(language).exceptions
    if len(word) > 1 and word.isalpha() and word.isascii()
)


def signal_words(language: str) -> frozenset[str]:
    """Every word of ``language``'s signal words (its word data), of every kind."""
    signals = signals_for(language)
    return frozenset(word for phrases in signals.kinds.values() for p in phrases for word in p)


@pytest.mark.parametrize("case", FOREIGN_WORDS)
def test_a_word_that_negates_only_in_another_language_draws_no_attention(case):
    """Attention reads the source's language's words: "mai" is May in a French or German
    text (never in Italian), "nu" now in Dutch (not in Romanian), "se" impersonal in Spanish
    (if in Italian); a word its own language's data lists too ("nie": denies in French,
    "apenas": barely in Spanish) gets attention there."""
    language, word = case
    opening, rest = LANGUAGE_SENTENCES[language]
    paragraph = f"{opening} {word} {rest}."
    result = result_for(rest, paragraph)
    assert result.status is VerificationStatus.VERIFIED, (language, result.decision)
    assert bool(result.attention) is (word in signal_words(language)), result.attention


@SETTINGS
@given(
    frame=st.sampled_from(
        [
            "There is no doubt that",
            "It is not surprising that",
            "Es besteht kein Zweifel, dass",
            "Il ne fait aucun doute que",
        ]
    ),
)
def test_a_clause_its_sentence_affirms_through_a_negation_is_verified(frame):
    """ "There is no doubt that |…" and "It is not surprising that |…" affirm the clause."""
    clause = "the repairs to the flood walls will take several months"
    result = result_for(clause, f"The mayor spoke on Monday. {frame} {clause}.")
    assert result.status is VerificationStatus.VERIFIED, result.decision


# Faithful quotes whose sentence holds words the cut checks read in another sense or out of
# the quote's reach (red-team round 15): (paragraphs, the quote, the paragraph it is in)
OUT_OF_REACH = [
    (
        ["Berlin, where the summit took place, is the capital of Germany."],
        "is the capital of Germany",
        1,
    ),
    (
        ["When the meeting ended, the chair thanked the members."],
        "the chair thanked the members",
        1,
    ),
    (
        ["The company denies the allegations but admits that it paid the fine."],
        "it paid the fine",
        1,
    ),
    (
        ["The board approved the budget and the staff worked until midnight."],
        "The board approved the budget.",
        1,
    ),
    (["The score was 3-2 and 10 fans were arrested."], "10 fans were arrested", 1),
    (["Prices rose from five to seven euros in one year."], "seven euros in one year", 1),
    (["The fee rose, probably because of inflation."], "The fee rose.", 1),
    (["매출은 증가한 반면 비용은 감소했다."], "비용은 감소했다", 1),
    (
        ["Every few years the board reviews the pension rules."],
        "years the board reviews the pension rules",
        1,
    ),
    (["The bank is part of the Deutsche Bank group."], "the Deutsche Bank group", 1),
    (["서면 보고서에서 위원회는 예산 증액을 권고했다."], "위원회는 예산 증액을 권고했다", 1),
    (["Il progetto è cresciuto, per il secondo anno consecutivo."], "Il progetto è cresciuto.", 1),
    (["Theo đó, công ty sẽ tăng lương cho nhân viên."], "công ty sẽ tăng lương cho nhân viên", 1),
    (["据此，法院判决被告赔偿原告损失。"], "法院判决被告赔偿原告损失", 1),
    (["若干会员同意后，董事会出售了该大楼。"], "董事会出售了该大楼", 1),
    (
        ["With great pleasure, the council approved the budget."],
        "the council approved the budget",
        1,
    ),
    (
        ["The company sold the data, which says a great deal about its priorities."],
        "The company sold the data.",
        1,
    ),
    (["Prices rose from 500 to 700 euros in one year."], "700 euros in one year", 1),
    (
        ["Not recommended", "iOS 17 supports the feature on all devices."],
        "iOS 17 supports the feature",
        2,
    ),
    (["House rules:", "no smoking", "pets allowed in the garden"], "pets allowed in the garden", 3),
    (["החברה הודיעה שלא תשלם את הקנס."], "לא תשלם את הקנס", 1),
    (
        ["Der Rat hat am Montag den Haushalt beschlossen."],
        "Der Rat hat am Montag den Haushalt besch",
        1,
    ),
]


@pytest.mark.parametrize("case", OUT_OF_REACH)
@pytest.mark.parametrize("form", ["field", "markdown"])
def test_words_out_of_the_quotes_reach_or_of_another_sense_let_it_pass(case, form):
    """A relative "where", a narrative "when", a denial another verb's "that" follows, a
    bound of another clause, a score or a "from … to", a heading or short list line before a
    line in lower case, a Hebrew "that" joined to a negation the quote keeps, a cut leaving
    no word of another claim: none changes what the quote says, which passes (attention,
    which errs toward showing, may name such words: it never changes a status)."""
    paragraphs, quote, index = case
    result = result_for(quote, paragraphs=paragraphs, cited=index, form=form)
    # a JSON field's full stop is the writer's: corrected away there
    assert result.status in PASSING, (quote, result.decision)


# Sentences of a report in its language (the cut checks read the source's language's words),
# and faithful quotes of one sentence among them whose neighbours hold a cut word of another
# clause: a relative clause's negation or modal, an attribution to a plan, a negation that
# affirms (red-team round 17): (language, context, sentence, quote)
REPORT_CONTEXT = {
    "en": "The annual report was released on Tuesday. Analysts had expected a weak year for "
    "the sector. The shares closed slightly higher on the day.",
    "de": "Der Vorstand hat am Dienstag den Jahresbericht vorgelegt. Die Zahlen waren besser "
    "als erwartet und die Aktie stieg deutlich. Die Hauptversammlung findet im Mai statt.",
    "fr": "Le conseil d'administration a présenté mardi le rapport annuel. Les résultats ont "
    "été meilleurs que prévu et l'action a progressé. L'assemblée générale aura lieu en mai.",
    "it": "Il consiglio di amministrazione ha presentato martedì la relazione annuale. I "
    "risultati sono stati migliori del previsto e il titolo è salito.",
    "ru": "Совет директоров во вторник представил годовой отчёт. Результаты оказались лучше "
    "ожиданий, и акции выросли. Общее собрание акционеров состоится в мае.",
}
FAITHFUL_IN_REPORTS = [
    (
        "en",
        "The trial enrolled 240 patients, none of whom had received prior treatment.",
        "The trial enrolled 240 patients.",
    ),
    (
        "en",
        "The project was completed in May, according to plan.",
        "The project was completed in May.",
    ),
    (
        "en",
        "Sales grew strongly in Asia, not least because of new stores.",
        "Sales grew strongly in Asia.",
    ),
    (
        "en",
        "According to plan, the new terminal opened in March.",
        "the new terminal opened in March",
    ),
    (
        "en",
        "It is no secret that the company struggled during the pandemic.",
        "the company struggled during the pandemic",
    ),
    (
        "en",
        "The chief executive, who had denied the allegations for months, admitted on Tuesday "
        "that the company had sold customer data.",
        "the company had sold customer data",
    ),
    (
        "de",
        "Der Verein hat 40 neue Mitglieder aufgenommen, deren Beiträge noch nicht bezahlt sind.",
        "Der Verein hat 40 neue Mitglieder aufgenommen.",
    ),
    (
        "fr",
        "L'étude a inclus 240 patients, lesquels n'avaient jamais été traités auparavant.",
        "L'étude a inclus 240 patients.",
    ),
    (
        "fr",
        "Les travaux se sont achevés en mai, selon le calendrier prévu.",
        "Les travaux se sont achevés en mai.",
    ),
    (
        "it",
        "Lo studio ha coinvolto 240 pazienti, nessuno dei quali era stato trattato prima.",
        "Lo studio ha coinvolto 240 pazienti.",
    ),
    (
        "ru",
        "Компания наняла 300 инженеров, которые раньше не работали в отрасли.",
        "Компания наняла 300 инженеров.",
    ),
]
# The same sentences where the cut word is the quoted clause's own: refused
CHANGED_IN_REPORTS = [
    (
        "en",
        "The trial enrolled 240 patients, but not children.",
        "The trial enrolled 240 patients.",
    ),
    (
        "en",
        "The company, which admitted the breach, denied that it had sold customer data.",
        "it had sold customer data",
    ),
    ("en", "If plans change, the board may sell the building.", "the board may sell the building"),
    (
        "fr",
        "Les travaux se sont achevés en mai, selon le journal.",
        "Les travaux se sont achevés en mai.",
    ),
    ("en", "The drug is safe, which the regulator has not confirmed.", "The drug is safe."),
    (
        "en",
        "Tenants may sublet, which requires the landlord's written consent.",
        "Tenants may sublet.",
    ),
    (
        "en",
        "The spokesman, who denied, when asked by reporters, that the plant was polluting the "
        "river, resigned.",
        "the plant was polluting the river",
    ),
    (
        "en",
        "The economy will grow by 3 percent next year, according to the forecast.",
        "The economy will grow by 3 percent next year.",
    ),
    (
        "de",
        "Der Mieter darf untervermieten, der Vermieter muss jedoch vorher schriftlich zustimmen.",
        "Der Mieter darf untervermieten.",
    ),
    (
        "de",
        "Mitglieder dürfen abstimmen, die nicht im Rückstand mit ihren Beiträgen sind.",
        "Mitglieder dürfen abstimmen.",
    ),
]


@pytest.mark.parametrize(
    "case",
    [
        *FAITHFUL_IN_REPORTS,
        *(
            # a permission's condition in a clause of its own ("jedoch … zustimmen"): no
            # signal word
            gap(case) if case[2] == "Der Mieter darf untervermieten." else case
            for case in CHANGED_IN_REPORTS
        ),
    ],
)
@pytest.mark.parametrize("form", ["field", "markdown"])
def test_a_cut_word_of_a_relative_clause_or_a_plan_is_not_the_quotes_but_its_own_is_shown(
    case, form
):
    """A negation or modal of a relative clause after the quote's sentence ("…, none of whom
    …", "…, was … nicht …"), "according to plan", "no secret that", a denial inside a
    relative clause before another verb's "that": none is the quote's claim, which passes;
    the same words in the quote's own clause pass too (the text is there), with attention
    naming them."""
    language, sentence, quote = case
    context = REPORT_CONTEXT[language]
    result = result_for(quote, paragraphs=[context, sentence, context], form=form)
    assert result.status in PASSING, (quote, result.decision)
    if case in CHANGED_IN_REPORTS:
        assert_passes_with_attention(result)


# Answers that restate a left-out negation, condition or range otherwise than the source:
# (source sentence, quote, the answer's words before it)
RESTATED_OTHERWISE = [
    (
        "The Supplier shall not assign this Agreement.",
        "assign this Agreement",
        "The Supplier may not refuse to",
    ),
    (
        "The Supplier shall not assign this Agreement.",
        "assign this Agreement",
        "The Supplier cannot fail to",
    ),
    (
        "Wenn der Mieter nicht zahlt, darf der Vermieter kündigen.",
        "darf der Vermieter kündigen",
        "Wenn der Mieter zahlt,",
    ),
    (
        "If the rent is late, the landlord may end the lease.",
        "the landlord may end the lease",
        "If the rent is not late,",
    ),
    ("Delivery takes 5 to 10 days.", "10 days", "Delivery takes"),
]


@pytest.mark.parametrize(
    "case",
    RESTATED_OTHERWISE,
)
@pytest.mark.parametrize("mark", [("„", "“"), ('"', '"')])
def test_an_answer_restating_the_left_out_words_otherwise_still_gets_the_attention(case, mark):
    """An answer that restates the left-out words otherwise (a negation of another verb,
    "may not refuse to"; a condition with its negation dropped or added; a range's lower
    bound it leaves out too) changes nothing: attention reads the source, and names the
    negation, condition or bound the quote leaves out of it."""
    paragraph, quote, frame = case
    opening, closing = mark
    result = answered(f"{frame} {opening}{quote}{closing} [M ¶2].", paragraph)
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert_passes_with_attention(result)


# A clause its sentence embeds, by language: (the subject before the verb, the governing word,
# the clause quoted); the verb between is a made-up word, so no list of verbs can know it
GOVERNED_CLAUSES = [
    ("en", "The critics", "that", "the association welcomes the decision"),
    ("de", "Die Kritiker", "dass", "der Verband die Entscheidung begrüßt"),
    ("fr", "Les critiques", "que", "l'association salue la décision"),
    ("es", "Los críticos", "que", "la asociación celebra la decisión"),
    ("it", "I critici", "che", "l'associazione accoglie la decisione"),
    ("pt", "Os críticos", "que", "a associação saúda a decisão"),
    ("nl", "De critici", "dat", "de vereniging het besluit verwelkomt"),
    ("pl", "Krytycy", "że", "stowarzyszenie popiera tę decyzję"),
    ("sv", "Kritikerna", "att", "föreningen välkomnar beslutet"),
    ("cs", "Kritici", "že", "sdružení rozhodnutí vítá"),
    ("ru", "Критики", "что", "ассоциация приветствует это решение"),
    ("hu", "A kritikusok", "hogy", "az egyesület üdvözli a döntést"),
]


@pytest.mark.parametrize("case", GOVERNED_CLAUSES, ids=lambda case: case[0])
@FEW
@given(verb=st.text(alphabet="bdfgklmnprstvz", min_size=5, max_size=9))
def test_a_clause_after_a_governing_word_gets_attention_whatever_the_verb(case, verb):
    """attention.governed_clause: a quote that is the clause after "that", "dass", "que",
    "że" … depends on the left-out words before it ("Critics claim that |…"), whatever
    their verb: the text is there, and attention names them. The same lead closed by a
    comma instead of the governing word governs nothing the check reads."""
    _, subject, governing, clause = case
    verb = verb.replace("", "a")[1:]  # a pronounceable made-up verb: "bakaza…"
    result = result_for(clause, f"{subject} {verb} {governing} {clause}.", form="markdown")
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert_passes_with_attention(result, "attention.governed_clause")
    neutral = result_for(clause, f"{subject} {verb}, {clause}.", form="markdown")
    assert neutral.status is VerificationStatus.VERIFIED, neutral.decision
    assert "attention.governed_clause" not in {a.rule for a in neutral.attention}
