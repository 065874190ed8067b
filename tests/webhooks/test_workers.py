"""Deliveries by real celery workers (with beat's sweep) to a local receiver on 127.0.0.1:
signed and in order per assessment; every event once when the receiver was down for a
while; still delivered when the worker is SIGKILLed mid-delivery (then possibly twice, with
the same event id)."""

import json
import socket
import threading
from collections import Counter

import pytest
from django.contrib.auth import get_user_model

from reviews.models import Assessment
from reviews.services import assessment_reject, assessment_return
from reviews.verdicts import quote_verdict_give
from tests.pipeline.conftest import wait_until
from webhooks.models import DeliveryStatus, WebhookDelivery, WebhookEvent

from .conftest import endpoint_of, verified_assessment
from .receiver import Receiver, Reply, receiving
from .test_signing import readme_verify

pytestmark = pytest.mark.worker

# Retries a second apart, beat's sweep every second; an attempt may take 4 s per step
# (a loaded test machine is slow to read an answer) and holds its lease 3 × 4 s.
WEBHOOK_ENV = {
    "WEBHOOK_RETRY_BASE_SECONDS": "1",
    "WEBHOOK_RETRY_MAX_SECONDS": "1",
    "WEBHOOK_SWEEP_SECONDS": "1",
    "WEBHOOK_TIMEOUT_SECONDS": "4",
    "WEBHOOK_MAX_ATTEMPTS": "100",
}


@pytest.fixture
def start_hook_worker(start_worker, tmp_path):
    def start(name: str):
        return start_worker(
            name, args=("--beat", f"--schedule={tmp_path / f'{name}-beat'}"), **WEBHOOK_ENV
        )

    return start


@pytest.fixture
def team(transactional_db):
    from reviews.models import Team

    return Team.objects.create(name="pipelines")


@pytest.fixture
def reviewer(team):
    user = get_user_model().objects.create_user("rita", password="pw-rita-1234")
    team.members.add(user)
    return user


def events_of_reviewed_assessments(team, reviewer, count: int = 2) -> dict[int, list[str]]:
    """``count`` assessments, each with four events (done, verdict, returned, rejected), made
    in turn; their event ids per assessment, in the order they were made."""
    assessments = [verified_assessment(team, bundle_id=f"hooks-{n}") for n in range(count)]
    for assessment in assessments:
        quote = assessment.verification.quotes.get(n=1)
        quote_verdict_give(assessment=assessment, quote=quote, reviewer=reviewer, action="overrule")
    for assessment in assessments:
        assessment_return(
            assessment=Assessment.objects.get(pk=assessment.pk), reviewer=reviewer, comment="see 1"
        )
        assessment_reject(assessment=Assessment.objects.get(pk=assessment.pk), reviewer=reviewer)
    return {
        assessment.pk: [
            str(public_id)
            for public_id in WebhookEvent.objects.filter(assessment=assessment)
            .order_by("pk")
            .values_list("public_id", flat=True)
        ]
        for assessment in assessments
    }


def arrived_per_assessment(receiver: Receiver) -> dict[int, list[str]]:
    """The event ids each assessment's deliveries were accepted with (2xx), in that order."""
    arrived: dict[int, list[str]] = {}
    for request in receiver.delivered():
        body = json.loads(request.body)
        arrived.setdefault(body["assessment"]["id"], []).append(body["id"])
    return arrived


def all_arrived(receiver: Receiver, expected: dict[int, list[str]]):
    return lambda: (
        {e for ids in arrived_per_assessment(receiver).values() for e in ids}
        == {e for ids in expected.values() for e in ids}
    )


def test_events_arrive_signed_and_in_order_per_assessment(start_hook_worker, team, reviewer):
    """Each assessment's first event is refused twice (503) and the others accepted at once:
    the later events must still wait for it, so the accepted order is the order the events
    were made."""
    refusals: Counter[str] = Counter()
    lock = threading.Lock()

    def first_event_refused_twice(request, n) -> Reply:
        if request.headers["Verbatim-Event"] != "verification.done":
            return Reply()
        with lock:
            refusals[request.headers["Verbatim-Event-Id"]] += 1
            return Reply(status=503 if refusals[request.headers["Verbatim-Event-Id"]] <= 2 else 200)

    with receiving(first_event_refused_twice) as receiver:
        endpoint = endpoint_of(team, receiver.url)
        worker = start_hook_worker("hooks")
        expected = events_of_reviewed_assessments(team, reviewer)
        wait_until(
            all_arrived(receiver, expected),
            timeout=90,
            message=lambda: f"arrived {arrived_per_assessment(receiver)}\n{worker.log()}",
        )
    assert arrived_per_assessment(receiver) == expected
    for request in receiver.requests:
        assert readme_verify()(endpoint.secret, request.body, request.headers["Verbatim-Signature"])
    statuses = WebhookDelivery.objects.values_list("status", "attempts")
    assert Counter(statuses) == {(DeliveryStatus.DELIVERED, 3): 2, (DeliveryStatus.DELIVERED, 1): 6}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_receiver_that_was_down_gets_every_event_once_it_is_up(start_hook_worker, team, reviewer):
    port = free_port()
    endpoint_of(team, f"http://127.0.0.1:{port}/hooks")  # nothing listens there yet
    worker = start_hook_worker("hooks")
    expected = events_of_reviewed_assessments(team, reviewer)
    wait_until(
        lambda: WebhookDelivery.objects.filter(attempts__gte=3).count() == 2,
        timeout=60,
        message=lambda: f"{list(WebhookDelivery.objects.values())}\n{worker.log()}",
    )
    down = WebhookDelivery.objects.filter(attempts__gte=3).first()
    assert "ConnectionRefusedError" in down.last_error and down.status == "pending"
    with receiving(port=port) as receiver:
        wait_until(
            all_arrived(receiver, expected),
            timeout=90,
            message=lambda: f"arrived {arrived_per_assessment(receiver)}\n{worker.log()}",
        )
    assert arrived_per_assessment(receiver) == expected  # in order, and each once
    assert len(receiver.requests) == 8
    assert set(WebhookDelivery.objects.values_list("status", flat=True)) == {"delivered"}


def test_a_worker_killed_mid_delivery_loses_nothing(start_hook_worker, team, reviewer):
    """SIGKILL while the receiver holds the first delivery: a new worker sends it again once
    the attempt's lease is over (the same event id, so a receiver deduplicates), then the
    assessment's next event."""
    in_flight = threading.Event()

    def first_held(request, n) -> Reply:
        if n == 0:
            in_flight.set()
            return Reply(pause=4)
        return Reply()

    with receiving(first_held) as receiver:
        endpoint_of(team, receiver.url)
        doomed = start_hook_worker("doomed")
        assessment = verified_assessment(team)
        assert in_flight.wait(timeout=60), doomed.log()
        doomed.kill()
        assessment_reject(assessment=assessment, reviewer=reviewer)
        expected = {
            assessment.pk: [
                str(e)
                for e in WebhookEvent.objects.order_by("pk").values_list("public_id", flat=True)
            ]
        }
        successor = start_hook_worker("successor")
        wait_until(
            all_arrived(receiver, expected),
            timeout=90,
            message=lambda: f"arrived {arrived_per_assessment(receiver)}\n{successor.log()}",
        )
    first_id, decided_id = expected[assessment.pk]
    sent = [json.loads(request.body)["id"] for request in receiver.requests]
    assert sent[:2] == [first_id, first_id], "sent again, with the same event id"
    assert arrived_per_assessment(receiver)[assessment.pk][-1] == decided_id
    killed = WebhookDelivery.objects.get(event__public_id=first_id)
    assert (killed.status, killed.attempts) == (DeliveryStatus.DELIVERED, 2)
