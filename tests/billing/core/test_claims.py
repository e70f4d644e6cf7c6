"""``work_through_claims``, the exactly-once engine of the due-work pass, driven directly
with a claim and a settle of the test's own (``tests/support/billing/core/claims.py``) over
the test's merchant's rows: each due row settled once, a failing row undone and retried next pass, a
deferred one skipped, the hooks told, and two passes at once sharing the rows.
"""

import asyncio
from collections import Counter

import pytest

from billing.catalog.models import Feature
from billing.core.claims import DEFER, work_through_claims
from tests.support.billing.core.claims import (
    DUE,
    WHAT,
    Meeting,
    claim_of,
    due_rows,
    settle,
    settlements,
    still_due,
)
from webapp import db


class Handler:
    """A claim's handler: settles every row (answering ``applied``, or ``renewed`` for the rows in
    ``renewed``), raises after settling a row in ``bad`` (so the savepoint has writes to undo),
    answers DEFER for ``defer`` and leaves ``omit`` out of its answer. ``calls`` counts, per
    row, how often it was handed a row alone; ``errors`` keeps what it raised per row."""

    def __init__(self, *, bad=(), defer=(), omit=(), renewed=()) -> None:
        self.bad, self.defer, self.omit = set(bad), set(defer), set(omit)
        self.renewed = set(renewed)
        self.calls: Counter[str] = Counter()
        self.errors: dict[str, Exception] = {}

    async def __call__(self, rows: list[Feature]) -> dict:
        answer = {}
        for row in rows:
            if len(rows) == 1:
                self.calls[row.id] += 1
            if row.id in self.defer:
                answer[row.id] = DEFER
                continue
            if row.id in self.omit:
                continue
            await settle(row)
            if row.id in self.bad:
                self.errors[row.id] = RuntimeError(f"row {row.id} is broken")
                raise self.errors[row.id]
            answer[row.id] = "renewed" if row.id in self.renewed else "applied"
        return answer


@pytest.mark.parametrize("size", [1, 3])
async def test_every_due_row_is_settled_once_and_counted_by_outcome(merchant, size):
    rows = await due_rows(merchant.id, 5)
    handle = Handler(renewed=[rows[1].id, rows[4].id])

    outcomes = await work_through_claims(claim_of(merchant.id, size), handle, what=WHAT)

    assert outcomes == Counter(applied=3, renewed=2)
    assert await settlements(merchant.id) == Counter({row.id: 1 for row in rows})
    assert await still_due(merchant.id) == set()
    again = await work_through_claims(claim_of(merchant.id, size), Handler(), what=WHAT)
    assert again == Counter()  # nothing left: a second pass settles nothing twice
    assert await settlements(merchant.id) == Counter({row.id: 1 for row in rows})


@pytest.mark.parametrize("size", [1, 3])
async def test_a_failing_row_is_undone_logged_left_due_and_retried_next_pass(
    merchant, size, caplog
):
    rows = await due_rows(merchant.id, 5)
    bad = rows[1]  # with size 3 it shares a claim with rows 0 and 2: the claim is redone alone
    handle = Handler(bad=[bad.id])

    outcomes = await work_through_claims(claim_of(merchant.id, size), handle, what=WHAT)

    assert outcomes == Counter(applied=4, failed=1)
    # its own writes are undone, and so are the claim-mates' writes from the failed attempt
    # at once: each of them is settled exactly once, alone
    assert await settlements(merchant.id) == Counter({row.id: 1 for row in rows if row is not bad})
    assert f"{WHAT} {bad.id} failed" in caplog.text
    assert handle.calls[bad.id] == 1  # tried alone once, then skipped for the rest of the pass
    assert await still_due(merchant.id) == {bad.id}

    retry = Handler()
    assert await work_through_claims(claim_of(merchant.id, size), retry, what=WHAT) == Counter(
        applied=1
    )
    assert await settlements(merchant.id) == Counter({row.id: 1 for row in rows})


@pytest.mark.parametrize("size", [1, 3])
async def test_a_deferred_row_stays_due_and_is_skipped_for_the_rest_of_the_pass(merchant, size):
    rows = await due_rows(merchant.id, 4)
    deferred, left_out = rows[0], rows[2]  # answered DEFER; left out of the answer
    handle = Handler(defer=[deferred.id], omit=[left_out.id])

    outcomes = await work_through_claims(claim_of(merchant.id, size), handle, what=WHAT)

    assert outcomes == Counter(applied=2, deferred=2)
    assert await still_due(merchant.id) == {deferred.id, left_out.id}
    assert await settlements(merchant.id) == Counter({rows[1].id: 1, rows[3].id: 1})
    if size == 1:
        assert handle.calls == Counter({row.id: 1 for row in rows})  # each once: no loop

    # the next pass starts from the first row again and offers both once more
    outcomes = await work_through_claims(claim_of(merchant.id, size), Handler(), what=WHAT)
    assert outcomes == Counter(applied=2)
    assert await settlements(merchant.id) == Counter({row.id: 1 for row in rows})


async def test_on_failed_is_told_in_the_claims_transaction_and_its_writes_stay(
    merchant, database_url
):
    rows = await due_rows(merchant.id, 3)
    bad = rows[1]
    handle = Handler(bad=[bad.id])
    told = []
    other = await db.connect(database_url)

    async def on_failed(row: Feature, error: Exception) -> None:
        # the claim still holds the row: another connection cannot take it meanwhile
        held = await other.fetch(
            "SELECT id FROM features WHERE id = $1 FOR UPDATE SKIP LOCKED", row.id
        )
        told.append((row.id, error, held))
        await Feature.filter(id=row.id).update(display_name=f"failed: {error}")

    try:
        outcomes = await work_through_claims(
            claim_of(merchant.id, 2), handle, what=WHAT, on_failed=on_failed
        )
    finally:
        await other.close()

    assert outcomes == Counter(applied=2, failed=1)
    assert told == [(bad.id, handle.errors[bad.id], [])]
    stored = await Feature.get(id=bad.id)
    assert stored.display_name == f"failed: row {bad.id} is broken"  # the note stays...
    assert stored.feature_type == DUE  # ...while the failed settlement is undone
    assert (await settlements(merchant.id))[bad.id] == 0


async def test_an_on_failed_that_raises_is_logged_and_the_pass_goes_on(merchant, caplog):
    rows = await due_rows(merchant.id, 3)
    bad = rows[0]

    async def on_failed(row: Feature, error: Exception) -> None:
        await Feature.filter(id=row.id).update(display_name="half a note")
        raise RuntimeError("the note cannot be written")

    outcomes = await work_through_claims(
        claim_of(merchant.id), Handler(bad=[bad.id]), what=WHAT, on_failed=on_failed
    )

    assert outcomes == Counter(applied=2, failed=1)
    assert f"could not record the failure of {WHAT} {bad.id}" in caplog.text
    assert (await Feature.get(id=bad.id)).display_name == bad.display_name  # note dropped
    assert await still_due(merchant.id) == {bad.id}


async def test_on_settled_is_told_of_the_settled_rows_only(merchant):
    rows = await due_rows(merchant.id, 6)
    bad, deferred = rows[1], rows[3]
    told: list[str] = []

    async def on_settled(settled: list[Feature]) -> None:
        told.extend(row.id for row in settled)

    await work_through_claims(
        claim_of(merchant.id, 2),
        Handler(bad=[bad.id], defer=[deferred.id]),
        what=WHAT,
        on_settled=on_settled,
    )

    assert sorted(told) == [row.id for row in rows if row not in (bad, deferred)]


async def test_a_claim_that_raises_ends_the_pass_and_keeps_what_was_committed(merchant):
    """The contract names no handling for a failing claim: the error reaches the caller, the
    claims already settled stay committed, and the next pass picks up the rest."""
    rows = await due_rows(merchant.id, 5)
    good = claim_of(merchant.id, 2)
    calls = 0

    async def breaks_second_time(after: Feature | None) -> list[Feature]:
        nonlocal calls
        calls += 1
        if calls == 2:
            raise RuntimeError("the claim's query failed")
        return await good(after)

    with pytest.raises(RuntimeError, match="the claim's query failed"):
        await work_through_claims(breaks_second_time, Handler(), what=WHAT)

    assert await settlements(merchant.id) == Counter({rows[0].id: 1, rows[1].id: 1})
    assert await still_due(merchant.id) == {row.id for row in rows[2:]}
    assert await work_through_claims(good, Handler(), what=WHAT) == Counter(applied=3)
    assert await settlements(merchant.id) == Counter({row.id: 1 for row in rows})


async def test_two_passes_at_once_settle_each_row_exactly_once(merchant):
    rows = await due_rows(merchant.id, 12)
    meeting = Meeting()

    async def handle(claimed: list[Feature]) -> dict:
        await meeting.wait()  # both passes hold a claim of their own before either settles
        for row in claimed:
            await asyncio.sleep(0)  # let the other pass run between the writes
            await settle(row)
        return {row.id: "applied" for row in claimed}

    passes = await asyncio.gather(
        *(work_through_claims(claim_of(merchant.id, 2), handle, what=WHAT) for _ in range(2))
    )

    assert not meeting.missed  # the second pass claimed while the first held its rows
    assert all(done["applied"] >= 2 for done in passes)  # each pass settled rows of its own
    assert passes[0] + passes[1] == Counter(applied=12)
    assert await settlements(merchant.id) == Counter({row.id: 1 for row in rows})
    assert await still_due(merchant.id) == set()
