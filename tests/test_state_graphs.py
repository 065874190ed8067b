"""The three state graphs walked through the code that enforces them (issue 16, item 4): from
every state, every transition the table allows goes through and every other is refused."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from citations.bundles import engine_bundle
from citations.engine import verify_bundle
from citations.models import Verification, VerificationState
from citations.services import (
    VERIFICATION_TRANSITIONS,
    Claim,
    _release_quietly,
    assessment_claim,
    assessment_fail,
    assessment_store_results,
    verification_restart,
)
from citations.storage import turn_sources
from core.state_graph import StateGraph, transition
from generation import services as generation_services
from generation.models import Generation, GenerationStatus, RegisteredSchema
from generation.services import GENERATION_TRANSITIONS, GenerationAction
from reviews.models import Assessment, ReviewAction, ReviewState
from reviews.services import (
    REVIEW_TRANSITIONS,
    ReviewConflict,
    assessment_approve,
    assessment_reject,
    assessment_return,
)
from tests.factories import make_assessment

pytestmark = pytest.mark.django_db


def _claim_of(row: Verification) -> Claim:
    return Claim(assessment_id=row.pk, attempt=row.verification_attempts, assessment=row)


def _store(row: Verification) -> None:
    sources = turn_sources(row.turn_id)
    bundle = engine_bundle(row, sources)
    assessment_store_results(
        claim=_claim_of(row),
        bundle=bundle,
        report=verify_bundle(bundle),
        source_ids={source.key: source.pk for source in sources},
    )


VERIFICATION_ACTIONS = {
    "claim": lambda row: assessment_claim(assessment_id=row.pk),
    "store": _store,
    "release": lambda row: _release_quietly(_claim_of(row)),
    "fail": lambda row: assessment_fail(assessment_id=row.pk, error="walked"),
    "reverify": lambda row: verification_restart(assessment_id=row.pk),
}


def test_every_verification_action_is_walked():
    assert set(VERIFICATION_ACTIONS) == set(VERIFICATION_TRANSITIONS)


@pytest.mark.parametrize("state", list(VerificationState))
@pytest.mark.parametrize("action", list(VERIFICATION_TRANSITIONS))
def test_verification_graph(action, state):
    assessment = make_assessment()
    # A running claim long past the stale period: claiming it again is the graph's
    # running -> running (a fresh claim is only busy).
    long_ago = timezone.now() - timedelta(days=1)
    Verification.objects.filter(pk=assessment.pk).update(
        verification_state=state, verification_started_at=long_ago
    )
    VERIFICATION_ACTIONS[action](Verification.objects.get(pk=assessment.pk))
    edge = VERIFICATION_TRANSITIONS[action]
    expected = edge.target if state in edge.sources else state
    assert Verification.objects.get(pk=assessment.pk).verification_state == expected


REVIEW_ACTIONS = {
    ReviewAction.APPROVE: lambda a, reviewer: assessment_approve(assessment=a, reviewer=reviewer),
    ReviewAction.REJECT: lambda a, reviewer: assessment_reject(assessment=a, reviewer=reviewer),
    ReviewAction.RETURN: lambda a, reviewer: assessment_return(
        assessment=a, reviewer=reviewer, comment="walked"
    ),
}


def test_every_review_action_is_walked():
    assert set(REVIEW_ACTIONS) == set(REVIEW_TRANSITIONS)


def test_every_generation_action_is_in_the_graph():
    assert set(GenerationAction) == set(GENERATION_TRANSITIONS)


@pytest.mark.parametrize("state", list(ReviewState))
@pytest.mark.parametrize("action", list(ReviewAction))
def test_review_graph(action, state):
    reviewer = get_user_model().objects.create(username="walker", is_staff=True)
    assessment = make_assessment()
    Verification.objects.filter(pk=assessment.pk).update(verification_state=VerificationState.DONE)
    Assessment.objects.filter(pk=assessment.pk).update(review_state=state)
    edge = REVIEW_TRANSITIONS[action]
    assessment = Assessment.objects.get(pk=assessment.pk)
    if state in edge.sources:
        REVIEW_ACTIONS[action](assessment, reviewer)
    else:
        with pytest.raises(ReviewConflict):
            REVIEW_ACTIONS[action](assessment, reviewer)
    expected = edge.target if state in edge.sources else state
    assert Assessment.objects.get(pk=assessment.pk).review_state == expected


def _generation() -> Generation:
    return Generation.objects.create(
        bundle_id="walk",
        schema_name="task-procedure-v1",
        schema=RegisteredSchema.objects.get(name="task-procedure-v1"),
        model_name="m",
        prompt_version="v",
        sources=[],
    )


@pytest.mark.parametrize("state", list(GenerationStatus))
@pytest.mark.parametrize("action", list(GenerationAction))
def test_generation_graph(state, action):
    generation = _generation()
    # claimed_at unset: a running generation's claim counts as stale, so running -> running
    # (a takeover) is reachable.
    Generation.objects.filter(pk=generation.pk).update(status=state, claimed_at=None)
    if action == GenerationAction.CLAIM:
        moved = generation_services._claim(generation.pk)  # claims have their own guard
    else:
        moved = generation_services._move(generation.pk, action)
    edge = GENERATION_TRANSITIONS[action]
    allowed = state in edge.sources
    assert moved == allowed
    assert Generation.objects.get(pk=generation.pk).status == (edge.target if allowed else state)


@pytest.mark.parametrize(
    "graph, states",
    [
        (VERIFICATION_TRANSITIONS, VerificationState),
        (REVIEW_TRANSITIONS, ReviewState),
        (GENERATION_TRANSITIONS, GenerationStatus),
    ],
    ids=["verification", "review", "generation"],
)
def test_each_graph_holds_its_field_states_and_reaches_every_one(graph, states):
    """The graph covers the column's choices, and no state but the first (a new row's,
    pending in all three) is one no action leads to."""
    assert graph.states == set(states)
    initial = next(iter(states))
    assert initial == "pending"
    assert set(states) - {graph.target(action) for action in graph} <= {initial}


def test_a_graph_refuses_a_state_it_does_not_know():
    with pytest.raises(ValueError, match="unknown states"):
        StateGraph(
            field="review_state",
            states=ReviewState,
            transitions={"archive": transition({ReviewState.APPROVED}, "archived")},
        )
