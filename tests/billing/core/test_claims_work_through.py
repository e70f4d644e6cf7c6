"""``work_through``, the one-row-at-a-time variant of the claims engine, driven directly over
the test's merchant's rows (``tests/support/billing/core/claims.py``). It differs from
``work_through_claims`` in how it goes on past a row: it takes a due query and an order
instead of a claim, and keeps the ids of deferred and failed rows to leave out for the rest of
the pass (no cursor, no hooks). The contract is the same: each due row settled once, a
failing row undone, logged, left due and retried next pass, a deferred one left due, two
passes at once sharing the rows.
"""

import asyncio
from collections import Counter

import pytest

from billing.catalog.models import Feature
from billing.core.claims import DEFER, work_through
from tests.support.billing.core.claims import (
    WHAT,
    Meeting,
    due_of,
    due_rows,
    settle,
    settlements,
    still_due,
)

ORDER = ("id",)


class Handler:
    """Settles a row (``applied``, or ``renewed`` for the rows in ``renewed``), raising after
    the write for the rows in ``bad`` and answering DEFER unwritten for ``defer``; ``calls``
    counts how often each row was handed over."""

    def __init__(self, *, bad=(), defer=(), renewed=()) -> None:
        self.bad, self.defer, self.renewed = set(bad), set(defer), set(renewed)
        self.calls: Counter[str] = Counter()

    async def __call__(self, row: Feature) -> str:
        self.calls[row.id] += 1
        if row.id in self.defer:
            return DEFER
        await settle(row)
        if row.id in self.bad:
            raise RuntimeError(f"row {row.id} is broken")
        return "renewed" if row.id in self.renewed else "applied"


async def test_every_due_row_is_settled_once_and_counted_by_outcome(merchant):
    rows = await due_rows(merchant.id, 4)

    outcomes = await work_through(
        due_of(merchant.id), ORDER, Handler(renewed=[rows[2].id]), what=WHAT
    )

    assert outcomes == Counter(applied=3, renewed=1)
    assert await settlements(merchant.id) == Counter({row.id: 1 for row in rows})
    assert await work_through(due_of(merchant.id), ORDER, Handler(), what=WHAT) == Counter()
    assert await settlements(merchant.id) == Counter({row.id: 1 for row in rows})


@pytest.mark.parametrize("place", [0, 2])  # the first row or one in the middle
async def test_a_failing_row_is_undone_logged_left_due_and_retried_next_pass(
    merchant, place, caplog
):
    rows = await due_rows(merchant.id, 4)
    bad = rows[place]
    handle = Handler(bad=[bad.id])

    outcomes = await work_through(due_of(merchant.id), ORDER, handle, what=WHAT)

    assert outcomes == Counter(applied=3, failed=1)
    assert await settlements(merchant.id) == Counter({row.id: 1 for row in rows if row is not bad})
    assert f"{WHAT} {bad.id} failed" in caplog.text
    assert handle.calls[bad.id] == 1  # skipped for the rest of the pass
    assert await still_due(merchant.id) == {bad.id}

    outcomes = await work_through(due_of(merchant.id), ORDER, Handler(), what=WHAT)
    assert outcomes == Counter(applied=1)
    assert await settlements(merchant.id) == Counter({row.id: 1 for row in rows})


async def test_a_deferred_row_stays_due_and_is_skipped_for_the_rest_of_the_pass(merchant):
    rows = await due_rows(merchant.id, 3)
    deferred = rows[0]  # the first in order: without the skip the pass would take it forever
    handle = Handler(defer=[deferred.id])

    outcomes = await work_through(due_of(merchant.id), ORDER, handle, what=WHAT)

    assert outcomes == Counter(applied=2, deferred=1)
    assert handle.calls == Counter({row.id: 1 for row in rows})
    assert await still_due(merchant.id) == {deferred.id}
    again = Handler(defer=[deferred.id])
    assert await work_through(due_of(merchant.id), ORDER, again, what=WHAT) == Counter(deferred=1)
    assert again.calls == Counter({deferred.id: 1})  # the next pass offers it again, once


async def test_two_passes_at_once_settle_each_row_exactly_once(merchant):
    rows = await due_rows(merchant.id, 10)
    meeting = Meeting()

    async def handle(row: Feature) -> str:
        await meeting.wait()  # both passes hold a row of their own before either settles
        await asyncio.sleep(0)  # let the other pass run between the writes
        await settle(row)
        return "applied"

    passes = await asyncio.gather(
        *(work_through(due_of(merchant.id), ORDER, handle, what=WHAT) for _ in range(2))
    )

    assert not meeting.missed  # the second pass claimed while the first held its row
    assert all(done["applied"] >= 1 for done in passes)
    assert passes[0] + passes[1] == Counter(applied=10)
    assert await settlements(merchant.id) == Counter({row.id: 1 for row in rows})
    assert await still_due(merchant.id) == set()
