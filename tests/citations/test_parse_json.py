"""Parsing JSON responses (003.1): finding the JSON, repairing it, selecting quote fields."""

from __future__ import annotations

import json

import jsonpath
import pytest
from django.conf import settings

from citations.engine import QuoteFields, QuoteForm, load_bundle
from citations.engine.json_paths import format_path
from citations.engine.reading.json_locate import locate_json
from citations.engine.reading.markers import parse_paragraph
from citations.engine.reading.parse import parse_response
from citations.engine.reading.source_names import resolve_source

from .json_helpers import BODY, DRAFT, TOPICS, parse

SHARED = settings.SHARED_DIR / "data"  # VERBATIM_SHARED_DIR, else ../shared


@pytest.mark.parametrize(
    ("wrapped", "note"),
    [
        pytest.param(BODY, None, id="bare"),
        pytest.param(f"\n\n  {BODY}\n", None, id="surrounding-whitespace"),
        pytest.param(f"```json\n{BODY}\n```", None, id="json-fence"),
        pytest.param(f"```JSON\n{BODY}\n```\n", None, id="json-fence-uppercase"),
        pytest.param(f"```\n{BODY}\n```", None, id="bare-fence"),
        pytest.param(f"~~~json\n{BODY}\n~~~", None, id="tilde-fence"),
        pytest.param(
            f"Here is the result:\n\n```json\n{BODY}\n```\nHope it helps.", None, id="fence-prose"
        ),
        pytest.param(f"Here is the result: {BODY} Hope it helps.", None, id="prose-no-fence"),
        pytest.param(f"See [1] first.\n{BODY}\nDone.", None, id="prose-with-brackets"),
        pytest.param(f"```json\n{BODY}\n", "code fence closed", id="unclosed-fence"),
        pytest.param(
            '{"topics": [{"originalQuote": "Erstes Zitat.",},\n'
            '{"originalQuote": "Zweites Zitat."},]}',
            "2 trailing commas removed",
            id="trailing-commas",
        ),
        pytest.param(
            '```json\n{"topics": [{"originalQuote": "Erstes Zitat."}, '
            '{"originalQuote": "Zweites Zitat."}',
            "code fence closed; 2 unclosed brackets closed",
            id="truncated-unclosed",
        ),
        pytest.param(
            '{"topics": [{"originalQuote": "Erstes Zitat."}, {"originalQuote": "Zweites Zitat.',
            "unterminated string closed; 3 unclosed brackets closed",
            id="truncated-in-string",
        ),
        pytest.param(
            "{'topics': [{'originalQuote': 'Erstes Zitat.'}, {'originalQuote': 'Zweites Zitat.'}]}",
            "json.loads: Expecting property name enclosed in double quotes at line 1 column 2;"
            " fixed by json_repair",
            id="single-quoted",
        ),
    ],
)
def test_json_found_wherever_it_sits_003_1(wrapped: str, note: str | None) -> None:
    """003.1: JSON as the whole response, in a fence, with prose around it, or slightly broken."""
    parsed = parse(wrapped)
    assert [q.text for q in parsed.quotes] == ["Erstes Zitat.", "Zweites Zitat."]
    assert [q.n for q in parsed.quotes] == [1, 2]
    assert [q.json_path for q in parsed.quotes] == [
        "$.topics[0].originalQuote",
        "$.topics[1].originalQuote",
    ]
    assert all(q.form is QuoteForm.FIELD for q in parsed.quotes)
    if note is None:
        assert parsed.notes == ()
    else:
        assert parsed.notes[0] == f"JSON repaired: {note}"


@pytest.mark.parametrize(
    "text",
    ["", "No JSON here at all.", "```\nplain code\n```", "{", "[1, 2, 3]", '"just a string"'],
)
def test_json_unreadable_gives_no_quotes_and_a_note_003_1(text: str) -> None:
    parsed = parse(text)
    assert parsed.quotes == ()
    assert parsed.notes


def test_json_source_paragraph_url_fields_003_1() -> None:
    fields = (QuoteFields(path="$.q[*]", text="t", source="s", paragraph="p", url="u"),)
    text = json.dumps(
        {
            "q": [
                {"t": "A.", "s": "GRÜNE 2022, S. 58", "p": "¶3", "u": "https://x.example/a"},
                {"t": "B.", "s": "  S1 ", "p": 4},
                {"t": "C.", "s": None, "p": "three", "u": ""},
                {"t": "D.", "s": 7, "p": "S. 12"},  # a page: no paragraph
            ]
        }
    )
    quotes = parse(text, fields).quotes
    assert [(q.cited_ref, q.cited_paragraph) for q in quotes] == [
        ("GRÜNE 2022, S. 58", 3),
        ("S1", 4),
        (None, None),
        ("7", None),
    ]


CITED = (QuoteFields(path="$.q[*]", text="t", source="s", paragraph="p"),)


@pytest.mark.parametrize(
    ("obj", "expected"),
    [
        ({"t": "The rent is due. [D1 ¶2]"}, ("The rent is due.", "D1", 2)),
        ({"t": "The rent is due (D1 ¶2) "}, ("The rent is due", "D1", 2)),
        ({"t": "The rent is due. [D1 ¶2] [D2]"}, ("The rent is due.", "D1", 2)),
        ({"t": "Die Miete ist fällig. [Quelle: D1, Abs. 2]"}, ("Die Miete ist fällig.", "D1", 2)),
        ({"t": "The rent is due. [D1 ¶2]", "s": "D1"}, ("The rent is due.", "D1", 2)),
        ({"t": "The rent is due. [D1 ¶2]", "s": "D1", "p": 4}, ("The rent is due.", "D1", 4)),
        ({"t": "The rent is due. [D1 ¶2]", "s": "E1"}, ("The rent is due.", "E1", None)),
        ({"t": "as agreed (§ 5 Abs. 2)"}, ("as agreed (§ 5 Abs. 2)", None, None)),
        ({"t": "as agreed (see below)"}, ("as agreed (see below)", None, None)),
        ({"t": "[D1 ¶2]"}, ("[D1 ¶2]", None, None)),
        ({"t": "The rent [D1 ¶2] is due."}, ("The rent [D1 ¶2] is due.", None, None)),
        ({"t": "[D2 ¶1] The rent is due."}, ("The rent is due.", "D2", 1)),
        ({"t": "(D2, ¶1): The rent is due."}, ("The rent is due.", "D2", 1)),
        ({"t": "[D2] The rent is due.", "s": "D1"}, ("The rent is due.", "D1", None)),
        ({"t": "[T]he rent is due."}, ("[T]he rent is due.", None, None)),
        ({"t": "[cite_start]The rent is due."}, ("[cite_start]The rent is due.", None, None)),
        ({"t": "The rent is due. — D2, ¶1"}, ("The rent is due.", "D2", 1)),
        ({"t": "The rent is due. Source: D2"}, ("The rent is due.", "D2", None)),
        ({"t": "The rent is due - see D2"}, ("The rent is due", "D2", None)),
        ({"t": "The rent — Schedule Two"}, ("The rent — Schedule Two", None, None)),
        ({"t": "Paper size - A4 landscape"}, ("Paper size - A4 landscape", None, None)),
    ],
)
def test_a_marker_copied_into_the_quote_field_is_its_citation_not_its_text_003_1(
    obj: dict, expected: tuple
) -> None:
    """003.1: "quote": "… [D1 ¶2]": the marker at the end (or the start: red-team "[D2 ¶1] …"
    was unverified, never read as citing an ineligible source) is no quote text; it cites
    when the source field does not, and where the field names another source the field
    cites (the first citation counts, as in markdown). A name after a dash may be quote
    text, so it stays."""
    (quote,) = parse(json.dumps({"q": [obj]}), CITED).quotes
    assert (quote.text, quote.cited_ref, quote.cited_paragraph) == expected


TRUNCATED = json.dumps(
    {
        "q": [
            {"s": "D1", "p": 2, "t": "The tenant shall pay the rent monthly."},
            {"t": "The landlord maintains the roof.", "s": "D2", "p": 3},
        ]
    }
)


@pytest.mark.parametrize(
    ("cut_before", "prefix", "last", "note"),
    [
        pytest.param('"D2"', "", None, "'s' field is complete", id="source-not-reached"),
        pytest.param('2", "p"', "", None, "'s' field is complete", id="source-cut"),
        pytest.param("oof.", "", None, "'s' field is complete", id="quote-first-quote-cut"),
        pytest.param(', "p": 3', "", ("The landlord maintains the roof.", "D2", None), None),
        pytest.param(
            "3}", "Here it is:\n\n", ("The landlord maintains the roof.", "D2", None), None
        ),
    ],
)
def test_truncated_json_keeps_every_complete_object_003_1(
    cut_before: str, prefix: str, last: tuple | None, note: str | None
) -> None:
    """003.1, ADR-4: a response cut off inside its last object (a model at its token limit):
    every complete object is a quote, prose before the JSON or not; the last one only when
    its source field is complete (else it would be searched everywhere), with a note."""
    text = prefix + TRUNCATED[: TRUNCATED.rindex(cut_before)]
    parsed = parse(text, CITED)
    got = [(q.text, q.cited_ref, q.cited_paragraph) for q in parsed.quotes]
    assert got[0] == ("The tenant shall pay the rent monthly.", "D1", 2)
    assert got[1:] == ([last] if last else [])
    if note:
        assert any(note in n for n in parsed.notes)


def test_a_quote_cut_off_mid_word_after_its_citation_is_kept_003_1() -> None:
    """003.1: source and paragraph come first, the response ends inside the quote: the quote
    is checked as far as it goes, and a note says it was cut off."""
    text = '```json\n{"q": [{"s": "D1", "p": 2, "t": "The tenant shall pay the re'
    parsed = parse(text, CITED)
    assert [(q.text, q.cited_ref, q.cited_paragraph) for q in parsed.quotes] == [
        ("The tenant shall pay the re", "D1", 2)
    ]
    assert any("ends inside the quote" in note for note in parsed.notes)


@pytest.mark.parametrize(
    ("value", "number"),
    [
        (3, 3),
        ("3", 3),
        ("¶3", 3),
        ("¶ 3", 3),
        ("S. 3", None),  # a page is no paragraph
        ("p. 3", None),
        ("para 3", 3),
        ("§ 3", 3),
        ("3-4", 3),
        (0, None),
        (-1, None),
        ("0", None),
        ("", None),
        ("three", None),
        ("3a", None),
        (True, None),
        (3.0, None),
        (None, None),
        ([3], 3),
        ([], None),
        ({"n": 3}, None),
    ],
)
def test_paragraph_field_forms_003_1(value: object, number: int | None) -> None:
    assert parse_paragraph(value) == number


@pytest.mark.parametrize(
    ("obj", "note"),
    [
        ({"other": "x"}, "no 'originalQuote' field"),
        ({"originalQuote": ""}, "not a non-empty string"),
        ({"originalQuote": "   "}, "not a non-empty string"),
        ({"originalQuote": 42}, "not a non-empty string"),
        ({"originalQuote": None}, "not a non-empty string"),
        ({"originalQuote": ["a"]}, "not a non-empty string"),
    ],
)
def test_json_object_without_usable_text_is_skipped_and_noted_003_1(obj: dict, note: str) -> None:
    text = json.dumps(
        {"topics": [{"originalQuote": "Vorher."}, obj, {"originalQuote": "Nachher."}]}
    )
    parsed = parse(text)
    assert [(q.n, q.text, q.json_path) for q in parsed.quotes] == [
        (1, "Vorher.", "$.topics[0].originalQuote"),
        (2, "Nachher.", "$.topics[2].originalQuote"),
    ]
    assert len(parsed.notes) == 1
    assert parsed.notes[0].startswith("$.topics[1]")
    assert note in parsed.notes[0]


def test_json_selected_non_object_is_skipped_and_noted_003_1() -> None:
    parsed = parse('{"topics": ["loose string", {"originalQuote": "Echt."}]}')
    assert [q.text for q in parsed.quotes] == ["Echt."]
    assert parsed.notes == ("$.topics[0]: selected a string, not an object; skipped",)


def test_json_invalid_path_is_noted_not_raised_003_1() -> None:
    fields = (QuoteFields(path="$.topics[", text="originalQuote"), *TOPICS)
    parsed = parse(BODY, fields)
    assert len(parsed.quotes) == 2
    assert parsed.notes[0].startswith("response.quotes[0].path: not valid JSONPath")


def test_json_several_entries_number_quotes_in_document_order_003_1() -> None:
    """Two entries selecting interleaved objects: numbered by position in the document."""
    text = json.dumps(
        {
            "b": [{"x": "B0"}],
            "a": [{"y": "A0"}, {"y": "A1"}],
            "c": {"x": "C"},
        }
    )
    fields = (
        QuoteFields(path="$.a[*]", text="y"),
        QuoteFields(path="$.b[*]", text="x"),
        QuoteFields(path="$.c", text="x"),
    )
    quotes = parse(text, fields).quotes
    assert [(q.n, q.text, q.json_path) for q in quotes] == [
        (1, "B0", "$.b[0].x"),
        (2, "A0", "$.a[0].y"),
        (3, "A1", "$.a[1].y"),
        (4, "C", "$.c.x"),
    ]


def test_json_same_object_selected_twice_is_one_quote_003_1() -> None:
    fields = (*TOPICS, QuoteFields(path="$..topics[*]", text="originalQuote"))
    assert len(parse(BODY, fields).quotes) == 2


def test_json_duplicate_text_is_two_quotes_003_8() -> None:
    """003.8: the same text quoted twice is two quotes with their own paths."""
    text = json.dumps({"topics": [{"originalQuote": "Gleich."}, {"originalQuote": "Gleich."}]})
    quotes = parse(text).quotes
    assert [(q.n, q.json_path) for q in quotes] == [
        (1, "$.topics[0].originalQuote"),
        (2, "$.topics[1].originalQuote"),
    ]


@pytest.mark.parametrize(
    "key",
    [
        "plain",
        "with space",
        "it's",
        'quo"te',
        "back\\slash",
        "Zitat_für",
        "1abc",
        "",
        "a\nb",
        "tab\there",
    ],
)
def test_concrete_path_evaluates_back_to_the_value_003_1(key: str) -> None:
    """The reported json_path is a JSONPath that selects exactly the quoted value."""
    data = {"outer": [{key: "value"}]}
    path = format_path(("outer", 0, key))
    assert jsonpath.findall(path, data) == ["value"]


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(
            'Use the form {"originalQuote": "example"} for each topic.\n\n' + BODY,
            id="example-object-in-prose-first",
        ),
        pytest.param(
            '```json\n{"type": "object"}\n```\n\nAnswer:\n\n```json\n' + BODY + "\n```",
            id="schema-fence-first",
        ),
        pytest.param(
            'Schema: {"type": "object"} and the answer ' + BODY + " done",
            id="two-objects-in-prose",
        ),
    ],
)
def test_json_holding_the_quotes_wins_over_other_json_003_1(text: str) -> None:
    """An example object or schema before the answer is not taken for the answer."""
    parsed = parse(text)
    assert [q.text for q in parsed.quotes] == ["Erstes Zitat.", "Zweites Zitat."]
    assert parsed.notes == ()


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(f"Draft:\n```json\n{DRAFT}\n```\nFinal:\n```json\n{BODY}\n```\n", id="fences"),
        pytest.param(f"Draft:\n\n{DRAFT}\n\nFinal: see below.\n\n{BODY}\n", id="prose"),
    ],
)
def test_of_two_json_blocks_with_quotes_the_last_is_checked_and_the_other_noted_003_1(
    text: str,
) -> None:
    """A draft and then the final answer: the final one is the answer; the draft's quotes
    are not checked, and a note says so (red-team: the draft was checked, silently)."""
    parsed = parse(text)
    assert [q.text for q in parsed.quotes] == ["Erstes Zitat.", "Zweites Zitat."]
    assert parsed.notes == (
        "the response holds 2 JSON blocks with quotes; only the one at line 7 is checked, "
        "the quotes of the others are not",
    )


@pytest.mark.parametrize(
    ("topics", "note", "summary"),
    [
        pytest.param(
            '[{"quote": "Erstes Zitat.", "topic": "a"}, {"quote": "Zweites Zitat."}]',
            "$.topics[0]: no 'originalQuote' field; skipped",
            "no quote in the 2 objects $.topics[*] selects, none has a non-empty string in a "
            "'originalQuote' field (fields there: quote, topic)",
            id="field-renamed",
        ),
        pytest.param(
            '[{"originalQuote": ["Erstes Zitat.", "Zweites Zitat."]}]',
            "$.topics[0].originalQuote: an array, not a non-empty string; skipped",
            "no quote in the object $.topics[*] selects, none has a non-empty string in a "
            "'originalQuote' field (fields there: originalQuote)",
            id="list-of-quotes",
        ),
    ],
)
def test_objects_that_give_no_quote_are_reported_as_unchecked_003_1(
    topics: str, note: str, summary: str
) -> None:
    """A model that renamed the text field (or wrote a list in it) gives no quote; the notes
    say that nothing of it was checked, so zero quotes never reads as nothing to check."""
    parsed = parse(f'{{"topics": {topics}}}')
    assert parsed.quotes == ()
    assert note in parsed.notes
    assert parsed.notes[-1] == f"response.quotes[0]: {summary}; nothing of theirs is checked"


def test_an_entry_that_gives_some_quotes_gets_no_summary_note_003_1() -> None:
    parsed = parse('{"topics": [{"originalQuote": "Erstes Zitat."}, {"quote": "x"}]}')
    assert [q.text for q in parsed.quotes] == ["Erstes Zitat."]
    assert parsed.notes == ("$.topics[1]: no 'originalQuote' field; skipped",)


UNESCAPED = (
    '{"topics": [{"originalQuote": "Das „grüne" Prinzip gilt.", "q": "D2"}, '
    '{"originalQuote": "Zweites Zitat.", "q": "D1"}]}'
)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(UNESCAPED, id="bare"),
        pytest.param(f"Antwort:\n```json\n{UNESCAPED}\n```\nEnde.", id="fenced"),
        pytest.param(UNESCAPED.replace('"q": "D2"}', '"q": "D2", "p": 3}'), id="field-after"),
    ],
)
def test_an_unescaped_quotation_mark_in_a_quote_is_no_cut_off_response_003_1(text: str) -> None:
    """A German opening mark closed by a straight one leaves an odd count of straight marks;
    the JSON still ends with its brackets, so it was not cut off at a token limit: every
    field is read (red-team: the note said the response ended inside the quote)."""
    fields = (QuoteFields(path="$.topics[*]", text="originalQuote", source="q", paragraph="p"),)
    parsed = parse(text, fields)
    assert [(q.text, q.cited_ref) for q in parsed.quotes] == [
        ('Das „grüne" Prinzip gilt.', "D2"),
        ("Zweites Zitat.", "D1"),
    ]
    assert not any("ends" in note for note in parsed.notes)
    assert parsed.notes[0].startswith("JSON repaired: ")


@pytest.mark.parametrize(
    "text",
    [
        '{"topics": [{"originalQuote": "Eins.", "q": "D1"}, {"originalQuote": "Zwei. [cite: 12]',
        '[{"originalQuote": "Eins.", "q": "D1"}, {"originalQuote": "Zwei. [cite: 12]',
    ],
)
def test_a_response_cut_off_after_a_bracket_is_still_cut_off_003_1(text: str) -> None:
    """A quote cut off right after "[cite: 12]" ends in a bracket, but not in those that
    close its object and the root: the cut object's source was never reached, so it is not
    checked, as any object cut before its source field."""
    path = "$.topics[*]" if text.startswith("{") else "$[*]"
    parsed = parse(text, (QuoteFields(path=path, text="originalQuote", source="q"),))
    assert [q.text for q in parsed.quotes] == ["Eins."]
    assert parsed.notes[-1].endswith("field is complete; its quote is not checked")


def test_locate_json_region_is_the_json_text() -> None:
    text = f"Intro\n```json\n{BODY}\n```\nOutro"
    located = locate_json(text)
    assert text[located.start : located.end] == BODY


@pytest.mark.parametrize(
    ("scenario", "count"),
    [("adr_source_binding", 5), ("evidence_extraction_ko", 5)],
)
def test_scenario_json_quotes_numbered_as_expected_003_1(scenario: str, count: int) -> None:
    bundle = load_bundle((SHARED / "scenarios" / f"{scenario}.json").read_text())
    expected = json.loads((SHARED / "scenarios" / f"{scenario}.expected.json").read_text())
    parsed = parse_response(bundle.response)
    assert [q.n for q in parsed.quotes] == [q["n"] for q in expected["quotes"]]
    assert len(parsed.quotes) == count
    assert parsed.notes == ()


def test_adr_scenario_reads_the_source_field_003_1() -> None:
    bundle = load_bundle((SHARED / "scenarios" / "adr_source_binding.json").read_text())
    second = parse_response(bundle.response).quotes[1]
    assert second.json_path == "$.wahlprogramm_scores[0].wahlprogramm.zitate[1].text"
    assert second.cited_ref == "GRÜNE NRW Wahlprogramm 2022, S. 58"
    assert resolve_source(bundle.turn, second.cited_ref).id == "Q1"


def test_dev_set_quote_counts_match_labels_003_1() -> None:
    """Every real model answer in the dev set parses to exactly its labelled quotes."""
    bundles = sorted(
        p for p in (SHARED / "dev" / "verbote").glob("*.json") if ".expected" not in p.name
    )
    assert len(bundles) == 47
    for path in bundles:
        parsed = parse_response(load_bundle(path.read_text()).response)
        expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
        assert len(parsed.quotes) == len(expected["quotes"]), path.name
        assert parsed.notes == (), path.name
