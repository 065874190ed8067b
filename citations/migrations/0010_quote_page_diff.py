"""Each quote's page diff, stored with its results (issue 30): the reviewer's page renders
it instead of diffing on every view. Results stored before get theirs here."""

from django.db import migrations, models

from citations.diffs import change_diff, hint_diff


def store_page_diffs(apps, schema_editor):
    Quote = apps.get_model("citations", "Quote")
    Source = apps.get_model("citations", "Source")
    changed = Quote.objects.filter(status="corrected").exclude(corrected_text="")
    for quote in changed.only("text", "corrected_text").iterator(chunk_size=500):
        diff = change_diff(quote.text, quote.corrected_text)
        if diff:
            Quote.objects.filter(pk=quote.pk).update(page_diff=diff)
    hinted = Quote.objects.filter(
        status="unverified",
        reason="claim_changed",
        match_source__isnull=False,
        match_paragraph__isnull=False,
        match_start__isnull=False,
        match_end__isnull=False,
    )
    for quote in hinted.only(
        "text", "match_source_id", "match_paragraph", "match_start", "match_end",
        "match_continues",
    ).iterator(chunk_size=100):  # fmt: skip
        paragraphs = Source.objects.values_list("paragraphs", flat=True).get(
            pk=quote.match_source_id
        )
        spans = [(quote.match_paragraph, quote.match_start, quote.match_end)]
        spans += [tuple(span) for span in quote.match_continues]
        diff = hint_diff(quote.text, paragraphs, spans)
        if diff:
            Quote.objects.filter(pk=quote.pk).update(page_diff=diff)


class Migration(migrations.Migration):
    dependencies = [
        ("citations", "0009_correction_refuses_truncate"),
    ]

    operations = [
        migrations.AddField(
            model_name="quote",
            name="page_diff",
            field=models.JSONField(
                blank=True,
                default=dict,
                help_text="The word diff the reviewer's page shows, computed once with the "
                "results (citations.diffs.quote_page_diff): a correction's change, a hint's "
                "differences.",
            ),
        ),
        migrations.RunPython(store_page_diffs, migrations.RunPython.noop),
    ]
