"""Running a generation: prompt from eligible sources, one call, layered validation, at most one
repair (EV-7), execution records for every call (EV-8), hand-over of a valid answer to
verification as an assessment.

The flow (seed 002)::

    first = generate(request); if valid(first): accept
    repaired = repair(request, first, errors); if valid(repaired): accept
    else: manual review

Transport failures are retried by the client only (bounded); a run that never got an
answer ends ``failed``, one whose repair call got no answer ends in manual review. Each step
follows from the execution records already written, so a run taken over from a dead worker
never repeats a recorded call.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from citations.engine import BundleError, Turn
from citations.imports import BundleConflict
from core.state_graph import StateGraph, transition
from reviews.imports import bundle_import
from reviews.models import Team

from .client import ChatClient, Completion, ModelCallFailed
from .costs import call_cost
from .models import (
    CallKind,
    ClarificationQuestion,
    ExecutionRecord,
    Generation,
    GenerationStatus,
    RecordStatus,
)
from .prompt import PROMPT_VERSION, build_messages, build_repair_messages
from .registry import schema_latest, schema_of
from .schemas import OutputSchema
from .selectors import answer_record, answered_fields, generations_stuck, hand_over_origin
from .sources import SourcesFile, turn_from_stored
from .validation import (
    VALIDATOR_VERSION,
    Completeness,
    Validation,
    ValidationError,
    answer_with_value,
    is_missing,
    validate_answer,
    within,
)

logger = logging.getLogger(__name__)

Status = GenerationStatus


class GenerationAction(StrEnum):
    CLAIM = "claim"
    ACCEPT = "accept"  # the first answer is valid
    ACCEPT_REPAIRED = "accept_repaired"
    SEND_TO_REVIEW = "send_to_review"
    FAIL = "fail"
    # A reviewer's way out of manual review (see ``generation_edit`` and below).
    ACCEPT_EDITED = "accept_edited"
    REJECT = "reject"
    RERUN = "rerun"


Action = GenerationAction
# The generation state graph, written down once.
GENERATION_TRANSITIONS = StateGraph(
    field="status",
    states=Status,
    transitions={
        # running -> running: another worker takes over a stale claim (see ``_claim``).
        Action.CLAIM: transition({Status.PENDING, Status.RUNNING}, Status.RUNNING),
        Action.ACCEPT: transition({Status.RUNNING}, Status.ACCEPTED),
        Action.ACCEPT_REPAIRED: transition({Status.RUNNING}, Status.REPAIRED),
        # manual_review -> manual_review: an edit that still fails, or whose hand-over is
        # refused, stays in review with its new reason.
        Action.SEND_TO_REVIEW: transition(
            {Status.RUNNING, Status.MANUAL_REVIEW}, Status.MANUAL_REVIEW
        ),
        Action.FAIL: transition({Status.RUNNING}, Status.FAILED),
        Action.ACCEPT_EDITED: transition({Status.MANUAL_REVIEW}, Status.EDITED),
        Action.REJECT: transition({Status.MANUAL_REVIEW}, Status.REJECTED),
        # A failed run (timeout, 5xx, 401) is re-run as a new one too.
        Action.RERUN: transition({Status.MANUAL_REVIEW, Status.FAILED}, Status.RERUN),
    },
)
HANDED_OVER = frozenset({Status.ACCEPTED, Status.REPAIRED, Status.EDITED})
MAX_FAILURE_CHARS = 2000


def evidence_quotes(schema: OutputSchema) -> list[dict[str, str]]:
    """Where the hand-over bundle finds the quotes in an answer: the schema's evidence."""
    quotes = {"path": f"$.{schema.evidence_array}[*]", "text": schema.evidence_excerpt}
    if schema.evidence_source:
        quotes["source"] = schema.evidence_source
    if schema.evidence_paragraph:
        quotes["paragraph"] = schema.evidence_paragraph
    return [quotes]


def _sources_sha256(paragraphs: tuple[str, ...]) -> str:
    return hashlib.sha256("\n\n".join(paragraphs).encode("utf-8")).hexdigest()


def input_fingerprint(turn: Turn) -> list[dict[str, Any]]:
    """Source ids, eligibility and a sha256 of each source's paragraphs (EV-8)."""
    return [
        {"id": s.id, "eligible": s.eligible, "sha256": _sources_sha256(s.paragraphs)}
        for s in turn.sources
    ]


def generation_create(
    *,
    sources_file: SourcesFile,
    schema_name: str,
    model_name: str,
    created_by=None,
    team: Team | None = None,
) -> Generation:
    """Store a pending generation; the turn's eligibility is fixed here (012.3). Its
    assessment will belong to ``team`` (none: only staff see it)."""
    registered = schema_latest(schema_name)  # KeyError names the registered ones
    return Generation.objects.create(
        title=sources_file.title,
        bundle_id=sources_file.bundle_id,
        schema_name=schema_name,
        schema=registered,
        model_name=model_name,
        prompt_version=PROMPT_VERSION,
        sources=sources_file.sources,
        created_by=created_by,
        team=team,
    )


def _move(generation_id: int, action: GenerationAction, **fields: Any) -> bool:
    """One conditional UPDATE from the states the graph allows ``action`` from; False when
    the row is gone or in another state. (Claims go through ``_claim``.)"""
    return bool(
        GENERATION_TRANSITIONS.move(Generation.objects.filter(pk=generation_id), action, **fields)
    )


# A call whose worker died (SIGKILL, out of memory, the hard time limit) is made again by
# the run that takes over, this many times at most: a call that kills its worker each time
# must end, as verification's crash loop does.
MAX_WORKER_STOPS = 2
WORKER_STOPPED = "the worker stopped during this call (killed, out of memory or past the "
WORKER_STOPPED += "hard time limit)"


def _call(
    *,
    generation: Generation,
    kind: CallKind,
    body: dict[str, Any],
    turn: Turn,
    schema: OutputSchema,
    client: ChatClient,
    unfinished: ExecutionRecord | None = None,
) -> ExecutionRecord:
    """One model call, validated and recorded (EV-8), whatever came back. The record is
    written before the call (``calling``), so a worker that dies during it leaves a record;
    ``unfinished`` is such a record, whose call is made again with the stop in its trace."""
    started_at = timezone.now()
    common = {
        "model_name": body["model"],
        "prompt_version": generation.prompt_version,
        "schema_name": schema.name,
        "schema_version": schema.version,
        "validator_version": VALIDATOR_VERSION,
        "input_sources": input_fingerprint(turn),
        "request": body,
        "started_at": started_at,
        "duration_ms": 0,
    }
    if unfinished is None:
        record = ExecutionRecord.objects.create(
            generation=generation, kind=kind, status=RecordStatus.CALLING, **common
        )
        retried: list[dict[str, str]] = []
    else:
        record = unfinished
        stop = {"at": record.started_at.isoformat(), "error": WORKER_STOPPED}
        retried = [*record.retried, stop]
        stops = sum(attempt["error"] == WORKER_STOPPED for attempt in retried)
        if stops >= MAX_WORKER_STOPS:
            failure = f"{WORKER_STOPPED}, {stops} times; not tried again"
            return _record_update(
                record,
                status=RecordStatus.TRANSPORT_ERROR,
                transport_error=failure,
                retried=retried,
            )
        _record_update(record, **common, retried=retried)
    started = time.monotonic()
    completion: Completion | None = None
    failure = ""
    try:
        completion = client.complete(body)
    except ModelCallFailed as exc:
        failure = str(exc)
        retried += exc.retried
    except SoftTimeLimitExceeded:
        # Recorded, and the run goes on to its end state within the grace the hard limit
        # leaves, instead of staying "running" until the sweep.
        failure = f"cut by the task's soft time limit ({settings.CELERY_TASK_SOFT_TIME_LIMIT} s)"
    duration_ms = round((time.monotonic() - started) * 1000)
    if completion is None:
        return _record_update(
            record,
            status=RecordStatus.TRANSPORT_ERROR,
            transport_error=failure,
            duration_ms=duration_ms,
            retried=retried,
        )
    cost = call_cost(
        body["model"],
        completion.prompt_tokens,
        completion.completion_tokens,
        prices=settings.LLM_PRICES,
    )
    if completion.refusal:
        # A refusal is no answer to validate or repair: kept as it came, for the reviewer.
        answer: dict[str, Any] = {
            "raw_response": completion.refusal.replace("\x00", "\ufffd"),
            "status": RecordStatus.REFUSED,
        }
    else:
        answer = _answer_fields(completion.text, validate_answer(completion.text, turn, schema))
    return _record_update(
        record,
        **answer,
        duration_ms=duration_ms,
        retried=[*retried, *completion.retried],
        prompt_tokens=completion.prompt_tokens,
        completion_tokens=completion.completion_tokens,
        total_tokens=completion.total_tokens,
        cost=cost,
        cost_currency=settings.LLM_PRICE_CURRENCY if cost is not None else "",
    )


def _record_update(record: ExecutionRecord, **fields: Any) -> ExecutionRecord:
    for name, value in fields.items():
        setattr(record, name, value)
    record.save(update_fields=list(fields))
    return record


def _answer_fields(text: str, validation: Validation) -> dict[str, Any]:
    """An answer and its validation, as an execution record stores them."""
    return {
        # PostgreSQL text cannot hold NUL; such an answer already failed EV-1.
        "raw_response": text.replace("\x00", "\ufffd"),
        "parsed": validation.parsed,
        "status": RecordStatus.VALID if validation.valid else RecordStatus.INVALID,
        "errors": [e.as_dict() for e in validation.errors],
        "coverage": [c.as_dict() for c in validation.coverage],
        "completeness": [c.as_dict() for c in validation.completeness],
        "values": [v.as_dict() for v in validation.values],
    }


class RunSkipped(StrEnum):
    GONE = "skipped"  # no such run, or it already ended
    BUSY = "busy"  # another worker holds a fresh claim: try again after the stale period


def stale_after() -> timedelta:
    """A claim older than this was abandoned (its worker died): the verification stale
    period, which outlasts the task time limit, so a live run is never taken over."""
    return timedelta(seconds=settings.VERIFICATION_STALE_SECONDS)


def _claim(generation_id: int) -> bool:
    """Take the run with one conditional UPDATE: a pending one, or a running one whose
    claim went stale. 0 rows: someone else has it, or it is finished."""
    now = timezone.now()
    stale = Q(status=Status.RUNNING) & (
        Q(claimed_at__lt=now - stale_after()) | Q(claimed_at__isnull=True)
    )
    claimable = Generation.objects.filter(Q(status=Status.PENDING) | stale, pk=generation_id)
    return bool(GENERATION_TRANSITIONS.move(claimable, Action.CLAIM, claimed_at=now))


def generation_run(*, generation_id: int, client: ChatClient) -> Generation | RunSkipped:
    """Run a generation to its end state. A run taken over from a dead worker resumes from
    its execution records: a call already recorded is never made again."""
    if not _claim(generation_id):
        running = Generation.objects.filter(pk=generation_id, status=Status.RUNNING).exists()
        return RunSkipped.BUSY if running else RunSkipped.GONE
    generation = Generation.objects.get(pk=generation_id)
    try:
        return _run_claimed(generation, client)
    except Exception as exc:
        # Never leave a run "running" forever; the records written so far are kept.
        _finish(generation, Action.FAIL, failure=f"internal error: {type(exc).__name__}: {exc}")
        raise


def _run_claimed(generation: Generation, client: ChatClient) -> Generation:
    turn = turn_from_stored(generation.sources)
    schema = schema_of(generation)
    messages = build_messages(turn, schema)
    done = {record.kind: record for record in generation.records.all()}

    def call(kind: CallKind, request: list[dict[str, Any]]) -> ExecutionRecord:
        recorded = done.get(kind)
        if recorded is not None and recorded.status != RecordStatus.CALLING:
            return recorded  # made already: never again
        body = client.request_body(request, schema, model=generation.model_name)
        return _call(
            generation=generation,
            kind=kind,
            body=body,
            turn=turn,
            schema=schema,
            client=client,
            unfinished=recorded,
        )

    first = call(CallKind.INITIAL, messages)
    if first.status == RecordStatus.TRANSPORT_ERROR:
        return _finish(generation, Action.FAIL, failure=first.transport_error)
    if first.status == RecordStatus.VALID:
        return generation_hand_over(generation=generation, record=first, action=Action.ACCEPT)
    if first.status == RecordStatus.REFUSED:
        failure = f"the model refused to answer (no repair made): {first.raw_response}"
        return _finish(generation, Action.SEND_TO_REVIEW, failure=failure)

    errors = [ValidationError(**error) for error in first.errors]
    second = call(
        CallKind.REPAIR, build_repair_messages(messages, first.raw_response, errors, schema)
    )
    if second.status == RecordStatus.VALID:
        return generation_hand_over(
            generation=generation, record=second, action=Action.ACCEPT_REPAIRED
        )
    if second.status == RecordStatus.TRANSPORT_ERROR:
        failure = f"repair call got no answer: {second.transport_error}"
    elif second.status == RecordStatus.REFUSED:
        failure = f"the model refused the repair: {second.raw_response}"
    else:
        failure = f"repaired answer still invalid ({len(second.errors)} error(s))"
    return _finish(generation, Action.SEND_TO_REVIEW, failure=failure)


def _finish(
    generation: Generation, action: GenerationAction, *, failure: str = "", **fields: Any
) -> Generation:
    status = GENERATION_TRANSITIONS.target(action)
    if not _move(
        generation.pk,
        action,
        failure=failure[:MAX_FAILURE_CHARS],
        finished_at=timezone.now(),
        **fields,
    ):
        logger.warning("generation %s: moved by someone else; not set to %s", generation.pk, status)
    else:
        logger.info("generation %s: %s %s", generation.pk, status, failure)
    generation.refresh_from_db()
    return generation


def hand_over_bundle(*, generation: Generation, record: ExecutionRecord) -> dict[str, Any]:
    """The bundle for verification: the turn's sources with eligibility as computed, the raw
    answer as JSON, evidence excerpts as the quotes, the execution record as meta.

    The meta names the run that first handed over under this bundle id: a re-run with
    identical content then builds the identical bundle, which ``bundle_import`` takes as the
    one already stored instead of refusing it as other content under the same id."""
    bundle_id = generation.bundle_id or f"generation-{generation.pk}"
    origin = hand_over_origin(bundle_id=bundle_id, team=generation.team) or {
        "generation": generation.pk,
        "execution_record": record.pk,
    }
    bundle: dict[str, Any] = {
        "bundle_version": 1,
        "id": bundle_id,
        "meta": {
            "model": record.model_name,
            "prompt_version": record.prompt_version,
            "schema": record.schema_name,
            "schema_version": record.schema_version,
            **origin,
        },
        "sources": generation.sources,
        "response": {
            "format": "json",
            "text": record.raw_response,
            "quotes": evidence_quotes(schema_of(generation)),
        },
    }
    if generation.title:
        bundle["title"] = generation.title
    return bundle


def generation_hand_over(
    *, generation: Generation, record: ExecutionRecord, action: GenerationAction, **fields: Any
) -> Generation:
    """Store the valid answer as an assessment; ``bundle_import`` queues its verification once
    this commits. A re-run whose answer is already stored under its bundle id, identical,
    ends with that assessment; a bundle id already used for other content cannot be stored:
    the run goes to manual review instead. The answer's clarification questions are stored
    open (an answered one stays answered), so its assessment waits for them."""
    try:
        with transaction.atomic():
            result = bundle_import(
                raw=hand_over_bundle(generation=generation, record=record), team=generation.team
            )
            if result.created:
                _questions_store(generation=generation, record=record)
            link = "assessment" if result.created else "reused_assessment"
            return _finish(generation, action, **{**fields, link: result.assessment})
    except (BundleConflict, BundleError) as exc:
        return _finish(generation, Action.SEND_TO_REVIEW, failure=f"hand-over refused: {exc}")


def _questions_store(*, generation: Generation, record: ExecutionRecord) -> None:
    for row in record.completeness:
        if row["status"] == Completeness.NEEDS_INPUT:
            ClarificationQuestion.objects.get_or_create(
                generation=generation,
                field=row["field"],
                defaults={"question": row["question"], "asked_in": record},
            )


def generation_enqueue(*, generation_id: int) -> None:
    """Run the generation in a worker once the current transaction commits."""
    from .tasks import run_generation  # the tasks module imports this one

    transaction.on_commit(lambda: run_generation.delay(generation_id), robust=True)


def generations_sweep(*, now: datetime | None = None) -> list[int]:
    """Send stuck generations to the queue again; a second message for a live run is
    harmless (the claim turns it away)."""
    stuck = generations_stuck(now=now or timezone.now(), stale_after=stale_after())
    for generation_id in stuck:
        generation_enqueue(generation_id=generation_id)
    if stuck:
        logger.info("sweep: re-sent %s stuck generation(s): %s", len(stuck), stuck)
    return stuck


# Manual review: a reviewer's way out of it. Each action locks the run and starts only from
# manual review (questions also from a handed-over answer), so two reviewers cannot both
# decide; the other gets ``ReviewRefused`` and nothing changes.


class ReviewRefused(Exception):
    """A reviewer's action that cannot be taken; the message says why, for the reviewer."""


class AnswerRefused(ReviewRefused):
    """A clarification question's answer that the schema refuses for the value."""


def _locked(
    generation_id: int,
    *,
    action: GenerationAction | None = None,
    states: frozenset[str] = frozenset(),
) -> Generation:
    """The run, locked, if it is in a state ``action`` may start from (or in ``states``)."""
    generation = Generation.objects.select_for_update().filter(pk=generation_id).first()
    if generation is None:
        raise ReviewRefused(f"there is no generation {generation_id}")
    allowed = GENERATION_TRANSITIONS.sources(action) if action else states
    if generation.status not in allowed:
        raise ReviewRefused(
            f"generation {generation.pk} is {generation.get_status_display()} now, not in "
            "manual review; nothing was changed"
        )
    return generation


def _edit(generation: Generation, *, text: str, editor) -> Generation:
    """Validate a reviewer's answer like a model's, record it as a human edit, and hand it
    over when it is valid; otherwise the run stays in review with the new errors."""
    turn = turn_from_stored(generation.sources)
    schema = schema_of(generation)
    validation = validate_answer(text, turn, schema, answered=answered_fields(generation))
    now = timezone.now()
    record = ExecutionRecord.objects.create(
        generation=generation,
        kind=CallKind.HUMAN_EDIT,
        edited_by=editor,
        model_name=generation.model_name,  # the answer edited is that model's
        prompt_version=generation.prompt_version,
        schema_name=schema.name,
        schema_version=schema.version,
        validator_version=VALIDATOR_VERSION,
        input_sources=input_fingerprint(turn),
        request={},  # no model call
        started_at=now,
        duration_ms=0,
        **_answer_fields(text, validation),
    )
    decided = {"reviewed_by": editor, "reviewed_at": now}
    if validation.valid:
        return generation_hand_over(
            generation=generation, record=record, action=Action.ACCEPT_EDITED, **decided
        )
    failure = (
        f"answer edited by {editor.get_username()} still invalid ({len(record.errors)} error(s))"
    )
    return _finish(generation, Action.SEND_TO_REVIEW, failure=failure)


def generation_edit(*, generation_id: int, text: str, editor) -> Generation:
    """A reviewer's edit of the answer of a run in manual review (a record of its own)."""
    with transaction.atomic():
        generation = _locked(generation_id, action=Action.ACCEPT_EDITED)
        return _edit(generation, text=text, editor=editor)


def generation_reject(*, generation_id: int, reviewer, reason: str) -> Generation:
    if not reason.strip():
        raise ReviewRefused("reason: say why the answer is rejected")
    with transaction.atomic():
        generation = _locked(generation_id, action=Action.REJECT)
        return _finish(
            generation,
            Action.REJECT,
            failure=generation.failure,
            reviewed_by=reviewer,
            reviewed_at=timezone.now(),
            review_comment=reason.strip(),
        )


def generation_rerun(*, generation_id: int, reviewer) -> Generation:
    """End a run in manual review, or a failed one, as re-run and queue a new run of the
    same sources, schema and model with today's prompt; returns the new run."""
    with transaction.atomic():
        generation = _locked(generation_id, action=Action.RERUN)
        _finish(
            generation,
            Action.RERUN,
            failure=generation.failure,
            reviewed_by=reviewer,
            reviewed_at=timezone.now(),
        )
        rerun = Generation.objects.create(
            title=generation.title,
            bundle_id=generation.bundle_id,
            schema_name=generation.schema_name,
            schema=generation.schema,
            model_name=generation.model_name,
            prompt_version=PROMPT_VERSION,
            sources=generation.sources,
            created_by=reviewer,
            team=generation.team,
            rerun_of=generation,
        )
        generation_enqueue(generation_id=rerun.pk)
    return rerun


def question_answer(*, generation_id: int, field: str, value: Any, reviewer) -> Generation:
    """A reviewer's answer to a clarification question: the value, with the reviewer as its
    evidence. In manual review the value goes into the answer, which is validated again as a
    human edit (and handed over if it is valid now); for a handed-over answer it is recorded,
    so its assessment may be approved. A value the schema refuses changes nothing."""
    with transaction.atomic():
        generation = _locked(generation_id, states=HANDED_OVER | {Status.MANUAL_REVIEW})
        record = answer_record(generation=generation)
        asked = {
            row["field"]: row["question"]
            for row in (record.completeness if record else [])
            if row["status"] == Completeness.NEEDS_INPUT
        }
        open_question = generation.questions.filter(field=field, answered_at__isnull=True).first()
        if (
            record is None
            or not isinstance(record.parsed, dict)  # no JSON answer: no questions asked
            or field not in asked
            or (generation.status in HANDED_OVER and open_question is None)
        ):
            raise ReviewRefused(f"{field}: there is no open question about this value")
        if is_missing(value):
            # An empty value would close the question without answering it (issue 32).
            raise AnswerRefused(f"{field}: {json.dumps(value)} is no answer; give the value")
        schema = schema_of(generation)
        try:
            answer = answer_with_value(record.parsed, field, value, schema)
        except ValueError as exc:
            raise AnswerRefused(str(exc)) from None
        text = json.dumps(answer, ensure_ascii=False)
        answered = {**answered_fields(generation), field: reviewer.get_username()}
        check = validate_answer(
            text, turn_from_stored(generation.sources), schema, answered=answered
        )
        refused = [
            e for e in check.errors if within(e.path, f"$.{field}") and e.rule.startswith("schema.")
        ]
        if refused:
            raise AnswerRefused(f"{field}: {refused[0].message}")
        ClarificationQuestion.objects.update_or_create(
            generation=generation,
            field=field,
            defaults={
                "question": asked[field],
                "asked_in": record,
                "answer": value,
                "answered_by": reviewer,
                "answered_at": timezone.now(),
            },
        )
        if generation.status == Status.MANUAL_REVIEW:
            return _edit(generation, text=text, editor=reviewer)
        return generation
