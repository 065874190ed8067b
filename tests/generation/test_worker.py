"""End to end with a real celery worker process: the staff form queues a generation, the
worker calls the fake model endpoint, hands the valid answer over, and verifies it."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from citations.models import Quote, VerificationState
from generation.models import Generation, GenerationStatus
from generation.services import WORKER_STOPPED, generation_create
from generation.sources import load_sources
from generation.tasks import run_generation
from tests.pipeline.conftest import wait_until

from .conftest import SECRET, dumps
from .fake_llm import Answer, Stall

pytestmark = pytest.mark.worker


def test_form_to_worker_to_verified_assessment_ev_7_012_1(
    start_worker, client, fake_llm, sources_data, example_answer, valid_answer
):
    """An invalid first answer is repaired once in the worker (EV-7); the repaired answer is
    verified by the same pipeline as any bundle; the prompt never held the ineligible source."""
    fake = fake_llm([Answer(dumps(example_answer)), Answer(dumps(valid_answer))])
    worker = start_worker(
        "generation",
        LLM_BASE_URL=fake.base_url,
        LLM_MODEL="worker-model",
        LLM_MAX_RETRIES="0",
        LLM_TIMEOUT_SECONDS="20",
    )
    staff = get_user_model().objects.create_user("sam", is_staff=True)
    client.force_login(staff)
    upload = SimpleUploadedFile("s.json", json.dumps(sources_data).encode())
    response = client.post(
        reverse("generation:generation_new"),
        # the run asks the model the form names, whatever the worker's LLM_MODEL
        {"sources_file": upload, "schema": "task-procedure-v1", "model": "form-model"},
    )
    assert response.status_code == 302
    generation = Generation.objects.get()

    def verified() -> bool:
        generation.refresh_from_db()
        return (
            generation.assessment is not None
            and generation.assessment.verification.verification_state == VerificationState.DONE
        )

    wait_until(verified, timeout=60, message=lambda: f"{generation.status}\n{worker.log()}")
    assert generation.status == GenerationStatus.REPAIRED
    assert len(fake.requests) == 2
    assert [body["model"] for body in fake.requests] == ["form-model"] * 2
    assert all(SECRET not in json.dumps(body, ensure_ascii=False) for body in fake.requests)
    statuses = Quote.objects.filter(assessment=generation.assessment.verification).values_list(
        "status", flat=True
    )
    assert list(statuses) == ["verified"] * 10


# Short periods so a dead worker's run is taken over within seconds (as in tests/pipeline).
CRASH_ENV = {
    "CELERY_TASK_SOFT_TIME_LIMIT": "5",
    "CELERY_TASK_TIME_LIMIT": "6",
    "VERIFICATION_STALE_SECONDS": "8",
    "CELERY_VISIBILITY_TIMEOUT": "16",  # > stale + 1 + hard limit (settings check)
    "LLM_MAX_RETRIES": "0",
    "LLM_TIMEOUT_SECONDS": "60",
}


def test_a_worker_killed_during_the_repair_call_is_resumed_not_restarted_ev_7_ev_8(
    start_worker, fake_llm, sources_data, example_answer, valid_answer
):
    """SIGKILL the worker while it waits for the repair answer: the successor takes the run
    over from its execution records — it repeats the unanswered repair request, never the
    first call — and the run ends repaired with exactly one record per call kind."""
    first_raw = dumps(example_answer)
    fake = fake_llm([Answer(first_raw), Stall(120), Answer(dumps(valid_answer))])
    doomed = start_worker("doomed", LLM_BASE_URL=fake.base_url, **CRASH_ENV)
    generation = generation_create(
        sources_file=load_sources(sources_data),
        schema_name="task-procedure-v1",
        model_name="worker-model",
    )
    run_generation.delay(generation.pk)
    wait_until(
        lambda: len(fake.requests) == 2,
        timeout=60,
        message=lambda: f"no repair request: {len(fake.requests)}\n{doomed.log()}",
    )
    doomed.kill()
    successor = start_worker("successor", LLM_BASE_URL=fake.base_url, **CRASH_ENV)

    def finished() -> bool:
        generation.refresh_from_db()
        return generation.status not in (GenerationStatus.PENDING, GenerationStatus.RUNNING)

    wait_until(finished, timeout=90, message=lambda: f"{generation.status}\n{successor.log()}")
    assert generation.status == GenerationStatus.REPAIRED
    assert len(fake.requests) == 3
    assert fake.requests[2] == fake.requests[1]  # the repair request again, not the first call
    assert fake.requests[1]["messages"][-2] == {"role": "assistant", "content": first_raw}
    assert list(generation.records.values_list("kind", "status")) == [
        ("initial", "invalid"),
        ("repair", "valid"),
    ]
    repair = generation.records.get(kind="repair")
    assert [attempt["error"] for attempt in repair.retried] == [WORKER_STOPPED]
