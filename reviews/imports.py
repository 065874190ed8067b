"""Submitted bundles open for review: stored by ``citations.imports``, each as an assessment
of a team in the same transaction.

Bundle ids are the team's (issue 30): a team's pipeline finds only its own team's bundle
under an id, so another team's id is new to it, as an unknown one is, and nobody can take
ids another team will use."""

from dataclasses import dataclass
from typing import Any

from citations.engine.bundle import MAX_BUNDLE_BYTES
from citations.imports import bundle_import as bundle_store
from citations.models import Verification

from .models import Assessment, ReviewState, Team


def bundle_owner(team: Team | None) -> str:
    """The owner of the bundle ids a team posts (``citations.Verification.owner``); bundles
    without a team (staff only: tokens without one, ``import_bundle``) share the owner ''."""
    return f"team:{team.pk}" if team is not None else ""


@dataclass(frozen=True)
class ImportResult:
    assessment: Assessment
    created: bool


def bundle_import(
    *,
    raw: str | bytes | dict[str, Any],
    max_bytes: int = MAX_BUNDLE_BYTES,
    team: Team | None = None,
    enqueue_verification: bool = True,
) -> ImportResult:
    """Store one bundle as ``team``'s (``citations.imports.bundle_import``: its errors, its
    idempotence within the team's bundle ids) and open it for review in the same transaction.
    A new assessment belongs to ``team`` (its reviewers see it; none: staff only); one the team
    stored before keeps the team it has now (the admin may have moved it)."""
    opened: list[Assessment] = []
    stored = bundle_store(
        raw=raw,
        max_bytes=max_bytes,
        owner=bundle_owner(team),
        enqueue_verification=enqueue_verification,
        on_store=lambda verification: opened.append(_open_for_review(verification, team)),
    )
    if opened:
        return ImportResult(assessment=opened[0], created=True)
    # Stored before: under review already, or stored by verification alone (bench_pipeline).
    assessment = (
        Assessment.objects.select_related("verification")
        .filter(verification=stored.verification)
        .first()
    )
    return ImportResult(
        assessment=assessment or _open_for_review(stored.verification, team), created=False
    )


def _open_for_review(verification: Verification, team: Team | None) -> Assessment:
    return Assessment.objects.create(
        verification=verification, team=team, review_state=ReviewState.PENDING
    )
