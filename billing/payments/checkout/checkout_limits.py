"""How many checkouts (``POST /v1/public/payment-init``) a shop's page may start.

A publishable key is public: anyone may copy it from the shop's page and start checkouts in a
loop, and each one used to make a customer, a subscription, an invoice, a payment and a
gateway customer and intent. So every payment-init is counted, before anything is read or
written, in two fixed windows:

- per client address and merchant row: ``per_address`` checkouts per window (default 10 per
  10 minutes). A customer reloading, going back, trying another card or another plan stays
  far below it; a script from one address is stopped after a handful. The address is the
  merchant's too, so a shared office address of one shop does not use up another shop's.
  An IPv6 client counts by its /64 network (``client_key``): one line or host is given a
  whole /64 and could otherwise step through addresses in it.
- per merchant row (the publishable key's shop and mode): ``per_key`` checkouts per window
  (default 300 per hour). It bounds what a flood from many addresses can make; a shop that
  sells more than a few hundred checkouts an hour raises it (``TALLY_CHECKOUT_RATE_PER_KEY``).

Over either limit the call is refused with 429 ``Too many checkout attempts; try again in N
seconds`` (``Retry-After: N``, the seconds left in the window that is full) and nothing is
created and no provider called. A call refused by the address limit does not count against
the shop's limit, so one noisy address cannot use up the shop's budget on its own.

The counters are rows of ``rate_windows`` (key, window start, count), bumped by one
``INSERT ... ON CONFLICT DO UPDATE ... RETURNING count`` statement outside the checkout's
transaction, so every server process shares them and two concurrent calls never both see the
last free place. The due-work pass deletes windows that have ended (``prune``).

The confirmation routes (``payment-init/confirmed`` and the sandbox ``confirm-card``) are not
counted: they create no customer, subscription or invoice, and act only on the intent of a
checkout that was itself counted (an unknown intent id is refused before any provider call).
"""

import ipaddress
import math
from dataclasses import dataclass
from datetime import datetime, timedelta

from tortoise import connections

from billing.core.errors import TooManyRequests
from billing.core.models import utcnow
from billing.payments.models import RateWindow

TOO_MANY = "Too many checkout attempts; try again in {seconds} seconds"

_BUMP = """
INSERT INTO rate_windows (key, window_start, count) VALUES ($1, $2, 1)
ON CONFLICT (key, window_start) DO UPDATE SET count = rate_windows.count + 1
RETURNING count
"""


@dataclass(frozen=True)
class Limit:
    """At most ``count`` checkouts per ``seconds``-long fixed window."""

    count: int
    seconds: int


PER_ADDRESS = Limit(10, 600)
PER_KEY = Limit(300, 3600)


@dataclass(frozen=True)
class CheckoutLimits:
    per_address: Limit = PER_ADDRESS
    per_key: Limit = PER_KEY


class RateLimited(TooManyRequests):
    """429 with the seconds to wait, which the API answers as ``Retry-After`` too."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(TOO_MANY.format(seconds=retry_after))
        self.retry_after = retry_after


SYNTAX = "N or N/SECONDS, with N of at least 1 and SECONDS from 1 to 86400"


def parse_limit(text: str | None, default: Limit) -> Limit:
    """``"N"`` (N per the default window) or ``"N/SECONDS"``; ValueError, whose message says
    what is expected (``SYNTAX``), otherwise. The settings report it as a ConfigError naming
    the variable (webapp/config.py)."""
    if text is None or not text.strip():
        return default
    count, slash, seconds = text.strip().partition("/")
    try:
        limit = Limit(int(count), int(seconds) if slash else default.seconds)
    except ValueError:
        raise ValueError(f"must be {SYNTAX} (got {text!r})") from None
    if limit.count < 1 or not 1 <= limit.seconds <= 86400:
        raise ValueError(f"must be {SYNTAX} (got {text!r})")
    return limit


async def _count(key: str, limit: Limit, now: datetime) -> None:
    epoch = int(now.timestamp())
    start = datetime.fromtimestamp(epoch - epoch % limit.seconds, tz=now.tzinfo)
    rows = await connections.get("default").execute_query_dict(_BUMP, [key, start])
    if rows[0]["count"] > limit.count:
        left = (start + timedelta(seconds=limit.seconds) - now).total_seconds()
        raise RateLimited(max(1, math.ceil(left)))


def client_key(address: str) -> str:
    """What the per-address limit counts by: an IPv4 address as it is, an IPv6 address as its
    /64 network (a host holds a whole /64), anything unreadable as given (cut to 64 chars)."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address[:64]
    if parsed.version == 4:
        return str(parsed)
    if parsed.ipv4_mapped is not None:
        return str(parsed.ipv4_mapped)
    return str(ipaddress.ip_network(f"{parsed}/64", strict=False))


async def admit(
    merchant_id: str, address: str, limits: CheckoutLimits, now: datetime | None = None
) -> None:
    """Count one checkout of ``merchant_id`` from ``address``; ``RateLimited`` over a limit.
    Call before the checkout's transaction (the count commits on its own)."""
    now = now or utcnow()
    await _count(f"checkout:{merchant_id}:{client_key(address)}", limits.per_address, now)
    await _count(f"checkout:{merchant_id}", limits.per_key, now)


async def prune(now: datetime) -> int:
    """The due-work step: delete windows that ended (a window is a day at most, so any that
    started over a day before ``now`` is over)."""
    return await RateWindow.filter(window_start__lt=now - timedelta(days=1)).delete()
