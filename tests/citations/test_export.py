"""Exporting markdown responses with corrections applied (003.9), from hand-built reports.

Reports are built here from ``QuoteResult``s so that these tests pin the export alone
(``test_export_json.py`` uses the same helpers for JSON); the golden tests in
``test_export_golden.py`` run the whole engine.
"""

from __future__ import annotations

import pytest

from citations.engine import (
    Response,
)
from citations.engine.reading.parse import parse_response
from citations.engine.reading.source_names import resolve_source

from .export_helpers import INELIGIBLE, TURN, UNVERIFIED, VERIFIED, export

MARKDOWN_CASES = [
    pytest.param(
        'It says “the fee rises by six per cent" [S1 ¶2] today.',
        [("the fee rises by 6", "S1", 3)],
        (),
        "It says “the fee rises by 6” [S1 ¶3] today.",
        id="corrected-mixed-marks-made-whole",  # 6" would read as six inches
    ),
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
        'It says "the fee rises by 6 per cent" (see S1 at ¶ 4) today.',
        [("the fee rises by six per cent", "S1", 3)],
        (),
        'It says "the fee rises by six per cent" [S1 ¶3] today.',
        id="corrected-citation-in-words-replaced",
    ),
    pytest.param(
        'It says "the fee rises by 6 per cent" — S1, ¶2. Then more.',
        [("the fee rises by six per cent", "S1", 3)],
        (),
        'It says "the fee rises by six per cent" [S1 ¶3]. Then more.',
        id="corrected-citation-after-a-dash-replaced",
    ),
    pytest.param(
        'It says "the fee rises by 6 per cent" (Policy) today.',
        [("the fee rises by six per cent", "S1", 3)],
        (),
        'It says "the fee rises by six per cent" [S1 ¶3] today.',
        id="corrected-citing-name-replaced",
    ),
    pytest.param(
        'It says "the fee rises by 6 per cent" — Jonas Brandt. Then more.',
        [("the fee rises by six per cent", "S1", 3)],
        (),
        'It says "the fee rises by six per cent" — Jonas Brandt [S1 ¶3]. Then more.',
        id="corrected-name-citing-nothing-is-prose-and-stays",
    ),
    pytest.param(
        'It says "the fee rises by 6 per cent" 【4:0†source】 today.',
        [("the fee rises by six per cent", "S1", 3)],
        (),
        'It says "the fee rises by six per cent" [S1 ¶3] today.',
        id="corrected-chatgpt-file-citation-replaced",
    ),
    pytest.param(
        'It says "the fee rises by 6 per cent" 【S1†¶2】, <sup>[S1 ¶2]</sup> or ^[S1 ¶2].',
        [("the fee rises by six per cent", "S1", 3)],
        (),
        'It says "the fee rises by six per cent" [S1 ¶3], <sup>[S1 ¶2]</sup> or ^[S1 ¶2].',
        id="corrected-wrapped-marker-replaced",
    ),
    pytest.param(
        'It says "the fee rises by 6 per cent" <sup>[S1 ¶2]</sup> and ^[S1 ¶2].',
        [("the fee rises by six per cent", "S1", 3)],
        (),
        'It says "the fee rises by six per cent" [S1 ¶3] and ^[S1 ¶2].',
        id="corrected-sup-marker-replaced",
    ),
    pytest.param(
        'It says "the fee rises by 6 per cent"\n— S1, ¶2\n\nThen.',
        [("the fee rises by six per cent", "S1", 3)],
        (),
        'It says "the fee rises by six per cent"\n— [S1 ¶3]\n\nThen.',
        id="corrected-next-line-citation-replaced",
    ),
    pytest.param(
        "> The fee rises by 6 per cent.\n> — Quelle: S1, Abs. 2\n",
        [("The fee rises by six per cent.", "S1", 3)],
        (),
        "> The fee rises by six per cent.\n> — Quelle: [S1 ¶3]\n",
        id="corrected-block-attribution-in-words-replaced",
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
        'It says "the fee rises by six per cent" [S1 ¶1] today.',
        id="corrected-inline-on-one-line",
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
    pytest.param(
        'It says "the fee rises by six per cent"[^1] today.\n\n[^1]: S1 ¶2\n',
        [("the fee rises by six per cent", "S1", 3)],
        (),
        'It says "the fee rises by six per cent"[S1 ¶3] today.\n\n[^1]: S1 ¶2\n',
        id="corrected-footnote-reference-becomes-a-marker",  # its footnote names the old place
    ),
    pytest.param(
        'It says "the fee rises by six per cent" [1] today.\n\n[1] S1 ¶2\n',
        [UNVERIFIED],
        (UNVERIFIED,),
        "It says today.\n\n[1] S1 ¶2\n",
        id="dropped-with-its-footnote-reference",
    ),
]


TABLE_HEAD = "| Quote | Source | ¶ |\n|---|---|---|\n"

TABLE_CASES = [
    pytest.param(
        TABLE_HEAD + '| "the fee rises by 6 per cent" | S1 | 2 |\n',
        [("the fee rises by six per cent", "S2", 1)],
        TABLE_HEAD + '| "the fee rises by six per cent" | S2 | 1 |\n',
        id="source-and-paragraph-cells-rewritten",
    ),
    pytest.param(
        "| Quote                        | Source     | Paragraph |\n"
        "| :--------------------------- | :--------- | --------: |\n"
        "| the fee rises by 6 per cent  | Plan, S. 61 | ¶2       |\n",
        [("the fee rises by six per cent", "S3", 1)],
        "| Quote                        | Source     | Paragraph |\n"
        "| :--------------------------- | :--------- | --------: |\n"
        "| the fee rises by six per cent  | Plan, S. 62 | ¶1       |\n",
        id="label-named-as-the-model-named-it-padding-kept",
    ),
    pytest.param(
        "| Quote | Source |\n|---|---|\n| “the fee rises by 6 per cent” | **S1**   |\n",
        [("the fee rises by six per cent", "S1", 3)],
        "| Quote | Source |\n|---|---|\n| “the fee rises by six per cent” | **[S1 ¶3]**   |\n",
        id="source-cell-without-paragraph-column-becomes-a-marker",
    ),
    pytest.param(
        "| Zitat | Hinweis |\n|---|---|\n| „die Gebühr steigt um 6 Prozent“ | S1, ¶2 |\n",
        [("die Gebühr steigt um sechs Prozent", "S2", 1)],
        "| Zitat | Hinweis |\n|---|---|\n| „die Gebühr steigt um sechs Prozent“ | S2 ¶1  |\n",
        id="citation-cell-rewritten",
    ),
    pytest.param(
        TABLE_HEAD
        + '| "the fee rises by 6 per cent" | S1 | 2 |\n| "a second quote is here" | S1 | 1 |\n',
        [("the fee rises by six per cent", "S1", 3), VERIFIED],
        TABLE_HEAD
        + '| "the fee rises by six per cent" | S1 | 3 |\n| "a second quote is here" | S1 | 1 |\n',
        id="verified-row-byte-identical",
    ),
    pytest.param(
        TABLE_HEAD + '| "one quote is here" and "another quote is here" | S1 | 2 |\n',
        [("one quote is there", "S2", 1), VERIFIED],
        TABLE_HEAD + '| "one quote is there" [S2 ¶1] and "another quote is here" | S1 | 2 |\n',
        id="row-of-two-quotes-keeps-its-citation-for-the-other",
    ),
    pytest.param(
        TABLE_HEAD + '| "the fee rises by 6 per cent" [S1 ¶2] | S1 | 2 |\n',
        [("the fee rises by six per cent", "S2", 1)],
        TABLE_HEAD + '| "the fee rises by six per cent" [S2 ¶1] | S1 | 2 |\n',
        id="own-marker-rewritten-not-the-row",
    ),
    pytest.param(
        TABLE_HEAD + '| "the fee rises by 6 per cent" | S1, ¶2 | 2 |\n',
        [("the fee rises by six per cent", "S2", 1)],
        TABLE_HEAD + '| "the fee rises by six per cent" | Plan, S. 61 | 1 |\n',
        id="source-cell-named-as-written-not-as-verification-read-it",
    ),
]


def test_an_uncited_quote_cell_gets_its_marker_after_it_issue_14() -> None:
    """Issue 14: a quote cell in a row that cites nothing ("—") is uncited, so its
    correction's marker follows it as any uncited quote's does (it was written into the
    row's "—" cell, the quote's site claiming the row cited it)."""
    markdown = "| Quote | Source |\n|---|---|\n| the fee rises by 6 per cent | — |\n"
    out = export(markdown, [("the fee rises by six per cent", "S2", 1)])
    assert out == "| Quote | Source |\n|---|---|\n| the fee rises by six per cent [S2 ¶1] | — |\n"


@pytest.mark.parametrize(("markdown", "outcomes", "expected"), TABLE_CASES)
def test_a_table_rows_citation_cells_carry_the_correction_003_9(markdown, outcomes, expected):
    """A corrected quote cited by its table row: the row's Source / Paragraph cells name
    where the text really is (a marker beside the quote left the row contradicting it), and
    the export reads back so; rows of verified quotes stay as they were."""
    out = export(markdown, outcomes)
    assert out == expected
    again = parse_response(Response(format="markdown", text=out)).quotes
    corrected = [(q.text, q.cited_ref, q.cited_paragraph) for q in again[:1]]
    text, source, paragraph = outcomes[0]
    target = TURN.source(source)
    assert target is not None and resolve_source(TURN, corrected[0][1]) == target
    assert corrected[0][::2] == (text, paragraph)


@pytest.mark.parametrize(("markdown", "outcomes", "drop", "expected"), MARKDOWN_CASES)
def test_markdown_export_003_9(markdown: str, outcomes: list, drop: tuple, expected: str) -> None:
    """003.9: corrections applied in place, drops removed readably, the rest flagged."""
    assert export(markdown, outcomes, drop=drop) == expected
