"""Verbatim's citation engine: plain Python, no Django.

Public API (see each module for details):

- ``load_bundle(raw) -> Bundle`` (``bundle``): validate a bundle, ``BundleError`` otherwise.
- ``verify_bundle(bundle) -> Report`` (``verify``): every quote with status, reason, match.
- ``export_response(bundle, report) -> str`` (``export``): the response with corrections applied.
"""

from .bundle import BundleError, decode_bundle, load_bundle, split_paragraphs
from .types import (
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
    Tier,
    Turn,
    VerificationStatus,
)

ENGINE_NAME = "verbatim"
ENGINE_VERSION = "0.1.0"

__all__ = [
    "ENGINE_NAME",
    "ENGINE_VERSION",
    "Bundle",
    "BundleError",
    "CorrectedCitation",
    "Match",
    "MatchMethod",
    "ParsedQuote",
    "ParsedResponse",
    "QuoteFields",
    "QuoteForm",
    "QuoteResult",
    "Reason",
    "Report",
    "Response",
    "Source",
    "SourceKind",
    "Tier",
    "Turn",
    "VerificationStatus",
    "decode_bundle",
    "load_bundle",
    "split_paragraphs",
]
