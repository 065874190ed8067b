"""Generation pages: the staff form that starts a run, the list (with the manual-review
queue as a filter), one execution record with coverage and clarification questions, and a
run's review page: its answer beside its errors, where a reviewer edits, re-runs or rejects
it and answers its questions."""

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from reviews.http import HtmxHttpRequest

from . import selectors, services
from .costs import costs_total
from .forms import (
    AnswerEditForm,
    CoverageFilterForm,
    GenerationFilterForm,
    GenerationForm,
    QuestionAnswerForm,
    RejectForm,
    SchemaDefinitionForm,
)
from .models import Generation, GenerationStatus
from .prompt import build_messages
from .registry import output_schema_of, schema_latest, schema_register
from .schemas import DefinitionError

PAGE_SIZE = 25


@require_http_methods(["GET", "POST"])
@staff_member_required
def generation_new(request: HtmxHttpRequest) -> HttpResponse:
    form = (
        GenerationForm(request.POST, request.FILES, user=request.user)
        if request.method == "POST"
        else GenerationForm(user=request.user)
    )
    if request.method == "POST" and form.is_valid() and "preview" in request.POST:
        # What the model would be sent; nothing is stored or called.
        preview = build_messages(
            form.cleaned_data["sources_file"].turn,
            output_schema_of(schema_latest(form.cleaned_data["schema"])),
        )
        context = {"form": form, "preview": preview}
        return render(request, "generation/generation_new.html", context)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            generation = services.generation_create(
                sources_file=form.cleaned_data["sources_file"],
                schema_name=form.cleaned_data["schema"],
                model_name=form.cleaned_data["model"],
                created_by=request.user,
                team=form.cleaned_data["team"],
            )
            services.generation_enqueue(generation_id=generation.pk)
        messages.success(request, f"Generation {generation.pk} started.")
        return redirect("generation:generation_list")
    status = 400 if request.method == "POST" else 200
    return render(request, "generation/generation_new.html", {"form": form}, status=status)


@require_GET
@staff_member_required
def generation_list(request: HtmxHttpRequest) -> HttpResponse:
    filters = GenerationFilterForm(request.GET)
    status = filters.cleaned_data["status"] if filters.is_valid() else ""
    page = Paginator(selectors.generations_list(status=status), PAGE_SIZE).get_page(
        request.GET.get("page")
    )
    for generation in page:
        generation.cost = costs_total(generation.records.all())
    context = {
        "filters": filters,
        "page": page,
        "usage": selectors.generations_usage(status=status),
        "status": status,
        "query": urlencode({"status": status}) if status else "",
        "in_progress": any(g.status in selectors.IN_PROGRESS for g in page),
        "manual_review": GenerationStatus.MANUAL_REVIEW,
    }
    template = "generation/generation_list.html"
    if request.htmx:
        template += "#rows"
    return render(request, template, context)


@require_GET
@login_required
def record_detail(request: HtmxHttpRequest, record_id: int) -> HttpResponse:
    record = selectors.record_get_for_user(user=request.user, record_id=record_id)
    filters = CoverageFilterForm(request.GET)
    coverage_status = filters.cleaned_data["coverage"] if filters.is_valid() else ""
    page = selectors.record_page(record=record, coverage_status=coverage_status)
    context = {
        "page": page,
        "record": record,
        "filters": filters,
        "coverage_status": coverage_status,
    }
    template = "generation/record_detail.html"
    if request.htmx:
        template += "#coverage"
    return render(request, template, context)


@require_GET
@staff_member_required
def generation_detail(request: HtmxHttpRequest, generation_id: int) -> HttpResponse:
    generation = selectors.generation_get(generation_id=generation_id)
    return _review_page(request, generation)


def _review_page(
    request: HtmxHttpRequest,
    generation: Generation,
    *,
    edit_form: AnswerEditForm | None = None,
    reject_form: RejectForm | None = None,
    question_form: QuestionAnswerForm | None = None,
    refused: str = "",
    notice: str = "",
) -> HttpResponse:
    """The page (or its review fragment for HTMX); 400 when the input was refused."""
    page = selectors.generation_page(generation=generation)
    context = {
        "generation": generation,
        "page": page,
        "in_review": generation.status == GenerationStatus.MANUAL_REVIEW,
        "edit_form": edit_form or AnswerEditForm(initial={"answer": page.answer_text}),
        "reject_form": reject_form or RejectForm(),
        "question_form": question_form,
        "refused": refused,
        "notice": notice,
    }
    bad_input = bool(refused) or any(
        form is not None and form.errors for form in (edit_form, reject_form, question_form)
    )
    template = "generation/generation_detail.html"
    if request.htmx:
        # htmx swaps only 2xx answers: the refusal is shown in the fragment.
        return render(request, template + "#review", context)
    return render(request, template, context, status=400 if bad_input else 200)


def _decided(request: HtmxHttpRequest, generation: Generation, notice: str) -> HttpResponse:
    if request.htmx:
        generation = selectors.generation_get(generation_id=generation.pk)
        return _review_page(request, generation, notice=notice)
    messages.success(request, notice)
    return redirect("generation:generation_detail", generation_id=generation.pk)


@require_POST
@staff_member_required
def generation_edit(request: HtmxHttpRequest, generation_id: int) -> HttpResponse:
    generation = selectors.generation_get(generation_id=generation_id)
    form = AnswerEditForm(request.POST)
    if not form.is_valid():
        return _review_page(request, generation, edit_form=form)
    try:
        generation = services.generation_edit(
            generation_id=generation.pk, text=form.cleaned_data["answer"], editor=request.user
        )
    except services.ReviewRefused as exc:
        return _review_page(request, generation, edit_form=form, refused=str(exc))
    if generation.status == GenerationStatus.MANUAL_REVIEW:
        notice = "Edit recorded; the answer is still invalid (see the errors)."
    else:
        notice = f"Edit recorded: {generation.get_status_display()}."
    return _decided(request, generation, notice)


@require_POST
@staff_member_required
def generation_reject(request: HtmxHttpRequest, generation_id: int) -> HttpResponse:
    generation = selectors.generation_get(generation_id=generation_id)
    form = RejectForm(request.POST)
    if not form.is_valid():
        return _review_page(request, generation, reject_form=form)
    try:
        generation = services.generation_reject(
            generation_id=generation.pk, reviewer=request.user, reason=form.cleaned_data["reason"]
        )
    except services.ReviewRefused as exc:
        return _review_page(request, generation, reject_form=form, refused=str(exc))
    return _decided(request, generation, "Rejected.")


@require_POST
@staff_member_required
def generation_rerun(request: HtmxHttpRequest, generation_id: int) -> HttpResponse:
    generation = selectors.generation_get(generation_id=generation_id)
    try:
        rerun = services.generation_rerun(generation_id=generation.pk, reviewer=request.user)
    except services.ReviewRefused as exc:
        return _review_page(request, generation, refused=str(exc))
    messages.success(request, f"Generation {rerun.pk} started as a re-run of {generation.pk}.")
    url = reverse("generation:generation_detail", args=[rerun.pk])
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


@require_POST
@staff_member_required
def question_answer(request: HtmxHttpRequest, generation_id: int) -> HttpResponse:
    generation = selectors.generation_get(generation_id=generation_id)
    form = QuestionAnswerForm(request.POST)
    if not form.is_valid():
        return _review_page(request, generation, question_form=form)
    field = form.cleaned_data["field"]
    try:
        generation = services.question_answer(
            generation_id=generation.pk,
            field=field,
            value=form.cleaned_data["value"],
            reviewer=request.user,
        )
    except services.AnswerRefused as exc:
        form.add_error("value", str(exc))
        return _review_page(request, generation, question_form=form)
    except services.ReviewRefused as exc:
        return _review_page(request, generation, refused=str(exc))
    return _decided(request, generation, f"Answer to the question on {field} recorded.")


@require_POST
@login_required
def assessment_question_answer(request: HtmxHttpRequest, generation_id: int) -> HttpResponse:
    """A team reviewer answers a handed-over answer's question on its assessment's page (the
    form there posts here); back to that page with what happened."""
    generation = selectors.generation_for_reviewer(user=request.user, generation_id=generation_id)
    form = QuestionAnswerForm(request.POST)
    if form.is_valid():
        field = form.cleaned_data["field"]
        try:
            services.question_answer(
                generation_id=generation.pk,
                field=field,
                value=form.cleaned_data["value"],
                reviewer=request.user,
            )
            messages.success(request, f"Answer to the question on {field} recorded.")
        except services.ReviewRefused as exc:
            messages.error(request, f"Not recorded: {exc}")
    else:
        problems = "; ".join(
            f"{name}: {' '.join(str(m) for m in e)}" for name, e in form.errors.items()
        )
        messages.error(request, f"Not recorded: {problems}")
    url = reverse("reviews:assessment_detail", args=[generation.handed_over_to.pk])
    return redirect(f"{url}#clarifications")


@require_http_methods(["GET", "POST"])
@staff_member_required
def schema_list(request: HtmxHttpRequest) -> HttpResponse:
    """The registered output schemas, and the form that registers one (checked first: the
    field and the problem are named, nothing is stored)."""
    form = SchemaDefinitionForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            row = schema_register(
                definition=form.cleaned_data["definition"], created_by=request.user
            )
        except DefinitionError as exc:
            form.add_error("definition", f"{exc.field}: {exc.message}")
        else:
            messages.success(request, f"Schema {row} registered.")
            return redirect("generation:schema_list")
    context = {"form": form, "schemas": selectors.schemas_registered()}
    return render(
        request,
        "generation/schema_list.html",
        context,
        status=400 if request.method == "POST" else 200,
    )
