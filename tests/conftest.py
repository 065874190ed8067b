"""Test-wide fixtures. Settings: config/test_settings.py (real PostgreSQL and Redis)."""

import pytest
from django.db import connection

from reviews.tokens import api_token_create
from tests.browser_support import browser, page  # noqa: F401 (one Chromium for all folders)


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
