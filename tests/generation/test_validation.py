"""Layered validation (EV-1 … EV-6) and sentence coverage: plain Python, no database."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generation.coverage import CoverageStatus, split_sentences
from generation.schemas import TASK_PROCEDURE_V1
from generation.sources import load_sources
from generation.validation import RULES, Completeness, validate_answer

from .conftest import dumps, scenario


@pytest.fixture
def turn(sources_data):
    return load_sources(sources_data).turn


def rules_of(validation) -> list[tuple[str, str]]:
    return [(e.path, e.rule) for e in validation.errors]


def test_the_valid_example_passes_every_layer(valid_answer, turn):
    validation = validate_answer(dumps(valid_answer), turn, TASK_PROCEDURE_V1)
    assert validation.errors == ()
    assert validation.valid


def test_seed_example_fails_on_its_invented_evidence_and_its_unbacked_values_ev_3(
    example_answer, turn
):
    """EV-3/EV-4/EV-5: the article's model-written 'evidence' is refused (a double space and
    a line break inside a source sentence are no differences); the participants, the step
    whose evidence was invented and the first rule have no evidence at all (issue 17: the
    invented approval step passed); most source sentences are unaccounted for."""
    validation = validate_answer(dumps(example_answer), turn, TASK_PROCEDURE_V1)
    assert rules_of(validation) == [
        ("$.evidence[2].sourceExcerpt", "evidence.not_in_source"),
        ("$.documentPurpose", "evidence.unsupported"),  # "작업", "진행 상황" are not in it
        ("$.participants[0]", "evidence.missing"),
        ("$.participants[1]", "evidence.missing"),
        ("$.processSteps[0]", "evidence.missing"),
        ("$.processSteps[2]", "evidence.missing"),
        ("$.rules[0]", "evidence.missing"),
        ("$.evidence", "coverage.unmapped"),
    ]


def test_an_answer_without_any_evidence_is_refused_ev_4(valid_answer, turn):
    """Issue 17: every source sentence UNMAPPED and no evidence at all was valid."""
    answer = copy.deepcopy(valid_answer)
    answer["evidence"], answer["excluded"] = [], []
    rules = {rule for _, rule in rules_of(validate_answer(dumps(answer), turn, TASK_PROCEDURE_V1))}
    assert rules == {"evidence.missing", "coverage.unmapped"}


@pytest.mark.parametrize("excerpt", ["the", "검", "요청자", "a b"])
def test_a_word_or_two_is_no_evidence_ev_3(valid_answer, turn, excerpt):
    """Issue 17: one-word evidence marked its sentence covered and showed as verified."""
    answer = copy.deepcopy(valid_answer)
    answer["evidence"].append({"fieldPath": "rules[0]", "sourceExcerpt": excerpt})
    rules = rules_of(validate_answer(dumps(answer), turn, TASK_PROCEDURE_V1))
    assert rules == [
        (f"$.evidence[{len(answer['evidence']) - 1}].sourceExcerpt", "evidence.too_short")
    ]


def test_half_the_source_unmapped_is_refused_ev_5(valid_answer, turn):
    """Issue 17: a result leaving half the source's sentences UNMAPPED was valid."""
    answer = copy.deepcopy(valid_answer)
    answer["excluded"] = answer["excluded"][:2]
    rules = rules_of(validate_answer(dumps(answer), turn, TASK_PROCEDURE_V1))
    assert rules == [("$.evidence", "coverage.unmapped")]


@pytest.mark.parametrize(
    ("text", "message_part"),
    [
        ("", "Expecting value"),
        ('{"documentPurpose": "x",', "line 1"),
        ("```json\n[1, 2]\n```", "got list"),  # read in its fence (issue 17), still no object
        ("[1, 2]", "got list"),
        ('"just a string"', "got str"),
        ('{"documentPurpose": "a\\u0000b"}', "NUL character"),
        ('{"order": NaN}', "NaN is not a JSON value"),
        ('{"order": -Infinity}', "-Infinity is not a JSON value"),
        ('{"order": 1e400}', "too large"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ],
)
def test_json_syntax_errors_stop_at_the_first_layer_ev_1(text, message_part, turn):
    """EV-1: anything but exactly one JSON object is a syntax error at "$"."""
    validation = validate_answer(text, turn, TASK_PROCEDURE_V1)
    assert [(e.path, e.rule, e.layer) for e in validation.errors] == [("$", "json.syntax", "EV-1")]
    assert message_part in validation.errors[0].message
    assert validation.coverage == ()


def _without(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda answer: answer.pop(key)


def _set(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(answer: dict[str, Any]) -> None:
        target = answer
        for part in path[:-1]:
            target = target[part]
        target[path[-1]] = value

    return change


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (_without("processSteps"), ("$.processSteps", "schema.required")),
        (_without("missingFields"), ("$.missingFields", "schema.required")),
        (_set(["processSteps", 0, "order"], "1"), ("$.processSteps[0].order", "schema.type")),
        (_set(["participants"], {"id": "x"}), ("$.participants", "schema.type")),
        (_set(["rules", 1], 7), ("$.rules[1]", "schema.type")),
        (
            _set(["excluded"], [{"sourceExcerpt": "배경", "reason": "boring"}]),
            ("$.excluded[0].reason", "schema.enum"),
        ),
        (_set(["approver"], "팀장"), ("$", "schema.unknown_field")),
        (_set(["processSteps", 0, "order"], 0), ("$.processSteps[0].order", "schema.constraint")),
    ],
    ids=[
        "missing",
        "missing-bookkeeping",
        "type",
        "object-for-array",
        "item-type",
        "enum",
        "unknown-field",
        "minimum",
    ],
)
def test_schema_errors_name_path_and_rule_ev_1(valid_answer, turn, change, expected):
    """EV-1: required fields, types, enums, no invented fields — each error names its path,
    and the schema's errors come first (the meaning layers' follow, issue 17 item 5)."""
    answer = copy.deepcopy(valid_answer)
    change(answer)
    validation = validate_answer(dumps(answer), turn, TASK_PROCEDURE_V1)
    assert expected in rules_of(validation)
    layers = [e.layer for e in validation.errors]
    assert layers[: layers.count("EV-1")] == ["EV-1"] * layers.count("EV-1")


def test_a_schema_error_does_not_hide_the_meaning_errors(example_answer, turn):
    """Issue 17 item 5: with a schema error the meaning layers were skipped, so the repair
    request never heard of the invented excerpt. A malformed item is left to the schema's
    error; every well-formed one is still checked."""
    answer = copy.deepcopy(example_answer)
    answer["approver"] = "팀장"
    answer["processSteps"][0]["order"] = "1"
    answer["evidence"].append({"fieldPath": "rules[0]", "sourceExcerpt": 7})
    found = rules_of(validate_answer(dumps(answer), turn, TASK_PROCEDURE_V1))
    assert found[:3] == [
        ("$", "schema.unknown_field"),
        ("$.evidence[5].sourceExcerpt", "schema.type"),
        ("$.processSteps[0].order", "schema.type"),
    ]
    assert found[3:] == [
        ("$.evidence[2].sourceExcerpt", "evidence.not_in_source"),
        ("$.documentPurpose", "evidence.unsupported"),  # "작업", "진행 상황" are not in it
        ("$.participants[0]", "evidence.missing"),
        ("$.participants[1]", "evidence.missing"),
        ("$.processSteps[0]", "evidence.missing"),
        ("$.processSteps[2]", "evidence.missing"),
        ("$.rules[0]", "evidence.missing"),
        ("$.evidence", "coverage.unmapped"),
    ]


def test_a_reference_into_a_malformed_list_is_left_to_the_schema_error(valid_answer, turn):
    """The steps name participants[0] by its id: skipping the malformed participant must not
    make those references look unresolved."""
    answer = copy.deepcopy(valid_answer)
    answer["participants"][0]["name"] = ""
    found = rules_of(validate_answer(dumps(answer), turn, TASK_PROCEDURE_V1))
    assert found == [("$.participants[0].name", "schema.constraint")]


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=6,
)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=200)
@given(data=st.data())
def test_any_malformed_answer_gets_errors_never_a_crash(valid_answer, turn, data):
    """Every layer reads a malformed answer (issue 17 item 5): whatever value stands anywhere
    in it, validation returns errors of the table, the schema's first."""
    answer = copy.deepcopy(valid_answer)
    for _ in range(data.draw(st.integers(1, 3))):
        target: Any = answer
        while True:
            keys = list(target) if isinstance(target, dict) else list(range(len(target)))
            key = data.draw(st.sampled_from(keys)) if keys else None
            child = target[key] if key is not None else None
            if key is None or not isinstance(child, dict | list) or data.draw(st.booleans()):
                break
            target = child
        if key is not None:
            target[key] = data.draw(JSON_VALUES)
    validation = validate_answer(dumps(answer), turn, TASK_PROCEDURE_V1)
    layers = [e.layer for e in validation.errors]
    assert all(e.rule in RULES for e in validation.errors)
    assert layers[: layers.count("EV-1")] == ["EV-1"] * layers.count("EV-1")


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (
            _set(["processSteps", 2, "actorId"], "approver"),
            [("$.processSteps[2].actorId", "reference.unresolved")],
        ),
        (
            _set(["participants", 1, "id"], "requester"),
            [
                ("$.participants[1].id", "reference.duplicate_id"),
                ("$.processSteps[2].actorId", "reference.unresolved"),
                ("$.processSteps[3].actorId", "reference.unresolved"),
            ],
        ),
        (
            _set(["processSteps", 2, "order"], 2),
            [("$.processSteps[2].order", "order.duplicate")],
        ),
        (
            _set(["processSteps", 3, "order"], 1),
            [("$.processSteps[3].order", "order.duplicate")],
        ),
    ],
    ids=["unknown-actor", "duplicate-id", "duplicate-order", "order-reused-late"],
)
def test_references_and_orders_ev_2(valid_answer, turn, change, expected):
    """EV-2: references resolve, ids are unique, orders have no duplicates."""
    answer = copy.deepcopy(valid_answer)
    change(answer)
    assert rules_of(validate_answer(dumps(answer), turn, TASK_PROCEDURE_V1)) == expected


def test_order_inversion_is_reported_where_it_happens_ev_2(valid_answer, turn):
    """EV-2: a step numbered lower than an earlier one is an inversion."""
    answer = copy.deepcopy(valid_answer)
    steps = answer["processSteps"]
    steps[1]["order"], steps[2]["order"] = 3, 2
    validation = validate_answer(dumps(answer), turn, TASK_PROCEDURE_V1)
    assert rules_of(validation) == [("$.processSteps[2].order", "order.inversion")]
    assert validation.errors[0].message == "order 2 comes after order 3"


def test_evidence_from_an_ineligible_source_is_not_evidence_ev_3(valid_answer, turn):
    """EV-3 with 012.1: text that exists only in a source the model was not given fails."""
    answer = copy.deepcopy(valid_answer)
    answer["evidence"].append(
        {"fieldPath": "rules[0]", "sourceExcerpt": "INELIGIBLE-MEMO-7f3a", "source": "MEMO"}
    )
    last = len(answer["evidence"]) - 1
    assert rules_of(validate_answer(dumps(answer), turn, TASK_PROCEDURE_V1)) == [
        (f"$.evidence[{last}].source", "evidence.unknown_source"),
        (f"$.evidence[{last}].sourceExcerpt", "evidence.not_in_source"),
    ]


def test_evidence_cited_at_the_wrong_paragraph_is_reported_with_where_it_is_ev_3(
    valid_answer, turn
):
    answer = copy.deepcopy(valid_answer)
    answer["evidence"][0]["paragraph"] = 3
    validation = validate_answer(dumps(answer), turn, TASK_PROCEDURE_V1)
    assert rules_of(validation) == [("$.evidence[0]", "evidence.citation_mismatch")]
    assert "[DOC ¶5]" in validation.errors[0].message


def test_a_sentence_found_in_two_paragraphs_is_taken_where_it_is_cited_ev_3(turn):
    """The same words in ¶2 and ¶5: citing ¶5 must not be reported as a mismatch."""
    same = "The same words stand here."
    sources = load_sources(
        {"sources": [{"id": "D", "kind": "document", "text": f"a.\n\n{same}\n\n{same}"}]}
    ).turn
    answer = json.loads(scenario()["response"]["text"])
    answer["evidence"] = [
        {"fieldPath": "rules[0]", "sourceExcerpt": same, "source": "D", "paragraph": 3}
    ]
    validation = validate_answer(dumps(answer), sources, TASK_PROCEDURE_V1)
    assert not [e for e in validation.errors if e.path.startswith("$.evidence[0]")]
    mapped = [c.sentence.id for c in validation.coverage if c.status is CoverageStatus.MAPPED]
    assert mapped == ["D ¶3.1"]


@pytest.mark.parametrize(
    "field_path",
    ["processSteps[9]", "approverRule", "rules[1].x", "evidence[0]", "processSteps[", ""],
)
def test_evidence_must_point_at_an_existing_result_field_ev_4(valid_answer, turn, field_path):
    """EV-4: fieldPath names a value of the result (not the bookkeeping lists)."""
    answer = copy.deepcopy(valid_answer)
    answer["evidence"].append(dict(answer["evidence"][0], fieldPath=field_path))
    validation = validate_answer(dumps(answer), turn, TASK_PROCEDURE_V1)
    expected_rule = "schema.constraint" if field_path == "" else "evidence.field_missing"
    assert [e.rule for e in validation.errors] == [expected_rule]


def test_every_source_sentence_gets_a_coverage_status_ev_5(valid_answer, turn):
    """EV-5: each non-empty sentence of each eligible source is MAPPED (with the fields its
    evidence supports), EXCLUDED (with the model's reason) or UNMAPPED."""
    answer = copy.deepcopy(valid_answer)
    answer["excluded"] = [
        {"sourceExcerpt": "작업 요청 검토 절차", "reason": "heading"},
        {"sourceExcerpt": "배경", "reason": "heading"},
    ]
    validation = validate_answer(dumps(answer), turn, TASK_PROCEDURE_V1)
    # five of 17 sentences neither evidence nor excluded: more than the gate allows
    assert rules_of(validation) == [("$.evidence", "coverage.unmapped")]
    by_id = {c.sentence.id: c for c in validation.coverage}
    assert len(by_id) == 17  # the ineligible MEMO contributes no sentences
    assert all(c.sentence.source == "DOC" for c in validation.coverage)
    assert by_id["DOC ¶5.3"].status is CoverageStatus.MAPPED
    assert by_id["DOC ¶5.3"].labels == ("processSteps[1]",)
    assert by_id["DOC ¶2.2"].labels == ("documentPurpose",)  # crosses a line break
    assert by_id["DOC ¶1.1"].status is CoverageStatus.EXCLUDED
    assert by_id["DOC ¶1.1"].labels == ("heading",)
    assert by_id["DOC ¶3.3"].status is CoverageStatus.UNMAPPED
    counts = {s: sum(c.status is s for c in validation.coverage) for s in CoverageStatus}
    assert counts == {
        CoverageStatus.MAPPED: 10,
        CoverageStatus.EXCLUDED: 2,
        CoverageStatus.UNMAPPED: 5,
    }
    doc = turn.source("DOC")
    for c in validation.coverage:
        assert doc.paragraph(c.sentence.paragraph)[c.sentence.start : c.sentence.end] == (
            c.sentence.text
        )


def test_an_excluded_sentence_must_exist_in_the_source_ev_5(valid_answer, turn):
    answer = copy.deepcopy(valid_answer)
    answer["excluded"].append({"sourceExcerpt": "팀장이 최종 승인합니다.", "reason": "boilerplate"})
    last = len(answer["excluded"]) - 1
    assert rules_of(validate_answer(dumps(answer), turn, TASK_PROCEDURE_V1)) == [
        (f"$.excluded[{last}].sourceExcerpt", "excluded.not_in_source")
    ]


def test_required_values_are_present_or_need_input_with_a_question_ev_6(valid_answer, turn):
    """EV-6: assignmentRule is null and comes with its question → NEEDS_INPUT."""
    validation = validate_answer(dumps(valid_answer), turn, TASK_PROCEDURE_V1)
    statuses = {c.field: (c.status, c.question) for c in validation.completeness}
    assert statuses["assignmentRule"] == (
        Completeness.NEEDS_INPUT,
        "여러 검토자 중 담당자는 어떤 기준으로 정합니까?",
    )
    assert statuses["documentPurpose"] == (Completeness.PRESENT, "")


@pytest.mark.parametrize("empty", [None, "", "   ", []])
def test_a_missing_required_value_without_a_question_is_an_error_ev_6(valid_answer, turn, empty):
    """EV-6: a null (or empty) required value must come with a clarification question."""
    answer = copy.deepcopy(valid_answer)
    answer["documentPurpose" if empty != [] else "participants"] = empty
    if empty == []:
        answer["processSteps"] = []  # nothing left to reference
    validation = validate_answer(dumps(answer), turn, TASK_PROCEDURE_V1)
    field = "participants" if empty == [] else "documentPurpose"
    assert (f"$.{field}", "completeness.question_missing") in rules_of(validation)


@pytest.mark.parametrize("name", TASK_PROCEDURE_V1.required_values)
def test_the_errors_ask_for_the_empty_value_the_schema_accepts(valid_answer, turn, name):
    """Issue 17 item 6: the messages asked for null where the schema wants a list. Following
    them is accepted: the empty value with a question passes the schema and EV-6."""
    empty = TASK_PROCEDURE_V1.missing_value(name)
    answer = copy.deepcopy(valid_answer)
    answer[name] = empty
    answer["missingFields"] = [q for q in answer["missingFields"] if q["fieldPath"] != name]
    [asked] = [
        e
        for e in validate_answer(dumps(answer), turn, TASK_PROCEDURE_V1).errors
        if e.rule == "completeness.question_missing"
    ]
    assert f"or {json.dumps(empty)} plus a missingFields entry" in asked.message

    answer["missingFields"].append({"fieldPath": name, "question": "무엇입니까?"})
    errors = validate_answer(dumps(answer), turn, TASK_PROCEDURE_V1).errors
    assert not [e for e in errors if e.rule.startswith("schema.") or e.path == f"$.{name}"]


def test_a_value_without_evidence_is_told_its_empty_value(valid_answer, turn):
    answer = copy.deepcopy(valid_answer)
    answer["evidence"] = [e for e in answer["evidence"] if e["fieldPath"] != "documentPurpose"]
    [missing] = [
        e
        for e in validate_answer(dumps(answer), turn, TASK_PROCEDURE_V1).errors
        if e.rule == "evidence.missing"
    ]
    assert missing.message.endswith(
        "or give null plus a missingFields entry with a clarification question"
    )


def test_a_question_for_a_value_that_is_given_is_an_error_ev_6(valid_answer, turn):
    answer = copy.deepcopy(valid_answer)
    answer["missingFields"].append({"fieldPath": "documentPurpose", "question": "목적은?"})
    answer["missingFields"].append({"fieldPath": "approver", "question": "누가?"})
    assert rules_of(validate_answer(dumps(answer), turn, TASK_PROCEDURE_V1)) == [
        ("$.missingFields[2].fieldPath", "completeness.unknown_field"),
        ("$.documentPurpose", "completeness.value_and_question"),
    ]


def test_every_rule_names_its_layer():
    assert {layer for layer, _ in RULES.values()} == {f"EV-{n}" for n in range(1, 7)}


@given(st.text(alphabet=st.sampled_from("ab .\n-1가나다?"), max_size=80))
def test_sentence_spans_are_exact_non_empty_and_ordered(paragraph):
    """Every sentence span is ``paragraph[start:end]``, trimmed, non-empty, in order, and no
    non-space character of the paragraph is left out of all sentences."""
    spans = split_sentences(paragraph)
    previous_end = 0
    covered = set()
    for start, end in spans:
        text = paragraph[start:end]
        assert text.strip() and text == text.strip()
        assert start >= previous_end
        previous_end = end
        covered.update(range(start, end))
    assert all(ch.isspace() for i, ch in enumerate(paragraph) if i not in covered)


@pytest.mark.parametrize(
    "wrap",
    [
        lambda t: f"```json\n{t}\n```",
        lambda t: f"Here is the result:\n\n{t}\n\nLet me know if you need more.",
        lambda t: f"<think>The source lists two roles...</think>\n{t}",
        lambda t: "\ufeff" + t,
        lambda t: f"Sure!\n```\n{t}\n```",
        lambda t: f"{t}\n\nI left assignmentRule empty: the document does not say.",
        lambda t: f"<think>…</think>{t} Hope this helps.",
    ],
    ids=["fence", "prose", "think", "bom", "plain-fence", "prose-after", "think-prose-after"],
)
def test_a_valid_answer_is_read_where_the_engine_would_find_it(valid_answer, turn, wrap):
    """Issue 17: generation was stricter than verification about the answer's shape: a
    valid object in a fence, in prose, after a <think> block or a BOM failed with
    "Expecting value (line 1, column 1)"."""
    validation = validate_answer(wrap(dumps(valid_answer)), turn, TASK_PROCEDURE_V1)
    assert validation.errors == ()


@pytest.mark.parametrize("after", ['{"more": 1}', "[1]", '"x"'])
def test_an_object_followed_by_more_json_is_not_read_as_the_first(valid_answer, turn, after):
    """Issue 32 item 5 reads prose after the object; more JSON after it stays an error."""
    text = f"{dumps(valid_answer)}\n{after}"
    assert rules_of(validate_answer(text, turn, TASK_PROCEDURE_V1)) == [("$", "json.syntax")]


def test_a_cut_off_answer_in_prose_is_not_repaired_into_a_valid_one(valid_answer, turn):
    text = "Result:\n" + dumps(valid_answer)[:-40]
    assert rules_of(validate_answer(text, turn, TASK_PROCEDURE_V1))[0][1] == "json.syntax"


def _without_exclusion(answer, excerpt: str):
    answer["excluded"] = [e for e in answer["excluded"] if e["sourceExcerpt"] != excerpt]
    return answer


GOAL_REVIEWER = "검토자는 검토가 요청된 작업을 승인하거나 보완을 요청할 수 있어야 합니다."


def test_one_statement_left_unmapped_is_refused_ev_5(valid_answer, turn):
    """Issue 32 item 3: up to a quarter of the sentences could disappear unnoticed. The
    threshold is 0 for statements; the error names the sentence."""
    answer = _without_exclusion(copy.deepcopy(valid_answer), GOAL_REVIEWER)
    validation = validate_answer(dumps(answer), turn, TASK_PROCEDURE_V1)
    assert rules_of(validation) == [("$.evidence", "coverage.unmapped")]
    assert "[DOC ¶3.3]" in validation.errors[0].message
    assert GOAL_REVIEWER[:40] in validation.errors[0].message


def test_a_heading_left_unmapped_is_no_error_but_stays_visible_ev_5(valid_answer, turn):
    answer = _without_exclusion(copy.deepcopy(valid_answer), "처리 절차")
    validation = validate_answer(dumps(answer), turn, TASK_PROCEDURE_V1)
    assert validation.valid
    unmapped = [c for c in validation.coverage if c.status is CoverageStatus.UNMAPPED]
    assert [(c.sentence.text, c.sentence.statement) for c in unmapped] == [("처리 절차", False)]


def test_an_excerpt_maps_the_sentences_it_holds_not_those_it_touches_ev_5(valid_answer, turn):
    """Issue 32 item 3: one excerpt ending a few words into the next sentence covered it."""
    answer = _without_exclusion(copy.deepcopy(valid_answer), GOAL_REVIEWER)
    answer["evidence"].append(
        {
            "fieldPath": "documentPurpose",
            "sourceExcerpt": "검토 결과를 확인할 수 있어야 합니다.\n검토자는 검토가",
        }
    )
    validation = validate_answer(dumps(answer), turn, TASK_PROCEDURE_V1)
    assert rules_of(validation) == [("$.evidence", "coverage.unmapped")]
    by_id = {c.sentence.id: c for c in validation.coverage}
    assert by_id["DOC ¶3.2"].status is CoverageStatus.MAPPED  # the excerpt lies inside it
    assert by_id["DOC ¶3.3"].status is CoverageStatus.UNMAPPED  # only touched


def test_an_excerpt_holding_two_whole_sentences_maps_both_ev_5(valid_answer, turn):
    answer = copy.deepcopy(valid_answer)
    answer["evidence"].append(
        {
            "fieldPath": "processSteps[0]",
            "sourceExcerpt": "요청자가 작업 내용을 작성합니다.\n2. 요청자가 검토를 요청합니다",
        }
    )
    validation = validate_answer(dumps(answer), turn, TASK_PROCEDURE_V1)
    assert validation.valid
    by_id = {c.sentence.id: c for c in validation.coverage}
    assert "processSteps[0]" in by_id["DOC ¶5.2"].labels
    assert "processSteps[0]" in by_id["DOC ¶5.3"].labels


def everything_excluded(turn) -> dict:
    """An answer that converts nothing: every value empty with a question, every sentence
    excluded."""
    from generation.coverage import source_sentences

    return {
        "documentPurpose": None,
        "participants": [],
        "processSteps": [],
        "rules": [],
        "assignmentRule": None,
        "missingFields": [
            {"fieldPath": name, "question": f"{name}?"}
            for name in ("documentPurpose", "participants", "processSteps", "assignmentRule")
        ],
        "evidence": [],
        "excluded": [
            {"sourceExcerpt": s.text.lstrip("-0123456789. "), "reason": "background"}
            for s in source_sentences(turn)
        ],
    }


def test_excluding_the_content_instead_of_converting_it_is_refused_ev_5(turn):
    """Issue 32 item 3: an answer excluding every content sentence was accepted."""
    rules = rules_of(validate_answer(dumps(everything_excluded(turn)), turn, TASK_PROCEDURE_V1))
    assert rules == [("$.excluded", "coverage.excluded_share")]
