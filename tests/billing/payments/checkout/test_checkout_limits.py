"""The checkout rate-limit windows (billing/payments/checkout/checkout_limits.py): fixed windows,
the
wait until the full one ends, the settings' syntax, and the due pass pruning ended windows."""

from datetime import UTC, datetime, timedelta

import pytest

from billing.due_work import STEPS
from billing.payments.checkout import checkout_limits
from billing.payments.checkout.checkout_limits import (
    PER_ADDRESS,
    PER_KEY,
    CheckoutLimits,
    Limit,
    RateLimited,
    admit,
    parse_limit,
)
from billing.payments.models import RateWindow

AT = datetime(2031, 3, 4, 10, 7, 30, tzinfo=UTC)  # 7.5 minutes into a 10-minute window


@pytest.mark.parametrize(
    ("text", "limit"),
    [
        (None, PER_ADDRESS),
        ("", PER_ADDRESS),
        ("25", Limit(25, 600)),
        ("25/60", Limit(25, 60)),
        (" 3/86400 ", Limit(3, 86400)),
    ],
)
def test_the_settings_syntax(text, limit):
    assert parse_limit(text, PER_ADDRESS) == limit


@pytest.mark.parametrize("text", ["0", "-1", "ten", "5/0", "5/86401", "5/x", "5/", "/60"])
def test_bad_settings_are_refused(text):
    with pytest.raises(ValueError, match="must be N or N/SECONDS"):
        parse_limit(text, PER_KEY)


async def test_the_wait_is_what_is_left_of_the_full_window(merchant):
    limits = CheckoutLimits(per_address=Limit(2, 600), per_key=Limit(100, 3600))
    await admit(merchant.id, "192.0.2.1", limits, AT)
    await admit(merchant.id, "192.0.2.1", limits, AT + timedelta(seconds=10))
    with pytest.raises(RateLimited) as refused:
        await admit(merchant.id, "192.0.2.1", limits, AT + timedelta(seconds=20, microseconds=1))
    # the window is 10:00-10:10; at 10:07:50.000001 there are 129.999999 s left: 130
    assert refused.value.retry_after == 130
    assert refused.value.message == "Too many checkout attempts; try again in 130 seconds"
    # the next window starts afresh
    await admit(merchant.id, "192.0.2.1", limits, AT + timedelta(minutes=3))


async def test_the_due_pass_prunes_ended_windows(merchant):
    limits = CheckoutLimits()
    await admit(merchant.id, "192.0.2.2", limits, AT)
    keys = [f"checkout:{merchant.id}:192.0.2.2", f"checkout:{merchant.id}"]
    assert await RateWindow.filter(key__in=keys).count() == 2
    # the pass's step (called alone here: a whole pass as of 2031 would bill every shop)
    [step] = [step for name, step in STEPS if name == "checkout rate windows"]
    await step(AT + timedelta(hours=2))
    assert await RateWindow.filter(key__in=keys).count() == 2  # within a day: kept
    outcome = await step(AT + timedelta(days=1, hours=1))
    assert outcome["pruned"] >= 2
    assert not await RateWindow.filter(key__in=keys).exists()


@pytest.mark.parametrize(
    ("address", "key"),
    [
        ("203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),
        ("2001:db8:1:3::1", "2001:db8:1:3::/64"),
        ("::ffff:203.0.113.7", "203.0.113.7"),
        ("not an address", "not an address"),
        ("", ""),
    ],
)
def test_the_address_limit_counts_an_ipv6_client_by_its_64(address, key):
    assert checkout_limits.client_key(address) == key
