"""The sentence splitter behind coverage (EV-5): plain Python, no database."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generation.coverage import ABBREVIATION, ABBREVIATIONS, Abbreviation, split_sentences


def sentences_of(paragraph: str) -> list[str]:
    return [paragraph[start:end] for start, end in split_sentences(paragraph)]


def written(abbreviation: Abbreviation, *, capital: bool, gap: str) -> str:
    """The abbreviation as a text writes it, ``gap`` for its inner spaces."""
    text = abbreviation.text[0].upper() + abbreviation.text[1:] if capital else abbreviation.text
    text = text.replace(" ", gap)
    return f"{text}{gap}12" if abbreviation.before_number else text


# Words that are no abbreviation even with a full stop after them ("ca" is one).
WORDS = st.text(alphabet="abcdefghiklmnoprstuvwzäöüé", min_size=2, max_size=8).filter(
    lambda word: ABBREVIATION.match(f"{word}. 1") is None
)
GAPS = st.sampled_from([" ", "  ", "\n"])
# A first line that is long enough not to be read as a heading.
OPENING = "This opening sentence is long enough not to read as a heading."


@st.composite
def sentence(draw) -> str:
    """Words ending in a full stop, with abbreviations of the table among them, the first
    written with a capital when it opens the sentence, none as the last word; a line may
    break inside an abbreviation or right after it."""
    words = [(word, " ") for word in draw(st.lists(WORDS, min_size=1, max_size=6))]
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(words) - 1))
        abbreviation = draw(st.sampled_from(ABBREVIATIONS))
        capital = at == 0 and draw(st.booleans())
        token = written(abbreviation, capital=capital, gap=draw(GAPS))
        words.insert(at, (token, draw(GAPS)))
    text = "".join(word + gap for word, gap in words[:-1]) + words[-1][0]
    return text + draw(st.sampled_from([".", "!", "?"]))


@given(st.lists(sentence(), min_size=1, max_size=4), GAPS)
def test_no_abbreviation_of_the_table_ends_a_sentence_or_a_line(sentences, separator):
    """Issue 17 item 10: the splitter cut at "e.g." and "Mr.". Sentences built with every
    abbreviation of the table, in running text or wrapped at it, come back as built."""
    paragraph = separator.join([OPENING, *sentences])
    assert sentences_of(paragraph) == [OPENING, *sentences]


@pytest.mark.parametrize(
    "text",
    [
        "Send it to the reviewer, e.g. by mail.",
        "That is, i.e. the owner, who decides.",
        "Mr. Park and Dr. Lee approve it.",
        "Das gilt z. B. für Anträge und u. a. für Meldungen.",
        "Das regelt Art. 5 Abs. 2 der Satzung.",
    ],
)
def test_the_abbreviations_named_in_the_issue_end_no_sentence(text):
    assert sentences_of(f"{text} Next one.") == [text, "Next one."]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Das ist eine neue Art. Sie gilt ab heute.",
            ["Das ist eine neue Art.", "Sie gilt ab heute."],
        ),
        ("Siehe Nr. 4. Dann weiter.", ["Siehe Nr. 4.", "Dann weiter."]),
        ("We liked the art. Then we left.", ["We liked the art.", "Then we left."]),
    ],
    ids=["number-only-at-the-end", "number-then-end", "case-as-in-the-table"],
)
def test_a_word_like_an_abbreviation_still_ends_its_sentence(text, expected):
    """ "Art." cites only before a number, and only capitalised as in the table."""
    assert sentences_of(text) == expected
