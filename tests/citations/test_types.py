"""The engine's vocabulary: how a turn resolves the name a model gave a source (012.2)."""

from __future__ import annotations

import pytest

from citations.engine import (
    Source,
    SourceKind,
    Turn,
    VerificationStatus,
    load_bundle,
    verify_bundle,
)
from citations.engine.reading.source_names import resolve_source


def source(source_id: str, **names: str) -> Source:
    return Source(source_id, SourceKind.DOCUMENT, ("x",), **names)


TURN = Turn(
    (
        source("D1", title="Lease", label="Lease 2019"),
        source("D2", title="Lease"),
        source("POL-a"),
    )
)


@pytest.mark.parametrize(
    ("turn", "reference", "resolved"),
    [
        (TURN, "D1", "D1"),
        (TURN, "d1", "D1"),  # an id in another case names the one id it matches
        (TURN, " pol-A ", "POL-a"),
        (TURN, "lease 2019", "D1"),  # a label, ignoring case
        (TURN, "Lease", None),  # a title two sources share
        (TURN, "D3", None),
        # ids that differ only in case: each is named exactly, neither in a third spelling
        (Turn((source("Ab"), source("AB"))), "AB", "AB"),
        (Turn((source("Ab"), source("AB"))), "ab", None),
        # an id in another case that is another source's label names neither
        (Turn((source("D1"), source("D9", label="d1"))), "d1", None),
        (Turn((source("D1", label="d1"),)), "d1", "D1"),
    ],
)
def test_a_source_is_resolved_by_id_label_or_title_012_2(
    turn: Turn, reference: str, resolved: str | None
) -> None:
    found = resolve_source(turn, reference)
    assert (found.id if found else None) == resolved


NAMED = Turn(
    (
        Source("D1", SourceKind.DOCUMENT, ("x",), title="Lease 2024", url="https://x.test/d1"),
        Source("D2", SourceKind.DOCUMENT, ("y",), title="Memo", label="Memo.pdf", eligible=False),
        source("1"),
    )
)


@pytest.mark.parametrize(
    ("turn", "reference", "resolved"),
    [
        (NAMED, "Document D1", "D1"),
        (NAMED, "document d1", "D1"),
        (NAMED, "Dokument D2", "D2"),  # resolved, so the policy can flag it as ineligible
        (NAMED, "doc:D1", "D1"),
        (NAMED, "Quelle: D1", "D1"),
        (NAMED, "E-Mail D1", "D1"),
        (NAMED, "Anhang #D1", "D1"),
        (NAMED, "D1.pdf", "D1"),
        (NAMED, "doc D1.pdf", "D1"),
        (NAMED, "[D1]", "D1"),
        (NAMED, "„D1“", "D1"),
        (NAMED, "D1 (Lease 2024)", "D1"),  # a title that names the same source
        (NAMED, "Document D1 (lease 2024)", "D1"),
        (NAMED, "Lease 2024 (D1)", "D1"),
        (NAMED, "D2 (Memo.pdf)", "D2"),  # a label that names the same source
        (NAMED, "https://x.test/d1", "D1"),
        (NAMED, "https://x.test/d1/", "D1"),  # a trailing slash aside
        (NAMED, "https://x.test/d1/page", None),
        (NAMED, "https://x.test", None),
        # a parenthesis that names another source, or nothing known
        (NAMED, "D1 (Memo)", None),
        (NAMED, "D1 (Lease 2019)", None),
        # a bare number may mean a position: never read as an id, even one that exists
        (NAMED, "Source 1", None),
        (NAMED, "Document 2", None),
        (NAMED, "1", "1"),  # the id itself, as written
        (NAMED, "Document D3", None),
        (NAMED, "DocD1", None),  # no kind word: the id is part of a longer word
        # two sources could be meant: none is
        (Turn((source("D1"), source("D1.pdf"))), "Document D1.pdf", None),
        (Turn((source("A"), source("doc A"))), "Document doc A", None),
        (Turn((source("Ab"), source("AB"))), "Document ab", None),
        (Turn((source("D1"), source("X", title="D1"))), "Document D1", None),
        (
            Turn(
                (
                    Source("A", SourceKind.DOCUMENT, ("x",), url="https://x.test/"),
                    Source("B", SourceKind.ATTACHMENT, ("y",), url="https://x.test", parent="A"),
                )
            ),
            "https://x.test",
            None,
        ),
    ],
)
def test_a_source_named_in_words_is_resolved_when_one_id_is_left_012_2(
    turn: Turn, reference: str, resolved: str | None
) -> None:
    found = resolve_source(turn, reference)
    assert (found.id if found else None) == resolved


def verify(response: dict) -> tuple[VerificationStatus, str | None]:
    bundle = load_bundle(
        {
            "bundle_version": 1,
            "id": "case",
            "sources": [
                {"id": "D1", "kind": "document", "paragraphs": ["Intro.", "The rent is due."]},
                {
                    "id": "D2",
                    "kind": "document",
                    "eligible": False,
                    "paragraphs": ["The deposit is two months of rent."],
                },
            ],
            "response": response,
        }
    )
    [result] = verify_bundle(bundle).results
    return result.status, result.cited_source


QUOTE = {"path": "$.quotes[*]", "text": "quote", "source": "source", "paragraph": "paragraph"}
JSON_TEXT = '{"quotes": [{"quote": "The rent is due.", "source": "d1", "paragraph": 2}]}'


@pytest.mark.parametrize(
    ("response", "status", "cited"),
    [
        ({"format": "markdown", "text": 'It says "The rent is due." [d1 ¶2]'}, "verified", "D1"),
        (
            {
                "format": "json",
                "text": JSON_TEXT,
                "quotes": [QUOTE],
            },
            "verified",
            "D1",
        ),
        # a lower-case citation of an ineligible source is ineligible, never searched elsewhere
        (
            {"format": "markdown", "text": 'It says "The deposit is two months of rent." [d2 ¶1]'},
            "ineligible",
            "D2",
        ),
    ],
)
def test_a_citation_in_another_case_cites_the_source_012_2(
    response: dict, status: str, cited: str
) -> None:
    assert verify(response) == (status, cited)
