"""Issue 30, item 6: the app runs as a role with DML grants only, migrations as the owner, and
the append-only tables refuse TRUNCATE. A deployment as docker-compose makes it, on a fresh
database of the real PostgreSQL: an owner role (not a superuser) migrates it with
MIGRATION_DATABASE_URL set, which grants the app's role (created then); the app's own code
stores rows as that role; then each role tries to undo the audit trail."""

import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass

import psycopg
import pytest
from django.conf import settings
from django.db import connection
from psycopg import errors


@dataclass(frozen=True)
class Deployment:
    server: dict[str, str]  # host, port, and the test run's superuser
    database: str
    owner: str
    app: str

    def url(self, role: str) -> str:
        return (
            f"postgres://{role}:{role}-password@{self.server['host']}:"
            f"{self.server.get('port', 5432)}/{self.database}"
        )

    def connect(self, role: str) -> psycopg.Connection:
        return psycopg.connect(
            conninfo=self.url(role).replace("postgres://", "postgresql://"), autocommit=True
        )

    def manage(self, *args: str, **env: str) -> subprocess.CompletedProcess:
        """manage.py as a deployment runs it: the app's role in DATABASE_URL."""
        keep = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE"))}
        return subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=settings.BASE_DIR,
            env={
                **keep,
                "DJANGO_SETTINGS_MODULE": "config.settings",
                "DEBUG": "1",
                "CELERY_TASK_ALWAYS_EAGER": "true",
                "DATABASE_URL": self.url(self.app),
                **env,
            },
            capture_output=True,
            text=True,
            timeout=300,
        )


# The app's own work as its role: a bundle imported and verified (eagerly), corrected quotes'
# trail and a reviewer's decision stored through the services.
APP_WORK = """
from django.contrib.auth import get_user_model
from reviews.services import assessment_reject
from tests.factories import make_assessment, make_correction, make_quote
assessment = make_assessment()
make_correction(make_quote(assessment, 99))
reviewer = get_user_model().objects.create_user("rita")
assessment_reject(assessment=assessment, reviewer=reviewer, comment="wrong")
print("stored")
"""


@pytest.fixture(scope="module")
def deployment(django_db_blocker) -> Iterator[Deployment]:
    with django_db_blocker.unblock():
        params = connection.get_connection_params()
    server = {k: str(params[k]) for k in ("host", "port", "user", "password") if params.get(k)}
    tag = uuid.uuid4().hex[:8]
    deployed = Deployment(
        server=server,
        database=f"verbatim_roles_{tag}",
        owner=f"verbatim_owner_{tag}",
        app=f"verbatim_app_{tag}",
    )
    with psycopg.connect(dbname="postgres", autocommit=True, **server) as superuser:
        # The owner may create the app's role, as compose's owner may; no superuser.
        superuser.execute(
            f"CREATE ROLE {deployed.owner} LOGIN CREATEROLE PASSWORD '{deployed.owner}-password'"
        )
        superuser.execute(f"CREATE DATABASE {deployed.database} OWNER {deployed.owner}")
    try:
        yield deployed
    finally:
        with psycopg.connect(dbname="postgres", autocommit=True, **server) as superuser:
            superuser.execute(f"DROP DATABASE IF EXISTS {deployed.database} WITH (FORCE)")
            superuser.execute(f"DROP ROLE IF EXISTS {deployed.app}")
            superuser.execute(f"DROP ROLE IF EXISTS {deployed.owner}")


@pytest.fixture(scope="module")
def deployed(deployment: Deployment) -> Deployment:
    """Migrated as the owner, then the app's work done as the app's role."""
    migrated = deployment.manage(
        "migrate", "--noinput", MIGRATION_DATABASE_URL=deployment.url(deployment.owner)
    )
    assert migrated.returncode == 0, migrated.stderr[-3000:]
    assert f"App role '{deployment.app}' created and granted DML" in migrated.stdout
    worked = deployment.manage("shell", "-c", APP_WORK)
    assert worked.returncode == 0, worked.stderr[-3000:]
    assert worked.stdout.splitlines()[-1] == "stored"
    return deployment


def trail(deployed: Deployment) -> tuple[int, int]:
    with deployed.connect(deployed.owner) as owner:
        corrections = owner.execute("SELECT count(*) FROM reviews_correction").fetchone()
        decisions = owner.execute("SELECT count(*) FROM reviews_reviewdecision").fetchone()
    assert corrections and decisions
    return corrections[0], decisions[0]


def test_the_app_role_owns_nothing_and_does_its_work_issue_30_6(deployed):
    """Issue 30, item 6: the app's role was created by migrate, is no superuser and owns no
    table; the app's own code imported, verified, corrected and decided as that role."""
    with deployed.connect(deployed.owner) as owner:
        role = owner.execute(
            "SELECT rolsuper, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname = %s",
            [deployed.app],
        ).fetchone()
        owned = owner.execute(
            "SELECT count(*) FROM pg_class c JOIN pg_roles r ON r.oid = c.relowner "
            "WHERE r.rolname = %s",
            [deployed.app],
        ).fetchone()
    assert role == (False, False, False)
    assert owned == (0,)
    assert trail(deployed) == (1, 1)


REFUSED = "append-only"
NOT_OWNER = "must be owner"
NO_PRIVILEGE = "permission denied"


@pytest.mark.parametrize(
    ("statement", "refusal", "error"),
    [
        ("UPDATE reviews_correction SET new_value = 'x'", REFUSED, errors.RestrictViolation),
        ("DELETE FROM reviews_correction", REFUSED, errors.RestrictViolation),
        ("TRUNCATE reviews_correction", NO_PRIVILEGE, errors.InsufficientPrivilege),
        ("UPDATE reviews_reviewdecision SET comment = 'fine'", REFUSED, errors.RestrictViolation),
        ("DELETE FROM reviews_reviewdecision", REFUSED, errors.RestrictViolation),
        ("TRUNCATE reviews_reviewdecision", NO_PRIVILEGE, errors.InsufficientPrivilege),
        ("TRUNCATE reviews_quoteverdict", NO_PRIVILEGE, errors.InsufficientPrivilege),
        # A parent's TRUNCATE would take the trail with it.
        ("TRUNCATE reviews_assessment CASCADE", NO_PRIVILEGE, errors.InsufficientPrivilege),
        (
            "DROP TRIGGER reviews_correction_append_only ON reviews_correction",
            NOT_OWNER,
            errors.InsufficientPrivilege,
        ),
        (
            "DROP TRIGGER reviews_reviewdecision_refuses_truncate ON reviews_reviewdecision",
            NOT_OWNER,
            errors.InsufficientPrivilege,
        ),
        (
            "ALTER TABLE reviews_correction DISABLE TRIGGER ALL",
            NOT_OWNER,
            errors.InsufficientPrivilege,
        ),
        (
            "ALTER TABLE reviews_reviewdecision DISABLE TRIGGER reviews_reviewdecision_append_only",
            NOT_OWNER,
            errors.InsufficientPrivilege,
        ),
        # Replacing the function's body would disarm every trigger at once. PostgreSQL 15+
        # refuses it as no CREATE on the schema, older ones as not the function's owner.
        (
            "CREATE OR REPLACE FUNCTION append_only_refuse() RETURNS trigger AS "
            "$$ BEGIN RETURN NULL; END; $$ LANGUAGE plpgsql",
            f"{NO_PRIVILEGE} for schema|{NOT_OWNER}",
            errors.InsufficientPrivilege,
        ),
        ("DROP FUNCTION append_only_refuse() CASCADE", NOT_OWNER, errors.InsufficientPrivilege),
        # Triggers fire only in the 'origin' role; switching that is a superuser's.
        ("SET session_replication_role = replica", NO_PRIVILEGE, errors.InsufficientPrivilege),
    ],
)
def test_the_app_role_cannot_undo_the_audit_trail_issue_30_6(deployed, statement, refusal, error):
    """Issue 30, item 6: connected as the app's role, every way to change, empty or disarm
    the corrections and decisions is refused, and the trail is as it was."""
    with deployed.connect(deployed.app) as app, pytest.raises(error, match=refusal):
        app.execute(statement)
    assert trail(deployed) == (1, 1)


@pytest.mark.parametrize(
    "statement",
    [
        "TRUNCATE reviews_correction",
        "TRUNCATE reviews_reviewdecision",
        "TRUNCATE reviews_quoteverdict",
        "TRUNCATE reviews_assessment CASCADE",
    ],
)
def test_the_owners_truncate_is_refused_by_the_statement_triggers_issue_30_6(deployed, statement):
    """Issue 30, item 6: TRUNCATE skips row triggers; the statement triggers refuse it for
    the owner too, also when a parent's CASCADE reaches the trail."""
    with (
        deployed.connect(deployed.owner) as owner,
        pytest.raises(errors.RestrictViolation, match=r"is append-only: TRUNCATE refused"),
    ):
        owner.execute(statement)
    assert trail(deployed) == (1, 1)


def test_a_later_migrations_table_is_the_app_roles_for_dml_only_issue_30_6(deployed):
    """Issue 30, item 6: the owner's default privileges grant a table made after the grant
    (a later migration's) to the app's role for its rows, not to empty it."""
    with deployed.connect(deployed.owner) as owner:
        owner.execute(
            "CREATE TABLE later_migration (id bigint GENERATED BY DEFAULT AS IDENTITY, note text)"
        )
    with deployed.connect(deployed.app) as app:
        app.execute("INSERT INTO later_migration (note) VALUES ('stored')")
        app.execute("UPDATE later_migration SET note = 'changed'")
        with pytest.raises(errors.InsufficientPrivilege):
            app.execute("TRUNCATE later_migration")
        app.execute("DELETE FROM later_migration")


@pytest.mark.parametrize(
    ("role", "warned"),
    [
        ("app", None),
        (
            "owner",
            "it owns reviews_correction; it owns reviews_quoteverdict; "
            "it owns reviews_reviewdecision",
        ),
    ],
)
def test_check_deploy_warns_when_the_app_role_can_undo_the_trail_issue_30_6(deployed, role, warned):
    """Issue 30, item 6: ``check --deploy`` says when the app connects as a role that could
    drop or disable the triggers (the owner, a superuser), and is quiet for the app's role."""
    checked = deployed.manage(
        "check",
        "--deploy",
        "--database=default",
        "--tag=database",
        DATABASE_URL=deployed.url(getattr(deployed, role)),
    )
    output = checked.stdout + checked.stderr
    if warned:
        assert "citations.W002" in output and warned in output
    else:
        assert "citations.W002" not in output, output
