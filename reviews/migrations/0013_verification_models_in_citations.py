"""The verification models are ``citations``'s now (its 0001 took them over): the assessment
extends ``citations.Verification``, and ``reviews`` forgets its own copies. State only; the
database is as 0011 and 0012 left it."""

import django.db.models.deletion
from django.db import migrations, models
from django.db.migrations.operations.base import Operation


class ExtendCitationsVerification(Operation):
    """The assessment's parent becomes ``citations.Verification``, the model that has the
    parent's table now. Django has no operation that changes a model's bases."""

    reversible = True

    def state_forwards(self, app_label, state):
        state.models[app_label, "assessment"].bases = ("citations.verification",)
        state.alter_field(
            app_label,
            "assessment",
            "verification",
            models.OneToOneField(
                on_delete=django.db.models.deletion.CASCADE,
                parent_link=True,
                primary_key=True,
                related_name="assessment",
                serialize=False,
                to="citations.verification",
            ),
            True,
        )

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        pass

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        pass

    def describe(self):
        return "Assessment extends citations.Verification"


class Migration(migrations.Migration):
    dependencies = [
        ("reviews", "0012_review_columns_leave_verification"),
        ("citations", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                ExtendCitationsVerification(),
                migrations.DeleteModel("Correction"),
                migrations.DeleteModel("Quote"),
                migrations.DeleteModel("Verification"),
                migrations.DeleteModel("Source"),
                migrations.DeleteModel("Turn"),
            ]
        )
    ]
