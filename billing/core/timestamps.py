"""Reading timestamps that callers send: ISO 8601 text in, timezone-aware UTC out.

Subscriptions (start dates), usage events and metric timeframes, and tax previews all take
timestamps from request bodies and query strings; this is the one place the format and the
accepted years are decided, so every endpoint refuses the same things with the same words.
"""

from datetime import UTC, datetime
from typing import Any

from billing.core.errors import Invalid

EARLIEST, LATEST = datetime(1970, 1, 1, tzinfo=UTC), datetime(2200, 1, 1, tzinfo=UTC)


def parse_timestamp(value: Any, name: str = "startTimestamp") -> datetime | None:
    """An ISO 8601 datetime (``Z`` or an offset; without one it is UTC), or None when absent.
    Years outside 1970-2199 are refused: no billing schedule needs them."""
    if value is None:
        return None
    error = Invalid(
        f"{name} must be an ISO 8601 datetime such as 2025-01-31T00:00:00Z",
        code="invalid_datetime",
        field=name,
    )
    if not isinstance(value, str) or not 10 <= len(value.strip()) <= 40:
        raise error
    try:
        moment = datetime.fromisoformat(value.strip().replace("z", "Z"))
    except ValueError:
        raise error from None
    moment = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
    if not EARLIEST <= moment < LATEST:
        raise Invalid(
            f"{name} must lie between 1970 and 2199", code="datetime_out_of_range", field=name
        )
    return moment


def whole_second(moment: datetime) -> datetime:
    """``moment`` cut to its whole second: the one precision billing compares instants in.

    Billing prorates to the second (``invoicing/money_math.py`` rule 7), so no instant it
    compares may carry a fraction of one. The cut is made where instants are *compared and
    measured* (paid periods, prorations, seat changes), not where they are written: subscription
    starts, billing dates and version times are stored with the microseconds the clock gave
    them, rows written before this rule keep theirs, and a write-time rule would need every
    writer (and every stored row) to agree, where a compare-time rule needs only the few
    places that compare. A seat change, which is stored at the second, compares equal to a
    period that began within that same second, so a seat added at a subscription's first
    instant lies inside its first paid period.
    """
    return moment.replace(microsecond=0)
