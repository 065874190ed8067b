"""A fair share per API token: how many bundles, and how many bytes, one token may post.

Each token may post ``API_TOKEN_BUNDLES_PER_WINDOW`` bundles and
``API_TOKEN_BYTES_PER_WINDOW`` bytes of them in each window of
``API_TOKEN_WINDOW_SECONDS``; a post beyond either answers 429 with ``Retry-After``, the
seconds until the window ends. Windows are fixed (aligned to the clock), so an operator can
say exactly what one token may cost: at most that many bundles, hence at most that many
verification budgets of worker time, per window, whatever the other tokens do; and a client
can say exactly when to come back.

Counted in Django's cache (Redis in production, ``CACHE_URL``: every web worker sees the
same counts). When the cache cannot be reached, bundles are accepted uncounted and a warning
is logged, as the sign-in throttle does (``reviews/login_throttle.py``): an outage of Redis
must not stop every pipeline, nor answer 500.
"""

from __future__ import annotations

import logging
import math
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache

from .models import ApiToken

logger = logging.getLogger(__name__)

KEY_PREFIX = "api-submissions"


@dataclass(frozen=True, slots=True)
class SubmissionRefused:
    """Why a post is refused, and the seconds until the token's window ends."""

    message: str
    retry_after: int


def submission_admit(*, token: ApiToken, size: int) -> SubmissionRefused | None:
    """Count one post of ``size`` bytes against ``token``'s window; None when it fits.

    A refused post is taken back out of the counts, so it costs the token nothing."""
    window = settings.API_TOKEN_WINDOW_SECONDS
    now = time.time()
    index = int(now // window)
    retry_after = max(1, math.ceil((index + 1) * window - now))
    limits = [  # (what is counted, this post's amount, the window's limit, the limit's unit)
        ("bundles", 1, settings.API_TOKEN_BUNDLES_PER_WINDOW, "bundles"),
        ("bytes", size, settings.API_TOKEN_BYTES_PER_WINDOW, "bytes of bundles"),
    ]
    counted: list[tuple[str, int]] = []
    try:
        for kind, amount, limit, unit in limits:
            key = f"{KEY_PREFIX}:{token.pk}:{index}:{kind}"
            # Kept past the window's end so that no clock skew between web workers can
            # expire it between add and incr; the window's index in the key ends it.
            cache.add(key, 0, timeout=2 * window)
            counted.append((key, amount))
            if cache.incr(key, amount) > limit:
                for counted_key, counted_amount in counted:
                    cache.decr(counted_key, counted_amount)
                return SubmissionRefused(
                    message=(
                        f"this token may post at most {limit} {unit} per {window} s; "
                        f"try again in {retry_after} s"
                    ),
                    retry_after=retry_after,
                )
    except Exception as exc:  # any backend's connection error: accept, and say so
        logger.warning(
            "API submission limit: the cache is unavailable, the bundle is accepted "
            "uncounted: %s: %s",
            type(exc).__name__,
            exc,
        )
    return None
