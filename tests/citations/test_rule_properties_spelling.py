"""Rule properties of a word's form: verbatim variants, folding, typos, markers, letters,
accents and signs of every script; an edit of form is corrected, another word never."""

import re
import unicodedata

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from citations.engine.matching.languages import language_of
from citations.engine.matching.match import ends_inside_number, starts_inside
from citations.engine.matching.normalize import fold_text
from citations.engine.matching.words import (
    ARTICLES,
    CLAIM_ENDINGS_BY_LANGUAGE,
    CONTRACTIONS,
    articles,
    is_number,
)
from citations.engine.types import VerificationStatus

from .rule_helpers import (
    CUT_WORD,
    PASSING,
    SETTINGS,
    WORD,
    assert_at,
    needs_dev,
    result_for,
    windows,
)

VERBATIM_VARIANTS = {
    "upper case": lambda text: text.upper() if "ß" not in text else text,
    "runs of whitespace": lambda text: text.replace(" ", "  \n", 2),
    "typographic apostrophes and quotes": lambda text: f"„{text}“",
    "leading ellipsis": lambda text: f"... {text}",
    "trailing ellipsis": lambda text: f"{text} …",
}


@needs_dev
@pytest.mark.parametrize("variant", VERBATIM_VARIANTS)
@SETTINGS
@given(window=windows())
def test_a_verbatim_variant_is_verified_at_its_exact_span(variant, window):
    paragraph, start, end = window
    result = result_for(VERBATIM_VARIANTS[variant](paragraph[start:end]), paragraph)
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert_at(result, start, end)


@needs_dev
@SETTINGS
@given(window=windows(), cut=st.integers(3, 6))
def test_a_quote_cut_inside_its_first_word_is_verified_at_the_cut_naming_the_word(window, cut):
    """verbatim.cut_start: a quote cut at a character limit starts inside a word; the text
    is there, whatever the cut leaves ("Mieter" of "Vermieter", "legal" of "illegal"), and
    attention names the whole word (attention.cut_word). Only a number cut is refused."""
    paragraph, start, end = window
    first = paragraph[start:end].split()[0]
    assume(len(first) >= cut + 3 and first[: cut + 1].isalpha())  # not "CDU|/CSU"
    # nor a number word ("zig" of "zwanzig"): a number cut is refused,
    # test_a_quote_ending_inside_a_word_is_verified_unless_it_cuts_a_number
    word = WORD.match(first).group()
    assume(not is_number(word.lower()))
    result = result_for(paragraph[start + cut : end], paragraph)
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert_at(result, start + cut, end)
    assert result.decision.cut_start
    assert (CUT_WORD, word) in {(a.rule, a.words) for a in result.attention}, result.attention


@needs_dev
@SETTINGS
@given(window=windows())
def test_a_full_stop_inside_the_closing_mark_is_verified(window):
    """verbatim.closing_punctuation, in markdown: „… weiter.“ where the sentence goes on."""
    paragraph, start, end = window
    assume(end < len(paragraph) and paragraph[end] in " ,;")
    assume(not any(mark in paragraph[start:end] for mark in '„“”"«»'))  # no inner quotes
    # whatever goes on after it: what it leaves out is attention,
    # test_a_full_stop_put_where_the_sentence_goes_on_is_verified_with_attention_to_the_rest
    result = result_for(paragraph[start:end] + ".", paragraph, form="markdown")
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert_at(result, start, end)


@needs_dev
@SETTINGS
@given(window=windows(), data=st.data())
def test_a_one_letter_typo_in_a_long_word_is_corrected(window, data):
    """edit.typo: one letter doubled inside a long word."""
    paragraph, start, end = window
    text = paragraph[start:end]
    long_words = [m for m in WORD.finditer(text) if len(m.group()) >= 10]
    assume(long_words)
    word = data.draw(st.sampled_from(long_words))
    at = word.start() + data.draw(st.integers(2, len(word.group()) - 4))
    typo = text[:at] + text[at] + text[at:]
    result = result_for(typo, paragraph)
    assert result.status is VerificationStatus.CORRECTED, result.decision
    assert "edit.typo" in result.decision.rules
    assert_at(result, start, end)


@needs_dev
@SETTINGS
@given(window=windows())
@pytest.mark.parametrize("marker", [" [cite: 1234]", ".[M ¶2]", " [M2]", " [M ¶2-3]"])
def test_a_copied_citation_marker_is_corrected_away(window, marker):
    """edit.citation_marker: a grounding tag or the answer's own marker copied into the
    quote, after a space or right after its full stop (in markdown, where a marker after the
    closing mark is the citation; at the end of a JSON field a marker is the citation)."""
    paragraph, start, end = window
    form = "field" if marker.startswith(" [cite") else "markdown"
    assume(form == "field" or not any(mark in paragraph[start:end] for mark in "„“”\"«»‚‘’'"))
    result = result_for(paragraph[start:end] + marker, paragraph, form=form)
    assert result.status is VerificationStatus.CORRECTED, result.decision
    assert "[" not in result.corrected.text
    # the full stop before the marker is the source's when the sentence ends there
    stop = marker.startswith(".") and paragraph[end : end + 1] == "."
    assert_at(result, start, end + stop)


def drop_one_umlaut(text: str, data) -> str | None:
    """The text with the umlaut of one of its words left off, when it writes others."""
    marked = [m for m in re.finditer(r"\w*[äöü]\w*", text)]
    if len(marked) < 2:
        return None
    word = data.draw(st.sampled_from(marked))
    plain = word.group().translate(str.maketrans("äöü", "aou"))
    before, after = text[: word.start()], text[word.end() :]
    if data.draw(st.booleans()):  # the others written out: "fuer", "Aenderung"
        spelled = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
        before, after = before.translate(spelled), after.translate(spelled)
    return before + plain + after


@needs_dev
@SETTINGS
@given(window=windows(min_words=8, max_words=24), data=st.data())
def test_an_umlaut_left_off_one_word_is_never_corrected(window, data):
    """claim.mark_changed: "wurde" for "würde", "fordern" for "fördern": a quote that writes
    umlauts elsewhere means another word where it leaves one off."""
    paragraph, start, end = window
    quote = drop_one_umlaut(paragraph[start:end], data)
    assume(quote is not None)
    assert result_for(quote, paragraph).status not in PASSING


@SETTINGS
@given(
    names=st.sampled_from(
        [("Jansen", "Janssen"), ("Meyer", "Mayer"), ("Schmid", "Schmidt"), ("Nilsen", "Nielsen")]
    ),
    roles=st.sampled_from([("chairs the committee", "keeps the accounts")]),
    swap=st.booleans(),
)
def test_a_name_one_letter_off_another_name_nearby_is_never_corrected(names, roles, swap):
    """claim.word_changed: "Mr Janssen chairs …" where Mr Jansen chairs and Mr Janssen keeps
    the accounts gives the chair to another person."""
    first, second = names[::-1] if swap else names
    paragraph = f"Mr {first} {roles[0]} this year. Mr {second} {roles[1]} for the club."
    assert result_for(f"Mr {second} {roles[0]} this year.", paragraph).status not in PASSING


@SETTINGS
@given(
    pair=st.sampled_from(
        [
            ("불", "가능합니다"),
            ("비", "공개 자료입니다"),
            ("무", "효입니다"),
            ("不", "合法的行为"),
            ("非", "課税となります"),
        ]
    ),
)
def test_a_negating_prefix_left_off_without_spaces_is_never_corrected(pair):
    """claim.opposite: "가능합니다" for "불가능합니다" (possible, impossible)."""
    prefix, stem = pair
    paragraph = f"계약 기간 중 해지는 {prefix}{stem} 그리고 끝."
    assert result_for(f"계약 기간 중 해지는 {stem}", paragraph).status not in PASSING


@SETTINGS
@given(
    code=st.sampled_from(
        ["if (!user.isAdmin) { deny(request); }", "assert response.status != 200", "x = !enabled"]
    )
)
def test_a_logical_not_left_out_of_code_is_never_corrected(code):
    """claim.symbol: "if (user.isAdmin)" of "if (!user.isAdmin)" inverts the condition."""
    paragraph = f"The handler reads: {code} and then returns."
    assert result_for(code.replace("!", ""), paragraph).status not in PASSING


UNSPACED_SENTENCES = (
    "乙方应在收到甲方书面通知后十五个工作日内完成全部维修工作，并承担由此产生的一切费用。",
    "本合同自双方签字之日起生效，有效期为两年，期满前三十日内任何一方均可书面提出续约。",
    "乙は、甲の事前の書面による承諾なく、本契約上の地位を第三者に譲渡してはならない。",
    "委託料は、毎月末日までに、乙の指定する銀行口座に振り込む方法により支払うものとする。",
)
HAN_OR_KANA = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")


def _unspaced_window(draw) -> tuple[str, int, int]:
    sentence = draw(st.sampled_from(UNSPACED_SENTENCES))
    start = draw(st.integers(0, 6))
    end = draw(st.integers(start + 16, len(sentence) - 1))
    # not inside a number ("三" of "三十"): claim.cut_word's business
    assume(not starts_inside(sentence, start) and not ends_inside_number(sentence, end))
    return sentence, start, end


@SETTINGS
@given(data=st.data())
def test_chinese_or_japanese_punctuation_left_out_is_corrected(data):
    """edit.punctuation where words have no spaces: the aligner reads one Chinese or Japanese
    character as a word, so a quote that drops a comma ("乙は甲の…") is the passage."""
    sentence, start, end = _unspaced_window(data.draw)
    passage = sentence[start:end]
    commas = [at for at, char in enumerate(passage) if char in "、，"]
    assume(commas and 0 < commas[0] < len(passage) - 1)
    at = data.draw(st.sampled_from(commas))
    assume(0 < at < len(passage) - 1)
    result = result_for(passage[:at] + passage[at + 1 :], sentence)
    assert result.status is VerificationStatus.CORRECTED, result.decision
    assert_at(result, start, end)


@SETTINGS
@given(data=st.data(), change=st.sampled_from(["swap", "drop", "negate", "number"]))
def test_a_changed_character_in_chinese_or_japanese_is_never_verified_or_corrected(data, change):
    """One character is a word there: a changed, dropped or negated one, or another
    numeral, changes the claim (书面 "written" dropped, 两 for 三) and is never repaired."""
    sentence, start, end = _unspaced_window(data.draw)
    passage = sentence[start:end]
    letters = [at for at, char in enumerate(passage) if HAN_OR_KANA.match(char)]
    at = data.draw(st.sampled_from(letters[1:-1]))
    if change == "swap":
        other = data.draw(st.sampled_from("甲乙丙丁天地人上下"))
        assume(other != passage[at])
        quote = passage[:at] + other + passage[at + 1 :]
    elif change == "drop":
        # a letter stays after the two dropped: dropping the last ones is a cut at the end
        # (verbatim, a comma after it the punctuation a sentence going on allows)
        assume(at + 1 < letters[-1])
        quote = passage[:at] + passage[at + 2 :]
    elif change == "negate":
        quote = passage[:at] + "不" + passage[at:]
    else:
        numerals = [k for k, char in enumerate(passage) if char in "一二两三五十"]
        assume(numerals)
        at = numerals[0]
        quote = passage[:at] + ("七" if passage[at] != "七" else "八") + passage[at + 1 :]
    assume(quote not in sentence)
    assert result_for(quote, sentence).status not in PASSING


@SETTINGS
@given(
    pair=st.sampled_from(
        [
            ("favorevole", "sfavorevole"),
            ("consigliato", "sconsigliato"),
            ("prescribed", "proscribed"),
            ("empleado", "empleador"),
            ("employé", "employeur"),
            ("empregado", "empregador"),
            ("Vermieter", "Mieter"),
        ]
    ),
    frame=st.sampled_from(["The committee found the {} decision final", "Il {} resta valido"]),
)
def test_another_word_one_prefix_or_agents_ending_away_is_never_corrected(pair, frame):
    """claim.word_changed: a letter changed among a word's first three ("sfavorevole",
    "proscribed") makes another word, and so does an agent's ending ("empleador"), however
    alike the rest; no edit.typo, no edit.inflection."""
    quoted, written = pair
    result = result_for(
        frame.format(quoted) + " for all members.", frame.format(written) + " for all members."
    )
    assert result.status not in PASSING, result.decision


@pytest.mark.parametrize(
    ("quoted", "written"),
    [
        ("ilness", "illness"),
        ("freirwilligkeit", "freiwilligkeit"),
        ("privalisierung", "privatisierung"),
    ],
)
def test_a_typo_inside_a_long_word_is_corrected(quoted, written):
    """edit.typo: one letter missing, doubled or wrong inside a long word is still the word."""
    source = f"Die Regierung plant in diesem Jahr die {written} der Bahn und der Post."
    result = result_for(f"Die Regierung plant in diesem Jahr die {quoted} der Bahn", source)
    assert result.status is VerificationStatus.CORRECTED, result.decision
    assert "edit.typo" in result.decision.rules


@SETTINGS
@given(
    contraction=st.sampled_from(sorted(CONTRACTIONS.items())),
    contracted_in_quote=st.booleans(),
)
def test_words_written_contracted_or_in_full_are_the_same_words(contraction, contracted_in_quote):
    """edit.contraction: "zum" for "zu dem", "del" for "de el", "do not" for "don't", either
    way round; another contraction in its place ("zur" for "zu dem") is another word."""
    contracted, full = contraction
    written = contracted.replace(" ", "'") if " " in contracted else contracted
    before, after = "Die Regel gilt seit Jahren", "Ende des Vertrags und bleibt bestehen"
    quote = f"{before} {written if contracted_in_quote else full} {after}"
    source = f"{before} {full if contracted_in_quote else written} {after}."
    result = result_for(quote, source)
    assert result.status is VerificationStatus.CORRECTED, result.decision
    assert "edit.contraction" in result.decision.rules
    other = next(c for c, f in sorted(CONTRACTIONS.items()) if f != full and " " not in c)
    assert result_for(f"{before} {other} {after}", f"{before} {full} {after}.").status not in (
        VerificationStatus.CORRECTED,
        VerificationStatus.VERIFIED,
    )


LETTER_VARIANTS = [  # (sentence, the letters as the source writes them, as typed otherwise)
    ("Chiriașul plătește chiria până la data de 5 a fiecărei luni.", "șț", "şţ"),
    ("Chiriașii țin locuința în stare bună și plătesc taxele la timp.", "șț", "şţ"),
    ("مستأجر باید اجاره را تا پنجم هر ماه پرداخت کند.", "یک", "يك"),
    ("کارفرما باید قرارداد را یک ماه پیش از پایان آن تمدید کند.", "یک", "يك"),
]


@SETTINGS
@given(case=st.sampled_from(LETTER_VARIANTS), data=st.data())
def test_a_letter_encoded_another_way_is_the_same_letter(case, data):
    """edit.spelling_variant: Romanian "ş"/"ţ" of legacy code pages for "ș"/"ț", Persian
    "ی"/"ک" typed as Arabic "ي"/"ك", in any of the words; another letter is another word."""
    source, letters, typed = case
    positions = [k for k, c in enumerate(source) if c in letters]
    chosen = data.draw(st.sets(st.sampled_from(positions), min_size=1))
    quote = "".join(
        typed[letters.index(c)] if k in chosen else c for k, c in enumerate(source)
    ).rstrip(".")
    assert result_for(quote, source).status is VerificationStatus.CORRECTED
    words = quote.split()
    changed = " ".join([*words[:-1], words[-1][:-1] + ("x" if words[-1][-1] != "x" else "y")])
    assert result_for(changed, source).status not in PASSING


# A sentence of each language with words an ending listed in CLAIM_ENDINGS_BY_LANGUAGE turns
# into another claim, and a second sentence, so the source's language is told
CLAIM_ENDING_SENTENCES = {
    "en": (
        "Smoking carries a great risk and a high cost for adults who smoke every day.",
        ("great", "high"),
        "The report was published by the ministry of health in the spring of this year.",
    ),
    "nl": (
        "Het risico op schade is klein en de kans op een storing is zwak bij normaal gebruik.",
        ("klein", "zwak"),
        "De fabrikant van het apparaat heeft de handleiding voor alle klanten aangepast.",
    ),
    "sv": (
        "Säljaren ska informera köparen och undersöka bostaden innan avtalet skrivs under.",
        ("informera", "undersöka"),
        "Det är inte tillåtet att hyra ut bostaden i andra hand utan att det har godkänts.",
    ),
    "da": (
        "Sælger skal informere køber om alle fejl og undersøge boligen inden handlen.",
        ("informere", "undersøge"),
        "Det er ikke tilladt at fremleje boligen uden at udlejer har givet sin tilladelse.",
    ),
    "no": (
        "Utleier skal informere leietaker om alle feil og undersøke boligen før innflytting.",
        ("informere", "undersøke"),
        "Det er ikke tillatt å fremleie boligen uten at utleier har gitt sin tillatelse.",
    ),
    "fi": (
        "Yhtiö on alan suuri toimija ja sen pieni tytäryhtiö kasvoi viime vuonna nopeasti.",
        ("suuri", "pieni"),
        "Yhtiön toimitusjohtaja on ollut tehtävässään vuodesta 2019 ja hän jatkaa myös.",
    ),
}


@SETTINGS
@given(
    language=st.sampled_from(sorted(CLAIM_ENDINGS_BY_LANGUAGE)),
    which=st.integers(0, 1),
    form=st.sampled_from(["field", "markdown"]),
)
def test_an_ending_that_makes_another_claim_in_its_language_is_never_corrected(
    language, which, form
):
    """edit.inflection is no comparative ("greater" for "great", Dutch "kleiner" for
    "klein"), no Scandinavian passive ("informeras": is informed) and no Finnish superlative
    ("suurin": largest): an ending of ``CLAIM_ENDINGS_BY_LANGUAGE`` makes another claim in
    its language, while German "kleiner" is "klein" declined (the doctests of same_word)."""
    sentence, words, other = CLAIM_ENDING_SENTENCES[language]
    word = words[which]
    # Danish and Norwegian share their commonest words: not told apart, every language's
    # claim endings count
    assert language_of(f"{sentence} {other}") in (language, None)
    (ending,) = CLAIM_ENDINGS_BY_LANGUAGE[language]
    quote = sentence.replace(f" {word} ", f" {word}{ending} ", 1)
    # the two sentences as one paragraph: its own words tell its language
    result = result_for(quote, f"{sentence} {other}", form=form)
    assert result.status not in PASSING, result.decision


# Sentences of languages in which a word that is an article elsewhere carries meaning:
# Turkish "de" (also), Romanian "de" (of, for); a second sentence, so the language is told
NOT_AN_ARTICLE = {
    "tr": (
        "Kiracı de aidatı her ay öder ve bu ödeme için bir makbuz alır.",
        "de",
        "Ev sahibi binanın bakımı için gerekli olan tüm masrafları karşılar ve bilgi verir.",
    ),
    "ro": (
        "Chiriașul plătește cheltuielile de întreținere în fiecare lună pentru apartament.",
        "de",
        "Proprietarul nu este obligat să repare defectele care sunt cauzate de chiriaș.",
    ),
}


@SETTINGS
@given(
    language=st.sampled_from(sorted(NOT_AN_ARTICLE)), form=st.sampled_from(["field", "markdown"])
)
def test_a_word_that_is_an_article_only_in_another_language_is_no_article(language, form):
    """edit.article reads the source's language's articles (``words.articles``): "de" is an
    article in Dutch and French, "also" in Turkish and "of" in Romanian, where dropping it
    changes the claim ("Kiracı aidatı öder" for "Kiracı de aidatı öder")."""
    sentence, word, other = NOT_AN_ARTICLE[language]
    assert language_of(f"{sentence} {other}") == language
    assert word in ARTICLES and word not in articles(language)
    quote = sentence.replace(f" {word} ", " ", 1)
    # the two sentences as one paragraph: its own words tell its language
    result = result_for(quote, f"{sentence} {other}", form=form)
    assert result.status not in PASSING, result.decision


# Sentences whose words carry accents, in scripts whose capitals may leave them out
ACCENTED_SENTENCES = (
    "Η τράπεζα αποφάσισε να μειώσει τα επιτόκια κατά μία μονάδα από τον Ιούνιο.",
    "L'État garantit le délai de paiement des fournisseurs après la réception.",
    "El índice de precios aumentó según el informe del último trimestre.",
    "A comissão aprovou o orçamento da região após a reunião de março.",
    "Das Café am Markt öffnet im Sommer erst nach der Prüfung der Küche.",
)
# Sentences whose words differ by an umlaut, háček or tilde, which capitals keep: a source
# in capitals without one means the word without it ("WURDE" is "wurde", not "würde")
KEPT_MARK_SENTENCES = (
    ("Die Miete würde im Sommer gesenkt.", "DIE MIETE WURDE IM SOMMER GESENKT."),
    ("Nájemce musí zaplatit být včas.", "NAJEMCE MUSI ZAPLATIT BYT VCAS."),
    ("O contrato é válido em São Paulo.", "O CONTRATO E VALIDO EM SAO PAULO."),
    # an accent that makes another word, which capitals cannot show: the quote picks one
    ("El banco dijo que sí paga el préstamo.", "EL BANCO DIJO QUE SI PAGA EL PRESTAMO."),
    ("Vente où location autorisée.", "VENTE OU LOCATION AUTORISEE."),
)


def _capitals_without_accents(text: str) -> str:
    """``text`` in capitals without the accents capitals leave out (acute, grave,
    circumflex); umlauts and other marks stay."""
    decomposed = unicodedata.normalize("NFD", text.upper())
    return unicodedata.normalize(
        "NFC", "".join(c for c in decomposed if c not in "\u0300\u0301\u0302")
    )


@SETTINGS
@given(
    sentence=st.sampled_from(ACCENTED_SENTENCES),
    form=st.sampled_from(["field", "markdown"]),
    keep=st.booleans(),
)
def test_accents_a_source_in_capitals_leaves_out_are_corrected_to_its_own_text(
    sentence, form, keep
):
    """edit.capital_accents: a source in capitals that writes no accent (Greek capitals drop
    the tonos, French ones often their accents) quoted in lower case with its accents is
    corrected to the source's own text; where its capitals write an accent on one word, a
    word without one is that word, and a quote adding one changes it (claim.mark_changed)."""
    source = _capitals_without_accents(sentence)
    if keep:  # the first accented word keeps its accents in capitals
        word = next(w for w in sentence.split() if _capitals_without_accents(w) != w.upper())
        source = source.replace(_capitals_without_accents(word), word.upper(), 1)
    result = result_for(sentence, source, form=form)
    if keep:
        assert "edit.capital_accents" not in result.decision.rules, result.decision
        if fold_text(source) == fold_text(sentence):  # the one accent left out was kept
            assert result.status is VerificationStatus.VERIFIED, result.decision
        else:
            assert result.status not in PASSING, result.decision
    else:
        assert result.status is VerificationStatus.CORRECTED, result.decision
        assert "edit.capital_accents" in result.decision.rules
        assert result.corrected is not None and result.corrected.text in source
        assert result.corrected.text.rstrip(".") == source.rstrip(".")


@SETTINGS
@given(pair=st.sampled_from(KEPT_MARK_SENTENCES), form=st.sampled_from(["field", "markdown"]))
def test_a_mark_capitals_keep_is_no_capital_accent(pair, form):
    """An umlaut, háček or tilde is written on capitals too: a source in capitals without
    one means the word without it, and a quote adding it is never corrected under
    edit.capital_accents ("würde" for "WURDE"); nor is an accent that makes another word
    ("sí" for "SI", "où" for "OU": ``UNACCENTED_OF_OTHER_WORDS``)."""
    quote, source = pair
    result = result_for(quote, source, form=form)
    assert "edit.capital_accents" not in result.decision.rules, result.decision
    assert result.status not in PASSING, result.decision


# Sentences of scripts that write vowels as signs on a consonant (Devanagari, Bengali, Tamil,
# Gujarati): a sign changes the word ("बच्चे" children, "बच्चा" a child)
SIGNED_SENTENCES = (
    "सभी बच्चे स्कूल में मुफ्त भोजन पाएंगे और किताबें भी मिलेंगी।",
    "किरायेदार हर महीने की पांच तारीख तक किराया जमा करेगा।",
    "সব শিশু বিদ্যালয়ে বিনামূল্যে খাবার পাবে এবং বইও পাবে।",
    "அனைத்து குழந்தைகளும் பள்ளியில் இலவச உணவு பெறுவார்கள்.",
    "બધા બાળકોને શાળામાં મફત ભોજન અને પુસ્તકો મળશે.",
)
_VOWEL_SIGN = re.compile(
    r"[\u0900-\u0dff](?<=[\u093e-\u094c\u09be-\u09cc\u0abe-\u0acc\u0bbe-\u0bcc])"
)


@pytest.mark.parametrize(
    ("sentence", "at"),
    [
        (sentence, sign.start())
        for sentence in SIGNED_SENTENCES
        for sign in _VOWEL_SIGN.finditer(sentence)
    ],
)
@pytest.mark.parametrize("form", ["field", "markdown"])
def test_every_vowel_sign_left_off_makes_another_word(sentence, at, form):
    """A vowel sign is part of its word: a quote that leaves any one off (every sign of
    every sentence, the last word's before its full stop too) changes a word and is never
    verified or corrected."""
    quote = sentence[:at] + sentence[at + 1 :]
    result = result_for(quote, sentence, form=form)
    assert result.status not in PASSING, (quote, result.decision)
    assert not {"edit.punctuation", "edit.typo", "edit.spelling_variant"} & set(
        result.decision.rules
    ), result.decision


@SETTINGS
@given(
    sentence=st.sampled_from(SIGNED_SENTENCES),
    data=st.data(),
    form=st.sampled_from(["field", "markdown"]),
)
def test_a_vowel_sign_changed_or_left_off_is_another_word(sentence, data, form):
    """A vowel sign is part of its word: a quote that changes one, or leaves one off, changes
    a word and is never verified or corrected (read between words, it was corrected as
    punctuation); the sentence as written is verified."""
    signs = list(_VOWEL_SIGN.finditer(sentence))
    at = data.draw(st.sampled_from(signs)).start()
    script_signs = [
        chr(code) for code in range(ord(sentence[at]) & ~0x7F, (ord(sentence[at]) & ~0x7F) + 0x80)
    ]
    other = data.draw(
        st.sampled_from(
            [""] + [c for c in script_signs if _VOWEL_SIGN.fullmatch(c) and c != sentence[at]]
        )
    )
    quote = sentence[:at] + other + sentence[at + 1 :]
    result = result_for(quote, sentence, form=form)
    assert result.status not in PASSING, (quote, result.decision)
    assert not {"edit.punctuation", "edit.typo", "edit.spelling_variant"} & set(
        result.decision.rules
    ), result.decision
    whole = result_for(sentence, sentence, form=form)
    assert whole.status is VerificationStatus.VERIFIED, whole.decision


MIS_DECODED_SENTENCES = [  # sentences of scripts whose UTF-8 read as latin-1 looks otherwise
    "Арендатор обязан вносить плату ежемесячно",
    "Ο ενοικιαστής πληρώνει το ενοίκιο κάθε μήνα",
    "承租人应当按月支付租金和管理费用",
    "賃借人は毎月賃料を支払う義務を負う",
    "임차인은 매월 임대료를 지급하여야 한다",
    "किरायेदार हर महीने किराया जमा करेगा",
    "يدفع المستأجر الإيجار في بداية كل شهر",
]


@SETTINGS
@given(sentence=st.sampled_from(MIS_DECODED_SENTENCES), changed=st.booleans())
def test_mojibake_of_any_script_is_repaired_to_the_source_only_when_it_says_the_same(
    sentence, changed
):
    """Cyrillic, Greek, Chinese, Japanese, Korean, Devanagari and Arabic text whose UTF-8
    was read as latin-1 is the source's text once decoded as meant: corrected to it
    (edit.mojibake); with a character of it dropped before the mis-decoding, never."""
    meant = sentence[:-2] + sentence[-1] if changed else sentence
    quote = meant.encode().decode("latin-1")
    result = result_for(quote, f"{sentence}.", form="markdown")
    if changed:
        assert result.status not in PASSING, result.decision
    else:
        assert result.status is VerificationStatus.CORRECTED, result.decision
        assert "edit.mojibake" in result.decision.rules
        assert result.corrected.text == sentence


@pytest.mark.parametrize(
    ("quote", "sentence", "changed"),
    [
        ("承租人可以在每月五日前支付租金", "承租人应当在每月五日前支付租金。", ("可以", "应当")),
        ("承租人应当在每月十日前支付租金", "承租人应当在每月五日前支付租金。", ("十", "五")),
        (
            "賃借人は毎月五日までに賃料を支払うことができる",
            "賃借人は毎月五日までに賃料を支払わなければならない。",
            None,
        ),
    ],
)
def test_a_claim_changed_in_an_unspaced_script_is_named_by_word_not_by_character(
    quote, sentence, changed
):
    """Issue 29 item 7: differences in scripts without spaces are listed by word or phrase:
    "可以" → "应当" is one changed word, not "可" → "应" and "以" → "当"; the claim stays
    changed. ``changed`` None: only that no difference is a lone character of a changed run."""
    result = result_for(quote, sentence, form="markdown")
    assert result.status is VerificationStatus.UNVERIFIED, result.decision
    claims = [d for d in result.decision.differences if d.kind.startswith("claim.")]
    assert claims, result.decision
    if changed is not None:
        assert [(d.quote, d.source) for d in claims] == [changed]
    assert len(claims) == 1, claims
