"""API tokens: made once, shown once, stored only as a SHA-256 digest.

Tokens are 256 random bits, so an unsalted digest is enough: nobody can guess a token
from its digest, and looking one up is a single indexed query.
"""

import hashlib
import secrets

from django.utils import timezone

from .models import ApiToken, Team

TOKEN_PREFIX = "vbt_"


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def api_token_create(*, name: str, team: Team | None = None) -> tuple[ApiToken, str]:
    """A new token named ``name`` whose bundles belong to ``team`` (none: staff only);
    returns the row and the token, which is not kept."""
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    row = ApiToken.objects.create(
        name=name,
        team=team,
        prefix=token[: len(TOKEN_PREFIX) + 4],
        token_sha256=token_digest(token),
    )
    return row, token


def api_token_authenticate(*, token: str) -> ApiToken | None:
    """The live token row for ``token`` (recording its use), or None."""
    row = (
        ApiToken.objects.filter(token_sha256=token_digest(token), revoked_at=None)
        .select_related("team")
        .first()
    )
    if row is not None:
        now = timezone.now()
        ApiToken.objects.filter(pk=row.pk).update(last_used_at=now)
        row.last_used_at = now
    return row


def api_token_revoke(*, token: ApiToken) -> None:
    ApiToken.objects.filter(pk=token.pk, revoked_at=None).update(revoked_at=timezone.now())
