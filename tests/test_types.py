"""mypy over the project, as pyproject's ``[tool.mypy]`` says: the engine with every flag of
``--strict``, the Django apps and ``config`` with django-stubs (and celery-types), every
function body checked. Run here so a type error fails CI (``bin/test``) instead of waiting
for someone to run mypy by hand."""

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def mypy_config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]


def test_the_project_type_checks():
    result = subprocess.run(
        [sys.executable, "-m", "mypy"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_covers_every_app_with_django_stubs_and_the_engine_strictly():
    config = mypy_config()
    assert set(config["files"]) == {
        "citations",
        "reviews",
        "generation",
        "webhooks",
        "config",
        "core",
    }
    assert "mypy_django_plugin.main" in config["plugins"]
    assert config["strict"] is True
    overrides = {tuple(o["module"]): o for o in config["overrides"]}
    apps = overrides[
        ("citations.*", "reviews.*", "generation.*", "webhooks.*", "config.*", "core.*")
    ]
    engine = overrides[("citations.engine.*",)]
    # Whatever the apps relax of --strict, the engine (the more specific section) turns back
    # on; nothing else is relaxed anywhere.
    relaxed = {flag for flag, value in apps.items() if flag != "module"}
    assert all(value is False for flag, value in apps.items() if flag != "module")
    assert {flag: value for flag, value in engine.items() if flag != "module"} == dict.fromkeys(
        relaxed, True
    )
    assert len(overrides) == 2
