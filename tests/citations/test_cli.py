"""``python -m citations``: reports on stdout (JSON Lines for several bundles, in order, one
process), a clear message and exit status 2 for a bad bundle (VB-3)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from citations.engine.version import ENGINE_NAME, ENGINE_VERSION

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = settings.SHARED_DIR / "data" / "scenarios"  # VERBATIM_SHARED_DIR, else ../shared


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "citations", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def write_bundle(tmp_path: Path, name: str, quote: str, bundle_id: str = "cli") -> Path:
    data = {
        "bundle_version": 1,
        "id": bundle_id,
        "sources": [
            {"id": "S1", "kind": "document", "text": "Alpha beta gamma.\n\nDelta epsilon."}
        ],
        "response": {"format": "markdown", "text": f'It says "{quote}" [S1 ¶2].'},
    }
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_verify_prints_the_report(tmp_path):
    result = run("verify", str(write_bundle(tmp_path, "one.json", "Delta epsilon.")))
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["bundle"] == "cli"
    assert report["engine"] == f"{ENGINE_NAME} {ENGINE_VERSION}"
    assert report["quotes"][0]["status"] == "verified"
    assert report["quotes"][0]["match"]["text"] == "Delta epsilon."


def test_verify_several_bundles_prints_json_lines_in_order(tmp_path):
    paths = [
        write_bundle(tmp_path, "b.json", "Delta epsilon.", "second"),
        write_bundle(tmp_path, "a.json", "Alpha beta gamma.", "first"),
        write_bundle(tmp_path, "c.json", "Zeta eta theta iota.", "third"),
    ]
    result = run("verify", *map(str, paths))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 3
    reports = [json.loads(line) for line in lines]
    assert [r["bundle"] for r in reports] == ["second", "first", "third"]
    assert [r["quotes"][0]["status"] for r in reports] == ["verified", "corrected", "unverified"]


def test_verify_output_is_deterministic(tmp_path):
    path = str(write_bundle(tmp_path, "one.json", "Alpha beta gamma."))
    assert run("verify", path).stdout == run("verify", path).stdout


EMPTY_SOURCES = {
    "bundle_version": 1,
    "id": "x",
    "sources": [],
    "response": {"format": "markdown", "text": ""},
}
BAD_KIND = {**EMPTY_SOURCES, "sources": [{"id": "S", "kind": "book", "text": "t"}]}
ONE_SOURCE = {**EMPTY_SOURCES, "sources": [{"id": "S", "kind": "document", "text": "t"}]}
DEEP_PATH = {
    **ONE_SOURCE,
    "response": {
        "format": "json",
        "text": "{}",
        "quotes": [{"path": "$" + ".a" * 50_000, "text": "t"}],
    },
}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        (json.dumps(EMPTY_SOURCES), "sources"),
        (json.dumps(BAD_KIND), "sources[0].kind"),
        # issue 13: these ended in a traceback, exit 1, or a crashed process
        (json.dumps(ONE_SOURCE).replace('"bundle_version": 1', '"bundle_version": NaN'), "NaN"),
        (
            json.dumps(ONE_SOURCE).replace(
                '"bundle_version": 1', '"bundle_version": ' + "9" * 5000
            ),
            "digits",
        ),
        (json.dumps(DEEP_PATH), "response.quotes[0].path"),
    ],
)
def test_vb3_a_bad_bundle_exits_2_naming_the_problem(tmp_path, content, message):
    good = write_bundle(tmp_path, "good.json", "Delta epsilon.")
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    result = run("verify", str(good), str(bad))
    assert result.returncode == 2
    assert result.stdout == ""  # nothing printed for the good one either
    assert "bad.json" in result.stderr and message in result.stderr
    assert "Traceback" not in result.stderr


def test_vb3_a_missing_file_exits_2(tmp_path):
    result = run("verify", str(tmp_path / "missing.json"))
    assert result.returncode == 2
    assert "cannot read" in result.stderr


@pytest.mark.skipif(not SCENARIOS.is_dir(), reason="shared/ is not beside the project")
def test_003_9_export_prints_the_response_with_corrections_applied():
    result = run("export", str(SCENARIOS / "procurement_review.json"))
    assert result.returncode == 0, result.stderr
    assert "ninety (90) days’ written notice" in result.stdout
    assert "ninety days' written notice" not in result.stdout
