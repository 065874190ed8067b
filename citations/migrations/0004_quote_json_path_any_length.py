"""A quote's JSON path is text of any length (issue 13): the concrete path holds the keys the
model wrote, and a key over 1,000 characters made storing the results fail."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("citations", "0003_verification_heartbeat"),
    ]

    operations = [
        migrations.AlterField(
            model_name="quote",
            name="json_path",
            field=models.TextField(blank=True),
        ),
    ]
