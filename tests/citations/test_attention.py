"""Context and attention (PRODUCT.md "What a quote leaves out"): every attention check gets
its examples and none of its counterexamples, and the status stays what the text says; the
signal words are data, one file per language; sentences are told apart where the text ends
one."""

import json
from pathlib import Path

import pytest

from citations.engine import load_bundle, report_to_dict, verify_bundle
from citations.engine.context.checks import ATTENTION_CHECKS, CHECKS_BY_ID, checks_markdown
from citations.engine.context.sentences import sentence_around, sentence_ends
from citations.engine.context.signals import KINDS, language_files, languages_lacking
from citations.engine.types import QuoteResult, VerificationStatus

PASSING = (VerificationStatus.VERIFIED, VerificationStatus.CORRECTED)


def result_of(quote: str, paragraph: str, *, drop: tuple[str, ...] = ()) -> QuoteResult:
    """``quote`` in quotation marks citing the one paragraph of a document."""
    data = {
        "bundle_version": 1,
        "id": "attention",
        "drop": list(drop),
        "sources": [{"id": "S", "kind": "document", "paragraphs": [paragraph]}],
        "response": {"format": "markdown", "text": f"The source says: “{quote}” [S ¶1]\n"},
    }
    (result,) = verify_bundle(load_bundle(data)).results
    return result


def rows(attribute: str) -> list:
    return [
        pytest.param(check, quote, source, id=f"{check.id}-{language}-{n}")
        for check in ATTENTION_CHECKS
        for n, (language, quote, source) in enumerate(getattr(check, attribute))
    ]


@pytest.mark.parametrize(("check", "quote", "source"), rows("examples"))
def test_a_check_gives_attention_to_each_of_its_examples(check, quote, source):
    result = result_of(quote, source)
    assert result.status in PASSING, result.decision
    assert check.id in [a.rule for a in result.attention], result.attention


@pytest.mark.parametrize(("check", "quote", "source"), rows("counterexamples"))
def test_a_check_gives_no_attention_to_its_counterexamples(check, quote, source):
    """The text is there, so the status passes either way; the check stays silent."""
    result = result_of(quote, source)
    assert result.status in PASSING, result.decision
    assert check.id not in [a.rule for a in result.attention], result.attention


@pytest.mark.parametrize("check", ATTENTION_CHECKS, ids=lambda check: check.id)
def test_every_check_has_examples_and_counterexamples(check):
    assert check.examples and check.counterexamples
    assert check.kind in (*KINDS, "")
    assert check.id.startswith("attention.")


def test_every_signal_kind_has_its_check():
    assert {check.kind for check in ATTENTION_CHECKS if check.kind} == set(KINDS)


def test_attention_words_and_why_are_plain_and_short():
    result = result_of(
        "the tenant may sublet the flat", "If the landlord agrees, the tenant may sublet the flat."
    )
    (attention,) = result.attention
    assert attention.words == "If the landlord agrees"
    assert "If the landlord agrees" in attention.why and len(attention.why) < 200


def test_the_languages_signal_data_and_the_kinds_each_lacks(capsys):
    """Signal words are data, one file per language; this prints which kinds a language's
    file has no words for (PRODUCT.md: "a kind a language lacks is listed")."""
    files = language_files()
    assert {"en", "de", "fr", "es", "it", "pt", "nl", "zh", "ja"} <= files.keys()
    lacking = languages_lacking()
    for language in sorted(lacking):
        print(f"{language}: lacks {', '.join(lacking[language]) or 'nothing'}")
    for language in ("en", "de", "fr", "es"):
        assert lacking[language] == (), language
    assert "en: lacks nothing" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("text", "ends_after"),
    [
        ("We signed with ABC Ltd. Germany paid. Next.", ["paid.", "Next."]),
        ("The U.S. Senate agreed. It passed.", ["agreed.", "passed."]),
        ("It was 5 °C. Then it rained. Fine.", ["rained.", "Fine."]),
        ("Nach Art. 5. Abs. 2 gilt das. Ende.", ["das.", "Ende."]),
        ("Am 1. März zahlt er. Dann nicht.", ["er.", "nicht."]),
        ("See Dr. Smith today. He agreed.", ["today.", "agreed."]),
        ("Costs, e.g. rent, are due. Pay now.", ["due.", "now."]),
        ("It is planned for autumn. 2021 was a good year.", ["autumn.", "year."]),
        ("Sie tagte im Herbst. 2021 kam der Beschluss.", ["Herbst.", "Beschluss."]),
        ("See Art. 5 of the law. Fine.", ["law.", "Fine."]),
        ("See No. 12 and p. 4 here. Fine.", ["here.", "Fine."]),
        ("Am 12. 3. 2021 zahlt er. Gut.", ["er.", "Gut."]),
        ("Zahlbar bis 2020. 3 Raten folgen.", ["2020.", "folgen."]),
        ("बोर्ड प्रस्ताव का समर्थन करेगा. कई सदस्यों ने सवाल पूछे।", ["करेगा.", "पूछे।"]),
        ("अगर डॉ. शर्मा सहमत हों, तो वह करेगा।", ["करेगा।"]),
        ("Обсъдиха дневния ред. Всички бяха съгласни.", ["ред.", "съгласни."]),
    ],
)
def test_sentences_end_where_the_text_ends_one(text, ends_after):
    found = [text[: stop + 1].split()[-1] for stop, _ in sentence_ends(text)]
    assert found == ends_after


@pytest.mark.parametrize(
    ("paragraph", "quote"),
    [
        ("We signed with ABC Ltd. No refunds are given.", "We signed with ABC Ltd."),
        ("The mayor said no. The bridge will open in June.", "The bridge will open in June"),
        ("Nach Art. 5. Die Regel gilt für alle.", "Die Regel gilt für alle."),
        ("- The tenant pays the rent monthly.", "The tenant pays the rent monthly."),
        ("• Der Mieter zahlt monatlich.", "Der Mieter zahlt monatlich."),
        ("o Le locataire paie le loyer.", "Le locataire paie le loyer."),
        ("1. The tenant pays the rent.", "The tenant pays the rent."),
        ("It was 5 °C. The tank froze.", "The tank froze."),
        ("It was not cold. The tank froze overnight.", "The tank froze overnight."),
        ("The plan failed. 2021 was a good year for the board.", "The plan failed."),
        ("לא נכון. הארגון מממן את הפרויקט. כמה חברים שאלו שאלות.", "הארגון מממן את הפרויקט."),
        ("ليس صحيحا. الشركة تمول المشروع. سأل بعض الأعضاء أسئلة.", "الشركة تمول المشروع."),
        (
            "यह सच नहीं है. बोर्ड प्रस्ताव का समर्थन करेगा. कई सदस्यों ने सवाल पूछे.",
            "बोर्ड प्रस्ताव का समर्थन करेगा.",
        ),
    ],
)
def test_a_whole_sentence_quoted_whole_has_no_context_and_no_attention(paragraph, quote):
    """Abbreviations, numbers and bullets neither end nor open a sentence, and a word of
    another sentence never reaches the quote."""
    result = result_of(quote, paragraph)
    assert result.status is VerificationStatus.VERIFIED, result.decision
    assert result.context is None, result.context
    assert result.attention == ()


def test_context_names_the_sentence_and_what_the_quote_leaves_out():
    paragraph = "Rent is due. If the landlord agrees, the tenant may sublet the flat. Fine."
    result = result_of("the tenant may sublet the flat", paragraph)
    context = result.context
    assert context is not None
    assert paragraph[context.sentence[0] : context.sentence[1]] == (
        "If the landlord agrees, the tenant may sublet the flat."
    )
    assert (context.left_out_before, context.left_out_after) == ("If the landlord agrees, ", "")
    assert sentence_around((paragraph,), 0, 37, 0, 67).whole is False


@pytest.mark.parametrize(
    ("quote", "paragraph"),
    [
        ("tenant may sublet the flat", "No tenant may sublet the flat."),
        ("Der Vorstand folgte dieser Auffassung", "Der Vorstand folgte dieser Auffassung nicht."),
        ("the company sold the data", "The company denied that the company sold the data."),
        ("legal under the act", "This is illegal under the act."),
    ],
)
def test_nothing_outside_a_quote_refuses_it(quote, paragraph):
    """A status says whether the text is there: a left-out negation or a cut word is shown
    as attention, never a refusal."""
    result = result_of(quote, paragraph)
    assert result.status is VerificationStatus.VERIFIED
    assert result.attention


@pytest.mark.parametrize(
    ("quote", "paragraph"),
    [
        ("5 days of notice", "This needs 15 days of notice."),
        ("The fee is due within 2", "The fee is due within 25 days."),
        ("sept jours après la réception", "Le délai est de vingt-sept jours après la réception."),
    ],
)
def test_a_cut_inside_a_number_is_no_match(quote, paragraph):
    result = result_of(quote, paragraph)
    assert result.status is VerificationStatus.UNVERIFIED
    assert "claim.cut_word" in result.decision.rules


def test_the_report_counts_attention_and_the_export_may_drop_it():
    paragraph = "If the landlord agrees, the tenant may sublet the flat. The rent is due monthly."
    data = {
        "bundle_version": 1,
        "id": "drop-attention",
        "drop": ["attention"],
        "sources": [{"id": "S", "kind": "document", "paragraphs": [paragraph]}],
        "response": {
            "format": "markdown",
            "text": "One: “the tenant may sublet the flat” [S ¶1]. Two: “The rent is due "
            "monthly.” [S ¶1]\n",
        },
    }
    bundle = load_bundle(data)
    report = verify_bundle(bundle)
    summary = report_to_dict(report)["summary"]
    assert (summary["verified"], summary["attention"]) == (2, 1)
    quotes = report_to_dict(report)["quotes"]
    assert quotes[0]["attention"][0]["rule"] == "attention.condition_left_out"
    assert quotes[1]["attention"] == [] and quotes[1]["context"] is None
    from citations.engine.writing.export import export_response

    exported = export_response(bundle, report)
    assert "sublet" not in exported and "The rent is due monthly." in exported


def test_every_attention_rule_in_a_report_is_in_the_table():
    paragraph = "Allegedly, only two of the members voted, except the chair, the paper said."
    result = result_of("the members voted", paragraph)
    rules = [a.rule for a in result.attention]
    assert rules and all(rule in CHECKS_BY_ID for rule in rules)
    assert json.dumps([a.why for a in result.attention])


def test_the_readme_lists_exactly_the_attention_checks():
    """The README's table of attention checks is the table (``checks_markdown``)."""
    readme = Path(__file__).resolve().parents[2] / "README.md"
    assert checks_markdown() in readme.read_text(encoding="utf-8")
