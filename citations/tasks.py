"""Celery tasks: thin wrappers that take ids and call ``citations.services``.

Delivery is at-least-once (``acks_late`` + ``reject_on_worker_lost``: a message whose worker
died is delivered again); the service makes a second delivery harmless.

Time: the service stops a verification past its budget, or past the worker's soft time limit,
and records the failure itself; past the hard limit the worker kills the pool child and
:meth:`VerifyAssessmentTask.on_failure` records it from the worker's main process. None of
them is retried: the same bundle would take as long again.

Run a worker with ``celery -A config worker``, and the periodic sweep with
``celery -A config beat`` (or ``worker --beat`` on exactly one worker); without beat, run
``manage.py sweep_verifications`` from cron.
"""

from celery import shared_task
from celery.exceptions import TimeLimitExceeded
from celery.utils.log import get_task_logger
from django.conf import settings
from kombu.exceptions import OperationalError as BrokerConnectionError

from config.celery import VerbatimTask

from . import services

logger = get_task_logger(__name__)

TRANSIENT_ERRORS = (*services.TRANSIENT_DB_ERRORS, BrokerConnectionError)
MAX_RETRIES = 5


class VerifyAssessmentTask(VerbatimTask):
    def on_failure(self, exc, task_id, args, kwargs, einfo) -> None:
        # Called in the worker's main process when the hard time limit killed the child.
        if isinstance(exc, TimeLimitExceeded):
            # The pool names the limit it applied; else this task's, else the worker's.
            limit = self.time_limit or settings.CELERY_TASK_TIME_LIMIT
            services.assessment_fail_over_time_limit(
                assessment_id=args[0], seconds=float(exc.args[0] if exc.args else limit)
            )


@shared_task(
    bind=True,
    base=VerifyAssessmentTask,
    name="citations.verify_assessment",
    acks_late=True,
    reject_on_worker_lost=True,
    max_retries=MAX_RETRIES,
)
def verify_assessment(self, assessment_id: int) -> str:
    try:
        outcome = services.assessment_verify(assessment_id=assessment_id)
    except TRANSIENT_ERRORS as exc:
        if self.request.retries >= MAX_RETRIES:
            # Best effort: if the database is still down, the sweep finds it stuck later.
            services.assessment_fail(
                assessment_id=assessment_id,
                error=f"gave up after {MAX_RETRIES} retries: {services.describe_error(exc)}",
            )
            raise
        logger.warning("assessment %s: transient error, retrying: %s", assessment_id, exc)
        raise self.retry(exc=exc, countdown=min(2**self.request.retries, 60)) from exc
    if outcome is services.VerifyOutcome.BUSY and self.request.retries < MAX_RETRIES:
        # Someone holds a live claim: a process still running, here or on another machine
        # (a dead process of this one, or a silent owner, was taken over already). If that
        # worker dies, its heartbeat is silent one silent period from now: look again then,
        # instead of leaving the assessment to the sweep.
        raise self.retry(countdown=settings.VERIFICATION_SILENT_SECONDS + 1)
    return outcome.value


@shared_task(
    name="citations.sweep_verifications",
    autoretry_for=TRANSIENT_ERRORS,
    max_retries=3,
    retry_backoff=True,
)
def sweep_verifications() -> list[int]:
    return services.assessments_sweep()
