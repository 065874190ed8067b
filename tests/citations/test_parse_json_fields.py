"""Parsing JSON responses (003.1): field names spelled differently, wrappers a model adds,
pseudo-JSON, fields written twice, citation objects, bounded repair, where a quote sits."""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from hypothesis import given
from hypothesis import strategies as st

from citations.engine import QuoteFields, Response
from citations.engine.reading.parse import parse_response

from .json_helpers import BODY, DRAFT, parse

SHARED = settings.SHARED_DIR / "data"  # VERBATIM_SHARED_DIR, else ../shared


@pytest.mark.parametrize(
    ("obj", "read_as"),
    [
        pytest.param(
            {"Quote": "Erstes Zitat.", "Source": "D2", "Paragraph": "¶3"},
            "'Quote' as 'quote', 'Source' as 'source', 'Paragraph' as 'paragraph'",
            id="capitalised",
        ),
        pytest.param(
            {"QUOTE": "Erstes Zitat.", "src": "D2", "PARA_GRAPH": 3},
            "'QUOTE' as 'quote', 'PARA_GRAPH' as 'paragraph'",
            id="upper-and-separators",
        ),
    ],
)
def test_a_field_spelled_differently_is_read_and_noted_003_1(obj: dict, read_as: str) -> None:
    """Models change the case and separators of field names (red-team: 'Quote', 'SOURCE';
    every quote was skipped, and a citation of an ineligible source in 'Source' unread)."""
    fields = (QuoteFields(path="$.q[*]", text="quote", source="source", paragraph="paragraph"),)
    parsed = parse(json.dumps({"q": [obj]}), fields)
    [quote] = parsed.quotes
    assert quote.text == "Erstes Zitat."
    assert quote.json_path == f"$.q[0].{next(iter(obj))}"
    assert quote.cited_paragraph == 3
    assert quote.cited_ref == ("D2" if "Source" in obj else None)
    assert parsed.notes == (
        f"response.quotes[0]: read {read_as} (the model spelled these fields differently)",
    )


def test_snake_case_for_a_camel_case_field_is_read_003_1() -> None:
    parsed = parse('{"topics": [{"original_quote": "Erstes Zitat."}]}')
    assert [(q.text, q.json_path) for q in parsed.quotes] == [
        ("Erstes Zitat.", "$.topics[0].original_quote")
    ]


def test_two_spellings_of_one_field_are_not_guessed_between_003_1() -> None:
    parsed = parse('{"topics": [{"OriginalQuote": "A.", "original_quote": "B."}]}')
    assert parsed.quotes == ()
    assert "no 'originalQuote' field" in parsed.notes[0]


@pytest.mark.parametrize(
    ("text", "under"),
    [
        pytest.param(f'{{"result": {BODY}}}', "$.result", id="object"),
        pytest.param(f"[{BODY}]", "$[0]", id="array"),
        pytest.param(f'{{"response": {{"data": {BODY}}}}}', "$.response.data", id="two-levels"),
    ],
)
def test_quotes_under_a_wrapper_the_model_added_are_read_and_noted_003_1(
    text: str, under: str
) -> None:
    """A model that wraps its answer ({"result": {…}}) moves every quote away from the
    bundle's path (red-team: none was checked)."""
    parsed = parse(text)
    assert [q.json_path for q in parsed.quotes] == [
        f"{under}.topics[0].originalQuote",
        f"{under}.topics[1].originalQuote",
    ]
    assert parsed.notes == (
        f"response.quotes[0].path: $.topics[*] selects nothing at the root; read under "
        f"{under}, which wraps the answer",
    )


@pytest.mark.parametrize(
    "text",
    [
        pytest.param('{"status": "ok", "result": ' + BODY + "}", id="two-members"),
        pytest.param('{"a": {"b": {"c": ' + BODY + "}}}", id="too-deep"),
        pytest.param('{"topics": []}', id="no-quotes"),
    ],
)
def test_only_a_single_member_wrapper_is_looked_into_003_1(text: str) -> None:
    parsed = parse(text)
    assert parsed.quotes == ()
    assert parsed.notes == ("response.quotes[0].path: $.topics[*] selects nothing",)


SINGLE_QUOTED = (
    "{'topics': [{'originalQuote': 'Erstes Zitat.'}, {'originalQuote': 'Zweites Zitat.'}]}"
)
BARE_KEYS = '{topics: [{originalQuote: "Erstes Zitat."}, {originalQuote: "Zweites Zitat."}]}'


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(f"Sure! Here they are: {SINGLE_QUOTED} Hope this helps.", id="python-dict"),
        pytest.param(f"Result: {BARE_KEYS}\n", id="javascript-object"),
        pytest.param(f"```json5\n// the topics\n{BARE_KEYS}\n```", id="fence-line-comment"),
        pytest.param(f"```js\n/* topics\n   found */\n{BARE_KEYS}\n```", id="fence-block-comment"),
        pytest.param(f"```python\n# topics\n{SINGLE_QUOTED}\n```", id="fence-hash-comment"),
    ],
)
def test_pseudo_json_in_prose_or_after_a_comment_is_found_003_1(text: str) -> None:
    """Models write Python dicts and JavaScript objects, in prose or in a fence that opens
    with a comment (red-team: the first bracket found was an inner array, repaired into
    something the path did not select, so no quote was checked)."""
    parsed = parse(text)
    assert [q.json_path for q in parsed.quotes] == [
        "$.topics[0].originalQuote",
        "$.topics[1].originalQuote",
    ]


@pytest.mark.parametrize(
    ("comment", "note"),
    [
        pytest.param('// the "green" rule: see [1] {', "comment removed", id="line"),
        pytest.param('/* "quoted" ] */', "comment removed", id="block"),
    ],
)
def test_a_comment_in_json_is_no_bracket_and_no_string_003_1(comment: str, note: str) -> None:
    """Brackets and quotation marks in a comment are not JSON's: read as JSON, they took the
    response for one cut off, so an object's fields could be dropped as cut."""
    fields = (QuoteFields(path="$.q[*]", text="t", source="s"),)
    text = f'{{"q": [\n  {{"t": "A.", "s": "D1"}}, {comment}\n  {{"t": "B.", "s": "D2"}}\n]}}'
    parsed = parse(text, fields)
    assert [(q.text, q.cited_ref) for q in parsed.quotes] == [("A.", "D1"), ("B.", "D2")]
    assert parsed.notes == (f"JSON repaired: {note}",)


def test_json_that_begins_the_response_and_a_later_json_the_later_is_checked_003_1() -> None:
    """A draft at the very start and the final answer after it: the last is the answer, as
    with fences and prose (red-team: a response starting with JSON was read to its first
    value, the draft, and the final answer's quotes were not checked)."""
    parsed = parse(f"{DRAFT}\n\nOn reflection, corrected:\n\n{BODY}")
    assert [q.text for q in parsed.quotes] == ["Erstes Zitat.", "Zweites Zitat."]
    assert parsed.notes == (
        "the response holds 2 JSON blocks with quotes; only the one at line 5 is checked, "
        "the quotes of the others are not",
    )


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(json.dumps(BODY), id="bare"),
        pytest.param(f"```json\n{json.dumps(BODY)}\n```", id="fenced"),
    ],
)
def test_json_encoded_twice_is_read_from_its_string_003_1(text: str) -> None:
    """A pipeline that serialised the model's JSON once more hands in a JSON string (red-team:
    an array inside it was repaired into something the path did not select)."""
    parsed = parse(text)
    assert [q.text for q in parsed.quotes] == ["Erstes Zitat.", "Zweites Zitat."]
    assert parsed.notes == ("the JSON is read from inside a JSON string (encoded twice)",)


@pytest.mark.parametrize(
    ("members", "cited_ref", "note"),
    [
        pytest.param(
            '"t": "A.", "s": "D2", "s": "D1"',
            '["D2", "D1"]',
            '\'s\' written 2 times ("D2", "D1"); the quote cites none of them',
            id="source",
        ),
        pytest.param(
            '"t": "A.", "s": "D1", "p": 5, "p": 2',
            "D1",
            "'p' written 2 times (5, 2); the last is read",
            id="paragraph",
        ),
        pytest.param(
            '"t": "B.", "s": "D1", "t": "A."',
            "D1",
            '\'t\' written 2 times ("B.", "A."); only the last is checked',
            id="text",
        ),
    ],
)
def test_a_field_written_twice_is_noted_and_two_sources_cite_none_003_1(
    members: str, cited_ref: str, note: str
) -> None:
    """json keeps the last of repeated members (red-team: '"source": "D2", "source": "D1"'
    was read as citing D1 alone, so a quote in both passed while also citing ineligible D2)."""
    fields = (QuoteFields(path="$.q[*]", text="t", source="s", paragraph="p"),)
    parsed = parse(f'{{"q": [{{{members}}}]}}', fields)
    [quote] = parsed.quotes
    assert (quote.text, quote.cited_ref) == ("A.", cited_ref)
    assert parsed.notes == (f"$.q[0]: {note}",)


def test_the_same_value_written_twice_is_no_repeat_003_1() -> None:
    fields = (QuoteFields(path="$.q[*]", text="t", source="s"),)
    parsed = parse('{"q": [{"t": "A.", "s": "D1", "s": "D1"}]}', fields)
    assert [(q.text, q.cited_ref) for q in parsed.quotes] == [("A.", "D1")]
    assert parsed.notes == ()


def test_a_paragraph_written_as_a_whole_float_is_that_paragraph_003_1() -> None:
    """Serialisers that keep every number a float write 3.0 (red-team: read as no
    paragraph, so a quote in another paragraph than the cited one was verified)."""
    fields = (QuoteFields(path="$.q[*]", text="t", paragraph="p"),)
    text = '{"q": [{"t": "A.", "p": 3.0}, {"t": "B.", "p": 2.5}]}'
    assert [q.cited_paragraph for q in parse(text, fields).quotes] == [3, None]


def test_a_renamed_source_field_names_the_source_it_holds_003_1() -> None:
    """A model that renamed "source" to "source_id" still names the quote's source there
    (red-team: read as uncited, a quote citing ineligible D2 passed on its match in D1). It
    cites only when it names a source (verification resolves ``attributed_to``)."""
    fields = (QuoteFields(path="$.q[*]", text="t", source="source"),)
    text = json.dumps(
        {
            "q": [
                {"t": "A.", "source_id": "D2"},
                {"t": "B.", "source_id": ["D1", "D2"]},
                {"t": "C.", "source_id": "D1", "sourceUrl": "https://x.example"},
                {"t": "D.", "doc": "D1"},
            ]
        }
    )
    parsed = parse(text, fields)
    assert [(q.cited_ref, q.attributed_to) for q in parsed.quotes] == [
        (None, "D2"),
        (None, "D1"),
        (None, None),
        (None, None),
    ]
    assert parsed.notes == (
        "response.quotes[0]: no 'source' field; 'source_id' cites where it names a source",
    )


@pytest.mark.parametrize(
    ("source", "named", "paragraph"),
    [
        ({"id": "S1", "para": 3}, "S1", 3),
        ({"Source_ID": "S1", "Paragraph": "¶3"}, "S1", 3),
        ({"title": "Lease 2024", "p": 2}, "Lease 2024", 2),
        ({"url": "https://x.example/a"}, "https://x.example/a", None),
        ({"page": 4}, '{"page": 4}', None),  # names no source: flagged, never searched
    ],
)
def test_a_citation_written_as_an_object_names_its_source_and_paragraph(source, named, paragraph):
    text = json.dumps({"q": [{"t": "A quote.", "s": source}]})
    fields = (QuoteFields(path="$.q[*]", text="t", source="s"),)
    (quote,) = parse(text, fields).quotes
    assert (quote.cited_ref, quote.cited_paragraph) == (named, paragraph)


# -- Issue 13: bounded work on broken JSON --------------------------------------------------


def counting(monkeypatch, owner, name: str) -> list[int]:
    """Count the calls of ``owner.name`` (the original still runs)."""
    calls: list[int] = []
    original = getattr(owner, name)

    def counted(*args, **kwargs):
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


@pytest.mark.parametrize(("items", "repaired"), [(1_000, True), (10_000, False)])
def test_broken_json_is_repaired_only_up_to_a_size(monkeypatch, items, repaired):
    """Issue 13: 1.4 MB of broken JSON grew json_repair to 16 GB. Up to 200,000 characters
    it is repaired; beyond, it is not read, with a note, and the repair never runs."""
    from citations.engine.reading import json_locate

    calls = counting(monkeypatch, json_locate.json_repair, "repair_json")
    text = '{"topics": [' + '{"originalQuote": "Ein Zitat." "x": 1}, ' * items + "]}"
    assert (len(text) < json_locate.MAX_REPAIR_CHARS) is repaired
    parsed = parse(text)
    assert bool(calls) is repaired
    if repaired:
        assert len(parsed.quotes) == items
    else:
        assert parsed.quotes == ()
        assert any("too long to repair" in note for note in parsed.notes), parsed.notes


def test_json_in_prose_is_decoded_at_a_bounded_number_of_openings(monkeypatch):
    """Issue 13: ``raw_decode`` was retried at every opening bracket of broken JSON, so the
    work grew with the square of the text; now at most 256 openings are tried per search
    (and a handful of regions decoded whole), whatever their number: 20,000 here."""
    from citations.engine.reading import json_locate

    calls = counting(monkeypatch, json_locate.DECODER, "raw_decode")
    text = 'Notes: {"a": } ' * 20_000  # one level deep: within the bundle limits
    parsed = parse(text)
    assert len(calls) < 2 * json_locate.MAX_DECODE_TRIES
    assert parsed.quotes == () and "too long to repair" in parsed.notes[0]


WORDS = st.lists(
    st.sampled_from(["The", "rent", "is", "due", "monthly,", "Miete", "租金", "(see", "below)"]),
    min_size=1,
    max_size=8,
).map(" ".join)


@given(
    quote=WORDS,
    source=st.sampled_from(["D1", "S12", "Q2"]),
    paragraph=st.integers(1, 40),
    written=st.sampled_from(
        ["{q} [{m}]", "{q}  ({m}) ", "[{m}] {q}", "[{m}]: {q}", "{q} — {s}, ¶{p}"]
    ),
    fields=st.sampled_from(
        [QuoteFields("$.q[*]", "text"), QuoteFields("$.q[*]", "text", source="source")]
    ),
)
def test_the_site_of_a_json_quote_records_where_its_text_and_copied_marker_are_issue_14(
    quote: str, source: str, paragraph: int, written: str, fields: QuoteFields
) -> None:
    """Issue 14: the reader records the quote's and the copied marker's spans in the text
    field's value, and where the source is named, for the export to write there."""
    value = written.format(q=quote, m=f"{source} ¶{paragraph}", s=source, p=paragraph)
    text = json.dumps({"q": [{"text": value, "Kilde": "D9"}]}, ensure_ascii=False)
    parsed = parse_response(Response("json", text, (fields,)))
    [quote_object] = parsed.json_layout.objects
    site = quote_object.site
    assert site is not None and site.marker is not None
    assert value[slice(*site.quote)] == parsed.quotes[0].text == quote
    assert source in value[slice(*site.marker)]
    assert site.source == ("Kilde",)
