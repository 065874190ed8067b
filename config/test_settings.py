"""Settings for the test suite: the real services from the environment, with test defaults.

Tests use PostgreSQL and Redis (never SQLite or an in-memory broker), so what they prove
holds for production.
"""

import os

os.environ.setdefault("SECRET_KEY", "test-only-secret-key")
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/verbatim")
os.environ.setdefault("CELERY_BROKER_URL", "redis://127.0.0.1:6379/0")
os.environ.setdefault("SECURE_SSL_REDIRECT", "false")
os.environ.setdefault("SESSION_COOKIE_SECURE", "false")
os.environ.setdefault("CSRF_COOKIE_SECURE", "false")
# The tests' webhook receivers listen on 127.0.0.1; every other guarded address stays refused.
os.environ.setdefault("WEBHOOK_ALLOWED_NETWORKS", "127.0.0.1")
# The suite's one role migrates its databases; a deployment's owner exported in the shell
# (MIGRATION_DATABASE_URL) must not migrate them, nor reach the subprocesses tests start.
os.environ.pop("MIGRATION_DATABASE_URL", None)

from .settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast users in tests
