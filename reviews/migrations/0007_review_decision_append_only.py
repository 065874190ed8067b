"""Review decisions are an audit trail (VB-7) like corrections: PostgreSQL itself refuses to
change or delete them, whatever code or admin tries, as the README says. SQLite (the demo)
relies on the app alone."""

from django.db import migrations

CREATE = """
CREATE FUNCTION reviews_reviewdecision_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'reviews_reviewdecision is append-only: % refused', TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER reviews_reviewdecision_append_only
    BEFORE UPDATE OR DELETE ON reviews_reviewdecision
    FOR EACH ROW EXECUTE FUNCTION reviews_reviewdecision_append_only();
"""

DROP = """
DROP TRIGGER IF EXISTS reviews_reviewdecision_append_only ON reviews_reviewdecision;
DROP FUNCTION IF EXISTS reviews_reviewdecision_append_only();
"""


def _on_postgresql(sql):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql, params=None)

    return run


class Migration(migrations.Migration):
    dependencies = [("reviews", "0006_quote_decision_claim_changed")]

    operations = [migrations.RunPython(_on_postgresql(CREATE), _on_postgresql(DROP))]
