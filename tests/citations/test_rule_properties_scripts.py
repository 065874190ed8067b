"""Rule properties of attention in scripts without spaces or case: Japanese, Korean, Thai,
Devanagari and Hindi, Turkish."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from citations.engine.context.checks import CHECKS_BY_ID
from citations.engine.context.sentences import sentence_ends
from citations.engine.context.signals import signals_for
from citations.engine.matching.words import (
    UNSPACED_LIMITING,
    UNSPACED_NEGATING_ENDINGS,
    UNSPACED_QUALIFYING_ENDINGS,
    cut_words,
)
from citations.engine.types import VerificationStatus

from .rule_helpers import (
    ATTENTION_GAP,
    ATTRIBUTION,
    CONDITION,
    CONTEXT,
    CUT_WORD,
    FEW,
    HEDGE,
    LIMITATION,
    NEGATION,
    SETTINGS,
    assert_passes_with_attention,
    gap,
    result_for,
)

# Thai and Lao write a negation with a tone mark last ("ไม่"): a quote right after it starts
# at a word of its own, cutting none, and no signal word is read in what it leaves out; a
# cut after "ห้าม" names the word back to its tone mark only ("าม承担…")
UNSPACED_WITHOUT_ATTENTION = frozenset({"ไม่", "มิ", "ບໍ່", "ห้าม"})


@pytest.mark.parametrize(
    "limiting",
    [gap(w) if w in UNSPACED_WITHOUT_ATTENTION else w for w in UNSPACED_LIMITING],
)
@FEW
@given(
    rest=st.sampled_from(["承担任何责任", "提供维修服务。", "課税となります", "สามารถให้เช่าช่วงได้"]),
    before=st.sampled_from(["乙方", "", "ผู้เช่า", "本契約では"]),
)
def test_a_quote_starting_after_a_negation_without_spaces_is_verified_with_attention(
    limiting, rest, before
):
    """In scripts without spaces a quote may start at any letter, right after 不, 非 or ไม่
    too ("承担任何责任" of "乙方不承担任何责任" says it bears all): the text is there, and
    attention names the word it cuts, negation and all."""
    result = result_for(rest, f"{before}{limiting}{rest}")
    assert_passes_with_attention(result, CUT_WORD, NEGATION, LIMITATION)
    assert any(limiting in a.words for a in result.attention), result.attention


@pytest.mark.parametrize(
    "ending",
    [gap(ending) if ending in ("ず", "ぬ") else ending for ending in UNSPACED_NEGATING_ENDINGS],
)
@FEW
@given(
    stem=st.sampled_from(
        ["甲は本件業務の結果について責任を負わ", "乙は第三者に本契約上の地位を譲渡し"]
    ),
    rest=st.sampled_from(["。", "い。", "ものとする。"]),
    marked=st.booleans(),
)
def test_a_quote_stopping_before_a_japanese_negation_is_verified_with_attention(
    stem, ending, rest, marked
):
    """Japanese negates after the verb ("負わない": does not bear), so a quote stopping
    right before the ending ("…責任を負わ") says the opposite: the text is there, and
    attention names the ending (the classical "ず", "ぬ" are no signal words yet)."""
    quote = stem + ("…" if marked else "")
    result = result_for(quote, f"前文。{stem}{ending}{rest}")
    assert_passes_with_attention(result, NEGATION, CONTEXT, CUT_WORD)


@pytest.mark.parametrize("negation", ["없다.", "없습니다.", "않는다.", "못한다."])
@pytest.mark.parametrize(
    "quoted", ["임차인은 서면 동의 없이 주택을 전대할 수", "회사는 그 손해를 배상할 수"]
)
def test_a_quote_stopping_before_a_korean_negation_is_verified_with_attention(quoted, negation):
    """A Korean sentence negates with its last word ("할 수 없다": cannot), so a quote
    stopping before it says the opposite: the text is there, and attention names the
    negation left out."""
    result = result_for(quoted, f"{quoted} {negation}")
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert_passes_with_attention(result, NEGATION)


# Hindi sentences "<negation or restriction> <rest>": written with vowel signs, which are
# part of their words ("बिना": without; "केवल": only; "कभी": ever, "कभी नहीं": never)
HINDI_CUTS = (
    ("बिना", "अनुमति के कोई भी किरायेदार कमरा किराए पर दे सकता है।"),
    ("केवल", "सदस्य वार्षिक बैठक में मतदान कर सकते हैं।"),
    ("कभी", "भी किराया समय पर नहीं दिया गया।"),
)


@pytest.mark.parametrize(
    "cut",
    [
        *HINDI_CUTS[:2],
        gap(HINDI_CUTS[2]),  # "कभी" (ever) is listed only in "कभी नहीं" (never)
    ],
)
@pytest.mark.parametrize("form", ["field", "markdown"])
def test_a_word_written_with_vowel_signs_is_read_whole_for_attention(cut, form):
    """Attention reads a Devanagari word with its vowel signs ("बिना", "केवल"): a quote
    that starts right after one leaves out what restricts it, verified with attention
    naming the whole word; the whole sentence is verified without."""
    word, rest = cut
    assert word in cut_words("hi").negations | cut_words("hi").limiting
    source = f"{word} {rest}"
    result = result_for(rest, source, form=form)
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert_passes_with_attention(result, NEGATION, LIMITATION)
    assert [a.words for a in result.attention] == [word]
    whole = result_for(source, source, form=form)
    assert whole.status is VerificationStatus.VERIFIED, whole.decision
    assert not whole.attention, whole.attention


# Paragraphs of two sentences in scripts without case, the first opening with a condition
# ("if"), in the script's own stop: the second is a sentence of its own
CASELESS_SENTENCES = {
    "hi": (
        "अगर किरायेदार सहमत हो, तो मकान मालिक मरम्मत करेगा।",
        "किराया हर महीने की पांच तारीख तक देना होगा।",
    ),
    "ar": (
        "إذا وافق المستأجر، يقوم المالك بالإصلاح.",
        "يدفع المستأجر الإيجار في اليوم الخامس من كل شهر.",
    ),
    "he": ("אם השוכר מסכים, המשכיר יבצע את התיקון.", "השוכר משלם את שכר הדירה בחמישי לכל חודש."),
}


@SETTINGS
@given(
    language=st.sampled_from(sorted(CASELESS_SENTENCES)),
    form=st.sampled_from(["field", "markdown"]),
)
def test_a_sentence_ends_before_a_letter_of_a_script_without_case(language, form):
    """A stop before a letter of a script without case (Arabic, Hebrew, Devanagari, whose
    danda is its full stop) ends a sentence as one before a capital does: a quote of the
    second sentence is verified, the condition opening the first does not reach it (no
    attention)."""
    first, second = CASELESS_SENTENCES[language]
    paragraph = f"{first} {second}"
    assert len(sentence_ends(paragraph)) == 2
    result = result_for(second, paragraph, form=form)
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert not result.attention, result.attention


# Verb-final clauses: the modal stands after the verb, where a quote may put its full stop
TRAILING_MODALS = {
    "de": ("Der Vertrag bestimmt, dass der Mieter die Miete bis zum fünften Tag zahlen", "muss"),
    "nl": ("Het contract bepaalt dat de huurder de huur voor de vijfde dag", "moet betalen"),
    "hi": ("किरायेदार को हर महीने की पांच तारीख तक किराया देना", "होगा"),
}


@pytest.mark.parametrize("language", [gap(language) for language in sorted(TRAILING_MODALS)])
@pytest.mark.parametrize("form", ["field", "markdown"])
def test_a_full_stop_before_a_trailing_modal_is_passed_with_attention(language, form):
    """A full stop put where a verb-final clause goes on with its modal ("… zahlen |muss.",
    "… देना |होगा।") makes an obligation a plain statement: the text is there, and attention
    should name the modal (a modal is no kind of the word data yet). The whole sentence is
    verified."""
    quoted, modal = TRAILING_MODALS[language]
    stop = "।" if language == "hi" else "."
    sentence = f"{quoted} {modal}{stop}"
    assert result_for(sentence, sentence, form=form).status is VerificationStatus.VERIFIED
    result = result_for(f"{quoted}{stop}", sentence, form=form)
    assert_passes_with_attention(result)


@SETTINGS
@given(
    language=st.sampled_from(sorted(CASELESS_SENTENCES)),
    form=st.sampled_from(["field", "markdown"]),
)
def test_the_main_clause_of_a_condition_in_a_caseless_script_is_verified_with_attention(
    language, form
):
    """The conditions of Hindi, Arabic and Hebrew are read as those of other languages: a
    quote of the main clause of "अगर …, तो …" ("if …, then …") leaves the condition out,
    which attention names."""
    first, _ = CASELESS_SENTENCES[language]
    main = re.split("[,،]", first, maxsplit=1)[1].strip()
    result = result_for(main, first, form=form)
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert_passes_with_attention(result, CONDITION)


DEVANAGARI_ABBREVIATED = "अगर डॉ. शर्मा सहमत हों, तो मकान मालिक मरम्मत करेगा।"


def test_a_full_stop_after_a_devanagari_word_is_an_abbreviation():
    """Devanagari ends a sentence with the danda: "डॉ. शर्मा" (Dr Sharma) holds no sentence
    end; the quote after it is verified."""
    paragraph = DEVANAGARI_ABBREVIATED
    assert [start for start, _ in sentence_ends(paragraph)] == [len(paragraph) - 1]
    result = result_for("शर्मा सहमत हों, तो मकान मालिक मरम्मत करेगा।", paragraph)
    assert result.status is VerificationStatus.VERIFIED, result.decision


@ATTENTION_GAP
def test_a_condition_before_a_devanagari_abbreviation_reaches_the_quote_for_attention():
    """ "अगर डॉ. |शर्मा …" (if Dr Sharma …): the condition before the abbreviation is left
    out of the quote's sentence, and attention should name it; a gap: a quote starting
    right after a stop before a letter without case is read as opening its sentence."""
    result = result_for("शर्मा सहमत हों, तो मकान मालिक मरम्मत करेगा।", DEVANAGARI_ABBREVIATED)
    assert_passes_with_attention(result, CONDITION)


def test_an_abbreviations_stop_is_no_sentence_end():
    """A stop after an abbreviation ends no sentence, before a letter without case too ("ABC
    Ltd. תסכים"): a condition before it reaches the rest, and a quote ending at it has not
    reached its sentence's end ("… to Acme Inc." of "… to Acme Inc. only if paid"): both
    are verified, with attention to the condition left out."""
    hebrew = "אם חברת ABC Ltd. תסכים, הדירקטוריון חייב לאשר את התקציב."
    assert len(sentence_ends(hebrew)) == 1
    assert_passes_with_attention(result_for("הדירקטוריון חייב לאשר את התקציב.", hebrew), CONDITION)
    english = "The seller will deliver the goods to Acme Inc. only if paid in advance."
    result = result_for("The seller will deliver the goods to Acme Inc.", english)
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert_passes_with_attention(result, CONDITION, LIMITATION)


@pytest.mark.parametrize("language", ["ar", "he"])
@pytest.mark.parametrize("proclitic", ["and", "so"])
@pytest.mark.parametrize("form", ["field", "markdown"])
def test_a_condition_with_a_one_letter_proclitic_draws_attention_as_the_condition(
    language, proclitic, form
):
    """Arabic and Hebrew join "and" or "so" to the next word ("وإذا", "ואם": and if): the
    condition is read through it (the word data lists the joined forms), and the main
    clause quoted alone is verified with attention to it."""
    first, _ = CASELESS_SENTENCES[language]
    letter = {"ar": {"and": "و", "so": "ف"}, "he": {"and": "ו", "so": "ש"}}[language][proclitic]
    sentence = letter + first
    main = re.split("[,،]", sentence, maxsplit=1)[1].strip()
    result = result_for(main, sentence, form=form)
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert_passes_with_attention(result, CONDITION)


KIND_OF_RULE = {check.id: check.kind for check in CHECKS_BY_ID.values() if check.kind}

# Words joined to one or two proclitics the word data does not list joined: read through
# them ("שבתנאי": that on condition; "وبشرط": and on condition that)
JOINED_SIGNALS = [
    ("he", "שבתנאי שהשוכר מסכים, ", "המשכיר יבצע את התיקון.", CONDITION),
    ("he", "וכמעט תמיד ", "המשכיר מבצע את התיקון.", LIMITATION),
    ("ar", "وبشرط أن يوافق المستأجر، ", "يقوم المالك بالإصلاح.", CONDITION),
    ("ar", "فبشرط موافقة المستأجر، ", "يقوم المالك بالإصلاح.", CONDITION),
    ("ar", "وربما بعد أسبوع، ", "يقوم المالك بالإصلاح.", HEDGE),
]
# … and words that only begin with a proclitic's letter: a rest of two letters is no word
# ("מלא", full, is no "לא", not; "فقط", only, is no "قط")
NOT_JOINED = [
    ("he", "כשהבקבוק מלא, ", "המשכיר מבצע את התיקון."),
    ("he", "אחרי שהכלא נסגר, ", "המשכיר מבצע את התיקון."),
]


@pytest.mark.parametrize(("language", "lead", "main", "rule"), JOINED_SIGNALS)
def test_a_signal_word_joined_to_proclitics_is_read_through_them(language, lead, main, rule):
    signals = signals_for(language)
    assert signals is not None
    joined = lead.split()[0]
    assert (joined,) not in signals.kinds[KIND_OF_RULE[rule]], "listed joined: no test"
    result = result_for(main.rstrip("."), lead + main)
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert_passes_with_attention(result, rule)


@pytest.mark.parametrize(("language", "lead", "main"), NOT_JOINED)
def test_a_word_that_only_begins_with_a_proclitic_letter_is_read_whole(language, lead, main):
    result = result_for(main.rstrip("."), lead + main)
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert not result.attention, result.attention


# Conditions, hedges and attributions opening a sentence, by language, and a sentence for
# them: "<opener> <the tenant agrees>, <the landlord does the repair>."
CASELESS_OPENERS = {
    "ar": (
        ["ما لم", "في حال", "شريطة", "حسب", "بحسب", "وفقا", "ربما"],
        "وافق المستأجر",
        "يقوم المالك بالإصلاح.",
    ),
    "he": (
        ["במקרה ש", "במידה ש", "אילו", "אולי", "לפי", "על פי"],
        "השוכר מסכים",
        "המשכיר יבצע את התיקון.",
    ),
    "hi": (["संभवतः", "कथित तौर पर", "बशर्ते"], "किरायेदार सहमत हो", "मकान मालिक मरम्मत करेगा।"),
}


@pytest.mark.parametrize(
    ("language", "opener"),
    [
        (language, opener)
        for language, (openers, *_) in sorted(CASELESS_OPENERS.items())
        for opener in openers
    ],
)
@pytest.mark.parametrize("form", ["field", "markdown"])
def test_a_hedge_or_attribution_opening_a_caseless_sentence_reaches_its_main_clause(
    language, opener, form
):
    """The conditions, hedges and attributions of Arabic, Hebrew and Hindi that open a
    sentence ("ما لم": unless, "לפי": according to, "कथित तौर पर": allegedly) govern its main
    clause: quoted alone, it is verified with attention to the opener."""
    _, condition, main = CASELESS_OPENERS[language]
    joined = f"{opener}{condition}" if opener.endswith("ש") else f"{opener} {condition}"
    comma = "،" if language == "ar" else ","
    result = result_for(main, f"{joined}{comma} {main}", form=form)
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert_passes_with_attention(result, CONDITION, HEDGE, ATTRIBUTION, NEGATION)
    assert any(a.words.startswith(opener) for a in result.attention), result.attention


def test_a_turkish_negation_after_the_quote_is_verified_with_attention():
    """Turkish puts "değildir" (is not) last: a quote stopping before it says the opposite;
    the text is there, and attention names the negation."""
    source = "Kiracı kirayı her ay ödemekle yükümlü değildir."
    result = result_for("Kiracı kirayı her ay ödemekle yükümlü.", source)
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert_passes_with_attention(result, NEGATION)
    assert [a.words for a in result.attention] == ["değildir"]


# Japanese endings of possibility, duty, hearsay or plan that are no signal words yet
UNSIGNALLED_JAPANESE_ENDINGS = frozenset({"ことができ", "ことが出来", "べき", "そうだ", "予定"})


@pytest.mark.parametrize(
    "ending",
    [
        gap(ending) if ending in UNSIGNALLED_JAPANESE_ENDINGS else ending
        for ending in UNSPACED_QUALIFYING_ENDINGS
    ],
)
@FEW
@given(
    stem=st.sampled_from(["会社は来年赤字に", "賃借人は契約を解除"]),
    verb=st.sampled_from(["なる", "する"]),
    marked=st.booleans(),
)
def test_a_quote_stopping_before_a_japanese_hedge_or_modal_is_verified_with_attention(
    stem, verb, ending, marked
):
    """Japanese hedges or makes a possibility after the verb ("なるかもしれない": may
    become), so a quote stopping right before states it as fact: the text is there, and
    attention names the ending (as a hedge, a condition or an attribution)."""
    quote = stem + verb + ("…" if marked else "")
    result = result_for(quote, f"前文。{stem}{verb}{ending}。")
    assert_passes_with_attention(result, HEDGE, CONDITION, ATTRIBUTION)
