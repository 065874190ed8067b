"""When the sweep of stuck verifications last ran (issue 13, reliability): beat is
load-bearing, and ``check --deploy --database default`` warns when its sweep stopped."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("citations", "0004_quote_json_path_any_length"),
    ]

    operations = [
        migrations.CreateModel(
            name="SweepRun",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("ran_at", models.DateTimeField()),
            ],
        ),
    ]
