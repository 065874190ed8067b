"""Sign-in throttling: one gate for every way in, keyed so that nobody can lock others out.

Every sign-in calls ``authenticate()``, so the gate is the authentication backend
(:class:`ThrottledModelBackend`, the only one in ``AUTHENTICATION_BACKENDS``): the reviewers'
``/accounts/login/``, the admin's ``/admin/login/`` and anything added later meet the same
counts. Their forms only word the refusal (:class:`ThrottledAuthenticationForm`) and the
views answer it with 429 (:func:`locked_answers_429`).

- **A (username, address) pair** is locked for ``LOGIN_LOCKOUT_SECONDS`` after
  ``LOGIN_FAILURES_ALLOWED`` wrong passwords within that period, the right password
  included (a guesser must not learn when it hit). The same user from another address is not
  locked: a guesser locks only itself, never the account's owner.
- **An address** is locked after ``LOGIN_ADDRESS_FAILURES_ALLOWED`` wrong passwords over any
  usernames (one client spraying many accounts); only that client, since the address is the
  client's own and not the proxy's.

The username is keyed as NFKC, casefolded: Django NFKC-normalises usernames, so ``ｒｅｖｉｅｗｅｒ``
(fullwidth) and ``𝐫𝐞𝐯𝐢𝐞𝐰𝐞𝐫`` (mathematical bold) sign in as ``reviewer`` and must count as it.
The address is the client's (:func:`client_address`): behind ``TRUSTED_PROXY_COUNT`` proxies
the one the outermost proxy wrote into X-Forwarded-For, else ``REMOTE_ADDR``; an IPv6
address counts as its /64, which one client holds whole.

Counted in Django's cache: Redis in production (``CACHE_URL``), so every gunicorn worker sees
the same counts; a per-process memory cache in the demo. When the cache cannot be reached,
sign-in is not throttled (logged as a warning), never refused and never a 500: an outage of
Redis must not lock every reviewer out.
"""

from __future__ import annotations

import functools
import hashlib
import ipaddress
import logging
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from django import forms
from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView
from django.core.cache import cache
from django.core.exceptions import NON_FIELD_ERRORS, PermissionDenied
from django.http import HttpRequest, HttpResponseBase

logger = logging.getLogger(__name__)

LOCKED = "login_locked"  # the form error's code, which the views answer with 429
KEY_PREFIX = "login-throttle"
UNKNOWN_ADDRESS = "unknown"  # no request (a shell calling authenticate), or no REMOTE_ADDR


def username_key(username: str) -> str:
    """The username as the throttle counts it: NFKC, casefolded, without surrounding space.

    >>> username_key("ｒｅｖｉｅｗｅｒ") == username_key("𝐫𝐞𝐯𝐢𝐞𝐰𝐞𝐫") == username_key(" Reviewer")
    True
    """
    folded = unicodedata.normalize("NFKC", username).casefold()
    return unicodedata.normalize("NFKC", folded).strip()


def client_address(request: HttpRequest | None) -> str:
    """The client's address, as the throttle keys it.

    With ``TRUSTED_PROXY_COUNT`` = n > 0, the n-th entry of X-Forwarded-For from its end:
    each proxy appends the address it received the request from, so that entry is what the
    outermost proxy saw; entries before it were sent by the client and prove nothing. A
    header too short, or an entry that is no address, means the request did not come through
    the proxies: ``REMOTE_ADDR`` then. IPv6 addresses count as their /64."""
    if request is None:
        return UNKNOWN_ADDRESS
    remote = request.META.get("REMOTE_ADDR", "")
    chosen = remote
    proxies = settings.TRUSTED_PROXY_COUNT
    if proxies:
        entries = [e.strip() for e in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        entries = [e for e in entries if e]
        if len(entries) >= proxies:
            chosen = entries[-proxies]
    address = _address(chosen) or _address(remote)
    if address is None:
        return UNKNOWN_ADDRESS
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    text = text.strip()
    if text.startswith("[") and "]" in text:  # [2001:db8::1]:443
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:  # 192.0.2.1:443
        text = text.partition(":")[0]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


@dataclass(frozen=True, slots=True)
class LoginAttempt:
    """Who is signing in, from where, as the throttle keys it."""

    username: str
    address: str

    def _key(self, kind: str, *parts: str) -> str:
        # A digest: bounded keys, and no usernames in the cache's key space.
        digest = hashlib.sha256("\0".join(parts).encode()).hexdigest()
        return f"{KEY_PREFIX}:{kind}:{digest}"

    @property
    def pair_failures(self) -> str:
        return self._key("pair-failures", self.username, self.address)

    @property
    def pair_lock(self) -> str:
        return self._key("pair-lock", self.username, self.address)

    @property
    def address_failures(self) -> str:
        return self._key("address-failures", self.address)

    @property
    def address_lock(self) -> str:
        return self._key("address-lock", self.address)


def login_attempt(*, request: HttpRequest | None, username: str) -> LoginAttempt:
    return LoginAttempt(username=username_key(username), address=client_address(request))


def _cache_unavailable(action: str, exc: Exception) -> None:
    logger.warning(
        "sign-in throttle: the cache is unavailable, %s (sign-in goes on unthrottled): %s: %s",
        action,
        type(exc).__name__,
        exc,
    )


def login_locked(*, attempt: LoginAttempt) -> bool:
    """Whether this pair, or this address, is locked. False when the cache is unavailable."""
    try:
        return bool(cache.get_many([attempt.pair_lock, attempt.address_lock]))
    except Exception as exc:  # any backend's connection error: not locked, and say so
        _cache_unavailable("cannot tell whether a sign-in is locked", exc)
        return False


def login_failed(*, attempt: LoginAttempt) -> None:
    """Count a wrong password for the pair and for the address; lock either at its limit."""
    try:
        _count(attempt.pair_failures, lock=attempt.pair_lock, limit=settings.LOGIN_FAILURES_ALLOWED)
        _count(
            attempt.address_failures,
            lock=attempt.address_lock,
            limit=settings.LOGIN_ADDRESS_FAILURES_ALLOWED,
        )
    except Exception as exc:
        _cache_unavailable("a wrong password was not counted", exc)


def login_succeeded(*, attempt: LoginAttempt) -> None:
    """Forget the pair's wrong passwords; the address keeps its count (a sprayer who knows
    one password must not reset it)."""
    try:
        cache.delete(attempt.pair_failures)
    except Exception as exc:
        _cache_unavailable("the pair's failures were not reset", exc)


def _count(key: str, *, lock: str, limit: int) -> None:
    period = settings.LOGIN_LOCKOUT_SECONDS
    if cache.add(key, 1, timeout=period):
        failures = 1
    else:
        try:
            failures = cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.add(key, 1, timeout=period)
            failures = 1
        else:
            if failures == 1:
                # Redis's INCR recreated a key that expired after Django's existence check,
                # without a timeout: give it one, or the count would never expire.
                cache.touch(key, timeout=period)
    if failures >= limit:
        # A lock of its own: it lasts the whole period from the failure that reached the limit.
        cache.set(lock, 1, timeout=period)


class ThrottledModelBackend(ModelBackend):
    """Django's model backend behind the throttle: refuses every attempt while the pair or
    the address is locked (before the password is checked, so a guesser learns nothing), and
    counts wrong passwords. Every sign-in path calls it through ``authenticate()``."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if username is None:
            username = kwargs.get(get_user_model().USERNAME_FIELD)
        if username is None or password is None:
            return None
        attempt = login_attempt(request=request, username=str(username))
        if login_locked(attempt=attempt):
            raise PermissionDenied  # authenticate() stops here: no other backend is asked
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is None:
            login_failed(attempt=attempt)
        else:
            login_succeeded(attempt=attempt)
        return user


def locked_message() -> str:
    minutes = max(1, settings.LOGIN_LOCKOUT_SECONDS // 60)
    return (
        f"Too many failed sign-ins. Try again in {minutes} minutes, or ask an administrator to "
        "reset your password."
    )


class LoginThrottleFormMixin(forms.Form):
    """Says why a locked sign-in is refused (the backend refuses it in any case)."""

    request: HttpRequest | None

    def clean(self):
        username = self.cleaned_data.get("username")
        if username and self.cleaned_data.get("password"):
            attempt = login_attempt(request=self.request, username=username)
            if login_locked(attempt=attempt):
                raise forms.ValidationError(locked_message(), code=LOCKED)
        return super().clean()


class ThrottledAuthenticationForm(LoginThrottleFormMixin, AuthenticationForm):
    pass


class ThrottledAdminAuthenticationForm(LoginThrottleFormMixin, AdminAuthenticationForm):
    pass


def locked_answers_429(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """A login view whose page refusing a locked sign-in answers 429 Too Many Requests."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponseBase:
        response = view(request, *args, **kwargs)
        form = (getattr(response, "context_data", None) or {}).get("form")
        if isinstance(form, forms.Form) and form.has_error(NON_FIELD_ERRORS, code=LOCKED):
            response.status_code = 429
        return response

    return wrapped


class ThrottledLoginView(LoginView):
    """The reviewers' sign-in page (``/accounts/login/``)."""

    authentication_form = ThrottledAuthenticationForm
