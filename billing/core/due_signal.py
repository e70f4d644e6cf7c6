"""Telling running due-work loops that something falls due sooner than their next pass.

A loop passes every ``TALLY_DUE_WORK_INTERVAL`` seconds (30 by default). Code that records
work due at an instant calls ``due_at`` in its transaction: a scheduled change, and an invoice
issued outside a due pass (``invoicing.issuing.collect_soon``: immediate billing, checkout,
prorations, seats), so the payments step charges it within moments. PostgreSQL delivers the
notification only when that transaction commits, so a loop never wakes for a row it cannot
see yet, and never for one rolled back.
Every listening loop wakes at that instant (or at once, for work already due); the claims make
sure only one of them does the work.
"""

from datetime import datetime

from tortoise import connections

CHANNEL = "tally_due_work"
DONE_CHANNEL = "tally_due_work_done"


async def due_at(moment: datetime) -> None:
    """Notify the loops that work falls due at ``moment``, on commit of the caller's
    transaction (at once outside one)."""
    await connections.get("default").execute_query(
        "SELECT pg_notify($1, $2)", [CHANNEL, moment.isoformat()]
    )
