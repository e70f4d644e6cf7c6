"""Due rows of the test's own for driving the claims engine (``billing/core/claims.py``)
directly: a feature whose type is ``due`` is a due row of its merchant; settling it writes a
metric named after it (the record of a settlement, counted to tell how often each row was
settled) and turns it ``done``. Every claim and query is scoped to one merchant, so a test
never touches another test's rows.
"""

import asyncio
from collections import Counter

from billing.catalog.models import Feature, Metric

DUE = "due"
WHAT = "test row"


async def due_rows(merchant_id: str, count: int) -> list[Feature]:
    """``count`` due rows of the merchant, in the order the claims take them (by id)."""
    rows = [
        await Feature.create(
            merchant_id=merchant_id, slug=f"row-{n}", display_name=f"Row {n}", feature_type=DUE
        )
        for n in range(count)
    ]
    return sorted(rows, key=lambda row: row.id)


def due_of(merchant_id: str):
    return Feature.filter(merchant_id=merchant_id, feature_type=DUE)


def claim_of(merchant_id: str, size: int = 1):
    """A claim for ``work_through_claims``: up to ``size`` of the merchant's due rows after
    ``after`` by id, locked, skipping rows another transaction holds."""

    async def claim(after: Feature | None) -> list[Feature]:
        query = due_of(merchant_id)
        if after is not None:
            query = query.filter(id__gt=after.id)
        return await query.order_by("id").limit(size).select_for_update(skip_locked=True)

    return claim


async def settle(row: Feature) -> None:
    await Metric.create(
        merchant_id=row.merchant_id, name=row.id, aggregation_type="COUNT", event_name="settled"
    )
    await Feature.filter(id=row.id).update(feature_type="done")


async def settlements(merchant_id: str) -> Counter[str]:
    """How many times each row of the merchant was settled (rows never settled are absent)."""
    return Counter(metric.name for metric in await Metric.filter(merchant_id=merchant_id))


async def still_due(merchant_id: str) -> set[str]:
    return set(await due_of(merchant_id).values_list("id", flat=True))


class Meeting:
    """Holds the first handler to arrive until a second one arrives too, so two passes hold a
    claim each at the same moment. The second can only claim while the first holds its rows by
    skipping them (``SKIP LOCKED``); were it to wait on the first's locks instead, the meeting
    would time out (``missed``) and the handler raise. A bound, not a sleep: it ends as soon as
    both meet."""

    def __init__(self) -> None:
        self.arrived = 0
        self.met = asyncio.Event()
        self.missed = False

    async def wait(self) -> None:
        self.arrived += 1
        if self.arrived == 2:
            self.met.set()
        try:
            await asyncio.wait_for(self.met.wait(), timeout=10)
        except TimeoutError:
            self.missed = True
            raise
