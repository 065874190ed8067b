"""End to end with a real celery worker process: the staff form queues a generation, the
worker calls the fake model endpoint, hands the valid answer over, and verifies it."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from generation.models import Generation, GenerationStatus
from reviews.models import Quote, VerificationState
from tests.pipeline.conftest import wait_until

from .conftest import SECRET, dumps
from .fake_llm import Answer

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
        {"sources_file": upload, "schema": "task-procedure-v1"},
    )
    assert response.status_code == 302
    generation = Generation.objects.get()

    def verified() -> bool:
        generation.refresh_from_db()
        return (
            generation.assessment is not None
            and generation.assessment.verification_state == VerificationState.DONE
        )

    wait_until(verified, timeout=60, message=lambda: f"{generation.status}\n{worker.log()}")
    assert generation.status == GenerationStatus.REPAIRED
    assert len(fake.requests) == 2
    assert [body["model"] for body in fake.requests] == ["worker-model"] * 2
    assert all(SECRET not in json.dumps(body, ensure_ascii=False) for body in fake.requests)
    statuses = Quote.objects.filter(assessment=generation.assessment).values_list(
        "status", flat=True
    )
    assert list(statuses) == ["verified"] * 4
