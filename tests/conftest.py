"""Test-wide fixtures. Settings: config/test_settings.py (real PostgreSQL and Redis)."""

import os

import pytest
from django.db import connection
from django.db.backends.postgresql.operations import DatabaseOperations
from hypothesis import settings as hypothesis_settings

from reviews.tokens import api_token_create
from tests.browser_support import browser, page  # noqa: F401 (one Chromium for all folders)

# CI draws the generated examples from a fixed seed, so a red run is reproducible (its
# failing example is printed and runs again); a developer's run draws new ones each time.
hypothesis_settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    hypothesis_settings.load_profile("ci")


@pytest.fixture(scope="session", autouse=True)
def flush_past_append_only_triggers():
    """pytest-django empties the database after a transactional test with one TRUNCATE of
    every table, which the append-only tables' statement triggers refuse (issue 30). The test
    database's superuser empties it with triggers off for that one transaction, as only a
    superuser may; the app's own role never can (tests/citations/test_app_role.py)."""
    execute_sql_flush = DatabaseOperations.execute_sql_flush

    def flush_with_triggers_off(self, sql_list):
        execute_sql_flush(self, ["SET LOCAL session_replication_role = replica", *sql_list])

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(DatabaseOperations, "execute_sql_flush", flush_with_triggers_off)
        yield


def row_counts() -> dict[str, int]:
    """Rows in every table of the database, for "nothing changed" checks."""
    counts = {}
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names(cursor):
            cursor.execute(f"SELECT COUNT(*) FROM {connection.ops.quote_name(table)}")
            counts[table] = cursor.fetchone()[0]
    return counts


@pytest.fixture
def api_token(db) -> str:
    """A live API token (the secret string) for ``Authorization: Bearer``."""
    return api_token_create(name="test pipeline")[1]


@pytest.fixture
def api_client(client, api_token):
    """Django's test client sending the API token on every request."""
    client.defaults["HTTP_AUTHORIZATION"] = f"Bearer {api_token}"
    return client
