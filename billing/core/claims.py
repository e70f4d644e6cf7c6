"""Working through due rows one claim at a time, so any number of processes can share the work.

Every kind of time-driven work (scheduled changes, period roll-over, billing, credit renewals,
and later payment retries) is a table of rows that become due at an instant.
``work_through`` claims due rows with ``SELECT ... FOR UPDATE SKIP LOCKED`` in a transaction
of its own, hands them to the handler inside a savepoint and commits. A second process skips
the rows the first one holds and, once the first commits, no longer finds them due: nothing is
done twice, however many servers and workers run the pass at once.

A claim holds one row, or up to ``size`` rows for work that is cheaper done together (billing
and period roll-over read and write a whole claim with a few statements). When a claim of many
fails, its rows are settled again one by one, each in a savepoint of its own.

A handler that raises for one row is logged with the row's id, its writes are undone (the
savepoint) and the row is left as it was, still due, and skipped for the rest of this pass:
the next pass tries it again. One poisoned row never stops the rows behind it. Each row ends
with an outcome word (``"applied"``, ``"renewed"``, ...); ``DEFER`` means "leave this row due
and skip it in this pass" (a row whose subscription another writer holds, a rule whose series
has ended).

A step may also pass ``on_failed``, ``on_settled`` and ``on_committed`` to
``work_through_claims``: the first is told of each row that failed alone (after its savepoint
was undone, in the claim's transaction, so what it writes stays), the second of the rows
settled with an outcome other than deferred or failed, the third of the same rows once their
claim has committed, outside any transaction. The billing step uses the first two to record a
failing subscription's reason on its row and to clear it once it bills
(``subscriptions/billing_problems.py``); the payments step uses the third to hand each claim's
committed attempts to its provider calls while the next claim is made (and to wait there, no
lock held, when the calls fall behind).
"""

import logging
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import TypeVar

from tortoise.models import Model
from tortoise.queryset import QuerySet
from tortoise.transactions import in_transaction

log = logging.getLogger("tally.due_work")

DEFER = "deferred"
FAILED = "failed"

R = TypeVar("R", bound=Model)
OnFailed = Callable[[R, Exception], Awaitable[None]]


async def _failed(row: R, error: Exception, on_failed: OnFailed | None, what: str) -> None:
    log.error("%s %s failed; it stays due and is retried next pass", what, row.pk, exc_info=error)
    if on_failed is None:
        return
    try:
        async with in_transaction():  # a savepoint: a note that cannot be written is dropped
            await on_failed(row, error)
    except Exception:
        log.exception("could not record the failure of %s %s", what, row.pk)


async def _settle(
    rows: list[R],
    handle: Callable[[list[R]], Awaitable[dict]],
    what: str,
    on_failed: OnFailed | None = None,
) -> dict[object, str]:
    """Settle a claim at once in a savepoint; if that fails, each row alone."""
    try:
        async with in_transaction():  # a savepoint: a failure undoes only this attempt
            settled = await handle(rows)
        return {row.pk: settled.get(row.pk, DEFER) for row in rows}
    except Exception as error:
        if len(rows) == 1:
            await _failed(rows[0], error, on_failed, what)
            return {rows[0].pk: FAILED}
        log.warning("a claim of %d %s rows failed; settling them one by one", len(rows), what)
    outcomes: dict[object, str] = {}
    for row in rows:
        outcomes.update(await _settle([row], handle, what, on_failed))
    return outcomes


async def work_through_claims(
    claim: Callable[[R | None], Awaitable[list[R]]],
    handle: Callable[[list[R]], Awaitable[dict]],
    *,
    what: str,
    on_failed: OnFailed | None = None,
    on_settled: Callable[[list[R]], Awaitable[None]] | None = None,
    on_committed: Callable[[list[R]], Awaitable[None]] | None = None,
) -> Counter[str]:
    """Settle due rows a claim at a time until none is left. ``claim(after)`` locks and
    answers the next due rows (``FOR UPDATE SKIP LOCKED``, a bounded number) that come after
    the row ``after`` in its own stable order (None: from the first); ``handle`` settles them
    and answers an outcome per row id (a row it leaves out is deferred). The cursor replaces a
    list of rows to skip: deferred and failed rows lie behind it, rows another process holds
    are that process's, and the next pass starts from the first again. Answers how many rows
    ended in each outcome; ``failed`` counts rows whose handling raised. ``on_failed``,
    ``on_settled`` and ``on_committed``: see the module docstring."""
    outcomes: Counter[str] = Counter()
    after = None
    while True:
        async with in_transaction():
            rows = await claim(after)
            if not rows:
                return outcomes
            settled = await _settle(rows, handle, what, on_failed)
            done = [row for row in rows if settled[row.pk] not in (DEFER, FAILED)]
            if on_settled is not None and done:
                await on_settled(done)
        after = rows[-1]
        outcomes.update(settled.values())
        if on_committed is not None and done:
            await on_committed(done)


async def work_through(
    due: QuerySet[R],
    order: tuple[str, ...],
    handle: Callable[[R], Awaitable[str]],
    *,
    what: str,
) -> Counter[str]:
    """Claim the ``due`` rows one at a time in ``order`` (soonest first, then id, so passes
    agree) and settle each with ``handle``, until none is left to claim. Answers how many rows
    ended in each outcome; ``failed`` counts handlers that raised."""

    async def one(rows: list[R]) -> dict:
        return {rows[0].pk: await handle(rows[0])}

    outcomes: Counter[str] = Counter()
    skip: set = set()
    while True:
        async with in_transaction():
            query = due.exclude(pk__in=list(skip)) if skip else due
            row = await query.order_by(*order).select_for_update(skip_locked=True).first()
            if row is None:
                return outcomes
            outcome = (await _settle([row], one, what))[row.pk]
        if outcome in (DEFER, FAILED):
            skip.add(row.pk)
        outcomes[outcome] += 1
