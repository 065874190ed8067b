"""python manage.py bench_pipeline [--workers 2] [--rounds 3] [DIR]

Throughput of background verification (a benchmark, not a test). Needs PostgreSQL and Redis
(DATABASE_URL, CELERY_BROKER_URL); use a scratch database: the benchmark's assessments stay
(their corrections are append-only). It

1. verifies every bundle of DIR (default: the dev set) ``--rounds`` times with the engine in
   this process, bundles already loaded, after one untimed warm-up bundle: the *engine time*;
2. imports them as often under fresh ids (timed apart: not part of the pipeline time), starts
   ``--workers`` real ``celery worker`` processes (solo pool, one process each), lets each
   verify one warm-up assessment of its own (first-task costs such as lazy imports and the
   first database connection are a worker's, not a task's), then sends every verification
   task at once and waits until all are done: the *pipeline time*;
3. prints assessments/s and quotes/s, and the overhead: the CPU the worker processes used
   beyond the engine's own CPU (the service logs the engine's CPU per task) as a share of
   it, plus the CPU of the PostgreSQL backends serving the workers (work the pipeline causes
   outside the workers), the same against the engine alone and the plain wall-clock
   comparison. All CPU is user + system time; wall time depends on what else the machine
   runs.
"""

import contextlib
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.db.models import Sum
from django.utils import timezone

from citations.engine import load_bundle, verify_bundle
from citations.imports import bundle_import
from citations.models import Verification, VerificationState
from citations.tasks import verify_assessment

WAIT_SECONDS = 600
STORED_TIMING = re.compile(
    r": stored \(attempt \d+\); engine CPU ([\d.]+) s, claim held ([\d.]+) s"
)
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


class Command(BaseCommand):
    help = "Benchmark verification through Redis and real workers against the bare engine."

    def add_arguments(self, parser):
        parser.add_argument(
            "directory",
            nargs="?",
            type=Path,
            default=settings.SHARED_DIR / "data" / "dev" / "verbote",
        )
        parser.add_argument("--workers", type=int, default=2)
        # The dev set verifies in well under a second: a few rounds steady the CPU figures,
        # which /proc counts in 10 ms ticks.
        parser.add_argument("--rounds", type=int, default=3)

    def handle(self, *args, directory: Path, workers: int, rounds: int, **options):
        if not settings.CELERY_BROKER_URL.startswith("redis://"):
            raise CommandError("set CELERY_BROKER_URL to a Redis broker (redis://…)")
        if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
            raise CommandError("set DATABASE_URL to a (scratch) PostgreSQL database")
        paths = sorted(p for p in directory.glob("*.json") if not p.name.endswith(".expected.json"))
        if not paths:
            raise CommandError(f"no bundles in {directory}")
        raws = [path.read_bytes() for path in paths]

        bundles = [load_bundle(raw) for raw in raws]
        verify_bundle(bundles[0])  # warm-up, as each worker gets one (below)
        started, cpu_started = time.perf_counter(), time.process_time()
        quotes = sum(
            len(verify_bundle(bundle).results) for _ in range(rounds) for bundle in bundles
        )
        engine_seconds = time.perf_counter() - started
        engine_cpu = time.process_time() - cpu_started

        tag = f"bench-{timezone.now():%Y%m%dT%H%M%S}"
        started = time.perf_counter()
        ids = [self.import_one(raw, f"{tag}-r{n}") for n in range(rounds) for raw in raws]
        import_seconds = time.perf_counter() - started

        processes: list[subprocess.Popen] = []
        try:
            for n in range(workers):
                processes.append(self.start_worker(f"bench{n}", tag))
            warm_ups = [self.import_one(raws[0], f"{tag}-warm{n}") for n in range(workers)]
            for n, assessment_id in enumerate(warm_ups):
                verify_assessment.apply_async((assessment_id,), queue=f"{tag}-bench{n}")
            self.wait_for(warm_ups)
            backends_before = self.database_backend_cpu()
            cpu_before = sum(cpu_seconds(process.pid) for process in processes)
            started = time.perf_counter()
            for assessment_id in ids:
                verify_assessment.delay(assessment_id)
            self.wait_for(ids)
            pipeline_seconds = time.perf_counter() - started
            worker_cpu = sum(cpu_seconds(process.pid) for process in processes) - cpu_before
            backend_cpu = sum(
                cpu - backends_before.get(pid, 0.0)
                for pid, cpu in self.database_backend_cpu().items()
            )
        finally:
            for process in processes:
                process.terminate()
            for process in processes:
                process.wait(timeout=60)

        rows = Verification.objects.filter(pk__in=ids)
        failed = rows.exclude(verification_state=VerificationState.DONE).count()
        stored_quotes = rows.aggregate(total=Sum("quotes_found"))["total"]
        timings = [
            (float(engine), float(held))
            for log in Path(settings.VAR_DIR).glob(f"{tag}-*.log")
            for engine, held in STORED_TIMING.findall(log.read_text())[1:]  # not the warm-up
        ]
        if len(timings) != len(ids):
            raise CommandError(
                f"found {len(timings)} timed tasks in the worker logs, expected {len(ids)} "
                f"(plus {len(warm_ups)} warm-ups)"
            )
        engine_cpu_in_workers = sum(engine for engine, _ in timings)
        claims_held = sum(held for _, held in timings)

        out = self.stdout.write
        out(
            f"bundles {len(raws)} × {rounds} rounds = {len(ids)} ({failed} not done), "
            f"quotes {stored_quotes}, workers {workers}"
        )
        out("engine alone, 1 process (verify_bundle on loaded bundles):")
        out(
            f"  {engine_seconds:7.2f} s wall, {engine_cpu:7.2f} s CPU, "
            f"{quotes / engine_seconds:7.1f} quotes/s"
        )
        out(f"import into the database (not in the pipeline time): {import_seconds:.2f} s")
        out("pipeline (send all tasks → every assessment done):")
        out(
            f"  {pipeline_seconds:7.2f} s wall, {len(ids) / pipeline_seconds:6.2f} assessments/s, "
            f"{stored_quotes / pipeline_seconds:7.1f} quotes/s"
        )
        out(
            f"  {worker_cpu:7.2f} s worker CPU, of which engine {engine_cpu_in_workers:.2f} s; "
            f"claims held {claims_held:.2f} s"
        )
        out(
            f"  {backend_cpu:7.2f} s CPU of the PostgreSQL backends serving the workers "
            "(those still connected at the end: a connection per task hides its backend's CPU)"
        )
        out("pipeline overhead as a share of engine time:")
        out(
            f"  {(worker_cpu - engine_cpu_in_workers) / engine_cpu_in_workers:7.1%}  "
            "worker CPU beyond the engine's, both measured in the workers  <- the target figure"
        )
        out(
            f"  {(worker_cpu + backend_cpu - engine_cpu_in_workers) / engine_cpu_in_workers:7.1%}  "
            "the same plus the PostgreSQL backends' CPU (Redis's own CPU is not counted)"
        )
        out(
            f"  {(worker_cpu - engine_cpu) / engine_cpu:7.1%}  "
            "worker CPU against the engine alone (the workers' engine is slower when they share "
            "the cores)"
        )
        out(
            f"  {pipeline_seconds / engine_seconds - 1:7.1%}  "
            f"wall: {workers} workers against the engine alone in 1 process"
        )
        if failed:
            raise CommandError(f"{failed} assessment(s) did not finish verifying")

    def import_one(self, raw: bytes, tag: str) -> int:
        data = json.loads(raw)
        data["id"] = f"{tag}-{data['id']}"
        return bundle_import(raw=data, enqueue_verification=False).verification.pk

    def start_worker(self, name: str, tag: str) -> subprocess.Popen:
        """A worker process ready to consume; stopped (and the error raised) if it is not."""
        log = Path(settings.VAR_DIR) / f"{tag}-{name}.log"
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "--pool=solo",
                f"--hostname={name}@%h",
                f"--queues=celery,{tag}-{name}",  # its own queue: the warm-up task
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "--loglevel=INFO",
            ],
            cwd=settings.BASE_DIR,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
            stdout=log.open("wb"),
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 60
        while b"ready." not in log.read_bytes():
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                process.wait()
                raise CommandError(f"worker {name} did not start; see {log}")
            time.sleep(0.1)
        return process

    def database_backend_cpu(self) -> dict[int, float]:
        """CPU so far of every PostgreSQL backend connected to this database but this
        process's own (the bench's database is a scratch one: the workers' backends)."""
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pid FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
            pids = [pid for (pid,) in cursor.fetchall()]
        cpu = {}
        for pid in pids:
            with contextlib.suppress(FileNotFoundError):  # it ended meanwhile
                cpu[pid] = cpu_seconds(pid)
        return cpu

    def wait_for(self, ids: list[int]) -> None:
        deadline = time.monotonic() + WAIT_SECONDS
        waiting = Verification.objects.filter(
            pk__in=ids,
            verification_state__in=[VerificationState.PENDING, VerificationState.RUNNING],
        )
        while waiting.exists():
            if time.monotonic() > deadline:
                raise CommandError(
                    f"{waiting.count()} assessment(s) still waiting after {WAIT_SECONDS} s"
                )
            time.sleep(0.1)
