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
in flight, when each merchant's calls ran (fairness), the baseline and the ratio.

    .venv/bin/python -m bench.payments_run [--invoices N] [--concurrency N] [--phases]
"""

import argparse
import asyncio
import statistics
import time
from collections import Counter
from datetime import UTC, datetime

import asyncpg
from tortoise import connections
from tortoise.transactions import in_transaction

from bench._harness import scratch_database
from billing.accounts.merchants import create_business
from billing.customers.models import Customer
from billing.invoicing.models import Invoice
from billing.payments.collection import collecting, pass_calls
from billing.payments.collection.charging import start_attempt, start_attempts
from billing.payments.gateways import use_gateway
from billing.payments.gateways.base import ChargeAnswer
from billing.payments.models import PaymentMethod, ProviderConfig
from webapp import db

NOW = datetime(2030, 2, 1, tzinfo=UTC)
ISSUED = datetime(2030, 1, 31, tzinfo=UTC)
SHARES = (0.60, 0.20, 0.10, 0.06, 0.04)
SAMPLE = 20
DELAY = 0.3
BATCH = 5000


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


async def _merchant(name: str) -> str:
    merchant = await create_business({"legal_name": name, "display_name": name})
    await ProviderConfig.create(
        merchant_id=merchant.id,
        provider="provider_a",
        public_key="pk_live_bench",
        secret_key_sealed="not used: the bench's gateway answers",
        environment="live",
    )
    return merchant.id


async def _invoices(merchant_id: str, count: int) -> None:
    """``count`` customers, each with an active card and one unpaid invoice."""
    for first in range(0, count, BATCH):
        customers, methods, invoices = [], [], []
        for n in range(first, min(first + BATCH, count)):
            customer = Customer(
                merchant_id=merchant_id,
                email=f"c{n}@example.com",
                email_normalized=f"c{n}@example.com",
                name=f"Customer {n}",
                name_normalized=f"customer {n}",
            )
            customers.append(customer)
            methods.append(
                PaymentMethod(
                    merchant_id=merchant_id,
                    customer_id=customer.id,
                    provider="provider_a",
                    payment_type="card",
                    status="active",
                    card_last_four="4242",
                    external_psp_payment_method_id=f"pm_bench_{n}",
                    external_psp_customer_id=f"cus_bench_{n}",
                )
            )
            invoices.append(
                Invoice(
                    merchant_id=merchant_id,
                    customer_id=customer.id,
                    number=f"INV-{n + 1}",
                    status="unpaid",
                    billing_reason="manual",
                    currency="USD",
                    issue_date=ISSUED,
                    subtotal_cents=4900,
                    total_cents=4900,
                )
            )
        await Customer.bulk_create(customers)
        await PaymentMethod.bulk_create(methods)
        await Invoice.bulk_create(invoices)


async def seed(count: int) -> tuple[list[str], str]:
    """The merchants (largest first) with their invoices, and the baseline's sample merchant."""
    merchants = []
    left = count
    for n, share in enumerate(SHARES):
        size = left if n == len(SHARES) - 1 else round(count * share)
        left -= size
        merchant_id = await _merchant(f"Bench {n + 1}")
        await _invoices(merchant_id, size)
        merchants.append(merchant_id)
    sample = await _merchant("Bench sample")
    await _invoices(sample, SAMPLE)
    await connections.get("default").execute_script("ANALYZE")
    return merchants, sample


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


async def run(url: str, count: int, concurrency: int, phases: bool) -> dict:
    await db.init_orm(url)
    try:
        started = time.perf_counter()
        merchants, sample = await seed(count)
        print(f"seeded {count:,} invoices in {time.perf_counter() - started:.1f} s")
        one_by_one, batch = await statements_per_claim(merchants[0])

        pass_calls.CALL_CONCURRENCY = 1
        with use_gateway("provider_a", SlowGateway()):
            started = time.perf_counter()
            await collecting.collect_due(NOW, sample)
            sequential = time.perf_counter() - started

        pass_calls.CALL_CONCURRENCY = concurrency
        collecting.PIPELINED = not phases
        gateway = SlowGateway()
        with use_gateway("provider_a", gateway), Statements() as statements:
            gateway.t0 = started = time.perf_counter()
            outcomes = await collecting.collect_due(NOW)
            seconds = time.perf_counter() - started
        conn = connections.get("default")
        unpaid = await conn.execute_query_dict(
            "SELECT count(*) AS n FROM invoices WHERE status = 'unpaid' AND merchant_id = ANY($1)",
            [merchants],
        )
        return {
            "seconds": seconds,
            "sequential": sequential,
            "outcomes": outcomes,
            "gateway": gateway,
            "merchants": merchants,
            "unpaid": unpaid[0]["n"],
            "statements": statements.count,
            "per claim": (one_by_one, batch),
        }
    finally:
        await db.close_orm()


def report(count: int, found: dict, concurrency: int, phases: bool) -> None:
    gateway: SlowGateway = found["gateway"]
    seconds = found["seconds"]
    rate = count / seconds
    baseline_seconds = found["sequential"] * count / SAMPLE
    doubles = sum(1 for calls in gateway.calls.values() if calls > 1)
    print(
        f"mode: {'phases (all claims, then calls)' if phases else 'pipeline'}, "
        f"{concurrency} calls in flight at most"
    )
    print(f"charged {count:,} invoices in {seconds:.1f} s: {rate:,.1f} charges/s")
    print(f"  outcomes: {dict(found['outcomes'])}")
    print(f"  calls made: {sum(gateway.calls.values()):,} for {len(gateway.calls):,} payments")
    print(f"  payments called twice or more: {doubles}")
    twice = sum(1 for calls in gateway.keys.values() if calls > 1)
    print(f"  idempotency keys charged more than once: {twice}")
    print(f"  invoices left unpaid: {found['unpaid']}")
    print(f"  peak calls in flight: {gateway.peak}")
    statements = found["statements"]
    print(f"  statements in the step: {statements:,} ({statements / count:.1f} a charge)")
    one_by_one, batch = found["per claim"]
    print(f"  statements to start a claim of 100: {one_by_one} one by one, {batch} as a batch")
    print("  when each merchant's calls began (s after the step started): first / median / last")
    for n, merchant_id in enumerate(found["merchants"]):
        times = gateway.started.get(merchant_id, [0.0])
        print(
            f"    merchant {n + 1} ({len(times):,} calls): {times[0]:.1f} / "
            f"{statistics.median(times):.1f} / {times[-1]:.1f}"
        )
    print(
        f"baseline: {SAMPLE} calls one after another in {found['sequential']:.2f} s, "
        f"so {count:,} in ~{baseline_seconds:,.0f} s ({count / baseline_seconds:.1f} charges/s)"
    )
    print(f"ratio (baseline time / step time): {baseline_seconds / seconds:.1f}")
    ok = rate >= 150 and doubles == 0 and found["unpaid"] == 0
    print("target (>= 150 charges/s, 0 double charges, 0 left behind):", "met" if ok else "not met")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--invoices", type=int, default=20_000)
    parser.add_argument("--concurrency", type=int, default=pass_calls.CALL_CONCURRENCY)
    parser.add_argument(
        "--phases", action="store_true", help="make every claim first, then call (comparison)"
    )
    args = parser.parse_args()
    with scratch_database() as url:
        found = asyncio.run(run(url, args.invoices, args.concurrency, args.phases))
    report(args.invoices, found, args.concurrency, args.phases)


if __name__ == "__main__":
    main()
