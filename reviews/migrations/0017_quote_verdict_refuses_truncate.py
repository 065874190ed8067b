"""Issue 31: quote verdicts are an audit trail like decisions, and TRUNCATE skips the row
trigger of 0015. A statement trigger refuses it, for every role, the owner's too, with the
function citations 0009 made for every append-only table. SQLite (the demo) has no TRUNCATE
and relies on the app alone."""

from django.db import migrations

CREATE = """
CREATE TRIGGER reviews_quoteverdict_refuses_truncate
    BEFORE TRUNCATE ON reviews_quoteverdict
    FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse();
"""

DROP = """
DROP TRIGGER IF EXISTS reviews_quoteverdict_refuses_truncate ON reviews_quoteverdict;
"""


def _on_postgresql(sql):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql, params=None)

    return run


class Migration(migrations.Migration):
    dependencies = [("reviews", "0016_review_decision_refuses_truncate")]

    operations = [migrations.RunPython(_on_postgresql(CREATE), _on_postgresql(DROP))]
