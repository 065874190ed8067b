"""The citation strategies (``citations.engine.reading.strategies``, issue 14): every strategy reads
its examples, under its own id, and the report names it first in ``decision.rules``; the
README's list of citation forms is the table."""

import re
from pathlib import Path

import pytest

from citations.engine import load_bundle, verify_bundle
from citations.engine.reading.parse import parse_response
from citations.engine.reading.strategies import STRATEGIES, STRATEGY, strategies_markdown

EXAMPLES = [
    pytest.param(strategy, response, named, paragraph, id=f"{strategy.id}-{number}")
    for strategy in STRATEGIES
    for number, (response, named, paragraph) in enumerate(strategy.examples)
]
JSON_FIELDS = [
    {"path": "$.quotes[*]", "text": "text", "source": "source", "paragraph": "paragraph"}
]


def example_bundle(strategy, response: str):
    return load_bundle(
        {
            "bundle_version": 1,
            "id": "strategy",
            "sources": [
                {"id": "D1", "kind": "document", "paragraphs": ["Intro.", "Rent is due monthly."]},
            ],
            "response": {"format": strategy.format, "text": response}
            | ({"quotes": JSON_FIELDS} if strategy.format == "json" else {}),
        }
    )


@pytest.mark.parametrize(("strategy", "response", "named", "paragraph"), EXAMPLES)
def test_every_strategy_reads_its_examples(strategy, response, named, paragraph) -> None:
    bundle = example_bundle(strategy, response)
    first = parse_response(bundle.response).quotes[0]
    assert first.site is not None and first.site.strategy == strategy.id, first
    assert (first.cited_ref or first.attributed_to, first.cited_paragraph) == (named, paragraph)


@pytest.mark.parametrize(("strategy", "response", "named", "paragraph"), EXAMPLES)
def test_the_report_names_the_strategy_that_read_the_citation(
    strategy, response, named, paragraph
) -> None:
    result = verify_bundle(example_bundle(strategy, response)).results[0]
    assert result.decision.rules[0] == strategy.id, result.decision


def test_every_strategy_has_examples_and_a_unique_id() -> None:
    assert len(STRATEGY) == len(STRATEGIES)
    assert all(strategy.examples and strategy.id.startswith("cite.") for strategy in STRATEGIES)


def test_an_uncited_quote_has_no_site_and_no_strategy() -> None:
    bundle = example_bundle(STRATEGY["cite.marker"], 'It says "rent is due monthly".')
    (result,) = verify_bundle(bundle).results
    assert result.quote.site is None
    assert not any(rule.startswith("cite.") for rule in result.decision.rules)


def test_the_readme_lists_the_strategies_as_the_table_does() -> None:
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    table = re.search(r"\| strategy \| where \|.*?\n(?:\|.*\n)+", readme)
    assert table is not None, "README: the strategy table is missing"
    assert table.group().strip() == strategies_markdown()
