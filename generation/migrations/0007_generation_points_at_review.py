"""A generation's assessment is the review's row (``reviews.Assessment`` now extends the
verification that kept the old table): same ids, the foreign keys point at the new table."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("generation", "0006_record_calling_and_retries"),
        ("reviews", "0012_review_columns_leave_verification"),
    ]

    operations = [
        migrations.AlterField(
            model_name="generation",
            name="assessment",
            field=models.OneToOneField(
                blank=True,
                help_text="The assessment this run's answer was stored as.",
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="generation",
                to="reviews.assessment",
            ),
        ),
        migrations.AlterField(
            model_name="generation",
            name="reused_assessment",
            field=models.ForeignKey(
                blank=True,
                help_text="A re-run: the assessment an earlier run stored under this bundle id "
                "with identical content, which this run's answer is.",
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="repeated_by",
                to="reviews.assessment",
            ),
        ),
    ]
