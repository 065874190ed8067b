# ruff: noqa: E501 — quote texts are kept whole, as the model wrote them
"""Assessments with quotes for the reviewer UI tests, built through the real bundle import.

Quote rows are written here the way the pipeline writes them (status, match offsets,
corrections), from the scenario's expected results, so the pages are tested on real data.
"""

import base64
import io
import json
from typing import Any

from django.contrib.auth import get_user_model

from citations.diffs import change_diff
from citations.engine.extraction.formats import HTML, PDF
from citations.engine.reading.parse_markdown import parse_markdown_response
from citations.models import Correction, Quote, Source, Verification, VerificationState
from citations.services import assessment_verify
from reviews.imports import bundle_import
from reviews.models import Assessment, Team
from tests.citations.extraction_files import pdf_of_pages
from tests.factories import SCENARIO_DIR

# The procurement scenario's quotes as the model wrote them, in order: (form, text, marker).
PROCUREMENT_QUOTES = [
    ("block", "The annual fee increases by six per cent (6%) over the previous term.", "A1", 2),
    (
        "inline",
        "Renewals that change the price by more than 5% are treated as new contracts",
        "D1",
        2,
    ),
    (
        "inline",
        "The contractor shall attend emergency call-outs within eight (8) hours of notification",
        "A1",
        2,
    ),
    ("inline", "the four-hour emergency response time", "E1", 3),
    ("inline", "we can accept it if they keep the four hour response time", "E1", 3),
    ("inline", "The signed draft is attached.", "E1", 2),
    (
        "inline",
        "Service levels agreed in the original contract must not be reduced at renewal without written approval.",
        "D1",
        3,
    ),
    ("inline", "ninety days' written notice", "A1", 4),
    ("inline", "scored 3.1 out of 5 on responsiveness", "D2", 1),
    (
        "inline",
        "The contractor's liability shall never exceed the fees paid in the last month.",
        "A1",
        5,
    ),
    ("inline", "Contracts above 50,000 EUR per year require a competitive tender", "A1", 1),
    ("block", "The annual fee increases by six per cent (6%) over the previous term.", "A1", 2),
]


def user(username: str, *, staff: bool = False, teams: tuple[Team, ...] = ()):
    account = get_user_model().objects.create_user(
        username=username, password="pw-" + username, is_staff=staff
    )
    for team in teams:
        team.members.add(account)
    return account


def procurement_assessment(
    *, bundle_id: str = "procurement-halvorsen-renewal", verified: bool = True, **fields: Any
) -> Assessment:
    """The procurement scenario with its 12 quotes stored as the pipeline would store them."""
    data = json.loads((SCENARIO_DIR / "procurement_review.json").read_text())
    data["id"] = bundle_id
    assessment = bundle_import(raw=data).assessment
    verification = assessment.verification
    expected = json.loads((SCENARIO_DIR / "procurement_review.expected.json").read_text())
    sources = {s.key: s for s in Source.objects.filter(turn=verification.turn)}
    text = verification.response_text
    # Where each quote's marks and marker are, as the engine's parser reports them.
    extents = {q.n: q.extent for q in parse_markdown_response(text).quotes}
    position = 0
    for (form, written, cited, paragraph), result in zip(
        PROCUREMENT_QUOTES, expected["quotes"], strict=True
    ):
        start = text.index(written, position)
        position = start + len(written)
        match = result["match"] or {}
        corrected = result["corrected"] or {}
        quote = Quote.objects.create(
            assessment=verification,
            n=result["n"],
            form=form,
            text=written,
            response_start=start,
            response_end=start + len(written),
            extent_start=extents[result["n"]][0],
            extent_end=extents[result["n"]][1],
            cited_ref=cited,
            cited_source=sources[cited],
            cited_paragraph=paragraph,
            status=result["status"],
            reason=result["reason"],
            match_source=sources.get(match.get("source")),
            match_paragraph=match.get("paragraph"),
            match_start=match.get("start"),
            match_end=match.get("end"),
            match_score=1.0 if match else None,
            match_method="exact" if match else "",
            match_tier="primary" if match else "",
            corrected_text=corrected.get("text", ""),
            corrected_source=sources.get(corrected.get("source")),
            corrected_paragraph=corrected.get("paragraph"),
            # the worker's page diff (issue 30)
            page_diff=change_diff(written, corrected["text"])
            if result["status"] == "corrected" and corrected.get("text")
            else {},
        )
        changes = {
            "relocated_paragraph": [("paragraph", str(paragraph), str(corrected.get("paragraph")))],
            "relocated_source": [
                ("source", cited, corrected.get("source")),
                ("paragraph", str(paragraph), str(corrected.get("paragraph"))),
            ],
            "text_repaired": [("text", written, corrected.get("text"))],
        }.get(result["reason"], [])
        for field, old, new in changes:
            Correction.objects.create(
                assessment=verification,
                quote=quote,
                run=1,
                field=field,
                old_value=old,
                new_value=new,
                reason=result["reason"],
                score=1.0,
                engine_version="test",
            )
    if verified:
        Verification.objects.filter(pk=verification.pk).update(
            verification_state=VerificationState.DONE, verification_run=1, engine_version="test"
        )
        assessment.refresh_from_db(from_queryset=Assessment.objects.select_related("verification"))
    # Each field on its row: the verification's (drop, verification_state) or the assessment's.
    of_verification = {field.name for field in Verification._meta.concrete_fields}
    own = {name: value for name, value in fields.items() if name not in of_verification}
    for name, value in fields.items():
        setattr(assessment if name in own else assessment.verification, name, value)
    if own:
        assessment.save(update_fields=list(own))
    if len(own) < len(fields):
        assessment.verification.save(update_fields=[n for n in fields if n not in own])
    return assessment


def many_quotes_assessment(n_quotes: int, *, bundle_id: str = "") -> Assessment:
    """A markdown response with ``n_quotes`` verified inline quotes over one source."""
    sentences = [f"Clause {i} applies to item {i} only." for i in range(1, n_quotes + 1)]
    response = "\n\n".join(f'The text says "{s}" [S1 ¶{i}].' for i, s in enumerate(sentences, 1))
    data = {
        "bundle_version": 1,
        "id": bundle_id or f"many-{n_quotes}",
        "title": f"{n_quotes} quotes",
        "meta": {"model": "bench-model", "prompt_version": "v1"},
        "sources": [{"id": "S1", "kind": "document", "title": "Clauses", "paragraphs": sentences}],
        "response": {"format": "markdown", "text": response},
    }
    assessment = bundle_import(raw=data).assessment
    source = Source.objects.get(turn=assessment.verification.turn)
    position, rows = 0, []
    for n, sentence in enumerate(sentences, 1):
        start = response.index(sentence, position)
        position = start + len(sentence)
        rows.append(
            Quote(
                assessment=assessment.verification,
                n=n,
                form="inline",
                text=sentence,
                response_start=start,
                response_end=position,
                cited_ref="S1",
                cited_source=source,
                cited_paragraph=n,
                status="verified",
                reason="found_as_cited",
                match_source=source,
                match_paragraph=n,
                match_start=0,
                match_end=len(sentence),
                match_score=1.0,
                match_method="exact",
                match_tier="primary",
            )
        )
    Quote.objects.bulk_create(rows)
    Verification.objects.filter(pk=assessment.pk).update(verification_state=VerificationState.DONE)
    assessment.refresh_from_db()
    return assessment


TENANCY = [
    "The tenant pays the rent on the first working day of each month.",
    "Repairs to the heating are the landlord's duty, within fourteen days of notice.",
]
HANDBOOK = ["Pets are allowed with the landlord's written consent.", "Bins go out on Tuesdays."]
WITHHELD = ["The landlord may raise the rent by up to twelve percent in any one year."]
# Invented: no source has it, but two sources have its rarest words.
INVENTED = "The landlord must repair the heating within fourteen days and consent to pets"


def found_nowhere_assessment(team: Team) -> Assessment:
    """Quote 1 invented (found in no source, its rarest words in T1 ¶2), quote 2 verified;
    W1 was not given to the model. Verified by the real engine."""
    data = {
        "bundle_version": 1,
        "id": "found-nowhere",
        "sources": [
            {"id": "T1", "kind": "document", "title": "Tenancy", "paragraphs": TENANCY},
            {"id": "H1", "kind": "document", "title": "Handbook", "paragraphs": HANDBOOK},
            {
                "id": "W1",
                "kind": "document",
                "title": "Withheld",
                "paragraphs": WITHHELD,
                "eligible": False,
            },
        ],
        "response": {
            "format": "markdown",
            "text": f'It says "{INVENTED}".\n\nAnd "Bins go out on Tuesdays" [H1].',
        },
    }
    assessment = bundle_import(raw=data, team=team, enqueue_verification=False).assessment
    assessment_verify(assessment_id=assessment.pk)
    return assessment


# A PDF whose page 2 holds the quoted sentence on two lines (issue 34, item 4).
LEASE_PAGES = [
    [["Intro on page one of the lease."], ["Rent is paid by the first day of each month."]],
    [
        ["Page two opens with the parties' duties."],
        ["The tenant may sublet the flat with the written", "consent of the landlord."],
        ["Pets are allowed."],
    ],
    [["Notice is three months."]],
]
LEASE_QUOTE = "The tenant may sublet the flat with the written consent of the landlord."


# A one-page PDF in fonts it does not embed (issue 34, item 4): pdf.js draws them from the
# standard font data (ZapfDingbats, which no system font stands in for) and reads the Japanese
# text through its CMap (UniJIS-UCS2-H), both vendored beside it.
JAPANESE_QUOTE = "借主は家主の書面による同意を得て転貸できる。"


def pdf_in_fonts_not_embedded() -> bytes:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.pdfgen import canvas

    pdfmetrics.registerFont(UnicodeCIDFont("HeiseiMin-W3"))
    out = io.BytesIO()
    page = canvas.Canvas(out, pagesize=A4)
    page.setFont("Helvetica", 11)
    page.drawString(72, 760, "Terms of the lease, in Japanese:")
    page.setFont("HeiseiMin-W3", 12)
    page.drawString(72, 730, JAPANESE_QUOTE)
    page.setFont("ZapfDingbats", 12)
    page.drawString(72, 700, "✔")
    page.showPage()
    page.save()
    return out.getvalue()


LEASE_RESPONSE = f'The lease says "{LEASE_QUOTE}" [L, p. 2] and "A note given as text." [N]'


def pdf_assessment(
    team: Team,
    *,
    bundle_id: str = "lease-pdf",
    pdf: bytes | None = None,
    response: str = LEASE_RESPONSE,
) -> Assessment:
    """A verified assessment of ``team`` whose source ``L`` is a PDF given as a file (by
    default the 3-page lease), ``N`` a text source, ``H`` an HTML file; by default quote 1 is
    page-2 text cited by its page, quote 2 the text source's."""

    def given(data: bytes, media_type: str) -> dict:
        return {"media_type": media_type, "data": base64.b64encode(data).decode()}

    html = b"<html><body><p>An HTML note.</p></body></html>"
    data = {
        "bundle_version": 1,
        "id": bundle_id,
        "title": "A lease as a PDF",
        "sources": [
            {
                "id": "L",
                "kind": "document",
                "title": "Lease",
                "file": given(pdf or pdf_of_pages(LEASE_PAGES), PDF),
            },
            {"id": "N", "kind": "document", "title": "Note", "text": "A note given as text."},
            {"id": "H", "kind": "document", "title": "Web note", "file": given(html, HTML)},
        ],
        "response": {"format": "markdown", "text": response},
    }
    assessment = bundle_import(raw=data, max_bytes=5_000_000).assessment
    Assessment.objects.filter(pk=assessment.pk).update(team=team)
    assessment_verify(assessment_id=assessment.pk)  # reads the files first, as the worker does
    return Assessment.objects.get(pk=assessment.pk)
