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


# What the export may import of the engine (issue 14): the reader's result types and plain
# helpers, never how it reads; naming a source the way the model did asks the resolver
# which source a name means, which is about the bundle's sources, not the response.
EXPORT_MAY_IMPORT = frozenset(
    {
        "citations.engine.types",
        "citations.engine.text",
        "citations.engine.json_paths",
        "citations.engine.reading.source_names",
    }
)


def engine_imports(source: str, package: str) -> set[str]:
    """The engine modules ``source`` (a module of ``package``) imports, relative imports
    resolved, on use inside functions too."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            parts = package.split(".")
            base = parts[: len(parts) - node.level + 1] if node.level else []
            names.add(".".join([*base, *([node.module] if node.module else [])]))
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return {name for name in names if name.startswith("citations.engine")}


def test_the_export_imports_the_reader_s_results_not_its_internals_issue_14():
    """The export writes a corrected citation where the reader recorded it was written
    (``CitationSite``, ``JsonCitationSite``), never by reading the response again."""
    export = ENGINE / "writing" / "export.py"
    imported = engine_imports(export.read_text(encoding="utf-8"), "citations.engine.writing")
    assert imported - EXPORT_MAY_IMPORT == set()


def test_engine_imports_sees_the_reader_imported_relatively():
    source = "from ..reading.parse_json import nested_key\nfrom . import layout\n"
    assert engine_imports(source, "citations.engine.writing") == {
        "citations.engine.reading.parse_json",
        "citations.engine.writing",
    }
