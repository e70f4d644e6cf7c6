"""Log-in throttling per (address, email): counted atomically, growing waits, nobody else
locked out; and argon2 off the event loop."""

import asyncio
import threading
from datetime import timedelta

import pytest

from billing.accounts import accounts, login_throttle, passwords
from billing.accounts.models import LoginAttempt, LoginThrottle
from billing.core.errors import TooManyRequests, Unauthorized
from billing.core.models import utcnow
from tests.conftest import PASSWORD, unique_email


async def try_log_in(email: str, password: str, address: str) -> str:
    """``ok``, ``wrong`` or ``wait``: how one try ends."""
    try:
        await accounts.log_in(email=email, password=password, ip_address=address)
    except Unauthorized:
        return "wrong"
    except TooManyRequests:
        return "wait"
    return "ok"


async def test_concurrent_wrong_passwords_are_counted_one_by_one(merchant, monkeypatch):
    # an hour's first wait: on a loaded machine the thirty tries may take longer than 1 s
    monkeypatch.setattr(login_throttle, "FIRST_WAIT", timedelta(hours=1))
    address = "198.51.100.7"
    outcomes = await asyncio.gather(
        *(try_log_in(merchant.email, "wrong-password-1", address) for _ in range(30))
    )
    # five free failures are checked; every other try waits instead of being checked
    assert outcomes.count("wrong") == login_throttle.FREE_FAILURES
    assert outcomes.count("wait") == 30 - login_throttle.FREE_FAILURES
    checked = await LoginAttempt.filter(email=merchant.email, ip_address=address).count()
    assert checked == login_throttle.FREE_FAILURES


async def test_made_up_emails_from_one_address_lock_nobody_out(merchant):
    address = "198.51.100.8"
    for _ in range(25):
        assert await try_log_in(unique_email("guess"), "wrong-password-1", address) == "wrong"
    assert await try_log_in(merchant.email, PASSWORD, address) == "ok"


async def test_a_guesser_does_not_lock_the_owner_out(merchant):
    for _ in range(8):
        await try_log_in(merchant.email, "wrong-password-1", "203.0.113.66")
    assert await try_log_in(merchant.email, "wrong-password-1", "203.0.113.66") == "wait"
    assert await try_log_in(merchant.email, PASSWORD, "192.0.2.10") == "ok"  # the owner


@pytest.mark.parametrize(
    ("failures", "seconds"),
    [(1, 0), (4, 0), (5, 1), (6, 2), (7, 4), (10, 32), (14, 512), (15, 900), (60, 900)],
)
def test_waits_double_after_the_free_failures(failures, seconds):
    assert login_throttle.wait_after(failures) == timedelta(seconds=seconds)


async def test_the_wait_passes_and_a_success_clears_the_pair(merchant):
    address = "198.51.100.9"

    async def wait_is_over() -> None:
        await LoginThrottle.filter(address=address).update(retry_at=utcnow() - timedelta(1))

    for _ in range(5):
        assert await try_log_in(merchant.email, "wrong-password-1", address) == "wrong"
    with pytest.raises(TooManyRequests, match=r"Try again in 1 second\."):
        await accounts.log_in(email=merchant.email, password=PASSWORD, ip_address=address)
    await wait_is_over()
    assert await try_log_in(merchant.email, "wrong-password-1", address) == "wrong"
    with pytest.raises(
        TooManyRequests, match=r"Try again in [12] seconds?\."
    ):  # 2 s from the failure
        await accounts.log_in(email=merchant.email, password=PASSWORD, ip_address=address)
    row = await LoginThrottle.get(address=address, email=merchant.email)
    assert row.failures == 6 and row.retry_at > utcnow()
    await wait_is_over()
    assert await try_log_in(merchant.email, PASSWORD, address) == "ok"
    row = await LoginThrottle.get(address=address, email=merchant.email)
    assert (row.failures, row.retry_at) == (0, None)


async def test_failures_an_hour_old_are_forgotten(merchant):
    address = "198.51.100.10"
    for _ in range(7):
        await try_log_in(merchant.email, "wrong-password-1", address)
    long_ago = utcnow() - login_throttle.FORGET_AFTER - timedelta(minutes=1)
    await LoginThrottle.filter(address=address).update(updated_at=long_ago, retry_at=long_ago)
    assert await try_log_in(merchant.email, "wrong-password-1", address) == "wrong"
    assert (await LoginThrottle.get(address=address)).failures == 1


async def test_hashing_runs_off_the_event_loop_a_few_at_a_time():
    """Password work runs in worker threads, never on the loop's thread, and at most
    ``HASH_SLOTS`` at once: the rest wait for a slot (where a burst of log-ins used to stall
    every request of the process)."""
    assert await passwords.run_off_loop(threading.get_ident) != threading.get_ident()
    slots = passwords.HASH_SLOTS
    lock, release, full = threading.Lock(), threading.Event(), asyncio.Event()
    loop = asyncio.get_running_loop()
    inside, peak = 0, 0

    def work() -> None:
        nonlocal inside, peak
        with lock:
            inside += 1
            peak = max(peak, inside)
            if inside == slots:
                loop.call_soon_threadsafe(full.set)
        release.wait(30)
        with lock:
            inside -= 1

    calls = [asyncio.create_task(passwords.run_off_loop(work)) for _ in range(3 * slots)]
    await asyncio.wait_for(full.wait(), 30)
    for _ in range(2000):  # turns in which more threads would start if nothing bounded them
        await asyncio.sleep(0)
    assert inside == slots
    release.set()
    await asyncio.gather(*calls)
    assert peak == slots
