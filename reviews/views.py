"""Reviewer pages. Each view: validate input, fetch through a scoped getter (404 for what the
user may not see, VB-7), call a service or selector, render the page or its HTMX fragment."""

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRefresh

from citations.models import VerificationState
from citations.results import ExportRefused

from . import claims, selectors, services, source_viewer, verdicts
from .api_results import EXPORT_CONTENT_TYPES
from .charts import charts_for
from .forms import (
    AssessmentFilterForm,
    ClaimTakeOverForm,
    ParagraphRangeForm,
    QuoteSearchForm,
    ReviewForm,
    SourceViewForm,
    StatsFilterForm,
    VerdictForm,
    VerdictPeriodForm,
)
from .http import HtmxHttpRequest
from .models import ReviewAction, ReviewState
from .rendering import quote_elements_html, response_rendering
from .verdict_stats import verdicts_per_rule

PAGE_SIZE = 25
IN_PROGRESS = (VerificationState.PENDING, VerificationState.RUNNING)


@require_GET
@login_required
def assessment_list(request: HtmxHttpRequest) -> HttpResponse:
    filters = AssessmentFilterForm(request.GET)
    chosen = filters.chosen()
    totals = selectors.queue_totals(reviewer=request.user)
    assessments = selectors.assessment_list(reviewer=request.user, **chosen)
    page = Paginator(assessments, PAGE_SIZE).get_page(request.GET.get("page"))
    context = {
        "filters": filters,
        "chosen": chosen,
        "queue_label": selectors.QUEUES[chosen["queue"]].label,
        "sort_label": selectors.SORTS[chosen["sort"]][0],
        "totals": totals,
        "queues": [
            {
                "name": name,
                "label": queue.label,
                "total": totals[name],
                "query": _query_with(request, queue=name),
            }
            for name, queue in selectors.QUEUES.items()
            if queue.in_nav
        ],
        # Set by a bar of the stats: what the rows are narrowed to, in words.
        "narrowed": _narrowed(chosen),
        "page": page,
        # Polled quickly while any is verifying: it moves to "needs review" once done.
        "any_in_progress": totals["verifying"] > 0,
        "query": _query_without_page(request),
    }
    template = "reviews/assessment_list.html"
    # A history restore (Back after a filter pushed its URL) needs the whole page.
    if request.htmx and not request.htmx.history_restore_request:
        template += "#rows"
    response = render(request, template, context)
    # The same URL answers with the page or its rows: caches must keep them apart.
    patch_vary_headers(response, ("HX-Request",))
    return response


@require_GET
@login_required
def assessment_detail(request: HtmxHttpRequest, assessment_id: int) -> HttpResponse:
    assessment = selectors.assessment_for_reviewer(
        reviewer=request.user, assessment_id=assessment_id
    )
    if assessment is None:
        # The API hands this link to pipelines: whoever cannot open it gets a page saying
        # why, not Django's (in the demo: debug) 404. Absent and not yours read the same.
        return render(
            request,
            "reviews/assessment_unavailable.html",
            {"assessment_id": assessment_id},
            status=404,
        )
    # Opening it for review claims it, unless another reviewer holds it (then the page says so).
    claim = claims.assessment_claim(assessment=assessment, reviewer=request.user)
    page = selectors.assessment_page(assessment=assessment)
    pane = _pane_without_javascript(assessment, page, request.GET)
    response = response_rendering(assessment, page.quotes)
    # The tally's links: only quotes of one status stand out, and the keys move among them.
    status_filter = request.GET.get("status", "")
    context = {
        "assessment": assessment,
        "page": page,
        "response_html": response.html,
        "unplaced": quote_elements_html(
            assessment, [q for q in page.quotes if q.n not in response.placed]
        ),
        "pane": pane,
        "verdict_panel": verdicts.verdict_panel(quote=pane.quote) if pane and pane.quote else None,
        "search_all": _found_nowhere_search(assessment, pane, request.GET),
        "review_form": ReviewForm(),
        "actions": services.allowed_actions(assessment),
        "in_progress": assessment.verification.verification_state in IN_PROGRESS,
        "status_filter": status_filter if status_filter in page.counts else "",
        "next_assessment": _next_after_decision(request.user, assessment),
        "claim": claim,
    }
    return render(request, "reviews/assessment_detail.html", context)


@require_POST
@login_required
def assessment_claim_take_over(request: HtmxHttpRequest, assessment_id: int) -> HttpResponse:
    """Take over the claim another reviewer holds, once the reviewer confirms it."""
    assessment = selectors.assessment_get_for_reviewer(
        reviewer=request.user, assessment_id=assessment_id
    )
    form = ClaimTakeOverForm(request.POST)
    error = ""
    if form.is_valid():
        claim = claims.assessment_claim(
            assessment=assessment, reviewer=request.user, take_over=True
        )
        if claim is None:
            error = "This assessment is decided already: there is nothing to take over."
    else:
        error = " ".join(form.error_sentences())
        claim = claims.assessment_claim_current(assessment=assessment, reviewer=request.user)
    if not request.htmx:
        if error:
            messages.error(request, error)
        else:
            messages.success(request, "You hold the claim now.")
        return redirect("reviews:assessment_detail", assessment_id=assessment.pk)
    return render(
        request,
        "reviews/assessment_detail.html#claim_line",
        {
            "assessment": assessment,
            "claim": claim,
            "claim_error": error,
        },
    )


@require_GET
@login_required
def assessment_next(request: HtmxHttpRequest) -> HttpResponse:
    """The review box's "Next assessment": claims the next one nobody else holds and opens
    it, so two reviewers going on at once are sent to different assessments."""
    after_id = request.GET.get("after", "")
    if after_id and not after_id.isdigit():
        return HttpResponse(
            "after: give the id of the assessment you come from, a whole number.",
            status=400,
            content_type="text/plain; charset=utf-8",
        )
    after = (
        selectors.assessment_for_reviewer(reviewer=request.user, assessment_id=int(after_id))
        if after_id
        else None
    )
    chosen = claims.assessment_claim_next(reviewer=request.user, after=after)
    if chosen is None:
        messages.info(request, "Nothing else needs review that another reviewer has not claimed.")
        return redirect("reviews:assessment_list")
    return redirect("reviews:assessment_detail", assessment_id=chosen.pk)


def _pane_without_javascript(assessment, page, query) -> source_viewer.SourcePane | None:
    """Without JavaScript the pane's links reload the page with the pane rendered in it:
    ``?quote=`` a quote's source, ``?source=`` a source opened on its own; either with a
    range of paragraphs (``start``, ``end``)."""
    window = ParagraphRangeForm(query)
    bounds = window.cleaned_data if "start" in query and window.is_valid() else {}
    if query.get("quote", "").isdigit() and "source" not in query:
        wanted = int(query["quote"])
        quote = next((q for q in page.quotes if q.n == wanted), None)
        if quote is not None:
            return source_viewer.source_pane(
                assessment=assessment,
                quote=quote,
                start=bounds.get("start"),
                end=bounds.get("end"),
                whole=bounds.get("whole", False),
            )
    if query.get("source", "").isdigit():
        wanted = int(query["source"])
        source = next((s for s in page.sources if s.pk == wanted), None)
        opened = SourceViewForm(query)
        if source is not None and opened.is_valid():
            return source_viewer.source_browse(
                assessment=assessment,
                source=source,
                start=bounds.get("start"),
                end=bounds.get("end"),
                whole=bounds.get("whole", False),
                **opened.cleaned_data,
            )
    return None


def _found_nowhere_search(assessment, pane, query) -> source_viewer.SourcesSearch | None:
    """The search over every eligible source that a pane of a quote found nowhere shows."""
    if pane is None or pane.quote is None:
        return None
    form = QuoteSearchForm(query)
    find = form.find_or_default() if form.is_valid() else None
    return source_viewer.found_nowhere_search(assessment=assessment, quote=pane.quote, find=find)


@require_GET
@login_required
def assessment_status(request: HtmxHttpRequest, assessment_id: int) -> HttpResponse:
    """Polled while verification runs; once it has finished the page reloads with results."""
    assessment = selectors.assessment_get_for_reviewer(
        reviewer=request.user, assessment_id=assessment_id
    )
    in_progress = assessment.verification.verification_state in IN_PROGRESS
    if request.htmx and not in_progress:
        return HttpResponseClientRefresh()
    return render(
        request,
        "reviews/assessment_detail.html#verification",
        {"assessment": assessment, "in_progress": in_progress},
    )


@require_GET
@login_required
def assessment_export(request: HtmxHttpRequest, assessment_id: int) -> HttpResponse:
    """The page's Export button: the body and content type ``GET /api/assessments/<id>/export``
    gives the pipeline (corrections and verdicts applied), as a download."""
    assessment = selectors.assessment_get_for_reviewer(
        reviewer=request.user, assessment_id=assessment_id
    )
    try:
        body = verdicts.assessment_export_with_verdicts(assessment=assessment)
    except ExportRefused as exc:  # verification not done: the page shows no button then
        return HttpResponse(str(exc), status=409, content_type="text/plain; charset=utf-8")
    response_format = assessment.verification.response_format
    response = HttpResponse(body, content_type=EXPORT_CONTENT_TYPES[response_format])
    extension = "json" if response_format == "json" else "md"
    response["Content-Disposition"] = (
        f'attachment; filename="assessment-{assessment.pk}-export.{extension}"'
    )
    return response


@require_GET
@login_required
def quote_source(request: HtmxHttpRequest, assessment_id: int, n: int) -> HttpResponse:
    assessment = selectors.assessment_get_for_reviewer(
        reviewer=request.user, assessment_id=assessment_id
    )
    quote = selectors.quote_get(assessment=assessment, n=n)
    form = QuoteSearchForm(request.GET)
    if not form.is_valid():
        return render(
            request,
            "reviews/assessment_detail.html#range_error",
            {"errors": form.error_sentences()},
            status=400,
        )
    if not request.htmx:
        url = reverse("reviews:assessment_detail", args=[assessment.pk])
        find = form.find_or_default()
        searched = "" if find is None else "&" + urlencode({"find": find})
        return redirect(f"{url}?quote={quote.n}{searched}#q{quote.n}")
    pane = source_viewer.source_pane(assessment=assessment, quote=quote)
    return render(
        request,
        "reviews/assessment_detail.html#source_pane",
        {
            "assessment": assessment,
            "pane": pane,
            "verdict_panel": verdicts.verdict_panel(quote=quote),
            "search_all": source_viewer.found_nowhere_search(
                assessment=assessment, quote=quote, find=form.find_or_default()
            ),
        },
    )


@require_GET
@login_required
def source_view(request: HtmxHttpRequest, assessment_id: int, source_id: int) -> HttpResponse:
    """Any source of the turn in the pane, on its own: from its start, at a paragraph, or
    at what a search inside it finds."""
    assessment = selectors.assessment_get_for_reviewer(
        reviewer=request.user, assessment_id=assessment_id
    )
    source = selectors.source_get(assessment=assessment, source_id=source_id)
    form = SourceViewForm(request.GET)
    if not form.is_valid():
        return render(
            request,
            "reviews/assessment_detail.html#range_error",
            {"errors": form.error_sentences()},
            status=400,
        )
    if not request.htmx:
        chosen = {name: value for name, value in form.cleaned_data.items() if value}
        url = reverse("reviews:assessment_detail", args=[assessment.pk])
        anchor = f"#p{chosen['at']}" if "at" in chosen else "#source-pane"
        return redirect(f"{url}?{urlencode({'source': source.pk, **chosen})}{anchor}")
    pane = source_viewer.source_browse(assessment=assessment, source=source, **form.cleaned_data)
    return render(
        request,
        "reviews/assessment_detail.html#source_pane",
        {"assessment": assessment, "pane": pane},
    )


@require_GET
@login_required
def source_file(request: HtmxHttpRequest, assessment_id: int, source_id: int) -> HttpResponse:
    """A source given as a PDF, as given: the pane's page view renders it, and without
    JavaScript its link opens it in the browser."""
    assessment = selectors.assessment_get_for_reviewer(
        reviewer=request.user, assessment_id=assessment_id
    )
    data = selectors.source_pdf_get(assessment=assessment, source_id=source_id)
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="source-{source_id}.pdf"'
    response["X-Content-Type-Options"] = "nosniff"
    return response


@require_GET
@login_required
def source_paragraphs(request: HtmxHttpRequest, assessment_id: int, source_id: int) -> HttpResponse:
    """More paragraphs of a source around what the viewer already shows."""
    assessment = selectors.assessment_get_for_reviewer(
        reviewer=request.user, assessment_id=assessment_id
    )
    source = selectors.source_get(assessment=assessment, source_id=source_id)
    form = ParagraphRangeForm(request.GET)
    if not form.is_valid():
        return render(
            request,
            "reviews/assessment_detail.html#range_error",
            {"errors": form.error_sentences()},
            status=400,
        )
    quote = None
    if form.cleaned_data["quote"]:
        quote = selectors.quote_get(assessment=assessment, n=form.cleaned_data["quote"])
    if not request.htmx:
        # Without JavaScript: the page again, its pane showing the requested paragraphs.
        url = reverse("reviews:assessment_detail", args=[assessment.pk])
        start, end = form.cleaned_data["start"], form.cleaned_data["end"]
        shown = f"quote={quote.n}" if quote else f"source={source.pk}"
        whole = "&whole=1" if form.cleaned_data["whole"] else ""
        return redirect(f"{url}?{shown}&start={start}&end={end}{whole}#p{start}")
    pane = source_viewer.source_pane(
        assessment=assessment,
        quote=quote,
        source=source,
        start=form.cleaned_data["start"],
        end=form.cleaned_data["end"],
        whole=form.cleaned_data["whole"],
    )
    return render(
        request,
        "reviews/assessment_detail.html#paragraphs",
        {"assessment": assessment, "pane": pane, "direction": form.cleaned_data["direction"]},
    )


@require_POST
@login_required
def assessment_review(request: HtmxHttpRequest, assessment_id: int) -> HttpResponse:
    assessment = selectors.assessment_get_for_reviewer(
        reviewer=request.user, assessment_id=assessment_id
    )
    form = ReviewForm(request.POST)
    error = ""
    if form.is_valid():
        try:
            _decide(assessment, request.user, form.cleaned_data)
        except services.ReviewError as refused:
            error = str(refused)
    else:
        error = " ".join(form.error_sentences())
    if not request.htmx:
        if error:
            messages.error(request, error)
        else:
            messages.success(request, f"Recorded: {assessment.review_state}.")
        return redirect("reviews:assessment_detail", assessment_id=assessment.pk)
    assessment.refresh_from_db()
    page = selectors.assessment_page(assessment=assessment)
    return render(
        request,
        "reviews/assessment_detail.html#review",
        {
            "assessment": assessment,
            "claim": claims.assessment_claim_current(assessment=assessment, reviewer=request.user),
            "page": page,
            "review_form": form if error else ReviewForm(),
            "review_error": error,
            "actions": services.allowed_actions(assessment),
            "next_assessment": _next_after_decision(request.user, assessment),
            "oob": True,  # the header's review state too, out of band
        },
    )


@require_POST
@login_required
def quote_verdict(request: HtmxHttpRequest, assessment_id: int, n: int) -> HttpResponse:
    """A reviewer's verdict on one quote (issue 31). With HTMX: the pane's verdict box with
    the quote's label out of band, or the label alone when a key gave it from the page."""
    assessment = selectors.assessment_get_for_reviewer(
        reviewer=request.user, assessment_id=assessment_id
    )
    quote = selectors.quote_get(assessment=assessment, n=n)
    form = VerdictForm(request.POST)
    error = ""
    if form.is_valid():
        try:
            verdicts.quote_verdict_give(
                assessment=assessment, quote=quote, reviewer=request.user, **form.cleaned_data
            )
        except services.ReviewError as refused:
            error = str(refused)
    else:
        error = " ".join(str(e) for errors in form.errors.values() for e in errors)
    if not request.htmx:
        if error:
            messages.error(request, f"Quote {n}: {error}")
        else:
            messages.success(request, f"Quote {n}: verdict recorded.")
        url = reverse("reviews:assessment_detail", args=[assessment.pk])
        return redirect(f"{url}?quote={n}#q{n}")
    panel = verdicts.verdict_panel(quote=quote, error=error)
    # The approval's question follows (only while the review box offers approval).
    approval_question = {}
    if ReviewAction.APPROVE in services.allowed_actions(assessment):
        approval_question = {
            "awaiting": selectors.quotes_awaiting_verdict(assessment=assessment),
            "confirm_oob": True,
        }
    if request.htmx.target == "quote-verdict":
        return render(
            request,
            "reviews/assessment_detail.html#verdict_box",
            {"assessment": assessment, "verdict_panel": panel, "oob": True, **approval_question},
        )
    return render(
        request,
        "reviews/assessment_detail.html#verdict_label",
        {"verdict": panel.verdict, "verdict_n": n, "verdict_error": error, **approval_question},
    )


def _next_after_decision(reviewer, assessment):
    """Once an assessment is decided, the review box offers the next one in the queue."""
    if assessment.review_state == ReviewState.PENDING:
        return None
    return selectors.assessment_next_in_queue(reviewer=reviewer, after=assessment)


def _decide(assessment, reviewer, data: dict) -> None:
    action = data["action"]
    if action == ReviewAction.APPROVE:
        services.assessment_approve(
            assessment=assessment,
            reviewer=reviewer,
            confirm_unverified=data["confirm_unverified"],
        )
    elif action == ReviewAction.REJECT:
        services.assessment_reject(
            assessment=assessment, reviewer=reviewer, comment=data["comment"]
        )
    else:
        services.assessment_return(
            assessment=assessment, reviewer=reviewer, comment=data["comment"]
        )


@require_GET
@login_required
def stats(request: HtmxHttpRequest) -> HttpResponse:
    form = StatsFilterForm(request.GET)
    filters = form.filters()
    rows = selectors.quality_stats(reviewer=request.user, filters=filters)
    verdict_period = VerdictPeriodForm(request.GET)
    verdicts_since, verdicts_until = verdict_period.period()
    context = {
        "form": form,
        "verdict_period": verdict_period,
        "verdicts_since": verdicts_since,
        "verdicts_until": verdicts_until,
        "rule_verdicts": verdicts_per_rule(
            reviewer=request.user, since=verdicts_since, until=verdicts_until
        ),
        # Each of the page's two forms keeps what the other one chose.
        "kept_for_charts": _kept(request, verdict_period.fields),
        "kept_for_verdicts": _kept(request, form.fields),
        "filters": filters,
        "series": charts_for(rows, filters=filters),
        "period": filters.period,
        "periods": [
            {"name": name, "query": _query_with(request, period=name)} for name in selectors.PERIODS
        ],
    }
    return render(request, "reviews/stats.html", context)


def _kept(request: HtmxHttpRequest, names) -> list[tuple[str, str]]:
    """The query's values of the fields ``names``, as a form's hidden inputs."""
    return [(name, value) for name in names for value in request.GET.getlist(name) if value]


def _narrowed(chosen: dict) -> list[str]:
    words = []
    if chosen.get("model") is not None:
        words.append(f"model {chosen['model'] or '(none given)'}")
    if chosen.get("prompt") is not None:
        words.append(f"prompt {chosen['prompt'] or '(none given)'}")
    since, until = chosen.get("since"), chosen.get("until")
    if since and until:
        words.append(f"created {since:%Y-%m-%d} to {until:%Y-%m-%d}")
    elif since:
        words.append(f"created on or after {since:%Y-%m-%d}")
    elif until:
        words.append(f"created on or before {until:%Y-%m-%d}")
    if chosen.get("review"):
        words.append(f"review {chosen['review']}")
    return words


def _query_without_page(request: HtmxHttpRequest) -> str:
    query = request.GET.copy()
    query.pop("page", None)
    return query.urlencode()


def _query_with(request: HtmxHttpRequest, **replaced: str) -> str:
    """The list's filters with some replaced, from its first page."""
    query = request.GET.copy()
    query.pop("page", None)
    for name, value in replaced.items():
        query[name] = value
    return query.urlencode()
