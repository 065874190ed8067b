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
    found = turn.resolve(reference)
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
