"""The whole engine, parse -> verify -> export, on the acceptance scenarios and the dev set
(003.9, ADR-1).

Golden files (``golden/<scenario>.export.md|txt``) are the reviewed exports of the
scenarios, whose expected verification results are fixed; after a deliberate change,
regenerate one with ``python -m citations export ../shared/data/scenarios/NAME.json`` and
review the diff. The dev set is checked by properties instead, so that it does not pin how
well the matcher does, only that the export carries out whatever the report says.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.conf import settings

from citations.engine import (
    Response,
    VerificationStatus,
    export_response,
    load_bundle,
    parse_response,
    verify_bundle,
)
from citations.engine.json_paths import value_at
from citations.engine.reading.json_locate import locate_json, select_quote_objects

SHARED = settings.SHARED_DIR / "data"  # VERBATIM_SHARED_DIR, else ../shared
GOLDEN = Path(__file__).resolve().parent / "golden"
DEV = sorted(p for p in (SHARED / "dev" / "verbote").glob("*.json") if ".expected" not in p.name)


@pytest.mark.parametrize(
    "golden",
    [
        "procurement_review.export.md",
        "adr_source_binding.export.txt",
        "evidence_extraction_ko.export.txt",
    ],
)
def test_scenario_export_matches_golden_file_003_9_adr_1(golden: str) -> None:
    """003.9 / ADR-1: the scenario's export, byte for byte, as reviewed."""
    scenario = golden.split(".")[0]
    bundle = load_bundle((SHARED / "scenarios" / f"{scenario}.json").read_text())
    assert export_response(bundle, verify_bundle(bundle)) == (GOLDEN / golden).read_text()


def test_procurement_export_carries_every_decision_003_9() -> None:
    """Read back, the exported scenario holds the corrected quotes where the report put them."""
    bundle = load_bundle((SHARED / "scenarios" / "procurement_review.json").read_text())
    report = verify_bundle(bundle)
    exported = parse_response(Response(format="markdown", text=export_response(bundle, report)))
    assert len(exported.quotes) == len(report.results)
    for result, quote in zip(report.results, exported.quotes, strict=True):
        if result.corrected is not None:
            assert (quote.text, quote.cited_ref, quote.cited_paragraph) == (
                result.corrected.text,
                result.corrected.source,
                result.corrected.paragraph,
            )
        else:
            assert quote.text == result.quote.text


@pytest.mark.parametrize("path", DEV, ids=[p.stem for p in DEV])
def test_dev_export_changes_exactly_what_the_report_says_003_9(path: Path) -> None:
    """Real model answers: the exported JSON is the original with corrected texts replaced,
    flags added and nothing else changed; unchanged quotes keep their bytes."""
    bundle = load_bundle(path.read_text())
    report = verify_bundle(bundle)
    exported = export_response(bundle, report)
    assert exported == export_response(bundle, report)

    original = locate_json(bundle.response.text, bundle.response.quote_fields).value
    data = json.loads(exported)
    objects, _ = select_quote_objects(original, bundle.response.quote_fields)
    by_path = {o.text_path: o for o in objects}
    for result in report.results:
        selected = by_path[result.quote.json_path]
        obj = value_at(original, selected.parts)
        if result.corrected is not None:
            obj[selected.fields.text] = result.corrected.text
        elif result.status in (VerificationStatus.UNVERIFIED, VerificationStatus.INELIGIBLE):
            obj["verbatim_status"] = result.status.value
    assert json.dumps(data, ensure_ascii=False) == json.dumps(original, ensure_ascii=False)
    if all(r.status is VerificationStatus.VERIFIED for r in report.results):
        assert exported == bundle.response.text
