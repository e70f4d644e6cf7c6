"""POST /v1/events/batch (1,000 events per request) against a raw multi-row insert, same run.

The app side: ``tally serve --workers 1`` loaded by wrk with a few connections through
``bench/load.lua``; the bodies (1,000 events, new idempotency keys, 1,000 customers in
turn) are built before the timed window. The baseline: the same rows inserted straight into
``usage_events`` by asyncpg, ``INSERT ... SELECT FROM unnest(...)`` with the same batch size
and as many connections, so the ratio shows what validation, idempotency keys, hourly
rollups and HTTP cost on top of the bare insert. Rounds alternate; the best of each counts.
Afterwards the stored events must equal 1,000 times the 2xx answers.

    .venv/bin/python -m bench.events_batch [--seconds 5] [--rounds 3] [--connections 4]
    .venv/bin/python -m bench.events_batch --quick      # a one-round smoke run
"""

import argparse
import asyncio
import statistics
import time
import uuid
from datetime import UTC, datetime
from decimal import Decimal

from bench._harness import connect, scratch_database, server, wrk_script
from bench.events_ingest import SCRIPT, check_answers, make_merchant, stored_counts
from billing.accounts.accounts import provision_merchant
from webapp import db

BATCH = 1000
TARGET_RATE = 30_000

RAW_INSERT = """
INSERT INTO usage_events (merchant_id, idempotency_key, event_name, customer_id,
    ext_customer_id, customer_key, event_value, event_string, properties, event_timestamp,
    received_at)
SELECT merchant_id, idempotency_key, event_name, customer_id, ext_customer_id, customer_key,
    event_value, event_string, properties, event_timestamp, now()
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
    $7::numeric[], $8::text[], $9::jsonb[], $10::timestamptz[])
    AS t(merchant_id, idempotency_key, event_name, customer_id, ext_customer_id, customer_key,
         event_value, event_string, properties, event_timestamp)
"""


async def baseline_merchant(database_url: str) -> str:
    """A second merchant owns the raw rows, so the app's stored count stays its own."""
    await db.init_orm(database_url)
    try:
        made = await provision_merchant(
            name="Raw Inc", email="raw@example.com", password="bench-password-1"
        )
        return made.merchant.id
    finally:
        await db.close_orm()


def raw_batches(merchant_id: str, prefix: str, count: int) -> list[list]:
    """``count`` batches of the columns the app stores for the wrk script's events."""
    customers = [f"cust_bench_{n % 1000}" for n in range(BATCH)]
    now = datetime.now(UTC)
    constant = {
        "merchant": [merchant_id] * BATCH,
        "name": ["api_call"] * BATCH,
        "none": [None] * BATCH,
        "value": [Decimal(1)] * BATCH,
        "properties": ["{}"] * BATCH,
        "time": [now] * BATCH,
    }
    return [
        [
            constant["merchant"],
            [f"{prefix}-{b * BATCH + n}" for n in range(BATCH)],
            constant["name"],
            customers,
            constant["none"],
            customers,
            constant["value"],
            constant["none"],
            constant["properties"],
            constant["time"],
        ]
        for b in range(count)
    ]


async def raw_insert(database_url: str, merchant_id: str, seconds: float, connections: int):
    """Events per second and batch latencies (ms) of the bare insert on ``connections``."""
    prefix = f"raw-{uuid.uuid4().hex[:8]}"
    batches = raw_batches(merchant_id, prefix, int(seconds * 80) + connections)
    conns = [await connect(database_url) for _ in range(connections)]
    latencies: list[float] = []
    started = time.perf_counter()

    async def work(conn) -> None:
        while batches and time.perf_counter() - started < seconds:
            columns = batches.pop()
            begun = time.perf_counter()
            await conn.execute(RAW_INSERT, *columns)
            latencies.append((time.perf_counter() - begun) * 1000)

    try:
        await asyncio.gather(*(work(conn) for conn in conns))
        window = time.perf_counter() - started
    finally:
        for conn in conns:
            await conn.close()
    return len(latencies) * BATCH / window, latencies


def _p(values: list[float], percent: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[percent - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument("--quick", action="store_true", help="one short round (smoke run)")
    args = parser.parse_args()
    if args.quick:
        args.seconds, args.rounds = 1, 1

    best_raw, best_app = (0.0, []), {"rate": 0.0}
    answered = 0
    with scratch_database() as database_url:
        merchant_id, key = asyncio.run(make_merchant(database_url))
        raw_merchant = asyncio.run(baseline_merchant(database_url))
        with server(database_url, workers=1) as base:
            for round_number in range(args.rounds + 1):  # round 0 warms up
                seconds = 1 if round_number == 0 else args.seconds
                raw = asyncio.run(raw_insert(database_url, raw_merchant, seconds, args.connections))
                figures = wrk_script(
                    f"{base}/v1/events/batch",
                    SCRIPT,
                    ["batch", f"r{round_number}-{uuid.uuid4().hex[:8]}", str(BATCH)]
                    + [str(int(seconds * 60) + args.connections)],
                    seconds=seconds,
                    connections=args.connections,
                    headers={"Authorization": f"Bearer {key}"},
                )
                check_answers(figures, "POST /v1/events/batch")
                answered += int(figures["ok"])
                rate = figures["ok"] * BATCH / figures["window"]
                if round_number and raw[0] > best_raw[0]:
                    best_raw = raw
                if round_number and rate > best_app["rate"]:
                    best_app = {**figures, "rate": rate}
        stored, distinct, rolled = asyncio.run(stored_counts(database_url, merchant_id))

    raw_rate, raw_latencies = best_raw
    print(
        f"{'raw unnest insert (baseline)':34} {raw_rate:8.0f} events/s"
        f"  batch p50 {_p(raw_latencies, 50):6.1f} ms   p99 {_p(raw_latencies, 99):6.1f} ms"
    )
    print(
        f"{'POST /v1/events/batch':34} {best_app['rate']:8.0f} events/s"
        f"  batch p50 {best_app['p50_ms']:6.1f} ms   p99 {best_app['p99_ms']:6.1f} ms"
    )
    print(f"ratio batch endpoint : raw insert = {best_app['rate'] / raw_rate:.2f}")
    expected = answered * BATCH
    print(
        f"stored events {stored} = 1000 x 2xx answers {expected}: {stored == expected}"
        f" (distinct keys {distinct}, counted by rollups {rolled})"
    )
    verdict = "met" if best_app["rate"] >= TARGET_RATE else "MISSED"
    print(f"target >= {TARGET_RATE} events/s: {verdict}")
    if not stored == distinct == rolled == expected:
        raise SystemExit("stored events do not match the accepted ones")


if __name__ == "__main__":
    main()
