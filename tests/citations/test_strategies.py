"""The citation strategies (``citations.engine.reading.strategies``, issue 14): every strategy reads
its examples, under its own id, at every place it reads, and the report names it first in
``decision.rules``; a strategy without a test row fails; the README's list of citation forms
is the table."""

import re
from collections import defaultdict
from dataclasses import replace
from pathlib import Path

import pytest

from citations.engine import load_bundle, verify_bundle
from citations.engine.reading import strategies
from citations.engine.reading.parse import parse_response
from citations.engine.reading.spot import Place
from citations.engine.reading.strategies import (
    STRATEGIES,
    STRATEGY,
    Strategy,
    strategies_markdown,
)

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


def test_every_strategy_has_a_unique_id_and_reads_somewhere() -> None:
    assert len(STRATEGY) == len(STRATEGIES)
    assert all(strategy.id.startswith("cite.") and strategy.at for strategy in STRATEGIES)
    assert {place for strategy in STRATEGIES for place in strategy.at} == set(Place)


def places_read(table: tuple[Strategy, ...], monkeypatch) -> dict[str, set[Place]]:
    """Where each strategy of ``table`` read a citation while its own examples were parsed:
    its real function runs, wrapped to note the place of every spot it read one at."""
    read: dict[str, set[Place]] = defaultdict(set)

    def noting(strategy: Strategy) -> Strategy:
        def read_and_note(spot):
            found = strategy.read(spot)
            if found is not None:
                read[strategy.id].add(spot.place)
            return found

        return replace(strategy, read=read_and_note)

    noted = {strategy.id: noting(strategy) for strategy in STRATEGIES}
    at = {place: tuple(noted[s.id] for s in group) for place, group in strategies._AT.items()}
    context = tuple((noted[s.id], place) for s, place in strategies._CONTEXT)
    monkeypatch.setattr(strategies, "_AT", at)
    monkeypatch.setattr(strategies, "_CONTEXT", context)
    monkeypatch.setattr(strategies, "STRATEGY", noted)
    found: dict[str, set[Place]] = {}
    for strategy in table:
        read.clear()
        for response, _, _ in strategy.examples:
            parse_response(example_bundle(strategy, response).response)
        found[strategy.id] = set(read[strategy.id])
    return found


def without_test_rows(table: tuple[Strategy, ...], read: dict[str, set[Place]]) -> list[str]:
    """Each strategy of ``table`` without an example, and each place it reads that none of
    its examples is read at."""
    missing = [f"{s.id}: no example" for s in table if not s.examples]
    missing += [
        f"{s.id}: no example {place}"
        for s in table
        for place in sorted(s.at)
        if place not in read.get(s.id, set())
    ]
    return missing


def test_every_strategy_has_a_test_row_at_every_place_it_reads(monkeypatch) -> None:
    """Adding a form is a strategy, its function and its test rows: one for each place the
    function reads at (a block quote's last line as well as after an inline quote)."""
    assert without_test_rows(STRATEGIES, places_read(STRATEGIES, monkeypatch)) == []


def test_a_strategy_without_a_test_row_fails_the_check(monkeypatch) -> None:
    """The check above can fail: a strategy stripped of its examples, or of the one example
    at a place it reads, is named."""
    footnote = STRATEGY["cite.footnote"]
    bare = replace(STRATEGY["cite.next_line"], examples=())
    only_after = replace(footnote, examples=footnote.examples[:1])
    read = places_read((bare, only_after), monkeypatch)
    assert without_test_rows((bare, only_after), read) == [
        "cite.next_line: no example",
        f"cite.next_line: no example {Place.NEXT_LINE}",
        f"cite.footnote: no example {Place.LAST_LINE}",
        f"cite.footnote: no example {Place.NEXT_LINE}",
    ]


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
