"""Reviewer pages: full pages and HTMX fragments, scope (VB-7), pinned query counts."""

import re

import pytest
from django.urls import reverse

from reviews.models import Assessment, ReviewDecision

from .review_data import many_quotes_assessment, procurement_assessment, user

HTMX = {"HTTP_HX_REQUEST": "true"}


def detail_url(assessment: Assessment, **query) -> str:
    url = reverse("reviews:assessment_detail", args=[assessment.pk])
    if query:
        url += "?" + "&".join(f"{k}={v}" for k, v in query.items())
    return url


def quote_elements(html: str) -> dict[int, str]:
    """data-quote number → data-status of every rendered quote element."""
    found = re.findall(r'data-quote="(\d+)" data-status="(\w+)"', html)
    return {int(n): status for n, status in found}


@pytest.mark.django_db
def test_assessment_page_renders_every_quote_in_place_with_its_status_003_1_003_5(
    reviewer_client, assessment
):
    response = reviewer_client.get(detail_url(assessment))
    assert response.status_code == 200
    html = response.content.decode()
    print(html[:100])
    assert quote_elements(html) == {
        1: "verified", 2: "verified", 3: "corrected", 4: "verified", 5: "unverified",
        6: "verified", 7: "verified", 8: "corrected", 9: "ineligible", 10: "unverified",
        11: "corrected", 12: "verified",
    }  # fmt: skip
