"""Citations with locators (issue 14): ``(Handbook, section 7.3)``, ``(Satzung, Art. 5 Abs.
2)``, ``(§ 4)``. The locator names a place in the source: the section whose first paragraph
starts with its number. Generated sources of every numbering scheme: a quote in the section
its locator names is verified there; one cited to another section is relocated (corrected
for a document) to where it really is."""

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from citations.engine import Reason, VerificationStatus, load_bundle, verify_bundle
from citations.engine.reading.locators import located_paragraphs, split_locator

from .test_match import sentences

TITLE = "Staff Handbook"
# How a source numbers its sections, and how answers name one of them.
SCHEMES = [
    ("{n} {title}", ["section {n}", "sec. {n}", "Abschnitt {n}", "§{n}", "Ziffer {n}"]),
    ("## {n} {title}", ["section {n}", "Kapitel {n}", "chapter {n}"]),
    ("§ {n} {title}", ["§ {n}", "§{n}", "§§ {n}"]),
    ("Art. {n} {title}", ["Art. {n}", "Artikel {n}", "Article {n}"]),
    ("Clause {n}. {title}", ["clause {n}", "Clause {n}"]),
]
NAMED = [
    "({name}, {locator})",
    "({name} {locator})",
    "(Source: {name} {locator})",
    "(vgl. {name}, {locator})",
]


@st.composite
def sectioned_sources(draw):
    heading, locators = draw(st.sampled_from(SCHEMES))
    dotted = draw(st.booleans())
    count = draw(st.integers(min_value=2, max_value=5))
    numbers = [f"4.{i}" if dotted else str(i + 3) for i in range(1, count + 1)]
    paragraphs, sections = [], []
    for number in numbers:
        paragraphs.append(heading.format(n=number, title=draw(st.sampled_from(["Scope", "Fees"]))))
        body = draw(st.lists(sentences(min_words=5), min_size=1, max_size=3))
        sections.append(list(range(len(paragraphs) + 1, len(paragraphs) + len(body) + 1)))
        paragraphs.extend(body)
    return paragraphs, numbers, sections, draw(st.sampled_from(locators))


@settings(max_examples=150, deadline=None)
@given(sectioned_sources(), st.data())
def test_a_locator_names_the_section_it_numbers(source, data) -> None:
    paragraphs, numbers, sections, locator = source
    where = data.draw(st.integers(min_value=0, max_value=len(numbers) - 1))
    cited = data.draw(st.integers(min_value=0, max_value=len(numbers) - 1))
    paragraph = data.draw(st.sampled_from(sections[where]))
    quote = paragraphs[paragraph - 1]
    assume(sum(quote in p for p in paragraphs) == 1)
    citation = data.draw(st.sampled_from(NAMED)).format(
        name=TITLE, locator=locator.format(n=numbers[cited])
    )
    bundle = load_bundle(
        {
            "bundle_version": 1,
            "id": "located",
            "sources": [
                {
                    "id": "H1",
                    "kind": "document",
                    "title": "Staff Handbook",
                    "paragraphs": paragraphs,
                },
                {"id": "H2", "kind": "document", "title": "Other", "paragraphs": [quote]},
            ],
            "response": {"format": "markdown", "text": f'It says "{quote}" {citation}.\n'},
        }
    )
    (result,) = verify_bundle(bundle).results
    assert result.cited_source == "H1", result
    section_start = sections[cited][0] - 1  # the heading
    assert result.quote.cited_paragraph == section_start
    if where == cited:
        assert result.status is VerificationStatus.VERIFIED, result
        assert result.reason is Reason.FOUND_AS_CITED
    else:
        assert result.status is VerificationStatus.CORRECTED, result
        assert result.corrected is not None
        assert (result.corrected.source, result.corrected.paragraph) == ("H1", paragraph)


SATZUNG = [
    "§ 4 Name",
    "Der Verein führt den Namen Lesekreis.",
    "§ 5 Mitgliedschaft",
    "(1) Mitglied kann jede natürliche Person werden.",
    "(2) Über die Aufnahme entscheidet der Vorstand.",
    "Die Entscheidung ist schriftlich mitzuteilen.",
    "(3) Der Austritt ist jederzeit möglich.",
    "§ 6 Beiträge",
]


@pytest.mark.parametrize(
    ("locator", "paragraphs"),
    [
        ("§ 5", (3, 4, 5, 6, 7)),
        ("§ 5 Abs. 2", (5, 6)),  # a subsection runs to the next "(n)"
        ("§5 Absatz 3", (7,)),
        ("§ 5 Abs. 9", (3, 4, 5, 6, 7)),  # no such subsection: the section
        ("§ 7", ()),  # no such section
        ("para 2", (2,)),
        ("p. 2", ()),  # a page: the source has no pages
        ("Art. 5", ()),  # no article 5: "§ 5" is another kind of section
    ],
)
def test_located_paragraphs_of_a_statute(locator, paragraphs) -> None:
    assert located_paragraphs(SATZUNG, locator) == paragraphs


def test_a_section_number_written_twice_names_no_section() -> None:
    # "2 Fees" and a list item "2 Fees" inside another section: ambiguous, so no place
    assert located_paragraphs(["1 Scope", "2 Fees", "3 Rates", "2 Fees"], "section 2") == ()


@pytest.mark.parametrize(
    ("written", "split"),
    [
        ("Handbook, section 7.3", ("Handbook", "section 7.3")),
        ("Satzung § 5 Abs. 2", ("Satzung", "§ 5 Abs. 2")),
        ("§ 5 Abs. 2", ("", "§ 5 Abs. 2")),
        ("Lease Agreement", ("Lease Agreement", "")),
    ],
)
def test_split_locator(written, split) -> None:
    assert split_locator(written) == split


def test_a_locator_alone_cites_the_one_source_with_that_section() -> None:
    bundle = load_bundle(
        {
            "bundle_version": 1,
            "id": "statute",
            "sources": [
                {"id": "S1", "kind": "document", "title": "Satzung", "paragraphs": SATZUNG},
                {"id": "S2", "kind": "document", "paragraphs": ["Über die Aufnahme."]},
            ],
            "response": {
                "format": "markdown",
                "text": "Es heißt „Über die Aufnahme entscheidet der Vorstand“ (§ 5 Abs. 3).\n",
            },
        }
    )
    (result,) = verify_bundle(bundle).results
    assert (result.cited_source, result.quote.cited_paragraph) == ("S1", 7)
    assert result.status is VerificationStatus.CORRECTED
    assert result.corrected is not None and result.corrected.paragraph == 5


BIG = "The effect was large and significant."
AUTHORS = [
    {"id": "P1", "kind": "document", "label": "Müller 2019", "paragraphs": ["Intro.", BIG]},
    {
        "id": "P2",
        "kind": "document",
        "label": "Smith & Jones 2020",
        "eligible": False,
        "paragraphs": ["Intro.", "The effect was small."],
    },
]


@pytest.mark.parametrize(
    ("citation", "source", "status"),
    [
        ("(Müller, 2019, p. 3)", "P1", VerificationStatus.VERIFIED),
        ("(Müller 2019, S. 2)", "P1", VerificationStatus.VERIFIED),
        ("(Smith & Jones, 2020, p. 12)", "P2", VerificationStatus.INELIGIBLE),
    ],
)
def test_an_author_year_citation_names_its_source_and_its_page_no_paragraph(
    citation, source, status
):
    # the comma of APA style missed the label "Müller 2019"; "p. 3" was read as ¶3, so the
    # quote was "relocated" and the export rewrote the page citation
    quote = BIG if source == "P1" else "The effect was small."
    bundle = load_bundle(
        {
            "bundle_version": 1,
            "id": "authors",
            "sources": AUTHORS,
            "response": {"format": "markdown", "text": f'It says "{quote}" {citation}.\n'},
        }
    )
    (result,) = verify_bundle(bundle).results
    assert (result.cited_source, result.quote.cited_paragraph) == (source, None)
    assert result.status is status


@pytest.mark.parametrize(
    ("paragraphs", "locator", "located"),
    [
        # an annex counts again from "§ 1": it ends "§ 5" of the statute before it
        (
            ["§ 5 Beiträge", "Der Beitrag ist jährlich.", "Anlage", "§ 1 Beitrag", "10 Euro."],
            "§ 5",
            (1, 2, 3),
        ),
        # a sentence opening with a figure is no heading of section 5
        (
            ["Artikel I Name", "5 Mitglieder bilden den Vorstand.", "Der Vorstand tagt."],
            "Art. 5",
            (),
        ),
        (["1. Term", "It runs a year.", "4. Repairs", "The tenant repairs."], "§4", (3, 4)),
    ],
)
def test_where_a_section_starts_and_ends(paragraphs, locator, located):
    assert located_paragraphs(paragraphs, locator) == located


def test_a_section_locator_the_source_cannot_place_names_no_paragraph():
    # "§ 3" was read as the third paragraph when the statute has no § 3
    bundle = load_bundle(
        {
            "bundle_version": 1,
            "id": "no-section",
            "sources": [
                {"id": "S1", "kind": "document", "title": "Satzung", "paragraphs": SATZUNG}
            ],
            "response": {
                "format": "markdown",
                "text": "Es heißt „Über die Aufnahme entscheidet der Vorstand“ (Satzung, § 3).\n",
            },
        }
    )
    (result,) = verify_bundle(bundle).results
    assert (result.cited_source, result.quote.cited_paragraph) == ("S1", None)
    assert result.status is VerificationStatus.VERIFIED
