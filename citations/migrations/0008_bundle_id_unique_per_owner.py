"""Issue 30: a bundle id is unique per owner, no longer globally, so one team cannot squat
another's ids. Every row stored so far gets the owner '' here (the ids were unique, so the
new constraint holds); ``reviews`` 0014 then names each assessment's team as its owner."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("citations", "0007_quote_context_attention"),
    ]

    operations = [
        migrations.AddField(
            model_name="verification",
            name="owner",
            field=models.CharField(
                blank=True,
                default="",
                help_text="Whose bundle id this is, fixed when the bundle is stored; the app "
                "storing it names the owner (reviews: 'team:<id>' of the posting team, '' "
                "without a team).",
                max_length=100,
            ),
        ),
        migrations.AlterField(
            model_name="verification",
            name="bundle_id",
            field=models.CharField(max_length=200),
        ),
        migrations.AddConstraint(
            model_name="verification",
            constraint=models.UniqueConstraint(
                fields=("owner", "bundle_id"), name="verification_bundle_id_unique_per_owner"
            ),
        ),
    ]
