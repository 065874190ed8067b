"""Background verification: claim an assessment, run the engine, store its results exactly once.

The Celery task (``citations.tasks``) and ``import_bundle --wait`` both call
:func:`assessment_verify`. Exactly-once comes from the database, not from the broker, which
may deliver a message twice (``acks_late``) or to two workers:

- the claim is one conditional UPDATE (pending → running, or a *stale* running claim whose
  worker died); 0 rows means someone else has the work;
- the claim's token is the assessment's ``verification_attempts`` after that UPDATE; results
  are stored only while the row still carries that token, in one transaction that writes the
  quotes, the corrections, the counts, the report and the state together;
- ``Correction`` is unique per (quote, run, field), so one run can never record twice.

The statements themselves (the claim, the finishing UPDATE, the quote and correction rows)
are plain SQL in ``citations.storage``; this module decides when they run.

A claim records the process holding it (``verification_claimed_by``), and its owner refreshes
the claim's heartbeat while it works (``verification_heartbeat_at``, by the database's clock).
A claim whose process is gone (a pool child killed, say) is taken over at once by a process
on the same machine that meets it; one whose heartbeat fell silent, by any worker on any
machine; both long before the stale period, which remains for claims without a heartbeat.
Verifying one assessment has a time budget (``VERIFICATION_TIME_BUDGET_SECONDS``); past it,
or past the worker's time limits, the assessment ends ``failed`` with the reason.
"""

import functools
import logging
import os
import signal
import socket
import threading
import time
from collections import Counter
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import StrEnum
from pathlib import Path

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import DatabaseError, InterfaceError, OperationalError, connection, transaction
from django.db.models import Q
from django.db.models.functions import Now
from django.utils import timezone

from citations import storage
from citations.bundles import engine_bundle
from citations.diffs import quote_page_diff
from citations.engine import (
    Bundle,
    QuoteLimitExceeded,
    Report,
    VerificationStatus,
    check_quote_limits,
    report_to_dict,
    verify_bundle,
)
from citations.engine.writing.layout import layout_to_dict
from citations.models import SweepRun, Verification, VerificationState
from citations.signals import verification_done, verification_failed
from core.state_graph import StateGraph, transition

from .selectors import assessments_claimed, assessments_stuck, stale_after
from .source_files import SourceFileRefused, sources_read_files, sources_unread
from .storage import turn_sources

logger = logging.getLogger(__name__)

# Database errors worth trying again (connection lost, server restarting); the task adds the
# broker's connection errors.
TRANSIENT_DB_ERRORS = (OperationalError, InterfaceError)
MAX_ERROR_CHARS = 2000

State = VerificationState


class VerificationAction(StrEnum):
    CLAIM = "claim"
    STORE = "store"
    RELEASE = "release"
    FAIL = "fail"
    REVERIFY = "reverify"


Action = VerificationAction
# The verification state graph, written down once. A running claim may be taken over only
# once it is stale or its process is gone (see ``assessment_claim``).
VERIFICATION_TRANSITIONS = StateGraph(
    field="verification_state",
    states=State,
    transitions={
        Action.CLAIM: transition({State.PENDING, State.RUNNING}, State.RUNNING),
        Action.STORE: transition({State.RUNNING}, State.DONE),
        Action.RELEASE: transition({State.RUNNING}, State.PENDING),
        Action.FAIL: transition({State.PENDING, State.RUNNING}, State.FAILED),
        Action.REVERIFY: transition({State.DONE, State.FAILED}, State.PENDING),
    },
)


class VerifyOutcome(StrEnum):
    STORED = "stored"
    SKIPPED = "skipped"  # gone, or no longer waiting for verification
    BUSY = "busy"  # another worker holds a live claim; try again once it could be stale
    SUPERSEDED = "superseded"  # our claim went stale and another worker took over
    FAILED = "failed"


@dataclass(frozen=True, slots=True)
class Claim:
    """The right to store one result set; ``attempt`` is the token the row must still carry."""

    assessment_id: int
    attempt: int
    # The row as claimed, with only the columns a run reads (not the previous run's report).
    assessment: Verification = field(compare=False, repr=False)


def assessment_claim(
    *,
    assessment_id: int,
    now: datetime | None = None,
    dead_owner: str | None = None,
    silent_before: datetime | None = None,
) -> Claim | None:
    """Take the work with one conditional UPDATE; None when someone else has it or it is done.

    ``dead_owner``: a running claim held by this process, seen gone, may be taken over too
    (still only while it carries that owner, so of two claimants who saw it gone one wins).
    ``silent_before`` (the database's clock): so may a running claim whose last heartbeat is
    older (still only while it is, so a claim taken over, whose heartbeat is new, is not
    taken again)."""
    now = now or timezone.now()
    # Pending, or running with a stale or dead or silent claim, within the state graph.
    assessment = storage.verification_claim_row(
        verification_id=assessment_id,
        from_states=VERIFICATION_TRANSITIONS.sources(Action.CLAIM),
        to_state=VERIFICATION_TRANSITIONS.target(Action.CLAIM),
        now=now,
        stale_before=now - stale_after(),
        owner=claim_owner(),
        dead_owner=dead_owner,
        silent_before=silent_before,
    )
    if assessment is None:
        return None
    return Claim(
        assessment_id=assessment_id,
        attempt=assessment.verification_attempts,
        assessment=assessment,
    )


def assessment_verify(*, assessment_id: int, budget_seconds: float | None = None) -> VerifyOutcome:
    """Verify one assessment if it is ours to verify, and store the results once.

    Transient database errors release the claim and propagate (the task retries); any other
    error is terminal: the assessment becomes ``failed`` with the error text. So is a run
    longer than ``budget_seconds`` (default ``VERIFICATION_TIME_BUDGET_SECONDS``, 0: none)
    or than the worker's soft time limit."""
    if budget_seconds is None:
        budget_seconds = settings.VERIFICATION_TIME_BUDGET_SECONDS
    claim = assessment_claim(assessment_id=assessment_id) or _take_over_dead_claim(assessment_id)
    if claim is None:
        state = (
            Verification.objects.filter(pk=assessment_id)
            .values_list("verification_state", flat=True)
            .first()
        )
        logger.info("assessment %s: not claimable (%s)", assessment_id, state or "gone")
        return VerifyOutcome.BUSY if state == State.RUNNING else VerifyOutcome.SKIPPED
    logger.info("assessment %s: claimed (attempt %s)", assessment_id, claim.attempt)
    crashes = claim.assessment.verification_crashes
    if crashes >= settings.VERIFICATION_MAX_CRASHES:
        # The bundle itself kills its worker (a crash loop): stop, and say why.
        error = (
            f"verification stopped its worker {crashes} times in a row (crashed, killed or "
            "out of memory) and is not tried again; verify it again from the admin once fixed"
        )
        logger.error("assessment %s: %s", assessment_id, error)
        assessment_fail(assessment_id=assessment_id, error=error, claim=claim)
        return VerifyOutcome.FAILED
    claimed = time.perf_counter()
    try:
        with _time_budget(budget_seconds), _heartbeat(claim):
            sources = turn_sources(claim.assessment.turn_id)
            if sources_unread(sources):
                # Sources given as files are read here, in the worker (issue 34), once.
                if not sources_read_files(
                    verification_id=assessment_id,
                    attempt=claim.attempt,
                    bundle=engine_bundle(claim.assessment, sources),
                    sources=sources,
                ):
                    logger.warning("assessment %s: claim superseded reading files", assessment_id)
                    return VerifyOutcome.SUPERSEDED
                sources = turn_sources(claim.assessment.turn_id)
            bundle = engine_bundle(claim.assessment, sources)
            engine_started = time.process_time()
            # The web app took the bundle without reading its response (issue 30): the
            # quotes' number and length are checked here, where it is read.
            check_quote_limits(bundle)
            report = verify_bundle(bundle)
            engine_cpu = time.process_time() - engine_started
            _pause_inside_claim()
            stored = assessment_store_results(
                claim=claim,
                bundle=bundle,
                report=report,
                source_ids={source.key: source.pk for source in sources},
            )
    except (OverTimeBudget, SoftTimeLimitExceeded) as exc:
        # Terminal, not retried: the same bundle would take as long again.
        error = (
            time_limit_error(exc.seconds, limit="the time budget per assessment")
            if isinstance(exc, OverTimeBudget)
            else time_limit_error(
                settings.CELERY_TASK_SOFT_TIME_LIMIT, limit="the worker's soft time limit"
            )
        )
        logger.error("assessment %s: %s", assessment_id, error)
        _fail_after_interruption(claim, error)
        return VerifyOutcome.FAILED
    except QuoteLimitExceeded as exc:
        # Terminal: the same response holds as many quotes next time. Nothing was stored.
        error = (
            f"the response is beyond the limit {exc.limit!r}: {exc.field}: {exc.message}; "
            "nothing was verified"
        )
        logger.warning("assessment %s: %s", assessment_id, error)
        assessment_fail(assessment_id=assessment_id, error=error, claim=claim)
        return VerifyOutcome.FAILED
    except SourceFileRefused as exc:
        # Terminal: the same file is refused next time. Nothing of it was stored.
        error = exc.describe()
        logger.warning("assessment %s: %s", assessment_id, error)
        assessment_fail(assessment_id=assessment_id, error=error, claim=claim)
        return VerifyOutcome.FAILED
    except TRANSIENT_DB_ERRORS:
        _release_quietly(claim)
        raise
    except Exception as exc:
        logger.exception("assessment %s: verification failed", assessment_id)
        assessment_fail(assessment_id=assessment_id, error=describe_error(exc), claim=claim)
        return VerifyOutcome.FAILED
    if not stored:
        logger.warning("assessment %s: claim %s superseded", assessment_id, claim.attempt)
        return VerifyOutcome.SUPERSEDED
    # The benchmark (bench_pipeline) reads these timings from the worker logs.
    logger.info(
        "assessment %s: stored (attempt %s); engine CPU %.4f s, claim held %.4f s",
        assessment_id,
        claim.attempt,
        engine_cpu,
        time.perf_counter() - claimed,
    )
    return VerifyOutcome.STORED


def _take_over_dead_claim(assessment_id: int) -> Claim | None:
    """The claim of a process that is gone or silent, taken over now rather than once it is
    stale.

    A pool child killed mid-task (out of memory, a segfault, SIGKILL) leaves its claim
    running; ``reject_on_worker_lost`` hands its message straight back, and the worker that
    gets it sees, on the same machine, that the process is gone. Another machine cannot see
    that process, but its owner refreshes the claim's heartbeat while it works
    (``_heartbeat``): a claim whose heartbeat the database's clock finds older than
    ``VERIFICATION_SILENT_SECONDS`` belongs to a worker that died, froze or lost the
    database, on any machine, and is taken over too. Either way it counts as a crash, like a
    stale one, so a bundle that kills every worker still ends failed. Taking over from an
    owner that was only slow costs its work, never a second result set: the store needs the
    claim's token, which the takeover changed."""
    claimed = (
        Verification.objects.filter(pk=assessment_id, verification_state=State.RUNNING)
        .annotate(database_now=Now())
        .values_list("verification_claimed_by", "verification_heartbeat_at", "database_now")
        .first()
    )
    if claimed is None:
        return None
    owner, heartbeat, database_now = claimed
    if owner and claim_owner_is_gone(owner):
        logger.warning(
            "assessment %s: its claim's process is gone (%s): taking over", assessment_id, owner
        )
        return assessment_claim(assessment_id=assessment_id, dead_owner=owner)
    silent_before = database_now - timedelta(seconds=settings.VERIFICATION_SILENT_SECONDS)
    if heartbeat is None or heartbeat >= silent_before:
        return None  # alive, or claimed before heartbeats: the stale period decides
    logger.warning(
        "assessment %s: its claim's owner fell silent (%s, last heartbeat %s): taking over",
        assessment_id,
        owner or "unknown",
        heartbeat.isoformat(timespec="seconds"),
    )
    return assessment_claim(assessment_id=assessment_id, silent_before=silent_before)


@contextmanager
def _heartbeat(claim: Claim) -> Iterator[None]:
    """While the block runs, refresh the claim's heartbeat every
    ``VERIFICATION_HEARTBEAT_SECONDS`` from a thread of its own (with its own database
    connection), so a claim whose owner stops is known on every machine within
    ``VERIFICATION_SILENT_SECONDS``. Each beat holds the claim's token: once the claim was
    taken over (or stored) it changes nothing, and the beating stops."""
    stop = threading.Event()

    def beat() -> None:
        try:
            while not stop.wait(settings.VERIFICATION_HEARTBEAT_SECONDS):
                try:
                    if not _beat(claim):
                        return
                except DatabaseError as exc:  # missed beats add up to silence, nothing more
                    logger.warning("assessment %s: heartbeat failed: %s", claim.assessment_id, exc)
                    connection.close()
        finally:
            connection.close()  # this thread's own connection

    thread = threading.Thread(target=beat, name=f"heartbeat {claim.assessment_id}", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def _beat(claim: Claim) -> bool:
    """One heartbeat; False when the claim is no longer ours."""
    return bool(
        Verification.objects.filter(
            pk=claim.assessment_id,
            verification_attempts=claim.attempt,
            verification_state=State.RUNNING,
        ).update(verification_heartbeat_at=Now())
    )


@functools.cache
def _machine() -> str:
    """Names what can see this process: the kernel's boot and the process-id namespace on
    Linux (containers of one host differ), the host name elsewhere. Processes of one machine
    may judge each other's claims."""
    try:
        boot = Path("/proc/sys/kernel/random/boot_id").read_text().strip()
        namespace = os.readlink("/proc/self/ns/pid")
    except OSError:
        return f"host:{socket.gethostname()}"
    return f"{boot}:{namespace}"


def _process_started(pid: int) -> str | None:
    """When process ``pid`` started (clock ticks since boot, from ``/proc``): a pid used
    again by a later process has another start. None: no such process, or a zombie."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    state, *rest = stat.rsplit(")", 1)[1].split()
    return None if state in {"Z", "X", "x"} else rest[18]  # field 22, starttime


def claim_owner(pid: int | None = None) -> str:
    """This process (or process ``pid`` of this machine), as a claim records it:
    ``<machine> <pid> <start>``, the start empty without ``/proc``."""
    pid = os.getpid() if pid is None else pid
    return f"{_machine()} {pid} {_process_started(pid) or ''}"[:200]


def claim_owner_is_gone(owner: str) -> bool:
    """True only when ``owner`` is a process of this machine that has ended; a claim of
    another machine, or one this process cannot judge, is not."""
    parts = owner.rsplit(" ", 2)
    if len(parts) != 3 or parts[0] != _machine() or not parts[1].isdigit():
        return False
    pid, started = int(parts[1]), parts[2]
    if started:
        return _process_started(pid) != started
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False  # alive, another user's
    return False


class OverTimeBudget(BaseException):
    """Raised into a verification that outlasts its budget. A BaseException, like
    KeyboardInterrupt, so no ``except Exception`` in the engine or a library swallows it."""

    def __init__(self, seconds: float) -> None:
        super().__init__(seconds)
        self.seconds = seconds


@contextmanager
def _time_budget(seconds: float) -> Iterator[None]:
    """Raise ``OverTimeBudget`` into the block once it has run ``seconds`` (wall clock).

    A timer signal (SIGALRM), so it stops pure-Python work anywhere in the engine; it reaches
    only the main thread (a prefork or solo worker's task, a management command), so
    elsewhere there is no budget and the worker's time limits remain."""
    if (
        not seconds
        or threading.current_thread() is not threading.main_thread()
        or not hasattr(signal, "setitimer")
    ):
        yield
        return

    def expired(signum, frame):
        raise OverTimeBudget(seconds)

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous if previous is not None else signal.SIG_DFL)


def time_limit_error(seconds: float, *, limit: str) -> str:
    """The failure a reviewer reads when verification ran out of time."""
    return (
        f"verification took longer than {seconds:g} s ({limit}) and was stopped; it is not "
        "tried again: verify it again from the admin once the cause is fixed"
    )


def _fail_after_interruption(claim: Claim, error: str) -> None:
    """Record a timeout's failure. The interruption may have cut a query off mid-way, so
    a connection outside a transaction is replaced first (opened again on use)."""
    if not connection.in_atomic_block:
        connection.close()
    assessment_fail(assessment_id=claim.assessment_id, error=error, claim=claim)


def assessment_fail_over_time_limit(*, assessment_id: int, seconds: float) -> bool:
    """The worker killed the task at its hard time limit: record why (from the worker's
    main process, which outlives the killed child; the child's claim cannot be reclaimed by
    anyone else before then, since a claim is stale only after the time limit)."""
    error = time_limit_error(seconds, limit="the worker's hard time limit; its process was killed")
    logger.error("assessment %s: %s", assessment_id, error)
    try:
        return assessment_fail(assessment_id=assessment_id, error=error)
    finally:
        connection.close()  # the worker's main process forks children: keep it connection-free


def _pause_inside_claim() -> None:
    """Tests only: ``tests/pipeline/worker_settings.py`` defines this setting so a crash test
    can kill a worker while it holds a claim. ``config/settings.py`` never defines it."""
    delay = getattr(settings, "VERIFICATION_TEST_DELAY_SECONDS", 0)
    if delay:
        time.sleep(delay)


def describe_error(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"[:MAX_ERROR_CHARS]


def assessment_store_results(
    *, claim: Claim, bundle: Bundle, report: Report, source_ids: Mapping[str, int]
) -> bool:
    """Write one complete result set in one transaction, if ``claim`` is still current.

    ``source_ids`` maps the bundle's source keys to their rows (loaded with the bundle).
    Quote rows are keyed (assessment, n) and updated in place, so corrections of earlier runs
    keep pointing at them; each changed field gets one ``Correction`` for this run."""
    # Computed before the transaction takes the row's lock: the page renders them, never
    # diffs in a request (issue 30).
    page_diffs = {r.quote.n: quote_page_diff(r, bundle.turn) for r in report.results}
    now = timezone.now()
    # While the row still carries our token nobody else has stored since our claim, so the
    # run number is the claimed one plus one.
    run = claim.assessment.verification_run + 1
    counts = Counter(result.status for result in report.results)
    with transaction.atomic():
        # The token check and the row lock in one statement: a takeover (which changes the
        # token) either committed before, and nothing matches, or waits until we commit.
        finished = storage.verification_finish_row(
            verification_id=claim.assessment_id,
            attempt=claim.attempt,
            from_states=VERIFICATION_TRANSITIONS.sources(Action.STORE),
            values={
                "quotes_found": len(report.results),
                "quotes_verified": counts[VerificationStatus.VERIFIED],
                "quotes_corrected": counts[VerificationStatus.CORRECTED],
                "quotes_unverified": counts[VerificationStatus.UNVERIFIED],
                "quotes_ineligible": counts[VerificationStatus.INELIGIBLE],
                "quotes_attention": sum(1 for result in report.results if result.attention),
                "quotes_dropped": sum(1 for result in report.results if bundle.drops(result)),
                "report": report_to_dict(report),
                # what pages and exports read instead of the response (issue 13)
                "layout": layout_to_dict((r.quote for r in report.results), report.json_layout),
                "engine_version": report.engine[:50],
                "verification_run": run,
                "verification_state": VERIFICATION_TRANSITIONS.target(Action.STORE),
                "verification_error": "",
                "verified_at": now,
                "updated_at": now,
            },
        )
        if not finished:
            return False
        storage.results_write(
            verification_id=claim.assessment_id,
            run=run,
            results=report.results,
            source_ids=source_ids,
            engine=report.engine,
            now=now,
            page_diffs=page_diffs,
        )
        verification_done.send(sender=Verification, assessment_id=claim.assessment_id, run=run)
    return True


def assessment_fail(*, assessment_id: int, error: str, claim: Claim | None = None) -> bool:
    """Record a terminal failure; with ``claim``, only while that claim is still current."""
    guard = Q(verification_attempts=claim.attempt) if claim else Q()
    with transaction.atomic():
        failed = bool(
            VERIFICATION_TRANSITIONS.move(
                Verification.objects.filter(guard, pk=assessment_id),
                Action.FAIL,
                verification_error=error[:MAX_ERROR_CHARS],
                updated_at=timezone.now(),
            )
        )
        if failed:
            verification_failed.send(
                sender=Verification, assessment_id=assessment_id, error=error[:MAX_ERROR_CHARS]
            )
    return failed


def _release_quietly(claim: Claim) -> None:
    """Hand the work back (pending) so a retry can claim it at once; if the database is
    still unreachable, the claim goes stale and a later delivery takes it over."""
    try:
        if not connection.in_atomic_block:
            # A dropped connection stays broken until closed; a fresh one may work again.
            connection.close_if_unusable_or_obsolete()
        VERIFICATION_TRANSITIONS.move(
            Verification.objects.filter(
                pk=claim.assessment_id, verification_attempts=claim.attempt
            ),
            Action.RELEASE,
            updated_at=timezone.now(),
        )
    except DatabaseError:
        logger.warning("assessment %s: could not release claim", claim.assessment_id)


def assessment_enqueue_verification(*, assessment_id: int) -> None:
    """Send the verification task once the current transaction commits (never on rollback).

    The data is committed either way, and the request that stored it does not fail. If the
    broker cannot take the message (Redis down), the assessment stays pending with the
    failure recorded (:data:`ENQUEUE_FAILED` in ``verification_error``), and the next sweep
    sends it, not the stale period later."""
    transaction.on_commit(functools.partial(_send_verification, assessment_id), robust=True)


# The note of a pending verification whose task the broker did not take; the sweep sends
# every pending one carrying it, and clears it as it does.
ENQUEUE_FAILED = "not sent to the queue"


def _send_verification(assessment_id: int) -> None:
    from .tasks import verify_assessment  # the tasks module imports this one

    try:
        verify_assessment.delay(assessment_id)
    except Exception as exc:  # whatever stopped the message, it was not sent
        logger.warning(
            "assessment %s: verification not sent, the next sweep sends it: %s",
            assessment_id,
            describe_error(exc),
        )
        note = f"{ENQUEUE_FAILED} ({describe_error(exc)}); the next sweep sends it"
        try:
            Verification.objects.filter(pk=assessment_id, verification_state=State.PENDING).update(
                verification_error=note[:MAX_ERROR_CHARS], updated_at=timezone.now()
            )
        except DatabaseError:
            # The database is gone too: the sweep finds it pending past the stale period.
            logger.exception("assessment %s: could not record the failed send", assessment_id)


def verification_restart(*, assessment_id: int) -> bool:
    """Verify again (engine changed, or an admin asks): the next run gets a new run number,
    earlier corrections stay in the audit trail. False if the verification is not done/failed.
    Whether its results may still change is review's to say: ``reviews.services.
    assessment_reverify`` refuses approved ones and calls this."""
    with transaction.atomic():
        changed = VERIFICATION_TRANSITIONS.move(
            Verification.objects.filter(pk=assessment_id),
            Action.REVERIFY,
            verification_error="",
            updated_at=timezone.now(),
        )
        if changed:
            assessment_enqueue_verification(assessment_id=assessment_id)
    return bool(changed)


def _assessments_not_sent() -> list[int]:
    """Pending, carrying the note of a send the broker did not take (``_send_verification``)."""
    return list(
        Verification.objects.filter(
            verification_state=State.PENDING, verification_error__startswith=ENQUEUE_FAILED
        )
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def assessments_sweep(*, now: datetime | None = None) -> list[int]:
    """Send stuck assessments to the queue again. A pending one's clock restarts, so each is
    re-sent at most once per stale period however long the queue is. One whose task the
    broker did not take (it was down) is sent at the first sweep after. A running one whose
    claim's process this machine sees gone, or whose owner fell silent (on any machine), is
    stuck too, before its claim is stale."""
    now = now or timezone.now()
    SweepRun.objects.update_or_create(pk=1, defaults={"ran_at": now})  # check --deploy reads it
    stuck = assessments_stuck(now=now)
    stuck += [pk for pk in _assessments_not_sent() if pk not in stuck]
    stuck += [
        pk
        for pk, owner, silent in assessments_claimed(
            silent_after=timedelta(seconds=settings.VERIFICATION_SILENT_SECONDS)
        )
        if pk not in stuck and (silent or claim_owner_is_gone(owner))
    ]
    if stuck:
        pending = Verification.objects.filter(pk__in=stuck, verification_state=State.PENDING)
        pending.update(updated_at=now)
        # Sent now; a send that fails again records the note again.
        pending.filter(verification_error__startswith=ENQUEUE_FAILED).update(verification_error="")
        for assessment_id in stuck:
            assessment_enqueue_verification(assessment_id=assessment_id)
        logger.info("sweep: re-sent %s stuck assessment(s): %s", len(stuck), stuck)
    return stuck
