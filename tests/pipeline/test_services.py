"""The verification service in-process, on the real test database: what it stores, once."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from citations.bundles import engine_bundle
from citations.engine import VerificationStatus, load_bundle, report_to_dict, verify_bundle
from citations.models import Correction, Quote, Source, Verification, VerificationState
from citations.results import assessment_export
from citations.services import (
    VerifyOutcome,
    assessment_claim,
    assessment_store_results,
    assessment_verify,
)
from citations.storage import CLAIM_FIELDS, turn_sources
from reviews.imports import bundle_import
from reviews.models import Assessment, ReviewState
from reviews.services import ReverificationLocked, assessment_reverify

from .conftest import import_scenario, scenario

pytestmark = pytest.mark.django_db

# The scenario with every status: verified, corrected, unverified, ineligible, and a drop list
# is added below so the dropped count has something to count.
MIXED = "procurement_review"


def verified(name: str = MIXED, **kwargs) -> Assessment:
    assessment = import_scenario(name, enqueue=False, **kwargs)
    assert assessment_verify(assessment_id=assessment.pk) is VerifyOutcome.STORED
    assessment.refresh_from_db()
    return assessment


def direct_report(name: str = MIXED):
    """The engine's report for the scenario, computed without the database."""
    return verify_bundle(load_bundle(scenario(name)))


def test_each_quote_stores_status_reason_match_and_score_003_4():
    """003.4: every quote's verification result is stored on its row, equal to the engine's."""
    assessment = verified()
    report = direct_report()
    rows = list(Quote.objects.filter(assessment=assessment.verification).order_by("n"))
    assert [row.n for row in rows] == [r.quote.n for r in report.results]
    for row, result in zip(rows, report.results, strict=True):
        assert (row.status, row.reason) == (result.status.value, result.reason.value)
        assert row.text == result.quote.text
        if result.match is None:
            assert row.match_source is None and row.match_score is None
        else:
            assert row.match_source.key == result.match.source
            stored = (row.match_paragraph, row.match_start, row.match_end, row.match_score)
            match = result.match
            assert stored == (match.paragraph, match.start, match.end, match.score)
            assert (row.match_method, row.match_tier) == (match.method.value, match.tier.value)
            # VB-2: the stored offsets cut exactly the matched text out of the raw paragraph.
            paragraph = row.match_source.paragraphs[row.match_paragraph - 1]
            assert paragraph[row.match_start : row.match_end] == match.text
        if result.corrected is None:
            assert row.corrected_source is None and row.corrected_text == ""
        else:
            assert row.corrected_text == result.corrected.text
            assert row.corrected_source.key == result.corrected.source
            assert row.corrected_paragraph == result.corrected.paragraph
    assert assessment.verification.report == report_to_dict(report)
    assert assessment.verification.verification_state == VerificationState.DONE
    assert (
        assessment.verification.verification_run == 1
        and assessment.verification.engine_version == report.engine
    )


def test_counts_are_stored_including_dropped_adr_4():
    """ADR-4: found/verified/corrected/unverified/ineligible/dropped, so silent drops show."""
    data = scenario(MIXED, bundle_id="counts")
    data["drop"] = ["ineligible", "unverified"]
    assessment = bundle_import(raw=data, enqueue_verification=False).assessment
    assessment_verify(assessment_id=assessment.pk)
    assessment.refresh_from_db()
    statuses = [r.status for r in verify_bundle(load_bundle(data)).results]
    assert assessment.verification.quotes_found == len(statuses) > 0
    assert assessment.verification.quotes_verified == statuses.count(VerificationStatus.VERIFIED)
    assert assessment.verification.quotes_corrected == statuses.count(VerificationStatus.CORRECTED)
    assert assessment.verification.quotes_unverified == statuses.count(
        VerificationStatus.UNVERIFIED
    )
    assert assessment.verification.quotes_ineligible == statuses.count(
        VerificationStatus.INELIGIBLE
    )
    assert (
        assessment.verification.quotes_dropped
        == assessment.verification.quotes_unverified + assessment.verification.quotes_ineligible
    )
    assert assessment.verification.quotes_dropped > 0


def test_each_changed_field_gets_one_audit_correction_011_3():
    """011.3: old and new value, reason, score, engine version, actor 'system', run number."""
    assessment = verified()
    corrected = Quote.objects.filter(assessment=assessment.verification, status="corrected")
    assert corrected.exists(), "the scenario has corrected quotes"
    for quote in corrected.select_related("cited_source", "corrected_source"):
        audit = {c.field: c for c in quote.corrections.all()}
        assert audit, f"quote {quote.n} was corrected without an audit record"
        for correction in audit.values():
            assert correction.run == 1 and correction.actor == "system"
            assert correction.engine_version == assessment.verification.engine_version
            assert correction.reason == quote.reason
            assert correction.score == quote.match_score
            assert correction.old_value != correction.new_value
        if "text" in audit:
            assert (audit["text"].old_value, audit["text"].new_value) == (
                quote.text,
                quote.corrected_text,
            )
        if "paragraph" in audit:
            assert audit["paragraph"].new_value == str(quote.corrected_paragraph)
        if "source" in audit:
            assert audit["source"].new_value == quote.corrected_source.key
    verified_quotes = Quote.objects.filter(assessment=assessment.verification, status="verified")
    assert not Correction.objects.filter(quote__in=verified_quotes).exists()


def test_verifying_twice_stores_one_result_set_vb_4():
    """VB-4: a second delivery of the same task finds the work done and changes nothing."""
    assessment = verified()
    quotes = list(
        Quote.objects.filter(assessment=assessment.verification).values_list("pk", "status")
    )
    corrections = Correction.objects.count()
    assert assessment_verify(assessment_id=assessment.pk) is VerifyOutcome.SKIPPED
    assessment.refresh_from_db()
    assert assessment.verification.verification_run == 1
    assert (
        list(Quote.objects.filter(assessment=assessment.verification).values_list("pk", "status"))
        == quotes
    )
    assert Correction.objects.count() == corrections


def test_a_claim_is_exclusive_vb_4():
    """VB-4: the conditional UPDATE lets exactly one claimant through."""
    assessment = import_scenario(MIXED, enqueue=False)
    first = assessment_claim(assessment_id=assessment.pk)
    assert first is not None
    assert assessment_claim(assessment_id=assessment.pk) is None
    # A task meeting a live claim reports it busy (it looks again later), storing nothing.
    assert assessment_verify(assessment_id=assessment.pk) is VerifyOutcome.BUSY
    assert not Quote.objects.filter(assessment=assessment.verification).exists()


def test_a_stale_claim_is_taken_over_and_its_late_results_refused_vb_4():
    """VB-4: a worker presumed dead that finishes late cannot store a second result set."""
    assessment = import_scenario(MIXED, enqueue=False)
    sources = turn_sources(assessment.verification.turn_id)
    bundle = engine_bundle(assessment.verification, sources)
    source_ids = {source.key: source.pk for source in sources}
    report = verify_bundle(bundle)
    slow = assessment_claim(assessment_id=assessment.pk)
    later = timezone.now() + timedelta(hours=2)
    assert assessment_claim(assessment_id=assessment.pk) is None  # not stale yet
    takeover = assessment_claim(assessment_id=assessment.pk, now=later)
    assert takeover is not None and takeover.attempt == slow.attempt + 1
    assert (
        assessment_store_results(claim=slow, bundle=bundle, report=report, source_ids=source_ids)
        is False
    )
    assert not Quote.objects.filter(assessment=assessment.verification).exists()
    assert (
        assessment_store_results(
            claim=takeover, bundle=bundle, report=report, source_ids=source_ids
        )
        is True
    )
    assert (
        assessment_store_results(
            claim=takeover, bundle=bundle, report=report, source_ids=source_ids
        )
        is False
    )
    assessment.refresh_from_db()
    assert assessment.verification.verification_run == 1
    assert Quote.objects.filter(assessment=assessment.verification).count() == len(report.results)


def test_a_bundle_that_keeps_killing_its_worker_ends_failed_not_in_a_loop():
    """Issue 13: each takeover of a stale claim means its worker died holding it; after
    VERIFICATION_MAX_CRASHES in a row the assessment is failed with the reason."""
    assessment = import_scenario(MIXED, enqueue=False)
    now = timezone.now()
    assert assessment_claim(assessment_id=assessment.pk, now=now) is not None  # dies
    for crash in range(1, settings.VERIFICATION_MAX_CRASHES):
        now += timedelta(hours=2)  # the sweep finds the claim stale: taken over, dies again
        claim = assessment_claim(assessment_id=assessment.pk, now=now)
        assert claim is not None and claim.assessment.verification_crashes == crash
    Verification.objects.filter(pk=assessment.pk).update(
        verification_started_at=timezone.now() - timedelta(hours=2)
    )
    assert assessment_verify(assessment_id=assessment.pk) is VerifyOutcome.FAILED
    assessment.refresh_from_db()
    assert assessment.verification.verification_state == "failed"
    assert "stopped its worker 3 times in a row" in assessment.verification.verification_error
    assert not Quote.objects.filter(assessment=assessment.verification).exists()
    # once fixed, verifying it again starts the count anew and stores the result
    assert assessment_reverify(assessment_id=assessment.pk)
    assert assessment_verify(assessment_id=assessment.pk) is VerifyOutcome.STORED
    assessment.refresh_from_db()
    assert assessment.verification.verification_crashes == 0


def test_the_database_refuses_a_duplicate_correction_vb_4():
    """VB-4: unique (quote, run, field) makes a duplicate audit row impossible."""
    assessment = verified()
    correction = Correction.objects.filter(assessment=assessment.verification).first()
    assert correction is not None
    with pytest.raises(IntegrityError), transaction.atomic():
        Correction.objects.create(
            assessment=assessment.verification,
            quote=correction.quote,
            run=correction.run,
            field=correction.field,
            old_value="a",
            new_value="b",
            reason=correction.reason,
            engine_version=correction.engine_version,
        )


def test_reverification_is_a_new_run_and_keeps_the_old_audit_trail_011_3():
    """011.3, 003.4: run 2 updates the same quote rows; run 1's corrections stay."""
    assessment = verified()
    quote_pks = list(
        Quote.objects.filter(assessment=assessment.verification).values_list("pk", flat=True)
    )
    run_one = list(
        Correction.objects.filter(assessment=assessment.verification).values_list("pk", flat=True)
    )
    assert run_one
    before = list(Quote.objects.filter(assessment=assessment.verification).values().order_by("n"))
    # A row that no longer holds the engine's result (say, an older engine wrote it).
    Quote.objects.filter(assessment=assessment.verification, n=1).update(
        status="unverified", reason="not_found", match_score=0.5, corrected_text="stale"
    )
    assert assessment_reverify(assessment_id=assessment.pk) is True
    assessment.refresh_from_db()
    assert assessment.verification.verification_state == VerificationState.PENDING
    assert assessment_verify(assessment_id=assessment.pk) is VerifyOutcome.STORED
    assessment.refresh_from_db()
    assert (
        assessment.verification.verification_run == 2
        and assessment.verification.verification_state == "done"
    )
    assert list(
        Quote.objects.filter(assessment=assessment.verification).values_list("pk", flat=True)
    ) == (quote_pks)
    assert (
        list(Quote.objects.filter(assessment=assessment.verification).values().order_by("n"))
        == before
    )
    runs = Correction.objects.filter(assessment=assessment.verification)
    assert list(runs.filter(run=1).values_list("pk", flat=True).order_by("pk")) == sorted(run_one)
    assert runs.filter(run=2).count() == len(run_one)


def test_reverify_refuses_what_is_not_finished_or_is_approved_ev_9():
    """EV-9: approved results are final; a pending assessment is simply not re-sent."""
    pending = import_scenario(MIXED, enqueue=False)
    assert assessment_reverify(assessment_id=pending.pk) is False
    done = verified(bundle_id="approved-one")
    Assessment.objects.filter(pk=done.pk).update(review_state=ReviewState.APPROVED)
    with pytest.raises(ReverificationLocked, match="approved"):
        assessment_reverify(assessment_id=done.pk)
    done.refresh_from_db()
    assert done.verification.verification_state == VerificationState.DONE


def test_a_terminal_error_is_stored_as_failed_with_the_error():
    """Stored data the engine cannot read fails the assessment visibly, with the reason."""
    assessment = import_scenario(MIXED, enqueue=False)
    Verification.objects.filter(pk=assessment.pk).update(quote_fields=[{"no_such_key": "$"}])
    assert assessment_verify(assessment_id=assessment.pk) is VerifyOutcome.FAILED
    assessment.refresh_from_db()
    assert assessment.verification.verification_state == VerificationState.FAILED
    assert "no_such_key" in assessment.verification.verification_error
    assert not Quote.objects.filter(assessment=assessment.verification).exists()
    Verification.objects.filter(pk=assessment.pk).update(quote_fields=[])
    assert assessment_reverify(assessment_id=assessment.pk) is True
    assert assessment_verify(assessment_id=assessment.pk) is VerifyOutcome.STORED


def test_a_vanished_assessment_is_skipped_quietly():
    assert assessment_verify(assessment_id=987654321) is VerifyOutcome.SKIPPED


DEV_SET = sorted(
    p
    for p in (settings.SHARED_DIR / "data" / "dev" / "verbote").glob("*.json")
    if not p.name.endswith(".expected.json")
)


def test_real_llm_answers_are_stored_exactly_as_the_engine_reported_them_adr_3_vb_2():
    """ADR-3, VB-2 at the storage boundary, over the real dev set: every stored verified or
    corrected quote points at an eligible source, at offsets that cut exactly the reported
    text out of the stored paragraph; every row agrees with the stored engine report."""
    assert DEV_SET, "the dev set is missing"
    for path in DEV_SET:
        result = bundle_import(raw=path.read_bytes(), enqueue_verification=False)
        assessment_id = result.assessment.pk
        assert assessment_verify(assessment_id=assessment_id) is VerifyOutcome.STORED
        assessment = Assessment.objects.get(pk=assessment_id)
        reported = assessment.verification.report["quotes"]
        rows = Quote.objects.filter(assessment=assessment.verification).select_related(
            "match_source"
        )
        assert len(rows) == len(reported) == assessment.verification.quotes_found, path.name
        for row, entry in zip(rows, reported, strict=True):
            where = f"{path.name} #{row.n}"
            assert (row.n, row.status, row.reason) == (
                entry["n"],
                entry["status"],
                entry["reason"],
            ), where
            match = entry["match"]
            assert (row.match_source is None) == (match is None), where
            if match is not None:
                assert (row.match_source.key, row.match_paragraph) == (
                    match["source"],
                    match["paragraph"],
                ), where
                paragraph = row.match_source.paragraphs[row.match_paragraph - 1]
                assert paragraph[row.match_start : row.match_end] == match["text"], where
            if row.status in ("verified", "corrected"):
                assert row.match_source.eligible, where


def test_claim_and_turn_sources_read_rows_as_the_orm_does():
    """Claim and source loading skip the ORM's per-query setup (``citations.storage``): the
    instances they build hold the values and Python types the ORM gives (an ineligible
    source's False, attachments' parents, JSON paragraphs), whatever the column order."""
    assessment = import_scenario(MIXED, enqueue=False)
    orm_sources = list(
        Source.objects.filter(turn_id=assessment.verification.turn_id).order_by("position")
    )
    loaded = turn_sources(assessment.verification.turn_id)
    fields = [f.attname for f in Source._meta.concrete_fields]
    assert [[getattr(s, f) for f in fields] for s in loaded] == [
        [getattr(s, f) for f in fields] for s in orm_sources
    ]
    assert {type(s.eligible) for s in loaded} == {bool}
    assert any(not s.eligible for s in loaded) and any(s.parent_id for s in loaded)

    claim = assessment_claim(assessment_id=assessment.pk)
    stored = Assessment.objects.get(pk=assessment.pk)
    for name in CLAIM_FIELDS:
        attname = Verification._meta.get_field(name).attname
        assert getattr(claim.assessment, attname) == getattr(stored.verification, attname), name
    assert claim.attempt == stored.verification.verification_attempts == 1


def test_a_quote_relocated_to_its_page_stores_and_exports_the_page_011_3():
    """Issue 34: in a paged source the cited page, the page of the match and of the
    correction are stored beside the paragraphs, and the export from the stored rows names
    the real page in the model's words (``S. 4`` -> ``S. 3``)."""
    quote = "Repairs above 500 EUR need the landlord's written consent"
    paragraphs = [f"Filler paragraph number {n} of the report." for n in range(1, 9)]
    paragraphs[4] = quote + "."
    data = {
        "bundle_version": 1,
        "id": "paged",
        "sources": [
            {
                "id": "D2",
                "kind": "document",
                "paragraphs": paragraphs,
                "pages": [{"page": 1 + index // 2} for index in range(8)],
            }
        ],
        "response": {"format": "markdown", "text": f'It says "{quote}" (D2, S. 4).'},
    }
    assessment = bundle_import(raw=data, enqueue_verification=False).assessment
    assert assessment_verify(assessment_id=assessment.pk) is VerifyOutcome.STORED
    row = Quote.objects.get(assessment=assessment.verification)
    assert (row.status, row.reason) == ("corrected", "relocated_page")
    assert (row.cited_page, row.cited_page_end, row.match_page, row.corrected_page) == (
        4,
        None,
        3,
        3,
    )
    # 011.3: the audit row of the page beside the paragraph's, the old value as written
    audit = Correction.objects.filter(quote=row)
    changed = set(audit.values_list("field", "old_value", "new_value"))
    assert changed == {("paragraph", "", "5"), ("page", "4", "3")}
    assessment.refresh_from_db()
    assert assessment_export(assessment=assessment.verification) == f'It says "{quote}" (D2, S. 3).'
