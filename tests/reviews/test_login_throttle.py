"""Sign-in is throttled by one gate for every login path (issue 13, issue 30, VB-7).

Counted in the real Redis (the broker's server, under a key prefix of each test's own), as
production counts in ``CACHE_URL``: wrong passwords lock a (username, client address) pair,
the right password included, so a guesser learns nothing; the same user from another address
signs in, so nobody can lock anyone else out.
"""

import logging
import socket
import time
import uuid

import pytest
import redis
from django.contrib.auth import authenticate
from django.test import RequestFactory
from django.urls import reverse

from reviews.login_throttle import client_address, username_key

LOGIN = reverse("login")
ADMIN_LOGIN = reverse("admin:login")
PASSWORD = "right-password-42"
ALLOWED = 5


@pytest.fixture(autouse=True)
def redis_cache(settings):
    """The cache in the real Redis, keys under a prefix of this test's own (never a flush:
    the server is shared with the broker); the keys are deleted afterwards."""
    prefix = f"test-login-{uuid.uuid4().hex}"
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": settings.CELERY_BROKER_URL,
            "KEY_PREFIX": prefix,
        }
    }
    settings.LOGIN_FAILURES_ALLOWED = ALLOWED
    settings.LOGIN_ADDRESS_FAILURES_ALLOWED = 4 * ALLOWED
    settings.LOGIN_LOCKOUT_SECONDS = 600
    settings.TRUSTED_PROXY_COUNT = 0
    yield
    server = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    for key in server.scan_iter(f"{prefix}:*"):
        server.delete(key)


@pytest.fixture
def rita(django_user_model):
    return django_user_model.objects.create_user("rita", password=PASSWORD)


@pytest.fixture
def reviewer(django_user_model):
    return django_user_model.objects.create_user("reviewer", password=PASSWORD)


@pytest.fixture
def ann(django_user_model):
    """A staff member, who may sign in to the admin."""
    return django_user_model.objects.create_superuser("ann", password=PASSWORD)


def sign_in(client, password, username="rita", address="10.0.0.1", url=LOGIN, **headers):
    data = {"username": username, "password": password}
    if url == ADMIN_LOGIN:
        data["next"] = "/admin/"
    return client.post(url, data, REMOTE_ADDR=address, **headers)


def signed_in(client) -> bool:
    return "_auth_user_id" in client.session


def fail(client, times, **kwargs) -> None:
    for _ in range(times):
        response = sign_in(client, "wrong", **kwargs)
        assert response.status_code == 200, response.status_code  # the form, with its error


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]  # nothing listens once the probe is closed


@pytest.mark.django_db
def test_after_the_allowed_failures_even_the_right_password_is_refused(client, rita):
    """VB-7: a guesser learns nothing from the answer once the pair is locked."""
    fail(client, ALLOWED)
    locked = sign_in(client, PASSWORD)
    assert locked.status_code == 429
    assert "Too many failed sign-ins" in locked.content.decode()
    assert not signed_in(client)


@pytest.mark.django_db
def test_a_guesser_does_not_lock_the_owner_out_from_another_address(client, rita):
    """Issue 30, VB-7: anyone could lock any named account; the lock is the pair's."""
    fail(client, ALLOWED, address="203.0.113.66")
    for _ in range(2 * ALLOWED):  # and on, while locked
        assert sign_in(client, "wrong", address="203.0.113.66").status_code == 429
    assert sign_in(client, PASSWORD, address="203.0.113.66").status_code == 429
    response = sign_in(client, PASSWORD, address="198.51.100.7")
    assert response.status_code == 302
    assert signed_in(client)


@pytest.mark.django_db
def test_a_few_mistakes_then_the_right_password_signs_in_and_starts_the_count_again(client, rita):
    fail(client, ALLOWED - 1)
    assert sign_in(client, PASSWORD).status_code == 302
    client.logout()
    fail(client, ALLOWED - 1)  # counted afresh after the success
    assert sign_in(client, PASSWORD).status_code == 302


@pytest.mark.django_db
def test_one_address_spraying_usernames_is_locked(client, rita, settings):
    """One client over many usernames: that address is locked, for every username."""
    for n in range(settings.LOGIN_ADDRESS_FAILURES_ALLOWED):
        sign_in(client, "wrong", username=f"user{n % 7}")
    assert sign_in(client, PASSWORD).status_code == 429
    assert sign_in(client, PASSWORD, address="10.0.0.2").status_code == 302


@pytest.mark.django_db
def test_the_admin_sign_in_is_throttled(client, ann):
    """Issue 30, VB-7: /admin/login/ took 30 wrong passwords in 11 s, then let the right one in."""
    fail(client, ALLOWED, username="ann", url=ADMIN_LOGIN)
    locked = sign_in(client, PASSWORD, username="ann", url=ADMIN_LOGIN)
    assert locked.status_code == 429
    assert "Too many failed sign-ins" in locked.content.decode()
    assert not signed_in(client)


@pytest.mark.django_db
@pytest.mark.parametrize(("first", "then"), [(LOGIN, ADMIN_LOGIN), (ADMIN_LOGIN, LOGIN)])
def test_both_sign_in_pages_count_on_one_throttle(client, ann, first, then):
    """Issue 30, VB-7: an account the reviewers' page had locked signed in at the admin."""
    fail(client, ALLOWED - 2, username="ann", url=first)
    fail(client, 2, username="ann", url=then)
    assert sign_in(client, PASSWORD, username="ann", url=first).status_code == 429
    assert sign_in(client, PASSWORD, username="ann", url=then).status_code == 429
    assert not signed_in(client)


@pytest.mark.django_db
def test_authenticate_itself_is_throttled(client, rita):
    """The gate is the authentication backend, so a sign-in path added later (anything that
    calls authenticate()) meets the same counts."""
    fail(client, ALLOWED)
    request = RequestFactory().post(LOGIN, REMOTE_ADDR="10.0.0.1")
    assert authenticate(request, username="rita", password=PASSWORD) is None
    request = RequestFactory().post(LOGIN, REMOTE_ADDR="10.0.0.9")
    assert authenticate(request, username="rita", password=PASSWORD) == rita


SPELLINGS = {
    "fullwidth": "ｒｅｖｉｅｗｅｒ",
    "mathematical bold": "𝐫𝐞𝐯𝐢𝐞𝐰𝐞𝐫",
    "mathematical sans-serif": "𝗋𝖾𝗏𝗂𝖾𝗐𝖾𝗋",
    "upper case": "REVIEWER",
}


@pytest.mark.django_db
@pytest.mark.parametrize("spelling", SPELLINGS.values(), ids=SPELLINGS.keys())
def test_other_spellings_of_a_username_count_as_it(client, reviewer, rita, spelling):
    """Issue 30, VB-7: Django NFKC-normalises usernames, so these spellings guess the
    password of ``reviewer``; the throttle counted them apart and let them guess on."""
    fail(client, ALLOWED, username=spelling)
    assert sign_in(client, PASSWORD, username="reviewer").status_code == 429
    assert sign_in(client, PASSWORD, username=spelling).status_code == 429
    assert not signed_in(client)
    # reviewer's pair is locked, not the address: another user signs in from it
    assert sign_in(client, PASSWORD, username="rita").status_code == 302


@pytest.mark.django_db
def test_spellings_mixed_reach_the_limit_together(client, reviewer, rita):
    fail(client, 1, username="reviewer")
    for spelling in SPELLINGS.values():
        fail(client, 1, username=spelling)
    assert sign_in(client, PASSWORD, username="reviewer").status_code == 429
    assert sign_in(client, PASSWORD, username="rita").status_code == 302


@pytest.mark.django_db
def test_a_fullwidth_spelling_is_the_same_account(client, reviewer):
    """Why the spellings must count together: Django signs ｒｅｖｉｅｗｅｒ in as reviewer."""
    assert sign_in(client, PASSWORD, username=SPELLINGS["fullwidth"]).status_code == 302
    assert client.session["_auth_user_id"] == str(reviewer.pk)


def test_username_keys_are_nfkc_casefolded():
    assert {username_key(s) for s in ("reviewer", " Reviewer ", *SPELLINGS.values())} == {
        "reviewer"
    }
    assert username_key("Straße") == username_key("STRASSE")


PROXY = "10.9.9.9"  # the TLS proxy: REMOTE_ADDR of every request behind it


@pytest.mark.django_db
def test_behind_the_proxy_one_client_does_not_lock_the_organisation_out(client, rita, settings):
    """Issue 30, VB-7: keyed on REMOTE_ADDR, every request behind the proxy had one address,
    so one client's wrong passwords locked everyone out. The address is now the one the
    proxy wrote into X-Forwarded-For."""
    settings.TRUSTED_PROXY_COUNT = 1
    guesser = {"address": PROXY, "HTTP_X_FORWARDED_FOR": "203.0.113.66"}
    fail(client, ALLOWED, **guesser)  # rita's pair: locked
    for n in range(settings.LOGIN_ADDRESS_FAILURES_ALLOWED):  # and the address, spraying
        sign_in(client, "wrong", username=f"user{n % 7}", **guesser)
    assert sign_in(client, PASSWORD, **guesser).status_code == 429
    owner = {"address": PROXY, "HTTP_X_FORWARDED_FOR": "198.51.100.7"}
    assert sign_in(client, PASSWORD, **owner).status_code == 302


@pytest.mark.django_db
def test_what_the_client_writes_into_x_forwarded_for_does_not_unlock_it(client, rita, settings):
    """Entries before the proxy's own are the client's say: a guesser cannot rotate them."""
    settings.TRUSTED_PROXY_COUNT = 1
    for n in range(ALLOWED):
        sign_in(client, "wrong", address=PROXY, HTTP_X_FORWARDED_FOR=f"1.2.3.{n}, 203.0.113.66")
    forged = {"address": PROXY, "HTTP_X_FORWARDED_FOR": "198.51.100.7, 203.0.113.66"}
    assert sign_in(client, PASSWORD, **forged).status_code == 429


@pytest.mark.django_db
def test_without_a_trusted_proxy_the_header_is_ignored(client, rita):
    """Published directly (TRUSTED_PROXY_COUNT=0), any client could write the header."""
    for n in range(ALLOWED):
        sign_in(client, "wrong", HTTP_X_FORWARDED_FOR=f"192.0.2.{n}")
    assert sign_in(client, PASSWORD, HTTP_X_FORWARDED_FOR="192.0.2.99").status_code == 429


@pytest.mark.parametrize(
    ("proxies", "remote", "forwarded", "expected"),
    [
        (0, "192.0.2.1", "", "192.0.2.1"),
        (0, "192.0.2.1", "198.51.100.7", "192.0.2.1"),  # no proxy trusted: header ignored
        (1, PROXY, "198.51.100.7", "198.51.100.7"),
        (1, PROXY, "6.6.6.6, 198.51.100.7", "198.51.100.7"),  # the client's own entry
        (1, PROXY, "198.51.100.7:51234", "198.51.100.7"),
        (2, PROXY, "6.6.6.6, 198.51.100.7, 10.0.0.5", "198.51.100.7"),
        (2, PROXY, "198.51.100.7", PROXY),  # too short: not through both proxies
        (1, PROXY, "", PROXY),
        (1, PROXY, "unknown", PROXY),  # no address: not the proxy's writing
        (1, PROXY, "2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),  # one client holds a /64
        (1, PROXY, "[2001:db8:1:2::9]:443", "2001:db8:1:2::/64"),
        (0, "::ffff:192.0.2.1", "", "192.0.2.1"),
        (0, "", "", "unknown"),
    ],
)
def test_client_address(settings, proxies, remote, forwarded, expected):
    settings.TRUSTED_PROXY_COUNT = proxies
    headers = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded else {}
    request = RequestFactory().post(LOGIN, REMOTE_ADDR=remote, **headers)
    assert client_address(request) == expected


@pytest.mark.django_db
def test_a_lock_ends_after_the_lockout_period(client, rita, settings):
    """The counts and locks carry a timeout in Redis: a pair is locked for a while, never
    for good."""
    settings.LOGIN_LOCKOUT_SECONDS = 1
    fail(client, ALLOWED)
    assert sign_in(client, PASSWORD).status_code == 429
    time.sleep(1.5)
    assert sign_in(client, PASSWORD).status_code == 302


@pytest.mark.django_db
@pytest.mark.parametrize(("url", "username"), [(LOGIN, "rita"), (ADMIN_LOGIN, "ann")])
def test_with_redis_down_sign_in_goes_on_unthrottled_and_says_so(
    client, rita, ann, settings, caplog, url, username
):
    """Issue 30: with Redis down, sign-in answered 500. Now it is not throttled (never a
    lock: an outage must not lock every reviewer out), the form answers as usual, and the
    log says why."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{closed_port()}/0",
        }
    }
    with caplog.at_level(logging.WARNING, logger="reviews.login_throttle"):
        started = time.monotonic()
        fail(client, ALLOWED + 1, username=username, url=url)
        response = sign_in(client, PASSWORD, username=username, url=url)
        elapsed = time.monotonic() - started
    assert response.status_code == 302
    assert signed_in(client)
    assert elapsed < 5, f"{ALLOWED + 2} sign-ins took {elapsed:.1f} s with Redis down"
    assert "sign-in throttle: the cache is unavailable" in caplog.text
