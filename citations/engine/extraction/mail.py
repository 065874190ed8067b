"""RFC 822 e-mail (``.eml``), with the standard library's ``email`` package: the body (its
plain-text part, else its HTML part) and every attachment, each extracted by its own type.
An attached e-mail is extracted the same way; its attachments join the outer e-mail's, since
every attachment source names an ``email_body`` as its parent."""

from __future__ import annotations

from email import policy
from email.message import MIMEPart
from email.parser import BytesParser

from .limits import ExtractionLimits
from .values import Attachment, Document, ExtractionError, Paragraph

MEDIA_TYPE = "message/rfc822"


def extract_email(
    data: bytes, media_type: str, limits: ExtractionLimits, *, depth: int = 0
) -> Document:
    """The e-mail's body paragraphs, its subject as the title, and its attachments.

    >>> from .limits import EXTRACTION_LIMITS
    >>> raw = b"Subject: Lease\\n\\nDear tenant,\\n\\nall fine."
    >>> mail = extract_email(raw, "message/rfc822", EXTRACTION_LIMITS)
    >>> mail.title, [p.text for p in mail.paragraphs]
    ('Lease', ['Dear tenant,', 'all fine.'])
    """
    message = BytesParser(policy=policy.default).parsebytes(data)
    return extract_message(message, limits, depth=depth)


def extract_message(message: MIMEPart, limits: ExtractionLimits, *, depth: int) -> Document:
    from .formats import extract_document, media_type_of

    if depth > limits.nesting:
        raise ExtractionError(
            f"holds e-mails attached to e-mails {depth} deep; the limit is {limits.nesting}",
            limit="nesting",
        )
    body = message.get_body(preferencelist=("plain", "html"))
    parts = _attached_parts(message, body)
    if len(parts) > limits.attachments:
        raise ExtractionError(
            f"has {len(parts):,} attachments; the limit is {limits.attachments:,}",
            limit="attachments",
        )
    paragraphs: tuple[Paragraph, ...] = ()
    if body is not None:
        paragraphs = extract_document(
            _payload(body),
            body.get_content_type(),
            limits,
            charset=body.get_content_charset(),
        ).paragraphs
    attachments: list[Attachment] = []
    for number, part in enumerate(parts, start=1):
        filename = part.get_filename() or ""
        try:
            if part.get_content_type() == MEDIA_TYPE:
                inner = part.get_content()
                if not isinstance(inner, MIMEPart):
                    raise ExtractionError("is an attached e-mail that is not one")
                document = extract_message(inner, limits, depth=depth + 1)
                filename = filename or f"{inner.get('subject', 'message')}.eml"
                attachments.append(Attachment(filename, _without_attachments(document)))
                attachments.extend(document.attachments)
            else:
                data = _payload(part)
                media_type = media_type_of(data, part.get_content_type(), filename)
                if media_type is None:
                    continue  # an image or other file without text: nothing to quote from
                document = extract_document(
                    data, media_type, limits, charset=part.get_content_charset()
                )
                attachments.append(Attachment(filename, document))
        except ExtractionError as exc:
            name = f" ({filename!r})" if filename else ""
            raise ExtractionError(
                f"attachment {number}{name} {exc.message}", limit=exc.limit
            ) from None
        if len(attachments) > limits.attachments:
            raise ExtractionError(
                f"has more than {limits.attachments:,} attachments (attached e-mails' "
                "counted in), the limit",
                limit="attachments",
            )
    return Document(
        MEDIA_TYPE,
        paragraphs,
        title=str(message.get("subject", "")).strip(),
        attachments=tuple(attachments),
    )


def _attached_parts(message: MIMEPart, body: MIMEPart | None) -> list[MIMEPart]:
    """The message's parts that are not its body and carry a file: those marked as
    attachments or named, and attached e-mails (not opened here). Walked without recursion,
    so no nesting of multiparts exhausts the stack."""
    found: list[MIMEPart] = []
    waiting = [message]
    while waiting:
        part = waiting.pop()
        if part is body:
            continue
        if part.get_content_type() == MEDIA_TYPE and part is not message:
            found.append(part)
        elif part.is_multipart():
            waiting.extend(reversed(list(part.iter_parts())))
        elif part.get_content_disposition() == "attachment" or part.get_filename():
            found.append(part)
    return found


def _without_attachments(document: Document) -> Document:
    return Document(document.media_type, document.paragraphs, title=document.title)


def _payload(part: MIMEPart) -> bytes:
    """A leaf part's bytes, its transfer encoding (base64, quoted-printable) undone."""
    payload = part.get_payload(decode=True)
    return payload if isinstance(payload, bytes) else b""
