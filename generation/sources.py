"""The sources file a generation starts from. Plain Python, no Django.

Format (JSON object; the ``sources`` entries are exactly a bundle's, see bundle.schema.json)::

    {
      "id": "optional bundle id for the hand-over",
      "title": "optional title",
      "sources": [
        {"id": "DOC", "kind": "document", "title": "…", "text": "¶1\\n\\n¶2"},
        {"id": "MAIL", "kind": "email_body", "eligible": false, "paragraphs": ["…"]}
      ]
    }

A source with ``"eligible": false`` is part of the turn (the hand-over bundle carries it, so
a quote citing it is flagged ``ineligible``) but never reaches the prompt (012.1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from citations.engine import BundleError, Turn, decode_bundle, load_bundle

ALLOWED_KEYS = ("id", "title", "sources")


@dataclass(frozen=True, slots=True)
class SourcesFile:
    turn: Turn
    sources: list[dict[str, Any]]  # bundle source objects, eligibility written out
    title: str
    bundle_id: str


def load_sources(raw: str | bytes | dict[str, Any]) -> SourcesFile:
    """Validate a sources file; ``BundleError`` names the offending field."""
    data = raw if isinstance(raw, dict) else decode_bundle(raw)
    for key in data:
        if key not in ALLOWED_KEYS:
            raise BundleError(key, f"unknown field; a sources file has {', '.join(ALLOWED_KEYS)}")
    if "sources" not in data:
        raise BundleError("sources", "required: the list of sources")
    for key in ("id", "title"):
        if not isinstance(data.get(key, ""), str):
            raise BundleError(key, "must be a string")
    # The engine's bundle reader checks the sources; the placeholder response is never used.
    placeholder = {
        "bundle_version": 1,
        "id": data.get("id") or "sources",
        "sources": data["sources"],
        "response": {"format": "markdown", "text": ""},
    }
    turn = load_bundle(placeholder).turn
    if not turn.eligible_sources:
        raise BundleError("sources", "no source is eligible, so the prompt would be empty")
    stored = [dict(item, eligible=turn.is_eligible(item["id"])) for item in data["sources"]]
    return SourcesFile(
        turn=turn, sources=stored, title=data.get("title", ""), bundle_id=data.get("id", "")
    )


def turn_from_stored(sources: list[dict[str, Any]]) -> Turn:
    """The engine Turn of stored sources (as written by ``load_sources``)."""
    return load_sources({"sources": sources}).turn
