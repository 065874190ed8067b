"""Files to paragraphs with pages (issue 34): text and pages as the tests built them, running
headers, footers and page numbers left out, a paragraph across a page break joined, an
e-mail's attachments as sources, and every hostile file refused at a limit in bounded time."""

from __future__ import annotations

import base64
import time

import pytest

from citations.engine import BundleError, load_bundle, verify_bundle
from citations.engine.extraction import (
    EXTRACTION_LIMITS,
    ExtractionError,
    ExtractionLimits,
    Paragraph,
    extract_document,
    extract_file,
)
from citations.engine.extraction.formats import DOCX, EMAIL, HTML, PDF, PLAIN
from citations.engine.extraction.pages import Block, paragraphs_of_pages
from citations.engine.types import ParagraphPages, SourceKind

from . import extraction_files as files

LEASE_PDF = [
    [["Intro on page one."], ["The tenant may sublet the flat", "with the consent of the"]],
    [["landlord, which is not withheld."], ["Rent is due monthly."]],
    [["Notice is three months."]],
]


def test_pdf_paragraphs_pages_and_a_paragraph_across_a_page_break():
    document = extract_document(files.pdf_of_pages(LEASE_PDF), PDF, EXTRACTION_LIMITS)
    assert document.pages == 3
    assert document.paragraphs == (
        Paragraph("Intro on page one.", page=1),
        Paragraph(
            "The tenant may sublet the flat\nwith the consent of the\n"
            "landlord, which is not withheld.",
            page=1,
            page_breaks=(55,),
        ),
        Paragraph("Rent is due monthly.", page=2),
        Paragraph("Notice is three months.", page=3),
    )
    joined = document.paragraphs[1]
    assert joined.page_at(joined.text.index("landlord")) == 2
    assert joined.page_at(joined.text.index("tenant")) == 1


def test_pdf_running_header_and_page_numbers_are_not_text():
    text = "\n".join(
        p.text
        for p in extract_document(files.pdf_of_pages(LEASE_PDF), PDF, EXTRACTION_LIMITS).paragraphs
    )
    assert "ACME" not in text
    assert "Page" not in text


def test_a_one_page_pdf_keeps_its_only_header_line():
    """A header repeats on pages; on one page nothing repeats, so nothing is taken for one."""
    document = extract_document(files.pdf_of_pages([[["Only page."]]]), PDF, EXTRACTION_LIMITS)
    assert [p.text for p in document.paragraphs] == [files.HEADER, "Only page."]


@pytest.mark.parametrize(
    ("pages", "expected"),
    [
        # a page ending mid-sentence continues on the next
        ([["A", "b c"], ["d."]], [("A", 1, ()), ("b c\nd.", 1, (4,))]),
        # a full stop, colon or closing quote after one ends the paragraph with the page
        ([["Done."], ["Next."]], [("Done.", 1, ()), ("Next.", 2, ())]),
        ([["He said “stop.”"], ["Next."]], [("He said “stop.”", 1, ()), ("Next.", 2, ())]),
        ([["As follows:"], ["item"]], [("As follows:", 1, ()), ("item", 2, ())]),
        # an empty page in between: nothing is joined over it
        ([["open"], [], ["after"]], [("open", 1, ()), ("after", 3, ())]),
    ],
)
def test_paragraphs_across_pages(pages, expected):
    built = paragraphs_of_pages([[Block(text) for text in page] for page in pages])
    assert [(p.text, p.page, p.page_breaks) for p in built] == expected


@pytest.mark.parametrize(
    ("edge_text", "removed"),
    [
        ("12", True),
        ("- 3 -", True),
        ("Seite 4 von 9", True),
        ("iv", True),
        ("Confidential", True),  # repeats on every page
        ("Summary of findings", False),  # at an edge, but on one page only
    ],
)
def test_edges_removed_only_when_a_page_number_or_running(edge_text, removed):
    pages = [
        [Block("Confidential", at_edge=True), Block(f"Body {n}."), Block(str(n), at_edge=True)]
        for n in range(1, 4)
    ]
    pages[1].insert(1, Block(edge_text, at_edge=True))
    texts = [p.text for p in paragraphs_of_pages(pages)]
    assert (edge_text not in texts) is removed


def test_docx_paragraphs_hard_page_breaks_and_table_without_its_header():
    data = files.docx_of("First page.", None, "Second page.", "Still second.")
    document = extract_document(data, DOCX, EXTRACTION_LIMITS)
    assert [(p.text, p.page) for p in document.paragraphs] == [
        ("First page.", 1),
        ("Second page.", 2),
        ("Still second.", 2),
        ("Fee\t120 EUR", 2),
    ]
    assert all("Running header" not in p.text for p in document.paragraphs)


def test_html_text_only_scripts_and_styles_dropped():
    page = (
        b"<html><head><title>Lease</title><style>p{color:red}</style>"
        b"<script>document.write('injected')</script></head><body>"
        b"<h1>Terms</h1><p>The tenant   may\n sublet.<script>alert(1)</script> Really.</p>"
        b"<!-- note --><ul><li>One</li><li>Two<br>lines</li></ul><noscript>no js</noscript>"
        b"<pre>  kept\n  as is</pre><table><tr><td>Fee</td><td>120</td></tr></table></body></html>"
    )
    document = extract_document(page, HTML, EXTRACTION_LIMITS)
    assert document.title == "Lease"
    assert document.pages is None
    assert [p.text for p in document.paragraphs] == [
        "Terms",
        "The tenant may sublet. Really.",
        "One",
        "Two\nlines",
        "kept\n  as is",  # a block's outer spaces go, as everywhere
        "Fee\t120",
    ]


def test_plain_text_with_form_feeds_is_paged():
    text = "Report\n\nFirst page ends\n\n1\fReport\n\nmid-sentence here.\n\n2\f"
    document = extract_document(text.encode(), PLAIN, EXTRACTION_LIMITS)
    assert document.pages == 2
    assert [(p.text, p.page, p.page_breaks) for p in document.paragraphs] == [
        ("First page ends\nmid-sentence here.", 1, (16,))
    ]


def test_plain_text_in_another_charset():
    document = extract_document("Grüße aus Köln.".encode("cp1252"), PLAIN, EXTRACTION_LIMITS)
    assert document.paragraphs == (Paragraph("Grüße aus Köln."),)


def test_email_body_and_attachments_each_by_type():
    inner = files.email_of("Forwarded text.")
    inner_message = __import__("email").message_from_bytes(
        inner,
        _class=__import__("email").message.EmailMessage,
        policy=__import__("email").policy.default,
    )
    data = files.email_of(
        "Dear tenant,\n\nsee the lease attached.",
        ("lease.pdf", PDF, files.pdf_of_pages(LEASE_PDF)),
        ("notes.docx", DOCX, files.docx_of("A note.")),
        ("photo.png", "image/png", b"\x89PNG\r\n\x1a\n"),
        ("fwd.eml", EMAIL, inner_message),
    )
    document = extract_file(data, EMAIL)
    assert document.title == "Your lease"
    assert [p.text for p in document.paragraphs] == ["Dear tenant,", "see the lease attached."]
    attached = [(a.filename, a.document.media_type, a.document.pages) for a in document.attachments]
    assert attached == [
        ("lease.pdf", PDF, 3),
        ("notes.docx", DOCX, 1),
        ("Your lease.eml", EMAIL, None),
    ]
    assert document.attachments[0].document.paragraphs[3] == Paragraph(
        "Notice is three months.", page=3
    )
    assert document.attachments[2].document.paragraphs == (Paragraph("Forwarded text."),)


def _bundle(source: dict, quote: str = '"Rent is due monthly." [L ¶3]') -> dict:
    return {
        "bundle_version": 1,
        "id": "b1",
        "sources": [source],
        "response": {"format": "markdown", "text": quote},
    }


def _file(data: bytes, media_type: str) -> dict:
    return {"media_type": media_type, "data": base64.b64encode(data).decode()}


def test_a_bundle_source_given_as_a_pdf_is_verified_with_pages():
    bundle = load_bundle(
        _bundle({"id": "L", "kind": "document", "file": _file(files.pdf_of_pages(LEASE_PDF), PDF)})
    )
    source = bundle.turn.sources[0]
    assert source.file is None
    assert source.paragraphs[2] == "Rent is due monthly."
    assert source.pages[1] == ParagraphPages(1, (55,))
    assert source.pages[2] == ParagraphPages(2)
    assert verify_bundle(bundle).results[0].status == "verified"


def test_an_email_file_becomes_a_body_and_attachment_sources():
    data = files.email_of("Body text.", ("lease.pdf", PDF, files.pdf_of_pages(LEASE_PDF)))
    bundle = load_bundle(
        _bundle(
            {"id": "mail", "kind": "email_body", "eligible": True, "file": _file(data, EMAIL)},
            quote='"Rent is due monthly." [mail.1]',
        )
    )
    body, attachment = bundle.turn.sources
    assert (body.id, body.kind, body.title, body.paragraphs) == (
        "mail",
        SourceKind.EMAIL_BODY,
        "Your lease",
        ("Body text.",),
    )
    assert (attachment.id, attachment.kind, attachment.parent, attachment.title) == (
        "mail.1",
        SourceKind.ATTACHMENT,
        "mail",
        "lease.pdf",
    )
    assert verify_bundle(bundle).results[0].status == "verified"


def test_the_web_app_s_load_leaves_files_unread():
    bundle = load_bundle(
        _bundle({"id": "L", "kind": "document", "file": _file(b"%PDF-broken", PDF)}),
        read_response=False,
    )
    assert bundle.turn.sources[0].file.data == b"%PDF-broken"
    assert bundle.turn.sources[0].paragraphs == ()


@pytest.mark.parametrize(
    ("source", "field", "message"),
    [
        (
            {"id": "L", "kind": "document", "file": {"media_type": PDF, "data": "%%%"}},
            "sources[0].file.data",
            "is not base64",
        ),
        (
            {"id": "L", "kind": "document", "file": {"media_type": "image/png", "data": ""}},
            "sources[0].file.media_type",
            "is not one of",
        ),
        (
            {"id": "L", "kind": "document", "text": "x", "file": {"media_type": PDF, "data": ""}},
            "sources[0]",
            "exactly one of 'text', 'paragraphs' or 'file'",
        ),
        (
            {"id": "L", "kind": "document", "file": _file(files.email_of("x"), EMAIL)},
            "sources[0].kind",
            "is an email_body source",
        ),
        (
            {"id": "L", "kind": "document", "file": _file(b"not a pdf", PDF)},
            "sources[0].file",
            "is not a readable PDF",
        ),
        (
            {"id": "L", "kind": "document", "paragraphs": ["a", "b"], "pages": [{"page": 1}]},
            "sources[0].pages",
            "has 1 entries for 2 paragraphs",
        ),
        (
            {
                "id": "L",
                "kind": "document",
                "paragraphs": ["ab"],
                "pages": [{"page": 1, "breaks": [5]}],
            },
            "sources[0].pages[0].breaks",
            "not increasing offsets",
        ),
    ],
)
def test_bad_file_sources_are_refused_naming_the_field(source, field, message):
    with pytest.raises(BundleError) as refused:
        load_bundle(_bundle(source))
    assert refused.value.field == field
    assert message in refused.value.message


# Each hostile file, with the limit that refuses it, within a bound on its time: the child
# process's limits (time, memory) bound what the checks before it cannot foresee.
HOSTILE = [
    pytest.param(
        lambda: files.zip_bomb_docx(300 * 1024 * 1024),
        DOCX,
        {},
        "decompressed_bytes",
        id="zip-bomb-docx",
    ),
    pytest.param(
        lambda: files.pdf_with_many_objects(250_000), PDF, {}, "pdf_objects", id="pdf-250k-objects"
    ),
    pytest.param(
        files.pdf_with_reference_loop, PDF, {"seconds": 3}, "seconds", id="pdf-reference-loop"
    ),
    pytest.param(
        lambda: files.pdf_with_stream_bomb(700 * 1024 * 1024),
        PDF,
        {"memory_bytes": 512 * 1024 * 1024},
        "memory_bytes",
        id="pdf-stream-bomb",
    ),
    pytest.param(
        lambda: files.email_with_attachments(10_000),
        EMAIL,
        {},
        "attachments",
        id="email-10000-attachments",
    ),
    pytest.param(lambda: files.nested_emails(6), EMAIL, {}, "nesting", id="email-nested-6"),
    pytest.param(
        lambda: b"<p>" + b"<script>while(1){}</script>word " * 50_000,
        HTML,
        {"text_chars": 100_000},
        "text_chars",
        id="html-scripts-and-text-beyond-the-limit",
    ),
    pytest.param(
        lambda: b"x" * 2_000, PLAIN, {"file_bytes": 1_000}, "file_bytes", id="too-many-bytes"
    ),
]


@pytest.mark.parametrize(("make", "media_type", "limits", "limit"), HOSTILE)
def test_hostile_files_are_refused_at_a_limit_in_bounded_time(make, media_type, limits, limit):
    data = make()
    bounded = ExtractionLimits(**{"seconds": 20.0, **limits})
    started = time.monotonic()
    with pytest.raises(ExtractionError) as refused:
        extract_file(data, media_type, limits=bounded)
    assert refused.value.limit == limit, refused.value.message
    assert time.monotonic() - started < bounded.seconds + 5


def test_html_nested_past_the_parser_s_depth_is_read_in_bounded_time():
    started = time.monotonic()
    document = extract_file(b"<div>" * 200_000 + b"<script>x</script>deep", HTML)
    assert time.monotonic() - started < 10
    assert all("x" not in p.text for p in document.paragraphs)
