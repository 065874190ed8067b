"""Browser tests may run the pipeline as production does: a real Celery worker on the test
database and the Redis broker (the fixtures tests/pipeline defines, shared, not copied)."""

from tests.pipeline.conftest import broker, start_worker

__all__ = ["broker", "start_worker"]
