"""verify_bundle's reading of what a quote cites (012.2, 011.1): markers, source fields,
tables, JSON, grounding tags, numbered references and locators."""

import json

import pytest

from citations.engine import Reason, VerificationStatus, load_bundle, verify_bundle

from .verify_helpers import A1, D1_TEXT, E1_TEXT, bundle, only_result


def test_012_2_citation_of_an_ineligible_source_is_flagged():
    result = only_result('Last year: "Scored 3.1 of 5." [D2 ¶1]')
    assert (result.status, result.reason) == (
        VerificationStatus.INELIGIBLE,
        Reason.SOURCE_NOT_ELIGIBLE,
    )
    assert result.match is None


@pytest.mark.parametrize(
    ("markdown", "status"),
    [
        ("<blockquote>Scored 3.1 of 5.</blockquote> [D2 ¶1]", VerificationStatus.INELIGIBLE),
        (
            "<blockquote><p>Scored 3.1 of 5.</p><footer><cite>D2</cite></footer></blockquote>",
            VerificationStatus.INELIGIBLE,
        ),
        ("Last year: <q>Scored 3.1 of 5.</q> [D2 ¶1]", VerificationStatus.INELIGIBLE),
        (
            "<blockquote>\n<p>Either party may terminate with ninety (90) days&rsquo; written"
            " notice.</p>\n</blockquote>\n[A1 ¶4]",
            VerificationStatus.VERIFIED,
        ),
        (
            "<q>Contracts above 50,000 EUR per year require a competitive tender.</q> [D1 ¶1]",
            VerificationStatus.VERIFIED,
        ),
    ],
)
def test_012_2_an_html_quote_is_verified_against_the_source_it_cites(markdown, status):
    """012.2: a model's ``<blockquote>`` or ``<q>`` citing an ineligible source is flagged, not
    skipped; one citing its source (entities as rendered) is verified."""
    assert only_result(markdown).status == status


@pytest.mark.parametrize(
    ("attribution", "status"),
    [
        ("<footer>— <cite>Old Policy</cite>, ¶1</footer>", VerificationStatus.INELIGIBLE),
        ("<cite>Old Policy</cite>", VerificationStatus.INELIGIBLE),
        ("<footer>— <cite>Procurement Policy</cite>, ¶1</footer>", VerificationStatus.VERIFIED),
        ("<footer>— <cite>Jonas Brandt</cite></footer>", VerificationStatus.VERIFIED),
    ],
)
def test_012_2_an_html_quote_attributed_to_a_source_by_name_cites_it(attribution, status):
    """012.2: a ``<cite>``/``<footer>`` naming an ineligible source by its title (or in
    pieces, ``— <cite>Title</cite>, ¶1``) cites it, so the quote is flagged instead of
    passing as uncited on a match in an eligible source; a person's name cites nothing."""
    data = {
        "bundle_version": 1,
        "id": "html-attribution",
        "sources": [
            {"id": "D1", "kind": "document", "title": "Procurement Policy", "text": D1_TEXT},
            {
                "id": "D0",
                "kind": "document",
                "title": "Old Policy",
                "eligible": False,
                "text": D1_TEXT,
            },
        ],
        "response": {
            "format": "markdown",
            "text": "<blockquote>Contracts above 50,000 EUR per year require a competitive"
            f" tender.{attribution}</blockquote>",
        },
    }
    (result,) = verify_bundle(load_bundle(data)).results
    assert result.status == status


def test_012_2_citation_of_an_unknown_source_is_flagged():
    result = only_result('Elsewhere: "Contracts above 50,000 EUR per year" [Z9 ¶1]')
    assert (result.status, result.reason) == (
        VerificationStatus.INELIGIBLE,
        Reason.UNKNOWN_SOURCE,
    )


def json_field_result(cited: str, *, paragraph: int | None = 1):
    """One JSON quote of D1's first sentence whose source field reads ``cited``, in a turn
    where D0, an ineligible copy of D1 with a title and URL, may not be cited."""
    data = {
        "bundle_version": 1,
        "id": "named-in-words",
        "sources": [
            {
                "id": "D1",
                "kind": "document",
                "title": "Procurement Policy",
                "url": "https://intranet.test/policy/2024",
                "text": D1_TEXT,
            },
            {
                "id": "D0",
                "kind": "document",
                "title": "Old Policy",
                "url": "https://intranet.test/policy/2019/",
                "eligible": False,
                "text": D1_TEXT,
            },
        ],
        "response": {
            "format": "json",
            "text": json.dumps(
                {
                    "quotes": [
                        {
                            "quote": "Contracts above 50,000 EUR per year require a"
                            " competitive tender.",
                            "source": cited,
                            "paragraph": paragraph,
                        }
                    ]
                }
            ),
            "quotes": [
                {
                    "path": "$.quotes[*]",
                    "text": "quote",
                    "source": "source",
                    "paragraph": "paragraph",
                }
            ],
        },
    }
    (result,) = verify_bundle(load_bundle(data)).results
    return result


@pytest.mark.parametrize(
    "cited",
    [
        "Document D1",
        "D1 (Procurement Policy)",
        "doc:D1",
        "D1.pdf",
        "[D1]",
        "Quelle: D1",
        "https://intranet.test/policy/2024/",
        "Document D1, ¶1",
    ],
)
def test_012_2_a_source_field_naming_the_source_in_words_cites_it(cited):
    result = json_field_result(cited)
    assert (result.status, result.reason, result.cited_source) == (
        VerificationStatus.VERIFIED,
        Reason.FOUND_AS_CITED,
        "D1",
    )


@pytest.mark.parametrize(
    "cited",
    [
        "Document D0",
        "Dokument D0 (Old Policy)",
        "doc:D0",
        "D0.pdf",
        "[D0]",
        "https://intranet.test/policy/2019",
    ],
)
def test_012_2_an_ineligible_source_named_in_words_stays_ineligible(cited):
    """The text is also in D1, which is eligible: a field naming D0 in words must not let the
    quote pass as found elsewhere."""
    result = json_field_result(cited)
    assert (result.status, result.reason, result.cited_source, result.match) == (
        VerificationStatus.INELIGIBLE,
        Reason.SOURCE_NOT_ELIGIBLE,
        "D0",
        None,
    )


@pytest.mark.parametrize(
    "cited",
    [
        "Source 1",  # a position, maybe: no guess
        "Document 2",
        "D1 (Old Policy)",  # the title names another source
        "https://intranet.test/policy",
    ],
)
def test_012_2_a_name_that_may_mean_another_source_or_a_position_is_unknown(cited):
    result = json_field_result(cited)
    assert (result.status, result.reason, result.cited_source) == (
        VerificationStatus.INELIGIBLE,
        Reason.UNKNOWN_SOURCE,
        None,
    )


TABLE = "| Topic | Quote | Source |\n|---|---|---|\n| Tender | {quote} | {source} |\n"
TENDER = '"Contracts above 50,000 EUR per year require a competitive tender."'


@pytest.mark.parametrize(
    ("source", "status", "reason"),
    [
        ("D1 ¶1", VerificationStatus.VERIFIED, Reason.FOUND_AS_CITED),
        ("[D1 ¶2]", VerificationStatus.CORRECTED, Reason.RELOCATED_PARAGRAPH),
        ("Procurement Policy", VerificationStatus.VERIFIED, Reason.FOUND_AS_CITED),
        ("D2", VerificationStatus.INELIGIBLE, Reason.SOURCE_NOT_ELIGIBLE),
        ("Z9, ¶1", VerificationStatus.INELIGIBLE, Reason.UNKNOWN_SOURCE),
        ("E1 ¶2", VerificationStatus.UNVERIFIED, Reason.EMAIL_BODY_MISMATCH),
    ],
)
def test_012_2_003_7_a_table_rows_source_column_is_the_quotes_citation(source, status, reason):
    """012.2, 003.7: the Source cell of a quote's table row cites it like a marker, so text
    that is in an eligible document is not verified when the row cites an ineligible,
    unknown or email source (red-team: such rows passed, searched everywhere)."""
    result = only_result(TABLE.format(quote=TENDER, source=source))
    assert (result.status, result.reason) == (status, reason)
    if status is VerificationStatus.INELIGIBLE:
        assert result.match is None


def test_003_2_a_backslash_escape_in_a_table_cell_is_read_as_rendered():
    """003.2: ``\\|`` (a pipe inside a table cell) renders as ``|``: verified, not repaired."""
    a1_text = "Either party may terminate with ninety (90) days’ written notice | or sooner."
    cell = a1_text.replace("|", "\\|")
    data = {
        "bundle_version": 1,
        "id": "escape-test",
        "sources": [{"id": "A1", "kind": "document", "paragraphs": [a1_text]}],
        "response": {
            "format": "markdown",
            "text": f"| Quote | Source |\n|---|---|\n| {cell} | A1 ¶1 |\n",
        },
    }
    (result,) = verify_bundle(load_bundle(data)).results
    assert (result.status, result.reason) == (VerificationStatus.VERIFIED, Reason.FOUND_AS_CITED)


@pytest.mark.parametrize(
    ("cell", "status"),
    [
        ('"Contracts above 50,000 EUR" and "competitive tender."', VerificationStatus.VERIFIED),
        ('"Scored 3.1" and "of 5."', VerificationStatus.INELIGIBLE),
    ],
)
def test_012_2_short_quotes_in_a_table_rows_quote_cell_are_cited_by_the_row(cell, status):
    """012.2: each short quote of a quote cell is a quote cited by its row (not one quote of the
    whole cell with its quotation marks)."""
    source = "D1" if status is VerificationStatus.VERIFIED else "D2"
    report = verify_bundle(bundle(TABLE.format(quote=cell, source=source)))
    assert [r.status for r in report.results] == [status, status]


def test_an_uncited_quote_is_checked_against_every_eligible_source():
    result = only_result(
        "> Service levels must not be reduced at renewal without written approval."
    )
    assert (result.status, result.reason) == (
        VerificationStatus.VERIFIED,
        Reason.FOUND_AS_CITED,
    )
    assert (result.match.source, result.match.paragraph) == ("D1", 2)


def test_a_quote_found_nowhere_is_unverified():
    result = only_result('"Halvorsen will waive all fees for the first year of the term." [A1]')
    assert (result.status, result.reason) == (VerificationStatus.UNVERIFIED, Reason.NOT_FOUND)


def test_003_8_identical_quotes_are_two_results_each_with_its_own_status():
    text = "The annual fee increases by six per cent (6%) over the previous term."
    report = verify_bundle(bundle(f'"{text}" [A1 ¶2] and again "{text}" [A1 ¶1]'))
    assert [r.quote.n for r in report.results] == [1, 2]
    assert [r.status for r in report.results] == [
        VerificationStatus.VERIFIED,
        VerificationStatus.CORRECTED,
    ]


def test_adr_1_the_source_is_taken_from_where_the_text_is_not_from_the_models_label():
    data = {
        "bundle_version": 1,
        "id": "adr-1",
        "sources": [
            {"id": "Q1", "kind": "document", "label": "Programm S. 58", "text": "Bahn für alle."},
            {
                "id": "Q2",
                "kind": "document",
                "label": "Programm S. 61",
                "text": "Neue Straßen nur zum Erhalt.",
            },
        ],
        "response": {
            "format": "json",
            "text": json.dumps(
                {"zitate": [{"text": "Neue Straßen nur zum Erhalt.", "quelle": "Programm S. 58"}]}
            ),
            "quotes": [{"path": "$.zitate[*]", "text": "text", "source": "quelle"}],
        },
    }
    result = verify_bundle(load_bundle(data)).results[0]
    assert result.cited_source == "Q1"
    assert (result.status, result.reason) == (
        VerificationStatus.CORRECTED,
        Reason.RELOCATED_SOURCE,
    )
    assert result.corrected.source == "Q2"


def json_result(obj: dict):
    """The result of one JSON quote object (fields t, s, p) against ``bundle``'s sources."""
    data = bundle("").turn
    sources = [
        {"id": x.id, "kind": x.kind.value, "title": x.title, "eligible": x.eligible}
        | {"paragraphs": list(x.paragraphs)}
        for x in data.sources
    ]
    payload = {
        "bundle_version": 1,
        "id": "json-citation",
        "sources": sources,
        "response": {
            "format": "json",
            "text": json.dumps({"q": [obj]}),
            "quotes": [{"path": "$.q[*]", "text": "t", "source": "s", "paragraph": "p"}],
        },
    }
    (result,) = verify_bundle(load_bundle(payload)).results
    return result


FEE = "The annual fee increases by six per cent (6%) over the previous term."


@pytest.mark.parametrize(
    ("obj", "status", "reason", "cited"),
    [
        ({"t": FEE, "s": "[A1 ¶2]"}, VerificationStatus.VERIFIED, Reason.FOUND_AS_CITED, 2),
        ({"t": FEE, "s": "A1, ¶3"}, VerificationStatus.CORRECTED, Reason.RELOCATED_PARAGRAPH, 3),
        ({"t": FEE, "s": "A1 para 2"}, VerificationStatus.VERIFIED, Reason.FOUND_AS_CITED, 2),
        ({"t": FEE, "s": "A1 ¶3", "p": 2}, VerificationStatus.VERIFIED, Reason.FOUND_AS_CITED, 2),
        ({"t": FEE, "s": "Procurement Policy, ¶1"}, VerificationStatus.CORRECTED, None, 1),
        ({"t": "Scored 3.1 of 5.", "s": "[D2 ¶1]"}, VerificationStatus.INELIGIBLE, None, 1),
        ({"t": FEE, "s": "[D9 ¶1]"}, VerificationStatus.INELIGIBLE, Reason.UNKNOWN_SOURCE, 1),
        ({"t": f"{FEE} [A1 ¶2]"}, VerificationStatus.VERIFIED, Reason.FOUND_AS_CITED, 2),
        ({"t": f"{FEE} (E1 ¶2)"}, VerificationStatus.UNVERIFIED, Reason.EMAIL_BODY_MISMATCH, 2),
        ({"t": f"{FEE} [A1 ¶2]", "s": "E1"}, VerificationStatus.UNVERIFIED, None, None),
    ],
)
def test_012_2_a_json_citation_written_as_a_marker_is_read_like_one(obj, status, reason, cited):
    """012.2, 003.2: a source field holding a marker ("[A1 ¶2]", "A1, ¶3", "A1 para 2") cites
    that source and paragraph (a paragraph field wins); a marker copied into the quote field
    cites when no source field does (red-team: these were unknown_source, or not found)."""
    result = json_result(obj)
    assert result.status is status
    assert reason is None or result.reason is reason
    assert result.quote.cited_paragraph == cited
    assert not result.quote.text.endswith(("]", ")"))


@pytest.mark.parametrize(
    ("obj", "status"),
    [
        ({"t": FEE, "s": ["A1"]}, VerificationStatus.VERIFIED),
        ({"t": "Scored 3.1 of 5.", "s": ["D2"]}, VerificationStatus.INELIGIBLE),
        ({"t": "Scored 3.1 of 5.", "s": ["D2", "A1"]}, VerificationStatus.INELIGIBLE),
        ({"t": FEE, "s": {"id": "D2"}}, VerificationStatus.INELIGIBLE),
        ({"t": FEE, "s": {"id": "A1"}}, VerificationStatus.VERIFIED),
        ({"t": FEE, "s": {"page": 4}}, VerificationStatus.INELIGIBLE),
    ],
)
def test_012_2_a_json_source_field_holding_a_list_or_object_is_never_read_as_no_citation(
    obj, status
):
    """012.2: a list cites its first item; an object cites what its id (name, title, URL)
    field names, and one without such a field names no source, so the quote is flagged as
    citing an unknown one. Either way it is never searched everywhere as if uncited
    (red-team: ``{"id": "D2"}`` passed as verified in an eligible source; ``{"id": "A1"}``
    was flagged though it plainly cites A1)."""
    assert json_result(obj).status is status


def test_003_2_html_entities_in_a_json_quote_are_read_as_their_characters():
    """A model escapes "&" as "&amp;" in a JSON string as in HTML (red-team: unverified)."""
    quoted = "Either party may terminate with ninety (90) days&rsquo; written notice."
    result = json_result({"t": quoted, "s": "A1", "p": 4})
    assert result.status is VerificationStatus.VERIFIED
    assert result.match.text == A1[3][16:]


@pytest.mark.parametrize(
    ("quoted", "status"),
    [
        (f"{FEE} (p. 2)", VerificationStatus.CORRECTED),
        (f"{FEE[:-1]} (S. 2-3)", VerificationStatus.CORRECTED),
        (
            f"{FEE.replace('six', 'seven').replace('6%', '7%')} (p. 2)",
            VerificationStatus.UNVERIFIED,
        ),
    ],
)
def test_003_6_a_page_reference_copied_into_a_quote_is_no_quoted_text(quoted, status):
    """A page reference the model wrote into the quote ("(S. 5)", dev-set style) goes, like
    "[cite: 12]", and the quote is repaired to the source's wording; what remains must still
    be verbatim (red-team: unverified)."""
    result = json_result({"t": quoted, "s": "A1"})
    assert result.status is status
    if status is VerificationStatus.CORRECTED:
        assert result.corrected.text in FEE


@pytest.mark.parametrize(
    ("paragraph", "status", "cited"),
    [
        ("1-2", VerificationStatus.VERIFIED, 1),
        ("Abs. 2", VerificationStatus.VERIFIED, 2),
        ([2], VerificationStatus.VERIFIED, 2),
        ("¶3-4", VerificationStatus.CORRECTED, 3),
        (None, VerificationStatus.VERIFIED, None),
    ],
)
def test_011_1_a_json_paragraph_field_is_read_as_a_marker_paragraph_is(paragraph, status, cited):
    """A range ("1-2") cites each of its paragraphs, as "¶1-2" does; a list cites its first
    item (red-team: "1-2" corrected a quote in ¶2 to ¶2, and [2] cited no paragraph)."""
    result = json_result({"t": FEE, "s": "A1", "p": paragraph})
    assert result.status is status
    assert result.quote.cited_paragraph == cited


@pytest.mark.parametrize(
    ("quoted", "status"),
    [
        (f"[cite_start]{FEE} [cite: 14]", VerificationStatus.CORRECTED),
        (f"{FEE}[cite_end]", VerificationStatus.CORRECTED),
        (f"{FEE} [sic]", VerificationStatus.VERIFIED),
        (f"[cite_start]{FEE.replace('six', 'seven')} [cite: 14]", VerificationStatus.UNVERIFIED),
    ],
)
def test_003_6_grounding_tags_in_a_json_quote_are_neither_text_nor_a_citation(quoted, status):
    """Gemini's "[cite_start]" / "[cite_end]" and "[sic]" at a quote's end name no source
    (red-team: "[cite_end]" was read as citing a source "cite_end", so the quote was flagged
    as citing an unknown source, and "[cite_start]" kept a true quote unverified)."""
    result = json_result({"t": quoted})
    assert result.status is status
    assert result.quote.cited_ref is None


@pytest.mark.parametrize(
    ("markdown", "status"),
    [
        ('"[cite_start]Scored 3.1 of 5.[cite: D2]"', VerificationStatus.INELIGIBLE),
        ('"Scored 3.1 of 5." [cite: D2]', VerificationStatus.INELIGIBLE),
        (f'"{A1[1]} [cite: A1]"', VerificationStatus.VERIFIED),
    ],
)
def test_012_2_a_grounding_tag_naming_a_source_cites_it(markdown, status):
    """012.2: "[cite: D2]" names a source as "[Source: D2]" does, so a quote whose grounding
    tag cites an ineligible source is flagged; before, the tag was cleaned away as a page
    reference and the quote, read as uncited, passed on a match elsewhere."""
    sources = [
        {"id": "A1", "kind": "attachment", "parent": "E1", "paragraphs": A1},
        {"id": "E1", "kind": "email_body", "text": E1_TEXT},
        {"id": "D2", "kind": "document", "eligible": False, "text": "Scored 3.1 of 5."},
        {"id": "D3", "kind": "document", "text": "Scored 3.1 of 5."},
    ]
    data = {
        "bundle_version": 1,
        "id": "grounding-tag",
        "sources": sources,
        "response": {"format": "markdown", "text": markdown},
    }
    (result,) = verify_bundle(load_bundle(data)).results
    assert result.status == status


NUMBERED_SOURCES = [
    {"id": "S1", "kind": "document", "label": "1", "paragraphs": ["Staff must train yearly."]},
    {"id": "S2", "kind": "document", "label": "2", "paragraphs": ["Other text."]},
    {
        "id": "S3",
        "kind": "document",
        "label": "3",
        "eligible": False,
        "paragraphs": ["Staff must train yearly."],
    },
]


@pytest.mark.parametrize(
    ("written", "status", "cited"),
    [
        ('"Staff must train yearly." [3]', VerificationStatus.INELIGIBLE, "S3"),
        ('"Staff must train yearly."[3]', VerificationStatus.INELIGIBLE, "S3"),
        ('"Staff must train yearly." [1][2]', VerificationStatus.VERIFIED, "S1"),
        ('"Staff must train yearly." [2]', VerificationStatus.CORRECTED, "S2"),
    ],
)
def test_012_2_a_numbered_reference_cites_the_source_labelled_with_its_number(
    written, status, cited
):
    """A bare [3] (Perplexity's reference style) names the source labelled "3": citing an
    ineligible one, the quote passed as verified on its words in an eligible source."""
    data = {
        "bundle_version": 1,
        "id": "numbered",
        "sources": NUMBERED_SOURCES,
        "response": {"format": "markdown", "text": f"The handbook: {written}\n"},
    }
    (result,) = verify_bundle(load_bundle(data)).results
    assert (result.status, result.cited_source) == (status, cited)


def test_a_numbered_reference_to_no_labelled_source_leaves_the_quote_uncited():
    data = {
        "bundle_version": 1,
        "id": "numbered",
        "sources": [{"id": "S1", "kind": "document", "paragraphs": ["Staff must train yearly."]}],
        "response": {"format": "markdown", "text": 'It says "Staff must train yearly." [3]\n'},
    }
    (result,) = verify_bundle(load_bundle(data)).results
    assert (result.status, result.cited_source) == (VerificationStatus.VERIFIED, None)


LOCATED_SOURCES = [
    {
        "id": "D1",
        "kind": "document",
        "title": "Handbook",
        "paragraphs": ["Intro.", "Staff must train yearly.", "Remote work is allowed."],
    },
    {
        "id": "D2",
        "kind": "document",
        "title": "Old memo",
        "eligible": False,
        "paragraphs": ["Staff must train yearly."],
    },
]


@pytest.mark.parametrize(
    ("markdown", "status", "reason"),
    [
        # a footnote reference after the sentence's full stop (issue 14: critical before)
        ('He wrote "Staff must train yearly.".[^2]\n\n[^2]: D2 ¶1\n', "ineligible", None),
        ('He wrote "Staff must train yearly.". [2]\n\n[2]: D2 ¶1\n', "ineligible", None),
        # a source named with a locator: the name before it (critical before)
        ('It says "Staff must train yearly." (Old memo, section 7.3)\n', "ineligible", None),
        ('It says "Staff must train yearly." (Old memo §7.3)\n', "ineligible", None),
        ('It says "Remote work is allowed." (Source: Handbook §7.3)\n', "verified", None),
        # a name plainly citing a source the turn does not have: unknown, not prose
        ('It says "Staff must train yearly." (Doc F, para 4)\n', "ineligible", "unknown_source"),
        (
            'It says "Staff must train yearly." (the 2019 audit, p. 4)\n',
            "ineligible",
            "unknown_source",
        ),
        # a block quote's attribution line with a locator is its citation, not its text
        ("> Staff must train yearly.\n> — Source: Old memo §2.1\n", "ineligible", None),
        ("> Remote work is allowed.\n> — Handbook, Art. 5 Abs. 2\n", "verified", None),
        # backtick-quoted text with a marker right after is a quote (it went unread before)
        ("It says `Staff must train yearly.` [D2 ¶1]\n", "ineligible", None),
        # a name without a locator is prose: the quote is uncited and searched everywhere
        ('Jonas Brandt said "Staff must train yearly." (Jonas Brandt)\n', "verified", None),
    ],
)
def test_citations_written_with_locators_or_after_the_full_stop_are_read(markdown, status, reason):
    data = {
        "bundle_version": 1,
        "id": "locators",
        "sources": LOCATED_SOURCES,
        "response": {"format": "markdown", "text": markdown},
    }
    (result,) = verify_bundle(load_bundle(data)).results
    assert result.status.value == status, result
    assert result.quote.text.rstrip(".") in {"Staff must train yearly", "Remote work is allowed"}
    if reason:
        assert result.reason.value == reason
