"""The README's architecture table is the code's import graph (issue 16): every import from
one part into another is a row's, and every row's is made somewhere. Plus the rules inside a
part that the README states."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PARTS = (
    "citations/engine/",
    "citations/",
    "reviews/",
    "generation/",
    "webhooks/",
    "config/",
    "core/",
)


def part_of_module(module: str) -> str | None:
    """The part ``citations.engine.types`` or ``reviews.views`` belongs to."""
    path = module.replace(".", "/") + "/"
    return next((part for part in PARTS if path.startswith(part)), None)


def imported_modules(path: Path) -> set[str]:
    """Absolute names of what ``path`` imports (relative imports resolved)."""
    package = path.relative_to(ROOT).parent.parts
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                base = node.module or ""
            else:
                base = ".".join(package[: len(package) - node.level + 1])
                base += f".{node.module}" if node.module else ""
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def code_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {part: set() for part in PARTS}
    for part in PARTS:
        for path in sorted((ROOT / part).rglob("*.py")):
            own = part_of_module(".".join(path.relative_to(ROOT).with_suffix("").parts))
            if own != part:
                continue  # the engine's files, seen from citations/
            for module in imported_modules(path):
                other = part_of_module(module)
                if other is not None and other != part:
                    graph[part].add(other)
    return graph


def readme_graph() -> dict[str, set[str]]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = re.search(r"<!-- architecture: begin -->(.*?)<!-- architecture: end -->", readme, re.S)
    assert table, "the README lost its architecture table"
    graph = {}
    for line in table[1].strip().splitlines()[2:]:
        part, imports = (cell.strip() for cell in line.strip("|").split("|"))
        graph[part.strip("`")] = set(re.findall(r"`([^`]+)`", imports))
    return graph


def test_the_readme_table_is_the_import_graph():
    assert readme_graph() == code_graph()


def test_the_graph_reader_sees_each_kind_of_import():
    assert part_of_module("citations.engine.types") == "citations/engine/"
    assert part_of_module("citations.services") == "citations/"
    assert part_of_module("citationsx") is None
    graph = code_graph()
    assert "citations/engine/" in graph["reviews/"]  # `from citations.engine import …`
    assert "reviews/" in graph["generation/"]  # `from reviews.imports import …`
    assert "config/" in graph["citations/"]  # `from config.celery import …`
    assert "core/" in graph["reviews/"]  # `from core.state_graph import …`


def test_selectors_do_not_import_the_rendering():
    """Reads build plain data; the response rendering (markdown, templates) is the views'."""
    imported = imported_modules(ROOT / "reviews" / "selectors.py")
    assert not {m for m in imported if m.startswith("reviews.rendering")}


def test_core_imports_no_app_and_every_app_may_import_it():
    """Shared code (the state graph) lives where all apps may import it (issue_35, item 5):
    ``core/`` imports no other part of the project, and no row of the table needs a cycle
    through it."""
    assert code_graph()["core/"] == set()
    assert readme_graph()["core/"] == set()
