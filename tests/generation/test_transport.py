"""Robust transport (issue 32, item 5): prose after the JSON is read, a refusal is kept as a
refusal, a failed run can be re-run, and a run stuck after a valid answer says why."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from generation.models import Generation, GenerationStatus
from generation.services import generation_create, generation_run
from generation.sources import load_sources

from .conftest import client_for, dumps
from .fake_llm import Answer, Refusal, Status

pytestmark = pytest.mark.django_db

REFUSAL = "I can't help with converting this document."


def run(sources_data, fake, **overrides) -> Generation:
    generation = generation_create(
        sources_file=load_sources({**sources_data, **overrides}),
        schema_name="task-procedure-v1",
        model_name="fake-model",
    )
    result = generation_run(generation_id=generation.pk, client=client_for(fake))
    assert isinstance(result, Generation)
    return result


@pytest.fixture
def staff_client(client):
    client.force_login(get_user_model().objects.create_user("sam", password="pw", is_staff=True))
    return client


def test_json_followed_by_prose_is_read_and_handed_over(sources_data, valid_answer, fake_llm):
    """Issue 32: "{…}\\n\\nHope this helps." was rejected and spent the repair."""
    fake = fake_llm([Answer(dumps(valid_answer) + "\n\nHope this helps. Ask me anything.")])
    generation = run(sources_data, fake)
    assert generation.status == GenerationStatus.ACCEPTED
    assert len(fake.requests) == 1


def test_a_refusal_is_kept_as_a_refusal_and_spends_no_repair(staff_client, sources_data, fake_llm):
    """Issue 32: a refusal was stored as an empty answer (text lost, repair spent)."""
    fake = fake_llm([Refusal(REFUSAL)])
    generation = run(sources_data, fake)
    assert len(fake.requests) == 1  # no repair of a refusal
    assert generation.status == GenerationStatus.MANUAL_REVIEW
    assert generation.failure == f"the model refused to answer (no repair made): {REFUSAL}"
    record = generation.records.get()
    assert (record.status, record.raw_response, record.errors) == ("refused", REFUSAL, [])
    assert record.total_tokens is not None  # its usage counted like any answer's
    page = staff_client.get(reverse("generation:generation_detail", args=[generation.pk]))
    html = page.content.decode()
    assert "the model refused to answer" in html and "refused by the model" in html
    record_page = staff_client.get(reverse("generation:record_detail", args=[record.pk]))
    assert record_page.status_code == 200 and REFUSAL.replace("'", "&#x27;") in (
        record_page.content.decode()
    )


@pytest.mark.parametrize("code", [401, 500, 503])
def test_a_failed_run_can_be_re_run(staff_client, sources_data, valid_answer, fake_llm, code):
    """Issue 32: failed runs (timeout, 5xx, 401) had no re-run."""
    generation = run(sources_data, fake_llm([Status(code)]))
    assert generation.status == GenerationStatus.FAILED
    url = reverse("generation:generation_detail", args=[generation.pk])
    assert 'id="rerun"' in staff_client.get(url).content.decode()
    response = staff_client.post(reverse("generation:generation_rerun", args=[generation.pk]))
    assert response.status_code == 302
    generation.refresh_from_db()
    rerun = generation.reruns.get()
    assert generation.status == GenerationStatus.RERUN
    finished = generation_run(
        generation_id=rerun.pk, client=client_for(fake_llm([Answer(dumps(valid_answer))]))
    )
    assert finished.status == GenerationStatus.ACCEPTED


def test_a_valid_answer_that_was_not_handed_over_says_why(
    staff_client, sources_data, valid_answer, fake_llm
):
    """Issue 32: a re-run whose answer differed from the one stored under its bundle id sat
    in review as "still invalid" with no error shown."""
    run(sources_data, fake_llm([Answer(dumps(valid_answer))]), id="fixed")
    other = {**valid_answer, "rules": valid_answer["rules"][:1]}
    other["evidence"] = [e for e in valid_answer["evidence"] if e["fieldPath"] != "rules[1]"]
    other["excluded"] = [
        *valid_answer["excluded"],
        {
            "sourceExcerpt": "검토 결과에는 처리자와 처리 시각이 포함되어야 합니다.",
            "reason": "boilerplate",
        },
    ]
    generation = run(sources_data, fake_llm([Answer(dumps(other))]), id="fixed")
    assert generation.status == GenerationStatus.MANUAL_REVIEW
    assert generation.records.get().status == "valid"
    html = staff_client.get(reverse("generation:generation_detail", args=[generation.pk]))
    stuck = html.content.decode().split('id="stuck">')[1].split("</p>")[0]
    assert stuck.startswith("Valid, but not handed over: hand-over refused:")
