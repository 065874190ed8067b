"""One attempt at a time, in this process, against a local receiver on 127.0.0.1: signed,
recorded, retried with backoff, given up, in order per assessment, never redirected, never
sent to a guarded address; re-sent from the admin."""

import base64
import json
import time
from datetime import timedelta

import pytest
from django.test import override_settings
from django.utils import timezone

from reviews.services import assessment_reject
from webhooks.models import DeliveryStatus, WebhookDelivery
from webhooks.services import (
    DeliveryOutcome,
    attempt_lease,
    deliveries_due,
    deliveries_sweep,
    delivery_attempt,
    retry_delay,
)

from .conftest import endpoint_of, verified_assessment
from .receiver import Reply, receiving
from .test_signing import readme_verify


def make_due() -> None:
    WebhookDelivery.objects.update(next_attempt_at=timezone.now())


def test_a_delivery_arrives_signed_with_its_event_named(team):
    with receiving() as receiver:
        endpoint = endpoint_of(team, receiver.url)
        assessment = verified_assessment(team)
        delivery = WebhookDelivery.objects.get()
        assert delivery_attempt(delivery_id=delivery.pk) == DeliveryOutcome.DELIVERED
    [request] = receiver.requests
    body = json.loads(request.body)
    assert request.path == "/hooks"
    assert request.headers["Content-Type"] == "application/json"
    assert request.headers["Verbatim-Event"] == body["type"] == "verification.done"
    assert request.headers["Verbatim-Event-Id"] == body["id"] == str(delivery.event.public_id)
    assert body["assessment"]["id"] == assessment.pk
    assert readme_verify()(endpoint.secret, request.body, request.headers["Verbatim-Signature"])
    assert not readme_verify()("whsec_wrong", request.body, request.headers["Verbatim-Signature"])
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts, delivery.last_status_code) == ("delivered", 1, 200)
    assert delivery.delivered_at is not None and delivery.leased_until is None


@override_settings(WEBHOOK_MAX_ATTEMPTS=3, WEBHOOK_RETRY_BASE_SECONDS=30)
def test_a_failing_receiver_is_retried_with_backoff_then_given_up(team):
    with receiving(lambda request, n: Reply(status=503)) as receiver:
        endpoint_of(team, receiver.url)
        verified_assessment(team)
        delivery = WebhookDelivery.objects.get()
        started = timezone.now()
        assert delivery_attempt(delivery_id=delivery.pk) == DeliveryOutcome.RETRYING
        delivery.refresh_from_db()
        assert delivery.status == "pending" and delivery.last_status_code == 503
        assert delivery.last_error.startswith("answered 503")
        wait = (delivery.next_attempt_at - started).total_seconds()
        assert 29 < wait < 32
        assert delivery_attempt(delivery_id=delivery.pk) == DeliveryOutcome.NOT_DUE  # backoff
        make_due()
        assert delivery_attempt(delivery_id=delivery.pk) == DeliveryOutcome.RETRYING
        make_due()
        assert delivery_attempt(delivery_id=delivery.pk) == DeliveryOutcome.GIVEN_UP
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == (DeliveryStatus.FAILED, 3)
    assert len(receiver.requests) == 3


@pytest.mark.parametrize(
    ("attempts", "seconds"), [(1, 30), (2, 60), (3, 120), (7, 1920), (8, 3600), (15, 3600)]
)
def test_the_backoff_doubles_up_to_its_cap(attempts, seconds):
    assert retry_delay(attempts) == seconds


@override_settings(WEBHOOK_MAX_ATTEMPTS=2)
def test_a_later_event_waits_until_the_earlier_one_is_delivered_or_given_up(team, reviewer):
    with receiving(lambda request, n: Reply(status=500)) as receiver:
        endpoint_of(team, receiver.url)
        assessment = verified_assessment(team)
        verified_assessment(team, bundle_id="hooks-2")
        assessment_reject(assessment=assessment, reviewer=reviewer)
        first, second_other, later = WebhookDelivery.objects.order_by("pk")
        assert delivery_attempt(delivery_id=first.pk) == DeliveryOutcome.RETRYING
        make_due()
        # Another assessment's lane does not wait; this one's later event does.
        assert set(deliveries_due(now=timezone.now())) == {first, second_other}
        assert delivery_attempt(delivery_id=later.pk) == DeliveryOutcome.NOT_DUE
        assert delivery_attempt(delivery_id=first.pk) == DeliveryOutcome.GIVEN_UP
        assert later in deliveries_due(now=timezone.now())
        assert delivery_attempt(delivery_id=later.pk) == DeliveryOutcome.RETRYING
    assert [json.loads(r.body)["assessment"]["id"] for r in receiver.requests] == [
        assessment.pk,
        assessment.pk,
        assessment.pk,
    ]  # the other assessment's lane was due all along; this test sent only this one's


def test_a_redirect_is_not_followed(team):
    def redirect(request, n):
        if request.path == "/hooks":
            return Reply(status=302, headers=(("Location", "/elsewhere"),))
        return Reply()

    with receiving(redirect) as receiver:
        endpoint_of(team, receiver.url)
        verified_assessment(team)
        delivery = WebhookDelivery.objects.get()
        assert delivery_attempt(delivery_id=delivery.pk) == DeliveryOutcome.RETRYING
    assert [request.path for request in receiver.requests] == ["/hooks"]
    delivery.refresh_from_db()
    assert delivery.last_status_code == 302
    assert "redirects are not followed" in delivery.last_error


def test_a_delivery_to_a_guarded_address_is_refused_at_each_attempt(team):
    """Allowed when registered, refused when the attempt is made (the setting changed, or
    the name resolves elsewhere now): the receiver is never reached."""
    with receiving() as receiver:
        endpoint_of(team, receiver.url)
        verified_assessment(team)
        delivery = WebhookDelivery.objects.get()
        with override_settings(WEBHOOK_ALLOWED_NETWORKS=[]):
            assert delivery_attempt(delivery_id=delivery.pk) == DeliveryOutcome.RETRYING
    assert receiver.requests == []
    delivery.refresh_from_db()
    assert "resolves to 127.0.0.1, a loopback address (ssrf.loopback)" in delivery.last_error
    assert delivery.last_status_code is None


@override_settings(WEBHOOK_TIMEOUT_SECONDS=1)
def test_a_receiver_slower_than_the_timeout_is_a_failed_attempt(team):
    with receiving(lambda request, n: Reply(pause=2.5)) as receiver:
        endpoint_of(team, receiver.url)
        verified_assessment(team)
        delivery = WebhookDelivery.objects.get()
        started = time.monotonic()
        assert delivery_attempt(delivery_id=delivery.pk) == DeliveryOutcome.RETRYING
        assert time.monotonic() - started < 2
    delivery.refresh_from_db()
    assert "timed out" in delivery.last_error


def test_a_delivery_in_flight_is_not_claimed_twice(team):
    with receiving() as receiver:
        endpoint_of(team, receiver.url)
        verified_assessment(team)
        delivery = WebhookDelivery.objects.get()
        WebhookDelivery.objects.update(leased_until=timezone.now() + timedelta(seconds=30))
        assert delivery_attempt(delivery_id=delivery.pk) == DeliveryOutcome.NOT_DUE
        WebhookDelivery.objects.update(leased_until=timezone.now() - timedelta(seconds=1))
        assert delivery_attempt(delivery_id=delivery.pk) == DeliveryOutcome.DELIVERED
    assert len(receiver.requests) == 1


def test_the_admin_lists_deliveries_and_sends_them_again(team, admin_client):
    with receiving() as receiver:
        endpoint_of(team, receiver.url)
        verified_assessment(team)
        delivery = WebhookDelivery.objects.get()
        delivery_attempt(delivery_id=delivery.pk)
        page = admin_client.get("/admin/webhooks/webhookdelivery/")
        assert page.status_code == 200
        assert b"verification.done" in page.content and b"delivered" in page.content
        assert admin_client.get(f"/admin/webhooks/webhookdelivery/{delivery.pk}/change/")
        answer = admin_client.post(
            "/admin/webhooks/webhookdelivery/",
            {"action": "resend", "_selected_action": [delivery.pk]},
            follow=True,
        )
        assert b"Sending 1 delivery(ies) again" in answer.content
        delivery.refresh_from_db()
        assert (delivery.status, delivery.attempts) == ("pending", 0)
        assert delivery_attempt(delivery_id=delivery.pk) == DeliveryOutcome.DELIVERED
    assert len(receiver.requests) == 2
    assert receiver.requests[0].body == receiver.requests[1].body  # the same event again


def test_the_admin_makes_an_endpoint_and_shows_its_secret_once(team, admin_client):
    answer = admin_client.post(
        "/admin/webhooks/webhookendpoint/add/",
        {"team": team.pk, "url": "http://127.0.0.1:9/x", "events": ["quote.verdict"]},
        follow=True,
    )
    endpoint = team.webhook_endpoints.get()
    assert endpoint.secret.encode() in answer.content
    assert (
        endpoint.secret.encode()
        not in admin_client.get(f"/admin/webhooks/webhookendpoint/{endpoint.pk}/change/").content
    )
    refused = admin_client.post(
        "/admin/webhooks/webhookendpoint/add/",
        {"team": team.pk, "url": "http://10.0.0.8/x", "events": ["quote.verdict"]},
    )
    assert b"ssrf.private" in refused.content


def queued_delivery_ids(broker) -> list[int]:
    """The delivery ids of the tasks waiting in the tests' Redis queue, oldest first."""
    ids = []
    for raw in reversed(broker.lrange("celery", 0, -1)):
        message = json.loads(raw)
        assert message["headers"]["task"] == "webhooks.deliver"
        ids.append(json.loads(base64.b64decode(message["body"]))[0][0])
    return ids


def test_the_sweep_sends_what_is_due_once_not_at_every_sweep(team, broker):
    endpoint_of(team, "http://127.0.0.1:9/hooks")
    verified_assessment(team)
    delivery = WebhookDelivery.objects.get()
    now = timezone.now()
    assert deliveries_sweep(now=now) == []  # sent to the queue when it was made
    lost = now + attempt_lease() + timedelta(seconds=1)
    assert deliveries_sweep(now=lost) == [delivery.pk]  # that message may be lost: again
    assert deliveries_sweep(now=lost + timedelta(seconds=1)) == []
    # A retry is sent at the first sweep after its backoff, once.
    WebhookDelivery.objects.update(next_attempt_at=lost + timedelta(seconds=30))
    assert deliveries_sweep(now=lost + timedelta(seconds=20)) == []
    assert deliveries_sweep(now=lost + timedelta(seconds=31)) == [delivery.pk]
    assert deliveries_sweep(now=lost + timedelta(seconds=32)) == []
    assert queued_delivery_ids(broker) == [delivery.pk, delivery.pk]
