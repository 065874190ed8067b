"""Issue 34, item 1: a bundle posted as ``multipart/form-data``, its files as parts that its
file sources name (``"file": {"media_type": …, "part": name}``), is the bundle a JSON post
with the bytes in base64 gives: stored unread, read by the worker. A part missing, unnamed
or without the bundle is refused naming it, and nothing is stored."""

import base64
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from citations.models import Source
from citations.services import assessment_verify
from reviews.models import Assessment
from tests.citations.extraction_files import email_of, pdf_of_pages
from tests.conftest import row_counts

URL = "/api/bundles"
LEASE = pdf_of_pages(
    [[["1. The lease runs for twelve months."]], [["2. The rent is due on the first day."]]]
)
NOTICE = email_of("The inspection is on 14 April.", ("rules.txt", "text/plain", b"Quiet at 22:00."))


def upload_bundle(**files: str) -> dict:
    """A bundle whose sources are given by part: ``files`` maps source id to part name."""
    kinds = {"L1": ("document", "application/pdf"), "N1": ("email_body", "message/rfc822")}
    return {
        "bundle_version": 1,
        "id": "uploaded",
        "sources": [
            {"id": key, "kind": kinds[key][0], "file": {"media_type": kinds[key][1], "part": part}}
            for key, part in files.items()
        ],
        "response": {
            "format": "markdown",
            "text": 'It says "The rent is due on the first day." (L1, p. 2)',
        },
    }


def post_upload(client, bundle: dict | None, **parts: bytes):
    data = {name: SimpleUploadedFile(name, content) for name, content in parts.items()}
    if bundle is not None:
        data["bundle"] = json.dumps(bundle)
    return client.post(URL, data)  # the test client sends a dict as multipart/form-data


@pytest.mark.django_db
def test_a_bundle_with_its_files_as_parts_is_stored_as_with_base64(api_client):
    response = post_upload(
        api_client, upload_bundle(L1="lease", N1="notice"), lease=LEASE, notice=NOTICE
    )
    assert response.status_code == 201, response.content
    assessment = Assessment.objects.get(pk=response.json()["id"])
    stored = {
        s.key: bytes(s.file) for s in Source.objects.filter(turn=assessment.verification.turn)
    }
    assert stored == {"L1": LEASE, "N1": NOTICE}  # as sent, unread
    # The same bundle posted as JSON with base64: the same bundle (200, nothing new).
    as_json = upload_bundle(L1="lease", N1="notice")
    for source, content in zip(as_json["sources"], (LEASE, NOTICE), strict=True):
        source["file"] = {
            "media_type": source["file"]["media_type"],
            "data": base64.b64encode(content).decode(),
        }
    again = api_client.post(URL, json.dumps(as_json), content_type="application/json")
    assert again.status_code == 200 and again.json()["id"] == assessment.pk
    # The worker reads the files: the lease's pages, the e-mail's attachment.
    assessment_verify(assessment_id=assessment.pk)
    quote = assessment.verification.quotes.get(n=1)
    assert (quote.status, quote.match_page) == ("verified", 2)
    assert Source.objects.filter(
        turn=assessment.verification.turn, key="N1.1", kind="attachment"
    ).exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("bundle", "parts", "field"),
    [
        (upload_bundle(L1="lease"), {}, "sources[0].file.part"),  # the part is missing
        (upload_bundle(L1="lease"), {"lease": LEASE, "extra": b"x"}, "extra"),  # unnamed
        (upload_bundle(L1="bundle"), {"lease": LEASE}, "sources[0].file.part"),
        (None, {"lease": LEASE}, "bundle"),  # no bundle part
    ],
    ids=["missing part", "unnamed part", "the bundle part named", "no bundle"],
)
def test_an_upload_that_does_not_add_up_is_refused_naming_what(api_client, bundle, parts, field):
    before = row_counts()
    response = post_upload(api_client, bundle, **parts)
    assert response.status_code == 400, response.content
    assert response.json()["error"]["field"] == field
    assert row_counts() == before


@pytest.mark.django_db
def test_a_bundle_part_that_is_not_json_is_refused(api_client):
    before = row_counts()
    response = api_client.post(URL, {"bundle": "{not json"})
    assert response.status_code == 400
    assert "JSON" in response.json()["error"]["message"]
    assert row_counts() == before
