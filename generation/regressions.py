"""Failed answers as regression data (EV-8): export them as JSON Lines, and validate stored or
exported answers again after a prompt, schema or validator change. Reads only.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from citations.engine import BundleError

from .client import ChatClient, ModelCallFailed
from .models import CallKind, ExecutionRecord, RecordStatus
from .prompt import PROMPT_VERSION, build_messages
from .registry import output_schema_of, schema_latest
from .schemas import DefinitionError, OutputSchema, schema_from_definition
from .sources import turn_from_stored
from .validation import VALIDATOR_VERSION, validate_answer

# What a regression row needs to be re-validated without the database.
REQUIRED_KEYS = ("record", "schema", "status", "sources", "raw_response")


def regression_rows(*, include_valid: bool = False) -> list[dict[str, Any]]:
    """Model calls that got an answer, as self-contained objects: enough to replay the
    request or validate the answer again without the database. Invalid ones only by default.
    A reviewer's edit is no model answer (and leans on the reviewer's answers): left out."""
    records = (
        ExecutionRecord.objects.filter(status__in=(RecordStatus.VALID, RecordStatus.INVALID))
        .exclude(kind=CallKind.HUMAN_EDIT)
        .select_related("generation", "generation__schema")
    )
    if not include_valid:
        records = records.filter(status=RecordStatus.INVALID)
    return [
        {
            "record": r.pk,
            "generation": r.generation_id,
            "kind": r.kind,
            "model": r.model_name,
            "prompt_version": r.prompt_version,
            "schema": r.schema_name,
            "schema_version": r.schema_version,
            "schema_definition": r.generation.schema.definition,
            "validator_version": r.validator_version,
            "status": r.status,
            "input_sources": r.input_sources,
            "sources": r.generation.sources,
            "request": r.request,
            "raw_response": r.raw_response,
            "errors": r.errors,
            "started_at": r.started_at.isoformat(),
        }
        for r in records.order_by("pk")
    ]


# Line breaks json.dumps leaves raw (it escapes only U+0000 … U+001F): a reader splitting
# lines as str.splitlines() does would cut a row at them.
_LINE_BREAKS_LEFT_BY_JSON = str.maketrans(
    {"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"}
)


def rows_to_jsonl(rows: Iterable[dict[str, Any]]) -> str:
    """One JSON object per line, whatever line breaks its strings hold."""
    return "".join(
        json.dumps(row, ensure_ascii=False).translate(_LINE_BREAKS_LEFT_BY_JSON) + "\n"
        for row in rows
    )


def rows_from_jsonl(text: str) -> list[dict[str, Any]]:
    """Parse an export; ``ValueError`` names the line and what is missing."""
    rows = []
    for number, line in enumerate(text.split("\n"), start=1):  # JSON Lines: "\n" only
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ValueError(f"line {number}: not JSON ({exc.msg})") from None
        if not isinstance(row, dict):
            raise ValueError(f"line {number}: expected a JSON object")
        missing = [key for key in REQUIRED_KEYS if key not in row]
        if missing:
            raise ValueError(f"line {number}: missing {', '.join(missing)}")
        errors = row.get("errors", [])
        if not isinstance(errors, list) or not all(
            isinstance(e, dict) and {"path", "rule"} <= e.keys() for e in errors
        ):
            raise ValueError(f"line {number}: errors must be a list of {{path, rule, message}}")
        rows.append(row)
    return rows


def _today(row: dict[str, Any]) -> OutputSchema:
    """The schema as it is now: the newest version registered under the row's schema name,
    else (an export from elsewhere) the definition the row carries."""
    try:
        return output_schema_of(schema_latest(row["schema"]))
    except KeyError:
        if "schema_definition" not in row:
            raise
        return schema_from_definition(row["schema_definition"])


def rows_revalidate(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each answer validated again with today's validator and schema: status then and now,
    and the errors it gained and lost (an error is its path and rule; a reworded message is
    no change)."""
    results = []
    for row in rows:
        try:
            turn = turn_from_stored(row["sources"])
            schema = _today(row)
        except (BundleError, KeyError, DefinitionError) as exc:
            raise ValueError(f"record {row['record']}: {exc}") from None
        validation = validate_answer(row["raw_response"], turn, schema)
        status = RecordStatus.VALID if validation.valid else RecordStatus.INVALID
        errors = [e.as_dict() for e in validation.errors]
        results.append(_compared(row, status=status, errors=errors))
    return results


STORED_PROMPT = "stored"  # replay the request exactly as it was sent, only the model changed


def rows_replay(
    rows: Iterable[dict[str, Any]], *, client: ChatClient, model: str, prompt_version: str
) -> list[dict[str, Any]]:
    """Each row's input sent again to ``model`` (one call, no repair: how the first answer
    fares), with today's prompt (``prompt_version`` must name it) or the stored request
    (``STORED_PROMPT``), and the answer validated with today's validator and schema: status
    then and now and the errors gained and lost. ``ValueError`` for a prompt version this
    install cannot build; nothing is stored."""
    if prompt_version not in (PROMPT_VERSION, STORED_PROMPT):
        raise ValueError(
            f"--prompt-version {prompt_version!r}: this install builds {PROMPT_VERSION!r}, "
            f"or {STORED_PROMPT!r} sends each stored request again"
        )
    results = []
    for row in rows:
        try:
            turn = turn_from_stored(row["sources"])
            schema = _today(row)
        except (BundleError, KeyError, DefinitionError) as exc:
            raise ValueError(f"record {row['record']}: {exc}") from None
        if prompt_version == STORED_PROMPT:
            body = {**row["request"], "model": model}
        else:
            body = client.request_body(build_messages(turn, schema), schema, model=model)
        try:
            completion = client.complete(body)
        except ModelCallFailed as exc:
            results.append(_compared(row, status="transport_error", errors=[], note=str(exc)))
            continue
        if completion.refusal:
            results.append(_compared(row, status="refused", errors=[], note=completion.refusal))
            continue
        validation = validate_answer(completion.text, turn, schema)
        status = RecordStatus.VALID if validation.valid else RecordStatus.INVALID
        errors = [e.as_dict() for e in validation.errors]
        results.append(_compared(row, status=status, errors=errors))
    return [{**r, "model": model, "prompt_version": prompt_version} for r in results]


def _compared(
    row: dict[str, Any], *, status: str, errors: list[dict[str, str]], note: str = ""
) -> dict[str, Any]:
    stored = row.get("errors", [])
    then = {(e["path"], e["rule"]) for e in stored}
    now = {(e["path"], e["rule"]) for e in errors}
    result = {
        "record": row["record"],
        "was": row["status"],
        "now": str(status),
        "validator_version": VALIDATOR_VERSION,
        "errors": errors,
        "errors_added": [e for e in errors if (e["path"], e["rule"]) not in then],
        "errors_gone": [e for e in stored if (e["path"], e["rule"]) not in now],
    }
    return {**result, "note": note} if note else result
