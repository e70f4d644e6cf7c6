"""The MRR chart's geometry, drawn as SVG by the template (no chart library, no JavaScript).

The numbers come from ``billing.subscriptions.mrr.mrr_per_day``; this module only turns a list of
(day, cents) into coordinates in a fixed viewBox, a "nice" top for the y axis and a few
labels, so the template stays a dumb drawing and the scaling is unit-testable.

The y labels are short ("€25", "$2.5k") and the plot starts far enough right for the longest
of them: on a phone the labels are drawn larger (tally-billing.css), and a fixed margin cut
"$25,000.00" off at the chart's left edge.
"""

import math
from dataclasses import dataclass, field
from datetime import date

from billing.core.currencies import minor_unit_digits
from webapp.forms.money import SYMBOLS, format_money

WIDTH, HEIGHT = 600, 180
LEFT, RIGHT, TOP, BOTTOM = 64, 12, 12, 26  # room for the axis labels
# A label character at the phone's 18-unit font is at most this wide (digits about 10).
CHAR_WIDTH = 11


@dataclass
class Chart:
    width: int = WIDTH
    height: int = HEIGHT
    line: str = ""  # polyline points
    area: str = ""  # closed path under the line
    y_ticks: list[tuple[float, str]] = field(default_factory=list)  # (y, label)
    x_ticks: list[tuple[float, str, str]] = field(default_factory=list)  # (x, label, anchor)
    last: tuple[float, float] = (0.0, 0.0)
    summary: str = ""  # the chart in words, for screen readers
    plot_left: int = LEFT
    plot_right: int = WIDTH - RIGHT
    plot_bottom: int = HEIGHT - BOTTOM


def nice_top(value: int) -> int:
    """The smallest 1/2/2.5/5 × 10ⁿ at or above ``value`` (cents), so ticks read round."""
    if value <= 0:
        return 100
    magnitude = 1
    while magnitude * 10 <= value:
        magnitude *= 10
    for step in (1, 2, 2.5, 5, 10):
        if value <= step * magnitude:
            return int(step * magnitude)
    return 10 * magnitude


def axis_label(cents: int, currency: str) -> str:
    """A y-axis amount in as few characters as reads well: €0, €25, €2,500, €25k, €1.5M."""
    code = (currency or "").upper()
    digits = minor_unit_digits(code)  # ¥1,250 is 1250 minor units, $12.50 is 1250 too
    amount = cents / 10**digits
    if amount >= 1_000_000:
        text = f"{amount / 1_000_000:.3g}M"
    elif amount >= 10_000:
        text = f"{amount / 1000:.3g}k"
    elif amount == int(amount):
        text = f"{int(amount):,}"
    else:
        text = f"{amount:,.{digits}f}"
    symbol = SYMBOLS.get(code)
    return f"{symbol}{text}" if symbol else f"{text} {currency.upper()}".strip()


def _day(value) -> date:
    return value.date() if hasattr(value, "date") and callable(value.date) else value


def build_chart(points: list[tuple[date, int]], currency: str) -> Chart:
    """Coordinates for ``points`` (oldest first, one per day)."""
    chart = Chart()
    if not points:
        return chart
    top = nice_top(max(cents for _, cents in points))
    labels = [axis_label(top * k // 2, currency) for k in (0, 1, 2)]
    left = max(LEFT, math.ceil(max(map(len, labels)) * CHAR_WIDTH) + 10)
    chart.plot_left = left
    plot_w = WIDTH - left - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM
    span = max(len(points) - 1, 1)

    def x(index: int) -> float:
        return round(left + plot_w * index / span, 1)

    def y(cents: int) -> float:
        return round(TOP + plot_h * (1 - cents / top), 1)

    coords = [(x(i), y(cents)) for i, (_, cents) in enumerate(points)]
    chart.line = " ".join(f"{cx},{cy}" for cx, cy in coords)
    base = TOP + plot_h
    chart.area = (
        f"M{coords[0][0]},{base} "
        + " ".join(f"L{cx},{cy}" for cx, cy in coords)
        + f" L{coords[-1][0]},{base} Z"
    )
    chart.last = coords[-1]
    chart.y_ticks = [(y(top * k // 2), labels[k]) for k in (0, 1, 2)]
    first, last = _day(points[0][0]), _day(points[-1][0])
    middle = _day(points[len(points) // 2][0])
    chart.x_ticks = [
        (x(0), f"{first:%b} {first.day}", "start"),
        (x(len(points) // 2), f"{middle:%b} {middle.day}", "middle"),
        (x(len(points) - 1), f"{last:%b} {last.day}", "end"),
    ]
    low = min(cents for _, cents in points)
    high = max(cents for _, cents in points)
    chart.summary = (
        f"MRR per day from {first:%b} {first.day} to {last:%b} {last.day}: "
        f"lowest {format_money(low, currency)}, highest {format_money(high, currency)}, "
        f"today {format_money(points[-1][1], currency)}."
    )
    return chart
