"""The embedded default that `bin/demo` runs: SQLite and kombu's filesystem broker, with a
real `celery worker` process verifying what `import_bundle` stores. No server involved, so
this is the one place the suite runs the pipeline on SQLite."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)
BUNDLE = settings.SHARED_DIR / "data" / "scenarios" / "procurement_review.json"
STATE = (
    "from reviews.models import Assessment; import json; "
    "print(json.dumps([[v.verification_state, v.quotes_found, v.quotes_corrected, "
    "v.verification_error] for v in (a.verification for a in Assessment.objects.all())]))"
)
# Each stored quote row beside the report entry the engine wrote for it.
QUOTES = """
import json
from reviews.models import Assessment
assessment = Assessment.objects.get()
stored = [
    [q.n, q.status, q.reason, q.text, q.match_source and q.match_source.key, q.match_paragraph,
     q.match_start, q.match_end, q.match_score, q.match_continues, q.corrected_text]
    for q in assessment.verification.quotes.order_by("n")
]
reported = []
for e in assessment.verification.report["quotes"]:
    m = e["match"] or {}
    reported.append([
        e["n"], e["status"], e["reason"], e["text"], m.get("source"), m.get("paragraph"),
        m.get("start"), m.get("end"), m.get("score"),
        [[c["paragraph"], c["start"], c["end"]] for c in m.get("continues", [])],
        (e["corrected"] or {}).get("text", ""),
    ])
# The text corrections (written with SQLite's JSON functions too) beside the report's.
corrections = sorted(
    [c.quote.n, c.old_value, c.new_value, c.actor, c.run, c.created_at.tzinfo is not None]
    for c in assessment.verification.corrections.filter(field="text")
)
reported_corrections = sorted(
    [e["n"], e["text"], e["corrected"]["text"], "system", 1, True]
    for e in assessment.verification.report["quotes"]
    if e["corrected"] and e["corrected"]["text"] != e["text"]
)
print(json.dumps([stored, reported, corrections, reported_corrections]))
"""


def manage(env: dict[str, str], *args: str) -> str:
    run = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    return run.stdout


def test_the_demo_default_verifies_in_a_separate_worker_process_003_4(tmp_path):
    """SQLite + filesystem broker: an imported bundle is verified by a worker process."""
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "CELERY_"))},
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'demo.sqlite3'}",
        "CELERY_BROKER_URL": "filesystem://",
        "VAR_DIR": str(tmp_path),
    }
    manage(env, "migrate", "-v", "0")
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            "--loglevel=INFO",
        ],
        cwd=ROOT,
        env=env,
        stdout=(tmp_path / "worker.log").open("wb"),
        stderr=subprocess.STDOUT,
    )
    try:
        manage(env, "import_bundle", str(BUNDLE))
        deadline = time.monotonic() + 90
        while True:
            rows = json.loads(manage(env, "shell", "-v", "0", "-c", STATE))
            if (rows and rows[0][0] in ("done", "failed")) or time.monotonic() > deadline:
                break
            time.sleep(1)
    finally:
        worker.send_signal(signal.SIGTERM)
        worker.wait(timeout=30)
    log = (tmp_path / "worker.log").read_text(errors="replace")[-3000:]
    assert rows == [["done", 12, 3, ""]], log
    # The quote and correction rows (written with SQLite's JSON functions) agree with the
    # stored report.
    stored, reported, corrections, reported_corrections = json.loads(
        manage(env, "shell", "-v", "0", "-c", QUOTES)
    )
    assert stored == reported
    assert corrections == reported_corrections
    assert len(corrections) >= 1
