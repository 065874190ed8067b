"""Output contracts: the JSON Schema a model must fill, plus what the schema language cannot
say (where the evidence lives and how its items are named, the required values that take a
clarification question, references, orders, the closed list of exclusion reasons, the
coverage thresholds, examples). Plain Python, no Django.

A contract is *data*: a definition (a JSON object, ``DEFINITION_FIELDS``) that a user
registers with a name and a version; ``schema_from_definition`` checks it and names the
field of the first problem. Seed 002's task procedure is one such definition
(``definitions/task-procedure-v1.json``), registered by a migration like any other.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from importlib.resources import files
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError as JSONSchemaError

# What may stand for a value the sources do not give, in order of preference; which one a
# field takes is read from its schema, so guidance never asks for a value the schema refuses
# (null for an array).
MISSING_VALUE_CANDIDATES: tuple[Any, ...] = (None, [], "")


def missing_value(field_schema: dict[str, Any]) -> Any:
    """The first candidate the field's schema accepts; ``ValueError`` when it takes none.

    >>> missing_value({"type": ["string", "null"]}), missing_value({"type": "array"})
    (None, [])
    """
    validator = Draft202012Validator(field_schema)
    for candidate in MISSING_VALUE_CANDIDATES:
        if validator.is_valid(candidate):
            return candidate
    raise ValueError('accepts no empty value (null, [] or "")')


@dataclass(frozen=True, slots=True)
class Reference:
    """Every ``from_array[*].from_key`` must equal some ``to_array[*].to_key`` (EV-2)."""

    from_array: str
    from_key: str
    to_array: str
    to_key: str


@dataclass(frozen=True, slots=True)
class OutputSchema:
    name: str
    json_schema: dict[str, Any]
    # Values that must be PRESENT or NEEDS_INPUT with a clarification question (EV-6).
    required_values: tuple[str, ...]
    references: tuple[Reference, ...] = ()
    # ``(array, key)``: ids that must be unique inside the array (EV-2).
    unique_keys: tuple[tuple[str, str], ...] = ()
    # ``(array, key)``: order numbers that must strictly increase along the array (EV-2).
    orders: tuple[tuple[str, str], ...] = ()
    version: str = ""
    # The top-level list of evidence objects, and their keys: the value's path, the excerpt,
    # and (optional, "" when the schema has none) the cited source and paragraph.
    evidence_array: str = "evidence"
    evidence_field_path: str = "fieldPath"
    evidence_excerpt: str = "sourceExcerpt"
    evidence_source: str = "source"
    evidence_paragraph: str = "paragraph"
    # The top-level list of clarification questions and their keys.
    missing_array: str = "missingFields"
    question_field_path: str = "fieldPath"
    question_text: str = "question"
    # The top-level list of sentences not converted, their keys, and the closed list of
    # reasons a sentence may be excluded for (EV-5).
    excluded_array: str = "excluded"
    excluded_excerpt: str = "sourceExcerpt"
    excluded_reason: str = "reason"
    exclusion_reasons: tuple[str, ...] = ("heading", "greeting", "signature", "boilerplate")
    # Share of the statements (sentences with a verb) that may be UNMAPPED: none by default.
    max_unmapped_share: float = 0.0
    # Share of the statements that may be EXCLUDED: most must be converted.
    max_excluded_share: float = 0.5
    # Whole answers that show the model the shape (in the prompt).
    examples: tuple[dict[str, Any], ...] = ()

    def __post_init__(self) -> None:
        # A required value the schema cannot leave empty could never be NEEDS_INPUT.
        for name in self.required_values:
            try:
                self.missing_value(name)
            except ValueError as exc:
                raise ValueError(f"{self.name}: required value {name} {exc}") from None

    @property
    def bookkeeping(self) -> frozenset[str]:
        """Top-level fields that describe the result rather than being part of it."""
        return frozenset({self.evidence_array, self.excluded_array, self.missing_array})

    @property
    def label(self) -> str:
        return f"{self.name} v{self.version}" if self.version else self.name

    def structural_keys(self, path: str) -> frozenset[str]:
        """Keys of a list item at ``path`` that name or order it (ids, references, order
        numbers) instead of saying something of the sources."""
        array = path.split("[", 1)[0]
        return frozenset(
            {key for name, key in (*self.unique_keys, *self.orders) if name == array}
            | {ref.from_key for ref in self.references if ref.from_array == array}
        )

    def missing_value(self, name: str) -> Any:
        """The value that marks the top-level field ``name`` as not given by the sources."""
        return missing_value(self.json_schema["properties"][name])


class DefinitionError(ValueError):
    """A schema definition that cannot be registered: ``field`` names where, the message
    what is wrong."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


DEFINITION_FIELDS = (
    "name",
    "version",
    "description",
    "json_schema",
    "evidence",
    "questions",
    "excluded",
    "required",
    "unique",
    "references",
    "orders",
    "coverage",
    "examples",
)
NAME = re.compile(r"[a-z0-9][a-z0-9._-]{0,99}")
VERSION = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,49}")
ARRAY_PATH = re.compile(r"\$\.([A-Za-z_][A-Za-z0-9_]*)\[\*\]")
KEY_PATH = re.compile(r"\$\.([A-Za-z_][A-Za-z0-9_]*)\[\*\]\.([A-Za-z_][A-Za-z0-9_]*)")


def _object(definition: dict[str, Any], field: str) -> dict[str, Any]:
    value = definition.get(field)
    if not isinstance(value, dict):
        raise DefinitionError(field, "required: an object")
    return value


def _string(value: Any, field: str, *, optional: bool = False) -> str:
    if value is None and optional:
        return ""
    if not isinstance(value, str) or not value:
        raise DefinitionError(field, "required: a non-empty string")
    return value


def _strings(value: Any, field: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise DefinitionError(field, "must be a list of non-empty strings")
    return value


def _item_properties(schema: dict[str, Any], array: str, field: str) -> dict[str, Any]:
    """The properties of the items of the top-level list ``array``."""
    declared = schema["properties"].get(array)
    items = declared.get("items") if isinstance(declared, dict) else None
    if not isinstance(items, dict) or not isinstance(items.get("properties"), dict):
        raise DefinitionError(
            field, f"json_schema.properties.{array} must be an array of objects with properties"
        )
    return items["properties"]


def _array(value: Any, schema: dict[str, Any], field: str) -> str:
    path = _string(value, field)
    found = ARRAY_PATH.fullmatch(path)
    if found is None:
        raise DefinitionError(field, f"{path!r}: give a top-level list as $.name[*]")
    if found[1] not in schema["properties"]:
        raise DefinitionError(field, f"json_schema has no property {found[1]!r}")
    return found[1]


def _key(value: Any, properties: dict[str, Any], field: str, *, optional: bool = False) -> str:
    key = _string(value, field, optional=optional)
    if key and key not in properties:
        raise DefinitionError(field, f"the items have no property {key!r}")
    return key


def _array_key(value: Any, schema: dict[str, Any], field: str) -> tuple[str, str]:
    path = _string(value, field)
    found = KEY_PATH.fullmatch(path)
    if found is None:
        raise DefinitionError(field, f"{path!r}: give a key of a top-level list as $.name[*].key")
    _key(found[2], _item_properties(schema, found[1], field), field)
    return found[1], found[2]


def _share(value: Any, field: str, default: float) -> float:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
        raise DefinitionError(field, "must be a number from 0 to 1")
    return float(value)


def schema_from_definition(definition: Any) -> OutputSchema:
    """The contract a definition describes; ``DefinitionError`` names the first problem."""
    if not isinstance(definition, dict):
        raise DefinitionError("definition", "must be a JSON object")
    for key in definition:
        if key not in DEFINITION_FIELDS:
            raise DefinitionError(key, f"unknown field; known: {', '.join(DEFINITION_FIELDS)}")
    name = _string(definition.get("name"), "name")
    if not NAME.fullmatch(name):
        raise DefinitionError("name", "lower-case letters, digits, '.', '_' or '-', at most 100")
    version = _string(definition.get("version"), "version")
    if not VERSION.fullmatch(version):
        raise DefinitionError("version", "letters, digits, '.', '_' or '-', at most 50")
    _string(definition.get("description", "-"), "description")
    schema = json.loads(json.dumps(_object(definition, "json_schema")))  # changed below
    try:
        Draft202012Validator.check_schema(schema)
    except JSONSchemaError as exc:
        where = ".".join(str(p) for p in exc.absolute_path)
        raise DefinitionError(f"json_schema{'.' if where else ''}{where}", exc.message) from None
    if schema.get("type") != "object" or not isinstance(schema.get("properties"), dict):
        raise DefinitionError("json_schema", 'must be {"type": "object", "properties": {…}}')

    evidence = _object(definition, "evidence")
    evidence_array = _array(evidence.get("path"), schema, "evidence.path")
    evidence_items = _item_properties(schema, evidence_array, "evidence.path")
    questions = _object(definition, "questions")
    missing_array = _array(questions.get("path"), schema, "questions.path")
    question_items = _item_properties(schema, missing_array, "questions.path")
    excluded = _object(definition, "excluded")
    excluded_array = _array(excluded.get("path"), schema, "excluded.path")
    excluded_items = _item_properties(schema, excluded_array, "excluded.path")
    reasons = _strings(excluded.get("reasons"), "excluded.reasons")
    if not reasons:
        raise DefinitionError("excluded.reasons", "give the closed list of reasons (heading, …)")
    excluded_reason = _key(excluded.get("reason"), excluded_items, "excluded.reason")
    # The model is told the closed list in the schema it fills, not only in prose.
    excluded_items[excluded_reason] = {**excluded_items[excluded_reason], "enum": reasons}

    required = _strings(definition.get("required"), "required")
    for index, field_name in enumerate(required):
        if field_name not in schema["properties"]:
            raise DefinitionError(
                f"required[{index}]", f"json_schema has no property {field_name!r}"
            )
    coverage = definition.get("coverage", {})
    if not isinstance(coverage, dict):
        raise DefinitionError("coverage", "must be an object")
    references = []
    for index, reference in enumerate(definition.get("references") or []):
        field = f"references[{index}]"
        if not isinstance(reference, dict):
            raise DefinitionError(field, 'must be {"from": "$.a[*].k", "to": "$.b[*].k"}')
        from_array, from_key = _array_key(reference.get("from"), schema, f"{field}.from")
        to_array, to_key = _array_key(reference.get("to"), schema, f"{field}.to")
        references.append(Reference(from_array, from_key, to_array, to_key))
    examples = definition.get("examples") or []
    if not isinstance(examples, list):
        raise DefinitionError("examples", "must be a list of example answers")
    validator = Draft202012Validator(schema)
    for index, example in enumerate(examples):
        if error := next(iter(validator.iter_errors(example)), None):
            raise DefinitionError(
                f"examples[{index}]", f"does not fit json_schema: {error.message}"
            )
    try:
        return OutputSchema(
            name=name,
            version=version,
            json_schema=schema,
            required_values=tuple(required),
            references=tuple(references),
            unique_keys=tuple(
                _array_key(path, schema, f"unique[{i}]")
                for i, path in enumerate(_strings(definition.get("unique"), "unique"))
            ),
            orders=tuple(
                _array_key(path, schema, f"orders[{i}]")
                for i, path in enumerate(_strings(definition.get("orders"), "orders"))
            ),
            evidence_array=evidence_array,
            evidence_field_path=_key(
                evidence.get("field_path"), evidence_items, "evidence.field_path"
            ),
            evidence_excerpt=_key(evidence.get("excerpt"), evidence_items, "evidence.excerpt"),
            evidence_source=_key(
                evidence.get("source"), evidence_items, "evidence.source", optional=True
            ),
            evidence_paragraph=_key(
                evidence.get("paragraph"), evidence_items, "evidence.paragraph", optional=True
            ),
            missing_array=missing_array,
            question_field_path=_key(
                questions.get("field_path"), question_items, "questions.field_path"
            ),
            question_text=_key(questions.get("question"), question_items, "questions.question"),
            excluded_array=excluded_array,
            excluded_excerpt=_key(excluded.get("excerpt"), excluded_items, "excluded.excerpt"),
            excluded_reason=excluded_reason,
            exclusion_reasons=tuple(reasons),
            max_unmapped_share=_share(
                coverage.get("max_unmapped_share"), "coverage.max_unmapped_share", 0.0
            ),
            max_excluded_share=_share(
                coverage.get("max_excluded_share"), "coverage.max_excluded_share", 0.5
            ),
            examples=tuple(examples),
        )
    except DefinitionError:
        raise
    except ValueError as exc:  # a required value that cannot be left empty
        raise DefinitionError("required", str(exc)) from None


def builtin_definition(name: str) -> dict[str, Any]:
    """A definition shipped as data (``definitions/<name>.json``), registered by migration."""
    text = files("generation").joinpath("definitions", f"{name}.json").read_text("utf-8")
    return json.loads(text)


# Seed 002's contract: the example definition, read from its data file.
TASK_PROCEDURE_V1 = schema_from_definition(builtin_definition("task-procedure-v1"))
