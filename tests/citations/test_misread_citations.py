"""Classes of citations red teams found misread (task "reading"): a citation the reader
throws away leaves its quote uncited, and an uncited quote is searched in every eligible
source, so a quote citing an ineligible or unknown source came out verified (critical).
Each class is a generator over its languages and forms: the quote of a source the model was
not given is ``ineligible`` (``source_not_eligible`` or ``unknown_source``), never verified
elsewhere, and the same citation of an eligible source verifies."""

import json

import pytest

from citations.engine import export_response, load_bundle, verify_bundle
from citations.engine.reading.cite_table import (
    CODE_COLUMN_WORDS,
    QUOTE_COLUMN_WORDS,
    SOURCE_COLUMN_WORDS,
)
from citations.engine.reading.locators import SECTION_WORDS
from citations.engine.reading.markers import PARAGRAPH_WORDS, SOURCE_LABEL_WORDS

SENTENCE = "Travel expenses above 500 EUR require prior approval by the line manager."
SOURCES = [
    {
        "id": "D1",
        "kind": "document",
        "title": "Employee Handbook",
        "url": "https://example.com/handbook",
        "paragraphs": ["7.3 Expenses", SENTENCE, "Receipts are kept for ten years."],
    },
    {
        # the same sentence in a source the model was not given in this turn
        "id": "OLD",
        "kind": "document",
        "title": "Old Handbook 2019",
        "eligible": False,
        "paragraphs": [SENTENCE],
    },
    {
        "id": "RU",
        "kind": "document",
        "title": "Справочник сотрудника",
        "url": "https://example.com/ru",
        "eligible": False,
        "paragraphs": [SENTENCE],
    },
    {
        "id": "JA",
        "kind": "document",
        "title": "旧ハンドブック",
        "eligible": False,
        "paragraphs": [SENTENCE],
    },
]
NOT_GIVEN = ("source_not_eligible", "unknown_source")


def results(markdown: str) -> list[tuple[str, str, str | None]]:
    """(status, reason, matched source) of every quote of ``markdown``."""
    bundle = load_bundle(
        {
            "bundle_version": 1,
            "id": "misread",
            "sources": SOURCES,
            "response": {"format": "markdown", "text": markdown},
        }
    )
    return [
        (r.status.value, r.reason.value, r.match.source if r.match else None)
        for r in verify_bundle(bundle).results
    ]


def inline(citation: str) -> str:
    return f'The handbook says "{SENTENCE[:-1]}" {citation}.'


def block(attribution: str) -> str:
    return f"> {SENTENCE}\n> {attribution}"


LABELS = sorted({word for words in SOURCE_LABEL_WORDS.values() for word in words} - {"cite"})
SECTIONS = sorted({word for words in SECTION_WORDS.values() for word in words})
PARAGRAPHS = sorted({word for words in PARAGRAPH_WORDS.values() for word in words})


def capitalised(word: str) -> str:
    return word[:1].upper() + word[1:]


# Class 1: the words of other languages ------------------------------------------------------


@pytest.mark.parametrize("label", LABELS)
@pytest.mark.parametrize(
    ("form", "reason"),
    [
        ("({label}: OLD)", "source_not_eligible"),
        ("[{label}: OLD]", "source_not_eligible"),
        ("({label}: AGBALT)", "unknown_source"),  # an id without digits
        ("({label}: Old Handbook 2019)", "source_not_eligible"),
        ("({label}: Tenancy rules 1998)", "unknown_source"),
        ("（{label}：OLD）", "source_not_eligible"),
        ("({label}: OLD, п. 2.1)", "source_not_eligible"),
    ],
)
def test_a_source_label_of_any_language_cites_the_source_it_names(label, form, reason):
    """ "(Kilde: OLD)", "(Πηγή: AGBALT)", "（来源：OLD）": a label of any language of
    ``SOURCE_LABEL_WORDS`` makes what follows a citation, so a source the model was not given
    is never verified in another one."""
    citation = form.format(label=capitalised(label))
    assert results(inline(citation)) == [("ineligible", reason, None)]


@pytest.mark.parametrize("label", LABELS)
@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("OLD", ("ineligible", "source_not_eligible", None)),
        ("Old Handbook 2019", ("ineligible", "source_not_eligible", None)),
        ("AGBALT", ("ineligible", "unknown_source", None)),
        ("Tenancy rules 1998", ("ineligible", "unknown_source", None)),
        ("D1", ("verified", "found_as_cited", "D1")),
        ("Employee Handbook", ("verified", "found_as_cited", "D1")),
    ],
)
def test_a_source_label_of_any_language_on_an_attribution_line(label, name, expected):
    assert results(block(f"— {capitalised(label)}: {name}")) == [expected]


@pytest.mark.parametrize("word", SECTIONS + PARAGRAPHS)
@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("OLD", "source_not_eligible"),
        ("AGBALT", "unknown_source"),
        ("Old Handbook 2019", "source_not_eligible"),
    ],
)
def test_a_place_in_the_words_of_any_language_makes_a_citation(word, name, reason):
    """ "(AGBALT, Abschn. 4)", "(OLD, п. 2.1)", "(OLD, kohta 1)": a name with a place of any
    language's words cites; the source not given is not searched."""
    written = "§ 1" if word in ("§", "§§", "¶", "¶¶") else f"{capitalised(word)} 1"
    assert results(inline(f"({name}, {written})")) == [("ineligible", reason, None)]


@pytest.mark.parametrize("place", ["Zzq. 4", "rubro 2", "7.3. pont", "1. bekezdés", "第3条"])
def test_a_place_in_words_no_table_knows_still_makes_a_citation(place):
    assert results(inline(f"(AGBALT, {place})")) == [("ineligible", "unknown_source", None)]
    assert results(inline(f"(OLD, {place})")) == [("ineligible", "source_not_eligible", None)]
    assert results(inline(f"(Employee Handbook, {place})"))[0][0] == "verified"


@pytest.mark.parametrize("month", ["March", "mai", "marzo", "Okt.", "juillet", "Dec"])
@pytest.mark.parametrize("place", ["Berlin", "Paris", "New York"])
def test_a_dateline_after_a_quote_names_no_source(place, month):
    """ "(Berlin, March 2024)", "(Reuters, 12 May)" date a statement: no author-year
    reference, no unknown place; an author named like a month still cites ("(Smith and May,
    2019)")."""
    for dateline in (f"{month} 2024", f"12 {month}", f"{month} 12", f"4 {month} 2024"):
        assert results(inline(f"({place}, {dateline})")) == [("verified", "found_as_cited", "D1")]
    assert results(inline("(Smith and May, 2019)")) == [("ineligible", "unknown_source", None)]


@pytest.mark.parametrize("label", LABELS)
def test_the_same_citation_of_an_eligible_source_verifies(label):
    for citation in (f"({capitalised(label)}: D1)", f"({capitalised(label)}: Employee Handbook)"):
        assert results(inline(citation)) == [("verified", "found_as_cited", "D1")]


# Class 2: reference definitions -------------------------------------------------------------

REFERENCE_FORMS = [
    "[1]: {title} – HR Department",  # Copilot's reference definitions
    '[1]: "{title}" – HR Department',
    "[1] {title} – https://example.com/ref",  # a numbered reference list
    "[1] {title}",
    "1. {title} — internal",
    "¹ {title} – J. Doe",
]


@pytest.mark.parametrize(
    ("form", "title", "reason"),
    [
        *(
            (form, title, "source_not_eligible")
            for form in REFERENCE_FORMS
            for title in ("Old Handbook 2019", "Справочник сотрудника", "旧ハンドブック")
        ),
        # a bare "[1] Title" no source has may be a note, not a reference: not among these
        *((form, "Tenancy Manual 1998", "unknown_source") for form in REFERENCE_FORMS[:3]),
        *((form, "Tenancy Manual 1998", "unknown_source") for form in REFERENCE_FORMS[4:]),
    ],
)
def test_a_reference_definition_names_its_source_by_title(form, title, reason):
    """ "[1]: Title – Author", "[1] Title – URL" (titles in any script): the marker cites the
    source the definition names; one not given is never verified elsewhere."""
    marker = "¹" if form.startswith("¹") else "[1]"
    markdown = f'The handbook says "{SENTENCE[:-1]}"{marker}.\n\nReferences\n\n' + form.format(
        title=title
    )
    assert results(markdown) == [("ineligible", reason, None)]


@pytest.mark.parametrize("form", REFERENCE_FORMS)
def test_a_reference_definition_of_an_eligible_source_verifies(form):
    marker = "¹" if form.startswith("¹") else "[1]"
    markdown = f'The handbook says "{SENTENCE[:-1]}"{marker}.\n\nReferences\n\n' + form.format(
        title="Employee Handbook"
    )
    assert results(markdown) == [("verified", "found_as_cited", "D1")]


# Class 3: a block quote's last line --------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("(N1)", ("ineligible", "unknown_source", None)),
        ("(OLD)", ("ineligible", "source_not_eligible", None)),
        ("— Cláusula 2", ("verified", "found_as_cited", "D1")),
        ("— § 7.3", ("verified", "found_as_cited", "D1")),
        ("— п. 7.3", ("verified", "found_as_cited", "D1")),
        ("— Source: Handbook §2.1", ("ineligible", "unknown_source", None)),
        ("— Source: Old Handbook 2019, §1", ("ineligible", "source_not_eligible", None)),
        ("— Employee Handbook, Abschn. 7.3", ("verified", "found_as_cited", "D1")),
        ("— OLD", ("ineligible", "source_not_eligible", None)),
        ("— AGBALT", ("verified", "found_as_cited", "D1")),  # no source: an organisation's
        ("(AGBALT, ¶2)", ("ineligible", "unknown_source", None)),
        ("(OLD, Abs. 1)", ("ineligible", "source_not_eligible", None)),
    ],
)
def test_a_block_quotes_citation_line_is_its_citation_not_its_text(line, expected):
    """ "> (N1)", "> — Cláusula 2", "> — Source: Handbook §2.1": the last line is the quote's
    citation, never quote text (read as text, the quote was found nowhere)."""
    assert results(block(line)) == [expected]


# Class 8: JSON ------------------------------------------------------------------------------

RECEIPTS = "Receipts are kept for ten years."


def json_results(value: object, entries: list[dict], *, drop: tuple[str, ...] = ()):
    """(status, reason, matched source) of every quote of a JSON answer, and its export."""
    raw = {
        "bundle_version": 1,
        "id": "misread-json",
        "sources": SOURCES,
        "response": {"format": "json", "text": json.dumps(value, ensure_ascii=False)},
    }
    raw["response"]["quotes"] = entries
    if drop:
        raw["drop"] = list(drop)
    bundle = load_bundle(raw)
    report = verify_bundle(bundle)
    found = [
        (r.status.value, r.reason.value, r.match.source if r.match else None)
        for r in report.results
    ]
    return found, json.loads(export_response(bundle, report))


@pytest.mark.parametrize(
    "path", ["$.findings[*]", '$["findings"][*]', "$['findings'][*]", "$.answer.findings[*]"]
)
@pytest.mark.parametrize("second_source", ["OLD", "D1"])
def test_two_entries_reading_two_text_fields_of_the_same_objects_give_every_quote(
    path, second_source
):
    """Two ``response.quotes`` entries with the same path and different text fields: both
    fields of every object are quotes (only the first was read, so the second's quote of an
    ineligible source went unchecked), each with its entry's own source field."""
    findings = [
        {"quote": SENTENCE, "source": "D1", "evidence": RECEIPTS, "evidence_source": "OLD"},
        {"quote": RECEIPTS, "source": "D1", "evidence": SENTENCE, "evidence_source": second_source},
    ]
    value = (
        {"answer": {"findings": findings}}
        if path.startswith("$.answer")
        else {"findings": findings}
    )
    entries = [
        {"path": path, "text": "quote", "source": "source"},
        {"path": path, "text": "evidence", "source": "evidence_source"},
    ]
    found, _ = json_results(value, entries)
    second = (
        ("verified", "found_as_cited", "D1")
        if second_source == "D1"
        else ("ineligible", "source_not_eligible", None)
    )
    assert found == [
        ("verified", "found_as_cited", "D1"),
        ("ineligible", "source_not_eligible", None),
        ("verified", "found_as_cited", "D1"),
        second,
    ]


def test_an_object_with_two_dropped_quotes_is_removed_once():
    """Dropping both quotes of one object removes that object, not its neighbour too."""
    findings = [
        {"quote": SENTENCE, "source": "OLD", "evidence": RECEIPTS, "evidence_source": "OLD"},
        {"quote": RECEIPTS, "source": "D1", "evidence": SENTENCE, "evidence_source": "D1"},
    ]
    entries = [
        {"path": "$.findings[*]", "text": "quote", "source": "source"},
        {"path": "$.findings[*]", "text": "evidence", "source": "evidence_source"},
    ]
    found, exported = json_results({"findings": findings}, entries, drop=("ineligible",))
    assert [status for status, _, _ in found] == ["ineligible"] * 2 + ["verified"] * 2
    assert exported == {"findings": [findings[1]]}


ENTRY = [{"path": "$.items[*]", "text": "quote", "source": "source"}]


@pytest.mark.parametrize("label", LABELS)
@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("{label}: OLD", ("ineligible", "source_not_eligible", None)),
        ("{label}: Old Handbook 2019", ("ineligible", "source_not_eligible", None)),
        ("{label}: OLD, п. 2.1", ("ineligible", "source_not_eligible", None)),
        ("{label}: AGBALT", ("ineligible", "unknown_source", None)),
        ("{label}: D1", ("verified", "found_as_cited", "D1")),
        ("{label}: Employee Handbook, Abschn. 7.3", ("verified", "found_as_cited", "D1")),
    ],
)
def test_a_source_field_written_with_a_label_of_any_language(label, written, expected):
    """ "source": "Источник: OLD, п. 2.1": the label and the place are read as in prose, so
    the field names OLD (not eligible), not an unknown source; the same of D1 verifies."""
    value = {"items": [{"quote": SENTENCE, "source": written.format(label=capitalised(label))}]}
    assert json_results(value, ENTRY)[0] == [expected]


@pytest.mark.parametrize("label", LABELS)
@pytest.mark.parametrize("entry_source", ["source", None])
def test_a_key_that_is_a_source_label_of_any_language_cites(label, entry_source):
    """{"quote": "…", "Kilde": "OLD"}: a field labelled with a source word of any language,
    where the bundle's source field is missing or not named, names the quote's source."""
    entry = {"path": "$.items[*]", "text": "quote"}
    if entry_source:
        entry["source"] = entry_source
    for key in (label.rstrip("."), capitalised(label.rstrip("."))):
        value = {"items": [{"quote": SENTENCE, key: "OLD"}]}
        assert json_results(value, [entry])[0] == [("ineligible", "source_not_eligible", None)]
        value = {"items": [{"quote": SENTENCE, key: "D1"}]}
        assert json_results(value, [entry])[0] == [("verified", "found_as_cited", "D1")]


@pytest.mark.parametrize("label", LABELS)
def test_a_labelled_citation_copied_into_a_quote_field(label):
    """ "… (Kilde: OLD)" at the end of the quote field: a label makes the id in parentheses
    a marker (without one an id there needs a digit), cut off the quote text."""
    value = {"items": [{"quote": f"{SENTENCE} ({capitalised(label)}: OLD)"}]}
    entry = [{"path": "$.items[*]", "text": "quote"}]
    assert json_results(value, entry)[0] == [("ineligible", "source_not_eligible", None)]


# Class 4: tables ----------------------------------------------------------------------------

QUOTE_HEADINGS = sorted({word for words in QUOTE_COLUMN_WORDS.values() for word in words})
SOURCE_HEADINGS = sorted(
    {word for words in SOURCE_COLUMN_WORDS.values() for word in words}
    | {word.rstrip(".") for word in LABELS}
)


def table(quote_heading: str, source_heading: str, cited: str, *, quoted: bool) -> str:
    quote = f'"{SENTENCE}"' if quoted else SENTENCE
    return (
        f"| Topic | {capitalised(quote_heading)} | {capitalised(source_heading)} |\n"
        f"|---|---|---|\n| Travel | {quote} | {cited} |"
    )


@pytest.mark.parametrize(
    ("quote_heading", "source_heading"),
    [*((word, "Source") for word in QUOTE_HEADINGS), *(("Quote", w) for w in SOURCE_HEADINGS)],
)
@pytest.mark.parametrize("quoted", [True, False])
def test_a_tables_source_column_in_any_language_cites_its_row(
    quote_heading, source_heading, quoted
):
    """ "| Citat | Sursă |", "| Alıntı | Kaynak |", "| 引用 | 出典 |": a quote column and a
    source column headed in any language; the row's source cell cites the quote in it (read
    as uncited, a quote of OLD was verified in D1)."""
    assert results(table(quote_heading, source_heading, "OLD", quoted=quoted)) == [
        ("ineligible", "source_not_eligible", None)
    ]
    assert results(table(quote_heading, source_heading, "D1", quoted=quoted)) == [
        ("verified", "found_as_cited", "D1")
    ]


@pytest.mark.parametrize("code_heading", CODE_COLUMN_WORDS)
def test_a_code_column_beside_a_quote_column_names_the_source(code_heading):
    markdown = f"| {capitalised(code_heading)} | Quote |\n|---|---|\n| OLD | {SENTENCE} |"
    assert results(markdown) == [("ineligible", "source_not_eligible", None)]


# Classes 5 and 6: quotation marks and what follows them -----------------------------------

GUILLEMET_SOURCES = {
    "id": "FR",
    "kind": "document",
    "title": "Rapport",
    "eligible": False,
    "paragraphs": ["Le budget est « très insuffisant » selon la commission ‹ des finances ›."],
}


@pytest.mark.parametrize(
    "quoted",
    [
        "« Le budget est « très insuffisant » selon la commission ‹ des finances ›. »",
        "« Le budget est ‹ très insuffisant › selon la commission »",
        "«Le budget est «très insuffisant» selon la commission»",
        "« très insuffisant »",
    ],
)
@pytest.mark.parametrize("marker", ["[FR ¶1]", " [FR ¶1]", "[1]", " [1]", "¹", "[^1]"])
def test_guillemets_nested_or_followed_right_away_by_a_marker(quoted, marker):
    """« … ‹ … › … », « … « … » … » and « très insuffisant »[1]: the outer pair is the
    quote and the marker right after it (with or without a space) cites it."""
    note = "\n\n[^1]: FR ¶1" if marker == "[^1]" else "\n\n¹ FR ¶1" if marker == "¹" else ""
    note = note or ("\n\n[1]: FR ¶1" if marker.strip() == "[1]" else "")
    markdown = f"La commission juge le budget {quoted}{marker}.{note}"
    bundle = load_bundle(
        {
            "bundle_version": 1,
            "id": "guillemets",
            "sources": [*SOURCES, GUILLEMET_SOURCES],
            "response": {"format": "markdown", "text": markdown},
        }
    )
    report = verify_bundle(bundle)
    assert [(r.status.value, r.reason.value) for r in report.results] == [
        ("ineligible", "source_not_eligible")
    ]


@pytest.mark.parametrize(
    ("opening", "closing", "particle"),
    [
        *(("“", "”", particle) for particle in ("라고", "이라고", "에서", "는", "를")),
        *(("“", "”", particle) for particle in ("’nin", "’de", "’da", "’ın")),
        *(('"', '"', particle) for particle in ("'de", "'nin", "'da")),
    ],
)
@pytest.mark.parametrize("marker", ["[OLD ¶1]", "(OLD, ¶1)", "[^1]"])
def test_a_particle_glued_to_the_closing_mark_keeps_the_quote_and_its_marker(
    opening, closing, particle, marker
):
    """Korean and Turkish glue a particle or case ending to the closing mark (“…”라고,
    “…”’nin): the quote is still read, with the marker after the particle."""
    note = "\n\n[^1]: OLD ¶1" if marker == "[^1]" else ""
    markdown = f"규정은 {opening}{SENTENCE[:-1]}{closing}{particle} {marker} 명시한다.{note}"
    assert results(markdown) == [("ineligible", "source_not_eligible", None)]


@pytest.mark.parametrize(
    "markdown",
    [
        f'- "{SENTENCE}"\n- "{RECEIPTS}" [OLD ¶1]',
        f'- "{SENTENCE}"\n- [OLD ¶1] "{RECEIPTS}"',
        f'1. "{SENTENCE}"\n2. "{RECEIPTS}" (Kilde: OLD)',
        f'"{SENTENCE}"\n\n"{RECEIPTS}" — Kilde: OLD',
    ],
)
def test_a_quote_is_never_another_quotes_citation_nor_cited_by_the_next_item(markdown):
    """The first quote takes neither the next bullet's citation nor the second quote as
    its own: it is uncited, found in D1; the second cites OLD."""
    assert results(markdown) == [
        ("verified", "found_as_cited", "D1"),
        ("ineligible", "source_not_eligible", None),
    ]


# Class 7: footnotes with a title and a locator, author-year references ----------------------

AUTHOR_SOURCES = [
    {
        "id": "A",
        "kind": "document",
        "title": "Müller (2019): Reisekosten in Unternehmen",
        "paragraphs": ["Einleitung", SENTENCE],
    },
    {
        "id": "B",
        "kind": "document",
        "title": "Schmidt & Weber 2015 – Reiserichtlinien",
        "eligible": False,
        "paragraphs": [SENTENCE],
    },
]
AUTHOR_YEARS = {
    "A": ["Müller 2019", "Müller, 2019", "Müller 2019a", "Müller et al. 2019"],
    "B": ["Schmidt & Weber 2015", "Schmidt and Weber, 2015", "Schmidt/Weber 2015"],
    "B2": ["Schmidt et al. 2015", "Weber und Schmidt 2015", "Schmidt, Weber 2015"],
    None: ["Meier, 2020", "Meier & Koch, 2021", "Novak et al. 2018"],
}
AUTHOR_LOCATORS = ["", ", S. 4", ", p. 12", ", Kap. 3", ", § 2", ", pp. 3-5"]


def author_results(markdown: str):
    bundle = load_bundle(
        {
            "bundle_version": 1,
            "id": "author-year",
            "sources": AUTHOR_SOURCES,
            "response": {"format": "markdown", "text": markdown},
        }
    )
    return [(r.status.value, r.reason.value, r.cited_source) for r in verify_bundle(bundle).results]


@pytest.mark.parametrize(
    ("reference", "cited"),
    [(name, key) for key, names in AUTHOR_YEARS.items() for name in names],
)
@pytest.mark.parametrize("locator", AUTHOR_LOCATORS)
@pytest.mark.parametrize("form", ["({})", "(vgl. {})", "[^1]\n\n[^1]: {}", "¹\n\n¹ {}"])
def test_an_author_year_reference_names_its_source_by_title(reference, cited, locator, form):
    """ "(Schmidt & Weber 2015, S. 12)", "[^1]: Müller 2019, p. 4": an author-year reference
    names the one source whose title or label has those names and the year; one the model
    was not given is never searched (read as prose, such a quote was verified elsewhere)."""
    citation = form.format(reference + locator)
    markdown = f'Die Richtlinie sagt "{SENTENCE[:-1]}"{"" if form[0] != "(" else " "}{citation}'
    # a page ("S. 4", "p. 12") names no paragraph: the quote is found in the source it names
    expected = {
        "A": ("verified", "found_as_cited", "A"),
        "B": ("ineligible", "source_not_eligible", "B"),
        "B2": ("ineligible", "source_not_eligible", "B"),
        None: ("ineligible", "unknown_source", None),
    }[cited]
    assert author_results(markdown) == [expected]


@pytest.mark.parametrize(
    "locator",
    ["§1", "§ 1", "section 1", "p. 4", "Abschn. 1", "afsnit 1", "cláusula 1", "п. 1", "kohta 1"],
)
@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("Old Handbook 2019", ("ineligible", "source_not_eligible", None)),
        ("Tenancy Manual 1998", ("ineligible", "unknown_source", None)),
        ("Employee Handbook", ("verified", "found_as_cited", "D1")),
    ],
)
def test_a_footnote_holding_a_title_and_a_locator(locator, title, expected):
    """ "[^1]: Handbook, §7.3", "p. 4", "Abschn. 1" in any language: the title names the
    source, the locator (when it names a section) the place."""
    markdown = f'The handbook says "{SENTENCE[:-1]}"[^1].\n\n[^1]: {title}, {locator}'
    ((status, reason, found),) = results(markdown)
    if expected[0] == "verified":
        # a paragraph word ("§1", "p. 4", "п. 1") names a paragraph the quote is not in
        assert (status, found) in (("verified", "D1"), ("corrected", "D1"))
    else:
        assert (status, reason, found) == expected


@pytest.mark.parametrize("words", ["Budget 2025", "Risultati 2024", "Meier 2020"])
def test_one_word_and_a_year_cites_only_a_source_it_names(words):
    """ "(Risultati 2024)" heads many a section: one word and a year that names no source
    is prose, not an unknown source (the quote is found where it is)."""
    markdown = f'Die Richtlinie sagt "{SENTENCE[:-1]}" ({words}).'
    assert author_results(markdown) == [("verified", "found_as_cited", None)]


@pytest.mark.parametrize("key", ["Kilde", "Источник", "出典", "source_id"])
def test_the_export_rewrites_the_key_a_json_citation_was_read_from(key):
    """A quote cited under a key the bundle does not name ("Kilde", "source_id") and found
    in another eligible source is corrected there, and the export names that source under
    the same key, so the export reads back verified."""
    sources = [
        *SOURCES[:1],
        {"id": "D2", "kind": "document", "title": "Travel FAQ", "paragraphs": ["Other."]},
    ]
    raw = {
        "bundle_version": 1,
        "id": "key-rewrite",
        "sources": sources,
        "response": {
            "format": "json",
            "text": json.dumps({"items": [{"quote": SENTENCE, key: "D2"}]}, ensure_ascii=False),
            "quotes": [{"path": "$.items[*]", "text": "quote", "source": "source"}],
        },
    }
    bundle = load_bundle(raw)
    report = verify_bundle(bundle)
    assert [(r.status.value, r.reason.value) for r in report.results] == [
        ("corrected", "relocated_source")
    ]
    exported = json.loads(export_response(bundle, report))
    assert exported == {"items": [{"quote": SENTENCE, key: "D1"}]}
    raw["response"]["text"] = json.dumps(exported, ensure_ascii=False)
    again = verify_bundle(load_bundle(raw))
    assert [r.status.value for r in again.results] == ["verified"]


@pytest.mark.parametrize("line", ["(OLD)", "(OLD, ¶1)", "(AGBALT, ¶2)", "[OLD ¶1]"])
def test_a_citation_alone_on_the_line_after_a_block_quote(line):
    """ "> …" then a blank line then "(OLD, ¶1)": the line is the block quote's citation;
    an id without digits counts there, where the line holds nothing else."""
    reason = "unknown_source" if "AGBALT" in line else "source_not_eligible"
    assert results(f"> {SENTENCE}\n\n{line}") == [("ineligible", reason, None)]


@pytest.mark.parametrize("emphasis", ["*", "_", "**"])
@pytest.mark.parametrize("cited", ["OLD", "Kilde: OLD", "AGBALT, Abschn. 4"])
def test_a_citation_in_words_in_emphasis(emphasis, cited):
    """'"…" *(OLD)*': parentheses in emphasis after a quote hold its citation too."""
    reason = "unknown_source" if "AGBALT" in cited else "source_not_eligible"
    assert results(inline(f"{emphasis}({cited}){emphasis}")) == [("ineligible", reason, None)]
