"""Seed 002 replayed against a local OpenAI-compatible fake server (issue 32, "Done when"):
the article's good candidate passes its first call; each bad variant of the article's own
example is caught by a named rule, repaired once with the errors in the request, and ends
in manual review. The README's seed-002 table names these cases."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from generation.coverage import source_sentences
from generation.models import CallKind, GenerationStatus
from generation.services import generation_create, generation_run
from generation.sources import load_sources
from generation.validation import RULES

from .conftest import client_for, dumps
from .fake_llm import Answer

pytestmark = pytest.mark.django_db

Answer_ = dict[str, Any]
APPROVE = "검토자는 요청을 승인하거나 보완을 요청합니다."
CHECKS = "검토자는 검토가 요청된 작업 내용을 확인합니다."
RECORDS = "검토자는 처리 결과와 검토 의견을 기록합니다."
GOAL_REVIEWER = "검토자는 검토가 요청된 작업을 승인하거나 보완을 요청할 수 있어야 합니다."


def cite(answer: Answer_, field_path: str, excerpt: str) -> Answer_:
    answer["evidence"].append({"fieldPath": field_path, "sourceExcerpt": excerpt})
    return answer


def added(answer: Answer_, name: str, value: Any) -> Answer_:
    answer[name].append(value)
    return answer


def set_(answer: Answer_, path: tuple, value: Any) -> Answer_:
    holder = answer
    for part in path[:-1]:
        holder = holder[part]
    holder[path[-1]] = value
    return answer


def unexcluded(answer: Answer_, excerpt: str) -> Answer_:
    answer["excluded"] = [e for e in answer["excluded"] if e["sourceExcerpt"] != excerpt]
    return answer


def everything_excluded(answer: Answer_, turn) -> Answer_:
    required = ("documentPurpose", "participants", "processSteps", "assignmentRule")
    return {
        "documentPurpose": None,
        "participants": [],
        "processSteps": [],
        "rules": [],
        "assignmentRule": None,
        "missingFields": [{"fieldPath": name, "question": f"{name}?"} for name in required],
        "evidence": [],
        "excluded": [
            {"sourceExcerpt": s.text.lstrip("-0123456789. "), "reason": "background"}
            for s in source_sentences(turn)
        ],
    }


Variant = Callable[[Answer_, Any], Answer_]
# (case, rule that catches it, the answer made bad). The "Why" in order, then the
# article's own failure modes the validator caught before.
VARIANTS: list[tuple[str, str, Variant]] = [
    (
        "team-leader-participant",
        "evidence.unsupported",
        lambda a, t: cite(
            added(a, "participants", {"id": "teamLeader", "name": "팀장"}),
            "participants[2]",
            CHECKS,
        ),
    ),
    (
        "approver-participant",
        "evidence.unsupported",
        lambda a, t: cite(
            added(a, "participants", {"id": "approver", "name": "승인자"}),
            "participants[2]",
            APPROVE,
        ),
    ),
    (
        "team-leader-gives-final-approval-step",
        "evidence.unsupported",
        lambda a, t: cite(
            added(
                a,
                "processSteps",
                {"order": 5, "actorId": "reviewer", "action": "팀장이 최종 승인한다."},
            ),
            "processSteps[4]",
            APPROVE,
        ),
    ),
    (
        "review-completed-step",
        "evidence.unsupported",
        lambda a, t: cite(
            added(a, "processSteps", {"order": 5, "actorId": "reviewer", "action": "검토 완료"}),
            "processSteps[4]",
            RECORDS,
        ),
    ),
    (
        "guessed-assignment-rule-without-question",
        "evidence.unsupported",
        lambda a, t: cite(
            set_(
                set_(a, ("assignmentRule",), "검토자 중 먼저 확인한 사람이 담당한다."),
                ("missingFields",),
                [],
            ),
            "assignmentRule",
            CHECKS,
        ),
    ),
    (
        "actor-swapped",
        "evidence.reference_unsupported",
        lambda a, t: set_(a, ("processSteps", 2, "actorId"), "requester"),
    ),
    (
        "negation-added",
        "evidence.unsupported",
        lambda a, t: set_(a, ("processSteps", 2, "action"), "요청을 승인하지 않는다."),
    ),
    (
        "evidence-for-an-empty-value",
        "evidence.empty_value",
        lambda a, t: cite(a, "assignmentRule", CHECKS),
    ),
    (
        "a-statement-dropped-silently",
        "coverage.unmapped",
        lambda a, t: unexcluded(a, GOAL_REVIEWER),
    ),
    (
        "every-content-sentence-excluded",
        "coverage.excluded_share",
        everything_excluded,
    ),
    (
        "exclusion-reason-outside-the-list",
        "schema.enum",
        lambda a, t: set_(a, ("excluded", 6, "reason"), "irrelevant"),
    ),
    (
        "one-excerpt-touching-the-next-sentence",
        "coverage.unmapped",
        lambda a, t: cite(
            unexcluded(a, GOAL_REVIEWER),
            "documentPurpose",
            "검토 결과를 확인할 수 있어야 합니다.\n검토자는 검토가",
        ),
    ),
    (
        "question-about-a-path-that-does-not-exist",
        "completeness.unknown_field",
        lambda a, t: added(
            a, "missingFields", {"fieldPath": "processSteps[7].actorId", "question": "누구?"}
        ),
    ),
    (
        "question-about-a-value-given",
        "completeness.value_and_question",
        lambda a, t: added(
            a, "missingFields", {"fieldPath": "documentPurpose", "question": "목적?"}
        ),
    ),
    (
        "null-without-a-question",
        "completeness.question_missing",
        lambda a, t: set_(a, ("missingFields",), []),
    ),
    (
        "rewritten-evidence",
        "evidence.not_in_source",
        lambda a, t: set_(
            a, ("evidence", 2, "sourceExcerpt"), "검토자는 모든 요청의 최종 처리 결과를 결정합니다."
        ),
    ),
    (
        "one-word-evidence",
        "evidence.too_short",
        lambda a, t: cite(a, "rules[0]", "요청자"),
    ),
    (
        "evidence-for-no-value",
        "evidence.field_missing",
        lambda a, t: cite(a, "processSteps[9]", "요청자가 검토를 요청합니다."),
    ),
    (
        "a-rule-without-evidence",
        "evidence.missing",
        lambda a, t: added(a, "rules", "검토는 하루 안에 끝낸다."),
    ),
    (
        "actor-not-a-participant",
        "reference.unresolved",
        lambda a, t: set_(a, ("processSteps", 0, "actorId"), "writer"),
    ),
    (
        "one-participant-two-ids",
        "reference.duplicate_id",
        lambda a, t: set_(a, ("participants", 1, "id"), "requester"),
    ),
    (
        "order-used-twice",
        "order.duplicate",
        lambda a, t: set_(a, ("processSteps", 1, "order"), 1),
    ),
    (
        "order-inverted",
        "order.inversion",
        lambda a, t: set_(
            set_(a, ("processSteps", 2, "order"), 4), ("processSteps", 3, "order"), 3
        ),
    ),
    (
        "approver-as-a-field-of-its-own",
        "schema.unknown_field",
        lambda a, t: set_(a, ("approver",), "팀장"),
    ),
]


def start(sources_data):
    return generation_create(
        sources_file=load_sources(sources_data),
        schema_name="task-procedure-v1",
        model_name="fake-model",
    )


def test_the_articles_good_candidate_passes_its_first_call(sources_data, valid_answer, fake_llm):
    fake = fake_llm([Answer(dumps(valid_answer))])
    generation = generation_run(generation_id=start(sources_data).pk, client=client_for(fake))
    assert generation.status == GenerationStatus.ACCEPTED
    assert len(fake.requests) == 1


def test_every_variant_names_a_rule_of_the_one_table():
    assert {rule for _, rule, _ in VARIANTS} <= RULES.keys()
    assert len({case for case, _, _ in VARIANTS}) == len(VARIANTS) >= 20


@pytest.mark.parametrize(
    ("rule", "variant"),
    [(rule, variant) for _, rule, variant in VARIANTS],
    ids=[c for c, _, _ in VARIANTS],
)
def test_a_bad_variant_is_caught_repaired_once_with_its_errors_then_manual_review(
    sources_data, valid_answer, fake_llm, rule, variant
):
    bad = variant(copy.deepcopy(valid_answer), load_sources(sources_data).turn)
    fake = fake_llm([Answer(dumps(bad)), Answer(dumps(bad)), Answer(dumps(valid_answer))])
    generation = generation_run(generation_id=start(sources_data).pk, client=client_for(fake))
    assert generation.status == GenerationStatus.MANUAL_REVIEW
    assert len(fake.requests) == 2  # the first call and one repair, never a third
    first = generation.records.get(kind=CallKind.INITIAL)
    assert rule in {error["rule"] for error in first.errors}, first.errors
    repair_text = fake.requests[1]["messages"][-1]["content"]
    listed = [json.loads(line) for line in repair_text.splitlines() if line.startswith("{")]
    assert listed == first.errors


def test_the_readme_table_names_every_rule_once_and_every_variant():
    """The rulebook exists once (``RULES``); the README's seed-002 table is checked against
    it, and against this file's cases."""
    from django.conf import settings

    readme = (settings.BASE_DIR / "README.md").read_text(encoding="utf-8")
    table = readme.split("<!-- seed-002: begin -->")[1].split("<!-- seed-002: end -->")[0]
    rows = [line for line in table.splitlines() if line.startswith("| ") and "`" in line]
    named = [row.split("|")[2].strip().strip("`") for row in rows]
    assert sorted(named) == sorted(RULES)
    for case, rule, _ in VARIANTS:
        [row] = [row for row in rows if row.split("|")[2].strip() == f"`{rule}`"]
        assert f"`{case}`" in row, case
