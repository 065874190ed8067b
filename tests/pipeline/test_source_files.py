"""Issue 34, item 1 in the web app and the worker: a bundle whose sources are files is taken
by the API like any other (201, pending, the files stored unread); the service the worker
runs reads them before verifying (paragraphs, pages, an e-mail's attachments as child
sources), once; a file beyond an extraction limit ends the verification ``failed`` with the
limit named and nothing of it stored."""

import base64
import json

import pytest

from citations.engine.extraction.formats import DOCX, EMAIL, PDF, PLAIN
from citations.models import Correction, Quote, Source, Verification, VerificationState
from citations.services import VerifyOutcome, assessment_verify, verification_restart
from reviews.models import Assessment
from tests.citations import extraction_files as files
from tests.conftest import row_counts

LEASE_PDF = [
    [["Intro on page one."], ["The tenant may sublet the flat", "with the consent of the"]],
    [["landlord, which is not withheld."], ["Rent is due monthly."]],
    [["Notice is three months."]],
]


def _file(data: bytes, media_type: str) -> dict:
    return {"media_type": media_type, "data": base64.b64encode(data).decode()}


def _bundle(bundle_id: str, sources: list[dict], text: str) -> dict:
    return {
        "bundle_version": 1,
        "id": bundle_id,
        "sources": sources,
        "response": {"format": "markdown", "text": text},
    }


def _post(api_client, data: dict):
    return api_client.post("/api/bundles", json.dumps(data), content_type="application/json")


def _sources(assessment_id: int) -> dict[str, Source]:
    turn_id = Verification.objects.get(pk=assessment_id).turn_id
    return {s.key: s for s in Source.objects.filter(turn_id=turn_id).order_by("position")}


FILES_BUNDLE = _bundle(
    "files-1",
    [
        {
            "id": "L",
            "kind": "document",
            "title": "Lease",
            "file": _file(files.pdf_of_pages(LEASE_PDF), PDF),
        },
        {
            "id": "mail",
            "kind": "email_body",
            "file": _file(
                files.email_of(
                    "Please find the notice attached.",
                    ("notice.txt", PLAIN, b"The deposit is two months' rent."),
                ),
                EMAIL,
            ),
        },
        {"id": "N", "kind": "document", "text": "A note given as text."},
    ],
    '"Rent is due monthly." [L ¶3] and "The deposit is two months\' rent." [mail.1] '
    'and "A note given as text." [N]',
)


@pytest.mark.django_db
def test_file_sources_are_stored_unread_then_read_by_the_worker_once(api_client):
    response = _post(api_client, FILES_BUNDLE)
    assert response.status_code == 201, response.content
    assert response.json()["verification_state"] == "pending"
    assessment_id = response.json()["id"]
    stored = _sources(assessment_id)
    # The request stored the files as given and read nothing of them.
    assert list(stored) == ["L", "mail", "N"]
    assert stored["L"].media_type == PDF and bytes(stored["L"].file).startswith(b"%PDF-")
    assert stored["mail"].media_type == EMAIL
    assert [(s.paragraphs, s.file_read_at) for s in stored.values() if s.media_type] == [
        ([], None),
        ([], None),
    ]

    assert assessment_verify(assessment_id=assessment_id) == VerifyOutcome.STORED
    read = _sources(assessment_id)
    assert list(read) == ["L", "mail", "mail.1", "N"]  # the attachment after its e-mail
    assert [s.position for s in read.values()] == [0, 1, 2, 3]
    lease, mail, attachment = read["L"], read["mail"], read["mail.1"]
    assert lease.paragraphs[2] == "Rent is due monthly."
    assert lease.pages[1] == {"page": 1, "breaks": [55]}  # split by a page break: one ¶
    assert lease.pages[2] == {"page": 2, "breaks": []}
    assert lease.title == "Lease" and lease.file_read_at is not None
    assert (mail.paragraphs, mail.title, mail.pages) == (
        ["Please find the notice attached."],
        "Your lease",
        [],
    )
    assert (attachment.kind, attachment.parent_id, attachment.title) == (
        "attachment",
        mail.pk,
        "notice.txt",
    )
    assert attachment.paragraphs == ["The deposit is two months' rent."]
    quotes = Quote.objects.filter(assessment_id=assessment_id).order_by("n")
    assert [(q.match_source_id, q.status) for q in quotes] == [
        (lease.pk, "verified"),
        (attachment.pk, "verified"),
        (read["N"].pk, "verified"),
    ]

    # Verified again (a retried task or a re-verification): nothing is read or added twice.
    before = {key: (s.pk, s.paragraphs, s.file_read_at) for key, s in read.items()}
    assert verification_restart(assessment_id=assessment_id)
    assert assessment_verify(assessment_id=assessment_id) == VerifyOutcome.STORED
    again = _sources(assessment_id)
    assert {key: (s.pk, s.paragraphs, s.file_read_at) for key, s in again.items()} == before


HOSTILE = [
    pytest.param(
        lambda: files.zip_bomb_docx(300 * 1024 * 1024), DOCX, "decompressed_bytes", id="zip-bomb"
    ),
    pytest.param(lambda: files.nested_emails(6), EMAIL, "nesting", id="e-mail-nested-6-deep"),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("make", "media_type", "limit"), HOSTILE)
def test_a_file_beyond_a_limit_fails_verification_naming_it_and_stores_nothing(
    api_client, make, media_type, limit
):
    kind = "email_body" if media_type == EMAIL else "document"
    data = _bundle(
        "hostile-file",
        [
            {"id": "N", "kind": "document", "text": "A note."},
            {"id": "F", "kind": kind, "file": _file(make(), media_type)},
        ],
        '"A note." [N]',
    )
    response = _post(api_client, data)
    assert response.status_code == 201, response.content
    assessment_id = response.json()["id"]
    before = {key: (s.paragraphs, s.file_read_at) for key, s in _sources(assessment_id).items()}

    assert assessment_verify(assessment_id=assessment_id) == VerifyOutcome.FAILED
    assessment = Assessment.objects.get(pk=assessment_id)
    assert assessment.verification.verification_state == VerificationState.FAILED
    assert "sources[1].file" in assessment.verification.verification_error
    assert f"the extraction limit {limit!r}" in assessment.verification.verification_error
    after = {key: (s.paragraphs, s.file_read_at) for key, s in _sources(assessment_id).items()}
    assert after == before == {"N": (["A note."], None), "F": ([], None)}
    assert not Quote.objects.filter(assessment_id=assessment_id).exists()
    assert not Correction.objects.filter(assessment_id=assessment_id).exists()
    shown = api_client.get(f"/api/assessments/{assessment_id}").json()
    assert shown["verification_state"] == "failed"
    assert repr(limit) in shown["verification_error"]


BAD = [
    pytest.param(
        {"id": "F", "kind": "document", "file": _file(files.email_of("Hi."), EMAIL)},
        "sources[0].kind",
        id="an-e-mail-that-is-not-an-email_body",
    ),
    pytest.param(
        {"id": "F", "kind": "email_body", "file": _file(b"Hi.", PLAIN)},
        "sources[0].kind",
        id="an-email_body-that-is-not-an-e-mail",
    ),
    pytest.param(
        {"id": "F", "kind": "document", "file": {"media_type": PDF, "data": "not base64!"}},
        "sources[0].file.data",
        id="data-not-base64",
    ),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("source", "field"), BAD)
def test_a_bad_file_source_is_refused_at_the_api_naming_the_field(api_client, source, field):
    before = row_counts()
    response = _post(api_client, _bundle("bad-file", [source], "No quotes."))
    assert response.status_code == 400, response.content
    assert response.json()["error"]["field"] == field
    assert row_counts() == before
