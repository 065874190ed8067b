"""Registered output schemas: register a definition under its name and version, find the
version a run uses. The definition is checked by ``schemas.schema_from_definition``."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from django.db import IntegrityError, transaction

from .models import Generation, RegisteredSchema
from .schemas import DefinitionError, OutputSchema, schema_from_definition


def schema_register(*, definition: Any, created_by=None) -> RegisteredSchema:
    """Store a checked definition. The same definition again is the row already stored;
    another one under a name and version already used is refused (``DefinitionError``)."""
    schema = schema_from_definition(definition)
    stored = RegisteredSchema.objects.filter(name=schema.name, version=schema.version).first()
    if stored is not None:
        if stored.definition == definition:
            return stored
        raise DefinitionError(
            "version", f"{schema.name} v{schema.version} is registered already: give a new version"
        )
    try:
        with transaction.atomic():
            return RegisteredSchema.objects.create(
                name=schema.name,
                version=schema.version,
                definition=definition,
                created_by=created_by,
            )
    except IntegrityError:  # registered meanwhile
        raise DefinitionError(
            "version", f"{schema.name} v{schema.version} is registered already"
        ) from None


def schema_latest(name: str) -> RegisteredSchema:
    """The newest version registered under ``name``; ``KeyError`` names the known ones."""
    row = RegisteredSchema.objects.filter(name=name).order_by("-created_at", "-id").first()
    if row is None:
        known = ", ".join(schema_names()) or "none"
        raise KeyError(f"unknown schema {name!r}; registered: {known}")
    return row


def schema_names() -> list[str]:
    return list(RegisteredSchema.objects.order_by("name").values_list("name", flat=True).distinct())


@lru_cache(maxsize=64)
def _checked(definition_text: str) -> OutputSchema:
    return schema_from_definition(json.loads(definition_text))


def output_schema_of(row: RegisteredSchema) -> OutputSchema:
    """The contract of a registered row, checked once per process per definition."""
    return _checked(json.dumps(row.definition, sort_keys=True))


def schema_of(generation: Generation) -> OutputSchema:
    """The contract the run was started with."""
    return output_schema_of(generation.schema)
