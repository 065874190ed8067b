"""Parsing markdown responses (003.1): inline quotes in every language's marks and the markers,
footnotes, lead-ins and reference lists that cite them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from citations.engine import Response
from citations.engine.reading.markers import MARKER_LAST_CHARACTERS, find_marker
from citations.engine.reading.parse import parse_response

from .markdown_helpers import BLOCK, INLINE, quotes_of, summary

QUOTE_FORMS = [
    # Inline quotation marks.
    ('He wrote "the fee rises by six per cent" [S1].', "the fee rises by six per cent"),
    ("He wrote “the fee rises by six per cent” [S1].", "the fee rises by six per cent"),
    ("Er schrieb „die Gebühr steigt um sechs Prozent“ [S1].", "die Gebühr steigt um sechs Prozent"),
    ("Er schrieb „die Gebühr steigt um sechs Prozent” [S1].", "die Gebühr steigt um sechs Prozent"),
    ("Er schrieb ‚die Gebühr steigt um sechs Prozent‘ [S1].", "die Gebühr steigt um sechs Prozent"),
    ("Er schrieb »die Gebühr steigt um sechs Prozent« [S1].", "die Gebühr steigt um sechs Prozent"),
    ("Er schrieb ›die Gebühr steigt um sechs Prozent‹ [S1].", "die Gebühr steigt um sechs Prozent"),
    (
        "Il a écrit ‹ les frais augmentent de six pour cent › [S1].",
        "les frais augmentent de six pour cent",
    ),
    ("彼は〝料金は六パーセント上がる〟[S1]と書いた。", "料金は六パーセント上がる"),
    (
        "Il a écrit «les frais augmentent de six pour cent» [S1].",
        "les frais augmentent de six pour cent",
    ),
    (
        "Il a écrit « les frais augmentent de six pour cent » [S1].",
        "les frais augmentent de six pour cent",
    ),
    (
        "Il a écrit «\u00a0les frais augmentent de six pour cent\u00a0» [S1].",
        "les frais augmentent de six pour cent",
    ),
    ("Han skrev ”avgiften höjs med sex procent” [S1].", "avgiften höjs med sex procent"),
    ("Hän kirjoitti »maksu nousee kuusi prosenttia» [S1].", "maksu nousee kuusi prosenttia"),
    ("He wrote ‘the fee rises by six per cent’ [S1].", "the fee rises by six per cent"),
    ("He wrote 'the fee rises by six per cent' [S1].", "the fee rises by six per cent"),
    ("彼は「料金は六パーセント上がる」[S1]と書いた。", "料金は六パーセント上がる"),
    ("彼は『料金は六パーセント上がる』 [S1]と書いた。", "料金は六パーセント上がる"),
    # Chinese and Japanese put no space before or after a quote in any marks
    ("合同规定“乙方应在十五日内完成维修”[S1]。", "乙方应在十五日内完成维修"),
    ('合同规定"乙方应在十五日内完成维修"的条款[S1]。', "乙方应在十五日内完成维修"),
    ("合同规定‘乙方应在十五日内完成维修’（S1）。", "乙方应在十五日内完成维修"),
    ("契約書は“乙は地位を譲渡してはならない”と定める [S1]。", "乙は地位を譲渡してはならない"),
    ('"The quote opens the line" [S1] and goes on.', "The quote opens the line"),
    ('("in parentheses it still counts" [S1])', "in parentheses it still counts"),
    ('- list item: "quoted in a list item" [S1]', "quoted in a list item"),
    ("| cell | “quoted in a table cell” [S1] |", "quoted in a table cell"),
    ('## Heading with "a quoted heading phrase" [S1]', "a quoted heading phrase"),
    ('Spans "two lines\nof one paragraph" [S1].', "two lines\nof one paragraph"),
    ('In bold **"the fee rises by six per cent"** [S1].', "the fee rises by six per cent"),
    ("In italics *“the fee rises by six per cent”* [S1].", "the fee rises by six per cent"),
    ('In italics _"the fee rises by six per cent"_ [S1].', "the fee rises by six per cent"),
    # Opened in one style, closed in the other.
    ('He wrote "the fee rises by six per cent” [S1].', "the fee rises by six per cent"),
    ('He wrote “the fee rises by six per cent" [S1].', "the fee rises by six per cent"),
    ('Er schrieb „die Gebühr steigt um sechs Prozent" [S1].', "die Gebühr steigt um sechs Prozent"),
    ('In bold **"the fee rises by six per cent”** [S1].', "the fee rises by six per cent"),
    ('It says "the fee rises by six per cent” (S1) here.', "the fee rises by six per cent"),
    # Arabic and Hebrew join one-letter words ("and") to the quoted word that follows
    ('الإشعار و"يجب تقديم الطلبات" [S1]', "يجب تقديم الطلبات"),
    ('ההודעה ו"המשרד יהיה סגור" [S1]', "המשרד יהיה סגור"),
]


@pytest.mark.parametrize(("markdown", "text"), QUOTE_FORMS)
def test_inline_quotation_marks_003_1(markdown: str, text: str) -> None:
    """003.1: inline quotes in every common quotation mark style."""
    assert summary(markdown) == [(INLINE, text, "S1", None)]


MARKER_FORMS = [
    ("[S1]", "S1", None),
    ("[S1 ¶3]", "S1", 3),
    ("[S1, ¶3]", "S1", 3),
    ("[S1 ¶ 3]", "S1", 3),
    ("[S1¶3]", "S1", 3),
    ("[S1 para 3]", "S1", 3),
    ("[S1 para. 3]", "S1", 3),
    ("[S1 paragraph 3]", "S1", 3),
    ("[S1 § 3]", "S1", 3),
    # a page is no paragraph: the source alone
    ("[S1 p. 3]", "S1", None),
    ("[S1 S. 3]", "S1", None),
    ("[S1 ¶3-4]", "S1", 3),
    ("[S1 ¶3–4]", "S1", 3),
    ("[ S1 ¶3 ]", "S1", 3),
    ("[A1.v2 ¶12]", "A1.v2", 12),
    ("[doc_7-b]", "doc_7-b", None),
    ("[S1 ¶0]", "S1", None),
    ("[S1 ¶3, ¶5]", "S1", 3),
    ("[S1 ¶¶ 3, 5]", "S1", 3),
    ("[S1 paras 3-5]", "S1", 3),
    ("[S1 ¶3] [S2 ¶4]", "S1", 3),
    ("[S1 ¶3][S2]", "S1", 3),
    # Colon and page/section forms, several citations in one bracket (the first cites).
    ("[S1:3]", "S1", 3),
    ("[S1: 3]", "S1", 3),
    ("[A1.v2:12]", "A1.v2", 12),
    ("[S1, p. 3]", "S1", None),
    ("[S1, para. 3]", "S1", 3),
    ("[S1, § 3]", "S1", 3),
    ("[S1 pp. 3-4]", "S1", None),
    ("[S1 ¶3, p. 12]", "S1", 3),
    ("[S1, S. 12, Abs. 3]", "S1", 3),
    ("[S1 ¶3; S2 ¶1]", "S1", 3),
    ("[S1 ¶3, S2 ¶1]", "S1", 3),
    ("[S1:3, S2:1]", "S1", 3),
    ("[S1; S2]", "S1", None),
    ("[S1, S2 ¶4]", "S1", None),
    # Paragraph words in German and English, a label before the id.
    ("[E1, Abs. 2]", "E1", 2),
    ("[E1 Absatz 2]", "E1", 2),
    ("[S1, page 4]", "S1", None),
    ("[D1, Seite 4]", "D1", None),
    ("[Source: S1 ¶3]", "S1", 3),
    ("[Quelle: D2, Abs. 3]", "D2", 3),
    # What models wrap around a marker: a wiki link, Pandoc's inline footnote, a
    # superscript, ChatGPT's lenticular brackets (a dagger before the paragraph or lines).
    ("[[S1 ¶3]]", "S1", 3),
    ("^[S1 ¶3]", "S1", 3),
    ("<sup>[S1 ¶3]</sup>", "S1", 3),
    ("<sup>S1 ¶3</sup>", "S1", 3),
    ("<sup>S1</sup>", "S1", None),
    ("【S1†¶3】", "S1", 3),
    ("【S1†L3-L5】", "S1", 3),
    ("【S1 ¶3】", "S1", 3),
    ("【S1†source】", "S1", None),
    # C1g: a pictograph before the id, a dagger after it, emphasis around the brackets, "#".
    ("[📄 S1 ¶3]", "S1", 3),
    ("[🔗 S1]", "S1", None),
    ("[S1‡]", "S1", None),
    ("[S1†]", "S1", None),
    ("**[S1 ¶3]**", "S1", 3),
    ("[S1#3]", "S1", 3),
    ("［S1 ¶3］", "S1", 3),
]


INLINE_ONLY_MARKER_FORMS = [
    ("([S1 ¶3])", "S1", 3),
    ("( [S1] )", "S1", None),
    ("— [S1 ¶3]", "S1", 3),
    ("- [S1]", "S1", None),
    ("(S1 ¶3)", "S1", 3),
    ("(S1)", "S1", None),
    ("( S1 ¶ 3 )", "S1", 3),
    ("(S1, p. 3)", "S1", None),
    ("(S1:3)", "S1", 3),
    ("(A1.v2 ¶3)", "A1.v2", 3),
    ("(doc_7-b)", "doc_7-b", None),
    ("(M ¶3)", "M", 3),
    ("(S1 ¶3; S2 ¶1)", "S1", 3),
    ("(S1 ¶3) [S2]", "S1", 3),
    ("— (S1 ¶3)", "S1", 3),
    ("(Source: E1)", "E1", None),
    ("(Quelle: A1, Abs. 2)", "A1", 2),
    # C1g: braces, angle brackets and emphasis wrap a marker as parentheses do.
    ("{S1}", "S1", None),
    ("{S1 ¶3}", "S1", 3),
    ("<S1 ¶3>", "S1", 3),
    ("*(S1)*", "S1", None),
    ("_(S1 ¶3)_", "S1", 3),
    ("（S1，第3段）", "S1", 3),
    ("(source S1 ¶3)", "S1", 3),
]


@given(
    st.lists(
        st.sampled_from([form for form, _, _ in MARKER_FORMS + INLINE_ONLY_MARKER_FORMS])
        | st.sampled_from(["[⚠ unverified]", " ", "the fee", ".", "*", "_", ")", "\n"]),
        min_size=1,
        max_size=6,
    ).map("".join)
)
def test_every_marker_run_ends_with_a_closing_character(text: str) -> None:
    """A marker run, flags after it included, ends with one of ``MARKER_LAST_CHARACTERS``:
    a quote field ending in anything else is not searched for a marker at its end."""
    for position in range(len(text)):
        marker = find_marker(text, position, parenthesized=True)
        if marker is not None:
            assert text[marker.end - 1] in MARKER_LAST_CHARACTERS, (text, marker)


@pytest.mark.parametrize(("marker", "ref", "paragraph"), INLINE_ONLY_MARKER_FORMS)
def test_marker_in_parentheses_or_after_a_dash_follows_an_inline_quote_003_1(
    marker: str, ref: str, paragraph: int | None
) -> None:
    """003.1: "…" ([S1 ¶3]), "…" (S1 ¶3) and "…" — [S1]: the quote keeps its citation, and
    the parentheses belong to its extent (a dropped quote takes them along)."""
    markdown = f'It says "the fee rises by six per cent" {marker} here.'
    (quote,) = quotes_of(markdown)
    assert (quote.text, quote.cited_ref, quote.cited_paragraph) == (
        "the fee rises by six per cent",
        ref,
        paragraph,
    )
    assert markdown[quote.extent[1] :] == " here."


def test_a_footnote_number_after_the_closing_mark_closes_the_quote_003_1() -> None:
    """003.1: „…“¹ [D1 ¶2]: the footnote number neither hides the quote nor its marker."""
    assert summary("Die Satzung sagt „Der Vorstand beschließt den Haushalt.“¹ [D1 ¶2].") == [
        (INLINE, "Der Vorstand beschließt den Haushalt.", "D1", 2)
    ]
    assert summary("Sie sagt „Der Vorstand beschließt den Haushalt.“² Danach.") == [
        (INLINE, "Der Vorstand beschließt den Haushalt.", None, None)
    ]


FOOTNOTE_FORMS = [
    # reference after the quote, definition line at the end: cited source and paragraph
    ('"the fee rises by six per cent"[^1] here.\n\n[^1]: S1 ¶3\n', "S1", 3),
    ('"the fee rises by six per cent" [^fee] here.\n\n[^fee]: Source: S1, ¶3.\n', "S1", 3),
    ('"the fee rises by six per cent" [1] here.\n\n**Sources**\n\n[1] S1, Abs. 3\n', "S1", 3),
    ('"the fee rises by six per cent" [1] here.\n\n[1]: [S1 ¶3]\n', "S1", 3),
    ('"the fee rises by six per cent" [2][1] here.\n\n[1]: S9\n[2]: S1 ¶3\n', "S1", 3),
    ("„the fee rises by six per cent“¹ here.\n\n¹ S1, Abs. 3\n", "S1", 3),
    ('"the fee rises by six per cent"[^1] here.\n\n[^1]: Fee Schedule, ¶3\n', "Fee Schedule", 3),
    # a markdown footnote that reads as no citation cites its text (no source will match)
    ('"the fee rises by six per cent"[^1] here.\n\n[^1]: Anna\'s email\n', "Anna's email", None),
    # no definition, or one that is prose or inside a code block: no citation
    ('"the fee rises by six per cent" [1] here.\n', None, None),
    ('"the fee rises by six per cent" [1] here.\n\n[1] see the annex\n', None, None),
    ('"the fee rises by six per cent" [1] here.\n\n```\n[1] S1 ¶3\n```\n', None, None),
]


@pytest.mark.parametrize(("markdown", "ref", "paragraph"), FOOTNOTE_FORMS)
def test_a_footnote_reference_cites_what_its_definition_names_003_1(
    markdown: str, ref: str | None, paragraph: int | None
) -> None:
    """003.1: "…"[^1] with "[^1]: S1 ¶3" (or "[1] S1 ¶3", "¹ S1, Abs. 3") at the end cites S1
    ¶3; read as uncited, the quote would be searched everywhere, and a footnote naming an
    ineligible source or an email could pass by a match elsewhere."""
    (quote,) = quotes_of(markdown)
    assert (quote.text, quote.cited_ref, quote.cited_paragraph) == (
        "the fee rises by six per cent",
        ref,
        paragraph,
    )
    if ref is not None:  # the references belong to the quote's extent
        assert markdown[quote.extent[1] :].startswith(" here.")


@pytest.mark.parametrize(
    "markdown",
    [
        "> The fee rises by six per cent. [^1]\n\n[^1]: S1 ¶3\n",
        "> The fee rises by six per cent.[1]\n\n[1] S1 ¶3\n",
        "> The fee rises by six per cent.\n[^1]\n\n[^1]: S1 ¶3\n",
        "> The fee rises by six per cent.¹\n\n¹ S1 ¶3\n",
    ],
)
def test_a_footnote_reference_cites_a_block_quote_003_1(markdown: str) -> None:
    assert summary(markdown) == [(BLOCK, "The fee rises by six per cent.", "S1", 3)]


def test_a_superscript_after_a_letter_is_block_quote_text_003_1() -> None:
    """003.1: "120 m²" ends with a superscript that is the text's own, not a footnote."""
    assert summary("> The floor space is 120 m²\n\n² S1 ¶3\n") == [
        (BLOCK, "The floor space is 120 m²", None, None)
    ]


@pytest.mark.parametrize(
    "between",
    [". ", ", ", "; ", " (emphasis added) ", " (sic) ", ". (Hervorhebung d. Verf.) ", " (p. 4) "],
)
def test_punctuation_or_an_editorial_note_before_the_marker_003_1(between: str) -> None:
    """003.1: '"…". [S1 ¶3]', '"…" (emphasis added) [S1 ¶3]': the marker still cites the
    quote, and what stands between belongs to its extent."""
    markdown = f'It says "the fee rises by six per cent"{between}[S1 ¶3] here.'
    (quote,) = quotes_of(markdown)
    assert (quote.cited_ref, quote.cited_paragraph) == ("S1", 3)
    assert markdown[quote.extent[1] :] == " here."


@pytest.mark.parametrize(
    "markdown",
    [
        "'The employees' representatives are consulted before any change.' [S1 ¶3]",
        "‘The employees’ representatives are consulted before any change.’ [S1 ¶3]",
        "'The employees' and the managers' representatives are consulted.' [S1 ¶3]",
    ],
)
def test_a_possessive_apostrophe_does_not_close_a_single_quote_003_1(markdown: str) -> None:
    """003.1: in 'the employees' representatives …' [S1] the mark after "employees" is an
    apostrophe: the quote (and its marker) run on to the mark before the marker."""
    (quote,) = quotes_of(markdown)
    assert (quote.text[-1], quote.cited_ref, quote.cited_paragraph) == (".", "S1", 3)


def test_a_possessive_without_a_marker_after_the_quote_stays_a_short_quote_003_1() -> None:
    assert summary("The 'employees' rights' are listed. No marker here.") == []


SENTENCE_CITATIONS = [
    ('"A is the first" and "B is the second" [S1 ¶3].', ["S1", "S1"]),
    ('"A is the first", "B is the second" and "C is the third" [S1].', ["S1", "S1", "S1"]),
    ('"A is the first", says the minute [S1 ¶2].', ["S1"]),
    ('"A is the first". "B is the second" [S1].', [None, "S1"]),
    ('"A is the first" | "B is the second" [S1]', [None, "S1"]),
    ('"A is the first" and\n\n"B is the second" [S1].', [None, "S1"]),
    # A paragraph break ends the sentence: a marker alone after it cites nothing before it.
    ('He wrote "A is the first"\n\n[S1 ¶3]', [None]),
    ('"A is the first" and "B is the second"\n\n[S1]', [None, None]),
    ('"A is the first" and "B is the second" (S1).', ["S1", "S1"]),
    ('Per the 2019 lease [S0 ¶1], "A is the first".', ["S0"]),
    ('The 2019 lease (S0 ¶1): "A is the first".', ["S0"]),
    ('In Q3 (S0 ¶1) the rule "A is the first" held.', [None]),
    ('See [S0 ¶1] and then "A is the first" and "B is the second".', ["S0", None]),
    ('The old lease [S0 ¶1] was replaced. Now "A is the first" applies.', [None]),
    ('"A is the first" [S1] and "B is the second" too.', ["S1", None]),
]


@pytest.mark.parametrize(("markdown", "cited"), SENTENCE_CITATIONS)
def test_a_quote_without_a_marker_takes_its_sentences_source_003_1(markdown, cited) -> None:
    """003.1: '"A" and "B" [S1 ¶3]': the sentence's marker cites "A" too, its source only
    (which paragraph holds "A" the marker does not say); not across a sentence's end, a
    table cell or a paragraph."""
    quotes = quotes_of(markdown)
    assert [q.cited_ref for q in quotes] == cited
    assert all(q.cited_paragraph is None for q in quotes[:-1])


@pytest.mark.parametrize(
    ("markdown", "cited"),
    [
        ("Beleg 1 (D1, Abs. 3): „die Gebühr steigt um sechs Prozent“", ("D1", 3)),
        ("**Beleg (D0 Abs. 2):** „die Gebühr steigt um sechs Prozent“", ("D0", 2)),
        ('**The lease [D1 ¶3]**: "the fee rises by six per cent".', ("D1", 3)),
        # Not right before the quote: which paragraph holds it the marker does not say.
        ('Per the lease [D1 ¶3], "the fee rises by six per cent".', ("D1", None)),
        ('The lease (D1 ¶3): the tenant says "the fee rises by six per cent".', ("D1", None)),
        # The quote's own paragraph is closer.
        ('The lease (D1 ¶3): "the fee rises by six per cent" (¶4).', ("D1", 4)),
    ],
)
def test_a_marker_introducing_the_quote_with_a_colon_cites_its_paragraph_003_1(
    markdown, cited
) -> None:
    """003.1: 'Beleg 1 (D1, Abs. 3): „…“' cites D1 ¶3: read for its source only, a quote in
    another paragraph was left as cited instead of relocated."""
    (quote,) = quotes_of(markdown)
    assert (quote.cited_ref, quote.cited_paragraph) == cited


@pytest.mark.parametrize(
    ("markdown", "named"),
    [
        ('According to D0 (¶3): "the fee rises by six per cent".', ("D0", 3)),
        ('In D0 ¶3 the lease says "the fee rises by six per cent".', ("D0", 3)),
        ('D1 states in paragraph 3 that "the fee rises by six per cent".', ("D1", 3)),
        ("Laut E1, Abs. 2 gilt: „die Gebühr steigt um sechs Prozent“.", ("E1", 2)),
        ('The lease D1 says "the fee rises by six per cent".', ("D1", None)),
        ('In Q3 the board said "the fee rises by six per cent".', ("Q3", None)),
        # No lead-in name: two ids, another sentence, a contrast, a marker of its own.
        ('D0 and D1 both say "the fee rises by six per cent".', (None, None)),
        ('See D0. Then the lease says "the fee rises by six per cent".', (None, None)),
        ('Unlike D0, the new lease says "the fee rises by six per cent".', (None, None)),
        ('In D0 the lease says "the fee rises by six per cent" [D1 ¶2].', (None, 2)),
        ('In D0 the lease says "the fee rises by six per cent" (Lease, ¶2).', ("Lease, ¶2", None)),
    ],
)
def test_a_source_id_in_the_lead_in_names_the_quotes_source_003_1(markdown, named) -> None:
    """003.1: a quote still without a citation takes the one source id its sentence names
    before it, as a name (it cites only when it is a known source's id), with the paragraph
    written after it."""
    (quote,) = quotes_of(markdown)
    assert (quote.attributed_to, quote.cited_paragraph) == named


@pytest.mark.parametrize(
    ("markdown", "cited"),
    [
        # A heading's words are a topic: the lead-in's id is closer.
        (
            '## Lease review\n\nAccording to D0 (¶3): "the fee rises by six per cent".',
            (None, "D0", 3),
        ),
        # A heading's marker outweighs a lead-in id that may name nothing ("Q3").
        (
            '## Old lease (D0)\n\nIn Q3 the board said "the fee rises by six per cent".',
            ("D0", None, None),
        ),
        (
            '## Lease (D1)\n\nIn D1 ¶3 the lease says "the fee rises by six per cent".',
            (None, "D1", 3),
        ),
    ],
)
def test_a_lead_in_name_and_a_heading_003_1(markdown: str, cited: tuple) -> None:
    (quote,) = quotes_of(markdown)
    assert (quote.cited_ref, quote.attributed_to, quote.cited_paragraph) == cited


@pytest.mark.parametrize(
    ("markdown", "expected"),
    [
        (
            "It says *the fee rises by six per cent* [D0 ¶3].",
            ("the fee rises by six per cent", "D0", 3),
        ),
        (
            "It says _the fee rises by six per cent_ (D0 ¶3).",
            ("the fee rises by six per cent", "D0", 3),
        ),
        (
            "- *Die Miete beträgt 1.200 EUR monatlich*, [D1, Abs. 3]",
            ("Die Miete beträgt 1.200 EUR monatlich", "D1", 3),
        ),
        (
            "It says *the fee\nrises by six per cent* [D0].",
            ("the fee\nrises by six per cent", "D0", None),
        ),
    ],
)
def test_italics_followed_by_a_marker_are_a_quote_003_1(markdown: str, expected: tuple) -> None:
    """003.1: models quote in italics too, with a marker right after the closing mark; the
    italics and the marker are the quote's extent."""
    (quote,) = quotes_of(markdown)
    assert (quote.form, quote.text, quote.cited_ref, quote.cited_paragraph) == (INLINE, *expected)
    assert markdown[quote.extent[0]] in "*_"


@pytest.mark.parametrize(
    "markdown",
    [
        "It says *the fee rises by six per cent* here.",
        "It *really* [D1] says so.",
        "As *Lease Agreement 2024* [D1 ¶3] says, the rent rises.",
        "Use `*the fee rises by six* [D1]` here.",
        "It says *the fee rises\n\nby six per cent* [D0].",
    ],
)
def test_italics_without_a_marker_or_of_a_title_are_emphasis_003_1(markdown: str) -> None:
    assert quotes_of(markdown) == ()


@pytest.mark.parametrize(
    ("markdown", "cited"),
    [
        ('Evidence: "the fee rises by six per cent"\n[D0 ¶3]\n\nNext.', ("D0", 3)),
        ('Evidence: "the fee rises by six per cent".\n— D0, ¶3\n\nNext.', ("D0", 3)),
        ("Nachweis: „die Gebühr steigt um sechs Prozent“\n(Quelle: D0, Abs. 2)", ("D0", 2)),
        # A next line that is more than a marker is prose.
        ('He wrote "the fee rises by six per cent"\n[D0 ¶3] says more.', ("D0", None)),
    ],
)
def test_a_marker_alone_on_the_next_line_cites_the_inline_quote_003_1(markdown, cited) -> None:
    """003.1: an inline quote ending its line takes a marker that is all of the next line,
    as a block quote does (an attribution line); the marker line is part of its extent."""
    (quote,) = quotes_of(markdown)
    assert (quote.cited_ref, quote.cited_paragraph) == cited


def test_a_quote_in_parentheses_after_its_marker_and_a_colon_003_1() -> None:
    (quote,) = quotes_of('It is paid in advance (D1 ¶3: "the rent is paid monthly in advance").')
    assert (quote.attributed_to, quote.cited_paragraph) == ("D1", 3)


def test_a_reasoning_block_before_the_answer_is_not_read_003_1() -> None:
    """003.1: quotes in a reasoning model's <think> block before the answer are drafts, not
    the assessment: not checked, with a note; offsets still point into the response."""
    markdown = (
        '<think>\nD0 says "the deposit equals two months\' rent" [D0 ¶3], but it is old.\n'
        '</think>\n\nThe deposit: "the deposit equals three months\' rent" [D1 ¶4].'
    )
    parsed = parse_response(Response(format="markdown", text=markdown))
    (quote,) = parsed.quotes
    assert (quote.text, quote.cited_ref) == ("the deposit equals three months' rent", "D1")
    assert markdown[slice(*quote.response_span)] == quote.text
    assert parsed.notes and "<think>" in parsed.notes[0]
    # Unclosed, or after the answer began, it is no reasoning block: everything is read.
    assert len(quotes_of(markdown.replace("</think>", ""))) == 2
    assert len(quotes_of("Answer.\n\n" + markdown)) == 2


def test_a_quote_nested_in_the_same_marks_is_part_of_the_outer_quote_003_1() -> None:
    """003.1: "… "yes" …" [S1]: the outer pair, closed before the marker, is the quote."""
    assert summary('She said "the board said "yes" to the plan on Monday" [S1].') == [
        (INLINE, 'the board said "yes" to the plan on Monday', "S1", None)
    ]
    assert summary('She said "the board said "yes" to it and left.') == []


@pytest.mark.parametrize(("marker", "ref", "paragraph"), MARKER_FORMS)
def test_marker_forms_after_inline_quote_003_1(
    marker: str, ref: str, paragraph: int | None
) -> None:
    """003.1: every tolerated marker form names the source and paragraph."""
    assert summary(f'It says "the fee rises by six per cent" {marker} here.') == [
        (INLINE, "the fee rises by six per cent", ref, paragraph)
    ]


@pytest.mark.parametrize(("marker", "ref", "paragraph"), MARKER_FORMS)
def test_marker_forms_after_block_quote_003_1(marker: str, ref: str, paragraph: int | None) -> None:
    assert summary(f"> The fee rises by six per cent. {marker}\n") == [
        (BLOCK, "The fee rises by six per cent.", ref, paragraph)
    ]


@pytest.mark.parametrize("reference", ["[1]", "[^1^]", "[cite: 1]", "[cite:1]", "¹", "[^1]"])
def test_a_number_no_definition_explains_is_a_numbered_reference_read_as_a_name(
    reference: str,
) -> None:
    """003.1, C1b: a number without a footnote definition names the source labelled 1, if
    one is, however the model wraps it (Perplexity's "[1]", Copilot's "[^1^]", Gemini's
    "[cite: 1]", a superscript); it is no source id, so it cites only as a name."""
    markdown = f'It says "the fee rises by six per cent"{reference} here.'
    (quote,) = quotes_of(markdown)
    assert (quote.cited_ref, quote.attributed_to) == (None, "1")
    assert markdown[quote.extent[1] :] == " here."


REFERENCE_LISTS = [
    "[3] News article Harbor Point",
    "³ News article Harbor Point",
    "³: News article Harbor Point",
    "**Sources:**\n1. Commercial Lease\n3. News article Harbor Point",
    "Quellen:\n\n1) Commercial Lease\n3) News article Harbor Point.",
    "[3] <https://news.example.com/hp>",
    "3. https://news.example.com/hp",
]


@pytest.mark.parametrize("reference", ["[3]", "³", "[^3^]"])
@pytest.mark.parametrize("definitions", REFERENCE_LISTS)
def test_a_reference_list_names_its_source_by_title_or_url_003_1(
    definitions: str, reference: str
) -> None:
    """C1c: a reference list's line ("[3] News article …", "³ …", "3. …") names the source
    by title or URL, which cites when it is a known source's (a name, so prose costs
    nothing); read as prose, "[3]" named the source labelled 3, none when the sources have
    no labels, and the quote passed while the list named an ineligible source."""
    markdown = f'The lease says "the fee rises by six per cent"{reference}.\n\n{definitions}\n'
    (quote,) = quotes_of(markdown)
    named = "https://news.example.com/hp" if "https" in definitions else "News article Harbor Point"
    assert (quote.cited_ref, quote.attributed_to) == (None, named)


@pytest.mark.parametrize(
    "markdown",
    [
        # A numbered list in the body, above the reference, is no reference list.
        '1. Rent is due monthly\n\nIt says "the fee rises by six per cent" [1].',
        # A definition in prose is none: the number names the source labelled so.
        'It says "the fee rises by six per cent" [1].\n\n[1] see the annex',
    ],
)
def test_a_list_or_prose_is_no_reference_list_003_1(markdown: str) -> None:
    (quote,) = quotes_of(markdown)
    assert (quote.cited_ref, quote.attributed_to) == (None, "1")


@pytest.mark.parametrize(
    "not_a_marker",
    [
        "[]",
        # An HTML tag and braces around prose are no markers.
        "<h2>",
        "{see below}",
        "{2024}",
        # Parenthetical prose: an id in parentheses must look like a source id.
        "(see below)",
        "(2024)",
        "(sic)",
        "(translated)",
        "(S1 ¶3",
        "(S1 ¶3]",
        "<sup>2</sup>",
        "<sup>note</sup>",
        "【S1†¶3",
    ],
)
def test_things_that_are_not_markers_003_1(not_a_marker: str) -> None:
    """003.1: brackets and parentheses that do not have a marker's shape leave the quote
    uncited, and their text is not taken into the quote's extent."""
    markdown = f'It says "the fee rises by six per cent" {not_a_marker} here.'
    (quote,) = quotes_of(markdown)
    assert (quote.text, quote.cited_ref, quote.cited_paragraph) == (
        "the fee rises by six per cent",
        None,
        None,
    )
    assert markdown[quote.extent[1] :] == f" {not_a_marker} here."


@pytest.mark.parametrize(
    ("in_words", "ref", "paragraph", "name"),
    [
        # A source id in words is a marker: the writer points at the source.
        ("(see D1 at ¶ 4)", "D1", 4, None),
        ("[see S1]", "S1", None, None),
        ("(vgl. D1, Abs. 3)", "D1", 3, None),
        ("[Doc D1, ¶3]", "D1", 3, None),
        ("(Document D1, paragraph 3)", "D1", 3, None),
        ("— D1, ¶3", "D1", 3, None),
        ("(Quelle: Mietvertrag, § 3)", "Mietvertrag", 3, None),
        # A name cites only when verification finds a source of that title or label.
        ("(Lease Agreement, §4)", None, None, "Lease Agreement, §4"),
        ("(Doc 2, para. 3)", None, None, "Doc 2, para. 3"),
        # The label stays with the name: after one, a name is plainly a citation.
        ("(Source: Lease Agreement)", None, None, "Source: Lease Agreement"),
        ("– Lease Agreement, §4", None, None, "Lease Agreement, §4"),
        ("(Smith, p. 4)", None, None, "Smith, p. 4"),
        ("[S1 3]", None, None, "S1 3"),
        # A paragraph alone: the source must come from the context (here there is none).
        ("(¶3)", None, 3, None),
        ("(p.3)", None, None, None),  # a page alone names no paragraph either
        ("(see ¶2)", None, 2, None),
    ],
)
def test_a_citation_in_words_after_an_inline_quote_003_1(in_words, ref, paragraph, name) -> None:
    """003.1: a citation written in words after an inline quote, in parentheses, brackets or
    after a dash, belongs to the quote's extent: an id is a marker, a name a source the
    quote is attributed to (cites when it resolves), a paragraph alone the quote's own."""
    markdown = f'It says "the fee rises by six per cent" {in_words}. And so on.'
    (quote,) = quotes_of(markdown)
    assert (quote.cited_ref, quote.cited_paragraph, quote.attributed_to) == (ref, paragraph, name)
    assert markdown[quote.extent[1] :] == ". And so on."


def test_chatgpt_lines_and_file_citations_003_1() -> None:
    """003.1: '【D0†L3-L5】' cites each line as a paragraph; '【4:0†source】' names a file,
    which cites only when it is a known source's title or label ("source" never is)."""
    (lines,) = quotes_of('It says "the fee rises by six per cent"【D0†L3-L5】 here.')
    assert (lines.cited_ref, lines.cited_paragraphs) == ("D0", (3, 4, 5))
    markdown = 'It says "the fee rises by six per cent" 【4:0†source】 here.'
    (file,) = quotes_of(markdown)
    assert (file.cited_ref, file.attributed_to) == (None, "source")
    assert markdown[file.extent[1] :] == " here."


def test_a_marker_written_as_a_link_is_a_linked_site_003_1() -> None:
    markdown = 'As "the fee rises by six per cent" [S1 ¶2](https://x.example/a#p2) says.'
    (quote,) = quotes_of(markdown)
    assert (quote.cited_ref, quote.cited_paragraph, quote.site.link) == ("S1", 2, True)
    assert markdown[slice(*quote.site.span)] == "[S1 ¶2](https://x.example/a#p2)"
