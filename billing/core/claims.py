"""Working through due rows one claim at a time, so any number of processes can share the work.

Every kind of time-driven work (scheduled changes, period roll-over, credit renewals, and later
invoices and payment retries) is a table of rows that become due at an instant.
``work_through`` claims one due row with ``SELECT ... FOR UPDATE SKIP LOCKED`` in a
transaction of its own, hands it to the handler inside a savepoint and commits. A second
process skips the rows the first one holds and, once the first commits, no longer finds them
due: nothing is done twice, however many servers and workers run the pass at once.

A handler that raises is logged with the row's id, its writes are undone (the savepoint) and
the row is left as it was, still due, and skipped for the rest of this pass: the next pass
tries it again. One poisoned row never stops the rows behind it. A handler answers an outcome
word (``"applied"``, ``"renewed"``, ...); ``DEFER`` means "leave this row due and skip it in
this pass" (a row whose subscription another writer holds, a rule whose series has ended).
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
    outcomes: Counter[str] = Counter()
    skip: set[str] = set()
    while True:
        async with in_transaction():
            query = due.exclude(pk__in=skip) if skip else due
            row = await query.order_by(*order).select_for_update(skip_locked=True).first()
            if row is None:
                return outcomes
            try:
                async with in_transaction():  # a savepoint: a failure undoes only this row
                    outcome = await handle(row)
            except Exception:
                log.exception("%s %s failed; it stays due and is retried next pass", what, row.pk)
                outcome = FAILED
        if outcome in (DEFER, FAILED):
            skip.add(row.pk)
        outcomes[outcome] += 1
