"""Files the extraction tests build: PDFs with known text and pages (reportlab), DOCX
(python-docx), e-mails (the standard library), and hostile files made by hand."""

from __future__ import annotations

import io
import zipfile
import zlib
from email.message import EmailMessage

HEADER = "Annual Report 2024 · ACME Ltd"


def pdf_of_pages(pages: list[list[list[str]]], *, header: str = HEADER) -> bytes:
    """A PDF whose page n holds ``pages[n-1]``: paragraphs as lists of lines, a blank line
    apart, under a running header and over a footer "Page n of N"."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    page = canvas.Canvas(out, pagesize=A4)
    width, height = A4
    for number, paragraphs in enumerate(pages, start=1):
        page.setFont("Helvetica", 9)
        page.drawString(72, height - 40, header)
        page.drawCentredString(width / 2, 30, f"Page {number} of {len(pages)}")
        page.setFont("Helvetica", 11)
        y = height - 90
        for lines in paragraphs:
            for line in lines:
                page.drawString(72, y, line)
                y -= 14
            y -= 14
        page.showPage()
    page.save()
    return out.getvalue()


def docx_of(*blocks: str | None, header: str = "Running header") -> bytes:
    """A DOCX of paragraphs; None is a hard page break. Its header is never body text."""
    import docx

    document = docx.Document()
    document.sections[0].header.paragraphs[0].text = header
    for block in blocks:
        if block is None:
            document.add_page_break()
        else:
            document.add_paragraph(block)
    table = document.add_table(rows=1, cols=2)
    table.rows[0].cells[0].text = "Fee"
    table.rows[0].cells[1].text = "120 EUR"
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def email_of(body: str, *attachments: tuple[str, str, bytes | EmailMessage]) -> bytes:
    """An e-mail with a plain-text body and ``(filename, media type, content)`` attached."""
    message = EmailMessage()
    message["From"] = "landlord@example.org"
    message["To"] = "tenant@example.org"
    message["Subject"] = "Your lease"
    message.set_content(body)
    for filename, media_type, content in attachments:
        if isinstance(content, EmailMessage):
            message.add_attachment(content)
        else:
            maintype, subtype = media_type.split("/")
            message.add_attachment(content, maintype=maintype, subtype=subtype, filename=filename)
    return message.as_bytes()


def email_with_attachments(count: int) -> bytes:
    """An e-mail of ``count`` tiny text attachments, written out directly (fast)."""
    boundary = "b0undary"
    parts = [
        f"--{boundary}\r\nContent-Type: text/plain\r\n"
        f'Content-Disposition: attachment; filename="a{n}.txt"\r\n\r\nx\r\n'
        for n in range(count)
    ]
    return (
        f"Subject: many\r\nMIME-Version: 1.0\r\n"
        f'Content-Type: multipart/mixed; boundary="{boundary}"\r\n\r\n'
        f"--{boundary}\r\nContent-Type: text/plain\r\n\r\nBody.\r\n"
        + "".join(parts)
        + f"--{boundary}--\r\n"
    ).encode()


def nested_emails(depth: int) -> bytes:
    """An e-mail holding an e-mail holding … ``depth`` levels down."""
    message = EmailMessage()
    message["Subject"] = "innermost"
    message.set_content("The innermost text.")
    for level in range(depth):
        outer = EmailMessage()
        outer["Subject"] = f"level {level}"
        outer.set_content(f"Level {level}.")
        outer.add_attachment(message)
        message = outer
    return message.as_bytes()


def zip_bomb_docx(inflated_bytes: int) -> bytes:
    """A zip named like a DOCX whose document part inflates to ``inflated_bytes`` zeros."""
    out = io.BytesIO()
    chunk = b"\0" * (1024 * 1024)
    with (
        zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive,
        archive.open("word/document.xml", "w", force_zip64=True) as entry,
    ):
        for _ in range(inflated_bytes // len(chunk)):
            entry.write(chunk)
    return out.getvalue()


def pdf_of_objects(objects: list[bytes], *, root: int = 1) -> bytes:
    """A PDF of the given object bodies (object n is ``objects[n-1]``), with its xref table."""
    out = bytearray(b"%PDF-1.7\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        root,
        xref,
    )
    return bytes(out)


def pdf_with_many_objects(count: int) -> bytes:
    """A one-page PDF followed by ``count`` objects nothing uses."""
    page = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] >>",
    ]
    return pdf_of_objects(page + [b"null"] * count)


def pdf_with_reference_loop() -> bytes:
    """A PDF whose page tree is its own child and whose content's length refers to itself."""
    return pdf_of_objects(
        [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] /Contents 4 0 R >>",
            b"<< /Length 5 0 R >>\nstream\nBT ET\nendstream",
            b"5 0 R",
        ]
    )


def pdf_with_stream_bomb(inflated_bytes: int) -> bytes:
    """A one-page PDF whose content stream inflates to ``inflated_bytes`` spaces."""
    squeezer = zlib.compressobj(9)
    chunk = b" " * (1024 * 1024)
    packed = b"".join(squeezer.compress(chunk) for _ in range(inflated_bytes // len(chunk)))
    packed += squeezer.flush()
    return pdf_of_objects(
        [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] /Contents 4 0 R >>",
            b"<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream" % (len(packed), packed),
        ]
    )
