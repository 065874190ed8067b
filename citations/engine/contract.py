"""The two contracts the engine reads and writes: ``spec/bundle.schema.json`` and
``spec/report.schema.json`` of the shared folder, read where they are (never copied here),
with the engine's compatible extensions merged onto them (``<name>.extension.json`` beside
this module: file sources and pages, issue 34).

Compatible means the extension only adds: properties, and entries of the lists that widen
what is allowed (``enum``, ``anyOf``, ``oneOf``, ``type``); a value of the shared contract
changed, a list that narrows (``required``) or a constraint the shared schema does not have
(``additionalProperties: false`` where it has none) is refused when the contract is read.

The shared folder is ``$VERBATIM_SHARED_DIR``, by default ``../shared`` beside the project
(as ``config.settings.SHARED_DIR``, without loading Django: the engine is plain Python).
"""

from __future__ import annotations

import json
import os
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

SHARED_DIR = Path(
    os.environ.get("VERBATIM_SHARED_DIR", Path(__file__).resolve().parents[2].parent / "shared")
)
# Lists whose added entries allow more; any other list of the shared contract stays as it is.
WIDENING_LISTS = frozenset({"enum", "anyOf", "oneOf", "type"})
# Keywords whose value maps names to schemas: a new name there adds a property or a definition.
NAMED_SCHEMAS = frozenset({"properties", "$defs", "definitions"})
# Keywords a schema may gain without allowing less: new names, and notes for the reader.
ADDING_KEYWORDS = NAMED_SCHEMAS | {"title", "description", "$comment", "examples"}


class ContractError(Exception):
    """The shared contract is missing, or an extension would change what it says."""


@cache
def contract(name: str) -> dict[str, Any]:
    """The ``name`` contract ("bundle" or "report"): the shared schema with the engine's
    extension merged onto it."""
    path = SHARED_DIR / "spec" / f"{name}.schema.json"
    try:
        shared = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ContractError(
            f"the shared contract {path} cannot be read ({error.strerror}); "
            "set VERBATIM_SHARED_DIR to the shared folder"
        ) from error
    extension = json.loads(
        resources.files(__package__).joinpath(f"{name}.extension.json").read_text("utf-8")
    )
    extension.pop("$comment", None)  # the extension file's own note, not the contract's
    merged: dict[str, Any] = extended(shared, extension)
    return merged


def extended(shared: Any, extension: Any, where: str = "$", *, names: bool = False) -> Any:
    """``shared`` with ``extension`` merged in, adding only.

    A key the shared schema lacks may be a new name (of a property or a definition: what is
    new is the extension's to say) or a keyword that constrains nothing (``ADDING_KEYWORDS``);
    a new constraint (``required``, ``maxLength``, ``additionalProperties`` …) would narrow
    what the shared contract allows, and is refused.

    >>> extended({"enum": ["a"], "x": 1}, {"enum": ["b"], "description": "d"})
    {'enum': ['a', 'b'], 'x': 1, 'description': 'd'}
    >>> try:
    ...     extended({"required": ["a"]}, {"required": ["b"]})
    ... except ContractError as error:
    ...     print(error)
    $.required: an extension may not narrow the shared contract
    """
    if isinstance(shared, dict) and isinstance(extension, dict):
        merged = dict(shared)
        for key, value in extension.items():
            at = f"{where}.{key}"
            if key not in shared:
                if not names and key not in ADDING_KEYWORDS:
                    raise ContractError(f"{at}: an extension may not add a constraint")
                merged[key] = value
            elif isinstance(shared[key], list) and key not in WIDENING_LISTS:
                if value != shared[key]:
                    raise ContractError(f"{at}: an extension may not narrow the shared contract")
            elif isinstance(shared[key], list) and isinstance(value, list):
                merged[key] = shared[key] + [entry for entry in value if entry not in shared[key]]
            else:
                merged[key] = extended(
                    shared[key], value, at, names=not names and key in NAMED_SCHEMAS
                )
        return merged
    if shared != extension:
        raise ContractError(f"{where}: an extension may not change the shared contract's value")
    return shared
