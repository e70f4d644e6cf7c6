"""Helpers for tests of billing/due_work, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

from billing.catalog.models import Plan, Price
from billing.core.models import utcnow
from billing.subscriptions.models import ScheduledChange, Subscription, SubscriptionEvent
from billing.subscriptions.scheduled_changes import schedule
from billing.subscriptions.subscriptions import create_subscription
from tests.conftest import ROOT
from tests.support.factories.catalog import new_version
from tests.support.factories.subscriptions import make_customer, subscribe

TALLY = Path(sys.executable).with_name("tally")


SUBSCRIBERS = 12


async def due_changes(merchant_id: str) -> list[Subscription]:
    """Twelve subscribers of one plan, each with a move to version 2 due a minute ago."""
    first = await subscribe(merchant_id)
    plan = await Plan.get(id=first.plan_id)
    subs = [first]
    for _ in range(SUBSCRIBERS - 1):
        customer = await make_customer(merchant_id)
        subs.append(
            await create_subscription(
                merchant_id,
                customer_id=customer.id,
                plan_id=plan.id,
                effective_price_id=first.effective_price_id,
            )
        )
    v2 = await new_version(plan)
    v2_price = await Price.get(plan_id=v2.id)
    due = utcnow() - timedelta(minutes=1)
    for sub in subs:
        await schedule(merchant_id, sub, plan=v2, price=v2_price, effective_date=due)
    return subs


async def assert_each_applied_once(merchant_id: str, subs: list[Subscription]) -> None:
    changes = await ScheduledChange.filter(merchant_id=merchant_id)
    assert len(changes) == len(subs)
    assert {change.status for change in changes} == {"applied"}
    for sub in subs:
        versions = await Subscription.filter(stable_subscription_id=sub.id).order_by(
            "version_number"
        )
        assert [v.version_number for v in versions] == [1, 2]
        assert [v.deleted_at is None for v in versions] == [False, True]
        migrated = await SubscriptionEvent.filter(stable_subscription_id=sub.id, kind="migrated")
        assert len(migrated) == 1
    results = {change.result_subscription_id for change in changes}
    assert len(results) == len(subs)


def start_tally(database_url: str, tmp_path: Path) -> subprocess.Popen:
    env = {**os.environ, "DATABASE_URL": database_url, "TALLY_DATA_DIR": str(tmp_path)}
    command = [str(TALLY)] if TALLY.exists() else [sys.executable, "-m", "webapp.cli"]
    return subprocess.Popen(
        [*command, "run-due"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
