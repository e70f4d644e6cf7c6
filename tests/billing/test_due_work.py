"""The due-work pass: ``run_due`` and ``tally run-due`` run concurrently apply every due change
exactly once; a failing row is logged, retried next pass and blocks nothing.

The module has a database of its own (``module_database``): the ``tally run-due`` processes
pass over every merchant of the database they are given. The in-process passes are scoped to
the test's merchant; the assertions count this test's changes and compare run totals with the
rows marked applied.
"""

import asyncio
import os
import subprocess
import sys

import pytest

from billing.catalog.models import Price
from billing.core.models import utcnow
from billing.due_work import run_due
from billing.subscriptions.models import ScheduledChange, Subscription
from tests.conftest import ROOT
from tests.support.billing.due_work import (
    SUBSCRIBERS,
    TALLY,
    assert_each_applied_once,
    due_changes,
    start_tally,
)

pytestmark = pytest.mark.usefixtures("module_database")


async def applied_total() -> int:
    return await ScheduledChange.filter(status="applied").count()


async def test_concurrent_run_due_calls_apply_each_change_once(merchant):
    subs = await due_changes(merchant.id)
    before = await applied_total()
    reports = await asyncio.gather(*(run_due(merchant_id=merchant.id) for _ in range(6)))
    counts = [report.count("scheduled changes", "applied") for report in reports]
    assert sum(counts) == await applied_total() - before
    assert sum(counts) >= SUBSCRIBERS
    await assert_each_applied_once(merchant.id, subs)
    await run_due(merchant_id=merchant.id)  # a later run finds nothing of ours left to do
    await assert_each_applied_once(merchant.id, subs)


def applied_in(output: str) -> int:
    """The count of applied changes in ``tally run-due``'s line "scheduled changes: ..."."""
    line = next(line for line in output.splitlines() if line.startswith("scheduled changes:"))
    words = line.split(": ", 1)[1].split(", ")
    return sum(int(word.split()[0]) for word in words if word.endswith(" applied"))


async def test_two_run_due_processes_at_once(merchant, module_database, tmp_path):
    subs = await due_changes(merchant.id)
    before = await applied_total()
    processes = [start_tally(module_database, tmp_path / str(n)) for n in range(2)]
    outputs = [await asyncio.to_thread(p.communicate, timeout=120) for p in processes]
    applied = []
    for process, (out, err) in zip(processes, outputs, strict=True):
        assert process.returncode == 0, err
        assert out.startswith("Due work as of "), out
        applied.append(applied_in(out))
    assert sum(applied) == await applied_total() - before
    await assert_each_applied_once(merchant.id, subs)


def test_run_due_without_a_database_fails_cleanly(tmp_path):
    env = {
        **os.environ,
        "DATABASE_URL": "postgresql://postgres@127.0.0.1:1/none",
        "TALLY_DATA_DIR": str(tmp_path),
    }
    command = [str(TALLY)] if TALLY.exists() else [sys.executable, "-m", "webapp.cli"]
    result = subprocess.run(
        [*command, "run-due"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 1
    assert result.stderr.startswith("error: the database could not be used")


async def poison(price: Price) -> dict:
    """Break a price's pricing data the way a bug or a bad hand edit might (components that
    are not a list), so any step reading it raises; answers the good data to restore."""
    good = price.pricing_data
    await Price.filter(id=price.id).update(pricing_data={"components": 5})
    return good


async def test_a_poisoned_row_is_logged_retried_and_blocks_nothing(merchant, caplog):
    subs = await due_changes(merchant.id)
    bad_sub, bad_price = subs[0], await Price.get(id=subs[0].effective_price_id)
    target = await ScheduledChange.get(stable_subscription_id=bad_sub.id)
    bad_target = await Price.get(id=target.new_price_id)
    # the poisoned target price is shared by all twelve moves: give the first its own copy
    copied = set(Price._meta.db_fields) - {"id", "created_at", "updated_at"}
    own = await Price.create(**{name: getattr(bad_target, name) for name in copied})
    await poison(own)
    await ScheduledChange.filter(id=target.id).update(new_price_id=own.id)
    good_rule = await poison(bad_price)  # its period roll-over breaks too
    await Subscription.filter(id=bad_sub.id).update(current_period_end=utcnow())

    report = await run_due(merchant_id=merchant.id)

    assert report.count("scheduled changes", "failed") >= 1
    assert report.count("subscription periods", "failed") >= 1
    assert report.failures >= 2
    assert f"scheduled change {target.id} failed" in caplog.text
    assert f"subscription period {bad_sub.id} failed" in caplog.text
    assert (await ScheduledChange.get(id=target.id)).status == "pending"  # retried next pass
    others = await ScheduledChange.filter(merchant_id=merchant.id).exclude(id=target.id)
    assert {change.status for change in others} == {"applied"}  # the rest went through

    await Price.filter(id=own.id).update(pricing_data=bad_target.pricing_data)
    await Price.filter(id=bad_price.id).update(pricing_data=good_rule)
    await run_due(merchant_id=merchant.id)
    assert (await ScheduledChange.get(id=target.id)).status == "applied"


def test_run_due_as_of_a_given_instant_prints_each_step(module_database, tmp_path):
    env = {**os.environ, "DATABASE_URL": module_database, "TALLY_DATA_DIR": str(tmp_path)}
    command = [str(TALLY)] if TALLY.exists() else [sys.executable, "-m", "webapp.cli"]
    result = subprocess.run(
        [*command, "run-due", "--now", "2021-02-03T04:05:06Z"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Due work as of 2021-02-03T04:05:06+00:00"
    assert [line.split(":")[0] for line in lines[1:]] == [
        "scheduled changes",
        "subscription periods",
        "trials",
        "trial notices",
        "renewal notices",
        "card expiry notices",
        "seat removals",
        "billing",
        "payments",
        "abandoned checkouts",
        "refused checkouts",
        "credit grants",
        "usage idempotency keys",
        "usage checkpoints",
        "portal sessions",
        "checkout rate windows",
        "customer e-mails",
        "webhooks",
    ]


def test_run_due_refuses_a_bad_instant(tmp_path):
    command = [str(TALLY)] if TALLY.exists() else [sys.executable, "-m", "webapp.cli"]
    result = subprocess.run(
        [*command, "run-due", "--now", "next tuesday"],
        cwd=ROOT,
        env={**os.environ, "TALLY_DATA_DIR": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "--now must be an ISO 8601 datetime" in result.stderr
