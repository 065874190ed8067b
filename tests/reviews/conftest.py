"""Fixtures for the reviewer UI tests: users in teams and a verified procurement assessment."""

import pytest

from reviews.models import Team

from .review_data import procurement_assessment, user


@pytest.fixture
def team(db) -> Team:
    return Team.objects.create(name="procurement")


@pytest.fixture
def reviewer(team):
    return user("rita", teams=(team,))


@pytest.fixture
def assessment(team):
    return procurement_assessment(team=team)


@pytest.fixture
def reviewer_client(client, reviewer):
    client.force_login(reviewer)
    return client
