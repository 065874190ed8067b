"""Issue 35, item 3: one initial migration per app, squashed before the first release, importing
nothing of the project; an empty database of either kind migrates to the models."""

import ast
import importlib
import sqlite3
import sys
from pathlib import Path

import pytest
from django.conf import settings

from generation.schemas import builtin_definition
from tests.test_settings import manage

ROOT = Path(settings.BASE_DIR)
APPS = ("citations", "reviews", "generation", "webhooks")
ALLOWED_ROOTS = {"django", *sys.stdlib_module_names}


def migration_files(app: str) -> list[str]:
    return sorted(p.name for p in (ROOT / app / "migrations").glob("*.py") if p.name[0].isdigit())


@pytest.mark.parametrize("app", APPS)
def test_each_app_has_one_initial_migration_issue_35(app):
    assert migration_files(app) == ["0001_initial.py"]


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            roots.add("." if node.level else (node.module or "").split(".")[0])
    return roots


@pytest.mark.parametrize("app", APPS)
def test_no_migration_imports_project_code_issue_35(app):
    """Only Django and the standard library: a migration does what it did when it was written,
    whatever the code it would have imported becomes."""
    for name in migration_files(app):
        assert imported_roots(ROOT / app / "migrations" / name) <= ALLOWED_ROOTS, name


def test_the_import_reader_sees_project_imports():
    """The check above can fail: the old layout backfill imported live code."""
    path = ROOT / "citations" / "services.py"
    assert "citations" in imported_roots(path) - ALLOWED_ROOTS


def test_the_seeded_article_schema_is_the_shipped_definition_issue_35():
    """The initial migration freezes seed 002's definition; today it is the shipped file's."""
    initial = importlib.import_module("generation.migrations.0001_initial")
    assert builtin_definition("task-procedure-v1") == initial.ARTICLE_SCHEMA


def test_an_empty_sqlite_database_migrates_in_dependency_order_issue_35(tmp_path):
    """PostgreSQL's empty database is the test database itself (and the deployment of
    tests/citations/test_app_role.py); SQLite's, the demo's, is made here."""
    database = tmp_path / "empty.sqlite3"
    done = manage("migrate", "--noinput", DEBUG="1", DATABASE_URL=f"sqlite:///{database}")
    assert done.returncode == 0, done.stdout + done.stderr
    with sqlite3.connect(database) as connection:
        applied = connection.execute(
            "SELECT app, name FROM django_migrations WHERE app IN (?, ?, ?, ?) ORDER BY id", APPS
        ).fetchall()
        seeded = connection.execute(
            "SELECT name, version FROM generation_registeredschema"
        ).fetchall()
    order = [app for app, _ in applied]
    assert sorted(order) == sorted(APPS)
    assert order.index("citations") < order.index("reviews") < order.index("generation")
    assert {name for _, name in applied} == {"0001_initial"}
    assert seeded == [("task-procedure-v1", "1")]
