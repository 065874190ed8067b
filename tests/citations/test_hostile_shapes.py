"""The hostile shapes of ``citations.bench_hostile`` (generated, not stored), each read by
the engine without an error at its base size; their cost is the benchmark's to show (no
timed assertions here)."""

import pytest

from citations.bench_hostile import SHAPES
from citations.engine import BundleError, load_bundle, verify_bundle


@pytest.mark.parametrize("shape", SHAPES)
def test_a_hostile_shape_is_read_or_refused_with_its_field(shape):
    base, build = SHAPES[shape]
    try:
        report = verify_bundle(load_bundle(build(base)))
    except BundleError as exc:
        assert exc.field  # refused, naming the field
    else:
        assert all(result.status for result in report.results)


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
