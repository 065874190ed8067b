"""The plain functions behind the quote elements and the source pane: word diffs of what a
correction changed or a claim differs in (issue 15, section 2). No database."""

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from citations.diffs import passage_differences, word_diff
from reviews.templatetags.review_tags import char_diff


def runs(parts) -> list[tuple[str, str]]:
    return [(part.kind, part.text) for part in parts]


@pytest.mark.parametrize(
    ("before", "after", "expected"),
    [
        pytest.param(
            "ninety days' written notice",
            "ninety (90) days’ written notice",
            [("same", "ninety "), ("added", "(90) "), ("same", "days"), ("removed", "'"),
             ("added", "’"), ("same", " written notice")],
            id="inserted-words-and-a-changed-apostrophe",
        ),
        pytest.param(
            "The fee rises by 5 per cent",
            "The fee rises by 15 per cent.",
            [("same", "The fee rises by "), ("removed", "5"), ("added", "15"),
             ("same", " per cent"), ("added", ".")],
            id="a-number-is-one-token",
        ),
        pytest.param(
            "within two working days",
            "within eight hours",
            [("same", "within "), ("removed", "two working days"), ("added", "eight hours")],
            id="changes-with-only-spaces-between-read-as-one",
        ),
        pytest.param("unchanged", "unchanged", [("same", "unchanged")], id="no-change"),
        pytest.param("", "all new", [("added", "all new")], id="from-nothing"),
        pytest.param("all gone", "", [("removed", "all gone")], id="to-nothing"),
        pytest.param(
            "Für Bürger", "Für Bürgerinnen", [("same", "Für "), ("removed", "Bürger"),
                                              ("added", "Bürgerinnen")], id="umlauts-are-letters",
        ),
    ],
)  # fmt: skip
def test_word_diff_shows_what_changed_word_by_word(before, after, expected):
    assert runs(word_diff(before, after)) == expected


def test_a_long_quote_with_one_change_shows_that_change_alone():
    text = "Renewals that change the price by more than five per cent are new contracts. " * 20
    changed = text.replace("five", "ten", 1)
    assert runs(word_diff(text, changed)) == [
        ("same", text[: text.index("five")]), ("removed", "five"), ("added", "ten"),
        ("same", text[text.index("five") + 4 :]),
    ]  # fmt: skip


def test_a_folded_diff_ignores_what_the_engine_folds():
    assert runs(word_diff("It’s “FINAL” – signed", 'it\'s "final" - signed', fold=True)) == [
        ("same", 'it\'s "final" - signed')
    ]
    assert runs(word_diff("hat oberste Priorität", "hat für uns Priorität.", fold=True)) == [
        ("same", "hat "), ("removed", "oberste"), ("added", "für uns"), ("same", " Priorität"),
        ("added", "."),
    ]  # fmt: skip


def test_a_passage_keeps_its_text_and_marks_the_gaps_where_the_quote_has_more():
    parts = passage_differences("the board must approve it", "the board may approve")
    assert runs(parts) == [
        ("same", "the board "), ("added", "may"), ("same", " approve"), ("removed", " it"),
    ]  # fmt: skip
    # A word only the quote has, with none of the source's in its place, is a gap.
    parts = passage_differences("ein pauschales Tempolimit lehnen wir ab", "ein Tempolimit lehnen")
    assert runs(parts) == [
        ("same", "ein "), ("removed", "pauschales "), ("same", "Tempolimit lehnen"),
        ("removed", " wir ab"),
    ]  # fmt: skip
    assert "".join(p.text for p in parts if p.kind != "removed") == "ein Tempolimit lehnen"


TEXT = st.text(alphabet=st.sampled_from("ab c.,'’\n—-Ää"), max_size=40)


@given(TEXT, TEXT)
def test_either_side_of_a_word_diff_reads_whole(before, after):
    parts = word_diff(before, after)
    assert "".join(p.text for p in parts if p.kind != "added") == before
    assert "".join(p.text for p in parts if p.kind != "removed") == after
    assert all(p.text for p in parts)
    assert all(a.kind != b.kind for a, b in itertools.pairwise(parts) if "same" in (a.kind, b.kind))


@given(TEXT, TEXT)
def test_a_passage_with_its_differences_is_still_exactly_the_passage(quote, passage):
    parts = passage_differences(quote, passage)
    assert "".join(p.text for p in parts if p.kind != "removed") == passage
    # A gap stands only where the source has nothing in the quote's words' place.
    assert all(b.kind != "added" for a, b in itertools.pairwise(parts) if a.kind == "removed")


# -- the admin's character diff (issue 15, section 2) ----------------------------------------


@pytest.mark.parametrize(
    ("before", "after", "expected"),
    [
        pytest.param(
            "the colour of the fee", "the color of the fees",
            [("same", "the colo"), ("removed", "u"), ("same", "r of the fee"), ("added", "s")],
            id="letters-of-a-word",
        ),
        pytest.param(
            "Verträge über 50.000 EUR", "Verträge ueber 50,000 EUR",
            [("same", "Verträge "), ("removed", "ü"), ("added", "ue"), ("same", "ber 50"),
             ("removed", "."), ("added", ","), ("same", "000 EUR")],
            id="an-umlaut-written-out-and-a-separator",
        ),
        pytest.param(
            "within two working days", "within eight hours",
            [("same", "within "), ("removed", "two working days"), ("added", "eight hours")],
            id="other-words-are-shown-whole",
        ),
        pytest.param("same", "same", [("same", "same")], id="no-change"),
        pytest.param("", "new", [("added", "new")], id="from-nothing"),
    ],
)  # fmt: skip
def test_char_diff_marks_the_characters_a_correction_changed(before, after, expected):
    assert runs(char_diff(before, after)) == expected


@given(TEXT, TEXT)
def test_either_side_of_a_char_diff_reads_whole(before, after):
    parts = char_diff(before, after)
    assert "".join(p.text for p in parts if p.kind != "added") == before
    assert "".join(p.text for p in parts if p.kind != "removed") == after
    assert all(p.text for p in parts)
    assert all(a.kind != b.kind for a, b in itertools.pairwise(parts))
