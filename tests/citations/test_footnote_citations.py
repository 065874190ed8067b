"""Footnote citations as models write them (issue 29, item 7): a definition that carries a
description after its citation (``[^3]: D2 ¶4 — Annual report 2024, p. 12``) cites the
source and paragraph its citation names, never anything its description names; a label
that names a source (``[^D2]``, ``[^report]``) cites it, with or without a definition; and a
page (``p. 12``, ``S. 58``, ``pág. 3``), in a footnote or inline, cites its source alone:
a source's paragraphs have no pages, so the page's number is never a paragraph's."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from citations.engine import load_bundle, verify_bundle
from citations.engine.reading.locators import PAGE_WORDS
from citations.engine.reading.markers import (
    FOOTNOTE_DEFINITION,
    PARAGRAPH_WORDS,
    footnote_citation,
    read_citation,
)

QUOTE = "Repairs above 500 EUR need the landlord's written consent."
# D2 holds the quote at ¶4 and has more than twelve paragraphs, so a page 12 or 58 read as
# a paragraph would show as a relocation; OLD holds it too, but was not given in the turn.
SOURCES = [
    {
        "id": "D1",
        "kind": "document",
        "title": "Lease Agreement",
        "paragraphs": ["The tenant pays the rent monthly in advance."],
    },
    {
        "id": "D2",
        "kind": "document",
        "title": "Annual report 2024",
        "label": "report",
        "paragraphs": [
            *(f"Section {n} of the report." for n in range(1, 4)),
            QUOTE,
            *(f"Section {n} of the report." for n in range(5, 60)),
        ],
    },
    {"id": "doc-2", "kind": "document", "title": "Side letter", "paragraphs": [QUOTE]},
    {
        "id": "OLD",
        "kind": "document",
        "title": "Old report 2019",
        "eligible": False,
        "paragraphs": [QUOTE],
    },
]


def result(
    reference: str, definition: str | None = None
) -> tuple[str, str, str | None, int | None]:
    """(status, reason, cited source, cited paragraph) of the one quote of an answer that
    cites it with ``reference`` and defines it (when given) as ``definition``."""
    markdown = f'The report says "{QUOTE[:-1]}"{reference}.'
    if definition is not None:
        markdown += f"\n\nSome more text.\n\n{definition}\n"
    bundle = load_bundle(
        {
            "bundle_version": 1,
            "id": "footnotes",
            "sources": SOURCES,
            "response": {"format": "markdown", "text": markdown},
        }
    )
    (quote,) = verify_bundle(bundle).results
    return quote.status.value, quote.reason.value, quote.cited_source, quote.quote.cited_paragraph


AT_D2_4 = ("verified", "found_as_cited", "D2", 4)
D2_ALONE = ("verified", "found_as_cited", "D2", None)


@pytest.mark.parametrize(
    ("reference", "definition"),
    [
        # a citation, then a description with a page that is no paragraph
        ("[^3]", "[^3]: D2 ¶4 — Annual report 2024, p. 12"),
        ("[^3]", "[^3]: D2, para. 4 – Annual report 2024, p. 12"),
        ("[^3]", "[^3]: D2, Abs. 4 — Jahresbericht 2024, S. 12"),
        ("[^3]", "[^3]: D2, párr. 4 — Informe anual 2024, pág. 12"),
        ("[^3]", "[^3]: D2 § 4 — Rapport annuel 2024, p. 12"),
        ("[^3]", "[^3]: D2 ¶4 | Annual report 2024 | p. 12"),
        ("[^3]", "[^3]: D2 ¶4 (Annual report 2024, p. 12)"),
        ("[^3]", "[^3]: [D2, ¶4] Annual report"),
        ("[^3]", "[^3]: [D2, Abs. 4] Jahresbericht 2024, S. 12"),
        ("[^3]", "[^3]: D2 ¶4, S. 12 — Jahresbericht"),
        ("[^a]", "[^a]: Source D2, paragraph 4."),
        ("[^a]", "[^a]: Source: D2, ¶4. Annual report 2024, p. 12"),
        ("[^a]", "[^a]: Quelle: D2, Abs. 4. Jahresbericht 2024, S. 58"),
        # a title with a paragraph, then a description
        ("[^3]", "[^3]: Annual report 2024, ¶4 — retrieved 12 May 2024, p. 12"),
        # a reference list's line, a superscript's
        ("[3]", "[3] D2 ¶4 — Annual report 2024, p. 12"),
        ("³", "³ D2, Abs. 4 — Jahresbericht 2024, S. 12"),
        # a label naming the source, and a definition naming its paragraph
        ("[^report]", "[^report]: Annual report 2024, ¶4"),
        ("[^D2]", "[^D2]: D2, párr. 4 — Informe anual, pág. 12"),
    ],
)
def test_a_footnote_cites_the_source_and_paragraph_its_citation_names(reference, definition):
    assert result(reference, definition) == AT_D2_4


@pytest.mark.parametrize(
    ("reference", "definition", "source"),
    [
        # a label naming a source, without a definition
        ("[^D2]", None, "D2"),
        ("[^doc-2]", None, "doc-2"),
        ("[^report]", None, "D2"),
        # ... or with one that names it by title, or only describes it, or gives a page
        ("[^D2]", "[^D2]: Annual report 2024, p. 12", "D2"),
        ("[^D2]", "[^D2]: Retrieved 12 May 2024", "D2"),
        ("[^D2]", "[^D2]: p. 12", "D2"),
        ("[^doc-2]", "[^doc-2]: Side letter to the lease, S. 3", "doc-2"),
        ("[^fn1]", "[^fn1]: Annual report 2024", "D2"),
        # a page in a footnote: the source alone
        ("[^1]", "[^1]: D2, p. 12", "D2"),
        ("[^1]", "[^1]: D2, S. 58", "D2"),
        ("[^1]", "[^1]: D2, page 12", "D2"),
        ("[^1]", "[^1]: D2, pág. 12 — Informe anual", "D2"),
        ("[^1]", "[^1]: Annual report 2024, p. 12", "D2"),
        # a description before the citation: the parts name the one source they name
        ("[^1]", "[^1]: Jahresbericht — Source: D2, Seite 12", "D2"),
        # a page inline: the source alone
        (" [D2, p. 12]", None, "D2"),
        (" (D2, S. 58)", None, "D2"),
        (" [D2, page 12]", None, "D2"),
        (" [D2 pp. 12-14]", None, "D2"),
        (" (D2, стр. 12)", None, "D2"),
        (" (Annual report 2024, p. 12)", None, "D2"),
        (" (Annual report 2024, S. 58)", None, "D2"),
    ],
)
def test_a_label_or_a_page_cites_the_source_alone(reference, definition, source):
    assert result(reference, definition) == ("verified", "found_as_cited", source, None)


@pytest.mark.parametrize(
    ("reference", "definition", "expected"),
    [
        # a footnote without a definition whose label names no source: uncited, found
        # where it is (never cited to the label's number as a paragraph)
        ("[^note]", None, ("verified", "found_as_cited", None, None)),
        (" (p. 12)", None, ("verified", "found_as_cited", None, None)),
        # a definition naming a source the turn does not have, whatever its description
        ("[^1]", "[^1]: X9 ¶4 — Annual report 2024, p. 12", ("ineligible", "unknown_source")),
        ("[^1]", "[^1]: [X9, ¶4] Annual report 2024", ("ineligible", "unknown_source")),
        ("[^1]", "[^1]: Old audit 2018, p. 4", ("ineligible", "unknown_source")),
        ("[^fn]", "[^fn]: Old audit 2018", ("ineligible", "unknown_source")),
        # a label and its definition naming two sources name none
        ("[^D2]", "[^D2]: Lease Agreement", ("ineligible", "unknown_source")),
        # a source not given in the turn: its description does not make it eligible
        ("[^1]", "[^1]: OLD ¶1 — Annual report 2024", ("ineligible", "source_not_eligible")),
        ("[^D2]", "[^D2]: OLD ¶1, S. 12", ("ineligible", "source_not_eligible")),
        # ... nor does a label: one naming another source than its definition names none
        ("[^D2]", "[^D2]: OLD, S. 12", ("ineligible", "unknown_source")),
    ],
)
def test_what_a_footnote_does_not_cite(reference, definition, expected):
    assert result(reference, definition)[: len(expected)] == expected


PARAGRAPH_WORD_LIST = sorted({w for ws in PARAGRAPH_WORDS.values() for w in ws})
PAGE_WORD_LIST = sorted({w for ws in PAGE_WORDS.values() for w in ws})


def test_a_word_names_a_paragraph_or_a_page_never_both():
    """One table says what a word names: a page word among the paragraph words would cite
    the page's number as a paragraph."""
    assert set(PARAGRAPH_WORD_LIST) & set(PAGE_WORD_LIST) == set()


@pytest.mark.parametrize("word", PAGE_WORD_LIST)
@pytest.mark.parametrize("written", ["[D2, {word} 12]", "[D2 ¶4, {word} 12]", "D2, {word} 12"])
def test_every_page_word_cites_the_source_without_the_pages_number(word, written):
    for spelled in {word, word[0].upper() + word[1:]}:
        marker = read_citation(written.format(word=spelled))
        assert marker is not None, spelled
        assert (marker.ref, marker.paragraph) == ("D2", 4 if "¶4" in written else None)


@pytest.mark.parametrize("word", [w for w in PARAGRAPH_WORD_LIST if w[0] not in "¶§"])
def test_every_paragraph_word_still_cites_its_paragraph(word):
    marker = read_citation(f"[D2, {word} 4]")
    assert marker is not None
    assert (marker.ref, marker.paragraph) == ("D2", 4)


DESCRIPTION = st.text(
    alphabet=st.sampled_from(list("abcXYZ Äé 0123456789,.;:()-–—|¶§p[]")), max_size=60
)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["¶4", ", para. 4", ", Abs. 4", ", párr. 4", "§ 4"]), DESCRIPTION)
def test_a_description_after_the_citation_never_changes_it(paragraph, description):
    """Whatever follows a citation and a dash in a footnote's definition is description:
    the footnote cites the source and paragraph before it."""
    line = f"[^3]: D2{paragraph} — {description}"
    marker = footnote_citation(line, FOOTNOTE_DEFINITION.match(line))
    assert marker is not None
    assert (marker.ref, marker.paragraph) == ("D2", 4)
