"""The engine is plain Python: no module under citations/engine imports Django."""

import ast
import subprocess
import sys
from pathlib import Path

CITATIONS = Path(__file__).resolve().parents[2] / "citations"
ENGINE = CITATIONS / "engine"


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_no_engine_module_imports_django():
    offenders = {
        str(path.relative_to(ENGINE)): sorted(
            m for m in imported_modules(path) if m.split(".")[0] == "django"
        )
        for path in sorted(ENGINE.rglob("*.py"))
    }
    assert {name: mods for name, mods in offenders.items() if mods} == {}


def test_importing_and_running_the_engine_loads_no_django():
    code = (
        "import sys, citations.engine as e\n"
        "b = e.load_bundle({'bundle_version': 1, 'id': 'x', 'sources': [{'id': 'S', 'kind':"
        " 'document', 'text': 'Ein Satz.'}], 'response': {'format': 'markdown', 'text':"
        " '\"Ein Satz.\" [S]'}})\n"
        "e.report_to_dict(e.verify_bundle(b))\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ENGINE.parents[1]
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_citations_imports_nothing_of_reviews():
    """Verification stands without the review app (issue 16): nothing under ``citations/``
    imports ``reviews`` (its migrations depend only on the history that made its tables)."""
    offenders = {
        str(path.relative_to(CITATIONS)): sorted(
            m for m in imported_modules(path) if m.split(".")[0] == "reviews"
        )
        for path in sorted(CITATIONS.rglob("*.py"))
    }
    assert {name: mods for name, mods in offenders.items() if mods} == {}
