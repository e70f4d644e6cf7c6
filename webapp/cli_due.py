"""The due-work commands of ``tally``: ``run-due`` (one pass, the test clock) and ``worker``
(the loop as a process of its own). See billing/due_work.py and webapp/due_loop.py."""

import argparse
import asyncio
import logging
import signal
from datetime import datetime

from webapp import db
from webapp.config import Settings


async def _run_due(url: str, now: datetime | None):
    from billing.due_work import run_due

    await db.init_orm(url)
    try:
        await db.check_connection()  # unreachable: one error line, not a failed step each
        return await run_due(now)
    finally:
        await db.close_orm()


def cmd_run_due(args: argparse.Namespace, settings: Settings) -> int:
    """One due-work pass (billing/due_work.py) as of ``--now`` (default: the present), the
    test clock: it does what would be due at that instant. Safe to run beside any number of
    loops and passes. It does not migrate; ``serve`` and ``migrate`` do. Exits 1 when a row
    or step failed (the log has its id; the next pass retries it)."""
    settings.configure_domain()
    report = asyncio.run(_run_due(db.url_of(settings), args.now))
    print(f"Due work as of {report.now.isoformat()}")
    print("\n".join(report.lines()))
    return 1 if report.failures else 0


async def _work(url: str, interval: float) -> None:
    from webapp.due_loop import DueLoop

    await db.init_orm(url)
    loop = DueLoop(url, interval, exclusive=False)
    for signal_number in (signal.SIGINT, signal.SIGTERM):
        asyncio.get_running_loop().add_signal_handler(signal_number, loop.stop.set)
    try:
        await loop.run()
    finally:
        await db.close_orm()


def cmd_worker(args: argparse.Namespace, settings: Settings) -> int:
    """Run the due-work loop as a process of its own, until SIGINT or SIGTERM, for
    deployments that keep background work apart from the web servers (set
    ``TALLY_DUE_WORK_INTERVAL=off`` on those). Any number may run at once."""
    interval = args.interval or settings.due_work_interval or 30.0
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s %(message)s"
    )
    settings.configure_domain()
    print(f"Tally worker: due work every {interval:g} s (Ctrl-C stops)", flush=True)
    asyncio.run(_work(db.url_of(settings), interval))
    return 0
