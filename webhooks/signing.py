"""Delivery signatures: ``Verbatim-Signature: t=<unix seconds>,v1=<hex>``, the HMAC-SHA256 of
``"<t>." + body`` with the endpoint's secret. ``t`` is when the attempt was made, so a
receiver refuses an old one (a replay) by its age; README shows how to verify one."""

import hashlib
import hmac
import secrets

SIGNATURE_HEADER = "Verbatim-Signature"
SECRET_PREFIX = "whsec_"


def secret_generate() -> str:
    return SECRET_PREFIX + secrets.token_urlsafe(32)


def signature_header(*, secret: str, body: bytes, timestamp: int) -> str:
    signed = f"{timestamp}.".encode() + body
    digest = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={digest}"
