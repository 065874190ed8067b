"""Turning stored rows back into the engine's values, so verification, export and pages all
read the same Turn (eligibility computed once, 012.3)."""

import functools
from types import MappingProxyType

from django.db import connection

from citations.engine import (
    Bundle,
    QuoteFields,
    Response,
    SourceKind,
    Turn,
    VerificationStatus,
)
from citations.engine import Source as EngineSource

from .models import Source, Verification
from .sql_rows import instances_from_sql


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
            )
            for s in sources
        )
    )


def turn_sources(turn_id: int) -> list[Source]:
    """A turn's sources in bundle order, with every column the engine's ``Source`` needs.

    Plain SQL built once: every verification task loads a turn, and composing this query
    cost the worker as much CPU as running it (``manage.py bench_pipeline``)."""
    names = tuple(f.name for f in Source._meta.concrete_fields)
    return instances_from_sql(Source, names, _turn_sources_sql(connection.vendor), [turn_id])


@functools.cache
def _turn_sources_sql(vendor: str) -> str:
    meta = Source._meta
    quote = connection.ops.quote_name
    return (
        f"SELECT {', '.join(quote(f.column) for f in meta.concrete_fields)} "
        f"FROM {quote(meta.db_table)} WHERE {quote(meta.get_field('turn').column)} = %s "
        f"ORDER BY {quote(meta.get_field('position').column)}"
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
        drop=frozenset(VerificationStatus(s) for s in assessment.drop),
        turn=engine_turn(sources),
        response=Response(
            format=assessment.response_format,
            text=assessment.response_text,
            quote_fields=tuple(QuoteFields(**entry) for entry in assessment.quote_fields),
        ),
    )
