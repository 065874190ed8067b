"""Fixtures for the webhook tests: a team with an API token, its assessments verified in
this process, and (for the worker tests) the pipeline's real Redis and celery workers."""

import pytest
from django.contrib.auth import get_user_model

from citations.services import assessment_verify
from reviews.imports import bundle_import
from reviews.models import Assessment, Team
from reviews.tokens import api_token_create
from tests.factories import bundle_data
from tests.pipeline.conftest import broker, start_worker  # noqa: F401 (real workers)
from webhooks.models import EventType, WebhookEndpoint
from webhooks.services import endpoint_create

ALL_EVENTS = list(EventType.values)


@pytest.fixture
def team(db) -> Team:
    return Team.objects.create(name="pipelines")


@pytest.fixture
def team_client(client, team):
    """Django's test client sending an API token of ``team``."""
    client.defaults["HTTP_AUTHORIZATION"] = f"Bearer {api_token_create(name='hooks', team=team)[1]}"
    return client


@pytest.fixture
def reviewer(team):
    user = get_user_model().objects.create_user("rita", password="pw-rita-1234")
    team.members.add(user)
    return user


def endpoint_of(team: Team, url: str, events: list[str] = ALL_EVENTS) -> WebhookEndpoint:
    return endpoint_create(team=team, url=url, events=events)[0]


def verified_assessment(team: Team, bundle_id: str = "hooks-1") -> Assessment:
    """An assessment of ``team`` verified here, in this process (its events recorded)."""
    assessment = bundle_import(
        raw=bundle_data(id=bundle_id), team=team, enqueue_verification=False
    ).assessment
    assert assessment_verify(assessment_id=assessment.pk) == "stored"
    return Assessment.objects.get(pk=assessment.pk)
