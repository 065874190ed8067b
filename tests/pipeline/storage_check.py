"""Run as a script against an empty database (DATABASE_URL): migrate it, walk every bundle
file given through ``storage_walk`` and print what was found as JSON
(``test_storage.py`` reads it). For SQLite, which the test database is not."""

import json
import os
import sys
from pathlib import Path

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
sys.path.insert(0, os.getcwd())

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402

from tests.pipeline.storage_reference import storage_walk  # noqa: E402

call_command("migrate", verbosity=0)
paths = [Path(arg) for arg in sys.argv[1:]]
problems: list[str] = []
seen: set[str] = set()
for n, path in enumerate(paths):
    problems += storage_walk(json.loads(path.read_text()), tag=f"walk{n}", seen=seen)
found = {"vendor": connection.vendor, "bundles": len(paths), "problems": problems}
print(json.dumps({**found, "seen": sorted(seen)}))
