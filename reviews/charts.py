"""Geometry for the /stats/ charts: numbers in, coordinates out; the SVG is a template."""

from dataclasses import dataclass

from .selectors import STATUSES, StatsRow, stats_series

CHART_HEIGHT = 160
BAR_WIDTH = 28
BAR_GAP = 12
LEFT = 36  # room for the percentage axis


@dataclass(frozen=True)
class BarSegment:
    status: str
    count: int
    share: float  # 0..1
    y: float
    height: float


@dataclass(frozen=True)
class Bar:
    row: StatsRow
    x: float
    segments: list[BarSegment]


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


def charts_for(rows: list[StatsRow]) -> list[Chart]:
    """One chart per model and prompt version: a 100% stacked bar per period."""
    charts = []
    for (model_name, prompt_version), series in stats_series(rows).items():
        bars = [
            Bar(row=row, x=LEFT + index * (BAR_WIDTH + BAR_GAP), segments=_stack(row))
            for index, row in enumerate(series)
        ]
        width = LEFT + len(bars) * (BAR_WIDTH + BAR_GAP)
        charts.append(Chart(model_name, prompt_version, bars, width=width))
    return charts


def _stack(row: StatsRow) -> list[BarSegment]:
    segments, top = [], 0.0
    total = row.total or 1
    for status in STATUSES:
        count = row.counts.get(status, 0)
        height = CHART_HEIGHT * count / total
        segments.append(BarSegment(status, count, count / total, round(top, 2), round(height, 2)))
        top += height
    return segments
