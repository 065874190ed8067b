"""Reads for the generation pages, scoped to what the user may see (VB-7)."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from django.db.models import Count, Exists, OuterRef, Prefetch, Q, QuerySet, Sum
from django.http import Http404

from citations.models import Quote
from reviews.imports import bundle_owner
from reviews.models import Assessment, Team
from reviews.selectors import assessments_for_reviewer

from .costs import CALLS_ANSWERED, CostTotal, costs_total
from .models import (
    CallKind,
    ClarificationQuestion,
    ExecutionRecord,
    Generation,
    GenerationStatus,
    RecordStatus,
    RegisteredSchema,
)
from .sources import turn_from_stored
from .validation import RULES

COVERAGE_STATUSES = ("MAPPED", "EXCLUDED", "UNMAPPED")
IN_PROGRESS = (GenerationStatus.PENDING, GenerationStatus.RUNNING)


def record_get_for_user(*, user, record_id: int) -> ExecutionRecord:
    """Staff see every record; a reviewer only those whose answer became an assessment they
    may see. Anything else is a 404, as if it did not exist."""
    records = ExecutionRecord.objects.select_related(
        "generation",
        "generation__assessment__verification",
        "generation__reused_assessment__verification",
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


def schemas_registered() -> QuerySet[RegisteredSchema]:
    """Every registered version, with how many runs used it."""
    return (
        RegisteredSchema.objects.select_related("created_by")
        .annotate(runs=Count("generations"))
        .order_by("name", "-created_at", "-id")
    )


def generation_for_reviewer(*, user, generation_id: int) -> Generation:
    """A handed-over run whose assessment the user may see (staff: any handed-over run);
    anything else is a 404."""
    generations = Generation.objects.select_related(
        "assessment__verification", "reused_assessment__verification"
    ).filter(Q(assessment__isnull=False) | Q(reused_assessment__isnull=False))
    if not user.is_staff:
        visible = assessments_for_reviewer(reviewer=user).values("pk")
        generations = generations.filter(
            Q(assessment__in=visible) | Q(reused_assessment__in=visible)
        )
    generation = generations.filter(pk=generation_id).first()
    if generation is None:
        raise Http404("no such generation")
    return generation


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


def hand_over_origin(*, bundle_id: str, team: Team | None) -> dict[str, int] | None:
    """The generation and execution record the assessment ``team`` stored under ``bundle_id``
    names, when a generation handed it over. Another team's bundle ids are not looked at: the
    hand-over stores the bundle as ``team``'s (issue 30)."""
    meta = (
        Assessment.objects.filter(
            verification__owner=bundle_owner(team), verification__bundle_id=bundle_id
        )
        .values_list("verification__meta", flat=True)
        .first()
    )
    if not isinstance(meta, dict) or not {"generation", "execution_record"} <= meta.keys():
        return None
    return {"generation": meta["generation"], "execution_record": meta["execution_record"]}


def generations_list(*, status: str = "") -> QuerySet[Generation]:
    """Newest first, each with ``tokens`` (its calls' total) and ``repairing`` (its first
    answer failed: a running one is making the repair call)."""
    first_failed = ExecutionRecord.objects.filter(
        generation=OuterRef("pk"), kind=CallKind.INITIAL, status=RecordStatus.INVALID
    )
    # What the row shows of each call: not its request and answer, which can be large.
    calls = ExecutionRecord.objects.only(
        "id", "generation_id", "kind", "status", "model_name", *USAGE_FIELDS
    )
    generations = (
        Generation.objects.select_related(
            "assessment__verification", "reused_assessment__verification"
        )
        .prefetch_related(Prefetch("records", queryset=calls))
        .annotate(tokens=Sum("records__total_tokens"), repairing=Exists(first_failed))
    )
    if status:
        generations = generations.filter(status=status)
    return generations.order_by("-created_at", "-id")


USAGE_FIELDS = ("prompt_tokens", "completion_tokens", "total_tokens", "cost", "cost_currency")


@dataclass(frozen=True)
class UsageTotal:
    tokens: int  # of the calls that reported them
    cost: CostTotal


def generations_usage(*, status: str = "") -> UsageTotal:
    """Tokens and cost of the model calls of every run the list shows (all its pages), summed
    in the database in one query, by currency and model (``costs_total`` for the rules)."""
    runs = Generation.objects.filter(status=status) if status else Generation.objects.all()
    groups = (
        ExecutionRecord.objects.filter(generation__in=runs.values("pk"), status__in=CALLS_ANSWERED)
        .exclude(kind=CallKind.HUMAN_EDIT)
        .values("cost_currency", "model_name")
        .annotate(
            calls=Count("pk"),
            tokens=Sum("total_tokens", default=0),
            amount=Sum("cost"),
            priced=Count("cost"),
            no_usage=Count(
                "pk", filter=Q(prompt_tokens__isnull=True) | Q(completion_tokens__isnull=True)
            ),
        )
        .order_by()
    )
    amounts: dict[str, Decimal] = {}
    calls = tokens = unknown = 0
    why = set()
    for group in groups:
        calls += group["calls"]
        tokens += group["tokens"]
        unknown += group["calls"] - group["priced"]
        if group["priced"]:
            currency = group["cost_currency"]
            amounts[currency] = amounts.get(currency, Decimal(0)) + group["amount"]
        if group["no_usage"]:
            why.add("the model reported no token usage")
        if group["calls"] - group["priced"] > group["no_usage"]:
            why.add(f"no price for {group['model_name']}")
    return UsageTotal(
        tokens=tokens,
        cost=CostTotal(dict(sorted(amounts.items())), unknown, calls, "; ".join(sorted(why))),
    )


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

    @property
    def cost(self) -> CostTotal:
        return costs_total([self.record])


def record_page(*, record: ExecutionRecord, coverage_status: str = "") -> RecordPage:
    """What the record page shows; three queries however many sentences, calls or quotes."""
    siblings = list(ExecutionRecord.objects.filter(generation_id=record.generation_id))
    assessment = record.generation.handed_over_to
    # A run hands over its one valid answer (after a valid first answer no repair is made).
    handed_over = assessment is not None and record.status == RecordStatus.VALID
    quotes = (
        list(
            Quote.objects.filter(assessment_id=assessment.pk)
            .select_related("match_source", "cited_source")
            .defer("match_source__paragraphs", "cited_source__paragraphs")
        )
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


ANSWERED = (RecordStatus.VALID, RecordStatus.INVALID)


def answer_record(*, generation: Generation) -> ExecutionRecord | None:
    """The run's latest answer: what a reviewer edits, and whose questions are asked."""
    return (
        ExecutionRecord.objects.filter(generation=generation, status__in=ANSWERED)
        .order_by("-pk")
        .first()
    )


def answered_fields(generation: Generation) -> dict[str, str]:
    """Field path -> who answered its clarification question."""
    return dict(
        generation.questions.filter(answered_at__isnull=False).values_list(
            "field", "answered_by__username"
        )
    )


def generation_get(*, generation_id: int) -> Generation:
    generation = (
        Generation.objects.select_related(
            "assessment__verification",
            "reused_assessment__verification",
            "reviewed_by",
            "rerun_of",
            "created_by",
            "team",
            "schema",
        )
        .filter(pk=generation_id)
        .first()
    )
    if generation is None:
        raise Http404("no such generation")
    return generation


@dataclass(frozen=True)
class ExcerptInSource:
    """An excerpt with a little of its paragraph either side, for the highlight."""

    marker: str  # "[DOC ¶5]"
    before: str
    text: str
    after: str


@dataclass(frozen=True)
class ValueRow:
    path: str
    value: str  # as JSON
    excerpts: list[ExcerptInSource]
    unsupported: list[str]
    answered_by: str


EXCERPT_CONTEXT_CHARS = 80


def _value_rows(record: ExecutionRecord | None, sources: list[dict[str, Any]]) -> list[ValueRow]:
    if record is None or not record.values:
        return []
    turn = turn_from_stored(sources)
    rows = []
    for row in record.values:
        excerpts = []
        for e in row["excerpts"]:
            source = turn.source(e["source"])
            paragraph = (source.paragraph(e["paragraph"]) if source else None) or ""
            start, end = e["start"], e["end"]
            excerpts.append(
                ExcerptInSource(
                    marker=f"[{e['source']} ¶{e['paragraph']}]",
                    before=paragraph[max(0, start - EXCERPT_CONTEXT_CHARS) : start],
                    text=paragraph[start:end],
                    after=paragraph[end : end + EXCERPT_CONTEXT_CHARS],
                )
            )
        rows.append(
            ValueRow(
                path=row["path"],
                value=json.dumps(row["value"], ensure_ascii=False),
                excerpts=excerpts,
                unsupported=row["unsupported"],
                answered_by=row["answered_by"],
            )
        )
    return rows


@dataclass(frozen=True)
class Question:
    field: str
    question: str
    answer: ClarificationQuestion | None  # None: open


@dataclass(frozen=True)
class GenerationPage:
    generation: Generation
    records: list[ExecutionRecord]
    answer: ExecutionRecord | None  # the latest answer, shown beside its errors
    errors_by_layer: list[tuple[str, list[dict[str, str]]]]
    coverage_counts: dict[str, int]
    unmapped: list[dict[str, Any]]
    excluded: list[dict[str, Any]]  # with the reasons given
    questions: list[Question]
    reruns: list[Generation]
    values: list[ValueRow]  # each value beside its excerpts (seed 002, stage 3)

    @property
    def answer_text(self) -> str:
        """The answer to edit: indented when it is a JSON object, as received otherwise."""
        if self.answer is None:
            return ""
        if isinstance(self.answer.parsed, dict):
            return json.dumps(self.answer.parsed, ensure_ascii=False, indent=2)
        return self.answer.raw_response

    @property
    def open_questions(self) -> list[Question]:
        return [q for q in self.questions if q.answer is None]

    @property
    def tokens(self) -> int | None:
        """Tokens of the run's calls, where reported."""
        counted = [r.total_tokens for r in self.records if r.total_tokens is not None]
        return sum(counted) if counted else None

    @property
    def cost(self) -> CostTotal:
        return costs_total(self.records)


def generation_page(*, generation: Generation) -> GenerationPage:
    """What the review page of a run shows; a fixed number of queries."""
    records = list(
        ExecutionRecord.objects.filter(generation=generation)
        .select_related("edited_by")
        .order_by("pk")
    )
    answer = next((r for r in reversed(records) if r.status in ANSWERED), None)
    layers: dict[str, list[dict[str, str]]] = {}
    for error in answer.errors if answer else []:
        layer = RULES[error["rule"]][0] if error["rule"] in RULES else "other"
        layers.setdefault(layer, []).append(error)
    coverage = answer.coverage if answer else []
    counts = Counter(row["status"] for row in coverage)
    stored = {
        q.field: q
        for q in ClarificationQuestion.objects.filter(generation=generation).select_related(
            "answered_by"
        )
    }
    asked = [
        (row["field"], row["question"])
        for row in (answer.completeness if answer else [])
        if row["status"] == "NEEDS_INPUT"
    ]
    questions = [
        Question(field, stored[field].question if field in stored else text, None)
        for field, text in asked
        if field not in stored or stored[field].answered_at is None
    ]
    questions += [
        Question(q.field, q.question, q) for q in stored.values() if q.answered_at is not None
    ]
    return GenerationPage(
        generation=generation,
        records=records,
        answer=answer,
        errors_by_layer=sorted(layers.items()),
        coverage_counts={status: counts.get(status, 0) for status in COVERAGE_STATUSES},
        unmapped=[row for row in coverage if row["status"] == "UNMAPPED"],
        excluded=[row for row in coverage if row["status"] == "EXCLUDED"],
        questions=questions,
        reruns=list(generation.reruns.order_by("pk")),
        values=_value_rows(answer, generation.sources),
    )
