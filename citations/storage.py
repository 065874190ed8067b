"""Verification's rows read and written in plain SQL: the statements every verification task
runs, kept in one place.

Why not the ORM here: each of these replaced an ORM call whose per-call setup (composing the
SQL, mapping the columns) cost a worker about as much CPU as the work itself, so the pipeline
spent more beyond the engine than the engine's own time (``manage.py bench_pipeline`` prints
that share; its target is below 30 %). Each piece says what it replaced. Nothing else in the
project needs such care: pages, the admin and reviews use the ORM.

``tests/pipeline/test_storage.py`` holds this module against a plain-ORM reference kept in the
tests, which must write identical rows (the verification's fields, its quotes, corrections)
for the same reports, on PostgreSQL and on SQLite (the demo's database, where the inserts take
another path).

What and when is the services' to say (``citations.services``: the claim's token, the state
graph, the run number); this module only reads and writes the rows.
"""

import functools
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.apps import apps
from django.db import connection
from django.db.models import Field, Model
from django.db.models.functions import Now

from citations.engine import QuoteResult
from citations.engine.writing.report import (
    attention_to_list,
    context_to_dict,
    decision_to_dict,
)

from .models import Correction, CorrectionField, Quote, Source, Verification, VerificationState

SYSTEM_ACTOR = "system"

# What a run reads of the verification (``citations.bundles.engine_bundle``) and the counters
# the store continues from: the claim returns them with its token.
CLAIM_FIELDS = (
    "bundle_id",
    "title",
    "meta",
    "drop",
    "turn",
    "response_format",
    "response_text",
    "quote_fields",
    "verification_attempts",
    "verification_crashes",
    "verification_run",
)


def _field(model: type[Model], name: str) -> "Field[Any, Any]":
    """The field ``name`` of ``model``, which must be a column of its table."""
    field = model._meta.get_field(name)
    if not isinstance(field, Field) or field.column is None:
        raise TypeError(f"{model.__name__}.{name} is no column of its table")
    return field


def _quoted(field: "Field[Any, Any]") -> str:
    """A concrete field's column, quoted ("drop" is an SQL keyword)."""
    if field.column is None:
        raise TypeError(f"{field} is no column of its table")
    return connection.ops.quote_name(field.column)


def _column(model: type[Model], name: str) -> str:
    return _quoted(_field(model, name))


def _table(model: type[Model]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


# --- The claim ---------------------------------------------------------------------------
# Replaced ``filter(...).update(...)`` followed by a ``get()``: one statement takes the work
# and reads what the run needs, with the token, in one round trip that commits on its own.


def verification_claim_row(
    *,
    verification_id: int,
    from_states: Iterable[str],
    to_state: str,
    now: datetime,
    stale_before: datetime,
    owner: str,
    dead_owner: str | None,
    silent_before: datetime | None,
) -> Verification | None:
    """Claim the verification with one conditional UPDATE; the row as claimed (``id`` and
    ``CLAIM_FIELDS`` loaded), or None when it was not claimable. The claim's heartbeat starts
    at the database's clock.

    Claimable within ``from_states``: a pending row, or a running one whose claim is stale
    (started before ``stale_before``, or never), held by ``dead_owner`` (a process the
    claimant saw gone) or silent (its last heartbeat before ``silent_before``, the database's
    clock); None matches nothing. A running row claimed again counts a crash."""
    states = sorted(from_states)
    claimed = instances_from_sql(
        Verification,
        ("id", *CLAIM_FIELDS),
        _claim_sql(len(states), connection.vendor),
        {
            "id": verification_id,
            "now": now,
            "stale_before": stale_before,
            "owner": owner,
            "dead_owner": dead_owner,
            "silent_before": silent_before,
            **{f"source{i}": state for i, state in enumerate(states)},
            "target": to_state,
            "pending": VerificationState.PENDING,
            "running": VerificationState.RUNNING,
        },
    )
    return claimed[0] if claimed else None


@functools.cache
def _claim_sql(states: int, vendor: str) -> str:
    """Plain SQL that PostgreSQL and SQLite (>= 3.35, for RETURNING) both run."""
    returned = ", ".join(_column(Verification, name) for name in ("id", *CLAIM_FIELDS))
    claimable = ", ".join(f"%(source{i})s" for i in range(states))
    return (
        f"UPDATE {_table(Verification)} SET verification_state = %(target)s, "
        "verification_started_at = %(now)s, verification_claimed_by = %(owner)s, "
        f"verification_heartbeat_at = {database_now()}, "
        "verification_attempts = verification_attempts + 1, updated_at = %(now)s, "
        # a running row is claimed again only when its worker died holding it
        "verification_crashes = CASE WHEN verification_state = %(running)s "
        "THEN verification_crashes + 1 ELSE 0 END "
        f"WHERE id = %(id)s AND verification_state IN ({claimable}) AND ("
        "verification_state = %(pending)s OR (verification_state = %(running)s AND ("
        "verification_started_at < %(stale_before)s OR verification_started_at IS NULL "
        "OR verification_claimed_by = %(dead_owner)s "
        "OR verification_heartbeat_at < %(silent_before)s))) "
        f"RETURNING {returned}"
    )


@functools.cache
def database_now() -> str:
    """The database's clock in SQL: heartbeats are written and judged by this one clock,
    never by the clocks of the machines the workers run on."""
    compiler = Verification.objects.none().query.get_compiler(connection=connection)
    return compiler.compile(Now())[0]


# --- The turn's sources ------------------------------------------------------------------
# Replaced ``Source.objects.filter(turn=…)``: every task loads its turn, and composing the
# query cost as much CPU as running it.


def turn_sources(turn_id: int) -> list[Source]:
    """A turn's sources in bundle order, with every column the engine's ``Source`` needs:
    all but a file's bytes (deferred: only reading the file needs them, once)."""
    names = tuple(f.name for f in _source_fields())
    return instances_from_sql(Source, names, _turn_sources_sql(connection.vendor), [turn_id])


def _source_fields() -> list[Any]:
    return [f for f in Source._meta.concrete_fields if f.name != "file"]


@functools.cache
def _turn_sources_sql(vendor: str) -> str:
    columns = ", ".join(_quoted(field) for field in _source_fields())
    return (
        f"SELECT {columns} FROM {_table(Source)} WHERE {_column(Source, 'turn')} = %s "
        f"ORDER BY {_column(Source, 'position')}"
    )


# --- Finishing a run ---------------------------------------------------------------------
# Replaced ``filter(pk=…, verification_attempts=…).update(**values)``: the ORM composed this
# UPDATE afresh for every task, at a cost near a short answer's verification.


def verification_finish_row(
    *, verification_id: int, attempt: int, from_states: Iterable[str], values: Mapping[str, Any]
) -> bool:
    """Set ``values`` (by field name) if the row still carries the claim's token ``attempt``
    and is in ``from_states``: the token check and the row lock in one statement (inside the
    caller's transaction). False when it no longer does."""
    states = sorted(from_states)
    params = [
        _field(Verification, name).get_db_prep_save(v, connection) for name, v in values.items()
    ]
    with connection.cursor() as cursor:
        cursor.execute(
            _finish_sql(tuple(values), len(states), connection.vendor),
            [*params, verification_id, attempt, *states],
        )
        return cursor.rowcount == 1


@functools.cache
def _finish_sql(names: tuple[str, ...], states: int, vendor: str) -> str:
    assignments = ", ".join(f"{_column(Verification, name)} = %s" for name in names)
    placeholders = ", ".join(["%s"] * states)
    return (
        f"UPDATE {_table(Verification)} SET {assignments} "
        f"WHERE id = %s AND verification_attempts = %s "
        f"AND verification_state IN ({placeholders})"
    )


# --- A run's quotes and corrections ------------------------------------------------------


def results_write(
    *,
    verification_id: int,
    run: int,
    results: Sequence[QuoteResult],
    source_ids: Mapping[str, int],
    engine: str,
    now: datetime,
    page_diffs: Mapping[int, dict[str, Any]],
) -> None:
    """Write one run's quote rows and corrections (inside the caller's transaction, after
    its claim was confirmed). Quote rows are keyed (verification, n) and updated in place, so
    corrections of earlier runs keep pointing at them; each changed field of a corrected
    quote gets one ``Correction`` of this run. ``source_ids``: source keys to row ids;
    ``page_diffs``: each quote's ``page_diff`` by its number (computed before the
    transaction)."""
    # Before the first run there are no quote rows: skip the query.
    existing = (
        {q.n: q for q in Quote.objects.filter(assessment_id=verification_id)} if run > 1 else {}
    )
    new_rows: list[dict[str, Any]] = []
    quote_ids: dict[int, int] = {}
    for result in results:
        values = {
            **quote_values(result, source_ids),
            "page_diff": page_diffs.get(result.quote.n, {}),
        }
        quote = existing.pop(result.quote.n, None)
        if quote is None:
            new_rows.append({"assessment_id": verification_id, "n": result.quote.n, **values})
            continue
        # Only rows whose result changed are written: a re-run usually changes few, and one
        # small UPDATE each is far cheaper than a bulk CASE over every field.
        changed = {k: v for k, v in values.items() if getattr(quote, k) != v}
        if changed:
            Quote.objects.filter(pk=quote.pk).update(**changed)
        quote_ids[result.quote.n] = quote.pk
    if existing:
        _drop_leftover_quotes(list(existing.values()))
    quote_ids |= dict(rows_insert(Quote, new_rows, returning=("n", "id")))
    rows_insert(
        Correction,
        [
            correction
            for result in results
            for correction in correction_rows(
                verification_id, quote_ids[result.quote.n], result, run, engine, now
            )
        ],
    )


def quote_values(result: QuoteResult, sources: Mapping[str, int]) -> dict[str, Any]:
    """The stored columns of one quote's result, JSON-ready (``rows_insert`` sends them as
    JSON) and comparable with a loaded row's attributes; ``sources`` maps source keys to row
    ids."""
    parsed, match, corrected = result.quote, result.match, result.corrected
    start, end = parsed.response_span or (None, None)
    extent_start, extent_end = parsed.extent or (None, None)
    return {
        "form": parsed.form.value,
        "text": parsed.text,
        "response_start": start,
        "response_end": end,
        "extent_start": extent_start,
        "extent_end": extent_end,
        "json_path": parsed.json_path or "",
        "cited_ref": (parsed.cited_ref or "")[:500],
        "cited_source_id": sources[result.cited_source] if result.cited_source else None,
        "cited_paragraph": parsed.cited_paragraph,
        "cited_page": parsed.cited_page,
        "cited_page_end": parsed.cited_page_end,
        "status": result.status.value,
        "reason": result.reason.value,
        "match_source_id": sources[match.source] if match else None,
        "match_paragraph": match.paragraph if match else None,
        "match_page": match.page if match else None,
        "match_start": match.start if match else None,
        "match_end": match.end if match else None,
        "match_score": match.score if match else None,
        "match_method": match.method.value if match else "",
        "match_tier": match.tier.value if match else "",
        "match_continues": [[s.paragraph, s.start, s.end] for s in match.continues]
        if match
        else [],
        "corrected_text": corrected.text if corrected else "",
        "corrected_source_id": sources[corrected.source] if corrected else None,
        "corrected_paragraph": corrected.paragraph if corrected else None,
        "corrected_page": corrected.page if corrected else None,
        "decision": decision_to_dict(result.decision),
        "context": context_to_dict(result.context),
        "attention": attention_to_list(result.attention),
    }


def _drop_leftover_quotes(leftovers: list[Quote]) -> None:
    """Quotes an earlier run found that this run does not (only if the parser changed).
    Without history they go; with history they must stay, so the run refuses to finish."""
    with_history = [q.n for q in leftovers if q.corrections.exists()]
    if with_history:
        raise ValueError(
            f"this engine finds {len(leftovers)} fewer quotes than the stored run, and quotes "
            f"{with_history} have corrections on record; resolve by hand"
        )
    Quote.objects.filter(pk__in=[q.pk for q in leftovers]).delete()


def correction_rows(
    verification_id: int,
    quote_id: int,
    result: QuoteResult,
    run: int,
    engine: str,
    now: datetime,
) -> list[dict[str, Any]]:
    """One audit row per field the correction changed (011.3), JSON-ready: the old value as
    the model wrote it."""
    corrected = result.corrected
    if corrected is None:
        return []
    parsed = result.quote
    cited_source = result.cited_source or parsed.cited_ref or ""
    cited_paragraph = "" if parsed.cited_paragraph is None else str(parsed.cited_paragraph)
    changes = [
        (CorrectionField.TEXT, parsed.text, corrected.text),
        (CorrectionField.SOURCE, cited_source, corrected.source),
        (CorrectionField.PARAGRAPH, cited_paragraph, str(corrected.paragraph)),
        *page_change(parsed.cited_page, parsed.cited_page_end, corrected.page),
    ]
    created_at = str(connection.ops.adapt_datetimefield_value(now))
    return [
        {
            "assessment_id": verification_id,
            "quote_id": quote_id,
            "run": run,
            "field": field.value,
            "old_value": old,
            "new_value": new,
            "reason": result.reason.value,
            "score": result.match.score if result.match else None,
            "engine_version": engine[:50],
            "actor": SYSTEM_ACTOR,
            "created_at": created_at,
        }
        for field, old, new in changes
        if old != new
    ]


# --- Inserting many rows -----------------------------------------------------------------
# Replaced ``bulk_create``: the ORM composed the INSERT value by value, which cost the worker
# more CPU than verifying a short answer.


def page_change(
    cited_page: int | None, cited_page_end: int | None, page: int | None
) -> list[tuple[CorrectionField, str, str]]:
    """The page field a correction in a paged source changes (``page``: where it is; None
    in a source without pages, which changes none), the old value as the model wrote it
    (a range ``pp. 3–4`` as "3–4")."""
    if page is None:
        return []
    old = "" if cited_page is None else str(cited_page)
    if cited_page_end is not None:
        old += f"–{cited_page_end}"
    return [(CorrectionField.PAGE, old, str(page))]


def rows_insert(
    model: type[Model], rows: list[dict[str, Any]], returning: tuple[str, ...] = ()
) -> list[tuple[Any, ...]]:
    """Insert rows (dicts with every column but the key, JSON-ready) in one statement; the
    ``returning`` columns of each row. All rows travel as one JSON parameter that the
    database unpacks."""
    if not rows:
        return []
    with connection.cursor() as cursor:
        cursor.execute(
            _insert_sql(model, returning, connection.vendor),
            [json.dumps(rows, ensure_ascii=False)],
        )
        return cursor.fetchall() if returning else []


@functools.cache
def _insert_sql(model: type[Model], returning: tuple[str, ...], vendor: str) -> str:
    """``INSERT … SELECT`` from a JSON array of row objects: with ``jsonb_to_recordset`` on
    PostgreSQL, ``json_each`` on SQLite (the demo's database)."""
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    columns = ", ".join(_quoted(f) for f in fields)
    if vendor == "postgresql":
        record = ", ".join(f"{_quoted(f)} {f.db_type(connection)}" for f in fields)
        source = f"SELECT {columns} FROM jsonb_to_recordset(%s::jsonb) AS r({record})"
    else:
        extracts = ", ".join(f"json_extract(value, '$.{f.column}')" for f in fields)
        source = f"SELECT {extracts} FROM json_each(%s)"
    sql = f"INSERT INTO {_table(model)} ({columns}) {source}"
    if returning:
        sql += " RETURNING " + ", ".join(_column(model, name) for name in returning)
    return sql


# --- Rows read into model instances ------------------------------------------------------
# Replaced ``Model.objects.raw()``, which sets itself up afresh for every query (column
# mapping, converters) at about the CPU of reading the rows: here that is done once per
# model and column list, and the rows become instances the way the ORM makes them
# (``Model.from_db`` after the backend's and the fields' converters).

Converter = Callable[[Any, Any, Any], Any]


def instances_from_sql[M: Model](
    model: type[M], names: tuple[str, ...], sql: str, params: Sequence[Any] | Mapping[str, Any]
) -> list[M]:
    """The rows of ``sql`` as ``model`` instances; it selects the columns of the fields
    ``names``, in that order."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    reading = _row_reading(model._meta.label, names, connection.vendor)
    instances = []
    for row in rows:
        # ``from_db`` takes the values in the model's field order.
        values = [row[index] for index in reading.positions]
        for index, column, converts in reading.converters:
            for convert in converts:
                values[index] = convert(values[index], column, connection)
        instances.append(model.from_db(connection.alias, reading.attnames, values))
    return instances


@dataclass(frozen=True, slots=True)
class RowReading:
    attnames: list[str]  # in the model's field order
    positions: list[int]  # where each of them is in a row
    converters: list[tuple[int, Any, list[Converter]]]  # per value that needs any


@functools.cache
def _row_reading(label: str, names: tuple[str, ...], vendor: str) -> RowReading:
    model = apps.get_model(label)
    meta = model._meta
    order = {field.name: n for n, field in enumerate(meta.concrete_fields)}
    fields = sorted((_field(model, name) for name in names), key=lambda f: order[f.name])
    converters = []
    for index, field in enumerate(fields):
        column = field.get_col(meta.db_table)
        converts = [
            *connection.ops.get_db_converters(column),
            *column.get_db_converters(connection),
        ]
        if converts:
            converters.append((index, column, converts))
    return RowReading(
        attnames=[field.attname for field in fields],
        positions=[names.index(field.name) for field in fields],
        converters=converters,
    )
