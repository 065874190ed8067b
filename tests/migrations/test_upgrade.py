"""Issue 16: a database made under the schema before the models moved to ``citations`` keeps
every assessment, quote, correction and decision, and PostgreSQL's append-only triggers,
through the migrations. Each database is a fresh one, migrated in a subprocess
(``upgrade_check.py``) so the test database and its connections stay as they are."""

import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

import psycopg
import pytest
from django.conf import settings
from django.db import connection

SCRIPT = Path(__file__).with_name("upgrade_check.py")

EXPECTED = {
    "assessments": [
        ["b1", "done", 1, "approved", "legal", "rita", "rita", ["Two."], "D1"],
        ["b2", "done", 1, "pending", "legal", "rita", None, ["Two."], "D1"],
    ],
    "verifications": 2,
    "sources": 2,
    "quotes": [["b1", "D1", 2], ["b2", "D1", 2]],
    "corrections": [["b1", 1, "1", "2"], ["b2", 1, "1", "2"]],
    "decisions": [["b1", "approved", "rita"]],
    "generations": ["b1"],
    "owners": [["b1", True], ["b2", True]],
    "layouts": [["b1", ["Two."]], ["b2", ["Two."]]],
}


def upgrade(database_url: str) -> dict:
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")},
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "1",
        "DATABASE_URL": database_url,
    }
    run = subprocess.run(
        [sys.executable, str(SCRIPT)],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.splitlines()[-1])


def test_upgrade_keeps_every_row_on_sqlite(tmp_path):
    found = upgrade(f"sqlite:///{tmp_path / 'upgrade.sqlite3'}")
    assert found.pop("vendor") == "sqlite"
    # No triggers on SQLite (the app alone keeps the trail): the attempts went through and
    # were rolled back, and every row is still there.
    assert set(found.pop("append_only_refused").values()) == {False}
    assert found == EXPECTED


@pytest.mark.django_db
def test_upgrade_keeps_every_row_and_the_triggers_on_postgresql():
    params = connection.get_connection_params()
    name = f"verbatim_upgrade_{uuid.uuid4().hex[:8]}"
    admin = {k: params[k] for k in ("host", "port", "user", "password") if params.get(k)}
    with psycopg.connect(dbname="postgres", autocommit=True, **admin) as server:
        server.execute(f'CREATE DATABASE "{name}"')
    try:
        user = f"{admin['user']}:{admin.get('password', '')}@" if admin.get("user") else ""
        found = upgrade(
            f"postgres://{user}{admin.get('host', '')}:{admin.get('port', 5432)}/{name}"
        )
    finally:
        with psycopg.connect(dbname="postgres", autocommit=True, **admin) as server:
            server.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    assert found.pop("vendor") == "postgresql"
    assert found.pop("append_only_refused") == {
        "correction update": True,
        "correction delete": True,
        "decision update": True,
        "decision delete": True,
    }
    assert found == EXPECTED
