"""``citations.storage`` writes the rows a plain-ORM reference writes (issue 16, item 3): the
verification's fields, its quotes and corrections, run after run, for every scenario and some
dev answers on PostgreSQL, and for the scenarios on SQLite (the demo's database, where the
inserts read the JSON with ``json_each``) in a subprocess (``storage_check.py``), for the
scenarios and one dev answer."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from citations import storage

from .storage_reference import storage_walk

SCENARIOS = settings.SHARED_DIR / "data" / "scenarios"
DEV_SET = settings.SHARED_DIR / "data" / "dev" / "verbote"


# Every path of the store the walk must take in each folder.
WALKED = {"stored", "superseded", "refused", "corrections", "a match over several paragraphs"}


def bundles(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.json") if not p.name.endswith(".expected.json"))


@pytest.mark.django_db
def test_storage_writes_what_the_orm_reference_writes_on_postgresql():
    # Every scenario, and one dev answer of each model and year (the CDU/CSU programmes):
    # the whole dev set takes four times as long and walks no other path.
    paths = bundles(SCENARIOS) + sorted(DEV_SET.glob("*-cducsu.json"))
    problems: list[str] = []
    seen: set[str] = set()
    for n, path in enumerate(paths):
        problems += storage_walk(json.loads(path.read_text()), tag=f"walk{n}", seen=seen)
    assert problems == []
    assert seen >= WALKED, "the walk missed a path: every one must be compared"


@pytest.mark.django_db
def test_the_walk_finds_a_difference(monkeypatch):
    """The walk can fail: storage writing one column differently is reported."""
    real = storage.quote_values

    def off_by_one(result, sources):
        values = real(result, sources)
        return {**values, "match_end": values["match_end"] and values["match_end"] - 1}

    monkeypatch.setattr(storage, "quote_values", off_by_one)
    problems = storage_walk(
        json.loads((SCENARIOS / "procurement_review.json").read_text()), tag="broken"
    )
    assert any("match_end" in problem for problem in problems), problems


def test_storage_writes_what_the_orm_reference_writes_on_sqlite(tmp_path):
    # The scenarios, and a dev answer with a quote over several paragraphs (none has one).
    paths = [*bundles(SCENARIOS), DEV_SET / "2005-gemini-cducsu.json"]
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")},
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'storage.sqlite3'}",
        "CELERY_BROKER_URL": "memory://",
    }
    run = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("storage_check.py")), *map(str, paths)],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    found = json.loads(run.stdout.splitlines()[-1])
    assert found["vendor"] == "sqlite"
    assert found["bundles"] == len(paths)
    assert found["problems"] == []
    assert set(found["seen"]) >= WALKED
