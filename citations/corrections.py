"""Corrections a person makes: a reviewer accepting an unverified quote's hint as its
correction (issue 31). The app that records who decided (reviews) calls this; the audit rows
are the same ``Correction`` rows the engine writes, with the person as their actor."""

from citations.models import Correction, CorrectionField, Quote
from citations.results import hint_correction, stored_match
from citations.storage import page_change


class NoHint(Exception):
    """The quote has no hint to accept; the message says why."""


def correction_by_person_record(
    *, quote: Quote, actor: str, run: int, engine_version: str
) -> list[Correction]:
    """Record ``quote``'s hint as its correction, made by ``actor`` in verification ``run``:
    one append-only row per field it changes (text, source, paragraph), the old value as the
    model wrote it. A field already recorded for this quote and run is not recorded again
    (a hint confirmed, cleared and confirmed once more is one correction)."""
    match = stored_match(quote)
    if match is None:
        raise NoHint(f"quote {quote.n} has no hint to accept as its correction")
    corrected = hint_correction(match)
    cited_source = quote.cited_source.key if quote.cited_source else quote.cited_ref
    cited_paragraph = "" if quote.cited_paragraph is None else str(quote.cited_paragraph)
    changes = [
        (CorrectionField.TEXT, quote.text, corrected.text),
        (CorrectionField.SOURCE, cited_source, corrected.source),
        (CorrectionField.PARAGRAPH, cited_paragraph, str(corrected.paragraph)),
        *page_change(quote.cited_page, quote.cited_page_end, corrected.page),
    ]
    recorded = set(Correction.objects.filter(quote=quote, run=run).values_list("field", flat=True))
    return [
        Correction.objects.create(
            assessment_id=quote.assessment_id,
            quote=quote,
            run=run,
            field=field,
            old_value=old,
            new_value=new,
            reason=quote.reason,
            score=match.score,
            engine_version=engine_version[:50],
            actor=actor[:150],
        )
        for field, old, new in changes
        if old != new and field not in recorded
    ]
