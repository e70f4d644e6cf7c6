"""The plain-Python meaning of every metric aggregation, shared by the property-based tests of
usage totals and metric values (written once so both are held to the same definition)."""

from datetime import datetime
from decimal import Decimal


def reference(aggregation: str, rows: list[tuple[datetime, Decimal | None, object]]):
    """What each aggregation means over (timestamp, number, distinct-by) rows in store order."""
    numbers = [(at, index, n) for index, (at, n, _) in enumerate(rows) if n is not None]
    if aggregation == "COUNT":
        return len(rows)
    if aggregation == "UNIQUE_COUNT":
        return len({text for _, _, text in rows if text is not None})
    if not numbers:
        return None
    values = [n for _, _, n in numbers]
    if aggregation == "SUM":
        return sum(values)
    if aggregation == "MIN":
        return min(values)
    if aggregation == "MAX":
        return max(values)
    if aggregation == "AVG":
        return sum(values) / len(values)
    return max(numbers)[2]  # LATEST: newest timestamp, then the later-stored event
