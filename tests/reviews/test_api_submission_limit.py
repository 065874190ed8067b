"""A fair share per API token: bundles and bytes per window, beyond them 429 (issue 30 item 2).

Counted in the real Redis (the broker's server, under a key prefix of each test's own), as
production counts in ``CACHE_URL``. Issue 30: "nothing limits how much one token submits" —
two bundles under 1 MB could stop all verification for two minutes.
"""

import json
import logging
import socket
import time
import uuid

import pytest
import redis
from django.test import Client

from reviews.models import Assessment
from reviews.tokens import api_token_create
from tests.conftest import row_counts
from tests.factories import bundle_data

URL = "/api/bundles"
WINDOW = 3600  # long enough that a test never straddles two windows (fresh_window makes sure)


@pytest.fixture(autouse=True)
def redis_cache(settings):
    """The cache in the real Redis, keys under a prefix of this test's own (never a flush:
    the server is shared with the broker); the keys are deleted afterwards."""
    prefix = f"test-submissions-{uuid.uuid4().hex}"
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": settings.CELERY_BROKER_URL,
            "KEY_PREFIX": prefix,
        }
    }
    settings.API_TOKEN_WINDOW_SECONDS = WINDOW
    settings.API_TOKEN_BUNDLES_PER_WINDOW = 3
    settings.API_TOKEN_BYTES_PER_WINDOW = 10 * settings.BUNDLE_MAX_BYTES
    yield
    server = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    for key in server.scan_iter(f"{prefix}:*"):
        server.delete(key)


def fresh_window(window: int, *, needed: float = 1.0) -> None:
    """Wait for the next window when fewer than ``needed`` seconds are left of this one."""
    left = window - time.time() % window
    if left < needed:
        time.sleep(left + 0.05)


def token_client(name: str = "pipeline") -> Client:
    client = Client()
    client.defaults["HTTP_AUTHORIZATION"] = f"Bearer {api_token_create(name=name)[1]}"
    return client


def post(client: Client, n: int, *, name: str = "bundle", **overrides):
    body = json.dumps(bundle_data(id=f"{name}-{n}", **overrides))
    return client.post(URL, body, content_type="application/json")


def assert_refused(response, *, window: int) -> None:
    assert response.status_code == 429, response.content
    assert 1 <= int(response["Retry-After"]) <= window
    error = response.json()["error"]
    assert error["field"] == ""
    assert f"per {window} s; try again in" in error["message"]


@pytest.mark.django_db
def test_the_bundle_past_the_tokens_share_gets_429_with_retry_after_and_stores_nothing():
    """Issue 30 item 2: a fair share per token, a 429 carrying Retry-After at the API."""
    fresh_window(WINDOW)
    client = token_client()
    assert [post(client, n).status_code for n in range(3)] == [201, 201, 201]
    before = row_counts()
    refused = post(client, 3)
    assert_refused(refused, window=WINDOW)
    assert "at most 3 bundles per 3600 s" in refused.json()["error"]["message"]
    assert row_counts() == before


@pytest.mark.django_db
def test_another_token_keeps_its_own_share():
    """Issue 30 item 2: one token using up its share does not stop another's bundles."""
    fresh_window(WINDOW)
    greedy, other = token_client("greedy"), token_client("other")
    for n in range(3):
        post(greedy, n)
    assert post(greedy, 3).status_code == 429
    assert [post(other, n, name="other").status_code for n in range(3)] == [201, 201, 201]
    assert Assessment.objects.count() == 6


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("bundles_allowed", "bytes_allowed_in_bundles", "expected"),
    [
        (3, 10, [201, 201, 201, 429]),  # the count of bundles ends the share
        (10, 2.5, [201, 201, 429, 429]),  # the bytes end it
        (10, 3, [201, 201, 201, 429]),  # exactly three bundles' bytes fit
    ],
)
def test_the_share_is_bundles_and_bytes_whichever_ends_first(
    settings, bundles_allowed, bytes_allowed_in_bundles, expected
):
    """Issue 30 item 2: bytes count too, so a few large bundles cannot take what many small
    ones may."""
    size = len(json.dumps(bundle_data(id="bundle-0")))
    settings.BUNDLE_MAX_BYTES = size  # the bytes share may not be below one bundle's maximum
    settings.API_TOKEN_BUNDLES_PER_WINDOW = bundles_allowed
    settings.API_TOKEN_BYTES_PER_WINDOW = int(bytes_allowed_in_bundles * size)
    fresh_window(WINDOW)
    client = token_client()
    assert [post(client, n).status_code for n in range(4)] == expected


@pytest.mark.django_db
def test_a_refused_post_costs_the_token_nothing(settings):
    """A refused post is taken back out of the counts: a smaller bundle that fits what is
    left is still accepted after a larger one was refused."""
    small = len(json.dumps(bundle_data(id="bundle-0")))
    large = len(json.dumps(bundle_data(id="bundle-1", title="x" * 400)))
    settings.BUNDLE_MAX_BYTES = large
    settings.API_TOKEN_BUNDLES_PER_WINDOW = 10
    settings.API_TOKEN_BYTES_PER_WINDOW = small + large - 1  # one of each does not fit
    fresh_window(WINDOW)
    client = token_client()
    assert post(client, 0).status_code == 201
    assert post(client, 1, title="x" * 400).status_code == 429
    assert post(client, 2).status_code == 201  # small + small fits; the refused large did not count


@pytest.mark.django_db
def test_after_the_window_the_token_posts_again(settings):
    """Issue 30 item 2: the share comes back when its window ends, after Retry-After."""
    window = 2
    settings.API_TOKEN_WINDOW_SECONDS = window
    settings.API_TOKEN_BUNDLES_PER_WINDOW = 2
    fresh_window(window, needed=window - 0.1)  # at a window's very start
    client = token_client()
    assert [post(client, n).status_code for n in range(2)] == [201, 201]
    refused = post(client, 2)
    assert_refused(refused, window=window)
    time.sleep(int(refused["Retry-After"]))
    assert post(client, 2).status_code == 201


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]  # nothing listens once the probe is closed


@pytest.mark.django_db
def test_with_the_cache_down_bundles_are_accepted_and_it_is_logged(settings, caplog):
    """Issue 30 item 2: an outage of Redis must not stop every pipeline nor answer 500; the
    bundles are accepted uncounted and the log says why."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{closed_port()}/0",
        }
    }
    client = token_client()
    with caplog.at_level(logging.WARNING, logger="reviews.submission_limit"):
        statuses = [post(client, n).status_code for n in range(5)]
    assert statuses == [201] * 5
    assert "API submission limit: the cache is unavailable" in caplog.text
