"""The examples in the engine's docstrings run as written."""

import doctest

import pytest

from citations.engine import (
    approximate,
    edits,
    json_locate,
    markers,
    match,
    normalize,
    parse_json,
    parse_markdown,
    policy,
    verify,
)

MODULES = [
    normalize,
    match,
    approximate,
    edits,
    markers,
    json_locate,
    parse_json,
    parse_markdown,
    policy,
    verify,
]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0
