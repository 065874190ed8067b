"""Verbatim's citation engine: plain Python, no Django.

The folders are the stages a bundle goes through, in order: ``reading`` (the response's
quotes and where their citations were written), ``matching`` (where each quote stands in
its sources, and every difference named by the rule table), ``policy`` (the status table),
``writing`` (the report and the corrected response); ``verify`` runs them.

Public API (see each module for details):

- ``load_bundle(raw) -> Bundle`` (``bundle``): validate a bundle, ``BundleError`` otherwise;
  ``read_response=False`` leaves the quote limits to ``check_quote_limits(bundle)``.
- ``parse_response(response) -> ParsedResponse`` (``parse``): the quotes of a response.
- ``verify_bundle(bundle) -> Report`` (``verify``): every quote with status, reason, match.
- ``report_to_dict(report) -> dict`` (``report``): the report as ``report.schema.json`` data.
- ``find_verbatim(text, sources) -> Match | None`` (``match``): exact or normalized only.
- ``export_response(bundle, report) -> str`` (``export``): the response with corrections applied.
"""

from .bundle import (
    BundleError,
    QuoteLimitExceeded,
    check_quote_limits,
    decode_bundle,
    load_bundle,
    split_paragraphs,
)
from .matching.match import find_verbatim
from .reading.parse import parse_response
from .types import (
    FLAGGED_STATUSES,
    Bundle,
    CorrectedCitation,
    Match,
    MatchMethod,
    ParsedQuote,
    ParsedResponse,
    QuoteFields,
    QuoteForm,
    QuoteResult,
    Reason,
    Report,
    Response,
    Source,
    SourceKind,
    Span,
    Tier,
    Turn,
    VerificationStatus,
)
from .verify import verify_bundle
from .version import ENGINE_NAME, ENGINE_VERSION
from .writing.report import report_to_dict


def __getattr__(name: str) -> object:
    # The export pulls in the JSON machinery (json_repair, jsonpath): imported on first use,
    # so verifying a markdown answer never loads it.
    if name == "export_response":
        from .writing.export import export_response

        return export_response
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ENGINE_NAME",
    "ENGINE_VERSION",
    "FLAGGED_STATUSES",
    "Bundle",
    "BundleError",
    "CorrectedCitation",
    "Match",
    "MatchMethod",
    "ParsedQuote",
    "ParsedResponse",
    "QuoteFields",
    "QuoteForm",
    "QuoteLimitExceeded",
    "QuoteResult",
    "Reason",
    "Report",
    "Response",
    "Source",
    "SourceKind",
    "Span",
    "Tier",
    "Turn",
    "VerificationStatus",
    "check_quote_limits",
    "decode_bundle",
    "export_response",
    "find_verbatim",
    "load_bundle",
    "parse_response",
    "report_to_dict",
    "split_paragraphs",
    "verify_bundle",
]
