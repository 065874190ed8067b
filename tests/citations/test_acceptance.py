"""Acceptance: every scenario in shared/data/scenarios and the labelled real LLM answers in
shared/data/dev, scored by shared/tools/check_report.py's own ``compare``."""

import importlib.util
import json
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from django.conf import settings

from citations.engine import load_bundle, report_to_dict, verify_bundle
from citations.engine.matching.match import forget_source_texts

SHARED = settings.SHARED_DIR  # VERBATIM_SHARED_DIR, else ../shared
SCENARIOS = SHARED / "data" / "scenarios"
# Bundles the engine was not tuned on, expectations written from the policy table.
REDTEAM = Path(__file__).parent / "redteam"
DEV = SHARED / "data" / "dev" / "verbote"


@cache
def check_report():
    spec = importlib.util.spec_from_file_location(
        "check_report", SHARED / "tools" / "check_report.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def scored(bundle_path: Path):
    """(expected quote, verdict, problems) for every quote of one bundle."""
    tool = check_report()
    data = json.loads(bundle_path.read_text())
    report = report_to_dict(verify_bundle(load_bundle(data)))
    expected = json.loads(bundle_path.with_name(bundle_path.stem + ".expected.json").read_text())
    assert len(report["quotes"]) == len(expected["quotes"])
    paragraphs = tool.paragraphs_of(data)
    got = {q["n"]: q for q in report["quotes"]}
    for quote in expected["quotes"]:
        verdict, problems = tool.compare(quote, got[quote["n"]], paragraphs)
        yield quote, verdict, problems


def bundles(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.json") if not p.name.endswith(".expected.json"))


needs_shared = pytest.mark.skipif(
    not SCENARIOS.is_dir(), reason="shared/ is not beside the project"
)


def redteam_cases() -> list:
    return [pytest.param(path, id=path.stem) for path in bundles(REDTEAM)]


@needs_shared
@pytest.mark.parametrize("bundle_path", bundles(SCENARIOS), ids=lambda p: p.stem)
def test_scenario_passes_with_nothing_wrong(bundle_path):
    """003.1-003.9, 011.1-011.4, 012.2, ADR-1, EV-3: each scenario, 0 wrong, 0 critical."""
    failures = [
        (quote["n"], verdict, problems)
        for quote, verdict, problems in scored(bundle_path)
        if verdict in ("wrong", "critical")
    ]
    assert failures == []


@needs_shared
@pytest.mark.parametrize("bundle_path", redteam_cases())
def test_redteam_bundle_passes_with_nothing_wrong(bundle_path):
    """003.2, 003.3, 003.6, 003.7, 003.8, 011.1, 011.2, 012.2, ADR-1: red-team bundles (changed
    numbers and negations, stitched and extended quotes, emails, scripts, Unicode forms, many
    sources) score 0 wrong, 0 critical with check_report's own ``compare``."""
    failures = [
        (quote["n"], verdict, problems)
        for quote, verdict, problems in scored(bundle_path)
        if verdict in ("wrong", "critical")
    ]
    assert failures == []


def dev_tally() -> dict[str, Counter]:
    """Verdicts on the dev set by kind of quote: verbatim, crossing a line, near-verbatim,
    fabricated, ambiguous."""
    tally: dict[str, Counter] = {}
    for bundle_path in bundles(DEV):
        for quote, verdict, _ in scored(bundle_path):
            if quote["status"] == "verified":
                kind = "crossing" if quote.get("acceptable") else "verbatim"
            elif quote["status"] == "corrected":
                kind = "near"
            else:
                kind = "fabricated" if not quote.get("acceptable") else "ambiguous"
            tally.setdefault(kind, Counter())[verdict] += 1
    return tally


@needs_shared
def test_dev_set_real_llm_quotes_meet_the_targets():
    """VB-1 on real data: no fabricated quote passes (0 critical); verbatim quotes verified at
    the right span >= 99.5 %."""
    tally = dev_tally()
    everything = sum(tally.values(), Counter())
    assert everything["critical"] == 0, tally
    assert tally["fabricated"]["ok"] == tally["fabricated"].total()
    verbatim = tally["verbatim"]
    assert verbatim["ok"] / verbatim.total() >= 0.995, tally


@needs_shared
def test_dev_set_near_verbatim_quotes_are_corrected():
    """VB-1 on real data: near-verbatim quotes corrected at the right span >= 85 %."""
    near = dev_tally()["near"]
    assert near["ok"] / near.total() >= 0.85, near


@needs_shared
@pytest.mark.xfail(
    strict=True,
    reason="Engine v3: a status says whether the text is there; what a quote leaves out is "
    "shown, not decided (three dev labels expect a correction where the issue folds a "
    "closing full stop or an edge ellipsis: verified)",
)
def test_dev_set_scores_nothing_wrong():
    """Every dev quote reaches its ideal status or an acceptable one: 0 wrong, 0 critical."""
    everything = sum(dev_tally().values(), Counter())
    assert everything["wrong"] == everything["critical"] == 0, everything


@needs_shared
def test_dev_set_verbatim_quotes_are_verified():
    """Issue 12's target: >= 99.9 % of the quotes labelled verbatim (those crossing a line
    break too) verified at their span, check_report's "ideal status reached" line."""
    tally = dev_tally()
    verbatim = tally["verbatim"] + tally["crossing"]
    assert verbatim["ok"] / verbatim.total() >= 0.999, verbatim


@needs_shared
@pytest.mark.parametrize("folder", [SCENARIOS, REDTEAM, DEV], ids=["scenarios", "redteam", "dev"])
def test_every_repaired_quote_names_the_edits_it_made(folder):
    """Default deny, seen from the report: a quote whose text is corrected names at least one
    claim-preserving edit of the rule table in ``decision.rules``, never none."""
    unnamed = []
    for bundle_path in bundles(folder):
        report = report_to_dict(verify_bundle(load_bundle(bundle_path.read_bytes())))
        for quote in report["quotes"]:
            if quote["reason"] == "text_repaired" and not any(
                rule.startswith("edit.") for rule in quote["decision"]["rules"]
            ):
                unnamed.append((bundle_path.stem, quote["n"], quote["decision"]["rules"]))
    assert not unnamed


@needs_shared
def test_bundles_verified_one_after_another_report_as_each_alone():
    """Issue 12, speed: a process keeps the sources it prepared for later bundles with the
    same paragraphs. The scenarios and red-team bundles (which share documents) verified in
    one process, in order and then in reverse, report exactly what each reports verified
    with nothing kept."""
    paths = bundles(SCENARIOS) + bundles(REDTEAM)
    alone = {}
    for path in paths:
        forget_source_texts()
        alone[path] = report_to_dict(verify_bundle(load_bundle(path.read_bytes())))
    for order in (paths, paths[::-1]):
        forget_source_texts()
        for path in order:
            assert report_to_dict(verify_bundle(load_bundle(path.read_bytes()))) == alone[path]
