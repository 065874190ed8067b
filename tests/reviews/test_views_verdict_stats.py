"""Issue 31, item 6a: the stats page shows, per rule id, how often reviewers confirmed or
overruled the engine, over a period chosen with a plain GET form, for the teams the reviewer
sees."""

import re
from datetime import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from citations.models import Quote
from reviews import verdicts
from reviews.models import Team

from .review_data import procurement_assessment, user

STATS = reverse("reviews:stats")
pytestmark = pytest.mark.django_db

# The rules each quote of the procurement scenario is given here: its decision's, then its
# attention's (quote 1 carries an attention, quote 3 is a correction).
RULES = {
    1: (["cite.marker", "verbatim.exact", "policy.document.verbatim"], "attention.cut_word"),
    2: (["cite.marker", "verbatim.folded", "policy.document.verbatim"], None),
    3: (["cite.marker", "edit.number_form", "policy.document.corrected"], None),
}


def with_rules(assessment):
    for n, (rules, attention) in RULES.items():
        Quote.objects.filter(assessment=assessment.verification, n=n).update(
            decision={"rules": rules},
            attention=[{"rule": attention, "words": "x", "message": "m"}] if attention else [],
        )
    return assessment


def give(assessment, reviewer, n: int, action: str, *, day: str | None = None, monkeypatch=None):
    if day is not None:
        at = timezone.make_aware(datetime.fromisoformat(day).replace(hour=12))
        monkeypatch.setattr(timezone, "now", lambda: at)
    verdicts.quote_verdict_give(
        assessment=assessment,
        quote=Quote.objects.get(assessment=assessment.verification, n=n),
        reviewer=reviewer,
        action=action,
    )
    if monkeypatch is not None:
        monkeypatch.undo()


def rule_rows(html: str) -> dict[str, list[str]]:
    """The per-rule table: rule id → confirmed, overruled, overruled share."""
    if 'id="rule-verdicts"' not in html:
        return {}
    table = html[html.index('id="rule-verdicts"') :]
    body = table[table.index("<tbody>") : table.index("</tbody>")]
    return {
        rule: re.findall(r"<td>(.*?)</td>", row)
        for rule, row in re.findall(r"<code>([^<]+)</code></th>(.*?)</tr>", body, re.S)
    }


def test_each_rule_counts_the_quotes_confirmed_and_overruled_issue_31_6a(
    reviewer_client, reviewer, assessment
):
    """Issue 31 item 6a: a quote counts under every rule it carried when its latest verdict
    was given; a verdict taken back (clear) and one replaced count no more."""
    with_rules(assessment)
    give(assessment, reviewer, 1, "confirm")  # the attention checked
    give(assessment, reviewer, 2, "overrule")
    give(assessment, reviewer, 3, "confirm")
    give(assessment, reviewer, 3, "clear")
    html = reviewer_client.get(STATS).content.decode()
    assert rule_rows(html) == {
        "cite.marker": ["1", "1", "50%"],
        "policy.document.verbatim": ["1", "1", "50%"],
        "verbatim.exact": ["1", "0", "0%"],
        "verbatim.folded": ["0", "1", "100%"],
        "attention.cut_word": ["1", "0", "0%"],
    }


def test_quotes_the_reviewer_may_not_see_do_not_count_issue_31_6a(
    reviewer_client, reviewer, assessment
):
    """Issue 31 item 6a: team-scoped like the rest of the page (VB-7)."""
    other_team = Team.objects.create(name="elsewhere")
    theirs = with_rules(procurement_assessment(bundle_id="theirs", team=other_team))
    give(theirs, user("olga", teams=(other_team,)), 2, "overrule")
    html = reviewer_client.get(STATS).content.decode()
    assert rule_rows(html) == {}
    assert "No verdicts yet." in html
    with_rules(assessment)
    give(assessment, reviewer, 3, "overrule")
    assert rule_rows(reviewer_client.get(STATS).content.decode()) == {
        "cite.marker": ["0", "1", "100%"],
        "edit.number_form": ["0", "1", "100%"],
        "policy.document.corrected": ["0", "1", "100%"],
    }


@pytest.mark.parametrize(
    ("query", "counted"),
    [
        ({}, {"edit.number_form", "verbatim.folded", "attention.cut_word"}),
        ({"verdicts_since": "2026-11-10"}, {"edit.number_form", "attention.cut_word"}),
        ({"verdicts_until": "2026-11-09"}, {"verbatim.folded"}),
        (
            {"verdicts_since": "2026-11-10", "verdicts_until": "2026-11-10"},
            {"edit.number_form"},
        ),
        ({"verdicts_since": "2026-12-01"}, set()),
    ],
)
def test_the_period_chooses_the_days_verdicts_were_given_issue_31_6a(
    reviewer_client, reviewer, assessment, monkeypatch, query, counted
):
    """Issue 31 item 6a: the period control counts the verdicts given on its days (both
    ends included, either open)."""
    with_rules(assessment)
    give(assessment, reviewer, 2, "overrule", day="2026-11-03", monkeypatch=monkeypatch)
    give(assessment, reviewer, 3, "confirm", day="2026-11-10", monkeypatch=monkeypatch)
    give(assessment, reviewer, 1, "confirm", day="2026-11-12", monkeypatch=monkeypatch)
    html = reviewer_client.get(STATS, query).content.decode()
    assert counted <= set(rule_rows(html))
    assert not ({"edit.number_form", "verbatim.folded", "attention.cut_word"} - counted) & set(
        rule_rows(html)
    )
    if not counted:
        assert "No verdicts in this period." in html


def test_the_period_form_is_labelled_and_keeps_the_charts_filters_issue_31_6a(reviewer_client):
    """Issue 31 item 6a: a plain GET form (no JavaScript) whose fields have labels; each of
    the page's two forms carries what the other chose."""
    html = reviewer_client.get(
        STATS, {"period": "day", "review": "approved", "verdicts_since": "2026-11-01"}
    ).content.decode()
    verdict_form = html[html.index('aria-label="Which verdicts the table counts"') :]
    verdict_form = verdict_form[: verdict_form.index("</form>")]
    assert '<label for="id_verdicts_since">Verdicts from</label>' in verdict_form
    assert '<label for="id_verdicts_until">to</label>' in verdict_form
    assert 'value="2026-11-01"' in verdict_form
    assert '<input type="hidden" name="period" value="day">' in verdict_form
    assert '<input type="hidden" name="review" value="approved">' in verdict_form
    chart_form = html[html.index('aria-label="What the charts count"') :]
    chart_form = chart_form[: chart_form.index("</form>")]
    assert '<input type="hidden" name="verdicts_since" value="2026-11-01">' in chart_form


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"verdicts_since": "yesterday"}, "Verdicts from: Enter a valid date."),
        (
            {"verdicts_since": "2026-11-10", "verdicts_until": "2026-11-01"},
            "Verdicts to: must not be before the start date.",
        ),
    ],
)
def test_a_bad_period_is_named_and_counts_every_day_issue_31_6a(
    reviewer_client, reviewer, assessment, query, message
):
    """Issue 31 item 6a: a bad date says which field and what is wrong, and the table counts
    as without a period (no 500)."""
    with_rules(assessment)
    give(assessment, reviewer, 3, "confirm")
    response = reviewer_client.get(STATS, query)
    assert response.status_code == 200
    html = response.content.decode()
    assert f"Period ignored: {message}" in html
    assert "edit.number_form" in rule_rows(html)
