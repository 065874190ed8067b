"""Test-wide fixtures. Settings: config/test_settings.py (real PostgreSQL and Redis)."""

import os

import pytest
from django.db import connection
from hypothesis import settings as hypothesis_settings

from reviews.tokens import api_token_create
from tests.browser_support import browser, page  # noqa: F401 (one Chromium for all folders)

# CI draws the generated examples from a fixed seed, so a red run is reproducible (its
# failing example is printed and runs again); a developer's run draws new ones each time.
hypothesis_settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    hypothesis_settings.load_profile("ci")


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
