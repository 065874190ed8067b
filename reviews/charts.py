"""Geometry for the /stats/ charts: numbers in, coordinates and links out; the SVG is a
template."""

from dataclasses import dataclass
from datetime import date, timedelta
from urllib.parse import urlencode

from django.urls import reverse
from django.utils import timezone

from .selectors import PERIOD_DAYS, STATUSES, StatsFilters, StatsRow, stats_series

CHART_HEIGHT = 160
BAR_WIDTH = 28
BAR_GAP = 12
LEFT = 36  # room for the percentage axis


@dataclass(frozen=True)
class BarSegment:
    status: str
    count: int  # quotes
    share: float  # 0..1, the mean of the bar's bundles' shares
    y: float
    height: float
    href: str  # the bar's assessments with a quote of this status


@dataclass(frozen=True)
class Bar:
    row: StatsRow
    x: float
    segments: list[BarSegment]
    href: str  # the bar's assessments, in the list
    first_day: date
    last_day: date


@dataclass(frozen=True)
class Chart:
    model_name: str
    prompt_version: str
    bars: list[Bar]
    width: float
    height: int = CHART_HEIGHT
    bar_width: int = BAR_WIDTH

    @property
    def reasons(self) -> list[str]:
        return sorted({reason for bar in self.bars for reason in bar.row.reasons})


def charts_for(rows: list[StatsRow], *, filters: StatsFilters | None = None) -> list[Chart]:
    """One chart per model and prompt version: a 100% stacked bar per period, each linking
    to the assessments it counts."""
    filters = filters or StatsFilters()
    charts = []
    for (model_name, prompt_version), series in stats_series(rows).items():
        bars = [
            _bar(row, LEFT + index * (BAR_WIDTH + BAR_GAP), filters)
            for index, row in enumerate(series)
        ]
        width = LEFT + len(bars) * (BAR_WIDTH + BAR_GAP)
        charts.append(Chart(model_name, prompt_version, bars, width=width))
    return charts


def _bar(row: StatsRow, x: float, filters: StatsFilters) -> Bar:
    # The bar's days, within the page's range: the list shows exactly what the bar counts.
    first = timezone.localdate(row.period) if timezone.is_aware(row.period) else row.period.date()
    last = first + timedelta(days=PERIOD_DAYS[filters.period] - 1)
    first = max(first, filters.since) if filters.since else first
    last = min(last, filters.until) if filters.until else last
    query = {
        "queue": "verified",
        "model": row.model_name,
        "prompt": row.prompt_version,
        "since": first.isoformat(),
        "until": last.isoformat(),
    }
    if filters.review_state:
        query["review"] = filters.review_state
    url = reverse("reviews:assessment_list")
    segments, top = [], 0.0
    for status in STATUSES:
        share = row.shares.get(status, 0.0)
        height = CHART_HEIGHT * share
        href = f"{url}?{urlencode({**query, 'status': status})}"
        segments.append(
            BarSegment(
                status, row.counts.get(status, 0), share, round(top, 2), round(height, 2), href
            )
        )
        top += height
    return Bar(row, x, segments, f"{url}?{urlencode(query)}", first, last)
