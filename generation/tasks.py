"""Celery task: a thin wrapper that takes an id and calls ``generation.services``."""

from celery import shared_task

from . import services
from .client import chat_client_from_settings


@shared_task(name="generation.run", acks_late=True, reject_on_worker_lost=True)
def run_generation(generation_id: int) -> str:
    # No task retries: transport retries are the client's (bounded), content gets one
    # repair call inside the service, and a second delivery finds the run already claimed.
    generation = services.generation_run(
        generation_id=generation_id, client=chat_client_from_settings()
    )
    return generation.status if generation is not None else "skipped"
