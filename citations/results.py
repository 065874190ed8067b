"""Stored verification results read back as the engine's values, and exported from there.

The export is built from the stored quote rows (the result reviewers saw and approved) and the
layout stored with them, never by running the engine or its readers again (003.9, issue 13).
Reviewers' verdicts on quotes (issue 31) reach it as plain values (``Verdict`` by quote
number): this app does not know who gave them."""

from collections.abc import Mapping
from dataclasses import replace
from enum import StrEnum

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
from citations.engine.verify import corrected_text
from citations.engine.writing.export import export_response
from citations.engine.writing.layout import OldLayout, layout_from_dict
from citations.engine.writing.report import (
    attention_from_list,
    context_from_dict,
    decision_from_dict,
)
from citations.models import Quote, Verification, VerificationState


class ExportRefused(Exception):
    """The result is not ready for this export; the message says why (HTTP 409)."""


class Verdict(StrEnum):
    """What a reviewer's word on a quote does to the export (issue 31)."""

    CONFIRM = "confirm"  # what the engine proposes stands: a hint becomes the correction
    OVERRULE = "overrule"  # a misquote, whatever the engine said


def assessment_stored_report(*, assessment: Verification) -> Report:
    """The stored result as a ``Report``. Where each quote sits in the response (what an
    export replaces or removes) and a JSON answer's layout come from the layout stored with
    the results (``Verification.layout``), never from reading the response again; a layout
    that does not hold the stored quotes is refused rather than guessed around."""
    if assessment.layout is None:
        raise ExportRefused(
            "this result was stored without the layout of its response (it is beyond "
            "today's limits, or could not be read); verify the assessment again"
        )
    try:
        layout = layout_from_dict(assessment.layout)
    except OldLayout:
        raise ExportRefused(
            "this result was stored by an engine whose layout of the response this one does "
            "not read; verify the assessment again"
        ) from None
    parsed = {quote.n: quote for quote in layout.quotes}
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
        bundle=assessment.bundle_id,
        engine=assessment.engine_version,
        results=tuple(results),
        json_layout=layout.json_layout,
    )


def stored_match(row: Quote) -> Match | None:
    """Where the stored quote's text is (for an unverified quote: its hint), as the engine's
    value; None without one."""
    source = row.match_source
    if source is None:
        return None
    number, start, end, score = (
        row.match_paragraph,
        row.match_start,
        row.match_end,
        row.match_score,
    )
    if number is None or start is None or end is None or score is None:
        raise ExportRefused(f"quote {row.n}: its stored match is incomplete; verify it again")
    return Match(
        source=source.key,
        paragraph=number,
        start=start,
        end=end,
        text=source.paragraphs[number - 1][start:end],
        score=score,
        method=MatchMethod(row.match_method),
        tier=Tier(row.match_tier),
        continues=tuple(
            Span(n, s, e, source.paragraphs[n - 1][s:e]) for n, s, e in row.match_continues
        ),
        page=row.match_page,
    )


def hint_correction(match: Match) -> CorrectedCitation:
    """An unverified quote's hint as the correction a reviewer accepts: the source's wording
    there, written as the engine writes its own corrections."""
    return CorrectedCitation(
        text=corrected_text(match), source=match.source, paragraph=match.paragraph, page=match.page
    )


def _quote_result(row: Quote, quote: ParsedQuote) -> QuoteResult:
    match = stored_match(row)
    corrected = None
    if row.corrected_source is not None:
        if row.corrected_paragraph is None:
            raise ExportRefused(f"quote {row.n}: its stored correction names no paragraph")
        corrected = CorrectedCitation(
            text=row.corrected_text,
            source=row.corrected_source.key,
            paragraph=row.corrected_paragraph,
            page=row.corrected_page,
        )
    return QuoteResult(
        quote=quote,
        cited_source=row.cited_source.key if row.cited_source else None,
        status=VerificationStatus(row.status),
        reason=Reason(row.reason),
        match=match,
        corrected=corrected,
        decision=decision_from_dict(row.decision),
        context=context_from_dict(row.context),
        attention=attention_from_list(row.attention),
    )


def report_with_verdicts(report: Report, verdicts: Mapping[int, Verdict]) -> Report:
    """``report`` as the export applies reviewers' verdicts (by quote number): an overruled
    quote is an unverified one (an ineligible one stays so), so the bundle's ``drop`` removes
    or flags it; a confirmed hint is the correction; a confirmed quote's attention, checked,
    no longer drops it."""
    return replace(
        report, results=tuple(_with_verdict(r, verdicts.get(r.quote.n)) for r in report.results)
    )


def _with_verdict(result: QuoteResult, verdict: Verdict | None) -> QuoteResult:
    if verdict is Verdict.OVERRULE:
        if result.status is VerificationStatus.INELIGIBLE:
            return result  # flagged or dropped already, as not backed by an eligible source
        return replace(result, status=VerificationStatus.UNVERIFIED, corrected=None)
    if verdict is Verdict.CONFIRM:
        if result.status is VerificationStatus.UNVERIFIED and result.match is not None:
            result = replace(
                result,
                status=VerificationStatus.CORRECTED,
                corrected=hint_correction(result.match),
            )
        return replace(result, attention=())
    return result


def assessment_export(
    *, assessment: Verification, verdicts: Mapping[int, Verdict] | None = None
) -> str:
    """The response with the stored corrections applied (003.9), and reviewers' verdicts by
    quote number (``report_with_verdicts``)."""
    if assessment.verification_state != VerificationState.DONE:
        raise ExportRefused(
            f"verification is {assessment.verification_state}; the export is available once "
            "it is done"
        )
    report = assessment_stored_report(assessment=assessment)
    if verdicts:
        report = report_with_verdicts(report, verdicts)
    return export_response(engine_bundle(assessment), report)
