"""Issue 31, item 6c: how engine_compare judges one expected quote against the engine's
result now (no database): every kind of difference it names, and when one is critical."""

import pytest

from citations.engine_compare import quote_compare

PLACE = {"source": "D1", "paragraph": 2, "start": 10, "end": 30, "text": "x"}
PASSAGE = "A sentence quoted hh"
PARAGRAPHS = {("D1", 2): "x" * 10 + PASSAGE + "y" * 30, ("D1", 3): "z" * 40 + PASSAGE + "w" * 10}
RULES = {"decision": {"rules": ["cite.marker", "verbatim.exact"]}, "attention": []}


def got(status: str, **fields) -> dict:
    return {"n": 1, "text": "the quote", "status": status, **RULES, **fields}


@pytest.mark.parametrize(
    ("want", "now", "change", "critical"),
    [
        ({"status": "verified", "match": PLACE}, got("verified", match=PLACE), "", False),
        (
            {"status": "verified", "acceptable": ["corrected"]},
            got("corrected"),
            "",
            False,
        ),
        (
            {"status": "unverified"},
            got("verified", match=PLACE),
            "expected unverified, now verified",
            True,
        ),
        ({"status": "corrected"}, got("unverified"), "expected corrected, now unverified", False),
        (
            {"status": "verified", "match": PLACE},
            got("verified", match={**PLACE, "paragraph": 3}),
            "expected at D1 ¶2, now at D1 ¶3",
            True,
        ),
        (  # the same words where the source repeats them: the scorer's same passage
            {"status": "verified", "match": PLACE},
            got("verified", match={**PLACE, "paragraph": 3, "start": 40, "end": 60}),
            "",
            False,
        ),
        (
            {"status": "verified", "match": PLACE},
            got("verified", match={**PLACE, "start": 12, "end": 30}),
            "expected at [10,30), now at [12,30)",
            False,
        ),
        (
            {"status": "verified", "match": PLACE},
            got("verified", match={**PLACE, "start": 40, "end": 50}),
            "expected at [10,30), now at [40,50)",
            True,
        ),
        (
            {"status": "verified", "attention": True},
            got("verified"),
            "passes without the attention a reviewer checked",
            True,
        ),
        (
            {"status": "corrected", "corrected": {"text": "a  b", "source": "D1"}},
            got("corrected", corrected={"text": "a b", "source": "D1"}),
            "",
            False,
        ),
        (
            {"status": "corrected", "corrected": {"text": "a b", "source": "D1"}},
            got("corrected", corrected={"text": "a c", "source": "D1"}),
            "expected the correction's text 'a b', now 'a c'",
            False,
        ),
        (
            {"status": "verified", "reason": ["found_as_cited", "found_elsewhere"]},
            got("verified", reason="found_elsewhere"),
            "",
            False,
        ),
        (
            {"status": "verified", "reason": "found_as_cited"},
            got("verified", reason="relocated_paragraph"),
            "expected reason found_as_cited, now relocated_paragraph",
            False,
        ),
        (
            {"status": "verified", "text": "another quote"},
            got("verified"),
            "the engine reads other text as this quote now: 'the quote'",
            False,
        ),
    ],
)
def test_each_difference_is_named_issue_31_6c(want, now, change, critical):
    """Issue 31 item 6c: per quote, what the reviewers expect against what the engine says
    now, critical as the scorer means it."""
    compared = quote_compare("set-1", {"n": 1, **want}, now, PARAGRAPHS)
    assert (compared.change, compared.critical) == (change, critical)
    assert compared.rules_now == ("cite.marker", "verbatim.exact")


def test_a_quote_the_engine_no_longer_reads_is_a_change_issue_31_6c():
    """Issue 31 item 6c: the engine reads fewer quotes now."""
    compared = quote_compare("set-1", {"n": 4, "status": "verified"}, None, PARAGRAPHS)
    assert compared.change == "the engine reads no such quote now"
