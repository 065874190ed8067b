"""Sign-in is throttled: wrong passwords lock a username (and an address) for a while, the
right password included, so a guesser learns nothing from the answer (issue 13, VB-7)."""

import pytest
from django.core.cache import cache
from django.test import override_settings
from django.urls import reverse

URL = reverse("login")


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


def sign_in(client, password: str, username: str = "rita", address: str = "10.0.0.1"):
    return client.post(URL, {"username": username, "password": password}, REMOTE_ADDR=address)


@pytest.mark.django_db
@override_settings(LOGIN_FAILURES_ALLOWED=5, LOGIN_LOCKOUT_SECONDS=600)
def test_after_the_allowed_failures_even_the_right_password_is_refused(client, django_user_model):
    django_user_model.objects.create_user("rita", password="right-password-42")
    for _ in range(5):
        assert sign_in(client, "wrong").status_code == 200  # the form again, with its error
    locked = sign_in(client, "right-password-42")
    assert locked.status_code == 429
    assert "Too many failed sign-ins" in locked.content.decode()
    assert "_auth_user_id" not in client.session
    # another address still may not guess this username
    assert sign_in(client, "right-password-42", address="10.0.0.2").status_code == 429


@pytest.mark.django_db
@override_settings(LOGIN_FAILURES_ALLOWED=5, LOGIN_LOCKOUT_SECONDS=600)
def test_one_address_spraying_usernames_is_locked_too(client, django_user_model):
    django_user_model.objects.create_user("sam", password="right-password-42")
    for n in range(5):
        sign_in(client, "wrong", username=f"user{n}")
    assert sign_in(client, "right-password-42", username="sam").status_code == 429


@pytest.mark.django_db
@override_settings(LOGIN_FAILURES_ALLOWED=5, LOGIN_LOCKOUT_SECONDS=600)
def test_a_few_mistakes_then_the_right_password_signs_in(client, django_user_model):
    django_user_model.objects.create_user("rita", password="right-password-42")
    for _ in range(4):
        sign_in(client, "wrong")
    response = sign_in(client, "right-password-42")
    assert response.status_code == 302
    assert client.session["_auth_user_id"]
