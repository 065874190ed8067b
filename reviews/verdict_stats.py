"""What reviewers decided of the engine's rules (issue 31, item 6a): per rule id, how many
quotes reviewers confirmed and how many they overruled, over a period.

A quote counts once, with its latest verdict, on the day that verdict was given; a latest
``clear`` counts nowhere. The rule ids are those the verdict recorded (the quote's decision
rules and attention ids when it was given), so a count keeps meaning what the engine said
then, however often the quote was verified again since."""

from collections import Counter
from dataclasses import dataclass
from datetime import date

from django.db.models import OuterRef, Subquery

from .models import QuoteVerdict, VerdictAction
from .selectors import assessments_for_reviewer


@dataclass(frozen=True)
class RuleVerdicts:
    """One rule id: the quotes whose latest verdict confirmed or overruled the engine."""

    rule: str
    confirmed: int
    overruled: int

    @property
    def total(self) -> int:
        return self.confirmed + self.overruled

    @property
    def overruled_share(self) -> float:
        return self.overruled / self.total


def latest_verdicts(*, reviewer, since: date | None = None, until: date | None = None):
    """The latest verdict of each quote the reviewer may see (VB-7), confirm or overrule,
    given from ``since`` to ``until`` (both days included, in the site's time zone)."""
    latest_of_quote = (
        QuoteVerdict.objects.filter(quote=OuterRef("quote"))
        .order_by("-created_at", "-id")
        .values("pk")[:1]
    )
    verdicts = QuoteVerdict.objects.filter(
        pk=Subquery(latest_of_quote),
        action__in=(VerdictAction.CONFIRM, VerdictAction.OVERRULE),
        assessment__in=assessments_for_reviewer(reviewer=reviewer),
    )
    if since:
        verdicts = verdicts.filter(created_at__date__gte=since)
    if until:
        verdicts = verdicts.filter(created_at__date__lte=until)
    return verdicts


def verdicts_per_rule(
    *, reviewer, since: date | None = None, until: date | None = None
) -> list[RuleVerdicts]:
    """Per rule id, the quotes confirmed and overruled (``latest_verdicts``), the most often
    overruled first. One query; the rule lists are counted here (a JSON array per row)."""
    confirmed: Counter[str] = Counter()
    overruled: Counter[str] = Counter()
    rows = latest_verdicts(reviewer=reviewer, since=since, until=until).values_list(
        "action", "engine_rules"
    )
    for action, rules in rows:
        counter = confirmed if action == VerdictAction.CONFIRM else overruled
        counter.update(set(rules or ()))
    return sorted(
        (
            RuleVerdicts(rule, confirmed[rule], overruled[rule])
            for rule in confirmed.keys() | overruled.keys()
        ),
        key=lambda row: (-row.overruled, -row.total, row.rule),
    )
