"""Passwords: what a good enough one is, and argon2 hashing kept off the event loop.

Strength: at least ten characters, at most 1,000 (refused before any hashing, so a huge body
cannot buy seconds of CPU), letters mixed with digits or symbols, not the email, and a zxcvbn
score of 3 or more out of 4. zxcvbn
knows common passwords, keyboard walks, dates and repeats, so ``password12``, ten spaces or
``!!!!!!!!!!`` are refused with its own advice; it reads the first 72 characters (its limit;
anything longer is past guessing by then).

Hashing: argon2 is slow on purpose (about 50 ms of CPU a check). On the event loop, a dozen
concurrent log-ins stalled every other request of the process for seconds. It runs in worker
threads instead (argon2-cffi releases the GIL), at most ``HASH_SLOTS`` at once per process,
so a burst of log-ins queues for the slots while every other request goes on.
"""

import asyncio
import os
import weakref
from collections.abc import Callable
from typing import TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from zxcvbn import zxcvbn

from billing.core.errors import Invalid

MIN_LENGTH = 10
MAX_LENGTH = 1000
MIN_SCORE = 3
SCORED_LENGTH = 72
HASH_SLOTS = min(4, os.cpu_count() or 2)

T = TypeVar("T")

_hasher = PasswordHasher()
_slots: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore]" = (
    weakref.WeakKeyDictionary()
)


def check_strength(password: str, email: str) -> None:
    """Invalid with the reason a person can act on, unless ``password`` is good enough."""
    password = password or ""
    if len(password) < MIN_LENGTH:
        raise Invalid(f"Password must be at least {MIN_LENGTH} characters long", field="password")
    if len(password) > MAX_LENGTH:
        raise Invalid(f"Password must be at most {MAX_LENGTH:,} characters long", field="password")
    if any(0xD800 <= ord(char) <= 0xDFFF for char in password):
        raise Invalid("Password contains characters that cannot be stored", field="password")
    if password.isalpha() or password.isdigit():
        raise Invalid("Password must mix letters with digits or symbols", field="password")
    if password.strip().lower() == email:
        raise Invalid("Password must not be your email address", field="password")
    verdict = zxcvbn(password[:SCORED_LENGTH], user_inputs=[email, email.split("@")[0]])
    if verdict["score"] < MIN_SCORE:
        advice = verdict["feedback"]["warning"] or "It would be guessed quickly."
        tips = " ".join(verdict["feedback"]["suggestions"])
        raise Invalid(f"Password is too easy to guess. {advice} {tips}".strip())


async def run_off_loop(work: Callable[..., T], *args) -> T:
    """``work(*args)`` in a worker thread, holding one of the process's ``HASH_SLOTS``."""
    loop = asyncio.get_running_loop()
    slots = _slots.get(loop)
    if slots is None:
        slots = _slots[loop] = asyncio.Semaphore(HASH_SLOTS)
    async with slots:
        return await asyncio.to_thread(work, *args)


def use_hasher(hasher: PasswordHasher) -> None:
    """Hash new passwords with ``hasher``'s parameters from now on. Only the test suite calls
    it: every test signs up a merchant, and argon2's default cost (about 140 ms of CPU a hash)
    was a fifth of the suite's time. A hash records its own parameters, so passwords hashed
    either way verify either way."""
    global _hasher
    _hasher = hasher


async def hash_password(password: str) -> str:
    return await run_off_loop(_hasher.hash, password)


def _verify(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


async def verify_password(password_hash: str, password: str) -> bool:
    """Whether ``password`` matches; a password over the length cap never does (and is not
    hashed)."""
    if len(password) > MAX_LENGTH:
        return False
    return await run_off_loop(_verify, password_hash, password)


UNKNOWN_USER_HASH = _hasher.hash("no account has this password")
