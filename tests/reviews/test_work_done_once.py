"""Issue 13, work done once: verification stores how the engine read the response (the
layout), and the reviewer's page, the source pane, the admin and the export read that, never
the response again: with every reader made to fail they all still answer, in full."""

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.urls import reverse

from citations.engine import load_bundle, verify_bundle
from citations.engine.types import JsonLayout
from citations.engine.writing.export import export_response
from citations.models import Quote, Verification
from citations.services import assessment_verify
from reviews.imports import bundle_import
from reviews.rendering import json_response_html
from tests.factories import as_stored_by_layout_version_1
from tests.readers import readers_forbidden

pytestmark = pytest.mark.django_db

SCENARIOS = settings.SHARED_DIR / "data" / "scenarios"
REDTEAM = Path(__file__).parents[1] / "citations" / "redteam"
BUNDLES = [
    SCENARIOS / "procurement_review.json",  # markdown: block and inline quotes, corrections
    SCENARIOS / "adr_source_binding.json",  # JSON: corrected fields, source binding
    REDTEAM / "json_markers_in_fields.json",  # JSON in a code fence with prose around it
    REDTEAM / "truncated_json_quote_cut.json",  # JSON cut off: found by repairing it
    REDTEAM / "lease_table_sources.json",  # markdown table rows rewritten by the export
]


@pytest.fixture
def staff_client(client, api_token):
    client.force_login(get_user_model().objects.create_superuser("root", "r@example.org", "pw"))
    client.defaults["HTTP_AUTHORIZATION"] = f"Bearer {api_token}"
    return client


def verified(path: Path) -> Verification:
    assessment = bundle_import(raw=path.read_bytes()).assessment
    assessment_verify(assessment_id=assessment.pk)
    assessment.refresh_from_db()
    assert assessment.verification.verification_state == "done", (
        assessment.verification.verification_error
    )
    return assessment


def in_text(html: str) -> str:
    return html.split('<article id="response"', 1)[1].split("</article>", 1)[0]


@pytest.mark.parametrize("path", BUNDLES, ids=lambda p: p.stem)
def test_page_pane_admin_and_export_never_read_the_response_again(staff_client, path):
    assessment = verified(path)
    bundle = load_bundle(path.read_bytes())
    expected_export = export_response(bundle, verify_bundle(bundle))
    numbers = list(
        Quote.objects.filter(assessment=assessment.verification).values_list("n", flat=True)
    )
    assert numbers
    with readers_forbidden() as called:
        page = staff_client.get(reverse("reviews:assessment_detail", args=[assessment.pk]))
        pane = staff_client.get(
            reverse("reviews:quote_source", args=[assessment.pk, numbers[0]]),
            HTTP_HX_REQUEST="true",
        )
        admin = staff_client.get(reverse("admin:reviews_assessment_change", args=[assessment.pk]))
        export = staff_client.get(f"/api/assessments/{assessment.pk}/export")
    assert called == []
    assert (page.status_code, pane.status_code, admin.status_code) == (200, 200, 200)
    html = page.content.decode()
    for n in numbers:  # every quote in its place, in the tree of a JSON answer too
        assert in_text(html).count(f'data-quote="{n}"') == 1, n
    if bundle.response.format == "json":
        assert in_text(html).count('class="json-tree"') == 1
    assert export.status_code == 200, export.content
    assert export.content.decode() == expected_export


def test_the_readers_really_are_forbidden():
    """The stand-ins do fail: a verification, which must read the response, cannot run."""
    bundle = load_bundle(BUNDLES[1].read_bytes())
    with readers_forbidden() as called, pytest.raises(BaseException, match="ran on a stored"):
        verify_bundle(bundle)
    assert called


def test_a_json_tree_of_any_depth_renders_without_recursion():
    """The tree is built with a stack of its own: 900 levels (Python's recursion limit is
    1,000; the bundle limit is 64) render, the quote at the bottom in its place."""
    depth = 900
    value_json = '{"a": ' * depth + '{"quote": "deep <b>down</b>"}' + "}" * depth
    path = "$" + ".a" * depth + ".quote"
    layout = JsonLayout(value_json=value_json, start=0, end=len(value_json))
    quote = Quote(n=1, form="field", text="deep", json_path=path, status="verified")
    rendered = json_response_html(value_json, layout, [quote], lambda qs: ["<q>1</q>"])
    assert rendered.placed == {1}
    assert rendered.html.count('<ul class="json-object">') == depth + 1
    assert rendered.html.count("</ul>") == depth + 1


def test_a_json_export_of_any_depth_needs_no_recursion():
    """The export changes a fresh copy decoded from the stored layout: no deep copy, whose
    recursion the depth controlled (250 levels gave RecursionError)."""
    depth = 900
    data = '{"a": ' * depth + '{"quote": "x"}' + "}" * depth
    bundle = load_bundle(
        {
            "bundle_version": 1,
            "id": "deep",
            "sources": [{"id": "D1", "kind": "document", "paragraphs": ["x"]}],
            "response": {
                "format": "json",
                "text": "[]",
                "quotes": [{"path": "$[*]", "text": "quote"}],
            },
        }
    )
    report = verify_bundle(bundle)
    layout = JsonLayout(value_json=data, start=0, end=2)
    exported = export_response(bundle, replace(report, json_layout=layout))
    assert json.loads(exported) == json.loads(data)


def test_an_export_without_a_stored_layout_asks_for_a_new_verification(staff_client):
    assessment = verified(BUNDLES[0])
    Verification.objects.filter(pk=assessment.pk).update(layout=None)
    with readers_forbidden() as called:
        export = staff_client.get(f"/api/assessments/{assessment.pk}/export")
        page = staff_client.get(reverse("reviews:assessment_detail", args=[assessment.pk]))
    assert called == []
    assert export.status_code == 409
    assert "verify the assessment again" in export.json()["error"]["message"]
    assert page.status_code == 200  # markdown needs no layout to be shown


def test_a_json_answer_without_a_stored_layout_is_shown_as_written(staff_client):
    """A result stored before layouts whose response could not be read again (beyond
    today's limits): the page shows the response as text and lists every quote."""
    assessment = verified(BUNDLES[1])
    Verification.objects.filter(pk=assessment.pk).update(layout=None)
    with readers_forbidden() as called:
        page = staff_client.get(reverse("reviews:assessment_detail", args=[assessment.pk]))
    assert called == []
    html = page.content.decode()
    assert page.status_code == 200 and '<pre class="response-raw">' in html
    for n in Quote.objects.filter(assessment=assessment.verification).values_list("n", flat=True):
        assert html.count(f'data-quote="{n}"') == 1


def test_a_layout_that_does_not_hold_the_stored_quotes_is_refused(staff_client):
    assessment = verified(BUNDLES[0])
    layout = Verification.objects.get(pk=assessment.pk).layout
    layout["quotes"][0]["text"] = "something else"
    Verification.objects.filter(pk=assessment.pk).update(layout=layout)
    export = staff_client.get(f"/api/assessments/{assessment.pk}/export")
    assert export.status_code == 409
    assert re.search(r"quote 1 as stored no longer matches", export.json()["error"]["message"])


@pytest.mark.parametrize("path", BUNDLES[:2], ids=lambda p: p.stem)
def test_a_layout_of_an_earlier_engine_asks_for_a_new_verification(staff_client, path):
    """Issue 14: a layout stored before JSON citation sites is not read as if it held them:
    the export says to verify again (409, not an error page) and the page shows the response
    as written, every quote listed, with no reader run."""
    assessment = verified(path)
    layout = Verification.objects.get(pk=assessment.pk).layout
    Verification.objects.filter(pk=assessment.pk).update(
        layout=as_stored_by_layout_version_1(layout)
    )
    with readers_forbidden() as called:
        export = staff_client.get(f"/api/assessments/{assessment.pk}/export")
        page = staff_client.get(reverse("reviews:assessment_detail", args=[assessment.pk]))
    assert called == []
    assert export.status_code == 409
    assert "verify the assessment again" in export.json()["error"]["message"]
    assert page.status_code == 200
    html = page.content.decode()
    for n in Quote.objects.filter(assessment=assessment.verification).values_list("n", flat=True):
        assert html.count(f'data-quote="{n}"') == 1
