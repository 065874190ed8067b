"""Model instances from plain SQL, for the queries every verification task runs.

``Model.objects.raw()`` sets itself up afresh for every query (column mapping, converters),
which cost a worker about as much CPU as reading the rows (``manage.py bench_pipeline``).
Here the setup is done once per model and column list; the rows become instances the way
the ORM makes them (``Model.from_db`` after the backend's and the fields' converters).
"""

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.apps import apps
from django.db import connection
from django.db.models import Model

Converter = Callable[[Any, Any, Any], Any]


def instances_from_sql[M: Model](
    model: type[M], names: tuple[str, ...], sql: str, params: Sequence[Any] | dict[str, Any]
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
    meta = apps.get_model(label)._meta
    order = {field.name: n for n, field in enumerate(meta.concrete_fields)}
    fields = sorted((meta.get_field(name) for name in names), key=lambda f: order[f.name])
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
