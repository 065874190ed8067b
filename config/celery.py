import os

from celery import Celery, signals
from django.db import connections

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("verbatim")
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
