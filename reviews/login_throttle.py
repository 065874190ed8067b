"""Login throttling: after ``LOGIN_FAILURES_ALLOWED`` wrong passwords for one username or
from one address within ``LOGIN_LOCKOUT_SECONDS``, sign-in is refused for that long, the
right password included (a guesser must not learn when it hit).

Counted in Django's cache: Redis in production (``CACHE_URL``), so every gunicorn worker
sees the same counts; a per-process memory cache in the demo.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.views import LoginView
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse


def _keys(request: HttpRequest) -> list[str]:
    username = request.POST.get("username", "").strip().lower()[:150]
    address = request.META.get("REMOTE_ADDR", "")
    return [f"login-failures:user:{username}", f"login-failures:addr:{address}"]


def login_locked(request: HttpRequest) -> bool:
    limit = settings.LOGIN_FAILURES_ALLOWED
    return any((cache.get(key) or 0) >= limit for key in _keys(request))


def login_failed(request: HttpRequest) -> None:
    for key in _keys(request):
        if not cache.add(key, 1, timeout=settings.LOGIN_LOCKOUT_SECONDS):
            try:
                cache.incr(key)
            except ValueError:  # expired between add and incr
                cache.add(key, 1, timeout=settings.LOGIN_LOCKOUT_SECONDS)


def login_succeeded(request: HttpRequest) -> None:
    cache.delete_many(_keys(request)[:1])  # the user's count; the address keeps its own


class ThrottledLoginView(LoginView):
    """Django's login view, refusing while the username or address is locked out."""

    def post(self, request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        if login_locked(request):
            minutes = max(1, settings.LOGIN_LOCKOUT_SECONDS // 60)
            form = self.get_form()
            form.add_error(
                None,
                f"Too many failed sign-ins. Try again in {minutes} minutes, or ask an "
                "administrator to reset your password.",
            )
            response = self.render_to_response(self.get_context_data(form=form))
            response.status_code = 429
            return response
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        login_failed(self.request)
        return super().form_invalid(form)

    def form_valid(self, form):
        login_succeeded(self.request)
        return super().form_valid(form)
