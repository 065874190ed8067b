"""Issue 13: results stored before verification stored its layout get it from citations
migration 0002, read once by today's engine, so their pages and exports need no reader
afterwards; a response beyond today's limits is not read again and keeps none."""

import importlib

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.urls import reverse

from citations.models import Quote, Verification
from citations.services import assessment_verify
from reviews.imports import bundle_import
from tests.factories import as_stored_by_layout_version_1
from tests.readers import readers_forbidden

pytestmark = pytest.mark.django_db

SCENARIOS = settings.SHARED_DIR / "data" / "scenarios"
fill_layouts = importlib.import_module("citations.migrations.0002_verification_layout").fill_layouts


def stored_before_layouts(name: str) -> Verification:
    """A verified scenario as a result stored before layouts were: none."""
    assessment = bundle_import(raw=(SCENARIOS / f"{name}.json").read_bytes()).assessment
    assessment_verify(assessment_id=assessment.pk)
    stored = Verification.objects.get(pk=assessment.pk).layout
    Verification.objects.filter(pk=assessment.pk).update(layout=None)
    return Verification(pk=assessment.pk, layout=stored)


@pytest.mark.parametrize("name", ["procurement_review", "adr_source_binding"])
def test_the_migration_gives_old_results_the_layout_verification_stores(client, api_token, name):
    old = stored_before_layouts(name)
    fill_layouts(apps, None)
    assert Verification.objects.get(pk=old.pk).layout == old.layout
    client.force_login(get_user_model().objects.create_user("staff", is_staff=True))
    client.defaults["HTTP_AUTHORIZATION"] = f"Bearer {api_token}"
    with readers_forbidden() as called:
        page = client.get(reverse("reviews:assessment_detail", args=[old.pk]))
        export = client.get(f"/api/assessments/{old.pk}/export")
    assert called == []
    assert page.status_code == 200 and export.status_code == 200
    html = page.content.decode()
    for n in Quote.objects.filter(assessment_id=old.pk).values_list("n", flat=True):
        assert html.count(f'data-quote="{n}"') == 1


def test_a_response_beyond_todays_limits_is_not_read_again():
    """Accepted before the limits existed (here: JSON nested 100 levels deep, the limit is
    64): the migration leaves it without a layout instead of reading it."""
    old = stored_before_layouts("adr_source_binding")
    deep = '{"a": ' * 100 + "1" + "}" * 100
    Verification.objects.filter(pk=old.pk).update(response_text=deep)
    with readers_forbidden() as called:
        fill_layouts(apps, None)
    assert called == []
    assert Verification.objects.get(pk=old.pk).layout is None


def test_the_migration_leaves_unfinished_and_filled_results_alone():
    raw = (SCENARIOS / "procurement_review.json").read_bytes()
    pending = bundle_import(raw=raw, enqueue_verification=False).assessment
    done = stored_before_layouts("adr_source_binding")
    Verification.objects.filter(pk=done.pk).update(layout=done.layout)
    with readers_forbidden() as called:
        fill_layouts(apps, None)  # nothing done without a layout: nothing to read
    assert called == []
    assert Verification.objects.get(pk=pending.pk).layout is None
    assert Verification.objects.get(pk=done.pk).layout == done.layout


read_layouts_again = importlib.import_module(
    "citations.migrations.0006_layout_json_citation_sites"
).read_layouts_again


@pytest.mark.parametrize("name", ["procurement_review", "adr_source_binding"])
def test_layouts_of_an_earlier_engine_are_read_again_issue_14(client, api_token, name):
    """Migration 0006: a layout stored before JSON citation sites (version 1) is read once
    more, so the page and the export serve it again without a new verification."""
    old = stored_before_layouts(name)
    version_1 = as_stored_by_layout_version_1(old.layout)
    Verification.objects.filter(pk=old.pk).update(layout=version_1)
    read_layouts_again(apps, None)
    assert Verification.objects.get(pk=old.pk).layout == old.layout
    client.force_login(get_user_model().objects.create_user("staff", is_staff=True))
    client.defaults["HTTP_AUTHORIZATION"] = f"Bearer {api_token}"
    with readers_forbidden() as called:
        export = client.get(f"/api/assessments/{old.pk}/export")
    assert called == [] and export.status_code == 200
    with readers_forbidden() as called:
        read_layouts_again(apps, None)  # every layout is today's: nothing to read
    assert called == []
