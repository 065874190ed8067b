"""A stored layout now records where each JSON quote object's citation is written (issue
14), and the engine reads no layout of another version: results stored before get theirs
read once more, as layouts were first filled (0002), so their pages and exports keep working
without a new verification.

One whose response is beyond today's limits, or cannot be read, keeps no layout: its page
shows the response as plain text with every quote listed, and its export asks for a new
verification."""

from django.db import migrations


def read_layouts_again(apps, schema_editor):
    from citations.engine.writing.layout import LAYOUT_VERSION
    from citations.results import stored_layout  # today's reader, once per stored result

    Verification = apps.get_model("citations", "Verification")
    older = Verification.objects.filter(layout__isnull=False).exclude(
        layout__version=LAYOUT_VERSION
    )
    for pk in list(older.values_list("pk", flat=True)):
        row = Verification.objects.only("response_format", "response_text", "quote_fields").get(
            pk=pk
        )
        layout = stored_layout(
            response_format=row.response_format,
            response_text=row.response_text,
            quote_fields=row.quote_fields,
        )
        Verification.objects.filter(pk=pk).update(layout=layout)


class Migration(migrations.Migration):
    dependencies = [
        ("citations", "0005_sweep_run"),
    ]

    operations = [
        migrations.RunPython(read_layouts_again, migrations.RunPython.noop, elidable=True),
    ]
