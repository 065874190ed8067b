"""The hostile shapes of ``citations.bench_hostile`` (generated, not stored), each read by
the engine without an error at its base size; their cost is the benchmark's to show (no
timed assertions here)."""

import pytest

from citations.bench_hostile import SHAPES
from citations.engine import BundleError, load_bundle, verify_bundle

# What each shape yields at its base size: its quotes, or the field the limits refuse.
EXPECTED = {
    "quotation marks": 0,
    "unclosed <q>": 0,
    "cited quotes on one line": 250,
    "table rows": 2_000,
    "block-quote lines": 1,
    "JSON keys": 1,
    "JSON nested to the limit": 100,
    "broken JSON": "response.text",
    "broken JSON, shallow": 6_000,
    "JSON openings in prose": 0,
    "unfound quotes, many paragraphs": 20,
}


@pytest.mark.parametrize("shape", SHAPES)
def test_a_hostile_shape_is_read_or_refused_with_its_field(shape):
    base, build = SHAPES[shape]
    try:
        outcome: int | str = len(verify_bundle(load_bundle(build(base))).results)
    except BundleError as exc:
        outcome = exc.field
    assert outcome == EXPECTED[shape]


@pytest.mark.parametrize("mark", ["“", "„", "«", '"', "‚", "<q>"])
def test_thousands_of_opening_marks_in_a_row_are_no_quote_and_no_recursion(mark):
    """Issue 13: 500 opening marks in a row raised RecursionError in the inline reader."""
    data = {
        "bundle_version": 1,
        "id": "marks",
        "sources": [{"id": "D1", "kind": "document", "paragraphs": ["a b c"]}],
        "response": {"format": "markdown", "text": mark * 5000},
    }
    assert verify_bundle(load_bundle(data)).results == ()
