"""Reads for the reviewer pages: scoped to what the user may see (VB-7), few queries each."""

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from django.conf import settings
from django.db.models import (
    BooleanField,
    Count,
    Exists,
    ExpressionWrapper,
    Func,
    IntegerField,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
)
from django.db.models.functions import TruncDay, TruncWeek
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils import timezone

from citations.engine import FLAGGED_STATUSES, VerificationStatus
from citations.engine.extraction.formats import PDF
from citations.models import Correction, Quote, Source, VerificationState
from citations.selectors import CURRENT_ENGINE

from .models import Assessment, QuoteVerdict, ReviewDecision, ReviewState, VerdictAction

STATUSES = tuple(status.value for status in VerificationStatus)


def assessments_for_reviewer(*, reviewer) -> QuerySet[Assessment]:
    """Staff see everything; a reviewer sees what is assigned to them, and what is unassigned
    in one of their teams (VB-7)."""
    assessments = Assessment.objects.all()
    if reviewer.is_staff or reviewer.is_superuser:
        return assessments
    return assessments.filter(
        Q(assigned_to=reviewer)
        | Q(assigned_to__isnull=True, team__in=reviewer.review_teams.values("pk"))
    )


def assessment_for_reviewer(*, reviewer, assessment_id: int) -> Assessment | None:
    """The assessment, or None when it does not exist or the reviewer may not see it."""
    return (
        # "generation": the run that produced it, if Verbatim generated it (linked from the page).
        assessments_for_reviewer(reviewer=reviewer)
        .select_related("verification", "reviewed_by", "generation")
        .filter(pk=assessment_id)
        .first()
    )


def assessment_get_for_reviewer(*, reviewer, assessment_id: int) -> Assessment:
    """The assessment, or 404 when it does not exist or the reviewer may not see it."""
    assessment = assessment_for_reviewer(reviewer=reviewer, assessment_id=assessment_id)
    if assessment is None:
        raise Http404(f"no assessment {assessment_id} for this reviewer")
    return assessment


# -- claims ---------------------------------------------------------------------------------


def claim_cutoff(now: datetime | None = None) -> datetime:
    """Claims taken before this have run out (``REVIEW_CLAIM_SECONDS``)."""
    return (now or timezone.now()) - timedelta(seconds=settings.REVIEW_CLAIM_SECONDS)


def claim_live(*, cutoff: datetime) -> Q:
    """Someone holds the assessment's claim."""
    return Q(claimed_by__isnull=False, claimed_at__gte=cutoff)


def claimable_by(reviewer, *, cutoff: datetime) -> Q:
    """Nobody else holds the assessment's claim: free, the reviewer's own, or run out."""
    return ~claim_live(cutoff=cutoff) | Q(claimed_by=reviewer)


def claim_of_another(*, assessment: Assessment, reviewer) -> tuple[str, datetime] | None:
    """Who else holds the claim of ``assessment`` now, and since when; None: nobody else."""
    row = (
        Assessment.objects.filter(claim_live(cutoff=claim_cutoff()), pk=assessment.pk)
        .exclude(claimed_by=reviewer)
        .select_related("claimed_by")
        .only("claimed_at", "claimed_by__username")
        .first()
    )
    if row is None or row.claimed_by is None or row.claimed_at is None:
        return None
    return row.claimed_by.get_username(), row.claimed_at


@dataclass(frozen=True)
class Queue:
    label: str
    condition: Q
    in_nav: bool = True  # listed above the rows; the rest only in the "Show" choice
    claimed_by_me: bool = False  # only those the reviewer holds the claim of


def queue_condition(queue: Queue, *, reviewer, cutoff: datetime) -> Q:
    """``queue``'s condition for one reviewer (the "mine" queue is theirs alone)."""
    if queue.claimed_by_me:
        return queue.condition & claim_live(cutoff=cutoff) & Q(claimed_by=reviewer)
    return queue.condition


# The list's queues, written down once: the form offers them, the list counts them, and
# "next assessment" walks the first. "Needs review" is what a reviewer can decide now.
QUEUES: dict[str, Queue] = {
    "needs_review": Queue(
        "needs review",
        Q(
            verification__verification_state=VerificationState.DONE,
            review_state=ReviewState.PENDING,
        ),
    ),
    # What the reviewer opened and has not decided yet, while the claim holds.
    "mine": Queue("mine", Q(review_state=ReviewState.PENDING), claimed_by_me=True),
    "verifying": Queue(
        "verifying",
        Q(
            verification__verification_state__in=[
                VerificationState.PENDING,
                VerificationState.RUNNING,
            ]
        ),
    ),
    "failed": Queue(
        "verification failed", Q(verification__verification_state=VerificationState.FAILED)
    ),
    "returned": Queue("returned", Q(review_state=ReviewState.RETURNED)),
    "approved": Queue("approved", Q(review_state=ReviewState.APPROVED)),
    "rejected": Queue("rejected", Q(review_state=ReviewState.REJECTED)),
    "all": Queue("all", Q()),
    # What the stats count: the bars of Model quality link here.
    "verified": Queue(
        "verified, any review state",
        Q(verification__verification_state=VerificationState.DONE),
        in_nav=False,
    ),
}
DEFAULT_QUEUE = "needs_review"

# name -> (label, ordering); every ordering ends on the row's age, so pages are stable.
SORTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "oldest": ("oldest first", ("verification__created_at", "pk")),
    "newest": ("newest first", ("-verification__created_at", "-pk")),
    "most_unverified": (
        "most unverified first",
        ("-n_unverified", "verification__created_at", "pk"),
    ),
    "fewest_unverified": (
        "fewest unverified first",
        ("n_unverified", "verification__created_at", "pk"),
    ),
}
DEFAULT_SORT = "oldest"


def assessment_list(
    *,
    reviewer,
    queue: str = DEFAULT_QUEUE,
    status: str = "",
    search: str = "",
    sort: str = DEFAULT_SORT,
    model: str | None = None,
    prompt: str | None = None,
    since: date | None = None,
    until: date | None = None,
    review: str = "",
) -> QuerySet[Assessment]:
    """One queue's assessments with their team, assignee and number of quotes per status,
    counted in the same query. ``model`` and ``prompt`` (None: any; "" is none given), the
    creation dates and the review state narrow it as a bar of the stats does. ``claim_live``:
    whether ``claimed_by`` holds the claim now."""
    counts = {
        f"n_{status_value}": Count(
            "verification__quotes", filter=Q(verification__quotes__status=status_value)
        )
        for status_value in STATUSES
    }
    cutoff = claim_cutoff()
    assessments = assessments_for_reviewer(reviewer=reviewer).filter(
        queue_condition(QUEUES[queue], reviewer=reviewer, cutoff=cutoff)
    )
    if model is not None:
        assessments = assessments.filter(verification__model_name=model)
    if prompt is not None:
        assessments = assessments.filter(verification__prompt_version=prompt)
    assessments = created_within(assessments, since=since, until=until, review_state=review)
    if status:
        assessments = assessments.filter(
            Exists(Quote.objects.filter(assessment=OuterRef("pk"), status=status))
        )
    if search:
        assessments = assessments.filter(
            Q(verification__title__icontains=search) | Q(verification__bundle_id__icontains=search)
        )
    return (
        assessments.select_related("verification", "team", "assigned_to", "claimed_by")
        .defer("verification__layout")  # what the page reads of the response: not the list's
        .annotate(
            n_quotes=Count("verification__quotes"),
            claim_live=ExpressionWrapper(claim_live(cutoff=cutoff), output_field=BooleanField()),
            **counts,
        )
        .order_by(*SORTS[sort][1])
    )


def queue_totals(*, reviewer) -> dict[str, int]:
    """How many assessments the reviewer may see are in each queue, in one query."""
    cutoff = claim_cutoff()
    return assessments_for_reviewer(reviewer=reviewer).aggregate(
        **{
            name: Count("pk", filter=queue_condition(queue, reviewer=reviewer, cutoff=cutoff))
            for name, queue in QUEUES.items()
        }
    )


def assessments_next_in_queue(*, reviewer, after: Assessment | None) -> QuerySet[Assessment]:
    """The assessments to review after ``after``, in order: those needing review that nobody
    else has claimed, from the one after it in the queue's default order on, then from the
    queue's start."""
    assessments = (
        assessments_for_reviewer(reviewer=reviewer)
        .filter(QUEUES[DEFAULT_QUEUE].condition)
        .filter(claimable_by(reviewer, cutoff=claim_cutoff()))
        .select_related("verification")
        .only("pk", "verification__title", "verification__bundle_id")
    )
    if after is None:
        return assessments.order_by(*SORTS[DEFAULT_SORT][1])
    created_at = after.verification.created_at
    earlier = Q(verification__created_at__lt=created_at) | Q(
        verification__created_at=created_at, pk__lt=after.pk
    )
    return (
        assessments.exclude(pk=after.pk)
        .alias(comes_before=ExpressionWrapper(earlier, output_field=BooleanField()))
        .order_by("comes_before", *SORTS[DEFAULT_SORT][1])
    )


def assessment_next_in_queue(*, reviewer, after: Assessment) -> Assessment | None:
    """The first of ``assessments_next_in_queue`` (one query)."""
    return assessments_next_in_queue(reviewer=reviewer, after=after).first()


def review_decision_latest(*, assessment: Assessment) -> ReviewDecision | None:
    """The decision that set the assessment's review state, with its reviewer; None while
    nobody decided it."""
    return (
        ReviewDecision.objects.filter(assessment=assessment)
        .select_related("reviewer")
        .order_by("-created_at", "-id")
        .first()
    )


class JSONArrayLength(Func):
    """The number of items of a JSON array column, counted by the database (the page lists
    each source's paragraphs without loading them)."""

    function = "jsonb_array_length"
    output_field = IntegerField()

    def as_sqlite(self, compiler, connection, **extra):
        return super().as_sql(compiler, connection, function="json_array_length", **extra)


@dataclass(frozen=True)
class AssessmentPage:
    assessment: Assessment
    sources: list[Source]
    quotes: list[Quote]
    decisions: list[ReviewDecision]

    @property
    def counts(self) -> dict[str, int]:
        counted = dict.fromkeys(STATUSES, 0)
        for quote in self.quotes:
            counted[quote.status] = counted.get(quote.status, 0) + 1
        return counted

    @property
    def flagged_quotes(self) -> list[Quote]:
        """Quotes no eligible source backs or with attention, without a verdict: approving
        with them needs a confirmation (``assessment_page`` attached the verdicts)."""
        return [q for q in self.quotes if needs_verdict(q) and q.verdict is None]  # type: ignore[attr-defined]

    @property
    def awaiting_verdict(self) -> list[int]:
        """The numbers of ``flagged_quotes``, as ``quotes_awaiting_verdict`` gives them."""
        return [quote.n for quote in self.flagged_quotes]


def assessment_page(*, assessment: Assessment) -> AssessmentPage:
    """Everything the assessment page shows, in a constant number of queries."""
    # (annotated rows: with n_paragraphs, and each quote's corrections as ``audit``)
    sources: list[Source] = list(
        Source.objects.filter(turn_id=assessment.verification.turn_id)
        .defer("paragraphs", "file")
        .annotate(n_paragraphs=JSONArrayLength("paragraphs"))
        .order_by("position")
    )
    by_pk = {source.pk: source for source in sources}
    quotes: list[Quote] = list(
        Quote.objects.filter(assessment_id=assessment.pk)
        .only(*QUOTE_FIELDS)
        .prefetch_related(
            Prefetch(
                "corrections",
                queryset=Correction.objects.order_by("run", "field"),
                to_attr="audit",
            )
        )
        .order_by("n")
    )
    for quote in quotes:
        _attach_sources(quote, by_pk)
    verdicts = verdicts_current(assessment=assessment)
    for quote in quotes:
        quote.verdict = verdicts.get(quote.n)  # type: ignore[attr-defined]
    decisions = list(
        ReviewDecision.objects.filter(assessment=assessment).select_related("reviewer")
    )
    return AssessmentPage(
        assessment=assessment, sources=sources, quotes=quotes, decisions=decisions
    )


# Source rows hold whole paragraph lists: quotes reach their sources through the page's one
# source query instead of a join per foreign key.
QUOTE_FIELDS = (
    "id",
    "assessment_id",
    "n",
    "form",
    "text",
    "response_start",
    "response_end",
    "extent_start",
    "extent_end",
    "json_path",
    "cited_ref",
    "cited_source_id",
    "cited_paragraph",
    "status",
    "reason",
    "match_source_id",
    "match_paragraph",
    "match_start",
    "match_end",
    "match_score",
    "match_method",
    "match_tier",
    "match_continues",
    "corrected_text",
    "corrected_source_id",
    "corrected_paragraph",
    "decision",
    "context",
    "attention",
    "page_diff",  # the stored diffs a changed quote shows (computed by the worker)
)


def _attach_sources(quote: Quote, by_pk: Mapping[int, Source]) -> None:
    for field in ("cited_source", "match_source", "corrected_source"):
        source_pk = getattr(quote, f"{field}_id")
        if source_pk is not None and source_pk in by_pk:
            getattr(Quote, field).field.set_cached_value(quote, by_pk[source_pk])


def needs_verdict(quote: Quote) -> bool:
    """Whether approving without a verdict on ``quote`` asks first (issue 31): no eligible
    source backs it, or it has attention."""
    return quote.status in FLAGGED_STATUSES or bool(quote.attention)


def quotes_awaiting_verdict(*, assessment: Assessment) -> list[int]:
    """The numbers of the quotes that approving asks about: needing a verdict, without one."""
    candidates = (
        Quote.objects.filter(assessment_id=assessment.pk)
        .filter(Q(status__in=FLAGGED_STATUSES) | ~Q(attention=[]))
        .only("n", "status", "attention")
        .order_by("n")
    )
    given = verdicts_current(assessment=assessment)
    return [q.n for q in candidates if needs_verdict(q) and q.n not in given]


def quote_verdict_current(*, quote: Quote) -> QuoteVerdict | None:
    """The verdict that counts for ``quote``: its latest, if that counts (``_still_counts``)."""
    latest = QuoteVerdict.objects.filter(quote=quote).select_related("reviewer").first()
    return latest if latest is not None and _still_counts(latest, quote.status) else None


def verdicts_current(*, assessment) -> dict[int, QuoteVerdict]:
    """The verdicts that count, by quote number, in one query (``assessment``: an
    assessment or its verification)."""
    latest: dict[int, QuoteVerdict] = {}
    rows = (
        QuoteVerdict.objects.filter(assessment_id=assessment.pk)
        .select_related("reviewer", "quote")
        .only(
            "action",
            "comment",
            "created_at",
            "engine_status",
            "quote__n",
            "quote__status",
            "reviewer__username",
        )
        .order_by("-created_at", "-id")
    )
    for verdict in rows:
        latest.setdefault(verdict.quote.n, verdict)
    return {n: v for n, v in latest.items() if _still_counts(v, v.quote.status)}


def _still_counts(verdict: QuoteVerdict, status: str) -> bool:
    """A clear leaves no verdict. A confirmation accepted what the engine said then, so it
    counts only while the engine says the same: verified again to another status, the quote
    waits for a new verdict. An overrule holds whatever the engine says."""
    if verdict.action == VerdictAction.CLEAR:
        return False
    return verdict.action != VerdictAction.CONFIRM or verdict.engine_status == status


def quote_get(*, assessment: Assessment, n: int) -> Quote:
    """The quote with its sources' names; paragraph texts are loaded only for the source the
    viewer shows (a source can be hundreds of kilobytes), a source's file never."""
    return get_object_or_404(
        Quote.objects.select_related("match_source", "cited_source", "corrected_source").defer(
            *(
                f"{source}__{field}"
                for source in ("match_source", "cited_source", "corrected_source")
                for field in ("paragraphs", "file")
            )
        ),
        assessment_id=assessment.pk,
        n=n,
    )


def source_get(*, assessment: Assessment, source_id: int) -> Source:
    return get_object_or_404(
        Source.objects.defer("paragraphs", "file"),
        turn_id=assessment.verification.turn_id,
        pk=source_id,
    )


def source_pdf_get(*, assessment: Assessment, source_id: int) -> bytes:
    """The bytes of a source of the turn given as a PDF file; 404 for any other source."""
    data = (
        Source.objects.filter(
            turn_id=assessment.verification.turn_id,
            pk=source_id,
            media_type=PDF,
            file__isnull=False,
        )
        .values_list("file", flat=True)
        .first()
    )
    if data is None:
        raise Http404(f"no PDF source {source_id} in this assessment")
    return bytes(data)


def source_coverage(*, assessment: Assessment, source: Source) -> dict[int, list[tuple[int, int]]]:
    """Spans of ``source`` that some verified or corrected quote of the assessment matched,
    by paragraph number: the viewer shows the rest dimmer."""
    rows = Quote.objects.filter(
        assessment_id=assessment.pk,
        match_source=source,
        status__in=[VerificationStatus.VERIFIED, VerificationStatus.CORRECTED],
        match_start__isnull=False,
    ).values_list("match_paragraph", "match_start", "match_end", "match_continues")
    spans: dict[int, list[tuple[int, int]]] = {}
    for paragraph, start, end, continues in rows:
        for number, span_start, span_end in [(paragraph, start, end), *continues]:
            spans.setdefault(number, []).append((span_start, span_end))
    return spans


# -- stats ----------------------------------------------------------------------------------

PERIODS = {"day": TruncDay, "week": TruncWeek}
PERIOD_DAYS = {"day": 1, "week": 7}


@dataclass(frozen=True)
class StatsRow:
    """One bar: the bundles of one model and prompt version verified in one period. Each
    bundle counts once: ``shares`` are the mean of its bundles' shares per status, so a
    60-quote answer weighs as much as a 2-quote one. ``counts`` and ``reasons`` count
    quotes."""

    model_name: str
    prompt_version: str
    period: datetime
    bundles: int
    counts: dict[str, int]
    shares: dict[str, float]
    reasons: dict[str, int]

    @property
    def total(self) -> int:
        return sum(self.counts.values())


@dataclass(frozen=True)
class StatsFilters:
    """What the stats page counts: a period length, the assessments' creation dates (both
    ends included) and their review state (empty: any)."""

    period: str = "week"
    since: date | None = None
    until: date | None = None
    review_state: str = ""


def created_within(
    assessments: QuerySet[Assessment],
    *,
    since: date | None = None,
    until: date | None = None,
    review_state: str = "",
) -> QuerySet[Assessment]:
    """Those created from ``since`` to ``until`` (both days included, in the site's time
    zone), in ``review_state`` if given."""
    if since:
        assessments = assessments.filter(verification__created_at__date__gte=since)
    if until:
        assessments = assessments.filter(verification__created_at__date__lte=until)
    if review_state:
        assessments = assessments.filter(review_state=review_state)
    return assessments


def stats_assessments(*, reviewer, filters: StatsFilters) -> QuerySet[Assessment]:
    """The assessments the stats count: verified, visible to the reviewer, in the range.
    The same as the list's "verified" queue with the same filters."""
    return created_within(
        assessments_for_reviewer(reviewer=reviewer).filter(QUEUES["verified"].condition),
        since=filters.since,
        until=filters.until,
        review_state=filters.review_state,
    )


def quality_stats(*, reviewer, filters: StatsFilters | None = None) -> list[StatsRow]:
    """Per model, prompt version and period: bundles, quotes per status, each status's mean
    share over the bundles, corrections per reason. Aggregated in the database, two queries;
    the per-bundle rows (at most one per status) are averaged here."""
    filters = filters or StatsFilters()
    trunc = PERIODS[filters.period]
    visible = stats_assessments(reviewer=reviewer, filters=filters).values("pk")
    per_bundle = (
        Quote.objects.filter(assessment__in=visible)
        .annotate(period=trunc("assessment__created_at"))
        .values(
            "assessment_id",
            "assessment__model_name",
            "assessment__prompt_version",
            "period",
            "status",
        )
        .annotate(n=Count("id"))
    )
    reason_rows = (
        Quote.objects.filter(assessment__in=visible, status=VerificationStatus.CORRECTED)
        .annotate(period=trunc("assessment__created_at"))
        .values("assessment__model_name", "assessment__prompt_version", "period", "reason")
        .annotate(n=Count("id"))
    )
    bundles: dict[tuple[str, str, datetime], dict[int, dict[str, int]]] = {}
    for values in per_bundle:
        key = (
            values["assessment__model_name"],
            values["assessment__prompt_version"],
            values["period"],
        )
        bundles.setdefault(key, {}).setdefault(values["assessment_id"], {})[values["status"]] = (
            values["n"]
        )
    reasons: dict[tuple[str, str, datetime], dict[str, int]] = {}
    for by_reason in reason_rows:
        key = (
            by_reason["assessment__model_name"],
            by_reason["assessment__prompt_version"],
            by_reason["period"],
        )
        reasons.setdefault(key, {})[by_reason["reason"]] = by_reason["n"]
    rows = []
    for key, counted in bundles.items():
        totals = {status: sum(c.get(status, 0) for c in counted.values()) for status in STATUSES}
        shares = {
            status: sum(c.get(status, 0) / sum(c.values()) for c in counted.values()) / len(counted)
            for status in STATUSES
        }
        rows.append(
            StatsRow(
                *key,
                bundles=len(counted),
                counts=totals,
                shares=shares,
                reasons=reasons.get(key, {}),
            )
        )
    return sorted(rows, key=lambda r: (r.model_name, r.prompt_version, r.period))


def stats_series(rows: Iterable[StatsRow]) -> dict[tuple[str, str], list[StatsRow]]:
    series: dict[tuple[str, str], list[StatsRow]] = {}
    for row in rows:
        series.setdefault((row.model_name, row.prompt_version), []).append(row)
    return series


def assessments_outdated() -> list[int]:
    """Done by another engine version and not yet approved: worth verifying again."""
    return list(
        Assessment.objects.filter(verification__verification_state=VerificationState.DONE)
        .exclude(verification__engine_version=CURRENT_ENGINE)
        .exclude(review_state=ReviewState.APPROVED)
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def clarifications_for(*, assessment_id: int) -> list[dict]:
    """A generated assessment's clarification questions (``generation``'s rows, read through
    the relation so review needs no import of it): field, question, and the answer with who
    and when (``None`` while open). Empty for an assessment no generation wrote."""
    rows = (
        Assessment.objects.filter(pk=assessment_id, generation__questions__isnull=False)
        .order_by("generation__questions__id")
        .values_list(
            "generation__questions__field",
            "generation__questions__question",
            "generation__questions__answer",
            "generation__questions__answered_by__username",
            "generation__questions__answered_at",
        )
    )
    return [
        {
            "field": field,
            "question": question,
            "answer": {"value": answer, "by": by, "at": at.isoformat()} if at else None,
        }
        for field, question, answer, by, at in rows
    ]


@dataclass(frozen=True)
class QuestionKeys:
    """Where a generated answer keeps its clarification questions, read from the registered
    schema it was made with (its ``questions`` setting): the list and the key naming the
    value's field path. The article's schema's names when there is none."""

    array: str = "missingFields"
    field_path: str = "fieldPath"


QUESTIONS_PATH = re.compile(r"\$\.(?P<array>[^.\[\]]+)\[\*\]")


def question_keys_for(*, assessment_id: int) -> QuestionKeys:
    """The question keys of the schema a generated assessment's answer was made with (read
    through the relation, as ``clarifications_for``)."""
    definition = (
        Assessment.objects.filter(pk=assessment_id)
        .values_list("generation__schema__definition", flat=True)
        .first()
    )
    questions = definition.get("questions") if isinstance(definition, dict) else None
    if not isinstance(questions, dict):
        return QuestionKeys()
    found = QUESTIONS_PATH.fullmatch(str(questions.get("path", "")))
    field_path = questions.get("field_path")
    if not found or not isinstance(field_path, str):
        return QuestionKeys()
    return QuestionKeys(array=found["array"], field_path=field_path)
