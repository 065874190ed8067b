"""Paragraph values as models write them, in a JSON paragraph field, a table's paragraph
column or a marker (003.1): the paragraph they name, and nothing where a number is text;
the paragraph words and source labels of every language of the tables in ``markers``."""

from __future__ import annotations

import json

import pytest

from citations.engine import QuoteFields, Response
from citations.engine.reading.markers import (
    PARAGRAPH_ORDINALS,
    PARAGRAPH_SUFFIXES,
    PARAGRAPH_WORDS,
    SOURCE_LABEL_WORDS,
    parse_paragraphs,
)
from citations.engine.reading.parse import parse_response

PARAGRAPH_VALUES = [
    ("3", (3, ())),
    ("3.", (3, ())),
    ("(3)", (3, ())),
    ("[3]", (3, ())),
    ("#3", (3, ())),
    ("P3", (3, ())),
    ("p3", (3, ())),
    ("pt. 3", (3, ())),
    ("para. 3", (3, ())),
    ("¶ 3", (3, ())),
    ("Abs. 3 Satz 1", (3, ())),
    ("Absatz 3, Satz 2", (3, ())),
    ("3, 4", (3, (3, 4))),
    ("¶3-5", (3, (3, 4, 5))),
    # Not a paragraph: a decimal, an unbalanced parenthesis, words, zero.
    ("3.5", (None, ())),
    ("(3", (None, ())),
    ("3)", (None, ())),
    ("see 3", (None, ())),
    ("(0)", (None, ())),
]


@pytest.mark.parametrize(("written", "read"), PARAGRAPH_VALUES)
def test_a_paragraph_value_names_its_paragraph_003_1(written: str, read: tuple) -> None:
    assert parse_paragraphs(written) == read


FIELDS = (QuoteFields(path="$.quotes[*]", text="quote", source="source", paragraph="paragraph"),)


@pytest.mark.parametrize(("written", "read"), PARAGRAPH_VALUES)
def test_a_json_paragraph_field_names_its_paragraph_003_1(written: str, read: tuple) -> None:
    """003.1: the public JSON parse reads a paragraph field as written on its own; a quote
    text ending in a number in parentheses keeps it as text."""
    body = {"quotes": [{"quote": "The fee rises (3)", "source": "D1", "paragraph": written}]}
    response = Response(format="json", text=json.dumps(body), quote_fields=FIELDS)
    (quote,) = parse_response(response).quotes
    assert (quote.text, quote.cited_ref) == ("The fee rises (3)", "D1")
    assert (quote.cited_paragraph, quote.cited_paragraphs) == read


def test_a_table_paragraph_column_names_its_paragraph_003_1() -> None:
    markdown = (
        "| Quote | Source | Paragraph |\n|---|---|---|\n"
        "| The fee rises by six per cent. | D1 | (3) |\n"
        "| The rent is due monthly. | D1 | Abs. 4 Satz 1 |\n"
    )
    quotes = parse_response(Response(format="markdown", text=markdown)).quotes
    assert [(q.cited_ref, q.cited_paragraph) for q in quotes] == [("D1", 3), ("D1", 4)]


@pytest.mark.parametrize(
    ("markdown", "cited"),
    [
        ('It says "the fee rises by six per cent" [D1, Abs. 3 Satz 1].', ("D1", 3)),
        ('It says "the fee rises by six per cent" (D1 ¶3, sentence 2).', ("D1", 3)),
        # A number in parentheses after a quote is prose, not a paragraph.
        ('It says "the fee rises by six per cent" (3).', (None, None)),
    ],
)
def test_a_sentence_after_a_markers_paragraph_003_1(markdown: str, cited: tuple) -> None:
    (quote,) = parse_response(Response(format="markdown", text=markdown)).quotes
    assert (quote.cited_ref, quote.cited_paragraph) == cited


def cited(markdown: str) -> tuple:
    (quote,) = parse_response(Response(format="markdown", text=markdown)).quotes
    return quote.cited_ref, quote.cited_paragraph


QUOTE = "It says “the fee rises by six per cent”"
# Every paragraph word of every language, as models write it in a marker, capitalised too.
WRITTEN_PARAGRAPHS = [
    *(f"{word} 3" for words in PARAGRAPH_WORDS.values() for word in words),
    *(f"{word[0].upper()}{word[1:]} 3" for words in PARAGRAPH_WORDS.values() for word in words),
    *(
        f"{ordinal}3{word}"
        for ordinal in ("", *PARAGRAPH_ORDINALS)
        for words in PARAGRAPH_SUFFIXES.values()
        for word in words
    ),
]


@pytest.mark.parametrize("paragraph", WRITTEN_PARAGRAPHS)
@pytest.mark.parametrize("marker", ["[D1 {}]", "(D1, {})", "［D1 {}］", "（D1，{}）"])
def test_a_paragraph_word_of_any_language_names_the_paragraph_003_1(
    marker: str, paragraph: str
) -> None:
    """C1d, C1e: "(X1, párr. 2)", "(D1, 3항)", "（X1，第2段）" cite their source and paragraph
    in every language of ``PARAGRAPH_WORDS``, in full-width brackets too; read as prose, the
    quote was uncited and passed while it cited an ineligible source."""
    assert cited(f"{QUOTE} {marker.format(paragraph)}.") == ("D1", 3)


@pytest.mark.parametrize(
    "written",
    ["párr. 3", "第3段", "3항", "abs. 3", "alinea 3", "Akapit 3", "odst. 3", "第3段落"],
)
def test_a_paragraph_field_reads_the_words_of_other_languages_003_1(written: str) -> None:
    assert parse_paragraphs(written) == (3, ())


@pytest.mark.parametrize(
    "marker",
    [
        "(D1, Abt. 2)",  # a word no table knows: the source still cites
        "[D1, foo. 2]",
        "(D1，第2条)",
        "(D1, rubro 2)",
    ],
)
def test_an_unknown_paragraph_word_keeps_the_source_003_1(marker: str) -> None:
    """C1d: a place after a source id in words the grammar does not know never loses the
    whole citation: the id cites, without a paragraph."""
    assert cited(f"{QUOTE} {marker}.") == ("D1", None)


@pytest.mark.parametrize(
    "markdown",
    [
        f"{QUOTE} (Q3 results 2024).",  # no separator, no abbreviation: prose
        f"{QUOTE} (see p. 2024 onwards).",
    ],
)
def test_prose_after_a_quote_is_no_source_003_1(markdown: str) -> None:
    assert parse_response(Response(format="markdown", text=markdown)).quotes[0].cited_ref is None


@pytest.mark.parametrize(
    "label", sorted({word for words in SOURCE_LABEL_WORDS.values() for word in words} - {"cite"})
)
@pytest.mark.parametrize("marker", ["({}: W3)", "[{}: W3 ¶2]", "（{}：W3）", "({} W3)"])
def test_a_source_label_of_any_language_before_the_id_003_1(marker: str, label: str) -> None:
    """C1f: "(Fuente: W3)", "（来源：W3）", "(source W3)": a label of any language of
    ``SOURCE_LABEL_WORDS`` before the id, with or without its colon."""
    written = marker.format(label[0].upper() + label[1:])
    assert cited(f"{QUOTE} {written}.")[0] == "W3"
