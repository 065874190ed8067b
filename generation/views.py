"""Generation pages: the staff form that starts a run, the list (with the manual-review
queue as a filter), and one execution record with coverage and clarification questions."""

from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from . import selectors, services
from .forms import CoverageFilterForm, GenerationFilterForm, GenerationForm
from .models import GenerationStatus

PAGE_SIZE = 25


@require_http_methods(["GET", "POST"])
@staff_member_required
def generation_new(request: HttpRequest) -> HttpResponse:
    form = (
        GenerationForm(request.POST, request.FILES)
        if request.method == "POST"
        else GenerationForm()
    )
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            generation = services.generation_create(
                sources_file=form.cleaned_data["sources_file"],
                schema_name=form.cleaned_data["schema"],
                model_name=settings.LLM_MODEL,
                created_by=request.user,
            )
            services.generation_enqueue(generation_id=generation.pk)
        messages.success(request, f"Generation {generation.pk} started.")
        return redirect("generation:generation_list")
    status = 400 if request.method == "POST" else 200
    return render(request, "generation/generation_new.html", {"form": form}, status=status)


@require_GET
@staff_member_required
def generation_list(request: HttpRequest) -> HttpResponse:
    filters = GenerationFilterForm(request.GET)
    status = filters.cleaned_data["status"] if filters.is_valid() else ""
    page = Paginator(selectors.generations_list(status=status), PAGE_SIZE).get_page(
        request.GET.get("page")
    )
    context = {
        "filters": filters,
        "page": page,
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
def record_detail(request: HttpRequest, record_id: int) -> HttpResponse:
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
