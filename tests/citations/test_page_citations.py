"""Page citations (issue 34, item 3): ``p. 40``, ``pp. 3–4``, ``S. 58``, ``Seite 12``,
``pág. 7`` in a marker, a footnote, a label or words are read as pages (``cited.page``); in a
source with pages verification checks the page, relocates a quote found on another page
(``relocated_page``, the export naming the real page in the model's words) and names a page
the source does not have (``policy.document.missing_page``); a source without pages is cited
alone, as before."""

import copy
import json

import pytest
from django.conf import settings
from jsonschema import Draft202012Validator

from citations.engine import export_response, load_bundle, report_to_dict, verify_bundle
from citations.engine.reading.locators import PAGE_WORDS
from citations.engine.reading.markers import read_citation
from citations.engine.writing.report import report_schema

QUOTE = "Repairs above 500 EUR need the landlord's written consent."
# Eight paragraphs, two a page: the quote, ¶5, stands on page 3 of pages 1-4.
PARAGRAPHS = [f"Filler paragraph number {n} of the report." for n in range(1, 9)]
PARAGRAPHS[4] = QUOTE
PAGES = [{"page": 1 + index // 2} for index in range(8)]


def bundle(text: str, *, pages: list | None = PAGES, fmt: str = "markdown", quotes=None):
    source = {
        "id": "D2",
        "kind": "document",
        "title": "Annual report 2024",
        "paragraphs": PARAGRAPHS,
    }
    if pages is not None:
        source["pages"] = pages
    response = {"format": fmt, "text": text}
    if quotes is not None:
        response["quotes"] = quotes
    return load_bundle(
        {"bundle_version": 1, "id": "pages", "sources": [source], "response": response}
    )


def answer(reference: str, definition: str | None = None) -> str:
    text = f'The report says "{QUOTE[:-1]}"{reference}.'
    return text + (f"\n\n{definition}\n" if definition else "")


def verified(text: str, **shape):
    data = bundle(text, **shape)
    report = verify_bundle(data)
    (result,) = report.results
    return data, report, result


@pytest.mark.parametrize(
    ("reference", "definition", "page"),
    [
        # markers, in the page words of several languages
        (" [D2, p. 40]", None, (40, None)),
        (" [D2 pp. 3–4]", None, (3, 4)),
        (" [D2, pp. 3-4]", None, (3, 4)),
        (" (D2, S. 58)", None, (58, None)),
        (" [D2, page 40]", None, (40, None)),
        (" [D2, Seite 12]", None, (12, None)),
        (" (D2, pág. 7)", None, (7, None)),
        (" (D2, стр. 12)", None, (12, None)),
        (" (D2, blz. 5)", None, (5, None)),
        (" [D2 ¶5, S. 3]", None, (3, None)),
        # a label
        (" [Source: D2, p. 3]", None, (3, None)),
        (" (Quelle: D2, S. 3)", None, (3, None)),
        # footnotes
        ("[^1]", "[^1]: D2, S. 58", (58, None)),
        ("[^1]", "[^1]: D2, p. 12", (12, None)),
        ("[^1]", "[^1]: D2, pág. 12 — Informe anual", (12, None)),
        ("[^1]", "[^1]: Annual report 2024, p. 12", (12, None)),
        ("[^D2]", "[^D2]: p. 12", (12, None)),
        ("[^D2]", "[^D2]: Annual report 2024, S. 4", (4, None)),
        # a title in words with a page
        (" (Annual report 2024, Seite 3)", None, (3, None)),
        (" (Annual report 2024, pp. 2–3)", None, (2, 3)),
    ],
)
def test_a_page_citation_is_read_as_a_page(reference, definition, page):
    _, _, result = verified(answer(reference, definition), pages=None)
    assert result.cited_source == "D2"
    assert (result.quote.cited_page, result.quote.cited_page_end) == page


PAGE_WORD_LIST = sorted({w for ws in PAGE_WORDS.values() for w in ws})


@pytest.mark.parametrize("word", PAGE_WORD_LIST)
def test_every_page_word_names_its_page(word):
    for spelled in {word, word[0].upper() + word[1:]}:
        marker = read_citation(f"[D2, {spelled} 12]")
        assert marker is not None, spelled
        assert (marker.ref, marker.paragraph, marker.page) == ("D2", None, 12)


@pytest.mark.parametrize(
    ("reference", "definition", "expected", "exported"),
    [
        # on a cited page, or inside a cited range: as cited
        (" (D2, S. 3)", None, ("verified", "found_as_cited"), " (D2, S. 3)"),
        (" [D2, pp. 2–3]", None, ("verified", "found_as_cited"), " [D2, pp. 2–3]"),
        (" (Annual report 2024, p. 3)", None, ("verified", "found_as_cited"), None),
        # on another page: relocated to page 3, the citation in the model's words
        (" (D2, S. 4)", None, ("corrected", "relocated_page"), " (D2, S. 3)"),
        (" [D2, page 1]", None, ("corrected", "relocated_page"), " [D2, page 3]"),
        (" (D2, pág. 2)", None, ("corrected", "relocated_page"), " (D2, pág. 3)"),
        (
            " (Annual report 2024, Seite 1)",
            None,
            ("corrected", "relocated_page"),
            " (Annual report 2024, Seite 3)",
        ),
        # a footnote's page: relocated; the reference becomes a marker naming the paragraph
        ("[^1]", "[^1]: D2, p. 1", ("corrected", "relocated_page"), "[D2 ¶5]"),
    ],
)
def test_a_page_citation_is_verified_on_its_page_or_relocated(
    reference, definition, expected, exported
):
    data, report, result = verified(answer(reference, definition))
    assert (result.status.value, result.reason.value) == expected
    quote = report_to_dict(report)["quotes"][0]
    assert quote["match"]["page"] == 3
    if expected[0] == "corrected":
        assert result.corrected.page == 3
        assert quote["corrected"]["page"] == 3
        assert "policy.document.other_page" in quote["decision"]["rules"]
    out = export_response(data, report)
    if exported is not None:
        assert exported in out
    # the export cites the quote where it is: read again, it is verified
    (again,) = verify_bundle(bundle(out)).results
    assert (again.status.value, again.reason.value) == ("verified", "found_as_cited")


def test_a_page_the_source_does_not_have_is_named():
    data, report, result = verified(answer(" (D2, S. 58)"))
    assert (result.status.value, result.reason.value) == ("corrected", "relocated_page")
    quote = report_to_dict(report)["quotes"][0]
    assert quote["cited"] == {"source": "D2", "paragraph": None, "page": 58}
    assert "policy.document.missing_page" in quote["decision"]["rules"]
    assert " (D2, S. 3)" in export_response(data, report)


def test_a_page_range_is_reported_with_its_end():
    _, report, _ = verified(answer(" [D2, pp. 2–3]"))
    assert report_to_dict(report)["quotes"][0]["cited"]["page_end"] == 3


@pytest.mark.parametrize("reference", [" (D2, S. 4)", " (D2, S. 58)", "[^1]"])
def test_a_source_without_pages_cites_the_source_alone(reference):
    """As before issue 34: the page is read, nothing checks it, the report names no page."""
    _, report, result = verified(answer(reference, "[^1]: D2, p. 12"), pages=None)
    assert (result.status.value, result.reason.value) == ("verified", "found_as_cited")
    quote = report_to_dict(report)["quotes"][0]
    assert "page" not in quote["match"] and quote["corrected"] is None


def test_a_quote_over_a_page_break_is_on_both_pages():
    """A paragraph a page break split: the quote's words before it are on page 3, after
    it on page 4; a citation of either page is as cited."""
    split = QUOTE.index("need")
    pages = [*PAGES[:4], {"page": 3, "breaks": [split]}, *PAGES[5:]]
    for page in (3, 4):
        _, _, result = verified(answer(f" (D2, S. {page})"), pages=pages)
        assert result.status.value == "verified", page
    _, _, result = verified(answer(" (D2, S. 1)"), pages=pages)
    assert result.reason.value == "relocated_page"


def test_a_near_verbatim_quote_is_repaired_and_names_its_page():
    text = f'The report says "{QUOTE.replace("written ", "writen ")[:-1]}" (D2, S. 1).'
    data, report, result = verified(text)
    assert (result.status.value, result.reason.value) == ("corrected", "text_repaired")
    assert result.corrected.page == 3
    assert "(D2, S. 3)" in export_response(data, report)


def test_a_json_page_field_is_checked_and_rewritten():
    answer_json = json.dumps({"quotes": [{"text": QUOTE, "source": "D2", "page": "S. 4"}]})
    quotes = [{"path": "$.quotes[*]", "text": "text", "source": "source", "paragraph": "page"}]
    data, report, result = verified(answer_json, fmt="json", quotes=quotes)
    assert (result.quote.cited_page, result.reason.value) == (4, "relocated_page")
    assert json.loads(export_response(data, report))["quotes"][0]["page"] == "S. 3"


@pytest.mark.parametrize("page", [1, 3])
def test_a_passage_the_source_repeats_is_as_cited_on_its_cited_page(page):
    """The quote stands on page 1 (¶1) and page 3 (¶5): the cited page's is the match."""
    data = load_bundle(
        {
            "bundle_version": 1,
            "id": "repeated",
            "sources": [
                {
                    "id": "D2",
                    "kind": "document",
                    "paragraphs": [QUOTE, *PARAGRAPHS[1:]],
                    "pages": PAGES,
                }
            ],
            "response": {"format": "markdown", "text": answer(f" (D2, S. {page})")},
        }
    )
    (result,) = verify_bundle(data).results
    assert (result.status.value, result.match.page) == ("verified", page)


def engine_report_schema() -> dict:
    return copy.deepcopy(report_schema())


@pytest.mark.parametrize(
    "reference", [" (D2, S. 3)", " (D2, S. 4)", " [D2, pp. 2–3]", " (D2, S. 58)", "[^1]"]
)
def test_a_paged_report_is_valid_by_the_engine_s_report_schema(reference):
    _, report, _ = verified(answer(reference, "[^1]: D2, p. 1"))
    Draft202012Validator(engine_report_schema()).validate(report_to_dict(report))


def test_the_engine_s_report_schema_only_adds_to_the_shared_one():
    """Compatible: without its page properties and the relocated_page reason it is the
    shared contract, word for word."""
    schema = engine_report_schema()
    quote = schema["properties"]["quotes"]["items"]["properties"]
    for place, added in (("cited", ("page", "page_end")), ("match", ("page",))):
        for key in added:
            del quote[place]["properties"][key]
    del quote["corrected"]["properties"]["page"]
    quote["reason"]["enum"].remove("relocated_page")
    shared = json.loads((settings.SHARED_DIR / "spec" / "report.schema.json").read_text())
    assert schema == shared


def test_a_marker_copied_into_a_json_quote_names_the_real_page():
    answer_json = json.dumps({"quotes": [{"text": f"{QUOTE} [D2, S. 4]"}]})
    data, report, result = verified(
        answer_json, fmt="json", quotes=[{"path": "$.quotes[*]", "text": "text"}]
    )
    assert (result.quote.cited_page, result.reason.value) == (4, "relocated_page")
    assert json.loads(export_response(data, report))["quotes"][0]["text"] == f"{QUOTE} [D2, S. 3]"
