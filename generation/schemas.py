"""Built-in output contracts: the JSON Schema a model must fill, plus the rules that the schema
language cannot say (references, orders, required values). Plain Python, no Django.

``task-procedure-v1`` is the contract of seed 002 ("Task Request Review Procedure"), extended
by two optional things the validator can use: a ``source``/``paragraph`` citation on each
evidence item (ADR-2 markers) and ``excluded`` sentences with a reason (EV-5 EXCLUDED).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from jsonschema import Draft202012Validator

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
    evidence_array: str = "evidence"
    excluded_array: str = "excluded"
    missing_array: str = "missingFields"
    # Top-level fields that describe the result rather than being part of it.
    bookkeeping: frozenset[str] = field(
        default_factory=lambda: frozenset({"evidence", "excluded", "missingFields"})
    )
    # The closed list of reasons a source sentence may be excluded for (EV-5).
    exclusion_reasons: tuple[str, ...] = ("heading", "greeting", "signature", "boilerplate")
    # Share of the statements (sentences with a verb) that may be UNMAPPED: none by default.
    max_unmapped_share: float = 0.0
    # Share of the statements that may be EXCLUDED: most must be converted.
    max_excluded_share: float = 0.5

    def __post_init__(self) -> None:
        # A required value the schema cannot leave empty could never be NEEDS_INPUT.
        for name in self.required_values:
            try:
                self.missing_value(name)
            except ValueError as exc:
                raise ValueError(f"{self.name}: required value {name} {exc}") from None

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


EXCLUSION_REASONS = ("heading", "greeting", "signature", "boilerplate", "background")

TASK_PROCEDURE_V1 = OutputSchema(
    name="task-procedure-v1",
    json_schema={
        "type": "object",
        "additionalProperties": False,
        "required": [
            "documentPurpose",
            "participants",
            "processSteps",
            "rules",
            "assignmentRule",
            "missingFields",
            "evidence",
        ],
        "properties": {
            "documentPurpose": {
                "type": ["string", "null"],
                "description": "What the document aims to achieve; null (with a question) "
                "when the source does not say.",
            },
            "participants": {
                "type": "array",
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["id", "name"],
                    "properties": {
                        "id": {"type": "string", "minLength": 1},
                        "name": {"type": "string", "minLength": 1},
                    },
                },
            },
            "processSteps": {
                "type": "array",
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["order", "actorId", "action"],
                    "properties": {
                        "order": {"type": "integer", "minimum": 1},
                        "actorId": {"type": "string", "minLength": 1},
                        "action": {"type": "string", "minLength": 1},
                    },
                },
            },
            "rules": {"type": "array", "items": {"type": "string", "minLength": 1}},
            "assignmentRule": {
                "type": ["string", "null"],
                "description": "null when the source gives no assignment criterion",
            },
            "missingFields": {
                "type": "array",
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["fieldPath", "question"],
                    "properties": {
                        "fieldPath": {"type": "string", "minLength": 1},
                        "question": {"type": "string", "minLength": 1},
                    },
                },
            },
            "evidence": {
                "type": "array",
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["fieldPath", "sourceExcerpt"],
                    "properties": {
                        "fieldPath": {"type": "string", "minLength": 1},
                        "sourceExcerpt": {"type": "string", "minLength": 1},
                        "source": {"type": "string", "description": "source id of the marker"},
                        "paragraph": {"type": "integer", "minimum": 1},
                    },
                },
            },
            "excluded": {
                "type": "array",
                "description": "Source sentences deliberately not converted, with the reason.",
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["sourceExcerpt", "reason"],
                    "properties": {
                        "sourceExcerpt": {"type": "string", "minLength": 1},
                        "reason": {"enum": list(EXCLUSION_REASONS)},
                    },
                },
            },
        },
    },
    required_values=("documentPurpose", "participants", "processSteps", "assignmentRule"),
    references=(Reference("processSteps", "actorId", "participants", "id"),),
    unique_keys=(("participants", "id"),),
    orders=(("processSteps", "order"),),
    exclusion_reasons=EXCLUSION_REASONS,
)

OUTPUT_SCHEMAS: dict[str, OutputSchema] = {TASK_PROCEDURE_V1.name: TASK_PROCEDURE_V1}


def output_schema(name: str) -> OutputSchema:
    """The built-in schema called ``name``; ``KeyError`` names the known ones."""
    try:
        return OUTPUT_SCHEMAS[name]
    except KeyError:
        known = ", ".join(sorted(OUTPUT_SCHEMAS))
        raise KeyError(f"unknown schema {name!r}; known: {known}") from None
