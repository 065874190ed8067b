"""Exporting markdown responses (003.9): what the export says reads back as corrected, in
words and in HTML, the same bytes every time, and every dev bundle's corrections read back
verified, from the stored layout too."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from citations.engine import (
    QuoteResult,
    Reason,
    Report,
    Response,
    VerificationStatus,
    load_bundle,
    verify_bundle,
)
from citations.engine.reading.parse import parse_response
from citations.engine.writing.export import export_response
from citations.engine.writing.layout import layout_from_dict, layout_to_dict
from tests.readers import readers_forbidden

from .export_helpers import (
    CORRECTED,
    INELIGIBLE,
    SHARED,
    UNVERIFIED,
    VERIFIED,
    Outcome,
    V,
    bundle_of,
    export,
)


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


@pytest.mark.parametrize(
    "cited",
    [
        " (see S1 at ¶ 4) today.",
        " — S1, ¶2. Then.",
        " 【4:0†source】 today.",
        " — Jonas Brandt. Then.",
        "\n— S1, ¶2\n\nThen.",
        "\n(Quelle: S1, Abs. 2)\n",
    ],
)
def test_a_citation_in_words_reads_back_as_corrected_003_9(cited: str) -> None:
    """The old citation, replaced or followed by the new marker, is never read instead of it."""
    out = export(f'It says "the fee rises by 6 per cent"{cited}', [("the fee rises", "S2", 1)])
    (again,) = parse_response(Response(format="markdown", text=out)).quotes
    assert (again.text, again.cited_ref, again.cited_paragraph) == ("the fee rises", "S2", 1)


@pytest.mark.parametrize(
    ("markdown", "expected"),
    [
        pytest.param(
            "<blockquote>The fee rises by 6 per cent.<footer>S1, ¶3</footer></blockquote>\n",
            "<blockquote>the fee rises<footer>[S2 ¶1]</footer></blockquote>\n",
            id="footer",
        ),
        pytest.param(
            "<blockquote>The fee rises.<footer>— Source: S1, ¶3</footer></blockquote>\n",
            "<blockquote>the fee rises<footer>— Source: [S2 ¶1]</footer></blockquote>\n",
            id="footer-dash-label",  # the closing tags were lost with the old citation
        ),
        pytest.param(
            "<blockquote><p>The fee.</p><footer><cite>S1 ¶3</cite></footer></blockquote>\n",
            "<blockquote><p>the fee rises</p><footer><cite>[S2 ¶1]</cite></footer></blockquote>\n",
            id="cite-in-footer",
        ),
        pytest.param(
            "It says <q>the fee rises by 6 per cent</q> (<cite>S1, ¶3</cite>) today.",
            "It says <q>the fee rises</q> (<cite>S2 ¶1</cite>) today.",
            id="cite-after-q",  # in words there: a bracketed marker would be the sentence's
        ),
        pytest.param(
            "<figure><blockquote>The fee.</blockquote><figcaption>S1, ¶3</figcaption></figure>\n",
            "<figure><blockquote>the fee rises</blockquote>"
            "<figcaption>[S2 ¶1]</figcaption></figure>\n",
            id="figcaption",
        ),
        pytest.param(
            "<blockquote>The fee rises.<footer>— Jonas Brandt</footer></blockquote>\n",
            "<blockquote>the fee rises<footer>— Jonas Brandt</footer></blockquote> [S2 ¶1]\n",
            id="footer-naming-a-person",
        ),
        pytest.param(
            "Beleg 1 (S1, Abs. 3): „the fee rises by 6 per cent“ und mehr.",
            "Beleg 1 [S2 ¶1]: „the fee rises“ und mehr.",
            id="lead-in-marker",
        ),
        pytest.param(
            "**Beleg (S1 Abs. 2):** „the fee rises by 6 per cent“\n",
            "**Beleg [S2 ¶1]:** „the fee rises“\n",
            id="lead-in-marker-bold",
        ),
        pytest.param(
            "Per the policy [S1 ¶2], „the fee rises by 6 per cent“ und mehr.",
            "Per the policy [S1 ¶2], „the fee rises“ [S2 ¶1] und mehr.",
            id="sentence-marker-gives-no-paragraph",  # it cites the sentence: it stays
        ),
        pytest.param(
            "Beleg (S1 Abs. 3): „the fee rises by 6 per cent“ [S1 ¶3].",
            "Beleg (S1 Abs. 3): „the fee rises“ [S2 ¶1].",
            id="lead-in-beside-a-marker-of-its-own",
        ),
    ],
)
def test_a_citation_in_an_html_attribution_or_lead_in_is_rewritten_where_written_003_9(
    markdown: str, expected: str
) -> None:
    """A corrected quote cited in its HTML attribution (footer, cite, figcaption) or by a
    marker introducing it with a colon gets that citation rewritten, tags kept: a marker
    added after the quote left the old citation standing beside it. A footer naming a
    person cites nothing and stays; the marker follows."""
    out = export(markdown, [("the fee rises", "S2", 1)])
    assert out == expected
    (again,) = parse_response(Response(format="markdown", text=out)).quotes
    assert (again.text, again.cited_ref, again.cited_paragraph) == ("the fee rises", "S2", 1)


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
    markdown = " ".join(  # prose opening the text with four spaces would make it code
        f'{prose.lstrip() if i == 0 else prose} "quote number {i} here" [S1 ¶1]'
        for i, (prose, _) in enumerate(parts)
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
# Found by Hypothesis: a fence opened inside a block quote; a code span reaching across one.
@example('a```\n> ```\n"a"[S1]```\n', "fixed text")
@example('a```\n> a```\n"a"[S1]```\n', "fixed text")
@example('`"quote of words here" `[S1]', "fixed\ntwo lines")  # a line break in a code span
@example("> a```\n> ```\n", "fixed text")  # a block quote ending on a line opening a fence
def test_export_corrections_read_back_as_corrected_003_9(markdown: str, fixed: str) -> None:
    """Any markdown: every corrected quote reads back with its corrected text and citation."""
    count = len(parse_response(bundle_of(markdown).response).quotes)
    outcomes: list[Outcome] = [(f"{fixed} {n}", "S2", n) for n in range(1, count + 1)]
    after = parse_response(Response(format="markdown", text=export(markdown, outcomes))).quotes
    # as verification reads it: a line break is layout (a code span holds none)
    assert [(" ".join(q.text.split()), q.cited_ref, q.cited_paragraph) for q in after] == [
        (" ".join(f"{fixed} {n}".split()), "S2", n) for n in range(1, count + 1)
    ]


BUNDLES_OF_EVERY_FORM = sorted(
    path
    for folder in (
        SHARED / "scenarios",
        SHARED / "dev" / "verbote",
        Path(__file__).parent / "redteam",
    )
    for path in folder.glob("*.json")
    if not path.name.endswith(".expected.json")
)


@pytest.mark.parametrize("path", BUNDLES_OF_EVERY_FORM, ids=lambda p: p.stem)
def test_003_9_every_correction_reads_back_verified_from_the_export(path: Path):
    """The export of every quote form (scenarios, dev set, red-team bundles) verified again: each
    corrected quote is now verified as written, so the export carries the corrected citation
    and no stale one beside it (a second, contradicting citation would be read instead)."""
    bundle = load_bundle(path.read_text(encoding="utf-8"))
    report = verify_bundle(bundle)
    exported = export_response(bundle, report)
    assert export_response(bundle, report) == exported
    again = verify_bundle(replace(bundle, response=replace(bundle.response, text=exported)))
    statuses: dict[str, set[VerificationStatus]] = {}
    for result in again.results:
        statuses.setdefault(result.quote.text, set()).add(result.status)
    for result in report.results:
        if result.corrected is not None:
            assert VERIFIED in statuses.get(result.corrected.text, set()), result.quote.n


@pytest.mark.parametrize("path", BUNDLES_OF_EVERY_FORM, ids=lambda p: p.stem)
def test_the_stored_layout_gives_the_same_export_without_reading_again(path: Path):
    """Issue 13: what verification stores of its reading (through JSON, as the database
    holds it) gives back every quote as parsed and, with the readers forbidden, the same
    export as the engine's report."""
    bundle = load_bundle(path.read_text(encoding="utf-8"))
    report = verify_bundle(bundle)
    stored = json.loads(
        json.dumps(layout_to_dict((r.quote for r in report.results), report.json_layout))
    )
    layout = layout_from_dict(stored)
    assert layout.quotes == tuple(r.quote for r in report.results)
    assert layout.json_layout == report.json_layout  # with its citation sites (issue 14)
    assert (layout.json_layout is None) == (bundle.response.format == "markdown")
    results = tuple(
        replace(result, quote=quote)
        for result, quote in zip(report.results, layout.quotes, strict=True)
    )
    from_storage = replace(report, results=results, json_layout=layout.json_layout)
    expected = export_response(bundle, report)
    with readers_forbidden() as called:
        assert export_response(bundle, from_storage) == expected
    assert called == []
