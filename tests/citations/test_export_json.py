"""Exporting JSON responses with corrections applied (003.9, ADR-1), from hand-built
reports: same structure and layout, corrected values, sources named as the model named them.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from citations.engine import (
    FLAGGED_STATUSES,
    CorrectedCitation,
    QuoteFields,
    QuoteResult,
    Reason,
    Report,
    load_bundle,
    parse_response,
    verify_bundle,
)
from citations.engine.reading.source_names import resolve_source
from citations.engine.writing.export import export_response, source_reference

from .export_helpers import (
    CORRECTED,
    INELIGIBLE,
    SHARED,
    TURN,
    UNVERIFIED,
    VERIFIED,
    Outcome,
    V,
    bundle_of,
    export,
)

JSON_TEXT = """{
  "topics": [
    {"quote": "One.", "source": "S1", "paragraph": 1, "url": "https://model.example/1"},
    {"quote": "Invented.", "source": "S1", "paragraph": "¶2", "url": "https://model.example/2"},
    {"quote": "Alfa.", "source": "Policy p1", "paragraph": "S. 2", "url": "https://model.example/3"},
    {"quote": "Delta.", "source": "Plan", "paragraph": null}
  ],
  "summary": "kept"
}"""
FIELDS = (
    QuoteFields(
        path="$.topics[*]", text="quote", source="source", paragraph="paragraph", url="url"
    ),
)


def json_export(text: str, outcomes: list[Outcome], *, drop=(), fields=FIELDS) -> object:
    return export(text, outcomes, fmt="json", drop=drop, fields=fields)


def test_json_export_rebuilds_text_source_paragraph_url_adr_1_003_9() -> None:
    """ADR-1 / 003.9: corrected values in the same structure; the source named the way the
    model named it (id, label, title), the URL taken from the source that holds the text."""
    out = json_export(
        JSON_TEXT,
        [VERIFIED, UNVERIFIED, ("Alpha.", "S2", 1), ("Delta.", "S4", 1)],
        drop=(UNVERIFIED,),
    )
    data = json.loads(out)
    assert data == {
        "topics": [
            {"quote": "One.", "source": "S1", "paragraph": 1, "url": "https://model.example/1"},
            {
                "quote": "Alpha.",
                "source": "Plan, S. 61",
                "paragraph": "S. 1",
                "url": "https://x.example/plan#61",
            },
            # "Plan" is a title, S4 has none: named by its id; a null paragraph becomes a number.
            {"quote": "Delta.", "source": "S4", "paragraph": 1},
        ],
        "summary": "kept",
    }
    assert [list(t) for t in data["topics"]] == [
        ["quote", "source", "paragraph", "url"],
        ["quote", "source", "paragraph", "url"],
        ["quote", "source", "paragraph"],
    ]
    assert list(data) == ["topics", "summary"]


def test_json_export_verified_quote_gets_source_and_url_from_its_source_adr_1() -> None:
    """ADR-1: even a verified quote's source name and URL come from the source, not the model
    (same source, canonical label, the source's real URL); text and paragraph stay."""
    text = json.dumps(
        {"q": [{"t": "Alpha.", "s": " plan, s. 61", "p": 7, "u": "https://made-up.example/"}]}
    )
    fields = (QuoteFields(path="$.q[*]", text="t", source="s", paragraph="p", url="u"),)
    out = json.loads(json_export(text, [VERIFIED], fields=fields))
    assert out == {
        "q": [{"t": "Alpha.", "s": "Plan, S. 61", "p": 7, "u": "https://x.example/plan#61"}]
    }


def test_json_export_verified_quote_of_a_source_without_url_keeps_the_model_s_url_adr_1() -> None:
    text = json.dumps({"q": [{"t": "Delta.", "s": "S4", "u": "https://model.example/"}]})
    fields = (QuoteFields(path="$.q[*]", text="t", source="s", url="u"),)
    assert json.loads(json_export(text, [VERIFIED], fields=fields)) == json.loads(text)


def test_json_export_flags_what_it_keeps_003_9() -> None:
    out = json.loads(json_export(JSON_TEXT, [VERIFIED, UNVERIFIED, INELIGIBLE, VERIFIED]))
    assert [t.get("verbatim_status") for t in out["topics"]] == [
        None,
        "unverified",
        "ineligible",
        None,
    ]
    assert list(out["topics"][1])[-1] == "verbatim_status"


def test_json_export_drops_several_from_one_array_003_9() -> None:
    out = json.loads(
        json_export(
            JSON_TEXT, [UNVERIFIED, VERIFIED, INELIGIBLE, UNVERIFIED], drop=(UNVERIFIED, INELIGIBLE)
        )
    )
    assert [t["quote"] for t in out["topics"]] == ["Invented."]


@pytest.mark.parametrize(
    ("text", "path", "expected"),
    [
        pytest.param(
            '{"t": "Wrong."}', "$", {"t": "Wrong.", "verbatim_status": "unverified"}, id="root"
        ),
        pytest.param('{"a": {"t": "Wrong."}, "b": 1}', "$.a", {"b": 1}, id="member"),
        pytest.param('[{"t": "Wrong."}, {"t": "x"}]', "$[0]", [{"t": "x"}], id="root-array-item"),
    ],
)
def test_json_export_drops_objects_wherever_they_are_003_9(
    text: str, path: str, expected: object
) -> None:
    """A dropped object leaves its array or object; the root object cannot go, so it is
    flagged instead."""
    fields = (QuoteFields(path=path, text="t"),)
    out = json_export(text, [UNVERIFIED], drop=(UNVERIFIED,), fields=fields)
    assert json.loads(out) == expected


@pytest.mark.parametrize(
    ("old", "new"),
    [(3, 1), ("3", "1"), ("¶3", "¶1"), ("S. 3", "S. 1"), ("p. 3-4", "p. 1"), (None, 1), ("", 1)],
)
def test_json_export_writes_paragraph_in_the_model_s_format_003_9(old: object, new: object) -> None:
    text = json.dumps({"q": [{"t": "Wrong.", "p": old}]})
    fields = (QuoteFields(path="$.q[*]", text="t", paragraph="p"),)
    out = json.loads(json_export(text, [("One.", "S1", 1)], fields=fields))
    assert out == {"q": [{"t": "One.", "p": new}]}


def test_json_export_does_not_add_fields_the_object_lacks_adr_1() -> None:
    text = json.dumps({"q": [{"t": "Wrong."}]})
    fields = (QuoteFields(path="$.q[*]", text="t", source="s", paragraph="p", url="u"),)
    out = json.loads(json_export(text, [("Alpha.", "S2", 1)], fields=fields))
    assert out == {"q": [{"t": "Alpha."}]}


@pytest.mark.parametrize(
    ("cited", "cited_source", "target", "url"),
    [
        pytest.param("S1", "S1", "S2", "https://x.example/plan#61", id="target-url"),
        pytest.param("S1", "S1", "S4", "", id="other-source-without-url-blanks-it"),
        pytest.param(
            "S4", "S4", "S4", "https://model.example/", id="same-source-without-url-keeps-it"
        ),
    ],
)
def test_json_export_url_from_the_matching_source_adr_1(
    cited: str, cited_source: str, target: str, url: str
) -> None:
    text = json.dumps({"q": [{"t": "Wrong.", "s": cited, "u": "https://model.example/"}]})
    fields = (QuoteFields(path="$.q[*]", text="t", source="s", url="u"),)
    out = json.loads(json_export(text, [("Text.", target, 1)], fields=fields))
    assert out["q"][0]["u"] == url
    assert out["q"][0]["s"] == target


@pytest.mark.parametrize(
    ("written", "target", "name"),
    [
        pytest.param("S1", "S2", "S2", id="id-gives-id"),
        pytest.param("s1", "S2", "S2", id="id-in-another-case-gives-id"),
        pytest.param(" policy P1 ", "S2", "Plan, S. 61", id="label-gives-label"),
        pytest.param("Policy", "S4", "S4", id="title-missing-falls-back-to-id"),
        pytest.param("Policy", "S1", "Policy", id="title-gives-title"),
        pytest.param("Policy", "S2", "Plan, S. 61", id="shared-title-falls-back-to-label"),
        pytest.param("Made-up Source", "S3", "Plan, S. 62", id="unknown-gives-label"),
        pytest.param(None, "S3", "S3", id="none-gives-id"),
    ],
)
def test_source_reference_uses_the_model_s_kind_of_name_adr_1(
    written: str | None, target: str, name: str
) -> None:
    """ADR-1: the rebuilt name always resolves to the source that really holds the text."""
    assert source_reference(TURN, TURN.source(target), written) == name
    assert resolve_source(TURN, name).id == target


@pytest.mark.parametrize(
    ("wrapped", "expected"),
    [
        pytest.param('{"q": [{"t": "Wrong."}]}', '{"q": [{"t": "One."}]}', id="compact"),
        pytest.param(
            '{\n    "q": [\n        {\n            "t": "Wrong."\n        }\n    ]\n}',
            '{\n    "q": [\n        {\n            "t": "One."\n        }\n    ]\n}',
            id="indent-4",
        ),
        pytest.param(
            '{\n\t"q": [\n\t\t{\n\t\t\t"t": "Wrong."\n\t\t}\n\t]\n}',
            '{\n\t"q": [\n\t\t{\n\t\t\t"t": "One."\n\t\t}\n\t]\n}',
            id="tabs",
        ),
        pytest.param(
            'Here you go:\n\n```json\n{"q": [{"t": "Wrong."}]}\n```\n\nAnything else?',
            'Here you go:\n\n```json\n{"q": [{"t": "One."}]}\n```\n\nAnything else?',
            id="fence-and-prose-kept",
        ),
        pytest.param(
            'Result: {"q": [{"t": "Wrong."}]} (done)',
            'Result: {"q": [{"t": "One."}]} (done)',
            id="prose-kept",
        ),
        pytest.param(
            '```json\n{"q": [{"t": "Wrong.",},]}\n',
            '```json\n{"q": [{"t": "One."}]}\n```\n',
            id="repaired-and-fence-closed",
        ),
        pytest.param('{"q": [{"t": "Grüße – 東京"}]}', '{"q": [{"t": "One."}]}', id="unicode"),
        pytest.param(
            'Each item looks like {"t": "example"}.\n{"q": [{"t": "Wrong."}]}',
            'Each item looks like {"t": "example"}.\n{"q": [{"t": "One."}]}',
            id="example-in-prose-untouched",
        ),
    ],
)
def test_json_export_keeps_what_is_around_and_the_layout_003_9(wrapped: str, expected: str) -> None:
    fields = (QuoteFields(path="$.q[*]", text="t"),)
    assert json_export(wrapped, [("One.", "S1", 1)], fields=fields) == expected


def test_json_export_of_unreadable_json_is_the_response_unchanged_003_9() -> None:
    text = "Sorry, I cannot answer that."
    bundle = bundle_of(text, fmt="json", fields=FIELDS)
    layout = parse_response(bundle.response).json_layout
    report = Report(bundle="b", engine="test", results=(), json_layout=layout)
    assert export_response(bundle, report) == text


def test_json_export_all_verified_is_byte_identical_on_the_dev_set_003_9() -> None:
    """Same structure, same key order, same layout: nothing to correct changes nothing."""
    paths = sorted(
        p for p in (SHARED / "dev" / "verbote").glob("*.json") if ".expected" not in p.name
    )
    for path in paths:
        bundle = load_bundle(path.read_text())
        parsed = parse_response(bundle.response)
        results = tuple(
            QuoteResult(q, "M", VERIFIED, Reason.FOUND_AS_CITED, None, None) for q in parsed.quotes
        )
        report = Report(
            bundle=bundle.id, engine="test", results=results, json_layout=parsed.json_layout
        )
        assert export_response(bundle, report) == bundle.response.text, path.name


def test_adr_scenario_export_by_hand_adr_1_003_9() -> None:
    """Seed 001 (ADR-1): labels and URLs rebuilt from the chunk that really holds the snippet;
    the invented quote and the one that changes the claim ("oberste Priorität") are dropped
    because the bundle drops unverified quotes."""
    bundle = load_bundle((SHARED / "scenarios" / "adr_source_binding.json").read_text())
    expected = json.loads((SHARED / "scenarios" / "adr_source_binding.expected.json").read_text())
    parsed = parse_response(bundle.response)
    results = []
    for quote, wanted in zip(parsed.quotes, expected["quotes"], strict=True):
        corrected = CorrectedCitation(**wanted["corrected"]) if wanted["corrected"] else None
        results.append(
            QuoteResult(quote, None, V(wanted["status"]), Reason(wanted["reason"]), None, corrected)
        )
    report = Report(bundle.id, "test", tuple(results), json_layout=parsed.json_layout)
    out = export_response(bundle, report)
    assert out.startswith("```json\n") and out.endswith("\n```")
    data = json.loads(out.removeprefix("```json\n").removesuffix("\n```"))
    quotes_out = [z for s in data["wahlprogramm_scores"] for z in s["wahlprogramm"]["zitate"]]
    assert [(z["quelle"], z["url"].rsplit("=", 1)[1]) for z in quotes_out] == [
        ("GRÜNE NRW Wahlprogramm 2022, S. 58", "58"),
        ("GRÜNE NRW Wahlprogramm 2022, S. 61", "61"),
        ("CDU NRW Wahlprogramm 2022, S. 12", "12"),
    ]
    assert "Priorität" not in out
    assert "Schiene" not in out
    assert list(data) == ["antrag", "wahlprogramm_scores"]
    assert all(list(z) == ["text", "quelle", "url"] for z in quotes_out)


ENCODED_ONCE = json.dumps({"q": [{"t": "Wrong.", "s": "S1"}]}, indent=2)
EXPORTED_ONCE = json.dumps({"q": [{"t": "One.", "s": "S1"}]}, indent=2)


@pytest.mark.parametrize(
    ("wrapped", "expected"),
    [
        pytest.param(json.dumps(ENCODED_ONCE), json.dumps(EXPORTED_ONCE), id="bare"),
        pytest.param(
            f"Here:\n```json\n{json.dumps(ENCODED_ONCE)}\n```\n",
            f"Here:\n```json\n{json.dumps(EXPORTED_ONCE)}\n```\n",
            id="fenced",
        ),
    ],
)
def test_json_encoded_twice_is_exported_encoded_twice_003_9(wrapped: str, expected: str) -> None:
    """A pipeline that serialised the model's JSON once more gets back what it sent: a JSON
    string holding the JSON, with the JSON's own layout (parse_json reads it from inside)."""
    fields = (QuoteFields(path="$.q[*]", text="t", source="s"),)
    assert json_export(wrapped, [("One.", "S1", 1)], fields=fields) == expected


NO_SOURCE_FIELD = (QuoteFields(path="$.q[*]", text="t"),)
SOURCE_FIELD_UNUSED = (QuoteFields(path="$.q[*]", text="t", source="s"),)


@pytest.mark.parametrize(
    ("obj", "fields", "expected", "cited"),
    [
        ({"t": "Alfa. [S1 ¶2]"}, NO_SOURCE_FIELD, {"t": "Alpha. [S2 ¶1]"}, ("S2", 1)),
        ({"t": "Alfa.  (S1, ¶2) "}, NO_SOURCE_FIELD, {"t": "Alpha.  [S2 ¶1]"}, ("S2", 1)),
        ({"t": "Alfa. — S1, ¶4"}, NO_SOURCE_FIELD, {"t": "Alpha. [S2 ¶1]"}, ("S2", 1)),
        ({"t": "[S1 ¶2]: Alfa."}, NO_SOURCE_FIELD, {"t": "[S2 ¶1]: Alpha."}, ("S2", 1)),
        # the object lacks the source field the entry names: the marker is still its citation
        ({"t": "Alfa. [S1 ¶2]"}, SOURCE_FIELD_UNUSED, {"t": "Alpha. [S2 ¶1]"}, ("S2", 1)),
        # a source field carries the citation: the marker goes with the old text
        (
            {"t": "Alfa. [S1 ¶2]", "s": "S1"},
            SOURCE_FIELD_UNUSED,
            {"t": "Alpha.", "s": "S2"},
            ("S2", None),
        ),
        # nothing to keep, and no field is added
        ({"t": "Alfa."}, NO_SOURCE_FIELD, {"t": "Alpha."}, (None, None)),
    ],
)
def test_json_export_rewrites_a_marker_copied_into_the_quote_field_003_9(
    obj: dict, fields: tuple[QuoteFields, ...], expected: dict, cited: tuple
) -> None:
    """A marker copied into the quote field ("… [S1 ¶2]", "— S1, ¶4") is the quote's citation
    where no source field is: a correction rewrites it in place, as ``[SOURCE ¶N]`` as in
    markdown, and the export cites where the text really is when read again."""
    text = json.dumps({"q": [obj]}, ensure_ascii=False)
    out = json_export(text, [("Alpha.", "S2", 1)], fields=fields)
    assert json.loads(out) == {"q": [expected]}
    (quote,) = parse_response(bundle_of(out, fmt="json", fields=fields).response).quotes
    assert (quote.text, quote.cited_ref, quote.cited_paragraph) == ("Alpha.", *cited)


FIELDS_Q = (QuoteFields(path="$.q[*]", text="t", source="s", paragraph="p", url="u"),)


@given(
    st.lists(
        st.tuples(
            st.sampled_from([VERIFIED, CORRECTED, UNVERIFIED, INELIGIBLE]),
            st.sampled_from(["S1", "Policy p1", "Plan", "nowhere", None, 3]),
            st.sampled_from([1, "¶2", "S. 3", None, "x"]),
        ),
        max_size=8,
    ),
    st.sets(st.sampled_from([UNVERIFIED, INELIGIBLE])),
    st.sampled_from([0, 2, "\t"]),
)
def test_json_export_property_003_9_adr_1(items: list, drop: set[V], indent: int | str) -> None:
    """Any mix of statuses: valid JSON, dropped objects gone, corrected values written and
    their source field naming the source that holds the text, flags on the rest."""
    data = {
        "q": [{"t": f"quote {i}", "s": s, "p": p, "u": "u"} for i, (_, s, p) in enumerate(items)]
    }
    text = json.dumps(data, indent=indent or None)
    outcomes: list[Outcome] = [
        (f"fixed {i}", "S2", i + 1) if status is CORRECTED else status
        for i, (status, _, _) in enumerate(items)
    ]
    out = json_export(text, outcomes, drop=drop, fields=FIELDS_Q)
    assert out == json_export(text, outcomes, drop=drop, fields=FIELDS_Q)
    kept = [(i, status) for i, (status, _, _) in enumerate(items) if status not in drop]
    exported = json.loads(out)["q"]
    assert len(exported) == len(kept)
    for obj, (i, status) in zip(exported, kept, strict=True):
        if status is CORRECTED:
            assert obj["t"] == f"fixed {i}"
            assert resolve_source(TURN, obj["s"]).id == "S2"
            assert obj["u"] == "https://x.example/plan#61"
        else:
            assert obj["t"] == f"quote {i}"
        assert obj.get("verbatim_status") == (status.value if status in FLAGGED_STATUSES else None)


def test_a_citation_written_as_an_object_is_corrected_in_its_shape():
    bundle = load_bundle(
        {
            "bundle_version": 1,
            "id": "nested",
            "sources": [{"id": "M2", "kind": "document", "paragraphs": ["Intro.", "Rent is due."]}],
            "response": {
                "format": "json",
                "text": json.dumps({"q": [{"t": "Rent is due.", "s": {"id": "M2", "para": 1}}]}),
                "quotes": [{"path": "$.q[*]", "text": "t", "source": "s"}],
            },
        }
    )
    exported = json.loads(export_response(bundle, verify_bundle(bundle)))
    assert exported["q"][0]["s"] == {"id": "M2", "para": 2}
