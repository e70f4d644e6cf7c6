"""POST /v1/events (one event per request) on one worker, as a ratio to a trivial route.

Both routes are served by the same ``tally serve --workers 1`` process in the same run, loaded
by wrk with 32 connections through ``bench/load.lua``: every event has a new idempotency key
and one of 1,000 customers in turn, so each is stored (no duplicate short-cut) and rollups of
many customers are touched. Rounds alternate baseline and events; the best round of each counts.

The script stops sending a second before wrk stops, so every request sent was answered; the
run then checks that the events stored equal the 2xx answers (nothing lost, nothing doubled)
and that the hourly rollups count the same number.

    .venv/bin/python -m bench.events_ingest [--seconds 5] [--rounds 3] [--connections 32]
    .venv/bin/python -m bench.events_ingest --quick      # a one-round smoke run
"""

import argparse
import asyncio
import uuid
from pathlib import Path

from bench._harness import connect, scratch_database, server, wrk_script
from billing.accounts.accounts import provision_merchant
from webapp import db

SCRIPT = Path(__file__).with_name("load.lua")
TARGET_RATE, TARGET_P99_MS = 2500, 50


async def make_merchant(database_url: str) -> tuple[str, str]:
    """A merchant of the scratch database: (merchant id, secret key)."""
    await db.init_orm(database_url)
    try:
        made = await provision_merchant(
            name="Bench Inc", email="bench@example.com", password="bench-password-1"
        )
        return made.merchant.id, made.secret_key
    finally:
        await db.close_orm()


async def stored_counts(database_url: str, merchant_id: str) -> tuple[int, int, int]:
    """(events stored, distinct idempotency keys, events counted by the hourly rollups)."""
    conn = await connect(database_url)
    try:
        events = await conn.fetchrow(
            "SELECT count(*), count(DISTINCT idempotency_key) FROM usage_events"
            " WHERE merchant_id = $1",
            merchant_id,
        )
        rolled = await conn.fetchval(
            "SELECT coalesce(sum(event_count), 0) FROM usage_rollups WHERE merchant_id = $1",
            merchant_id,
        )
        return events[0], events[1], int(rolled)
    finally:
        await conn.close()


def report_line(label: str, figures: dict[str, float], unit: str) -> str:
    rate = figures["rate"] if "rate" in figures else figures["ok"] / figures["window"]
    return (
        f"{label:34} {rate:8.0f} {unit:9} p50 {figures['p50_ms']:6.1f} ms"
        f"   p99 {figures['p99_ms']:6.1f} ms"
    )


def check_answers(figures: dict[str, float], label: str) -> None:
    """Every request sent was answered with a 2xx, or the run is not worth a figure."""
    if figures["failed"] or figures["socket_errors"] or figures["ok"] != figures["sent"]:
        raise SystemExit(f"{label}: not every request succeeded: {figures}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--quick", action="store_true", help="one short round (smoke run)")
    args = parser.parse_args()
    if args.quick:
        args.seconds, args.rounds = 1, 1

    best: dict[str, dict[str, float]] = {}
    answered = 0
    with scratch_database() as database_url:
        merchant_id, key = asyncio.run(make_merchant(database_url))
        with server(database_url, workers=1) as base:
            routes = {
                "GET /healthz (baseline)": (f"{base}/healthz", {}, "healthz"),
                "POST /v1/events": (
                    f"{base}/v1/events",
                    {"Authorization": f"Bearer {key}"},
                    "event",
                ),
            }
            for round_number in range(args.rounds + 1):  # round 0 warms up
                for label, (url, headers, mode) in routes.items():
                    prefix = f"r{round_number}-{uuid.uuid4().hex[:8]}"
                    seconds = 1 if round_number == 0 else args.seconds
                    figures = wrk_script(
                        url,
                        SCRIPT,
                        [mode, prefix],
                        seconds=seconds,
                        connections=args.connections,
                        headers=headers,
                    )
                    check_answers(figures, label)
                    if mode == "event":
                        answered += int(figures["ok"])
                    rate = figures["ok"] / figures["window"]
                    if round_number and rate > best.get(label, {}).get("rate", 0):
                        best[label] = {**figures, "rate": rate}
        stored, distinct, rolled = asyncio.run(stored_counts(database_url, merchant_id))

    baseline, events = best["GET /healthz (baseline)"], best["POST /v1/events"]
    print(report_line("GET /healthz (baseline)", baseline, "req/s"))
    print(report_line("POST /v1/events", events, "events/s"))
    print(f"ratio events : healthz = {events['rate'] / baseline['rate']:.2f}")
    print(
        f"stored events {stored} = 2xx answers {answered}: {stored == answered}"
        f" (distinct keys {distinct}, counted by rollups {rolled})"
    )
    met = events["rate"] >= TARGET_RATE and events["p99_ms"] < TARGET_P99_MS
    print(f"target >= {TARGET_RATE} events/s with p99 < {TARGET_P99_MS} ms: {_verdict(met)}")
    if not stored == distinct == rolled == answered:
        raise SystemExit("stored events do not match the accepted ones")


def _verdict(met: bool) -> str:
    return "met" if met else "MISSED"


if __name__ == "__main__":
    main()
