"""Entitlement checks at 50,000 and at 5,000,000 stored events over 10,000 customers, as a
ratio to a trivial route of the same server in the same run.

The data (``bench/entitlements_data.py``): one merchant whose 10,000 customers are subscribed
to a plan with a monthly credit allowance measured by a SUM metric, and the events with the
hourly rollups the intake would have written. The check is ``GET
/v1/entitlements/{customer}/feature/api-calls`` for a random customer (credits: usage since
the grant started); every answer must be 200 with ``entitled: true``.

Each size has its own database and its own server, both running for the whole measurement,
so the two sizes are compared under the same machine noise: every paced round is run at one
size and then straight away at the other, and the median of the rounds is reported. Load:
two server processes a server (one a core, as deployed; the issue fixes one worker only for
single-event ingest) and 16 connections. Rounds as fast as answers come back give the
throughput and its ratio to ``/healthz`` (best of the rounds); rounds paced at the target
rate (1,000 checks a second, started on a fixed schedule by ``bench/load.lua``) give the
latency at that load, which is what the target's p99 is about: a saturated closed loop
measures its own queue. Rounds paced at 250 checks a second give the latency of a check with
no queue at all (on a slow machine 1,000 a second is already near saturation), which is what
the comparison of the two sizes is about.
Before the rounds every customer is checked once, as in a service that has been running: a
busy customer's first check of a grant period writes its usage checkpoint, later ones read it.

    .venv/bin/python -m bench.entitlements [--seconds 5] [--rounds 3] [--connections 16]
        [--workers 2]
    .venv/bin/python -m bench.entitlements --quick   # smoke run: 1,000 customers, 5k/50k events
"""

import argparse
import asyncio
import statistics
from contextlib import ExitStack

import httpx

from bench._harness import connect, scratch_database, server, wrk_script
from bench.entitlements_data import SLUG, seed
from bench.events_ingest import SCRIPT, check_answers, report_line

TARGET_RATE, TARGET_P99_MS = 1000, 25
# A rate every machine serves with room to spare: the latency of a check itself, not of a
# queue, which is what "the same latency at both sizes" compares.
LIGHT_RATE = 250
PACED = f"checks paced at {TARGET_RATE}/s"
LIGHT = f"checks paced at {LIGHT_RATE}/s"
BASELINE, CHECKS = "GET /healthz (baseline)", "entitlement check"


async def check_every_customer(database_url: str, base: str, key: str, customers: int) -> None:
    """One check of every customer, eight at a time, then ANALYZE of the checkpoint tables:
    the state a running service is in, where a busy customer's first check of its period has
    written its usage checkpoint (``usage_checkpoints``) and autovacuum has analyzed the
    table since. Without the checks the measured rounds mix first and later checks; without
    the ANALYZE (autovacuum is off on some machines) the server's connections keep plans made
    when the table was analyzed empty (by ``add_events``), which scan it whole."""
    headers = {"Authorization": f"Bearer {key}"}
    numbers = iter(range(customers))
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=30) as client:

        async def worker() -> None:
            for number in numbers:
                path = f"/v1/entitlements/cust_{number:022d}/feature/{SLUG}"
                response = await client.get(path)
                assert response.status_code == 200, response.text

        await asyncio.gather(*(worker() for _ in range(8)))
    conn = await connect(database_url)
    try:
        await conn.execute("ANALYZE usage_checkpoints, usage_late_writes")
    finally:
        await conn.close()


def routes(base: str, key: str, customers: int) -> dict[str, tuple[str, dict, list[str]]]:
    """wrk's url, headers and script arguments of the baseline and of the checks."""
    check = (f"{base}/", {"Authorization": f"Bearer {key}"}, ["check", str(customers), SLUG])
    return {BASELINE: (f"{base}/healthz", {}, ["healthz"]), CHECKS: check}


def run(route: tuple[str, dict, list[str]], label: str, seconds: float, args, *extra: str):
    """One wrk round of ``route``; its figures with ``rate`` (answers a second)."""
    url, headers, script_args = route
    figures = wrk_script(
        url,
        SCRIPT,
        [*script_args, *extra],
        seconds=seconds,
        connections=args.connections,
        headers=headers,
    )
    check_answers(figures, label)
    return {**figures, "rate": figures["ok"] / figures["window"]}


def saturated(server_routes, args) -> dict[str, dict[str, float]]:
    """Best round of the baseline and of the checks as fast as answers come back (rounds
    alternate; round 0 warms up)."""
    best: dict[str, dict[str, float]] = {}
    for round_number in range(args.rounds + 1):
        for label, route in server_routes.items():
            figures = run(route, label, 1 if round_number == 0 else args.seconds, args)
            if round_number and figures["rate"] > best.get(label, {}).get("rate", 0):
                best[label] = figures
    return best


def paced(routes_by_size, args) -> dict[int, dict[str, dict[str, float]]]:
    """Median rate, p50 and p99 of the paced rounds of each size, the sizes taking turns."""
    rounds: dict[int, dict[str, list]] = {size: {PACED: [], LIGHT: []} for size in routes_by_size}
    for _ in range(args.rounds):
        for label, rate in ((PACED, TARGET_RATE), (LIGHT, LIGHT_RATE)):
            for size, server_routes in routes_by_size.items():
                figures = run(server_routes[CHECKS], label, args.seconds, args, str(rate))
                rounds[size][label].append(figures)
    return {
        size: {
            label: {
                figure: statistics.median(r[figure] for r in runs)
                for figure in ("rate", "p50_ms", "p99_ms")
            }
            for label, runs in by_label.items()
        }
        for size, by_label in rounds.items()
    }


def report(size: int, customers: int, figures: dict[str, dict[str, float]]) -> None:
    baseline, checks, at_target = figures[BASELINE], figures[CHECKS], figures[PACED]
    print(f"--- {size:,} events over {customers:,} customers")
    print(report_line(BASELINE, baseline, "req/s"))
    print(report_line(CHECKS, checks, "checks/s"))
    print(f"ratio checks : healthz = {checks['rate'] / baseline['rate']:.2f}")
    print(report_line(f"{PACED} (median)", at_target, "checks/s"))
    met = (
        checks["rate"] >= TARGET_RATE
        and at_target["rate"] >= 0.98 * TARGET_RATE
        and at_target["p99_ms"] < TARGET_P99_MS
    )
    verdict = "met" if met else "MISSED"
    print(f"target >= {TARGET_RATE} checks/s, p99 < {TARGET_P99_MS} ms at that rate: {verdict}")
    print(report_line(f"{LIGHT} (median)", figures[LIGHT], "checks/s"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2, help="server processes (one a core)")
    parser.add_argument("--quick", action="store_true", help="small smoke run")
    args = parser.parse_args()
    customers, sizes = 10_000, (50_000, 5_000_000)
    if args.quick:
        args.seconds, args.rounds, customers, sizes = 1, 1, 1_000, (5_000, 50_000)

    with ExitStack() as stack:
        routes_by_size = {}
        for size in sizes:
            database_url = stack.enter_context(scratch_database())
            _, key = asyncio.run(seed(database_url, customers, size))
            base = stack.enter_context(server(database_url, workers=args.workers))
            asyncio.run(check_every_customer(database_url, base, key, customers))
            routes_by_size[size] = routes(base, key, customers)
        results = {size: saturated(r, args) for size, r in routes_by_size.items()}
        for size, figures in paced(routes_by_size, args).items():
            results[size].update(figures)

    for size, figures in results.items():
        report(size, customers, figures)
    small, large = sizes
    for label in (PACED, LIGHT):
        for figure in ("p50_ms", "p99_ms"):
            ratio = results[large][label][figure] / results[small][label][figure]
            print(f"{label}: {figure[:3]} at {large:,} events / at {small:,} = {ratio:.2f}")


if __name__ == "__main__":
    main()
