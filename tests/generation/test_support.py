"""Seed 002, stage 3: a value's own words against its evidence (plain Python, no database)."""

from __future__ import annotations

import pytest

from generation.support import value_support

APPROVE = "검토자는 요청을 승인하거나 보완을 요청합니다."
REVIEWER_EN = "The reviewer may approve the request or request additional information."


@pytest.mark.parametrize(
    ("value", "evidence", "missing"),
    [
        # supported: the article's restatements, inflection changed
        ("작업 내용을 작성한다.", "요청자가 작업 내용을 작성합니다.", ()),
        ("검토를 요청한다.", "요청자가 검토를 요청합니다.", ()),
        ("승인하거나 보완을 요청한다.", APPROVE, ()),
        ("검토자", APPROVE, ()),
        ("The reviewer approves the request", REVIEWER_EN, ()),
        # invented participants and steps (issue 32)
        ("팀장", APPROVE, ("팀장",)),
        ("승인자", APPROVE, ("승인자",)),  # "approver" is not "approve"
        ("팀장이 최종 승인한다.", APPROVE, ("팀장이", "최종")),
        ("검토자가 최종 승인한다.", APPROVE, ("최종",)),
        ("검토 완료", APPROVE, ("완료",)),
        ("The team leader gives final approval", REVIEWER_EN, ("team", "leader", "gives", "final")),
        ("approver", REVIEWER_EN, ("approver",)),
        # a negation added: every content word must be in the evidence
        ("요청을 승인하지 않는다.", APPROVE, ("않는다",)),
        ("The reviewer does not approve the request", REVIEWER_EN, ("does", "not")),
        # inflections of one stem: an ending, a passive, a particle
        ("처리 시각을 포함한다.", "처리 시각이 포함되어야 합니다.", ()),
        # a short word's stem is all but its last syllable
        ("팀장이 승인한다.", "팀을 승인합니다.", ("팀장이",)),
        # numbers and names occur as written
        ("Reviewers answer within 3 days", "Reviewers answer within 5 days.", ("3",)),
        ("The reviewer asks Kim for approval", REVIEWER_EN, ("kim",)),
        # scripts without spaces are read as character pairs
        ("検討者が承認する", "検討者が依頼を承認する。", ()),
        ("課長が最終承認する", "検討者が依頼を承認する。", ("課長", "長が", "最終", "終承")),
    ],
)
def test_a_value_says_only_what_its_evidence_says(value, evidence, missing):
    support = value_support([value], [evidence])
    assert support.missing == missing
    assert support.supported is (not missing)


@pytest.mark.parametrize(
    ("actor", "errors"),
    [
        ("reviewer", []),  # the sentence names 검토자, the step's actor
        ("requester", ["evidence.reference_unsupported"]),  # a real sentence, another actor
    ],
)
def test_a_values_reference_is_named_in_its_evidence(actor, errors):
    """Actor swapped: the action is the sentence's, the actor is not (stage 3 on the value's
    reference, read from the schema's ``references``)."""
    from generation.schemas import builtin_definition, schema_from_definition
    from generation.validation import _reference_support

    schema = schema_from_definition(builtin_definition("task-procedure-v1"))
    parsed = {
        "participants": [
            {"id": "requester", "name": "요청자"},
            {"id": "reviewer", "name": "검토자"},
        ],
        "processSteps": [{"order": 1, "actorId": actor, "action": "승인하거나 보완을 요청한다."}],
    }

    class Quoted:
        text = APPROVE

    found = list(
        _reference_support(
            parsed, "processSteps[0]", parsed["processSteps"][0], schema, (Quoted(),)
        )
    )
    assert ["evidence.reference_unsupported" for _ in found] == errors
