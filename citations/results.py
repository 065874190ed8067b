"""Stored verification results read back as the engine's values, and exported from there.

The export is built from the stored quote rows (the result reviewers saw and approved), never
by running the engine again (003.9)."""

from citations.bundles import engine_bundle
from citations.engine import (
    CorrectedCitation,
    Match,
    MatchMethod,
    ParsedQuote,
    QuoteResult,
    Reason,
    Report,
    Span,
    Tier,
    VerificationStatus,
)
from citations.engine.reading.parse import parse_response
from citations.engine.writing.export import export_response
from citations.engine.writing.report import decision_from_dict
from citations.models import Quote, Verification, VerificationState


class ExportRefused(Exception):
    """The result is not ready for this export; the message says why (HTTP 409)."""


def assessment_stored_report(*, assessment: Verification) -> Report:
    """The stored result as a ``Report``. Where each quote sits in the response (what an
    export replaces or removes) comes from parsing the stored response again; a parser that
    no longer finds the stored quotes is refused rather than guessed around."""
    bundle = engine_bundle(assessment)
    parsed = {quote.n: quote for quote in parse_response(bundle.response).quotes}
    rows = Quote.objects.filter(assessment=assessment).select_related(
        "cited_source", "match_source", "corrected_source"
    )
    results = []
    for row in rows:
        quote = parsed.get(row.n)
        if quote is None or quote.text != row.text:
            raise ExportRefused(
                f"quote {row.n} as stored no longer matches the response as this engine "
                "parses it; verify the assessment again"
            )
        results.append(_quote_result(row, quote))
    return Report(
        bundle=assessment.bundle_id, engine=assessment.engine_version, results=tuple(results)
    )


def _quote_result(row: Quote, quote: ParsedQuote) -> QuoteResult:
    match = None
    if row.match_source is not None:
        paragraph = row.match_source.paragraphs[row.match_paragraph - 1]
        match = Match(
            source=row.match_source.key,
            paragraph=row.match_paragraph,
            start=row.match_start,
            end=row.match_end,
            text=paragraph[row.match_start : row.match_end],
            score=row.match_score,
            method=MatchMethod(row.match_method),
            tier=Tier(row.match_tier),
            continues=tuple(
                Span(number, start, end, row.match_source.paragraphs[number - 1][start:end])
                for number, start, end in row.match_continues
            ),
        )
    corrected = None
    if row.corrected_source is not None:
        corrected = CorrectedCitation(
            text=row.corrected_text,
            source=row.corrected_source.key,
            paragraph=row.corrected_paragraph,
        )
    return QuoteResult(
        quote=quote,
        cited_source=row.cited_source.key if row.cited_source else None,
        status=VerificationStatus(row.status),
        reason=Reason(row.reason),
        match=match,
        corrected=corrected,
        decision=decision_from_dict(row.decision),
    )


def assessment_export(*, assessment: Verification) -> str:
    """The response with the stored corrections applied (003.9)."""
    if assessment.verification_state != VerificationState.DONE:
        raise ExportRefused(
            f"verification is {assessment.verification_state}; the export is available once "
            "it is done"
        )
    report = assessment_stored_report(assessment=assessment)
    return export_response(engine_bundle(assessment), report)
