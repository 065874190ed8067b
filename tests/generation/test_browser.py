"""What only a browser shows: on the record page the coverage filter swaps the table in
place (HTMX, EV-5); on the review page a reviewer takes a manual-review item to a decision
(issue 17, item 9). No console or CSP errors."""

import re
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from generation.models import GenerationStatus
from generation.services import generation_create, generation_run
from generation.sources import load_sources
from reviews.models import ReviewState
from tests.browser.accessibility import checked_screenshot
from tests.browser_support import page_problems, sign_in

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
    expect(page.locator("#coverage tbody tr")).to_have_count(10)
    expect(page.locator("#coverage")).to_contain_text("processSteps[1]")
    assert page.evaluate("window.__same_page") is True  # swapped, not reloaded
    checked_screenshot(page, "generation-record-coverage")
    assert page_problems(page) == []


def in_manual_review(fake_llm, sources_data, answer):
    fake = fake_llm([Answer(dumps(answer)), Answer(dumps(answer))])
    generation = generation_create(
        sources_file=load_sources(sources_data),
        schema_name="task-procedure-v1",
        model_name="fake-model",
    )
    generation = generation_run(generation_id=generation.pk, client=client_for(fake))
    assert generation.status == GenerationStatus.MANUAL_REVIEW
    return generation


def test_a_reviewer_edits_a_manual_review_item_to_hand_over_and_answers_its_question(
    page, fake_llm, sources_data, example_answer, valid_answer
):
    generation = in_manual_review(fake_llm, sources_data, example_answer)
    get_user_model().objects.create_user("sam", password="pw-sam", is_staff=True)
    sign_in(page, "sam", "pw-sam")

    page.goto("/generation/?status=manual_review")
    checked_screenshot(page, "generation-list-manual-review")
    page.get_by_role("link", name="Review", exact=True).click()
    page.wait_for_url(f"**/generation/{generation.pk}/")
    errors = page.locator("#errors")
    expect(errors).to_contain_text("evidence.not_in_source")
    expect(errors).to_contain_text("evidence.missing")
    expect(page.locator("#coverage-counts")).to_contain_text("UNMAPPED")
    # the answer and its errors side by side
    answer_box = page.locator("#answer").bounding_box()
    errors_box = errors.bounding_box()
    assert answer_box and errors_box and errors_box["x"] > answer_box["x"] + answer_box["width"] / 2
    checked_screenshot(page, "generation-review-errors-beside-answer")
    # Playwright hides the caret for a screenshot by giving each field a style attribute,
    # which htmx's settle would copy onto the swapped-in fields (a CSP report): a fresh page.
    page.reload()

    page.evaluate("window.__same_page = true")
    page.fill("#id_answer", dumps(valid_answer))
    page.get_by_role("button", name="Validate the edited answer").click()
    expect(page.locator("#review-state")).to_contain_text("accepted after a human edit")
    expect(page.locator("#review-notice")).to_contain_text("Edit recorded")
    expect(page.locator("#history")).to_contain_text("human edit")
    assert page.evaluate("window.__same_page") is True  # swapped in place

    question = page.locator("#questions")
    expect(question).to_contain_text("여러 검토자 중 담당자는")
    expect(question).to_contain_text("cannot be approved while a question is open")
    page.fill("#answer-1", "The team lead assigns the reviewer.")
    question.get_by_role("button", name="Answer").click()
    expect(question).to_contain_text("Answered by sam")
    checked_screenshot(page, "generation-review-edited-and-answered")
    assert page_problems(page) == []

    generation.refresh_from_db()
    assert generation.status == GenerationStatus.EDITED
    assert generation.assessment.review_state == ReviewState.PENDING
    assert not generation.questions.filter(answered_at__isnull=True).exists()


def test_a_reviewer_rejects_a_manual_review_item_with_a_reason(
    page, fake_llm, sources_data, example_answer
):
    generation = in_manual_review(fake_llm, sources_data, example_answer)
    get_user_model().objects.create_user("sam", password="pw-sam", is_staff=True)
    sign_in(page, "sam", "pw-sam")
    page.goto(f"/generation/{generation.pk}/")
    page.get_by_role("button", name="Reject").click()
    # the reason is required: the browser asks for it before anything is sent
    expect(page.locator("#review-state")).to_contain_text("manual review")
    page.fill("#id_reason", "The final approval step is not in the source.")
    page.get_by_role("button", name="Reject").click()
    expect(page.locator("#review-comment")).to_contain_text("The final approval step")
    expect(page.locator("#review-state")).to_contain_text("rejected in review by sam")
    expect(page.locator("#edit-form")).to_have_count(0)
    checked_screenshot(page, "generation-review-rejected")
    assert page_problems(page) == []
    generation.refresh_from_db()
    assert (generation.status, generation.review_comment) == (
        GenerationStatus.REJECTED,
        "The final approval step is not in the source.",
    )


def test_runs_show_their_tokens_and_cost_and_the_form_previews_the_prompt(
    page, fake_llm, sources_data, example_answer, valid_answer, settings, tmp_path
):
    """Issue 17, item 10: token and cost totals per run and for the list, at the price of
    LLM_PRICES; a model without a price has an unknown cost. Issue 15, section 6: axe-core
    finds nothing on the list, the review page, a record and the form with its preview."""
    settings.LLM_PRICES = {"fake-model": {"input": Decimal("0.15"), "output": Decimal("0.60")}}
    fake = fake_llm(
        [Answer(dumps(example_answer), 1000, 500), Answer(dumps(valid_answer), 2000, 700)]
    )
    priced = generation_create(
        sources_file=load_sources(sources_data), schema_name="task-procedure-v1",
        model_name="fake-model",
    )  # fmt: skip
    generation_run(generation_id=priced.pk, client=client_for(fake))
    settings.LLM_PRICES = {}
    unpriced = generation_create(
        sources_file=load_sources({**sources_data, "id": "unpriced"}),
        schema_name="task-procedure-v1", model_name="fake-model",
    )  # fmt: skip
    generation_run(
        generation_id=unpriced.pk, client=client_for(fake_llm([Answer(dumps(valid_answer))]))
    )
    get_user_model().objects.create_user("sam", password="pw-sam", is_staff=True)
    sign_in(page, "sam", "pw-sam")

    page.goto("/generation/")
    costs = page.locator("table.generations td.cost")
    expect(costs).to_have_text(["unknown (no price for fake-model)", "0.00117 USD"])
    expect(page.locator("#usage-total")).to_have_text(
        "2 runs: 4400 tokens, cost unknown (no price for fake-model) over 3 calls that "
        "returned an answer."
    )
    checked_screenshot(page, "generation-list-costs")

    page.get_by_role("link", name=f"#{priced.pk}").click()
    expect(page.locator("#run-usage")).to_have_text(
        re.compile(r"The run's calls\s*4200\s*0.00117 USD")
    )
    checked_screenshot(page, "generation-run-costs")
    page.locator("#history a").first.click()
    expect(page.locator("#record-cost")).to_have_text("Cost 0.00045 USD")
    checked_screenshot(page, "generation-record-cost")

    page.goto("/generation/new/")
    checked_screenshot(page, "generation-new-form")
    sources = tmp_path / "sources.json"
    sources.write_text(dumps(sources_data), encoding="utf-8")
    page.set_input_files("#id_sources_file", str(sources))
    page.get_by_role("button", name="Preview the prompt").click()
    expect(page.locator("#prompt-preview")).to_contain_text("<sources>")
    checked_screenshot(page, "generation-new-preview")
    assert page_problems(page) == []
