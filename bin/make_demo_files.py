#!/usr/bin/env python3
"""Write the demo's source files (issue 34): reviews/demo/lease.pdf, a lease of three pages
with a running header and page numbers, and reviews/demo/notice.eml, an e-mail whose
attachment is the house rules. Run once when their text changes (needs reportlab, a [dev]
dependency); `manage.py demo_setup` posts them as file sources with reviews/demo/bundle.json.

    .venv/bin/python bin/make_demo_files.py
"""

import io
from email.message import EmailMessage
from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

DEMO = Path(__file__).resolve().parents[1] / "reviews" / "demo"

LEASE_PAGES = [
    [
        ["Residential Lease Agreement"],
        [
            "This lease is made between Harbour Homes Ltd (the Landlord) and",
            "Mira Okafor (the Tenant) for the flat at 12 Quay Street.",
        ],
        ["1. Term. The lease runs for twelve months from 1 March 2026."],
    ],
    [
        [
            "2. Rent. The Tenant pays a monthly rent of EUR 1,150 in advance,",
            "on the first working day of each month.",
        ],
        [
            "3. Deposit. The Tenant pays a deposit of two months' rent, which is",
            "returned within thirty days after the end of the lease, less the cost",
            "of repairing damage beyond normal wear and tear.",
        ],
    ],
    [
        [
            "4. Repairs. The Landlord repairs the heating and the plumbing within",
            "fourteen days of written notice.",
        ],
        ["5. Pets. Pets are allowed only with the Landlord's written consent."],
    ],
]

NOTICE = """Dear Ms Okafor,

the annual inspection of the building takes place on 14 April 2026 between 9:00 and 12:00.
Please make sure the radiators in your flat can be reached.

The house rules are attached; they apply from the first day of your lease.

Kind regards,
Harbour Homes Ltd
"""

HOUSE_RULES = """House rules of 12 Quay Street

Quiet hours are from 22:00 to 7:00 on every day of the week.

Bicycles are kept in the courtyard shed, never in the stairwell.
"""


def lease_pdf() -> bytes:
    out = io.BytesIO()
    page = canvas.Canvas(out, pagesize=A4)
    width, height = A4
    for number, paragraphs in enumerate(LEASE_PAGES, start=1):
        page.setFont("Helvetica", 9)
        page.drawString(72, height - 40, "Harbour Homes Ltd · Lease 12 Quay Street")
        page.drawCentredString(width / 2, 30, f"Page {number} of {len(LEASE_PAGES)}")
        page.setFont("Helvetica", 11)
        y = height - 90
        for lines in paragraphs:
            for line in lines:
                page.drawString(72, y, line)
                y -= 14
            y -= 14
        page.showPage()
    page.setTitle("Residential Lease Agreement")
    page.save()
    return out.getvalue()


def notice_eml() -> bytes:
    message = EmailMessage()
    message["From"] = "Harbour Homes Ltd <office@harbour-homes.example>"
    message["To"] = "Mira Okafor <mira@example.org>"
    message["Subject"] = "Inspection on 14 April"
    message["Date"] = "Mon, 09 Mar 2026 10:15:00 +0100"
    message.set_content(NOTICE)
    message.add_attachment(
        HOUSE_RULES.encode(), maintype="text", subtype="plain", filename="house-rules.txt"
    )
    return message.as_bytes()


if __name__ == "__main__":
    (DEMO / "lease.pdf").write_bytes(lease_pdf())
    (DEMO / "notice.eml").write_bytes(notice_eml())
    print(f"wrote {DEMO / 'lease.pdf'} and {DEMO / 'notice.eml'}")
