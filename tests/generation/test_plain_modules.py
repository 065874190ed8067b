"""The generation core (prompt, validation, coverage, schemas, sources) is plain Python like
the engine: no Django, so it can be reused and tested without a database."""

import doctest
import subprocess
import sys
from pathlib import Path

import pytest

from generation import coverage, prompt, schemas, support

PLAIN = ["coverage", "prompt", "schemas", "sources", "support", "validation"]


def test_the_generation_core_imports_no_django():
    modules = ", ".join(f"generation.{name}" for name in PLAIN)
    check = (
        f"import sys, {modules}\n"
        "loaded = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "assert not loaded, loaded\n"
    )
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run(
        [sys.executable, "-c", check], cwd=root, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("module", [coverage, prompt, schemas, support], ids=lambda m: m.__name__)
def test_docstring_examples_hold(module):
    failures, tried = doctest.testmod(module)
    assert tried and not failures
