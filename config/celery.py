import os

from celery import Celery, Task, signals
from celery.worker.request import Request
from django.db import connections

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


class WorkerTimeLimitsRequest(Request):
    """A task runs under the time limits of the worker that runs it.

    Celery stamps the *sender's* ``task_time_limit``/``task_soft_time_limit`` into every
    message (the ``timelimit`` header), and a worker prefers that stamp to its own settings
    and to its ``--time-limit`` flags. So the limits were the web process's, or a test
    process's, or an old release's: a worker started with short limits never applied them.
    The worker is where the time is spent, so its limits decide; the stamp is ignored."""

    @property
    def time_limits(self) -> tuple[float | None, float | None]:
        # (None, None): the pool falls back to the task's limits, read from this worker's
        # settings (CELERY_TASK_TIME_LIMIT, CELERY_TASK_SOFT_TIME_LIMIT).
        return (None, None)

    @time_limits.setter
    def time_limits(self, stamped) -> None:
        pass  # Request.__init__ stores the message's stamp here


class VerbatimTask(Task):
    # By name, as Celery's own default is given (it takes a class too).
    Request = "config.celery:WorkerTimeLimitsRequest"


app = Celery("verbatim", task_cls=VerbatimTask)
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@signals.task_prerun.connect
def drop_unusable_database_connections(**kwargs) -> None:
    """Workers keep their database connection between tasks (``CELERY_DB_REUSE_MAX``). As
    Django does before each request, drop one that failed and no longer answers, or that a
    task left outside autocommit, so the next task (a retry, say) connects afresh."""
    for connection in connections.all(initialized_only=True):
        if connection.connection is None:
            continue
        if connection.get_autocommit() != connection.settings_dict["AUTOCOMMIT"]:
            connection.close()
        elif connection.errors_occurred:
            if connection.is_usable():
                connection.errors_occurred = False
            else:
                connection.close()
