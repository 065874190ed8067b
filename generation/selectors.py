"""Reads for the generation pages, scoped to what the user may see (VB-7)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db.models import Q, QuerySet
from django.http import Http404

from reviews.models import Assessment, Quote
from reviews.selectors import assessments_for_reviewer

from .models import ExecutionRecord, Generation, GenerationStatus, RecordStatus

COVERAGE_STATUSES = ("MAPPED", "EXCLUDED", "UNMAPPED")
IN_PROGRESS = (GenerationStatus.PENDING, GenerationStatus.RUNNING)


def record_get_for_user(*, user, record_id: int) -> ExecutionRecord:
    """Staff see every record; a reviewer only those whose answer became an assessment they
    may see. Anything else is a 404, as if it did not exist."""
    records = ExecutionRecord.objects.select_related(
        "generation", "generation__assessment", "generation__reused_assessment"
    )
    if not user.is_staff:
        visible = assessments_for_reviewer(reviewer=user).values("pk")
        records = records.filter(
            Q(generation__assessment__in=visible) | Q(generation__reused_assessment__in=visible)
        )
    record = records.filter(pk=record_id).first()
    if record is None:
        raise Http404("no such execution record")
    return record


def generations_stuck(*, now: datetime, stale_after: timedelta) -> list[int]:
    """Pending longer than the stale period (the task message was lost), or running on a
    claim that went stale (the worker died)."""
    cutoff = now - stale_after
    return list(
        Generation.objects.filter(
            Q(status=GenerationStatus.PENDING, created_at__lt=cutoff)
            | Q(status=GenerationStatus.RUNNING, claimed_at__lt=cutoff)
        )
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def hand_over_origin(*, bundle_id: str) -> dict[str, int] | None:
    """The generation and execution record the assessment stored under ``bundle_id`` names,
    when a generation handed it over."""
    meta = Assessment.objects.filter(bundle_id=bundle_id).values_list("meta", flat=True).first()
    if not isinstance(meta, dict) or not {"generation", "execution_record"} <= meta.keys():
        return None
    return {"generation": meta["generation"], "execution_record": meta["execution_record"]}


def generations_list(*, status: str = "") -> QuerySet[Generation]:
    generations = Generation.objects.select_related(
        "assessment", "reused_assessment"
    ).prefetch_related("records")
    if status:
        generations = generations.filter(status=status)
    return generations.order_by("-created_at", "-id")


@dataclass(frozen=True)
class RecordPage:
    record: ExecutionRecord
    siblings: list[ExecutionRecord]
    handed_over: bool  # this record's answer is the assessment (stored by this run or before)
    quotes: list[Quote]  # its evidence excerpts, as verified
    coverage: list[dict[str, Any]]
    coverage_counts: dict[str, int]
    questions: list[dict[str, str]]
    messages: list[dict[str, Any]]


def record_page(*, record: ExecutionRecord, coverage_status: str = "") -> RecordPage:
    """What the record page shows; three queries however many sentences, calls or quotes."""
    siblings = list(ExecutionRecord.objects.filter(generation_id=record.generation_id))
    assessment = record.generation.handed_over_to
    # A run hands over its one valid answer (after a valid first answer no repair is made).
    handed_over = assessment is not None and record.status == RecordStatus.VALID
    quotes = (
        list(Quote.objects.filter(assessment=assessment).select_related("match_source"))
        if handed_over
        else []
    )
    counts = Counter(row["status"] for row in record.coverage)
    coverage = [
        row for row in record.coverage if not coverage_status or row["status"] == coverage_status
    ]
    return RecordPage(
        record=record,
        siblings=siblings,
        handed_over=handed_over,
        quotes=quotes,
        coverage=coverage,
        coverage_counts={status: counts.get(status, 0) for status in COVERAGE_STATUSES},
        questions=[row for row in record.completeness if row["status"] == "NEEDS_INPUT"],
        messages=list(record.request.get("messages", [])),
    )
