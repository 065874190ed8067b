"""The examples in the engine's docstrings run as written: every module of the engine,
found by walking the package (a module listed by hand is a module forgotten)."""

import doctest
import importlib
import pkgutil

import pytest

import citations.engine

MODULES = [
    importlib.import_module(info.name)
    for info in pkgutil.walk_packages(citations.engine.__path__, prefix="citations.engine.")
]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.failed == 0


def test_most_engine_modules_show_examples():
    """Examples explain: a module without any should be the exception."""
    with_examples = [
        m
        for m in MODULES
        if doctest.DocTestFinder().find(m)
        and any(t.examples for t in doctest.DocTestFinder().find(m))
    ]
    assert len(with_examples) >= len(MODULES) * 2 // 3
