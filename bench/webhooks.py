"""Outbound webhooks: 10,000 events delivered to 3 endpoints on loopback by a ``tally worker``
(its webhook sender, woken by each commit's NOTIFY), against plain httpx POSTs, same run.

Set-up, in a scratch database: one merchant, one customer, three endpoints wanting every
event at a receiver in this process (``tests/support/fakes/webhook_receiver.py``): ``/healthy``
answers at once, ``/slow`` after 200 ms, ``/flaky`` 500 to the first attempt of each event and
200 to the next. Then ``tally worker`` starts (its due loop passes once an hour: only the
NOTIFYs and the retries' wake-ups move it).

The load: events committed in batches of 50 (``record_many`` in a transaction, as a due pass
writes them), half paced at ``--rate`` events a second (latency: each batch's commit time
against each request's arrival at the receiver), then half at once (throughput: first
attempts to all three endpoints over the time from the first commit to the last arrival).
The flaky endpoint's retries fall due 5 s after its failures and the worker's due loop,
woken for that instant, sends them; then a ``run_due`` at a clock two days ahead (the test
clock, as ``tally run-due --now`` steps it) must find nothing left. Last, every event must
have reached every endpoint exactly once with a 2xx answer (by ``webhook-id``) and no
delivery may be left unsettled.

Baseline: as many bodies POSTed by plain ``httpx`` (64 at a time, eight clients of eight
connections) to the same receiver, before the worker starts.

    .venv/bin/python -m bench.webhooks [--events 10000] [--rate 300]
    .venv/bin/python -m bench.webhooks --quick      # 1,000 events, a smoke run
"""

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from datetime import timedelta

import httpx
from tortoise.transactions import in_transaction

from bench._harness import ROOT, connect, scratch_database
from billing.accounts.accounts import provision_merchant
from billing.core.models import utcnow
from billing.customers import customers
from billing.due_work import run_due
from billing.event_log.recording import Change, record_many
from billing.webhooks import endpoints
from tests.support.fakes.webhook_receiver import FailFirst, Receiver, Slow
from webapp import db
from webapp.config import Settings

BATCH = 50
PATHS = ("/healthy", "/slow", "/flaky")
TARGET_RATE = 500
TARGET_P99 = 2.0


async def baseline(receiver: Receiver, count: int) -> float:
    """Plain POSTs per second to the receiver, 64 at a time, from eight httpx clients of eight
    connections (httpx's fastest shape here: one client of 64 made about a quarter as many)."""
    body = '{"id":"evt_raw","type":"customer.updated","data":{"object":{}}}'
    limits = httpx.Limits(max_connections=8, max_keepalive_connections=8)
    clients = [httpx.AsyncClient(limits=limits, timeout=10) for _ in range(8)]
    gate = asyncio.Semaphore(64)

    async def one(n: int) -> None:
        async with gate:
            headers = {"webhook-id": f"raw{n}"}
            await clients[n % 8].post(f"{receiver.url}/raw", content=body, headers=headers)

    started = time.monotonic()
    await asyncio.gather(*(one(n) for n in range(count)))
    elapsed = time.monotonic() - started
    for client in clients:
        await client.aclose()
    return count / elapsed


async def load(
    merchant_id: str, customer_id: str, keys: list[str], rate: float | None
) -> dict[str, float]:
    """Commit an event per key in batches, at ``rate`` a second (None: at once); key -> wall
    clock of its commit."""
    committed: dict[str, float] = {}
    started = time.monotonic()
    for first in range(0, len(keys), BATCH):
        batch = keys[first : first + BATCH]
        async with in_transaction():
            await record_many(
                [Change(merchant_id, "customer.updated", customer_id, key) for key in batch]
            )
        at = time.time()
        committed.update((key, at) for key in batch)
        ahead = started + (first + BATCH) / rate - time.monotonic() if rate else 0
        if ahead > 0:
            await asyncio.sleep(ahead)
    return committed


async def settled(url: str, seconds: float) -> None:
    """Return once no delivery is pending (or after ``seconds``)."""
    connection = await connect(url)
    try:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            query = "SELECT count(*) FROM webhook_deliveries WHERE status = 'pending'"
            if not await connection.fetchval(query):
                return
            await asyncio.sleep(0.5)
    finally:
        await connection.close()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def wait_for(receiver: Receiver, path: str, count: int, seconds: float) -> None:
    await asyncio.to_thread(receiver.wait_for, count, seconds, path)


async def run(url: str, events: int, rate: float) -> None:
    await db.init_orm(url)
    made = await provision_merchant(
        name="Hooks Inc", email="hooks@example.com", password="bench-password-1"
    )
    merchant_id = made.merchant.id
    customer = await customers.create_customer(merchant_id, email="ada@example.com", name="Ada")
    with Receiver() as receiver:
        receiver.always("/slow", Slow(0.2))
        receiver.always("/flaky", FailFirst(1))
        for path in PATHS:
            await endpoints.create_endpoint(merchant_id, url=f"{receiver.url}{path}")
        raw_rate = await baseline(receiver, events)
        worker = start_worker(url)
        try:
            # Ready when a first event reaches the healthy endpoint (the worker listens).
            async with in_transaction():
                await record_many([Change(merchant_id, "customer.updated", customer.id, "warm")])
            await wait_for(receiver, "/healthy", 1, 120)
            paced = [f"bench:paced:{n}" for n in range(events // 2)]
            burst = [f"bench:burst:{n}" for n in range(events - len(paced))]
            committed = await load(merchant_id, customer.id, paced, rate)
            await wait_for(receiver, "/slow", len(paced) + 1, 300)
            committed.update(await load(merchant_id, customer.id, burst, None))
            for path in ("/healthy", "/slow"):
                await wait_for(receiver, path, events + 1, 600)
            await wait_for(receiver, "/flaky", 2 * events + 2, 120)  # the retries, at +5 s
            await settled(url, 60)
            # A clock step of two days: any retry left is due; none should be.
            await run_due(utcnow() + timedelta(days=2), merchant_id=merchant_id)
        finally:
            worker.terminate()
            worker.wait(timeout=30)
        await report(url, receiver, committed, rate, raw_rate)
    await db.close_orm()


def start_worker(url: str) -> subprocess.Popen:
    """``tally worker``: its due loop passes once an hour; NOTIFYs wake its sender."""
    return subprocess.Popen(
        [sys.executable, "-m", "webapp.cli", "worker", "--interval", "3600"],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": url, "TALLY_LOG_LEVEL": "WARNING"},
        stdout=subprocess.DEVNULL,
    )


async def stored(url: str) -> tuple[dict[str, str], int, int]:
    """Event id -> key of the bench's events; deliveries not succeeded; attempts made."""
    connection = await connect(url)
    try:
        query = "SELECT id, key FROM log_events WHERE key LIKE 'bench:%'"
        ids = dict(await connection.fetch(query))
        query = "SELECT count(*) FROM webhook_deliveries WHERE status <> 'succeeded'"
        unsettled = await connection.fetchval(query)
        attempts = await connection.fetchval("SELECT count(*) FROM webhook_attempts")
    finally:
        await connection.close()
    return ids, unsettled, attempts


def ms(values: list[float]) -> str:
    p50, p99 = statistics.median(values), percentile(values, 0.99)
    return f"p50 {p50 * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms"


async def report(url, receiver: Receiver, committed: dict, rate: float, raw_rate: float) -> None:
    ids, unsettled, attempts = await stored(url)
    answered: dict[str, Counter] = {path: Counter() for path in PATHS}
    latencies: dict[tuple[str, str], list[float]] = {}
    last = 0.0
    for got in receiver.received:
        event_id = got.headers["webhook-id"]
        if got.path not in answered or event_id not in ids:  # the warm-up, the baseline
            continue
        if got.status == 200:
            answered[got.path][event_id] += 1
        first_attempt = got.path != "/flaky" or got.status == 500
        if first_attempt:
            phase = ids[event_id].split(":")[1]
            latencies.setdefault((phase, got.path), []).append(got.at - committed[ids[event_id]])
            if phase == "burst":
                last = max(last, got.at)
    once = all(set(c) == set(ids) and set(c.values()) == {1} for c in answered.values())
    burst = [at for key, at in committed.items() if key.startswith("bench:burst")]
    throughput = 3 * len(burst) / (last - min(burst))
    print(f"events: {len(ids)} to 3 endpoints ({len(ids) // 2} paced at {rate:g}/s, then at once)")
    for phase in ("paced", "burst"):
        for path in PATHS:
            figures = ms(latencies[phase, path])
            print(f"  {phase} {path:9} commit to first attempt received: {figures}")
    seconds = last - min(burst)
    print(f"burst: {3 * len(burst)} first attempts in {seconds:.1f} s = {throughput:.0f}/s")
    print(f"baseline: plain httpx POSTs to the same receiver {raw_rate:.0f}/s")
    print(f"ratio (sender / baseline): {throughput / raw_rate:.2f}")
    print(f"attempts recorded: {attempts}; deliveries not succeeded: {unsettled}")
    print(f"every event reached every endpoint exactly once (2xx, by webhook-id): {once}")
    p99 = percentile(latencies["paced", "/healthy"], 0.99)
    met = throughput >= TARGET_RATE and p99 < TARGET_P99 and once and not unsettled
    print(
        f"target (>= {TARGET_RATE} deliveries/s, paced healthy p99 < {TARGET_P99:g} s,"
        f" exactly once): {'met' if met else 'NOT met'}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--rate", type=float, default=100.0, help="paced events a second")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    events = 1000 if args.quick else args.events
    os.environ.setdefault("TALLY_DATA_DIR", tempfile.mkdtemp(prefix="bench-webhooks-"))
    os.environ["TALLY_WEBHOOK_ALLOW_PRIVATE_URLS"] = "true"  # the receiver is on loopback
    Settings.from_env().configure_domain()
    with scratch_database() as url:
        asyncio.run(run(url, events, args.rate))


if __name__ == "__main__":
    main()
