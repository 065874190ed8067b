"""Turning stored rows back into the engine's values, so verification, export and pages all
read the same Turn (eligibility computed once, 012.3)."""

from types import MappingProxyType

from citations.engine import (
    Bundle,
    QuoteFields,
    Response,
    SourceKind,
    Turn,
    VerificationStatus,
)
from citations.engine import Source as EngineSource
from citations.engine.types import ParagraphPages

from .models import Source, Verification
from .storage import turn_sources


def engine_turn(sources: list[Source]) -> Turn:
    by_pk = {s.pk: s for s in sources}
    return Turn(
        tuple(
            EngineSource(
                id=s.key,
                kind=SourceKind(s.kind),
                paragraphs=tuple(s.paragraphs),
                eligible=s.eligible,
                title=s.title,
                label=s.label,
                url=s.url,
                parent=by_pk[s.parent_id].key if s.parent_id else None,
                pages=tuple(
                    ParagraphPages(entry["page"], tuple(entry.get("breaks", ())))
                    for entry in s.pages
                ),
            )
            for s in sources
        )
    )


def engine_bundle(assessment: Verification, sources: list[Source] | None = None) -> Bundle:
    """The bundle as the engine sees it, rebuilt from the stored assessment. ``sources``: the
    turn's sources (``turn_sources``) when the caller has loaded them already."""
    if sources is None:
        sources = turn_sources(assessment.turn_id)
    return Bundle(
        id=assessment.bundle_id,
        title=assessment.title,
        meta=MappingProxyType(dict(assessment.meta)),
        drop=frozenset(VerificationStatus(s) for s in assessment.drop if s != "attention"),
        drop_attention="attention" in assessment.drop,
        turn=engine_turn(sources),
        response=Response(
            format=assessment.response_format,
            text=assessment.response_text,
            quote_fields=tuple(QuoteFields(**entry) for entry in assessment.quote_fields),
        ),
    )
