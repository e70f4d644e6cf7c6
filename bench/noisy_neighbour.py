"""One merchant's slow custom SQL metric against another merchant's customer list, same run.

Two merchants in one scratch database, one ``tally serve --workers 1`` process. Merchant A has
a complex metric whose query cannot finish (a three-way cross join over 1,000 of its events),
so every read of it runs until the statement timeout. Merchant B reads ``GET /v1/customers``
(20 customers) one request at a time, and its latency is measured twice:

- alone (the baseline);
- while A keeps ``--concurrency`` (30) reads of the slow metric in flight, each sent again as
  soon as it is answered (whatever the answer: a timeout, a refusal as too busy).

The ratio of B's p50 and p99 with the neighbour to B's alone is the figure; A's answers are
counted by status. ``--quick`` measures 3 seconds a phase instead of 10.

    .venv/bin/python -m bench.noisy_neighbour [--seconds 10] [--concurrency 30] [--quick]
"""

import argparse
import asyncio
import statistics
import time
from collections import Counter

import httpx

from bench._harness import connect, scratch_database, server
from billing.accounts.accounts import provision_merchant
from billing.catalog.metrics import create_metric
from billing.customers.customers import create_customer
from webapp import db

SLOW_QUERY = "SELECT count(*) FROM events a, events b, events c"
EVENTS = 1_000
CUSTOMERS = 20


async def _setup(database_url: str) -> dict[str, str]:
    await db.init_orm(database_url)
    try:
        made = {}
        for label in ("a", "b"):
            made[label] = await provision_merchant(
                name=f"{label} Inc", email=f"{label}@bench.example.com", password="bench-pass-1"
            )
        a, b = made["a"].merchant.id, made["b"].merchant.id
        for number in range(CUSTOMERS):
            await create_customer(b, email=f"c{number}@b.example.com", name=f"Customer {number}")
        heavy = await create_customer(a, email="heavy@a.example.com", name="Heavy")
        metric = await create_metric(
            a, name="Slow", event_name="api.call", query_type="complex", custom_query=SLOW_QUERY
        )
    finally:
        await db.close_orm()
    conn = await connect(database_url)
    try:
        await conn.execute(
            "INSERT INTO usage_events (merchant_id, idempotency_key, event_name, customer_key,"
            " event_value, properties, event_timestamp, received_at) SELECT $1, 'n-' || n,"
            " 'api.call', $2, n, '{}'::jsonb, now(), now() FROM generate_series(1, $3::int) n",
            a,
            heavy.id,
            EVENTS,
        )
    finally:
        await conn.close()
    return {
        "a_key": made["a"].secret_key,
        "b_key": made["b"].secret_key,
        "metric": metric.id,
        "customer": heavy.id,
    }


async def _b_latencies(base: str, key: str, seconds: float) -> list[float]:
    """B's ``GET /v1/customers``, one at a time for ``seconds``: each answer's milliseconds."""
    headers = {"Authorization": f"Bearer {key}"}
    times = []
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=30) as client:
        for _ in range(5):  # warm up
            await client.get("/v1/customers")
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            started = time.perf_counter()
            response = await client.get("/v1/customers")
            times.append((time.perf_counter() - started) * 1000)
            if response.status_code != 200 or len(response.json()["customers"]) != CUSTOMERS:
                raise SystemExit(f"B's list answered {response.status_code}: {response.text}")
    return times


async def _a_load(base: str, setup: dict, concurrency: int, stop: asyncio.Event) -> Counter:
    """A's reads of the slow metric, ``concurrency`` in flight until ``stop``: answers by
    status."""
    headers = {"Authorization": f"Bearer {setup['a_key']}"}
    path = f"/v1/metrics/{setup['metric']}/value"
    answers: Counter = Counter()
    limits = httpx.Limits(max_connections=concurrency)
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=60, limits=limits) as c:

        async def one_slot() -> None:
            while not stop.is_set():
                response = await c.get(path, params={"customerId": setup["customer"]})
                answers[response.status_code] += 1

        await asyncio.gather(*(one_slot() for _ in range(concurrency)))
    return answers


async def _with_neighbour(base: str, setup: dict, seconds: float, concurrency: int):
    stop = asyncio.Event()
    load = asyncio.create_task(_a_load(base, setup, concurrency, stop))
    try:
        times = await _b_latencies(base, setup["b_key"], seconds)
    finally:
        stop.set()
    return times, await load


def _p(times: list[float], percent: int) -> float:
    return statistics.quantiles(times, n=100, method="inclusive")[percent - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--concurrency", type=int, default=30)
    parser.add_argument("--quick", action="store_true", help="3 seconds a phase")
    args = parser.parse_args()
    seconds = 3 if args.quick else args.seconds
    with scratch_database() as database_url:
        setup = asyncio.run(_setup(database_url))
        with server(database_url, workers=1) as base:
            alone = asyncio.run(_b_latencies(base, setup["b_key"], seconds))
            noisy, answers = asyncio.run(_with_neighbour(base, setup, seconds, args.concurrency))
    print(f"{'B: GET /v1/customers':42} {'requests':>8} {'p50 ms':>8} {'p99 ms':>8}")
    for label, times in (("alone (baseline)", alone), ("with A's slow metric", noisy)):
        print(f"{label:42} {len(times):8d} {_p(times, 50):8.1f} {_p(times, 99):8.1f}")
    print(
        f"ratio with neighbour : alone  p50 {_p(noisy, 50) / _p(alone, 50):.2f}"
        f"  p99 {_p(noisy, 99) / _p(alone, 99):.2f}"
    )
    statuses = ", ".join(f"{status}: {count}" for status, count in sorted(answers.items()))
    print(f"A's {args.concurrency} concurrent slow-metric reads answered: {statuses}")


if __name__ == "__main__":
    main()
