"""The app's own PostgreSQL role holds DML grants and nothing more (issue 30): it owns no
table, so it cannot drop or disable the append-only triggers (a TRUNCATE they refuse, and
it is not granted one either). Migrations run as the tables' owner (``MIGRATION_DATABASE_URL``),
which grants the app's role here, after every ``manage.py migrate``."""

from django.db.backends.base.base import BaseDatabaseWrapper
from psycopg import sql

# What the app does to its rows; never TRUNCATE, TRIGGER or REFERENCES, never ownership.
TABLE_PRIVILEGES = sql.SQL("SELECT, INSERT, UPDATE, DELETE")
SEQUENCE_PRIVILEGES = sql.SQL("USAGE, SELECT")

# The tables whose rows are an audit trail: their triggers refuse UPDATE, DELETE and TRUNCATE
# (the initial migrations of citations and reviews).
APPEND_ONLY_TABLES = ("reviews_correction", "reviews_reviewdecision", "reviews_quoteverdict")

CREATE_ROLE = sql.SQL("CREATE ROLE {role} LOGIN PASSWORD {password}")
GRANTS = [
    sql.SQL("GRANT CONNECT ON DATABASE {database} TO {role}"),
    sql.SQL("GRANT USAGE ON SCHEMA {schema} TO {role}"),
    sql.SQL("GRANT {tables} ON ALL TABLES IN SCHEMA {schema} TO {role}"),
    sql.SQL("GRANT {sequences} ON ALL SEQUENCES IN SCHEMA {schema} TO {role}"),
    # Tables and sequences the connected role (the owner) creates in later migrations.
    sql.SQL("ALTER DEFAULT PRIVILEGES IN SCHEMA {schema} GRANT {tables} ON TABLES TO {role}"),
    sql.SQL("ALTER DEFAULT PRIVILEGES IN SCHEMA {schema} GRANT {sequences} ON SEQUENCES TO {role}"),
]


def app_role_grant(*, connection: BaseDatabaseWrapper, role: str, password: str | None) -> bool:
    """Grant ``role`` the app's DML on every table and sequence of the current schema, and,
    through the connected role's default privileges, on those later migrations create.
    Connected as the tables' owner. The role is created (LOGIN, ``password``) if missing;
    an existing one keeps its password. True if it was created."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [role])
        created = cursor.fetchone() is None
        cursor.execute("SELECT current_database(), current_schema()")
        database, schema = cursor.fetchone()
        names = {
            "role": sql.Identifier(role),
            "password": sql.Literal(password),
            "database": sql.Identifier(database),
            "schema": sql.Identifier(schema),
            "tables": TABLE_PRIVILEGES,
            "sequences": SEQUENCE_PRIVILEGES,
        }
        statements = [CREATE_ROLE] if created else []
        for statement in statements + GRANTS:
            cursor.execute(statement.format(**names).as_string(connection.connection))
    return created


def append_only_bypasses(*, connection: BaseDatabaseWrapper) -> list[str]:
    """How the connected role could get past the append-only triggers, in words: empty when
    it is neither a superuser nor (a member of) the owner of an append-only table, the only
    roles that may drop or disable a trigger. Its TRUNCATE, if granted, the triggers refuse."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")
        (superuser,) = cursor.fetchone()
        if superuser:
            return ["it is a superuser"]
        cursor.execute(
            "SELECT relname FROM pg_class WHERE relname = ANY(%s) "
            "AND pg_has_role(current_user, relowner, 'USAGE') ORDER BY relname",
            [list(APPEND_ONLY_TABLES)],
        )
        return [f"it owns {table}" for (table,) in cursor.fetchall()]
