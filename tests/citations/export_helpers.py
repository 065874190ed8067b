"""What the export tests (``test_export*.py``) share: a turn of sources, a report built
from hand-given outcomes, and the export of a response under it."""

from __future__ import annotations

from django.conf import settings

from citations.engine import (
    Bundle,
    CorrectedCitation,
    QuoteResult,
    Reason,
    Report,
    Response,
    Source,
    SourceKind,
    Turn,
    VerificationStatus,
)
from citations.engine.reading.parse import parse_response
from citations.engine.reading.source_names import resolve_source
from citations.engine.writing.export import export_response

SHARED = settings.SHARED_DIR / "data"  # VERBATIM_SHARED_DIR, else ../shared
V = VerificationStatus
VERIFIED, CORRECTED, UNVERIFIED, INELIGIBLE = V.VERIFIED, V.CORRECTED, V.UNVERIFIED, V.INELIGIBLE
REASONS = {
    VERIFIED: Reason.FOUND_AS_CITED,
    CORRECTED: Reason.RELOCATED_PARAGRAPH,
    UNVERIFIED: Reason.NOT_FOUND,
    INELIGIBLE: Reason.SOURCE_NOT_ELIGIBLE,
}
TURN = Turn(
    (
        Source(
            "S1", SourceKind.DOCUMENT, ("One.", "Two.", "Three."), title="Policy", label="Policy p1"
        ),
        Source(
            "S2",
            SourceKind.DOCUMENT,
            ("Alpha.",),
            title="Plan",
            label="Plan, S. 61",
            url="https://x.example/plan#61",
        ),
        Source("S3", SourceKind.DOCUMENT, ("Gamma.",), title="Plan", label="Plan, S. 62"),
        Source("S4", SourceKind.DOCUMENT, ("Delta.",)),
    )
)

type Outcome = V | tuple[str, str, int]  # a status, or a correction (text, source, paragraph)


def bundle_of(text: str, *, fmt: str = "markdown", drop=(), fields=()) -> Bundle:
    return Bundle(
        id="b",
        turn=TURN,
        response=Response(format=fmt, text=text, quote_fields=tuple(fields)),
        drop=frozenset(drop),
    )


def report_for(bundle: Bundle, outcomes: list[Outcome]) -> Report:
    """One result per parsed quote: a status, or a correction (text, source, paragraph)."""
    parsed = parse_response(bundle.response)
    quotes = parsed.quotes
    assert len(quotes) == len(outcomes), [q.text for q in quotes]
    results = []
    for quote, outcome in zip(quotes, outcomes, strict=True):
        corrected = None
        status = outcome
        if isinstance(outcome, tuple):
            corrected, status = CorrectedCitation(*outcome), CORRECTED
        name = quote.cited_ref or quote.attributed_to  # a name cites as verification reads it
        cited = resolve_source(TURN, name) if name else None
        results.append(
            QuoteResult(
                quote=quote,
                cited_source=cited.id if cited else None,
                status=status,
                reason=REASONS[status],
                match=None,
                corrected=corrected,
            )
        )
    return Report(
        bundle=bundle.id, engine="test", results=tuple(results), json_layout=parsed.json_layout
    )


def export(text: str, outcomes: list[Outcome], **options) -> str:
    bundle = bundle_of(text, **options)
    return export_response(bundle, report_for(bundle, outcomes))
