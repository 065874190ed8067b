"""Reads for the reviewer pages: scoped to what the user may see (VB-7), few queries each."""

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime

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

from citations.diffs import stored_runs
from citations.engine import FLAGGED_STATUSES, VerificationStatus
from citations.models import Correction, Quote, Source, VerificationState
from citations.selectors import CURRENT_ENGINE

from .models import Assessment, QuoteVerdict, ReviewDecision, ReviewState, VerdictAction
from .paragraphs import RenderedParagraph, paragraph_rendering

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
        .select_related("reviewed_by", "generation")
        .filter(pk=assessment_id)
        .first()
    )


def assessment_get_for_reviewer(*, reviewer, assessment_id: int) -> Assessment:
    """The assessment, or 404 when it does not exist or the reviewer may not see it."""
    assessment = assessment_for_reviewer(reviewer=reviewer, assessment_id=assessment_id)
    if assessment is None:
        raise Http404(f"no assessment {assessment_id} for this reviewer")
    return assessment


@dataclass(frozen=True)
class Queue:
    label: str
    condition: Q
    in_nav: bool = True  # listed above the rows; the rest only in the "Show" choice


# The list's queues, written down once: the form offers them, the list counts them, and
# "next assessment" walks the first. "Needs review" is what a reviewer can decide now.
QUEUES: dict[str, Queue] = {
    "needs_review": Queue(
        "needs review",
        Q(verification_state=VerificationState.DONE, review_state=ReviewState.PENDING),
    ),
    "verifying": Queue(
        "verifying",
        Q(verification_state__in=[VerificationState.PENDING, VerificationState.RUNNING]),
    ),
    "failed": Queue("verification failed", Q(verification_state=VerificationState.FAILED)),
    "returned": Queue("returned", Q(review_state=ReviewState.RETURNED)),
    "approved": Queue("approved", Q(review_state=ReviewState.APPROVED)),
    "rejected": Queue("rejected", Q(review_state=ReviewState.REJECTED)),
    "all": Queue("all", Q()),
    # What the stats count: the bars of Model quality link here.
    "verified": Queue(
        "verified, any review state", Q(verification_state=VerificationState.DONE), in_nav=False
    ),
}
DEFAULT_QUEUE = "needs_review"

# name -> (label, ordering); every ordering ends on the row's age, so pages are stable.
SORTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "oldest": ("oldest first", ("created_at", "id")),
    "newest": ("newest first", ("-created_at", "-id")),
    "most_unverified": ("most unverified first", ("-n_unverified", "created_at", "id")),
    "fewest_unverified": ("fewest unverified first", ("n_unverified", "created_at", "id")),
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
    creation dates and the review state narrow it as a bar of the stats does."""
    counts = {
        f"n_{status_value}": Count("quotes", filter=Q(quotes__status=status_value))
        for status_value in STATUSES
    }
    assessments = assessments_for_reviewer(reviewer=reviewer).filter(QUEUES[queue].condition)
    if model is not None:
        assessments = assessments.filter(model_name=model)
    if prompt is not None:
        assessments = assessments.filter(prompt_version=prompt)
    assessments = created_within(assessments, since=since, until=until, review_state=review)
    if status:
        assessments = assessments.filter(
            Exists(Quote.objects.filter(assessment=OuterRef("pk"), status=status))
        )
    if search:
        assessments = assessments.filter(
            Q(title__icontains=search) | Q(bundle_id__icontains=search)
        )
    return (
        assessments.select_related("team", "assigned_to")
        .defer("layout")  # what the page reads of the response: not the list's
        .annotate(n_quotes=Count("quotes"), **counts)
        .order_by(*SORTS[sort][1])
    )


def queue_totals(*, reviewer) -> dict[str, int]:
    """How many assessments the reviewer may see are in each queue, in one query."""
    return assessments_for_reviewer(reviewer=reviewer).aggregate(
        **{name: Count("pk", filter=queue.condition) for name, queue in QUEUES.items()}
    )


def assessment_next_in_queue(*, reviewer, after: Assessment) -> Assessment | None:
    """The assessment to review after ``after``: the next one needing review in the
    queue's default order, else the first of the queue (one query)."""
    earlier = Q(created_at__lt=after.created_at) | Q(created_at=after.created_at, pk__lt=after.pk)
    return (
        assessments_for_reviewer(reviewer=reviewer)
        .filter(QUEUES[DEFAULT_QUEUE].condition)
        .exclude(pk=after.pk)
        .alias(comes_before=ExpressionWrapper(earlier, output_field=BooleanField()))
        .only("pk", "title", "bundle_id")
        .order_by("comes_before", *SORTS[DEFAULT_SORT][1])
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
        Source.objects.filter(turn_id=assessment.turn_id)
        .defer("paragraphs", "file")
        .annotate(n_paragraphs=JSONArrayLength("paragraphs"))
        .order_by("position")
    )
    by_pk = {source.pk: source for source in sources}
    quotes: list[Quote] = list(
        Quote.objects.filter(assessment=assessment)
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
        Quote.objects.filter(assessment=assessment)
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
    viewer shows (a source can be hundreds of kilobytes)."""
    return get_object_or_404(
        Quote.objects.select_related("match_source", "cited_source", "corrected_source").defer(
            "match_source__paragraphs", "cited_source__paragraphs", "corrected_source__paragraphs"
        ),
        assessment=assessment,
        n=n,
    )


def source_get(*, assessment: Assessment, source_id: int) -> Source:
    return get_object_or_404(
        Source.objects.defer("paragraphs", "file"), turn_id=assessment.turn_id, pk=source_id
    )


def source_coverage(*, assessment: Assessment, source: Source) -> dict[int, list[tuple[int, int]]]:
    """Spans of ``source`` that some verified or corrected quote of the assessment matched,
    by paragraph number: the viewer shows the rest dimmer."""
    rows = Quote.objects.filter(
        assessment=assessment,
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
        assessments = assessments.filter(created_at__date__gte=since)
    if until:
        assessments = assessments.filter(created_at__date__lte=until)
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


# -- source viewer --------------------------------------------------------------------------

PANE_CONTEXT = 12  # paragraphs shown on each side of the focused one; more on request
BROWSE_WINDOW = 60  # paragraphs of a source opened on its own, per request (at most 200)
# characters of one paragraph shown in the pane unless it is asked for whole (around the
# highlight, else its start): 90 paragraphs of 200,000 returned 12 MB of HTML (issue 30)
PARAGRAPH_CHARS_SHOWN = 4_000
MAX_HITS = 50  # search results listed; the count says how many paragraphs have the words
HIT_CONTEXT = 60  # characters shown on each side of a search result


@dataclass(frozen=True)
class SourceHit:
    """Where a search found its words: ``found`` is exactly the paragraph's text there."""

    number: int
    before: str
    found: str
    after: str


@dataclass(frozen=True)
class SourceSearch:
    find: str
    hits: list[SourceHit]  # the first MAX_HITS paragraphs that have the words
    total: int  # all paragraphs that have them


@dataclass(frozen=True)
class SourcePane:
    """One source as the viewer shows it: a window of rendered paragraphs, for one quote or
    opened on its own (``quote`` is None), perhaps from a quote's citation (``cited_by``)."""

    quote: Quote | None
    source: Source | None
    total: int  # paragraphs in the source
    focus: int | None  # the paragraph scrolled to
    is_hint: bool  # the highlight is the best guess for an unverified quote, not a match
    paragraphs: list[RenderedParagraph]
    earlier: tuple[int, int] | None  # the next paragraphs to load above / below, if any
    later: tuple[int, int] | None
    cited: int | None = None  # the paragraph the quote cites here, when it is not the focus
    cited_by: int | None = None  # the quote whose citation opened this source
    search: SourceSearch | None = None

    @property
    def cited_elsewhere(self) -> bool:
        """The quote's text was found away from where the model cited it."""
        quote = self.quote
        if quote is None or quote.cited_source_id is None or self.source is None:
            return False
        return quote.cited_source_id != self.source.pk or quote.cited_paragraph not in (
            None,
            self.focus,
        )


def quote_location(quote: Quote) -> tuple[Source | None, int | None, dict[int, tuple[int, int]]]:
    """The source, paragraph and highlighted spans (by paragraph) to show for a quote: where
    its text really is, including the paragraphs it runs on into, else where the model said
    it was."""
    if quote.match_source_id and quote.match_paragraph:
        spans = {}
        if quote.match_start is not None and quote.match_end is not None:
            spans[quote.match_paragraph] = (quote.match_start, quote.match_end)
            spans.update({number: (start, end) for number, start, end in quote.match_continues})
        return quote.match_source, quote.match_paragraph, spans
    if quote.cited_source_id:
        return quote.cited_source, quote.cited_paragraph, {}
    return None, None, {}


def source_pane(
    *,
    assessment: Assessment,
    quote: Quote | None,
    source: Source | None = None,
    start: int | None = None,
    end: int | None = None,
    whole: bool = False,
) -> SourcePane:
    """The source of ``quote`` around where its text is; ``source`` alone: that source as
    opened on its own, from ``start`` to ``end``. Each paragraph is shown in at most
    ``PARAGRAPH_CHARS_SHOWN`` characters (and the highlight), unless ``whole``."""
    if quote is None:
        if source is None:
            return SourcePane(None, None, 0, None, False, [], None, None)
        return source_browse(
            assessment=assessment, source=source, start=start, end=end, whole=whole
        )
    located, focus, spans = quote_location(quote)
    if source is not None and located is not None and source.pk != located.pk:
        focus, spans = None, {}  # the match's place is in another source
    source = source or located
    if source is None:
        return SourcePane(quote, None, 0, None, False, [], None, None)
    texts = _paragraph_texts(source)
    total = len(texts)
    if focus is not None and not 1 <= focus <= total:
        focus, spans = None, {}
    if start is None or end is None:
        centre = focus or 1
        start, end = max(1, centre - PANE_CONTEXT), min(total, centre + PANE_CONTEXT)
    cited = quote.cited_paragraph if quote.cited_source_id == source.pk else None
    paragraphs, earlier, later = _paragraph_window(
        assessment, source, texts, start, end, focus=focus, spans=spans,
        step=2 * PANE_CONTEXT + 1, whole=whole,
        # the hint's differences as the worker diffed them: never diffed in a request
        hint_runs=(quote.page_diff or {}).get("hint", {}) if spans else {},
    )  # fmt: skip
    return SourcePane(
        quote=quote,
        source=source,
        total=total,
        focus=focus,
        # A hint is a highlighted passage: an unverified quote with none is shown without one.
        is_hint=quote.status == VerificationStatus.UNVERIFIED and bool(spans),
        paragraphs=paragraphs,
        earlier=earlier,
        later=later,
        cited=cited if cited != focus else None,
    )


def source_browse(
    *,
    assessment: Assessment,
    source: Source,
    at: int | None = None,
    find: str = "",
    quote: int | None = None,
    start: int | None = None,
    end: int | None = None,
    whole: bool = False,
) -> SourcePane:
    """``source`` opened on its own: from its start, at paragraph ``at`` (the one a quote's
    citation names, ``quote``) or at the first paragraph with the words ``find``, a window
    of ``BROWSE_WINDOW`` paragraphs that the viewer extends as it scrolls."""
    texts = _paragraph_texts(source)
    total = len(texts)
    search = source_search(texts, find) if find else None
    if at is not None and not 1 <= at <= total:
        at = None
    if at is None and search and search.hits:
        at = search.hits[0].number
    if start is None or end is None:
        start = max(1, at - PANE_CONTEXT) if at else 1
        end = min(total, start + BROWSE_WINDOW - 1)
    paragraphs, earlier, later = _paragraph_window(
        assessment, source, texts, start, end, focus=at, spans={}, step=BROWSE_WINDOW, whole=whole
    )
    return SourcePane(
        quote=None,
        source=source,
        total=total,
        focus=at,
        is_hint=False,
        paragraphs=paragraphs,
        earlier=earlier,
        later=later,
        cited_by=quote,
        search=search,
    )


def source_search(texts: list[str], find: str) -> SourceSearch:
    """The paragraphs that have the words ``find``, in any case and with any whitespace
    between them; each hit is shown in a short excerpt around its first occurrence."""
    words = find.split()
    pattern = re.compile(r"\s+".join(re.escape(word) for word in words), re.IGNORECASE)
    hits: list[SourceHit] = []
    total = 0
    for number, text in enumerate(texts, 1):
        found = pattern.search(text) if words else None
        if found is None:
            continue
        total += 1
        if len(hits) < MAX_HITS:
            start, end = found.span()
            hits.append(
                SourceHit(
                    number=number,
                    before=text[max(0, start - HIT_CONTEXT) : start],
                    found=text[start:end],
                    after=text[end : end + HIT_CONTEXT],
                )
            )
    return SourceSearch(find=find, hits=hits, total=total)


def _paragraph_texts(source: Source) -> list[str]:
    return Source.objects.values_list("paragraphs", flat=True).get(pk=source.pk)


def _paragraph_window(
    assessment: Assessment,
    source: Source,
    texts: list[str],
    start: int,
    end: int,
    *,
    focus: int | None,
    spans: dict[int, tuple[int, int]],
    step: int,
    whole: bool = False,
    hint_runs: Mapping[str, list[list[str]]] | None = None,
) -> tuple[list[RenderedParagraph], tuple[int, int] | None, tuple[int, int] | None]:
    """Paragraphs ``start`` to ``end`` rendered (excerpts of long ones unless ``whole``),
    and the ranges to load before and after. ``hint_runs``: a hint's stored differences
    by paragraph number."""
    total = len(texts)
    start, end = max(1, start), min(total, end)
    coverage = source_coverage(assessment=assessment, source=source)
    paragraphs = [
        paragraph_rendering(
            number,
            texts[number - 1],
            covered_spans=coverage.get(number, []),
            mark=spans.get(number),
            is_focus=number == focus,
            max_chars=None if whole else PARAGRAPH_CHARS_SHOWN,
            differences=stored_runs((hint_runs or {}).get(str(number))),
        )
        for number in range(start, end + 1)
    ]
    earlier = (max(1, start - step), start - 1) if start > 1 else None
    later = (end + 1, min(total, end + step)) if end < total else None
    return paragraphs, earlier, later


def assessments_outdated() -> list[int]:
    """Done by another engine version and not yet approved: worth verifying again."""
    return list(
        Assessment.objects.filter(verification_state=VerificationState.DONE)
        .exclude(engine_version=CURRENT_ENGINE)
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
