"""The rule table (``citations.engine.matching.rules``): every rule decides its examples and none of
its counterexamples, in English, German and French; the README lists exactly its rules."""

from pathlib import Path

import pytest

from citations.engine import load_bundle, verify_bundle
from citations.engine.matching.rules import RULES, RuleKind, rules_markdown
from citations.engine.types import QuoteResult, VerificationStatus

LANGUAGES = {"en", "de", "fr"}
README = Path(__file__).resolve().parents[2] / "README.md"


def verified_alone(quote: str, source: str, title: str = "", lead_in: str = "") -> QuoteResult:
    """The result for ``quote``, block-quoted and citing the one paragraph of a document; in
    quotation marks after ``lead_in`` when there are words of the answer before it."""
    document = {"id": "S", "kind": "document", "paragraphs": ["Intro.", source]}
    text = f"{lead_in} „{quote}“ [S ¶2].\n" if lead_in else f"> {quote} [S ¶2]\n"
    data = {
        "bundle_version": 1,
        "id": "rule-example",
        "sources": [document | ({"title": title} if title else {})],
        "response": {"format": "markdown", "text": text},
    }
    (result,) = verify_bundle(load_bundle(data)).results
    return result


def examples(attribute: str) -> list:
    return [
        pytest.param(rule, quote, source, *(*rest, "", "")[:2], id=f"{rule.id}-{language}-{n}")
        for rule in RULES
        for n, (language, quote, source, *rest) in enumerate(getattr(rule, attribute))
    ]


FIELDS = ("rule", "quote", "source", "title", "lead_in")


@pytest.mark.parametrize(FIELDS, examples("examples"))
def test_a_rule_decides_each_of_its_examples(rule, quote, source, title, lead_in):
    result = verified_alone(quote, source, title, lead_in)
    assert rule.id in result.decision.rules, result.decision
    wanted = {
        RuleKind.VERBATIM: VerificationStatus.VERIFIED,
        RuleKind.EDIT: VerificationStatus.CORRECTED,
        RuleKind.CLAIM: VerificationStatus.UNVERIFIED,
    }[rule.kind]
    assert result.status is wanted, result.decision
    if rule.kind is RuleKind.CLAIM:
        assert result.reason.value == "claim_changed"
        assert result.corrected is None
        assert any(d.kind == rule.id for d in result.decision.differences)


@pytest.mark.parametrize(FIELDS, examples("counterexamples"))
def test_a_rule_does_not_pass_its_counterexamples(rule, quote, source, title, lead_in):
    """A counterexample of a verbatim or edit rule is not passed by it (never verified or
    corrected under that rule); one of a claim rule is not refused by it."""
    result = verified_alone(quote, source, title, lead_in)
    if rule.kind is RuleKind.CLAIM:
        assert rule.id not in result.decision.rules, result.decision
    else:
        passing = (VerificationStatus.VERIFIED, VerificationStatus.CORRECTED)
        assert result.status not in passing or rule.id not in result.decision.rules


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.id)
def test_every_rule_has_examples_and_counterexamples_in_three_languages(rule):
    assert {example[0] for example in rule.examples} >= LANGUAGES
    assert {example[0] for example in rule.counterexamples} >= LANGUAGES


def test_rule_ids_are_unique_and_name_their_kind():
    ids = [rule.id for rule in RULES]
    assert len(ids) == len(set(ids))
    assert all(rule.id.split(".")[0] == rule.kind.value for rule in RULES)


def test_the_readme_lists_exactly_the_rule_table():
    """The README's rule list is the table (``python -m citations rules`` prints it)."""
    assert rules_markdown() in README.read_text()
