"""Test data in one place: bundles as dicts, and rows built through the real import."""

import copy
import json
from pathlib import Path
from typing import Any

from django.conf import settings

from citations.models import Correction, Quote, Source, Verification
from reviews.imports import bundle_import
from reviews.models import Assessment

SCENARIO_DIR = settings.SHARED_DIR / "data" / "scenarios"
SCENARIOS = sorted(p for p in SCENARIO_DIR.glob("*.json") if not p.name.endswith(".expected.json"))

MINIMAL_BUNDLE: dict[str, Any] = {
    "bundle_version": 1,
    "id": "minimal-1",
    "title": "A minimal bundle",
    "meta": {"model": "test-model", "prompt_version": "v1"},
    "sources": [
        {"id": "D1", "kind": "document", "title": "Doc", "text": "First paragraph.\n\nSecond."},
        {"id": "E1", "kind": "email_body", "title": "Mail", "paragraphs": ["Hello there."]},
        {"id": "A1", "kind": "attachment", "parent": "E1", "paragraphs": ["Attached text."]},
    ],
    "response": {"format": "markdown", "text": '> First paragraph. [D1 ¶1]\n\nSaid "Second." [D1]'},
}


def bundle_data(**overrides: Any) -> dict[str, Any]:
    """A fresh valid bundle dict; top-level keys replaced by ``overrides``."""
    data = copy.deepcopy(MINIMAL_BUNDLE)
    data.update(overrides)
    return data


def scenario_data(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def make_assessment(**overrides: Any) -> Assessment:
    return bundle_import(raw=bundle_data(**overrides)).assessment


def make_quote(assessment: Assessment, n: int, **fields: Any) -> Quote:
    values: dict[str, Any] = {
        "form": "inline",
        "text": "Second.",
        "status": "verified",
        "reason": "found_as_cited",
    }
    values.update(fields)
    return Quote.objects.create(assessment=assessment.verification, n=n, **values)


def assessment_update(assessment_id: int, **fields: Any) -> None:
    """Set fields of an assessment and of its verification, each on the row that holds it:
    the verification's (title, state, dates, counts) and the assessment's (review, team)."""
    of_verification = {field.name for field in Verification._meta.concrete_fields}
    verification_fields = {k: v for k, v in fields.items() if k in of_verification}
    assessment_fields = {k: v for k, v in fields.items() if k not in of_verification}
    if verification_fields:
        Verification.objects.filter(pk=assessment_id).update(**verification_fields)
    if assessment_fields:
        Assessment.objects.filter(pk=assessment_id).update(**assessment_fields)


def make_correction(quote: Quote, **fields: Any) -> Correction:
    values: dict[str, Any] = {
        "run": 1,
        "field": "paragraph",
        "old_value": "1",
        "new_value": "2",
        "reason": "relocated_paragraph",
        "score": 1.0,
        "engine_version": "test",
    }
    values.update(fields)
    return Correction.objects.create(assessment=quote.assessment, quote=quote, **values)


def source(assessment: Assessment, key: str) -> Source:
    return Source.objects.get(turn=assessment.verification.turn, key=key)


def as_stored_by_layout_version_1(layout: dict[str, Any]) -> dict[str, Any]:
    """A stored ``layout`` as the engine stored it before JSON citation sites (issue 14)."""
    old = {**layout, "version": 1}
    if "json" in layout:
        objects = [
            {key: value for key, value in obj.items() if key != "site"}
            for obj in layout["json"]["objects"]
        ]
        old["json"] = {**layout["json"], "objects": objects}
    return old
