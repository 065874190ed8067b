"""A claim's heartbeat (issue 13, reliability): refreshed by its owner while it works, so a
claim whose owner died on another machine is taken over once it falls silent. Claims made
before have none and keep waiting for the stale period."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("citations", "0002_verification_layout"),
    ]

    operations = [
        migrations.AddField(
            model_name="verification",
            name="verification_heartbeat_at",
            field=models.DateTimeField(
                blank=True,
                help_text="Refreshed by the claim's owner while it works (the database's "
                "clock): a claim whose heartbeat falls silent is taken over by any worker.",
                null=True,
            ),
        ),
    ]
