"""The report as plain data, exactly in the shape of ``spec/report.schema.json``.

Every quote carries ``decision``: the rule ids that decided it (``rules.RULES`` and the
policy table), the differences to its passage and whether it is cut inside a word; its
``context`` (what of its sentence it leaves out) and ``attention`` (``context.checks``).
Extensions, compatible with the schema: a match that runs on into following paragraphs
carries ``continues``, a list of ``{paragraph, start, end, text}`` (see ``match``); a report
whose response needed repairs to parse carries the parser's ``notes``; in a source with pages
``cited``, ``match`` and ``corrected`` carry ``page`` beside ``paragraph`` (``cited`` when
the citation names one, with ``page_end`` for a range ``pp. 3–4``), and a quote found on
another page than cited has the reason ``relocated_page``. The contract with these page
extensions is the shared one with ``citations/engine/report.extension.json`` merged onto it
(``contract``).
"""

from __future__ import annotations

from typing import Any

from ..contract import contract
from ..types import (
    Attention,
    Context,
    Decision,
    Difference,
    Match,
    QuoteResult,
    Report,
    VerificationStatus,
)


def report_schema() -> dict[str, Any]:
    """The report contract: ``spec/report.schema.json`` of the shared folder with the page
    extensions above."""
    return contract("report")


def report_to_dict(report: Report) -> dict[str, Any]:
    """The report as JSON-ready data: bundle, engine, summary, quotes in response order."""
    summary = {"quotes": len(report.results)}
    for status in VerificationStatus:
        summary[status.value] = sum(1 for r in report.results if r.status is status)
    summary["attention"] = sum(1 for r in report.results if r.attention)
    data: dict[str, Any] = {
        "bundle": report.bundle,
        "engine": report.engine,
        "summary": summary,
        "quotes": [_quote_to_dict(result) for result in report.results],
    }
    if report.notes:
        data["notes"] = list(report.notes)
    return data


def _quote_to_dict(result: QuoteResult) -> dict[str, Any]:
    quote = result.quote
    data: dict[str, Any] = {"n": quote.n, "form": quote.form.value, "text": quote.text}
    if quote.response_span is not None:
        data["response_span"] = list(quote.response_span)
    if quote.json_path is not None:
        data["json_path"] = quote.json_path
    has_citation = quote.cited_ref is not None or quote.cited_paragraph is not None
    data["cited"] = (
        {"source": result.cited_source or quote.cited_ref, "paragraph": quote.cited_paragraph}
        if has_citation
        else None
    )
    if data["cited"] is not None and quote.cited_page is not None:
        data["cited"]["page"] = quote.cited_page
        if quote.cited_page_end is not None:
            data["cited"]["page_end"] = quote.cited_page_end
    data["status"] = result.status.value
    data["reason"] = result.reason.value
    data["match"] = _match_to_dict(result.match) if result.match else None
    data["corrected"] = (
        {
            "text": result.corrected.text,
            "source": result.corrected.source,
            "paragraph": result.corrected.paragraph,
        }
        if result.corrected
        else None
    )
    if result.corrected is not None and result.corrected.page is not None:
        data["corrected"]["page"] = result.corrected.page
    data["decision"] = decision_to_dict(result.decision)
    data["context"] = context_to_dict(result.context)
    data["attention"] = attention_to_list(result.attention)
    return data


def context_to_dict(context: Context | None) -> dict[str, Any] | None:
    """A quote's ``context`` as report data (``context_from_dict`` reads it back)."""
    if context is None:
        return None
    return {
        "source": context.source,
        "paragraph": context.paragraph,
        "sentence": list(context.sentence),
        "left_out_before": context.left_out_before,
        "left_out_after": context.left_out_after,
    }


def context_from_dict(data: dict[str, Any] | None) -> Context | None:
    """The ``Context`` a ``context_to_dict`` stored.

    >>> c = Context("D1", 2, (0, 40), "If it rains, ", "")
    >>> context_from_dict(context_to_dict(c)) == c
    True
    """
    if not data:
        return None
    start, end = data["sentence"]
    return Context(
        data["source"],
        data["paragraph"],
        (start, end),
        data["left_out_before"],
        data["left_out_after"],
    )


def attention_to_list(attention: tuple[Attention, ...]) -> list[dict[str, str]]:
    """A quote's ``attention`` as report data (``attention_from_list`` reads it back)."""
    return [{"rule": a.rule, "words": a.words, "why": a.why} for a in attention]


def attention_from_list(data: list[dict[str, str]] | None) -> tuple[Attention, ...]:
    """The attention an ``attention_to_list`` stored."""
    return tuple(Attention(a["rule"], a["words"], a.get("why", "")) for a in data or ())


def decision_to_dict(decision: Decision) -> dict[str, Any]:
    """A quote's ``decision`` as report data (``decision_from_dict`` reads it back)."""
    data: dict[str, Any] = {"rules": list(decision.rules)}
    if decision.differences:
        data["differences"] = [
            {"kind": d.kind, "quote": d.quote, "source": d.source} for d in decision.differences
        ]
    if decision.cut_start or decision.cut_end:
        data["cut"] = {"start": decision.cut_start, "end": decision.cut_end}
    return data


def decision_from_dict(data: dict[str, Any]) -> Decision:
    """The ``Decision`` a ``decision_to_dict`` stored (an empty one for ``{}``).

    >>> d = Decision(("edit.typo",), (Difference("edit.typo", "anual", "annual"),), True)
    >>> decision_from_dict(decision_to_dict(d)) == d
    True
    """
    cut = data.get("cut") or {}
    return Decision(
        rules=tuple(data.get("rules", ())),
        differences=tuple(
            Difference(d["kind"], d["quote"], d["source"]) for d in data.get("differences", ())
        ),
        cut_start=bool(cut.get("start")),
        cut_end=bool(cut.get("end")),
    )


def _match_to_dict(match: Match) -> dict[str, Any]:
    data: dict[str, Any] = {
        "source": match.source,
        "paragraph": match.paragraph,
        "start": match.start,
        "end": match.end,
        "text": match.text,
        "score": match.score,
        "method": match.method.value,
        "tier": match.tier.value,
    }
    if match.page is not None:
        data["page"] = match.page
    if match.continues:
        data["continues"] = [
            {"paragraph": s.paragraph, "start": s.start, "end": s.end, "text": s.text}
            for s in match.continues
        ]
    return data
