"""A bundle's file sources read into paragraphs: the step between accepting a bundle (which
only decodes a file's base64) and verifying it. An e-mail's attachments become sources of
their own here, so what follows sees only sources with paragraphs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..bundle import BundleError
from ..limits import LIMITS
from ..types import Bundle, ParagraphPages, Source, SourceKind, Turn
from .formats import EMAIL
from .isolated import extract_file
from .values import Document, ExtractionError


def read_file_sources(
    bundle: Bundle, *, extract: Callable[[bytes, str], Document] = extract_file
) -> Bundle:
    """``bundle`` with every file source extracted (``extract``: in a child process, bounded).

    An e-mail becomes its ``email_body`` source; each attachment an ``attachment`` source
    ``<id>.<n>`` with that parent, eligible as the e-mail is. Raises ``BundleError`` naming
    ``sources[i].file`` (or ``.kind``, ``.id``) for a file that is not extracted, or whose text
    goes beyond the bundle's limits; ``error.limit`` of the cause names an extraction limit.
    A bundle without file sources is returned as it is.

    >>> from ..bundle import load_bundle
    >>> plain = load_bundle({"bundle_version": 1, "id": "b", "sources": [{"id": "S",
    ...     "kind": "document", "text": "x"}], "response": {"format": "markdown", "text": ""}})
    >>> read_file_sources(plain) is plain
    True
    """
    if all(source.file is None for source in bundle.turn.sources):
        return bundle
    taken = {source.id for source in bundle.turn.sources}
    sources: list[Source] = []
    for index, source in enumerate(bundle.turn.sources):
        if source.file is None:
            sources.append(source)
            continue
        path = f"sources[{index}]"
        is_email = source.file.media_type == EMAIL
        if is_email != (source.kind is SourceKind.EMAIL_BODY):
            raise BundleError(
                f"{path}.kind",
                "an e-mail file (message/rfc822) is an email_body source, and an email_body "
                "given as a file is an e-mail",
            )
        try:
            document = extract(source.file.data, source.file.media_type)
        except ExtractionError as exc:
            raise BundleError(f"{path}.file", exc.message) from exc
        _check_paragraph_chars(document, f"{path}.file")
        sources.append(_with_text(source, document))
        for number, attached in enumerate(document.attachments, start=1):
            attachment_id = f"{source.id}.{number}"
            if attachment_id in taken or len(attachment_id) > 64:
                raise BundleError(
                    f"{path}.id",
                    f"its attachment {number} would be the source {attachment_id!r}, which "
                    + ("another source is" if attachment_id in taken else "is over 64 characters"),
                )
            taken.add(attachment_id)
            sources.append(
                _with_text(
                    Source(
                        id=attachment_id,
                        kind=SourceKind.ATTACHMENT,
                        paragraphs=(),
                        eligible=source.eligible,
                        title=attached.filename,
                        parent=source.id,
                    ),
                    attached.document,
                )
            )
    _check_extracted_limits(sources)
    return replace(bundle, turn=Turn(tuple(sources)))


def _with_text(source: Source, document: Document) -> Source:
    paged = document.pages is not None
    return replace(
        source,
        file=None,
        paragraphs=tuple(p.text for p in document.paragraphs),
        pages=tuple(ParagraphPages(p.page or 1, p.page_breaks) for p in document.paragraphs)
        if paged
        else (),
        title=source.title or document.title,
    )


def _check_extracted_limits(sources: list[Source]) -> None:
    """The bundle's limits, on the text its files turned out to hold."""
    if len(sources) > LIMITS.sources:
        raise BundleError(
            "sources",
            f"hold {len(sources)} sources with the e-mails' attachments; the limit is "
            f"{LIMITS.sources}",
        )
    if sum(len(source.paragraphs) for source in sources) > LIMITS.paragraphs:
        raise BundleError(
            "sources", f"hold more than {LIMITS.paragraphs:,} paragraphs once read, the limit"
        )


def _check_paragraph_chars(document: Document, path: str) -> None:
    for inner in (document, *(attached.document for attached in document.attachments)):
        longest = max((len(p.text) for p in inner.paragraphs), default=0)
        if longest > LIMITS.paragraph_chars:
            raise BundleError(
                path,
                f"holds a paragraph of {longest:,} characters; the limit is "
                f"{LIMITS.paragraph_chars:,}",
            )
