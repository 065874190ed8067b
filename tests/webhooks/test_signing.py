"""Deliveries are signed; the README's ten lines of Python verify a signature and detect a
bad one. The test runs that very snippet, read from the README."""

import re
import time
from pathlib import Path

import pytest

from webhooks.signing import signature_header

README = Path(__file__).resolve().parents[2] / "README.md"
SECRET = "whsec_test-secret"
BODY = b'{"id": "e1", "type": "verification.done"}'


def readme_verify():
    snippet = re.search(
        r"<!-- webhook-verify: begin -->\n```python\n(.*?)```\n<!-- webhook-verify: end -->",
        README.read_text(encoding="utf-8"),
        re.S,
    )
    assert snippet, "the README lost its verification snippet"
    assert len(snippet[1].strip().splitlines()) <= 12
    namespace: dict = {}
    exec(snippet[1], namespace)
    return namespace["verify"]


def test_the_readme_snippet_verifies_a_delivery_signature():
    header = signature_header(secret=SECRET, body=BODY, timestamp=int(time.time()))
    assert re.fullmatch(r"t=\d+,v1=[0-9a-f]{64}", header)
    assert readme_verify()(SECRET, BODY, header)


@pytest.mark.parametrize(
    ("secret", "body", "age", "tamper"),
    [
        ("whsec_another", BODY, 0, None),  # another endpoint's secret
        (SECRET, BODY + b" ", 0, None),  # the body changed on the way
        (SECRET, BODY, 301, None),  # older than the replay window
        (SECRET, BODY, -301, None),  # from the future
        (SECRET, BODY, 0, lambda h: h.replace("v1=", "v1=0")),  # the signature changed
        (SECRET, BODY, 0, lambda h: h.split(",")[1]),  # no timestamp
        (SECRET, BODY, 0, lambda h: h.split(",")[0]),  # no signature
        (SECRET, BODY, 0, lambda h: "garbage"),
        (SECRET, BODY, 0, lambda h: "t=abc,v1=00"),
    ],
)
def test_a_bad_signature_is_detected(secret, body, age, tamper):
    header = signature_header(secret=SECRET, body=BODY, timestamp=int(time.time()) - age)
    if tamper:
        header = tamper(header)
    assert not readme_verify()(secret, body, header)
