"""Payments run: N unpaid invoices charged by one payments step (``collect_due``, the function
the due-work pass calls) through a gateway that answers after 300 ms.

Set-up, in a scratch database: five merchants of unequal size (60 %, 20 %, 10 %, 6 % and 4 %
of the invoices), each with provider A configured (its rows only: the gateway is swapped), one
customer with an active card per invoice and one unpaid issued invoice of 49.00 per customer.
The gateway (``gateways.use_gateway``) sleeps 300 ms and answers ``succeeded`` with a provider
payment id; it records every call, so a payment called twice shows (whatever the idempotency
key would have saved at a real provider).

Baseline: the same calls made one after another, the step run with one call in flight
(``CALL_CONCURRENCY = 1``) on a sample merchant of 20 invoices, scaled to N. Also measured on
one claim of 100 invoices (rolled back): the statements of starting its attempts one by one
(``start_attempt``) and as a batch (``start_attempts``).

Printed: charges/s, calls made, payments called twice, invoices left unpaid, the peak of calls
in flight, when each merchant's calls ran (fairness), the step's CPU and statements, the
baseline and the ratio. The step runs in a process of its own, or in ``--processes N`` at once
(as several due-work workers would: claims with SKIP LOCKED share the invoices); every
process's calls are added up to find a payment called twice.

    .venv/bin/python -m bench.payments_run [--invoices N] [--concurrency N] [--processes N]
        [--phases]
"""

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import time
from collections import Counter
from datetime import UTC, datetime

import asyncpg
from tortoise.transactions import in_transaction

from bench._harness import ROOT, connect, scratch_database
from bench.payments_data import seed
from billing.invoicing.models import Invoice
from billing.payments.collection import collecting, pass_calls
from billing.payments.collection.charging import start_attempt, start_attempts
from billing.payments.gateways import use_gateway
from billing.payments.gateways.base import ChargeAnswer
from webapp import db

NOW = datetime(2030, 2, 1, tzinfo=UTC)
SAMPLE = 20
DELAY = 0.3


class SlowGateway:
    """Provider A as a bench sees it: every charge succeeds after ``DELAY`` seconds."""

    provider = "provider_a"

    def __init__(self) -> None:
        self.calls: Counter[str] = Counter()  # payment id -> calls
        self.keys: Counter[str] = Counter()  # idempotency key -> calls
        self.merchant_of: dict[str, str] = {}
        self.started: dict[str, list[float]] = {}  # merchant -> when each call began
        self.in_flight = 0
        self.peak = 0
        self.t0 = time.perf_counter()

    def accepts(self, method) -> bool:
        return bool(method.external_psp_payment_method_id)  # a saved card, as provider A

    async def is_configured(self, merchant_id: str) -> bool:
        return True  # it stands in for a configured provider A

    async def charge_off_session(self, payment, method) -> ChargeAnswer:
        self.calls[payment.id] += 1
        self.keys[payment.idempotency_key] += 1
        self.started.setdefault(payment.merchant_id, []).append(time.perf_counter() - self.t0)
        self.in_flight += 1
        self.peak = max(self.peak, self.in_flight)
        try:
            await asyncio.sleep(DELAY)
        finally:
            self.in_flight -= 1
        return ChargeAnswer("succeeded", provider_payment_id=f"pi_{payment.id[4:]}")


class Statements:
    """Counts the statements sent on every connection (asyncpg's execute paths)."""

    def __init__(self) -> None:
        self.count = 0
        self._saved = {}

    def __enter__(self):
        for name in ("_execute", "_executemany"):
            original = getattr(asyncpg.Connection, name)
            self._saved[name] = original

            async def counted(conn, *args, __original=original, **kwargs):
                self.count += 1
                return await __original(conn, *args, **kwargs)

            setattr(asyncpg.Connection, name, counted)
        return self

    def __exit__(self, *exc) -> None:
        for name, original in self._saved.items():
            setattr(asyncpg.Connection, name, original)


class _Undo(Exception):
    pass


async def statements_per_claim(merchant_id: str) -> tuple[int, int]:
    """Statements to start one claim's attempts (100 invoices), one by one and as a batch,
    each in a transaction rolled back (the lock and read of the invoices not counted)."""
    counts = []
    for batch in (False, True):
        try:
            async with in_transaction():
                invoices = await (
                    Invoice.filter(merchant_id=merchant_id, status="unpaid")
                    .order_by("id")
                    .limit(collecting.CLAIM_SIZE)
                    .select_for_update()
                )
                with Statements() as statements:
                    if batch:
                        await start_attempts(invoices, NOW)
                    else:
                        for invoice in invoices:
                            await start_attempt(invoice, NOW)
                counts.append(statements.count)
                raise _Undo
        except _Undo:
            pass
    return counts[0], counts[1]


async def prepare(url: str, count: int) -> dict:
    """Seed, count the statements of a claim's start, and time the sequential baseline."""
    await db.init_orm(url)
    try:
        started = time.perf_counter()
        merchants, sample = await seed(count, SAMPLE)
        print(f"seeded {count:,} invoices in {time.perf_counter() - started:.1f} s")
        per_claim = await statements_per_claim(merchants[0])
        pass_calls.CALL_CONCURRENCY = 1
        with use_gateway("provider_a", SlowGateway()):
            started = time.perf_counter()
            await collecting.collect_due(NOW, sample)
            sequential = time.perf_counter() - started
        return {"merchants": merchants, "per claim": per_claim, "sequential": sequential}
    finally:
        await db.close_orm()


async def step(url: str, concurrency: int, phases: bool) -> dict:
    """One process's payments step over every due invoice, with what its gateway saw."""
    await db.init_orm(url)
    try:
        pass_calls.CALL_CONCURRENCY = concurrency
        collecting.PIPELINED = not phases
        gateway = SlowGateway()
        with use_gateway("provider_a", gateway), Statements() as statements:
            cpu = time.process_time()
            began = time.time()
            gateway.t0 = time.perf_counter() - began  # call times on the wall clock
            outcomes = await collecting.collect_due(NOW)
            ended = time.time()
            cpu = time.process_time() - cpu
        return {
            "began": began,
            "ended": ended,
            "cpu": cpu,
            "outcomes": dict(outcomes),
            "calls": dict(gateway.calls),
            "keys": dict(gateway.keys),
            "started": gateway.started,
            "peak": gateway.peak,
            "statements": statements.count,
        }
    finally:
        await db.close_orm()


def run_steps(url: str, processes: int, concurrency: int, phases: bool) -> list[dict]:
    """``processes`` processes running the step at once (as several workers' passes would)."""
    command = [sys.executable, "-m", "bench.payments_run", "--step", url]
    command += ["--concurrency", str(concurrency)] + (["--phases"] if phases else [])
    children = [
        subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE) for _ in range(processes)
    ]
    answers = []
    for child in children:
        out, _ = child.communicate()
        if child.returncode:
            sys.exit(f"a step process failed ({child.returncode})")
        answers.append(json.loads(out.decode().strip().splitlines()[-1]))
    return answers


async def unpaid(url: str, merchants: list[str]) -> int:
    conn = await connect(url)
    try:
        return await conn.fetchval(
            "SELECT count(*) FROM invoices WHERE status = 'unpaid' AND merchant_id = ANY($1)",
            merchants,
        )
    finally:
        await conn.close()


def report(count: int, prepared: dict, steps: list[dict], left: int, args) -> None:
    began = min(answer["began"] for answer in steps)
    seconds = max(answer["ended"] for answer in steps) - began
    calls: Counter[str] = Counter()
    keys: Counter[str] = Counter()
    outcomes: Counter[str] = Counter()
    started: dict[str, list[float]] = {}
    for answer in steps:
        calls.update(answer["calls"])
        keys.update(answer["keys"])
        outcomes.update(answer["outcomes"])
        for merchant_id, times in answer["started"].items():
            started.setdefault(merchant_id, []).extend(t - began for t in times)
    rate = count / seconds
    baseline_seconds = prepared["sequential"] * count / SAMPLE
    doubles = sum(1 for n in calls.values() if n > 1)
    statements = sum(answer["statements"] for answer in steps)
    mode = "phases (every claim, then the calls)" if args.phases else "pipeline"
    print(
        f"mode: {mode}; {args.processes} process(es), each at most {args.concurrency} calls "
        "in flight"
    )
    print(f"charged {count:,} invoices in {seconds:.1f} s: {rate:,.1f} charges/s")
    print(f"  outcomes: {dict(outcomes)}")
    print(f"  calls made: {sum(calls.values()):,} for {len(calls):,} payments")
    print(f"  payments called twice or more: {doubles}")
    print(f"  idempotency keys charged more than once: {sum(1 for n in keys.values() if n > 1)}")
    print(f"  invoices left unpaid: {left}")
    print(f"  peak calls in flight (per process): {[answer['peak'] for answer in steps]}")
    cpu = sum(answer["cpu"] for answer in steps)
    print(f"  step processes' CPU: {cpu:.1f} s ({1000 * cpu / count:.1f} ms a charge)")
    print(f"  statements in the step: {statements:,} ({statements / count:.1f} a charge)")
    one_by_one, batch = prepared["per claim"]
    print(f"  statements to start a claim of 100: {one_by_one} one by one, {batch} as a batch")
    print("  when each merchant's calls began (s after the step began): first / median / last")
    for n, merchant_id in enumerate(prepared["merchants"]):
        times = sorted(started.get(merchant_id, [0.0]))
        print(
            f"    merchant {n + 1} ({len(times):,} calls): {times[0]:.1f} / "
            f"{statistics.median(times):.1f} / {times[-1]:.1f}"
        )
    print(
        f"baseline: {SAMPLE} calls one after another in {prepared['sequential']:.2f} s, "
        f"so {count:,} in ~{baseline_seconds:,.0f} s ({count / baseline_seconds:.1f} charges/s)"
    )
    print(f"ratio (baseline time / step time): {baseline_seconds / seconds:.1f}")
    ok = rate >= 150 and doubles == 0 and left == 0
    print("target (>= 150 charges/s, 0 double charges, 0 left behind):", "met" if ok else "not met")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--invoices", type=int, default=20_000)
    parser.add_argument("--concurrency", type=int, default=pass_calls.CALL_CONCURRENCY)
    parser.add_argument("--processes", type=int, default=1, help="step processes at once")
    parser.add_argument(
        "--phases", action="store_true", help="make every claim first, then call (comparison)"
    )
    parser.add_argument("--step", metavar="URL", help=argparse.SUPPRESS)  # a step process
    args = parser.parse_args()
    if args.step:
        print(json.dumps(asyncio.run(step(args.step, args.concurrency, args.phases))))
        return
    with scratch_database() as url:
        prepared = asyncio.run(prepare(url, args.invoices))
        steps = run_steps(url, args.processes, args.concurrency, args.phases)
        left = asyncio.run(unpaid(url, prepared["merchants"]))
    report(args.invoices, prepared, steps, left, args)


if __name__ == "__main__":
    main()
