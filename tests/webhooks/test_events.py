"""Events are recorded in the transaction of the change that makes them: a verification
stored or failed, a review decision, a quote verdict; one delivery per endpoint of the
assessment's team that wants the event, none when the change rolls back."""

import json

import pytest
from django.db import transaction

from citations.services import assessment_fail
from reviews.models import Team
from reviews.services import ReviewConflict, assessment_reject, assessment_return
from reviews.verdicts import quote_verdict_give
from tests.factories import assessment_update
from webhooks.models import DeliveryStatus, WebhookDelivery, WebhookEvent

from .conftest import endpoint_of, verified_assessment

URL = "http://127.0.0.1:9/hooks"


def bodies() -> list[dict]:
    return [json.loads(event.body) for event in WebhookEvent.objects.order_by("pk")]


def test_each_change_records_its_event_with_the_assessment_named(team, reviewer):
    endpoint = endpoint_of(team, URL)
    assessment = verified_assessment(team)
    quote = assessment.verification.quotes.get(n=1)
    quote_verdict_give(assessment=assessment, quote=quote, reviewer=reviewer, action="overrule")
    assessment_return(assessment=assessment, reviewer=reviewer, comment="check quote 1")
    events = bodies()
    assert [event["type"] for event in events] == [
        "verification.done",
        "quote.verdict",
        "review.decided",
    ]
    assert len({event["id"] for event in events}) == 3
    for event in events:
        assert event["assessment"] == {
            "id": assessment.pk,
            "bundle_id": "hooks-1",
            "links": {
                "self": f"/api/assessments/{assessment.pk}",
                "export": f"/api/assessments/{assessment.pk}/export",
                "page": f"/assessments/{assessment.pk}/",
            },
        }
    done, verdict, decided = (event["data"] for event in events)
    assert done["verification_state"] == "done" and done["verification_run"] == 1
    assert done["counts"]["found"] == assessment.verification.quotes_found == 2
    assert verdict["quote"] == 1 and verdict["verdict"]["action"] == "overrule"
    assert verdict["verdict"]["by"] == "rita"
    assert decided == {
        "action": "return",
        "review_state": "returned",
        "by": "rita",
        "at": decided["at"],
        "comment": "check quote 1",
    }
    deliveries = WebhookDelivery.objects.order_by("pk")
    assert [(d.endpoint, d.assessment_id, d.status) for d in deliveries] == [
        (endpoint, assessment.pk, DeliveryStatus.PENDING)
    ] * 3


def test_a_failed_verification_is_an_event_with_its_error(team):
    endpoint_of(team, URL, ["verification.failed"])
    assessment = verified_assessment(team)  # done: not wanted by this endpoint
    type(assessment.verification).objects.filter(pk=assessment.pk).update(
        verification_state="pending"
    )
    assert assessment_fail(assessment_id=assessment.pk, error="the source file was unreadable")
    [event] = bodies()
    assert event["type"] == "verification.failed"
    assert event["data"] == {
        "verification_state": "failed",
        "verification_error": "the source file was unreadable",
    }


def test_only_the_endpoints_of_the_assessments_team_that_want_the_event_get_it(team):
    wants = endpoint_of(team, URL, ["verification.done"])
    endpoint_of(team, URL, ["review.decided"])
    endpoint_of(Team.objects.create(name="others"), URL)
    verified_assessment(team)
    assert [d.endpoint for d in WebhookDelivery.objects.all()] == [wants]


def test_an_assessment_without_a_team_records_no_event(team):
    endpoint_of(team, URL)
    assessment = verified_assessment(team)
    WebhookEvent.objects.all().delete()
    assessment_update(assessment.pk, team=None, verification_state="pending")
    assert assessment_fail(assessment_id=assessment.pk, error="x")
    assert not WebhookEvent.objects.exists()


def test_a_change_that_rolls_back_leaves_no_event(team, reviewer):
    endpoint_of(team, URL)
    assessment = verified_assessment(team)
    before = WebhookEvent.objects.count()
    with pytest.raises(RuntimeError), transaction.atomic():
        assessment_reject(assessment=assessment, reviewer=reviewer)
        assert WebhookEvent.objects.count() == before + 1
        raise RuntimeError("the request failed after the decision")
    assert WebhookEvent.objects.count() == before
    assessment_reject(assessment=assessment, reviewer=reviewer)
    with pytest.raises(ReviewConflict):  # a refused decision records nothing either
        assessment_reject(assessment=assessment, reviewer=reviewer)
    assert WebhookEvent.objects.count() == before + 1
