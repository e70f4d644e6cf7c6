"""The Usage page's chart: events per UTC day, one line per event name, as SVG coordinates.

Like the MRR chart (``mrr_chart``) it is drawn by the template from numbers computed here, no
chart library and no JavaScript; the data is ``event_reads.daily_counts``. Every series also
appears in a legend and in a plain table under the chart, so the figures are readable
without seeing the lines.
"""

from dataclasses import dataclass, field
from datetime import date

from webapp.pages.mrr_chart import nice_top

WIDTH, HEIGHT = 600, 200
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 12, 26


@dataclass
class Series:
    name: str
    points: str  # polyline points
    total: int
    counts: list[int]
    color: int  # index of the CSS colour class


@dataclass
class UsageChart:
    width: int = WIDTH
    height: int = HEIGHT
    days: list[date] = field(default_factory=list)
    series: list[Series] = field(default_factory=list)
    y_ticks: list[tuple[float, str]] = field(default_factory=list)
    x_ticks: list[tuple[float, str, str]] = field(default_factory=list)
    summary: str = ""
    plot_left: int = LEFT
    plot_right: int = WIDTH - RIGHT


def build_usage_chart(data: dict) -> UsageChart:
    """Coordinates for ``{"days": [...], "series": [{"eventName", "counts"}]}``."""
    days: list[date] = data["days"]
    chart = UsageChart(days=days)
    if not days:
        return chart
    highest = max((max(s["counts"]) for s in data["series"]), default=0)
    top = nice_top(max(highest, 4))  # at least 0, 2, 4: three distinct tick labels
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    span = max(len(days) - 1, 1)

    def x(index: int) -> float:
        return round(LEFT + plot_w * index / span, 1)

    def y(count: int) -> float:
        return round(TOP + plot_h * (1 - count / top), 1)

    for number, entry in enumerate(data["series"]):
        points = " ".join(f"{x(i)},{y(count)}" for i, count in enumerate(entry["counts"]))
        chart.series.append(
            Series(entry["eventName"], points, sum(entry["counts"]), entry["counts"], number)
        )
    chart.y_ticks = [(y(top * k // 2), f"{top * k // 2:,}") for k in (0, 1, 2)]
    middle = len(days) // 2
    chart.x_ticks = [
        (x(0), f"{days[0]:%b} {days[0].day}", "start"),
        (x(middle), f"{days[middle]:%b} {days[middle].day}", "middle"),
        (x(len(days) - 1), f"{days[-1]:%b} {days[-1].day}", "end"),
    ]
    period = f"{days[0]:%b} {days[0].day} to {days[-1]:%b} {days[-1].day}"
    if chart.series:
        totals = ", ".join(f"{s.name} {s.total:,}" for s in chart.series)
        chart.summary = f"Events per day from {period}. Totals: {totals}."
    else:
        chart.summary = f"No events from {period}."
    return chart
