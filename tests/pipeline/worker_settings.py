"""Settings for the celery worker processes the pipeline tests start (never for production).

The test settings plus two knobs that only tests need:

- ``VERIFICATION_TEST_DELAY_SECONDS`` (env ``VERBATIM_TEST_VERIFY_DELAY``): the service sleeps
  this long while it holds a claim, so a crash test can SIGKILL the worker mid-task.
  ``config/settings.py`` never defines it, so production never sleeps.
- the Redis transport scans for unacknowledged messages of dead workers every second
  instead of every ~100 s, so the crash test's redelivery happens within seconds.
"""

import os

from config.test_settings import *  # noqa: F403
from config.test_settings import CELERY_BROKER_TRANSPORT_OPTIONS

VERIFICATION_TEST_DELAY_SECONDS = float(os.environ.get("VERBATIM_TEST_VERIFY_DELAY", "0"))
CELERY_BROKER_TRANSPORT_OPTIONS = {
    **CELERY_BROKER_TRANSPORT_OPTIONS,
    "unacked_restore_interval": 1,
    "unacked_restore_throttle": 1,
    # A worker killed while holding the restore lock must not block the restore for 5 min.
    "unacked_mutex_expire": 5,
}
