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
