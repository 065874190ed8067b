"""Issue 30: TRUNCATE skips row triggers, so the corrections' append-only trigger (reviews
0003) let a TRUNCATE empty the audit trail. A statement trigger refuses it, for every role,
the owner's too. ``append_only_refuse()`` is one function for every append-only table, at
row or statement level: attach it with

    CREATE TRIGGER <table>_refuses_truncate BEFORE TRUNCATE ON <table>
        FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse();

SQLite (the demo) has no TRUNCATE and relies on the app alone."""

from django.db import migrations

CREATE = """
CREATE FUNCTION append_only_refuse() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER reviews_correction_refuses_truncate
    BEFORE TRUNCATE ON reviews_correction
    FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse();
"""

DROP = """
DROP TRIGGER IF EXISTS reviews_correction_refuses_truncate ON reviews_correction;
DROP FUNCTION IF EXISTS append_only_refuse();
"""


def _on_postgresql(sql):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql, params=None)

    return run


class Migration(migrations.Migration):
    dependencies = [("citations", "0008_bundle_id_unique_per_owner")]

    operations = [migrations.RunPython(_on_postgresql(CREATE), _on_postgresql(DROP))]
