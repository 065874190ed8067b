"""Verification stores how the engine read the response (issue 13: work done once), and
results stored before get it here, read once more: pages and exports read it and never the
response again.

A response beyond today's limits (accepted before they existed) is not read again: its
layout stays empty, its page shows the response as plain text with every quote listed, and
its export asks for a new verification. So does one whose quotes the engine now reads
differently from the stored ones (the export compares them)."""

from django.db import migrations, models


def fill_layouts(apps, schema_editor):
    from citations.results import stored_layout  # today's reader, once per stored result

    Verification = apps.get_model("citations", "Verification")
    waiting = Verification.objects.filter(verification_state="done", layout__isnull=True)
    for pk in list(waiting.values_list("pk", flat=True)):
        row = Verification.objects.only("response_format", "response_text", "quote_fields").get(
            pk=pk
        )
        layout = stored_layout(
            response_format=row.response_format,
            response_text=row.response_text,
            quote_fields=row.quote_fields,
        )
        if layout is not None:
            Verification.objects.filter(pk=pk).update(layout=layout)


class Migration(migrations.Migration):
    dependencies = [
        ("citations", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="verification",
            name="layout",
            field=models.JSONField(
                blank=True,
                help_text="How the engine read the response (its quotes' places and citation "
                "sites; a JSON answer's value and quote objects), stored with the results: "
                "pages and exports read this, never the response again.",
                null=True,
            ),
        ),
        migrations.RunPython(fill_layouts, migrations.RunPython.noop, elidable=True),
    ]
