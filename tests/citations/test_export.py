"""Exporting the response with corrections applied (003.9, ADR-1), from hand-built reports.

Reports are built here from ``QuoteResult``s so that these tests pin the export alone; the
golden tests in ``test_export_golden.py`` run the whole engine.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from citations.engine import (
    Bundle,
    CorrectedCitation,
    QuoteFields,
    QuoteResult,
    Reason,
    Report,
    Response,
    Source,
    SourceKind,
    Turn,
    VerificationStatus,
    load_bundle,
)
from citations.engine.export import export_response, source_reference
from citations.engine.parse import parse_response

SHARED = Path(__file__).resolve().parents[3] / "shared" / "data"
V = VerificationStatus
VERIFIED, CORRECTED, UNVERIFIED, INELIGIBLE = V.VERIFIED, V.CORRECTED, V.UNVERIFIED, V.INELIGIBLE
REASONS = {
    VERIFIED: Reason.FOUND_AS_CITED,
    CORRECTED: Reason.RELOCATED_PARAGRAPH,
    UNVERIFIED: Reason.NOT_FOUND,
    INELIGIBLE: Reason.SOURCE_NOT_ELIGIBLE,
}
TURN = Turn(
    (
        Source(
            "S1", SourceKind.DOCUMENT, ("One.", "Two.", "Three."), title="Policy", label="Policy p1"
        ),
        Source(
            "S2",
            SourceKind.DOCUMENT,
            ("Alpha.",),
            title="Plan",
            label="Plan, S. 61",
            url="https://x.example/plan#61",
        ),
        Source("S3", SourceKind.DOCUMENT, ("Gamma.",), title="Plan", label="Plan, S. 62"),
        Source("S4", SourceKind.DOCUMENT, ("Delta.",)),
    )
)

type Outcome = V | tuple[str, str, int]  # a status, or a correction (text, source, paragraph)


def bundle_of(text: str, *, fmt: str = "markdown", drop=(), fields=()) -> Bundle:
    return Bundle(
        id="b",
        turn=TURN,
        response=Response(format=fmt, text=text, quote_fields=tuple(fields)),
        drop=frozenset(drop),
    )


def report_for(bundle: Bundle, outcomes: list[Outcome]) -> Report:
    """One result per parsed quote: a status, or a correction (text, source, paragraph)."""
    quotes = parse_response(bundle.response).quotes
    assert len(quotes) == len(outcomes), [q.text for q in quotes]
    results = []
    for quote, outcome in zip(quotes, outcomes, strict=True):
        corrected = None
        status = outcome
        if isinstance(outcome, tuple):
            corrected, status = CorrectedCitation(*outcome), CORRECTED
        cited = TURN.resolve(quote.cited_ref) if quote.cited_ref else None
        results.append(
            QuoteResult(
                quote=quote,
                cited_source=cited.id if cited else None,
                status=status,
                reason=REASONS[status],
                match=None,
                corrected=corrected,
            )
        )
    return Report(bundle=bundle.id, engine="test", results=tuple(results))


def export(text: str, outcomes: list[Outcome], **options) -> str:
    bundle = bundle_of(text, **options)
    return export_response(bundle, report_for(bundle, outcomes))


MARKDOWN_CASES = [
    pytest.param(
        'It says "the fee rises by six per cent" [S1 ¶2] today.',
        [VERIFIED],
        (),
        'It says "the fee rises by six per cent" [S1 ¶2] today.',
        id="verified-unchanged",
    ),
    pytest.param(
        'It says "the fee rises by six per cent" [S1 ¶2] today.',
        [("the fee rises by six per cent", "S1", 3)],
        (),
        'It says "the fee rises by six per cent" [S1 ¶3] today.',
        id="corrected-paragraph",
    ),
    pytest.param(
        'It says "the fee rises by 6 per cent" [S1, ¶2] today.',
        [("the fee rises by six per cent", "S2", 1)],
        (),
        'It says "the fee rises by six per cent" [S2 ¶1] today.',
        id="corrected-text-source-paragraph",
    ),
    pytest.param(
        'It says "the fee rises by six per cent" today.',
        [("the fee rises by six per cent", "S1", 3)],
        (),
        'It says "the fee rises by six per cent" [S1 ¶3] today.',
        id="corrected-marker-added",
    ),
    pytest.param(
        "Sie schreibt „die Gebühr steigt um sechs Prozent“ [S1].",
        [("Die Gebühr steigt um 6 Prozent", "S1", 1)],
        (),
        "Sie schreibt „Die Gebühr steigt um 6 Prozent“ [S1 ¶1].",
        id="corrected-keeps-german-marks",
    ),
    pytest.param(
        'As "the fee rises by six per cent" [S1 ¶2](https://old.example) says.',
        [("the fee rises by six per cent", "S2", 1)],
        (),
        'As "the fee rises by six per cent" [S2 ¶1](https://x.example/plan#61) says.',
        id="corrected-link-marker-gets-source-url",
    ),
    pytest.param(
        'It says "the fee rises by six per cent" [S1 ¶2] [S2 ¶1] today.',
        [("the fee rises by six per cent", "S4", 1)],
        (),
        'It says "the fee rises by six per cent" [S4 ¶1] today.',
        id="corrected-marker-run-replaced-whole",
    ),
    pytest.param(
        'It says "the fee rises by 6 per cent [S1 ¶2]" today.',
        [("the fee rises by six per cent", "S1", 3)],
        (),
        'It says "the fee rises by six per cent [S1 ¶3]" today.',
        id="corrected-marker-inside-quotation-marks",
    ),
    pytest.param(
        'It says "the fee rises by 6 per cent [S1 ¶2]" today.',
        [UNVERIFIED],
        (),
        'It says "the fee rises by 6 per cent [S1 ¶2]" [⚠ unverified] today.',
        id="flag-outside-quotation-marks",
    ),
    pytest.param(
        'It says "the fee rises by 6 per cent" [S1 ¶2] [S2] today.',
        [UNVERIFIED],
        (UNVERIFIED,),
        "It says today.",
        id="dropped-with-marker-run",
    ),
    pytest.param(
        "> The fee rises by 6 per cent.\n> — [S1 ¶2]\n",
        [("The fee rises by six per cent.", "S1", 3)],
        (),
        "> The fee rises by six per cent.\n> — [S1 ¶3]\n",
        id="corrected-block-dash-marker",
    ),
    pytest.param(
        'The "Services shall be renewed" [S1] clause.',
        [('The "Services" shall be renewed', "S1", 1)],
        (),
        'The “The "Services" shall be renewed” [S1 ¶1] clause.',
        id="corrected-text-with-the-quote-s-own-marks-gets-other-marks",
    ),
    pytest.param(
        "The “Services shall be renewed” [S1] clause.",
        [("The “Services” shall be renewed", "S1", 1)],
        (),
        "The «The “Services” shall be renewed» [S1 ¶1] clause.",
        id="curly-inside-curly-gets-guillemets",
    ),
    pytest.param(
        'It says "the fee rises by 6 per cent" [S1] today.',
        [("the fee rises\n\nby six per cent", "S1", 1)],
        (),
        'It says "the fee rises\nby six per cent" [S1 ¶1] today.',
        id="corrected-inline-without-blank-line",
    ),
    pytest.param(
        "> The fee rises by 6 per cent. [S1 ¶2]\n\nAfter.",
        [("The fee rises by six per cent.", "S1", 3)],
        (),
        "> The fee rises by six per cent. [S1 ¶3]\n\nAfter.",
        id="corrected-block-marker-end-of-line",
    ),
    pytest.param(
        "> The fee rises by 6 per cent.\n[S1 ¶2]\n\nAfter.",
        [("The fee rises by six per cent.", "S1", 3)],
        (),
        "> The fee rises by six per cent.\n[S1 ¶3]\n\nAfter.",
        id="corrected-block-marker-next-line",
    ),
    pytest.param(
        "> The fee rises by 6 per cent.\n\nAfter.",
        [("The fee rises by six per cent.", "S1", 3)],
        (),
        "> The fee rises by six per cent. [S1 ¶3]\n\nAfter.",
        id="corrected-block-marker-added",
    ),
    pytest.param(
        "> The fee rises\n> by 6 per cent. [S1]\n",
        [("The fee rises\nby six\nper cent.", "S1", 3)],
        (),
        "> The fee rises\n> by six\n> per cent. [S1 ¶3]\n",
        id="corrected-block-multi-line",
    ),
    pytest.param(
        "- > The fee rises by 6 per cent. [S1]\n",
        [("The fee rises\nby six per cent.", "S1", 3)],
        (),
        "- > The fee rises\n  > by six per cent. [S1 ¶3]\n",
        id="corrected-block-in-list-item",
    ),
    pytest.param(
        '> "The fee rises by 6 per cent." [S1]\n',
        [("The fee rises by six per cent.", "S1", 3)],
        (),
        '> "The fee rises by six per cent." [S1 ¶3]\n',
        id="corrected-block-keeps-its-quotation-marks",
    ),
    pytest.param(
        'It says "the fee rises by six per cent" [S1 ¶2] today.',
        [UNVERIFIED],
        (),
        'It says "the fee rises by six per cent" [S1 ¶2] [⚠ unverified] today.',
        id="unverified-flagged",
    ),
    pytest.param(
        'It says "the fee rises by six per cent" today.',
        [UNVERIFIED],
        (),
        'It says "the fee rises by six per cent" [⚠ unverified] today.',
        id="unverified-flagged-without-marker",
    ),
    pytest.param(
        'It says "the fee rises by six per cent" [X9].',
        [INELIGIBLE],
        (UNVERIFIED,),
        'It says "the fee rises by six per cent" [X9] [⚠ ineligible].',
        id="ineligible-flagged-when-only-unverified-dropped",
    ),
    pytest.param(
        "> The fee rises by six per cent.\n[S1 ¶2]\n\nAfter.",
        [UNVERIFIED],
        (),
        "> The fee rises by six per cent.\n[S1 ¶2] [⚠ unverified]\n\nAfter.",
        id="block-flagged-after-marker-line",
    ),
    pytest.param(
        'Under the policy, "renewals are new contracts here" [S1 ¶2], so a tender is due.',
        [UNVERIFIED],
        (UNVERIFIED,),
        "Under the policy, so a tender is due.",
        id="dropped-mid-sentence",
    ),
    pytest.param(
        'Termination requires **"ninety days written notice"** [S1 ¶4].',
        [UNVERIFIED],
        (UNVERIFIED,),
        "Termination requires.",
        id="dropped-with-its-emphasis",
    ),
    pytest.param(
        'It says *"the fee rises by 6 per cent"* [S1 ¶2] today.',
        [("the fee rises by six per cent", "S1", 3)],
        (),
        'It says *"the fee rises by six per cent"* [S1 ¶3] today.',
        id="corrected-in-emphasis",
    ),
    pytest.param(
        'Termination requires "ninety days written notice" [S1 ¶4].',
        [UNVERIFIED],
        (UNVERIFIED,),
        "Termination requires.",
        id="dropped-before-full-stop",
    ),
    pytest.param(
        'The rule reads, "contracts need a competitive tender" [S1].',
        [INELIGIBLE],
        (INELIGIBLE,),
        "The rule reads.",
        id="dropped-after-comma",
    ),
    pytest.param(
        'He wrote "the fee rises by six per cent" and left.',
        [UNVERIFIED],
        (UNVERIFIED,),
        "He wrote and left.",
        id="dropped-without-marker",
    ),
    pytest.param(
        'Intro.\n\n"The whole paragraph is one quote" [S1]\n\nOutro.',
        [UNVERIFIED],
        (UNVERIFIED,),
        "Intro.\n\nOutro.",
        id="dropped-whole-paragraph",
    ),
    pytest.param(
        '"A quote opens the document here" [S1] and prose follows.',
        [UNVERIFIED],
        (UNVERIFIED,),
        "and prose follows.",
        id="dropped-at-start",
    ),
    pytest.param(
        "The fee:\n\n> The fee rises by six per cent.\n[S1 ¶2]\n\nAfter.\n",
        [UNVERIFIED],
        (UNVERIFIED,),
        "The fee:\n\nAfter.\n",
        id="dropped-block-with-marker-line",
    ),
    pytest.param(
        "The fee:\n\n> The fee rises by six per cent. [S1 ¶2]\n",
        [UNVERIFIED],
        (UNVERIFIED,),
        "The fee:\n",
        id="dropped-block-at-end",
    ),
    pytest.param(
        'A "first quote is right here" [S1], a "second one is wrong" [S2] and'
        ' a "third one is moved" [S1 ¶1].',
        [VERIFIED, UNVERIFIED, ("third one is moved", "S4", 1)],
        (UNVERIFIED,),
        'A "first quote is right here" [S1], a and a "third one is moved" [S4 ¶1].',
        id="several-edits-in-one-line",
    ),
]


@pytest.mark.parametrize(("markdown", "outcomes", "drop", "expected"), MARKDOWN_CASES)
def test_markdown_export_003_9(markdown: str, outcomes: list, drop: tuple, expected: str) -> None:
    """003.9: corrections applied in place, drops removed readably, the rest flagged."""
    assert export(markdown, outcomes, drop=drop) == expected


def test_markdown_export_reparses_to_the_corrected_quotes_003_9() -> None:
    """What the export says is what a reader of it gets: parsing the export again finds the
    corrected text and citation, the flags are not read as citations, drops are gone."""
    markdown = (
        '# Notes\n\nFirst "the fee rises by 6 per cent" [S1 ¶2], then "a made up sentence here"'
        " [S1].\n\n> The term is twenty months.\n[S2]\n\n"
        "And “a sentence from nowhere at all” [X1].\n"
    )
    outcomes: list[Outcome] = [
        ("the fee rises by six per cent", "S1", 3),
        UNVERIFIED,
        ("The term is\ntwenty-four (24) months.", "S4", 1),
        INELIGIBLE,
    ]
    out = export(markdown, outcomes, drop=(INELIGIBLE,))
    again = parse_response(Response(format="markdown", text=out)).quotes
    assert [(q.text, q.cited_ref, q.cited_paragraph) for q in again] == [
        ("the fee rises by six per cent", "S1", 3),
        ("a made up sentence here", "S1", None),
        ("The term is\ntwenty-four (24) months.", "S4", 1),
    ]
    assert "[⚠ unverified]" in out
    assert "nowhere" not in out


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
    [(3, 1), ("3", "1"), ("¶3", "¶1"), ("S. 3", "S. 1"), ("p. 3-4", "p. 1-4"), (None, 1), ("", 1)],
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
    assert TURN.resolve(name).id == target


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
    assert export_response(bundle, Report(bundle="b", engine="test", results=())) == text


def test_json_export_all_verified_is_byte_identical_on_the_dev_set_003_9() -> None:
    """Same structure, same key order, same layout: nothing to correct changes nothing."""
    paths = sorted(
        p for p in (SHARED / "dev" / "verbote").glob("*.json") if ".expected" not in p.name
    )
    for path in paths:
        bundle = load_bundle(path.read_text())
        quotes = parse_response(bundle.response).quotes
        results = tuple(
            QuoteResult(q, "M", VERIFIED, Reason.FOUND_AS_CITED, None, None) for q in quotes
        )
        report = Report(bundle=bundle.id, engine="test", results=results)
        assert export_response(bundle, report) == bundle.response.text, path.name


def test_adr_scenario_export_by_hand_adr_1_003_9() -> None:
    """Seed 001 (ADR-1): labels and URLs rebuilt from the chunk that really holds the snippet;
    the invented quote is dropped because the bundle drops unverified quotes."""
    bundle = load_bundle((SHARED / "scenarios" / "adr_source_binding.json").read_text())
    expected = json.loads((SHARED / "scenarios" / "adr_source_binding.expected.json").read_text())
    quotes = parse_response(bundle.response).quotes
    results = []
    for quote, wanted in zip(quotes, expected["quotes"], strict=True):
        corrected = CorrectedCitation(**wanted["corrected"]) if wanted["corrected"] else None
        results.append(
            QuoteResult(quote, None, V(wanted["status"]), Reason(wanted["reason"]), None, corrected)
        )
    out = export_response(bundle, Report(bundle=bundle.id, engine="test", results=tuple(results)))
    assert out.startswith("```json\n") and out.endswith("\n```")
    data = json.loads(out.removeprefix("```json\n").removesuffix("\n```"))
    quotes_out = [z for s in data["wahlprogramm_scores"] for z in s["wahlprogramm"]["zitate"]]
    assert [(z["quelle"], z["url"].rsplit("=", 1)[1]) for z in quotes_out] == [
        ("GRÜNE NRW Wahlprogramm 2022, S. 58", "58"),
        ("GRÜNE NRW Wahlprogramm 2022, S. 61", "61"),
        ("CDU NRW Wahlprogramm 2022, S. 12", "12"),
        ("CDU NRW Wahlprogramm 2022, S. 14", "14"),
    ]
    assert quotes_out[3]["text"].endswith("hat für uns Priorität.")
    assert "Schiene" not in out
    assert list(data) == ["antrag", "wahlprogramm_scores"]
    assert all(list(z) == ["text", "quelle", "url"] for z in quotes_out)


SENTENCE = st.text(alphabet=st.sampled_from(list("abc def.,")), min_size=1, max_size=12)


@given(
    st.lists(
        st.tuples(SENTENCE, st.sampled_from([VERIFIED, CORRECTED, UNVERIFIED, INELIGIBLE])),
        min_size=1,
        max_size=6,
    ),
    st.sets(st.sampled_from([UNVERIFIED, INELIGIBLE])),
)
def test_export_is_deterministic_and_drops_exactly_what_it_should_003_9(
    parts: list[tuple[str, V]], drop: set[V]
) -> None:
    """Same input, same bytes; after a drop the remaining quotes are exactly the kept ones,
    with no doubled spaces introduced."""
    markdown = " ".join(
        f'{prose} "quote number {i} here" [S1 ¶1]' for i, (prose, _) in enumerate(parts)
    )
    outcomes: list[Outcome] = [
        (f"quote number {i} fixed", "S2", 1) if status is CORRECTED else status
        for i, (_, status) in enumerate(parts)
    ]
    first = export(markdown, outcomes, drop=drop)
    assert first == export(markdown, outcomes, drop=drop)
    kept = [(i, s) for i, (_, s) in enumerate(parts) if s not in drop]
    again = parse_response(Response(format="markdown", text=first)).quotes
    assert [q.text for q in again] == [
        f"quote number {i} fixed" if s is CORRECTED else f"quote number {i} here" for i, s in kept
    ]
    if "  " not in markdown:
        assert "  " not in first


def test_export_same_bytes_across_processes_003_9(tmp_path: Path) -> None:
    """Determinism does not hang on hash seeds: two interpreters print the same bytes."""
    import subprocess
    import sys

    scenario = SHARED / "scenarios" / "procurement_review.json"
    bundle = json.loads(scenario.read_text())
    bundle["drop"] = ["ineligible"]
    path = tmp_path / "bundle.json"
    path.write_text(json.dumps(bundle))
    outputs = []
    for seed in ("1", "2"):
        done = subprocess.run(
            [sys.executable, "-m", "citations", "export", str(path)],
            capture_output=True,
            env={"PYTHONHASHSEED": seed, "PATH": "/usr/bin:/bin"},
            cwd=Path(__file__).resolve().parents[2],
            check=True,
        )
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1]
    assert b"scored 3.1" not in outputs[0]


def test_report_from_another_response_changes_nothing_it_cannot_place_003_9() -> None:
    """Results whose quote has no position in this response are ignored, not guessed."""
    bundle = bundle_of('It says "the fee rises by six per cent" [S1].')
    quote = parse_response(bundle.response).quotes[0]
    stray = QuoteResult(
        replace(quote, extent=None, response_span=None),
        "S1",
        UNVERIFIED,
        Reason.NOT_FOUND,
        None,
        None,
    )
    assert export_response(bundle, Report("b", "test", (stray,))) == bundle.response.text


MARKDOWN_PIECES = st.sampled_from(
    [
        *"ab \"“”„‘’'«»「」>[]`*\n S1¶2.,-—",
        *("[S1]", "[S1 ¶2]", "> ", "- ", "\n\n", "```\n", "word ", '"quote of words here" '),
    ]
)
ANY_MARKDOWN = st.lists(MARKDOWN_PIECES, max_size=40).map("".join)


@given(ANY_MARKDOWN, st.sampled_from([VERIFIED, UNVERIFIED, INELIGIBLE]))
def test_export_keeps_or_flags_without_changing_what_is_read_003_9(
    markdown: str, status: V
) -> None:
    """Any markdown: all verified exports unchanged; flagged, it reads back to the same
    quotes and citations (a flag is never quote text or a citation)."""
    bundle = bundle_of(markdown)
    exported = export(markdown, [status] * len(parse_response(bundle.response).quotes))
    if status is VERIFIED:
        assert exported == markdown
    before = parse_response(bundle.response).quotes
    after = parse_response(Response(format="markdown", text=exported)).quotes
    assert [(q.text, q.cited_ref, q.cited_paragraph) for q in after] == [
        (q.text, q.cited_ref, q.cited_paragraph) for q in before
    ]


@given(ANY_MARKDOWN, st.sampled_from(["fixed text", "fixed\ntwo lines"]))
def test_export_corrections_read_back_as_corrected_003_9(markdown: str, fixed: str) -> None:
    """Any markdown: every corrected quote reads back with its corrected text and citation."""
    count = len(parse_response(bundle_of(markdown).response).quotes)
    outcomes: list[Outcome] = [(f"{fixed} {n}", "S2", n) for n in range(1, count + 1)]
    after = parse_response(Response(format="markdown", text=export(markdown, outcomes))).quotes
    assert [(q.text, q.cited_ref, q.cited_paragraph) for q in after] == [
        (f"{fixed} {n}", "S2", n) for n in range(1, count + 1)
    ]


FIELDS_Q = (QuoteFields(path="$.q[*]", text="t", source="s", paragraph="p", url="u"),)
FLAGGED_STATUSES = (UNVERIFIED, INELIGIBLE)


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
            assert TURN.resolve(obj["s"]).id == "S2"
            assert obj["u"] == "https://x.example/plan#61"
        else:
            assert obj["t"] == f"quote {i}"
        assert obj.get("verbatim_status") == (status.value if status in FLAGGED_STATUSES else None)
