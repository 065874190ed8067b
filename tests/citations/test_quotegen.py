"""The quote generator (citations.quotegen): every class is made, each quote relates to its
source as its class says, the split is stable and two-sided, and the measure runs end to end.
No database: the generator and the engine are plain Python."""

import io
import re
from collections import Counter
from contextlib import redirect_stdout

import pytest

from citations.engine.matching.match import WORD_RUN
from citations.quotegen import __main__ as cli
from citations.quotegen.cases import (
    CHANGED,
    NEGATIONS,
    QUALIFIERS,
    Case,
    Expectation,
    _changed_case,
    fold,
    material,
    split_of,
)
from citations.quotegen.devtext import sentences_of
from citations.quotegen.languages import LANGUAGES
from citations.quotegen.measure import FIGURES, Outcome, figure_lines, outcome_of
from citations.quotegen.referents import LANGUAGES as REFERENT_LANGUAGES
from citations.quotegen.strategies import (
    CLAIM_CLASSES,
    CLASSES,
    EDIT_CLASSES,
    STRATEGIES,
    cases_of,
    generate,
)
from citations.quotegen.templates import NO_DATA_WORDS, Language

SEED = 7
PER_CLASS = 12


def _words(text: str) -> list[str]:
    """The words of ``text`` as the engine reads them: a combining mark is no break (a
    Devanagari vowel sign: "दिल्ली" is one word)."""
    return WORD_RUN.findall(text.casefold())


def _holds_phrase(text: str, phrase: str) -> bool:
    """Whether the words of ``phrase`` stand in ``text`` as consecutive whole words."""
    words, wanted = _words(text), _words(phrase)
    return any(words[i : i + len(wanted)] == wanted for i in range(len(words)))


@pytest.fixture(scope="module")
def generated() -> dict[str, list[Case]]:
    return {k: cases_of(k, count=PER_CLASS, seed=SEED, split="all") for k in CLASSES}


# ---------------------------------------------------------------- every class is made


@pytest.mark.parametrize("klass", CLASSES)
def test_every_class_is_generated_for_a_fixed_seed(generated, klass):
    cases = generated[klass]
    assert len(cases) == PER_CLASS
    assert {case.klass for case in cases} == {klass}
    assert len({case.id for case in cases}) == PER_CLASS  # distinct
    assert len({case.quote for case in cases}) > PER_CLASS // 2  # not one quote repeated


def test_the_table_names_each_class_once_and_says_what_it_stands_for():
    names = [name for name, _, _ in STRATEGIES]
    assert len(names) == len(set(names))
    assert all(callable(make) and what.strip() for _, make, what in STRATEGIES)
    assert {"qualified_partial", "neutral_partial", "whole_sentence"} <= set(names)
    assert len(EDIT_CLASSES) == 6 and len(CLAIM_CLASSES) == 9


def test_the_same_seed_makes_the_same_cases_and_another_seed_others():
    first = cases_of("edit_typo", count=5, seed=3, split="all")
    again = cases_of("edit_typo", count=5, seed=3, split="all")
    other = cases_of("edit_typo", count=5, seed=4, split="all")
    assert first == again
    assert {c.id for c in first} != {c.id for c in other}


# ---------------------------------------------------------------- each quote as its class says


def _source(case: Case) -> str:
    return " ".join(case.paragraphs)


def _cited(case: Case) -> str:
    return case.paragraphs[case.cited - 1]


def _token_diff(case: Case) -> tuple[list[str], list[str]]:
    return case.sentence.split(), case.quote.split()


def _one_swap_of_adjacent_letters(case: Case) -> bool:
    source, quote = _token_diff(case)
    if len(source) != len(quote):
        return False
    changed = [(a, b) for a, b in zip(source, quote, strict=True) if a != b]
    if len(changed) != 1:
        return False
    a, b = changed[0]
    at = [i for i in range(len(a)) if a[i] != b[i]]
    return (
        len(a) == len(b)
        and len(at) == 2
        and at[1] == at[0] + 1
        and a[at[0]] == b[at[1]]
        and at[0] > 0
        and at[1] < len(a) - 1
    )


def _one_article_less(case: Case) -> bool:
    source, quote = _token_diff(case)
    if len(source) != len(quote) + 1:
        return False
    gone = Counter(source) - Counter(quote)
    return len(gone) == 1 and next(iter(gone)).casefold() in {
        "der",
        "die",
        "das",
        "den",
        "dem",
        "des",
        "ein",
        "eine",
    }


def _one_comma_touched(case: Case) -> bool:
    source, quote = case.sentence, re.sub(r"\s+", " ", case.quote)
    source = re.sub(r"\s+", " ", source)
    return any(
        source[:i] + into + source[i + 1 :] == quote
        for i, char in enumerate(source)
        if char == ","
        for into in ("", ";")
    )


def _umlauts_written_out(case: Case) -> bool:
    source, quote = _token_diff(case)
    changed = [(a, b) for a, b in zip(source, quote, strict=True) if a != b]
    if len(source) != len(quote) or len(changed) != 1:
        return False
    a, b = changed[0]
    back = b
    for spelled, letter in (
        ("ae", "ä"),
        ("oe", "ö"),
        ("ue", "ü"),
        ("Ae", "Ä"),
        ("Oe", "Ö"),
        ("Ue", "Ü"),
    ):
        back = back.replace(spelled, letter)
    return back == a or b.replace("ss", "ß") == a


def _marked_omission(case: Case) -> bool:
    mark = "[...]" if "[...]" in case.quote else "…"
    head, _, tail = case.quote.partition(f" {mark} ")
    sentence = re.sub(r"\s+", " ", case.sentence)
    if not (sentence.startswith(head + " ") and sentence.endswith(" " + tail)):
        return False
    hidden = sentence[len(head) : len(sentence) - len(tail)].split()
    return (
        2 <= len(hidden) <= 6
        and not any(c.isdigit() for c in "".join(hidden))
        and not any(w.casefold().strip(",.") in NEGATIONS for w in hidden)
    )


def _referent_opening(case: Case) -> tuple[str, str, str] | None:
    """(what the quote writes for the pronoun, the sentences naming before it, the
    pronoun), when the quote is the pronoun's sentence with its pronoun replaced."""
    for language in REFERENT_LANGUAGES:
        for subject, _, pronoun in language.subjects:
            opening = f"{subject[:1].upper()}{subject[1:]} "
            if not case.quote.startswith(opening):
                continue
            rest = case.quote[len(opening) :]
            naming, _, said = case.sentence.rpartition(f"{pronoun[:1].upper()}{pronoun[1:]} ")
            if said == rest and naming:
                return subject, naming, pronoun
    return None


def _names(language_code: str, naming: str) -> list[str]:
    language = next(r for r in REFERENT_LANGUAGES if r.code == language_code)
    folded = naming.casefold()
    return [s for s, o, _ in language.subjects if s.casefold() in folded or o.casefold() in folded]


def _pronoun_for_the_one_named(case: Case) -> bool:
    found = _referent_opening(case)
    return found is not None and _names(case.language, found[1]) == [found[0]]


def _pronoun_for_another_or_one_of_two(case: Case) -> bool:
    found = _referent_opening(case)
    if found is None:
        return False
    named = _names(case.language, found[1])
    return found[0] not in named or len(named) == 2


EDIT_CHECKS = {
    "edit_typo": _one_swap_of_adjacent_letters,
    "edit_article_dropped": _one_article_less,
    "edit_punctuation": _one_comma_touched,
    "edit_umlaut_spelled_out": _umlauts_written_out,
    "edit_marked_omission": _marked_omission,
    "edit_pronoun_for_referent": _pronoun_for_the_one_named,
}


@pytest.mark.parametrize("klass", ["whole_sentence", "clause", "list_item", "heading"])
def test_a_faithful_quote_is_text_of_its_cited_paragraph(generated, klass):
    for case in generated[klass]:
        quote = case.quote
        if klass == "whole_sentence":
            assert case.sentence in _cited(case)
            assert quote in (case.sentence, case.sentence[:-1])
        else:
            assert quote in _cited(case), case
            assert quote != case.sentence or klass in ("list_item", "heading")
        assert case.expect.passing


def test_a_cut_is_a_prefix_of_its_sentence_that_ends_inside_no_number(generated):
    for case in generated["char_limit_cut"]:
        text = re.sub(r"\s*(?:\.\.\.|…)$", "", case.quote)
        assert case.sentence.startswith(text), case
        assert len(text.split()) >= 4 and len(text) <= 120
        rest = case.sentence[len(text) :]
        cut_inside_a_number = text[-1:].isdigit() and (
            rest[:1].isdigit() or rest[:2].strip(".,")[:1].isdigit()
        )
        assert not cut_inside_a_number, case
        assert not (text[-1:].isdigit() and rest[:1] not in ("", " ")), case


@pytest.mark.parametrize("klass", EDIT_CLASSES)
def test_a_named_edit_differs_from_its_source_as_named(generated, klass):
    for case in generated[klass]:
        assert fold(case.quote) not in fold(_source(case)), case
        assert case.quote != case.sentence
        assert EDIT_CHECKS[klass](case), case
        assert case.expect == Expectation(passing=True, corrected=True)


def _one_digit_changed(case: Case) -> bool:
    a, b = case.sentence, re.sub(r"\s+", " ", case.quote)
    a = re.sub(r"\s+", " ", a)
    at = [i for i in range(min(len(a), len(b))) if a[i] != b[i]]
    return len(a) == len(b) and len(at) == 1 and a[at[0]].isdigit() and b[at[0]].isdigit()


def _negation_count(text: str) -> int:
    return sum(1 for w in _words(text) if w == "nicht" or w.startswith("kein"))


_MARK = re.compile(r"\s*(?:\[\.\.\.\]|…)\s*")


def _marked_parts(case: Case) -> tuple[str, str]:
    """The quote's words before and after its one omission mark."""
    before, after = _MARK.split(case.quote)
    return before, after


def _hides_negation_or_figure(case: Case) -> bool:
    """The omission stands inside the case's sentence and hides a negation or a figure."""
    before, after = _marked_parts(case)
    if not case.sentence.startswith(before) or not case.sentence.endswith(after):
        return False
    hidden = case.sentence[len(before) : len(case.sentence) - len(after)]
    negations = [w for w in _words(hidden) if w in NEGATIONS or w.startswith("kein")]
    return bool(negations) or any(c.isdigit() for c in hidden)


def _joins_two_sentences(case: Case) -> bool:
    """The quote opens as its sentence does and ends as the next sentence of the paragraph."""
    before, after = _marked_parts(case)
    paragraph = _cited(case)
    following = paragraph[paragraph.index(case.sentence) + len(case.sentence) :]
    return case.sentence.startswith(before) and after not in case.sentence and after in following


CLAIM_CHECKS = {
    "claim_number": _one_digit_changed,
    "claim_negation_added": lambda c: _negation_count(c.quote) == _negation_count(c.sentence) + 1,
    "claim_negation_dropped": lambda c: _negation_count(c.quote) == _negation_count(c.sentence) - 1,
    "claim_word_swapped": lambda c: (
        len(c.quote.split()) == len(c.sentence.split())
        and sum(a != b for a, b in zip(c.quote.split(), c.sentence.split(), strict=True)) == 1
    ),
    "claim_word_dropped": lambda c: (
        len(c.quote.split()) == len(c.sentence.split()) - 1
        and len(Counter(c.sentence.split()) - Counter(c.quote.split())) == 1
        and len(next(iter(Counter(c.sentence.split()) - Counter(c.quote.split())))) >= 6
    ),
    "claim_qualifier_added": lambda c: (
        Counter(c.quote.split()) - Counter(c.sentence.split()) in [Counter([q]) for q in QUALIFIERS]
    ),
    "claim_omission_hides": _hides_negation_or_figure,
    "claim_omission_across_sentences": _joins_two_sentences,
    "claim_referent_changed": _pronoun_for_another_or_one_of_two,
}


@pytest.mark.parametrize("klass", CLAIM_CLASSES)
def test_a_claim_change_is_not_in_its_source_even_folded(generated, klass):
    for case in generated[klass]:
        assert fold(case.quote) not in fold(_source(case)), case
        assert CLAIM_CHECKS[klass](case), case
        assert not case.expect.passing


def test_a_qualified_partial_leaves_out_a_lead_or_tail_holding_its_qualifier(generated):
    for case in generated["qualified_partial"]:
        frame = case.frame
        assert frame is not None and frame.signal
        left_out = case.left_out_before + case.left_out_after
        assert _holds_phrase(left_out, frame.signal), case
        assert not _holds_phrase(case.quote, frame.signal), case
        # the sentence is the left-out parts around the quote, and stands in its paragraph
        core = case.quote.rstrip(".")
        rebuilt = case.left_out_before + core + case.left_out_after
        assert rebuilt.casefold() == case.sentence.casefold(), case
        assert case.sentence in _cited(case)
        assert case.expect.passing
        language = next(lang for lang in LANGUAGES if lang.code == case.language)
        if language.word_data or frame.words > NO_DATA_WORDS:
            assert case.expect.attention == "required"


def test_a_neutral_partial_leaves_out_words_that_qualify_nothing(generated):
    for case in generated["neutral_partial"]:
        assert case.quote.rstrip(".").casefold() in case.sentence.casefold()
        assert (case.left_out_before + case.left_out_after).strip(" .,")
        assert case.expect.attention in ("forbidden", "allowed")


@pytest.mark.parametrize("language", LANGUAGES, ids=lambda lang: lang.code)
def test_a_language_table_is_consistent(language: Language):
    signals = {frame.signal for frame in language.qualified}
    for frame in language.qualified:
        assert _holds_phrase(frame.text, frame.signal), frame
    for frame in language.neutral:  # a neutral frame holds no qualifying word of its language
        assert not any(_holds_phrase(frame.text, signal) for signal in signals), frame
        assert not frame.signal
    kinds = {frame.kind for frame in language.qualified}
    assert len(kinds) >= 5, kinds  # conditions, exceptions, negations, limits, counts, ...
    assert len(language.neutral) >= 4 and len(language.subjects) >= 5
    if not language.word_data:  # some frames beyond what the engine shows without data
        assert any(frame.words > NO_DATA_WORDS for frame in language.qualified)


def test_the_partial_classes_cover_every_language(generated):
    many = cases_of("qualified_partial", count=200, seed=SEED, split="all")
    assert {case.language for case in many} == {lang.code for lang in LANGUAGES}


# ---------------------------------------------------------------- sentences of the dev text


@pytest.mark.parametrize(
    "paragraph, sentences",
    [
        ("Wir wollen mehr. Das reicht nicht aus.", ["Wir wollen mehr.", "Das reicht nicht aus."]),
        (
            "Die Steuern sollen sinken. Das gilt für alle Bürger im Land.",
            ["Die Steuern sollen sinken.", "Das gilt für alle Bürger im Land."],
        ),
        (
            "Das regelt z. B. Art. 5 des Gesetzes. Die Regel gilt seit Jahren.",
            ["Die Regel gilt seit Jahren."],
        ),
        ("Am 11. Juli beginnt die Frist. Sie endet im Herbst.", ["Sie endet im Herbst."]),
        ("Die Mitglieder der EU. Sie arbeiten zusammen.", []),  # 'EU.' may not end one
        ("• Wir wollen mehr Kitas bauen.", []),
        ("Wir fordern bessere Schulen", []),
    ],
)
def test_sentences_are_split_conservatively(paragraph, sentences):
    assert [paragraph[s:e] for s, e in sentences_of(paragraph)] == sentences


# ---------------------------------------------------------------- the split


def test_the_split_is_stable_and_both_parts_are_held(generated):
    everything = [case for cases in generated.values() for case in cases]
    splits = Counter(case.split for case in everything)
    assert splits["tune"] and splits["held_out"]
    assert 0.15 < splits["held_out"] / len(everything) < 0.45
    again = {c.id: c.split for c in generate(per_class=PER_CLASS, seed=SEED, split="all")}
    assert all(again[case.id] == case.split for case in everything)
    assert split_of("de:Laut dem Ministerium ") == split_of("de:Laut dem Ministerium ")


def test_a_sentence_or_frame_is_on_one_side_only():
    tune = list(generate(per_class=15, seed=SEED, split="tune"))
    held = list(generate(per_class=15, seed=SEED, split="held_out"))
    assert tune and held
    assert all(case.split == "tune" for case in tune)
    assert all(case.split == "held_out" for case in held)
    assert not {c.split_key for c in tune} & {c.split_key for c in held}
    assert not {c.sentence for c in tune if c.frame is None} & {
        c.sentence for c in held if c.frame is None
    }


# ---------------------------------------------------------------- the measure


FIGURE_LINE = re.compile(
    r"^(?P<label>[a-z -]+?)\s+(?P<hits>\d+)/(?P<total>\d+) \(.*\)\s+goal .+ (met|MISSED)$"
)


def _outcome(case: Case, status: str, attention: tuple = ()) -> Outcome:
    return Outcome(case, status, "test", attention=attention)


def test_the_figures_count_what_they_say():
    whole = cases_of("whole_sentence", count=2, seed=SEED, split="all")
    claims = cases_of("claim_number", count=2, seed=SEED, split="all")
    edits = cases_of("edit_typo", count=10, seed=SEED, split="all")
    outcomes = [
        _outcome(whole[0], "verified", ({"rule": "attention.x", "words": "w"},)),
        _outcome(whole[1], "unverified"),
        _outcome(claims[0], "corrected"),
        _outcome(claims[1], "unverified"),
        *[_outcome(case, "corrected") for case in edits[:9]],
        _outcome(edits[9], "verified"),
    ]
    found = [FIGURE_LINE.match(line) for line in figure_lines(outcomes)]
    values = {m["label"]: f"{m['hits']}/{m['total']}" for m in found if m}
    assert len(values) == len(FIGURES)
    assert values["faithful refused"] == "1/12"
    assert values["named edits corrected"] == "9/10"
    assert values["claim changes passed"] == "1/2"
    assert values["attention on whole sentences"] == "1/2"
    by_label = {figure.label: figure for figure in FIGURES}
    assert by_label["named edits corrected"].failing(outcomes) == [outcomes[-1]]
    assert by_label["claim changes passed"].failing(outcomes) == [outcomes[2]]


def test_an_engine_failure_is_measured_not_raised(monkeypatch):
    case = cases_of("heading", count=1, seed=SEED, split="all")[0]

    def broken(bundle):
        raise RuntimeError("half-built")

    monkeypatch.setattr("citations.quotegen.measure.verify_bundle", broken)
    outcome = outcome_of(case)
    assert outcome.status == "error" and not outcome.passing and "half-built" in outcome.reason


def test_the_command_prints_every_class_and_the_six_figures():
    out = io.StringIO()
    with redirect_stdout(out):
        code = cli.main(
            ["--per-class", "2", "--split", "all", "--seed", "1", "--show-failures", "1"]
        )
    assert code == 0
    text = out.getvalue()
    for klass in CLASSES:
        assert re.search(rf"^{klass}\s+2\s", text, re.M), klass
    figures = [m for line in text.splitlines() if (m := FIGURE_LINE.match(line))]
    assert [m["label"] for m in figures] == [figure.label for figure in FIGURES]
    assert all(int(m["hits"]) <= int(m["total"]) for m in figures)
    assert int(figures[0]["total"]) == 2 * sum(1 for k in CLASSES if not k.startswith("claim_"))


@pytest.mark.parametrize(
    "argv",
    [
        ["--per-class", "0"],
        ["--split", "test"],
        ["--seed", "x"],
        ["--show-failures", "-1"],
        ["--class", "nope"],
        ["--language", "xx"],
    ],
)
def test_bad_arguments_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(argv)
    assert exit_.value.code == 2


def test_the_written_classes_can_be_measured_in_named_languages_only():
    languages = ("de", "sw")
    for klass in ("qualified_partial", "neutral_partial"):
        cases = cases_of(klass, count=40, seed=SEED, split="all", languages=languages)
        assert len(cases) == 40
        assert {case.language for case in cases} == set(languages), klass


@pytest.mark.parametrize(
    ("v2", "verb_final", "order", "clause"),
    [
        (False, False, "inverted", "S V O"),
        (True, False, "main", "S V O"),
        (True, False, "inverted", "V S O"),
        (True, False, "final", "S O V"),
        (False, True, "main", "S O V"),
        (False, True, "inverted", "S O V"),
    ],
)
def test_a_clause_takes_its_languages_word_order(v2, verb_final, order, clause):
    language = Language("xx", True, v2, (), (), (), (), (), verb_final=verb_final)
    assert language.clause("S", "V", "O", order) == clause


def test_a_change_that_leaves_a_passage_of_the_source_is_no_case():
    unit = material().pool.sentences[0]
    tokens = unit.text.split()
    assert _changed_case("claim_word_dropped", unit, tokens[1:], CHANGED, "cut") is None
    assert _changed_case("claim_word_dropped", unit, list(tokens), CHANGED, "same") is None
    changed = [*tokens[:1], "Zwischenwort", *tokens[1:]]
    assert _changed_case("claim_word_dropped", unit, changed, CHANGED, "added") is not None
