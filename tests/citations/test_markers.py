"""Paragraph values as models write them, in a JSON paragraph field, a table's paragraph
column or a marker (003.1): the paragraph they name, and nothing where a number is text."""

from __future__ import annotations

import json

import pytest

from citations.engine import QuoteFields, Response
from citations.engine.markers import parse_paragraphs
from citations.engine.parse import parse_response

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
