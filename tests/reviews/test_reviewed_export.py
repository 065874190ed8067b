"""Issue 31, item 6b and 6c: what reviewers decided becomes data. Scenario bundles are
imported and verified by the real engine on PostgreSQL, given verdicts and decisions;
``export_reviewed`` writes them as a set the real scorer (``shared/tools/check_report.py``,
run as a subprocess) scores, and ``engine_compare`` runs the engine over it and says what
would change."""

import json
import re
import shutil
import subprocess
import sys
from datetime import datetime
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.utils import timezone

from citations.engine import ENGINE_VERSION
from citations.models import Quote
from citations.services import assessment_verify
from reviews import services, verdicts
from reviews.imports import bundle_import
from reviews.models import Assessment, Team

from .review_data import user

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = settings.SHARED_DIR / "data" / "scenarios"
CHECK_REPORT = settings.SHARED_DIR / "tools" / "check_report.py"


def verified(name: str, team: Team) -> Assessment:
    """A scenario bundle imported for ``team`` and verified by the engine in this process."""
    raw = (SCENARIOS / f"{name}.json").read_bytes()
    assessment = bundle_import(raw=raw, team=team, enqueue_verification=False).assessment
    assessment_verify(assessment_id=assessment.pk)
    return Assessment.objects.get(pk=assessment.pk)


def give(assessment: Assessment, reviewer, n: int, action: str) -> None:
    verdicts.quote_verdict_give(
        assessment=assessment,
        quote=Quote.objects.get(assessment=assessment.verification, n=n),
        reviewer=reviewer,
        action=action,
    )


@pytest.fixture
def reviewed(monkeypatch):
    """Three reviewed assessments: procurement pending with four verdicts (quote 2, verified,
    overruled; 3, corrected, confirmed; 4, with attention, confirmed; 5, unverified with a
    hint, confirmed), the ADR approved with one verdict (5 overruled), and the Korean
    evidence approved long before the period exported."""
    team = Team.objects.create(name="reviewers")
    reviewer = user("rita", teams=(team,))
    procurement = verified("procurement_review", team)
    assert dict(procurement.verification.quotes.values_list("n", "status"))[5] == "unverified"
    for n, action in ((2, "overrule"), (3, "confirm"), (4, "confirm"), (5, "confirm")):
        give(procurement, reviewer, n, action)
    adr = verified("adr_source_binding", team)
    give(adr, reviewer, 5, "overrule")
    services.assessment_approve(assessment=adr, reviewer=reviewer, confirm_unverified=True)
    old = verified("evidence_extraction_ko", team)
    long_ago = timezone.make_aware(datetime(2020, 1, 2, 12))
    monkeypatch.setattr(timezone, "now", lambda: long_ago)
    services.assessment_approve(assessment=old, reviewer=reviewer, confirm_unverified=True)
    monkeypatch.undo()
    return {"procurement": procurement, "adr": adr, "old": old}


def export(folder: Path, since: str = "2026-01-01") -> str:
    out = StringIO()
    call_command("export_reviewed", "--since", since, str(folder), stdout=out)
    return out.getvalue()


def compare(folder: Path) -> tuple[int, str]:
    """engine_compare's exit status and what it printed."""
    out = StringIO()
    try:
        call_command("engine_compare", str(folder), stdout=out)
    except CommandError as exc:
        return exc.returncode, out.getvalue()
    return 0, out.getvalue()


def test_export_scores_with_the_real_scorer_and_compare_says_what_changes_issue_31_6(
    reviewed, tmp_path
):
    """Issue 31 items 6b and 6c, end to end: verdicts are the expectation (an overrule a
    misquote, a confirmed hint its correction, a checked attention required), an approved
    assessment's other quotes expect the engine's status, a pending one's are not checked;
    check_report scores the set; engine_compare finds the two quotes where the reviewers and
    the engine differ, and nothing in a set where they agree."""
    folder = tmp_path / "reviewed"
    procurement, adr = reviewed["procurement"].pk, reviewed["adr"].pk
    said = export(folder)
    assert sorted(path.name for path in folder.iterdir()) == [
        f"assessment-{procurement}.expected.json",
        f"assessment-{procurement}.json",
        f"assessment-{adr}.expected.json",
        f"assessment-{adr}.json",
    ]  # the Korean evidence was reviewed before the period
    assert f"wrote 2 assessment(s) to {folder}: 5 quotes expected by verdict, 4 by " in said
    assert "8 not checked" in said

    expected = json.loads((folder / f"assessment-{procurement}.expected.json").read_text())
    by_n = {quote["n"]: quote for quote in expected["quotes"]}
    assert (by_n[2]["status"], by_n[2]["verdict"], by_n[2]["match"]) == (
        "unverified",
        "overrule",
        None,
    )
    assert by_n[3]["status"] == "corrected" and by_n[3]["corrected"]["source"] == "A1"
    assert (by_n[4]["status"], by_n[4]["attention"]) == ("verified", True)
    hint = Quote.objects.get(assessment_id=procurement, n=5)
    assert by_n[5]["status"] == "corrected"
    assert by_n[5]["corrected"]["source"] == hint.match_source.key
    assert by_n[1]["acceptable"] == ["corrected", "unverified", "ineligible"]
    assert by_n[1]["expected_by"] == "none"
    adr_expected = json.loads((folder / f"assessment-{adr}.expected.json").read_text())
    assert [(q["n"], q["expected_by"], q["status"]) for q in adr_expected["quotes"]] == [
        (1, "approval", "verified"),
        (2, "approval", "corrected"),
        (3, "approval", "unverified"),
        (4, "approval", "corrected"),
        (5, "verdict", "unverified"),
    ]

    scored = subprocess.run(
        [
            sys.executable,
            str(CHECK_REPORT),
            "--dir",
            str(folder),
            "--cmd",
            f"{sys.executable} -m citations verify {{bundle}}",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    lines = scored.stdout.strip().splitlines()
    assert scored.returncode == 1, scored.stdout + scored.stderr
    assert lines[-1] == "quotes: 15 ok, 0 acceptable, 1 wrong, 1 critical"
    assert (
        f"assessment-{procurement} quote 2 [critical]: status verified, expected unverified: "
        "passed a quote that must not pass"
    ) in lines
    assert f"assessment-{procurement} quote 5 [wrong]: status unverified, expected corrected" in (
        lines
    )
    assert "attention: on 2 of 12 verified or corrected quotes" in lines
    assert lines[-2] == (
        "ideal status reached: corrected 5/6 (83.3%), ineligible 1/1 (100.0%), "
        "unverified 3/4 (75.0%), verified 6/6 (100.0%)"
    )

    status, printed = compare(folder)
    assert status == 1
    lines = printed.strip().splitlines()
    assert lines[0] == (
        f"assessment-{procurement} quote 2 [critical]: expected unverified, now verified "
        "(rules now: cite.marker, verbatim.exact, policy.document.as_cited)"
    )
    assert lines[1].startswith(
        f"assessment-{procurement} quote 5: expected corrected, now unverified (rules now: "
    )
    assert "  claim.number: 1 compared, 1 would change" in lines
    assert "  policy.document.as_cited: 2 compared, 1 would change" in lines
    assert "  cite.json_field: 5 compared, 0 would change" in lines
    assert lines[-1] == (
        f"9 quotes compared in 2 bundle(s) by verbatim {ENGINE_VERSION}: 7 as expected, "
        "2 would change "
        "(1 critical); 8 not checked"
    )

    agreed = tmp_path / "agreed"
    shutil.copytree(folder, agreed)
    for path in agreed.glob(f"assessment-{procurement}.*"):
        path.unlink()
    status, printed = compare(agreed)
    assert status == 0
    assert printed.strip().splitlines()[-1] == (
        f"5 quotes compared in 1 bundle(s) by verbatim {ENGINE_VERSION}: 5 as expected, "
        "0 would change "
        "(0 critical); 0 not checked"
    )


def test_the_exported_bundle_is_the_one_the_engine_verified_issue_31_6b(reviewed, tmp_path):
    """Issue 31 item 6b: the bundle written verifies, as the engine reads it now, to the
    stored results (the set is the team's reviewed history, not a new input)."""
    export(tmp_path / "set")
    procurement = reviewed["procurement"]
    report = subprocess.run(
        [sys.executable, "-m", "citations", "verify", f"assessment-{procurement.pk}.json"],
        capture_output=True,
        text=True,
        cwd=tmp_path / "set",
        check=True,
        timeout=300,
    )
    stored = list(
        procurement.verification.quotes.order_by("n").values_list("n", "status", "reason")
    )
    now = [(q["n"], q["status"], q["reason"]) for q in json.loads(report.stdout)["quotes"]]
    assert now == stored


@pytest.mark.parametrize(
    ("since", "folder", "message"),
    [
        ("yesterday", "new", "--since: 'yesterday' is not a date; write it YYYY-MM-DD"),
        ("2026-13-01", "new", "--since: '2026-13-01' is not a date; write it YYYY-MM-DD"),
        ("2026-01-01", "a-file/new", "DIR: cannot write to"),
        ("2026-01-01", "a-file", "is not a folder"),
        ("2026-01-01", "full", "is not empty; give a new or empty folder"),
    ],
)
def test_a_bad_date_or_folder_is_named_and_nothing_is_written_issue_31_6b(
    reviewed, tmp_path, since, folder, message
):
    """Issue 31 item 6b: a bad DATE or a DIR that cannot take the set: the reason, exit
    status 1, no file written."""
    (tmp_path / "a-file").write_text("not a folder")
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "earlier.expected.json").write_text("{}")
    before = sorted(str(path) for path in tmp_path.rglob("*"))
    with pytest.raises(CommandError, match=re.escape(message)) as refused:
        export(tmp_path / folder, since=since)
    assert refused.value.returncode == 1
    assert sorted(str(path) for path in tmp_path.rglob("*")) == before


def test_nothing_reviewed_in_the_period_writes_nothing_issue_31_6b(reviewed, tmp_path):
    """Issue 31 item 6b: a period nobody reviewed in is no error; nothing is written."""
    said = export(tmp_path / "set", since="2099-01-01")
    assert said.strip() == (
        "no assessment reviewed since 2099-01-01 has a quote to expect: nothing written"
    )
    assert not (tmp_path / "set").exists()


def test_a_rejected_assessment_without_verdicts_expects_nothing_issue_31_6b(tmp_path):
    """Issue 31 item 6b: quotes without a verdict expect nothing unless the assessment was
    approved, so a rejected one without verdicts is not written."""
    team = Team.objects.create(name="reviewers")
    rejected = verified("evidence_extraction_ko", team)
    services.assessment_reject(assessment=rejected, reviewer=user("rita", teams=(team,)))
    today = timezone.localdate().isoformat()
    said = export(tmp_path / "set", since=today)
    assert "has a quote to expect: nothing written" in said
    assert not (tmp_path / "set").exists()


@pytest.mark.parametrize(
    ("files", "message"),
    [
        ({}, "holds no NAME.expected.json"),
        ({"a.expected.json": '{"quotes": []}'}, "a.json: cannot read"),
        ({"a.expected.json": "{", "a.json": "{}"}, "a.expected.json: not JSON"),
        (
            {"a.expected.json": '{"quotes": [{"n": 1, "status": "fine"}]}', "a.json": "{}"},
            "quotes[0].status is not one of",
        ),
        ({"a.expected.json": '{"quotes": []}', "a.json": "{}"}, "a.json: bad bundle: "),
    ],
)
def test_compare_refuses_an_unusable_set_with_status_2_issue_31_6c(tmp_path, files, message):
    """Issue 31 item 6c: a folder that is no set: the file and the reason, exit status 2."""
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    with pytest.raises(CommandError, match=re.escape(message)) as refused:
        call_command("engine_compare", str(tmp_path), stdout=StringIO())
    assert refused.value.returncode == 2
