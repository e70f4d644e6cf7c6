"""Slowing down password guessing per (address, email) pair, without locking the owner out.

Each pair keeps its consecutive failures. The first ``FREE_FAILURES`` cost nothing; after
that every failure makes the pair wait twice as long as the last before its next try (1 s,
2 s, 4 s, ... at most 15 minutes), and a try within the wait is refused with 429 before the
password is even checked. A success clears the pair; so does an hour without failures.

Why pairs: counting per email let anyone lock an account by failing five times, and counting
per address let twenty made-up emails lock every account out from a shared address. A pair
slows exactly the guesser.

Why a row lock: the pair's row is locked (SELECT ... FOR UPDATE) for the whole check, so
concurrent guesses of one pair are counted one after the other. Unlocked counters let thirty
concurrent wrong passwords all be checked against a limit of five.
"""

from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from tortoise import connections

from billing.accounts.models import LoginThrottle
from billing.core.errors import TooManyRequests
from billing.core.ids import new_id
from billing.core.models import utcnow

FREE_FAILURES = 5
FIRST_WAIT = timedelta(seconds=1)
MAX_WAIT = timedelta(minutes=15)
FORGET_AFTER = timedelta(hours=1)


def wait_after(failures: int) -> timedelta:
    """How long a pair waits after its ``failures``-th consecutive failure."""
    if failures < FREE_FAILURES:
        return timedelta(0)
    return min(FIRST_WAIT * 2 ** min(failures - FREE_FAILURES, 20), MAX_WAIT)


def _in_words(wait: timedelta) -> str:
    seconds = max(1, round(wait.total_seconds()))
    if seconds < 120:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    return f"{round(seconds / 60)} minutes"


async def _locked_row(address: str, email: str) -> LoginThrottle:
    """The pair's row, created if missing, locked until the caller's transaction ends."""
    await connections.get("default").execute_query(
        "INSERT INTO login_throttles (id, address, email, failures, created_at, updated_at)"
        " VALUES ($1, $2, $3, 0, now(), now()) ON CONFLICT (address, email) DO NOTHING",
        [new_id(LoginThrottle.id_prefix), address, email],
    )
    return await LoginThrottle.filter(address=address, email=email).select_for_update().get()


async def guarded(
    address: str, email: str, check: Callable[[], Awaitable[bool]], now: datetime | None = None
) -> bool:
    """Run ``check`` (the password check) for the pair unless it must wait, and count the
    outcome. Call inside a transaction: the pair stays locked until it ends."""
    row = await _locked_row(address, email)
    now = now or utcnow()  # read once the pair is ours: a try that queued counts from then
    if row.updated_at < now - FORGET_AFTER:
        row.failures, row.retry_at = 0, None
    if row.retry_at is not None and row.retry_at > now:
        raise TooManyRequests(
            f"Too many failed log-in attempts. Try again in {_in_words(row.retry_at - now)}."
        )
    ok = await check()
    row.failures = 0 if ok else row.failures + 1
    wait = wait_after(row.failures)
    row.retry_at = now + wait if wait else None
    await row.save(update_fields=["failures", "retry_at", "updated_at"])
    return ok
