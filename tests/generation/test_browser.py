"""What only a browser shows on the record page: the coverage filter swaps the table in
place (HTMX), with no console or CSP errors (EV-5)."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from generation.services import generation_create, generation_run
from generation.sources import load_sources
from tests.browser_support import page_problems, screenshot, sign_in

from .conftest import client_for, dumps
from .fake_llm import Answer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_coverage_filter_swaps_in_place_ev_5(page, fake_llm, sources_data, valid_answer):
    fake = fake_llm([Answer(dumps(valid_answer))])
    generation = generation_create(
        sources_file=load_sources(sources_data),
        schema_name="task-procedure-v1",
        model_name="fake-model",
    )
    generation = generation_run(generation_id=generation.pk, client=client_for(fake))
    record = generation.records.get()
    get_user_model().objects.create_user("sam", password="pw-sam", is_staff=True)
    sign_in(page, "sam", "pw-sam")

    page.goto(f"/generation/records/{record.pk}/")
    expect(page.locator("#questions")).to_contain_text("여러 검토자 중 담당자는")
    expect(page.locator("#coverage tbody tr")).to_have_count(17)
    page.evaluate("window.__same_page = true")
    page.select_option("#id_coverage", "MAPPED")
    expect(page.locator("#coverage tbody tr")).to_have_count(9)
    expect(page.locator("#coverage")).to_contain_text("processSteps[1]")
    assert page.evaluate("window.__same_page") is True  # swapped, not reloaded
    screenshot(page, "generation-record-coverage")
    assert page_problems(page) == []
