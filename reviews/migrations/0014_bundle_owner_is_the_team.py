"""Issue 30: bundle ids are unique per team. An assessment stored before gets its team as the
owner of its bundle id ('team:<id>', as ``reviews.imports.bundle_owner`` names it), so the
team's pipeline posting it again finds it; one without a team keeps the owner ''. The ids
were unique across all teams, so no two rows can collide."""

from django.db import migrations


def owners_from_teams(apps, schema_editor):
    Assessment = apps.get_model("reviews", "Assessment")
    Verification = apps.get_model("citations", "Verification")
    team_ids = Assessment.objects.exclude(team=None).values_list("team_id", flat=True).distinct()
    for team_id in list(team_ids):
        Verification.objects.filter(
            pk__in=Assessment.objects.filter(team_id=team_id).values("pk")
        ).update(owner=f"team:{team_id}")


def owners_forgotten(apps, schema_editor):
    apps.get_model("citations", "Verification").objects.update(owner="")


class Migration(migrations.Migration):
    dependencies = [
        ("citations", "0008_bundle_id_unique_per_owner"),
        ("reviews", "0013_verification_models_in_citations"),
    ]

    operations = [migrations.RunPython(owners_from_teams, owners_forgotten)]
