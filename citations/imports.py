"""Storing submitted bundles: all or nothing, never twice for one owner's bundle id (VB-3,
VB-4). Bundle ids are the owner's: another owner's ids are never looked at (issue 30).

This stores what verification needs (turn, sources, response); ``reviews.imports`` opens the
stored verification for review in the same transaction."""

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction

from citations.engine import Bundle, SourceKind, load_bundle
from citations.engine.bundle import MAX_BUNDLE_BYTES, BundleError, decode_bundle
from citations.engine.extraction.formats import EMAIL

from .models import Source, Turn, Verification
from .services import assessment_enqueue_verification


class BundleConflict(Exception):
    """A bundle id that is already stored with different content."""

    def __init__(self, bundle_id: str) -> None:
        super().__init__(
            f"id: bundle {bundle_id!r} was already submitted with different content; "
            "submit changes under a new id"
        )
        self.bundle_id = bundle_id


@dataclass(frozen=True)
class ImportResult:
    verification: Verification
    created: bool


def bundle_digest(data: dict[str, Any]) -> str:
    canonical = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def bundle_import(
    *,
    raw: str | bytes | dict[str, Any],
    max_bytes: int = MAX_BUNDLE_BYTES,
    owner: str = "",
    enqueue_verification: bool = True,
    on_store: Callable[[Verification], object] = lambda verification: None,
) -> ImportResult:
    """Validate and store one bundle as ``owner``'s. Raises ``BundleError`` (bad input) or
    ``BundleConflict`` (the owner's same id, other content); in both cases nothing is written.
    The response is not read here (a request must not wait for the reader): verification
    reads it and ends ``failed``, the limit named, when it holds too many or too long quotes.
    Another owner's bundle under the same id is not looked at: the id is new for this one.
    A source given as a file is stored as its bytes and media type, unread: the worker reads
    it into paragraphs (and an e-mail's attachments into sources) before verifying.
    ``on_store`` is called with a new verification inside the storing transaction: what it
    writes commits with it or not at all (``reviews.imports`` opens it for review so).

    A new verification is ``pending``; its verification task is sent once the transaction
    commits (never for a rolled-back import). ``enqueue_verification=False``: the caller
    verifies in-process instead (``import_bundle --wait``)."""
    data = raw if isinstance(raw, dict) else decode_bundle(raw, max_bytes=max_bytes)
    # Checks that cost one pass only: reading the response is the worker's (issue 30).
    bundle = load_bundle(data, read_response=False)
    _check_email_kinds(bundle)
    digest = bundle_digest(data)
    existing = Verification.objects.filter(owner=owner, bundle_id=bundle.id).first()
    if existing is not None:
        return _same_or_conflict(existing, digest)
    try:
        with transaction.atomic():
            verification = _store(bundle, data, digest, owner)
            on_store(verification)
            if enqueue_verification:
                assessment_enqueue_verification(assessment_id=verification.pk)
    except IntegrityError:
        # Another request stored the same id between our check and our insert.
        existing = Verification.objects.get(owner=owner, bundle_id=bundle.id)
        return _same_or_conflict(existing, digest)
    return ImportResult(verification=verification, created=True)


def _check_email_kinds(bundle: Bundle) -> None:
    """An e-mail file is an ``email_body`` source and an ``email_body`` file an e-mail: a
    one-pass check the request can make, so it is not left to fail in the worker."""
    for index, source in enumerate(bundle.turn.sources):
        if source.file is None:
            continue
        if (source.file.media_type == EMAIL) != (source.kind is SourceKind.EMAIL_BODY):
            raise BundleError(
                f"sources[{index}].kind",
                "an e-mail file (message/rfc822) is an email_body source, and an email_body "
                "given as a file is an e-mail",
            )


def _same_or_conflict(existing: Verification, digest: str) -> ImportResult:
    if existing.bundle_sha256 != digest:
        raise BundleConflict(existing.bundle_id)
    return ImportResult(verification=existing, created=False)


def _store(bundle: Bundle, data: dict[str, Any], digest: str, owner: str) -> Verification:
    turn = Turn.objects.create()
    stored: dict[str, Source] = {}
    for position, source in enumerate(bundle.turn.sources):
        stored[source.id] = Source.objects.create(
            turn=turn,
            key=source.id,
            kind=source.kind.value,
            title=source.title,
            label=source.label,
            url=source.url,
            eligible=source.eligible,
            paragraphs=list(source.paragraphs),
            pages=[{"page": p.page, "breaks": list(p.breaks)} for p in source.pages],
            position=position,
            # A file is stored as given and read by the worker (citations.source_files),
            # never in the request.
            media_type=source.file.media_type if source.file else "",
            file=source.file.data if source.file else None,
        )
    for source in bundle.turn.sources:
        if source.parent is not None:
            stored[source.id].parent = stored[source.parent]
            stored[source.id].save(update_fields=["parent"])
    meta = dict(bundle.meta)
    return Verification.objects.create(
        owner=owner,
        bundle_id=bundle.id,
        bundle_sha256=digest,
        title=bundle.title,
        meta=meta,
        model_name=str(meta.get("model", ""))[:200],
        prompt_version=str(meta.get("prompt_version", ""))[:200],
        turn=turn,
        response_format=bundle.response.format,
        response_text=bundle.response.text,
        quote_fields=data["response"].get("quotes", []),
        drop=bundle.drop_names,
    )
