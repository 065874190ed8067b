"""Issue 30: TRUNCATE skips row triggers, so the decisions' append-only trigger (0007) let a
TRUNCATE empty the audit trail. A statement trigger refuses it, for every role, the owner's
too, with the function citations 0009 made for every append-only table. SQLite (the demo)
has no TRUNCATE and relies on the app alone."""

from django.db import migrations

CREATE = """
CREATE TRIGGER reviews_reviewdecision_refuses_truncate
    BEFORE TRUNCATE ON reviews_reviewdecision
    FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse();
"""

DROP = """
DROP TRIGGER IF EXISTS reviews_reviewdecision_refuses_truncate ON reviews_reviewdecision;
"""


def _on_postgresql(sql):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql, params=None)

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("citations", "0009_correction_refuses_truncate"),
        ("reviews", "0015_quote_verdict"),
    ]

    operations = [migrations.RunPython(_on_postgresql(CREATE), _on_postgresql(DROP))]
