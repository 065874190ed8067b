"""Admin: browsable, filterable; the audit trail (corrections, decisions) read-only (011.3)."""

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from citations.models import Correction
from reviews.models import ApiToken, QuoteVerdict, ReviewDecision, Team
from tests.conftest import row_counts
from tests.factories import make_assessment, make_correction, make_quote, source


@pytest.fixture
def superuser(db):
    return get_user_model().objects.create_superuser("root", "root@example.org", "pw")


@pytest.fixture
def admin_client(client, superuser):
    client.force_login(superuser)
    return client


@pytest.fixture
def corrected(db):
    """An assessment whose quote 2 was moved to another paragraph, with its audit row."""
    assessment = make_assessment(meta={"model": "qwen-test", "prompt_version": "p1"})
    verification = assessment.verification
    verification.quotes_found, verification.quotes_corrected = 2, 1
    verification.verification_state = "done"
    verification.save()
    d1 = source(assessment, "D1")
    make_quote(assessment, 1, match_source=d1, match_paragraph=2, match_start=0, match_end=7)
    quote = make_quote(
        assessment,
        2,
        status="corrected",
        reason="relocated_paragraph",
        cited_source=d1,
        cited_paragraph=1,
        match_source=d1,
        match_paragraph=2,
        match_start=0,
        match_end=7,
    )
    make_correction(quote, old_value="1", new_value="2", reason="relocated_paragraph")
    return assessment


CHANGELISTS = [
    ("citations_source", {"kind__exact": "email_body"}),
    ("citations_source", {"eligible__exact": "1"}),
    ("reviews_assessment", {"verification__verification_state__exact": "done"}),
    ("reviews_assessment", {"verification__model_name": "qwen-test"}),
    ("citations_quote", {"status__exact": "corrected"}),
    ("citations_quote", {"reason__exact": "relocated_paragraph"}),
    ("citations_quote", {"match_source__kind": "document"}),
    ("citations_quote", {"assessment__model_name": "qwen-test"}),
    ("citations_correction", {"reason": "relocated_paragraph"}),
    ("citations_correction", {"changed": "paragraph"}),
    ("citations_correction", {"quote__match_source__kind": "document"}),
    ("citations_correction", {"assessment__model_name": "qwen-test"}),
    ("citations_correction", {"created_at__year": str(timezone.now().year)}),
    ("reviews_reviewdecision", {}),
    ("reviews_quoteverdict", {"action__exact": "overrule"}),
    ("reviews_apitoken", {}),
]


@pytest.mark.parametrize(("name", "query"), CHANGELISTS)
def test_changelists_open_and_filter(admin_client, corrected, name, query):
    response = admin_client.get(reverse(f"admin:{name}_changelist"), query)
    assert response.status_code == 200
    empty_allowed = name.endswith(("decision", "verdict", "token"))
    assert response.context["cl"].result_count >= (0 if empty_allowed else 1)


def test_filters_really_filter(admin_client, corrected):
    url = reverse("admin:citations_quote_changelist")
    assert admin_client.get(url, {"status__exact": "corrected"}).context["cl"].result_count == 1
    assert admin_client.get(url, {"status__exact": "unverified"}).context["cl"].result_count == 0
    url = reverse("admin:citations_correction_changelist")
    assert (
        admin_client.get(url, {"assessment__model_name": "other"}).context["cl"].result_count == 0
    )


def test_assessment_list_shows_state_and_per_status_counts_adr_4(admin_client, corrected):
    type(corrected.verification).objects.filter(pk=corrected.pk).update(quotes_dropped=1)
    response = admin_client.get(reverse("admin:reviews_assessment_changelist"))
    html = response.text
    for column in ("model_and_prompt", "states", "team_and_assignee", "quote_counts"):
        assert f"column-{column}" in html
    body = html[html.index("<tbody>") :]
    row = body[: body.index("</tr>")]
    assert '<td class="field-states">done · pending</td>' in row
    assert '<td class="field-team_and_assignee">no team · unassigned</td>' in row
    counts = re.search(r'<span class="quote-counts">(.*?)</span>', row, re.S).group(1)
    assert " ".join(counts.split()) == (
        "2 found: 0 verified, 1 corrected, 0 unverified, 0 ineligible; 1 dropped from the export"
    )


def test_correction_list_shows_before_and_after_and_links_to_the_quote_011_3(
    admin_client, corrected
):
    response = admin_client.get(reverse("admin:citations_correction_changelist"))
    html = response.text
    # the paragraph the model cited, struck, and the one the text is in
    assert '<del class="diff-removed">D1 ¶1</del> → <ins class="diff-added">D1 ¶2</ins>' in html
    link = f"/assessments/{corrected.pk}/#q2"
    assert f'href="{link}"' in html
    page = admin_client.get(link.split("#")[0])
    assert page.status_code == 200
    assert 'id="q2"' in page.text


@pytest.mark.parametrize("model", [Correction, ReviewDecision, QuoteVerdict])
def test_audit_rows_cannot_be_added_changed_or_deleted_in_the_admin_011_3(
    admin_client, corrected, superuser, model
):
    """011.3, and issue 31 item 1 for quote verdicts."""
    if model is Correction:
        row = Correction.objects.get()
    elif model is QuoteVerdict:
        row = QuoteVerdict.objects.create(
            assessment=corrected,
            quote=corrected.verification.quotes.get(n=2),
            reviewer=superuser,
            action="overrule",
            run=1,
            engine_status="corrected",
        )
    else:
        row = ReviewDecision.objects.create(
            assessment=corrected, reviewer=superuser, action="return", comment="look again"
        )
    name = f"admin:{model._meta.app_label}_{model._meta.model_name}"
    if model is QuoteVerdict:  # listed with a link to its quote on the reviewer page
        listed = admin_client.get(reverse(f"{name}_changelist")).text
        assert f'<a href="/assessments/{corrected.pk}/#q2">#2</a>' in listed
    before = list(model.objects.values())
    assert admin_client.get(reverse(f"{name}_add")).status_code == 403
    change = admin_client.get(reverse(f"{name}_change", args=[row.pk]))
    assert change.status_code == 200  # viewable ...
    assert 'type="submit"' not in change.text.split('id="content-main"')[1].split("</form>")[0]
    assert admin_client.post(reverse(f"{name}_change", args=[row.pk]), {}).status_code == 403
    assert (
        admin_client.post(reverse(f"{name}_delete", args=[row.pk]), {"post": "yes"}).status_code
        == 403
    )
    bulk = admin_client.post(
        reverse(f"{name}_changelist"),
        {"action": "delete_selected", "_selected_action": [row.pk], "post": "yes"},
    )
    assert bulk.status_code == 200  # ... the action does not exist, so nothing happens
    assert list(model.objects.values()) == before


def test_an_assessment_cannot_be_added_or_deleted_in_the_admin(admin_client, corrected):
    assert admin_client.get(reverse("admin:reviews_assessment_add")).status_code == 403
    delete = reverse("admin:reviews_assessment_delete", args=[corrected.pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403


def test_adding_an_api_token_in_the_admin_shows_it_once(admin_client, client):
    response = admin_client.post(
        reverse("admin:reviews_apitoken_add"), {"name": "from-admin"}, follow=True
    )
    assert response.status_code == 200
    messages = [str(m) for m in response.context["messages"]]
    token = re.search(r"vbt_[A-Za-z0-9_-]+", " ".join(messages)).group(0)
    row = ApiToken.objects.get(name="from-admin")
    assert token not in json.dumps(list(ApiToken.objects.values()), default=str)
    assert row.prefix == token[:8]
    # issue 13: shown from the session, never sent in the (signed, readable) cookie
    assert all(token not in morsel.value for morsel in admin_client.cookies.values())
    again = admin_client.get(reverse("admin:reviews_apitoken_change", args=[row.pk]))
    assert token not in again.text


def test_an_api_token_added_in_the_admin_gets_its_team_then_shows_it_read_only(admin_client):
    team = Team.objects.create(name="procurement")
    add = reverse("admin:reviews_apitoken_add")
    admin_client.post(add, {"name": "from-admin", "team": team.pk})
    row = ApiToken.objects.get(name="from-admin")
    assert row.team == team
    change = admin_client.get(reverse("admin:reviews_apitoken_change", args=[row.pk])).text
    assert "procurement" in change and 'name="team"' not in change


def test_filters_are_headed_by_what_they_filter(admin_client, corrected):
    html = admin_client.get(reverse("admin:citations_correction_changelist")).text
    assert "By source kind" in html and "By model" in html and "By reason" in html


def test_an_assessment_with_many_quotes_lists_the_first_and_links_to_all(
    admin_client, corrected, django_assert_max_num_queries
):
    # 50,000 quotes in the inline timed the change page out (issue 13, item 6)
    shown = 100
    Quote = corrected.verification.quotes.model
    Quote.objects.bulk_create(
        Quote(
            assessment=corrected.verification,
            n=n,
            form="inline",
            text=f"Quote {n}.",
            status="unverified",
            reason="not_found",
        )
        for n in range(3, shown + 40)
    )
    url = reverse("admin:reviews_assessment_change", args=[corrected.pk])
    with django_assert_max_num_queries(40):
        page = admin_client.get(url)
    html = page.content.decode()
    assert page.status_code == 200
    assert f"Quote {shown}." in html and f"Quote {shown + 1}." not in html
    listed = f"the first {shown} of {shown + 39} below"
    assert listed in html
    link = re.search(r'href="([^"]*assessment__id__exact=\d+)"', html)
    assert link is not None
    quotes = admin_client.get(link.group(1).replace("&amp;", "&"))
    assert quotes.status_code == 200
    assert f"{shown + 39} quotes" in quotes.content.decode()


# -- issue 15, section 6: the corrections list, one row per corrected quote -----------------


@pytest.fixture
def corrections(db):
    """Three corrected quotes: moved to another source (two audit rows), text repaired (an
    uncited quote: text, source and paragraph, three rows), moved to another paragraph."""
    assessment = make_assessment(meta={"model": "qwen-test", "prompt_version": "p1"})
    d1, a1 = source(assessment, "D1"), source(assessment, "A1")
    moved = make_quote(
        assessment, 1, status="corrected", reason="relocated_source", cited_source=a1,
        cited_ref="A1", cited_paragraph=1, match_source=d1, match_paragraph=1,
    )  # fmt: skip
    make_correction(
        moved, field="source", old_value="A1", new_value="D1", reason="relocated_source"
    )
    make_correction(
        moved, field="paragraph", old_value="1", new_value="1", reason="relocated_source"
    )
    repaired = make_quote(
        assessment, 2, text="the colour of the fee", status="corrected", reason="text_repaired",
        match_source=d1, match_paragraph=2,
    )  # fmt: skip
    for field, old, new in [
        ("text", "the colour of the fee", "the color of the fees"),
        ("source", "", "D1"),
        ("paragraph", "", "2"),
    ]:
        make_correction(repaired, field=field, old_value=old, new_value=new, reason="text_repaired")
    relocated = make_quote(
        assessment, 3, status="corrected", reason="relocated_paragraph", cited_source=d1,
        cited_paragraph=2, match_source=d1, match_paragraph=1,
    )  # fmt: skip
    make_correction(relocated, old_value="2", new_value="1")
    return assessment


def changelist_rows(html: str) -> list[str]:
    body = html[html.index("<tbody>") : html.index("</tbody>")]
    return body.split("<tr")[1:]


def test_one_corrected_quote_is_one_row_with_everything_its_run_changed(admin_client, corrections):
    response = admin_client.get(reverse("admin:citations_correction_changelist"))
    assert response.context["cl"].result_count == 3  # six audit rows, three corrections
    rows = changelist_rows(response.text)
    assert len(rows) == 3
    by_quote = {int(re.search(r"quote (\d+)</a>", row).group(1)): row for row in rows}
    assert (
        '<del class="diff-removed">A1 ¶1</del> → <ins class="diff-added">D1 ¶1</ins>'
        in (by_quote[1])
    )
    # text as a character diff, and an uncited quote's new location from nowhere
    assert (
        '<span class="diff-same">the colo</span><del class="diff-removed">u</del>'
        '<span class="diff-same">r of the fee</span><ins class="diff-added">s</ins>'
    ) in by_quote[2]
    assert (
        '<del class="diff-removed">no citation</del> → <ins class="diff-added">D1 ¶2</ins>'
        in (by_quote[2])
    )
    assert (
        '<del class="diff-removed">D1 ¶2</del> → <ins class="diff-added">D1 ¶1</ins>'
        in (by_quote[3])
    )
    # the old per-field columns are gone: the list is narrow enough for one screen
    for gone in ("column-field", "column-before", "column-after", "column-engine_version"):
        assert gone not in response.text


def test_the_correction_list_reads_in_the_same_queries_however_many_there_are(
    admin_client, corrections, django_assert_num_queries
):
    url = reverse("admin:citations_correction_changelist")
    admin_client.get(url)  # sessions, content types: cached after the first request
    with CaptureQueriesContext(connection) as few:
        admin_client.get(url)
    quote = corrections.verification.quotes.get(n=3)
    for run in range(2, 12):
        make_correction(quote, run=run, old_value="2", new_value="1")
    with django_assert_num_queries(len(few.captured_queries)):
        response = admin_client.get(url)
    assert response.context["cl"].result_count == 13


def test_the_reason_filter_offers_only_reasons_a_correction_can_have(admin_client, corrections):
    response = admin_client.get(reverse("admin:citations_correction_changelist"))
    spec = next(f for f in response.context["cl"].filter_specs if f.title == "reason")
    offered = [choice["display"] for choice in spec.choices(response.context["cl"])][1:]
    assert offered == [
        "found on another page of the cited source",
        "found in another paragraph of the cited source",
        "found in another eligible source",
        "wording replaced by the source's own",
    ]
    html = response.text
    for never in ("not found in any eligible source", "found where it was cited"):
        assert never not in html
    url = reverse("admin:citations_correction_changelist")
    for reason, expected in [("text_repaired", 1), ("relocated_source", 1)]:
        assert admin_client.get(url, {"reason": reason}).context["cl"].result_count == expected


def test_filtering_by_what_changed_keeps_one_row_per_correction(admin_client, corrections):
    url = reverse("admin:citations_correction_changelist")
    expected = {"text": {2}, "source": {1, 2}, "paragraph": {1, 2, 3}}
    for field, quotes in expected.items():
        response = admin_client.get(url, {"changed": field})
        shown = {row.quote.n for row in response.context["cl"].result_list}
        assert shown == quotes, field


def test_a_corrections_detail_shows_the_text_as_a_character_diff_from_any_of_its_rows(
    admin_client, corrections
):
    rows = Correction.objects.filter(quote__n=2).order_by("pk")
    assert rows.count() == 3
    for row in rows:  # whichever row a link opens, the whole correction shows
        html = admin_client.get(reverse("admin:citations_correction_change", args=[row.pk])).text
        assert '<del class="diff-removed">u</del>' in html
        assert '<ins class="diff-added">s</ins>' in html
        assert "As the model wrote it</dt><dd>the colour of the fee</dd>" in html
        assert "<dd>the color of the fees</dd>" in html
        assert '<del class="diff-removed">no citation</del>' in html


def test_untrusted_correction_text_is_escaped_in_the_list_and_the_detail(admin_client, db):
    assessment = make_assessment()
    quote = make_quote(assessment, 1, status="corrected", reason="text_repaired")
    row = make_correction(
        quote, field="text", old_value="<b>x</b> said", new_value="<script>y</script> said",
        reason="text_repaired",
    )  # fmt: skip
    for url in (
        reverse("admin:citations_correction_changelist"),
        reverse("admin:citations_correction_change", args=[row.pk]),
    ):
        html = admin_client.get(url).text
        assert "<script>" not in html and "<b>" not in html
        assert '<span class="diff-same">&lt;</span>' in html


# -- bulk team assignment -------------------------------------------------------------------


def assign(admin_client, assessments, **data):
    return admin_client.post(
        reverse("admin:reviews_assessment_changelist"),
        {"action": "assign_team", "_selected_action": [a.pk for a in assessments], **data},
        follow=True,
    )


def test_assigning_a_team_asks_for_it_then_assigns_every_selected_assessment(admin_client, db):
    team = Team.objects.create(name="procurement")
    Team.objects.create(name="legal")
    chosen = [make_assessment(id=f"b-{n}") for n in range(3)]
    other = make_assessment(id="b-other")
    ask = assign(admin_client, chosen)
    assert ask.status_code == 200
    assert "Assign to a team" in ask.text
    assert [a.pk for a in ask.context["assessments"]] == [a.pk for a in chosen]
    assert re.search(r'<option value="" selected>choose a team</option>', ask.text)
    done = assign(admin_client, chosen, apply="Assign", team=team.pk)
    assert "Assigned 3 assessment(s) to procurement." in [str(m) for m in done.context["messages"]]
    assert {a.team_id for a in type(other).objects.filter(pk__in=[a.pk for a in chosen])} == {
        team.pk
    }
    other.refresh_from_db()
    assert other.team is None


def test_an_assignee_outside_the_new_team_is_unassigned_and_one_inside_stays(admin_client, db):
    team = Team.objects.create(name="procurement")
    member = get_user_model().objects.create_user("mia")
    outsider = get_user_model().objects.create_user("otto")
    team.members.add(member)
    kept = make_assessment(id="kept")
    moved = make_assessment(id="moved")
    type(kept).objects.filter(pk=kept.pk).update(assigned_to=member)
    type(moved).objects.filter(pk=moved.pk).update(assigned_to=outsider)
    done = assign(admin_client, [kept, moved], apply="Assign", team=team.pk)
    warnings = [str(m) for m in done.context["messages"] if m.level_tag == "warning"]
    assert warnings == [
        f"1 had an assignee outside procurement and now wait in its queue instead: #{moved.pk}."
    ]
    kept.refresh_from_db()
    moved.refresh_from_db()
    assert (kept.team, kept.assigned_to) == (team, member)
    assert (moved.team, moved.assigned_to) == (team, None)


@pytest.mark.parametrize(
    ("team", "message"),
    [
        (None, "Team: Choose the team the assessments go to."),
        ("999999", "Team: That team does not exist (any more); choose another."),
        ("procurement", "Team: That team does not exist (any more); choose another."),
    ],
)
def test_assigning_without_a_valid_team_names_the_field_and_changes_nothing(
    admin_client, db, team, message
):
    chosen = [make_assessment(id="b-1"), make_assessment(id="b-2")]
    before, counts = list(type(chosen[0]).objects.values("pk", "team", "assigned_to")), row_counts()
    data = {"apply": "Assign"} | ({"team": team} if team else {})
    response = assign(admin_client, chosen, **data)
    assert response.status_code == 200
    assert message in response.text
    assert list(type(chosen[0]).objects.values("pk", "team", "assigned_to")) == before
    after = row_counts()
    assert {k: v for k, v in after.items() if k != "django_session"} == {
        k: v for k, v in counts.items() if k != "django_session"
    }


def test_a_reviewer_without_change_permission_is_not_offered_the_assignment(client, db):
    viewer = get_user_model().objects.create_user("viewer", password="pw", is_staff=True)
    viewer.user_permissions.add(Permission.objects.get(codename="view_assessment"))
    client.force_login(viewer)
    html = client.get(reverse("admin:reviews_assessment_changelist")).text
    assert "assign_team" not in html


# -- favicon --------------------------------------------------------------------------------


def test_every_page_names_the_sites_icon_and_favicon_ico_leads_to_it(admin_client, client, db):
    for url in (reverse("admin:index"), reverse("admin:citations_correction_changelist")):
        assert 'rel="icon" href="/static/favicon.svg"' in admin_client.get(url).text
    assert 'rel="icon" href="/static/favicon.svg"' in client.get("/accounts/login/").text
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"] == "/static/favicon.svg"
