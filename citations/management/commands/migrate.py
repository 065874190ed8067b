"""``manage.py migrate`` as the tables' owner when MIGRATION_DATABASE_URL is set (issue 30):
the app connects as DATABASE_URL's role, which owns nothing and gets its DML grants here, so
the app cannot drop, disable or truncate past the append-only triggers. Unset, Django's own
migrate, unchanged."""

from typing import Any

from django.conf import settings
from django.core.management.commands import migrate
from django.db import DEFAULT_DB_ALIAS, connections

from citations.database_roles import app_role_grant

# What makes a connection another role's, as Django fills them in when a URL leaves them out;
# the database itself stays the same (settings).
CREDENTIALS = {"USER": "", "PASSWORD": "", "HOST": "", "PORT": "", "OPTIONS": {}}


class Command(migrate.Command):
    help = (
        migrate.Command.help
        + " With MIGRATION_DATABASE_URL set, connects as that role (the tables' owner), then"
        " grants DATABASE_URL's role DML on every table, creating the role if missing."
    )

    def execute(self, *args: Any, **options: Any) -> str | None:
        owner = settings.MIGRATION_DATABASE
        if owner is None or options["database"] != DEFAULT_DB_ALIAS:
            return super().execute(*args, **options)
        connection = connections[DEFAULT_DB_ALIAS]
        app = {key: connection.settings_dict[key] for key in CREDENTIALS}
        connection.close()
        connection.settings_dict.update(
            {key: owner.get(key, default) for key, default in CREDENTIALS.items()}
        )
        try:
            output = super().execute(*args, **options)
            migrated = not (options["plan"] or options["check_unapplied"])
            if migrated and connection.vendor == "postgresql" and app["USER"] != owner["USER"]:
                self.grant(connection, role=app["USER"], password=app["PASSWORD"] or None)
        finally:
            # Anything this process does next (call_command in a script) is the app's again.
            connection.close()
            connection.settings_dict.update(app)
        return output

    def grant(self, connection: Any, *, role: str, password: str | None) -> None:
        created = app_role_grant(connection=connection, role=role, password=password)
        if self.verbosity >= 1:
            self.stdout.write(
                f"App role {role!r}{' created and' if created else ''} granted DML on every "
                "table, now and for later migrations' (it owns none)."
            )
