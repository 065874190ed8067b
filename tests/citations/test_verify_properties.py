"""The properties every result of verify_bundle keeps (ADR-3, VB-1, VB-2, VB-3), over random
documents and at a quote's edges."""

import json
import re
import time

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from citations.engine import Reason, VerificationStatus, load_bundle, verify_bundle
from citations.engine.context import sentences as sentence_reading
from citations.engine.context.sentences import sentence_ends
from citations.engine.matching.match import ends_inside_number, starts_inside
from citations.engine.matching.normalize import fold_text

from .test_match import WORDS, sentences
from .verify_helpers import bundle, only_result

# Properties over random documents --------------------------------------------------------


@st.composite
def turns(draw):
    """Two eligible documents and one not eligible, each a few paragraphs of random prose."""
    sources = []
    for source_id, eligible in (("A", True), ("B", True), ("X", False)):
        paragraphs = draw(st.lists(sentences(min_words=8, max_words=30), min_size=1, max_size=4))
        sources.append(
            {"id": source_id, "kind": "document", "eligible": eligible, "paragraphs": paragraphs}
        )
    return sources


def bundle_quoting(sources, quotes):
    response = {"answer": [{"quote": q, "source": s} for q, s in quotes]}
    return load_bundle(
        {
            "bundle_version": 1,
            "id": "property",
            "sources": sources,
            "response": {
                "format": "json",
                "text": json.dumps(response, ensure_ascii=False),
                "quotes": [{"path": "$.answer[*]", "text": "quote", "source": "source"}],
            },
        }
    )


def assert_adr3_vb2(bundle_, report):
    """ADR-3 and VB-2: every verified or corrected quote exists, after normalization, in an
    eligible source, at exactly the raw span the match reports."""
    for result in report.results:
        if result.status not in (VerificationStatus.VERIFIED, VerificationStatus.CORRECTED):
            continue
        source = bundle_.turn.source(result.match.source)
        assert source is not None and source.eligible
        paragraph = source.paragraph(result.match.paragraph)
        assert result.match.text == paragraph[result.match.start : result.match.end]
        # Never a number's tail ("500" of "1,500"); a word's tail is named by attention
        if starts_inside(paragraph, result.match.start):
            assert not paragraph[result.match.start].isdigit()
            assert "attention.cut_word" in [a.rule for a in result.attention]
        found = result.match.text + "".join(" " + s.text for s in result.match.continues)
        if result.status is VerificationStatus.VERIFIED:
            quote = fold_text(result.quote.text)
            assert fold_text(found) in (quote, quote.strip("\"' "))  # marks around a quote
        elif result.corrected.text != result.quote.text:
            assert result.corrected.text == result.match.text
            assert result.match.score < 1.0  # a reviewer reads 1.0 as identical


NOISES = st.sampled_from(["none", "case", "whitespace", "quotes"])


def noisy(text: str, noise: str) -> str:
    if noise == "case":
        return text.swapcase() if "ß" not in text else text.lower()
    if noise == "whitespace":
        return text.replace(" ", " \n ")
    if noise == "quotes":
        return f"„{text}“"
    return text


@settings(max_examples=60, deadline=None)
@given(turns(), st.data(), NOISES)
def test_vb2_adr3_a_quote_cut_from_a_source_with_noise_is_verified_at_the_right_place(
    sources, data, noise
):
    eligible = [s for s in sources if s["eligible"]]
    origin = data.draw(st.sampled_from(eligible))
    number = data.draw(st.integers(1, len(origin["paragraphs"])))
    paragraph = origin["paragraphs"][number - 1]
    start = data.draw(st.integers(0, max(0, len(paragraph) - 25)))
    end = data.draw(st.integers(min(len(paragraph), start + 20), len(paragraph)))
    # Quotes may start and end anywhere but inside a number: what stands around them never
    # refuses them (attention shows it).
    while starts_inside(paragraph, start) and paragraph[start].isdigit():
        start -= 1
    while ends_inside_number(paragraph, end):
        end += 1
    cut = paragraph[start:end]
    assume(len(fold_text(cut).split()) >= 3)
    cited = data.draw(st.sampled_from(["A", "B", None]))
    bundle_ = bundle_quoting(sources, [(noisy(cut, noise), cited)])
    report = verify_bundle(bundle_)
    result = report.results[0]
    assert_adr3_vb2(bundle_, report)
    assert result.status in (VerificationStatus.VERIFIED, VerificationStatus.CORRECTED)
    assert result.reason in (
        Reason.FOUND_AS_CITED,
        Reason.RELOCATED_PARAGRAPH,
        Reason.RELOCATED_SOURCE,
    )
    # The right place, or a place holding the very same words.
    same_place = (result.match.source, result.match.paragraph) == (origin["id"], number)
    # (the very same words may run on into the next paragraph: "… keine neue" + "S[traße]")
    found = " ".join([result.match.text, *(span.text for span in result.match.continues)])
    assert same_place or fold_text(found) == fold_text(cut)
    if same_place and not result.match.continues:
        assert result.match.start <= start + 1 and result.match.end >= end - 1


def word_distance(quote: str, paragraph: str) -> int:
    """Obviously correct and slow: the fewest word edits (insert, delete, replace) that turn
    the quote into some stretch of the paragraph's words."""
    want, have = re.findall(r"\w+", fold_text(quote)), re.findall(r"\w+", fold_text(paragraph))
    row = [0] * (len(have) + 1)  # the stretch may start anywhere: no cost before it
    for i, word in enumerate(want, 1):
        new = [i] + [0] * len(have)
        for j, other in enumerate(have, 1):
            new[j] = min(row[j] + 1, new[j - 1] + 1, row[j - 1] + (word != other))
        row = new
    return min(row)  # ... and end anywhere


@settings(max_examples=40, deadline=None)
@given(turns(), sentences(min_words=5, max_words=14), st.sampled_from(["A", "B", "X", None]))
def test_vb1_adr3_a_sentence_in_no_eligible_source_is_never_verified_or_corrected(
    sources, sentence, cited
):
    """A sentence of which more than half the words would have to change to match any
    stretch of an eligible source is never passed as genuine."""
    size = len(re.findall(r"\w+", fold_text(sentence)))
    paragraphs = [p for s in sources if s["eligible"] for p in s["paragraphs"]]
    assume(all(word_distance(sentence, p) * 2 > size for p in paragraphs))
    bundle_ = bundle_quoting(sources, [(sentence, cited)])
    report = verify_bundle(bundle_)
    assert_adr3_vb2(bundle_, report)
    assert report.results[0].status in (
        VerificationStatus.UNVERIFIED,
        VerificationStatus.INELIGIBLE,
    )


@settings(max_examples=40, deadline=None)
@given(turns(), st.data())
def test_vb1_words_stitched_from_distant_places_are_never_accepted(sources, data):
    """Two halves taken from different paragraphs or sources, glued together."""
    paragraphs = [p for s in sources if s["eligible"] for p in s["paragraphs"]]
    assume(len(paragraphs) >= 2)
    first, second = data.draw(st.permutations(paragraphs))[:2]
    head = " ".join(first.split()[:5])
    tail = " ".join(second.split()[-5:])
    stitched = f"{head} {tail}"
    # Each half is real; together they are no stretch of any paragraph, not even nearly.
    assume(all(word_distance(stitched, p) * 2 >= 10 for p in paragraphs))
    bundle_ = bundle_quoting(sources, [(stitched, None)])
    report = verify_bundle(bundle_)
    assert report.results[0].status is VerificationStatus.UNVERIFIED


@pytest.mark.parametrize("word", WORDS[:3])
def test_a_quote_of_a_few_common_words_is_not_repaired(word):
    result = only_result(f'"{word} {word} Fees" [A1 ¶2]')
    assert result.status is VerificationStatus.UNVERIFIED


def hostile_bundle(quote: str):
    paragraphs = [" ".join(WORDS[i : i + 40]) + "." for i in range(0, len(WORDS) - 40, 3)] * 20
    return load_bundle(
        {
            "bundle_version": 1,
            "id": "hostile",
            "sources": [{"id": "S", "kind": "document", "paragraphs": paragraphs}],
            "response": {
                "format": "json",
                "text": json.dumps({"q": [{"t": quote}]}),
                "quotes": [{"path": "$.q[*]", "text": "t"}],
            },
        }
    )


@pytest.mark.parametrize(
    "quote",
    [
        " ".join(WORDS * 40),  # long, every word real, in no real order
        "Steuer " * 5000,  # one word over and over
        "x" * 20000 + " " + " ".join(WORDS[10:30]),  # a huge made-up opening word
    ],
    ids=["long shuffle", "one word repeated", "huge opening word"],
)
def test_vb3_huge_or_hostile_quotes_are_refused_quickly(quote):
    bundle_ = hostile_bundle(quote)
    started = time.perf_counter()
    result = verify_bundle(bundle_).results[0]
    assert time.perf_counter() - started < 5
    assert result.status is VerificationStatus.UNVERIFIED


@pytest.mark.parametrize("settings_", [{"min_score": 1.5}, {"min_margin": -0.1}])
def test_thresholds_outside_0_to_1_are_refused_naming_the_argument(settings_):
    with pytest.raises(ValueError, match=next(iter(settings_))):
        verify_bundle(bundle('"The signed draft is attached." [E1]'), **settings_)


def test_003_6_an_ellipsis_for_omitted_words_is_repaired_to_the_whole_passage():
    result = only_result('"Either party may terminate … ninety (90) days’ written notice" [A1 ¶4]')
    assert (result.status, result.reason) == (
        VerificationStatus.CORRECTED,
        Reason.TEXT_REPAIRED,
    )
    assert (
        result.corrected.text == "Either party may terminate with ninety (90) days’ written notice"
    )


def test_vb1_an_ellipsis_joining_two_paragraphs_is_not_accepted():
    result = only_result(
        '"The annual fee increases by six per cent ... emergency call-outs within eight (8) '
        'hours" [A1 ¶2]'
    )
    assert result.status is VerificationStatus.UNVERIFIED


@pytest.mark.parametrize("marker", ["", " [D1 ¶1]"])
def test_011_2_an_email_body_never_lends_its_wording_to_a_repair(marker):
    """A near-verbatim quote whose only close place is an email body stays unverified with
    that place as a hint, whether it cites nothing or a document (VB-1, 003.7)."""
    result = only_result(
        f'Dana said "we can accept it if they keep the four hour response time"{marker}'
    )
    # it drops a qualifier ("emergency"): a changed claim too, named so
    assert (result.status, result.reason) == (
        VerificationStatus.UNVERIFIED,
        Reason.CLAIM_CHANGED,
    )
    assert "claim.word_dropped" in result.decision.rules
    assert result.corrected is None
    assert result.match is not None and result.match.source == "E1"


def quoted_from(source: str, quote: str):
    """The result for ``quote``, cited to the one paragraph of a document holding ``source``."""
    data = {
        "bundle_version": 1,
        "id": "one-paragraph",
        "sources": [{"id": "D1", "kind": "document", "paragraphs": [source]}],
        "response": {"format": "markdown", "text": f'It says "{quote}" [D1 ¶1].\n'},
    }
    (result,) = verify_bundle(load_bundle(data)).results
    return result


@pytest.mark.parametrize(
    ("source", "quote"),
    [
        (
            "Die AfD steht für eine marktwirtschaftliche Wirtschaftspolitik. Wir wollen die "
            "Wirtschaft von politisch herbeigeführten Belastungen komplett befreien.",
            "eine Wirtschaftspolitik. Wir wollen die Wirtschaft von politisch",
        ),
        (
            "The council voted for a temporary freeze on rents. We want the city to build.",
            "a freeze on rents. We want the city to build",
        ),
        (
            "Le conseil propose une nouvelle taxe sur les logements vides. Nous voulons plus.",
            "une taxe sur les logements vides. Nous voulons plus",
        ),
        (
            "We want the city to build more homes. The council voted for a temporary freeze.",
            "We want the city to build more homes. The council voted for a freeze",
        ),
    ],
)
def test_a_qualifier_dropped_next_to_the_quotes_edge_word_is_a_changed_claim(source, quote):
    # On an alignment tie the quote's first word ("eine") was read as an added article and
    # the passage taken to start after the dropped adjective: corrected, claim hidden.
    result = quoted_from(source, quote)
    assert result.status is VerificationStatus.UNVERIFIED, result.decision
    assert [d.kind for d in result.decision.differences] == ["claim.word_dropped"]


@pytest.mark.parametrize(
    ("source", "quote"),
    [
        ("Revenue grew by 0.5 percentage points in the quarter.", "Revenue grew by 0.5 percent."),
        ("Access is restricted to authorised personnel.", "Access is restricted to author."),
        (
            "The contractor is responsible for the installation.",
            "The contractor is responsible for the install.",
        ),
    ],
)
def test_a_quote_ending_with_a_full_stop_inside_a_source_word_is_a_changed_claim(source, quote):
    # corrected to a span cut mid-word before, with no rule named
    result = quoted_from(source, quote)
    assert result.status is VerificationStatus.UNVERIFIED, result.decision
    assert "claim.cut_word" in result.decision.rules


@pytest.mark.parametrize(
    ("source", "quote", "variant"),
    [
        ("The limit is 10 mg per litre.", "The limit is 10 mg per liter.", ("liter", "litre")),
        ("Meet us at the city centre.", "Meet us at the city center.", ("center", "centre")),
    ],
)
def test_a_spelling_variant_as_the_last_word_is_corrected_whole(source, quote, variant):
    # the passage ended inside "litre" ("litr", as close to "liter." by letters), so the
    # quote's last word read as changed
    result = quoted_from(source, quote)
    assert result.status is VerificationStatus.CORRECTED, result.decision
    assert [(d.quote, d.source) for d in result.decision.differences] == [variant]


@pytest.mark.parametrize(
    ("source", "quote"),
    [
        ("Quiet hours start at 10 pm.", "Quiet hours start at 10 am."),
        ("Der Vertrag endet am 31.03.2025.", "Der Vertrag endet am 31.03.2026."),
        ("La réunion commence à neuf heures.", "La réunion commence à dix heures."),
    ],
)
def test_a_quote_whose_last_word_changed_is_a_changed_claim_with_its_passage(source, quote):
    # reported not_found before: a changed last word counted as words added after the passage
    result = quoted_from(source, quote)
    assert (result.status, result.reason) == (VerificationStatus.UNVERIFIED, Reason.CLAIM_CHANGED)
    assert result.match is not None and result.match.text.rstrip(".") == source.rstrip(".")


@settings(max_examples=300)
@given(
    st.lists(
        st.sampled_from(["Er zahlt", "am 1", "z", "B", "Nr", "2020", "gilt", "nicht", "。", "乙方"])
        | st.sampled_from([".", ". ", "! ", "? ", " ", ".) ", '." ', "\n", " „Die", " Der", " 5"]),
        max_size=30,
    ).map("".join)
)
def test_the_sentence_boundaries_read_from_either_end_are_those_of_every_stop(text):
    """The first and last sentence ends the context reads, stopping early, are the first and
    last of ``sentence_ends``."""
    ends = sentence_ends(text)
    assert sentence_reading._ends_a_sentence(text) == bool(ends)
    assert sentence_reading._sentence_start(text) == max((begins for _, begins in ends), default=0)
