"""Celery task: a thin wrapper that takes an id and calls ``generation.services``."""

from celery import shared_task
from django.conf import settings

from . import services
from .client import chat_client_from_settings

# A busy run is retried until its claim is stale; a few periods cover a dead worker.
MAX_BUSY_RETRIES = 3


@shared_task(
    bind=True,
    name="generation.run",
    acks_late=True,
    reject_on_worker_lost=True,
    max_retries=MAX_BUSY_RETRIES,
)
def run_generation(self, generation_id: int) -> str:
    # Transport retries are the client's (bounded), invalid content gets one repair call in
    # the service; the task itself only waits out another worker's claim.
    result = services.generation_run(
        generation_id=generation_id, client=chat_client_from_settings()
    )
    if result is services.RunSkipped.BUSY:
        raise self.retry(countdown=settings.VERIFICATION_STALE_SECONDS + 1)
    return result.value if isinstance(result, services.RunSkipped) else result.status


@shared_task(name="generation.sweep")
def sweep_generations() -> list[int]:
    return services.generations_sweep()
