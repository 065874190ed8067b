"""Celery tasks: thin wrappers that take ids and call ``webhooks.services``.

A message delivered twice is harmless: an attempt is claimed in the database. One the broker
lost, or whose worker died mid-attempt, is found by the sweep (beat, every
``WEBHOOK_SWEEP_SECONDS``), which also sends every retry once its backoff is over.
"""

from celery import shared_task
from django.db import InterfaceError, OperationalError

from . import services

TRANSIENT_DB_ERRORS = (OperationalError, InterfaceError)


@shared_task(
    name="webhooks.deliver",
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=TRANSIENT_DB_ERRORS,
    max_retries=3,
    retry_backoff=True,
)
def deliver(delivery_id: int) -> str:
    return services.delivery_attempt(delivery_id=delivery_id).value


@shared_task(
    name="webhooks.sweep_deliveries",
    autoretry_for=TRANSIENT_DB_ERRORS,
    max_retries=3,
    retry_backoff=True,
)
def sweep_deliveries() -> list[int]:
    return services.deliveries_sweep()
