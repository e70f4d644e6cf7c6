"""Billing run: N subscriptions due at the same instant, billed by two ``tally run-due``
processes at once, against a raw baseline measured in the same run.

The mix: 40 % flat monthly (49.00), 20 % flat yearly (490.00), 20 % per-unit usage (0.25 a GB,
one event of 1 to 100 GB each), 20 % graduated tiers over the same metric; every fifth
customer lives in California, where the merchant has nexus and a 7.25 % rate. Every
subscription starts on 2030-01-01, so all are due at that instant (fixed fees in advance) and
the usage ones at 2030-02-01 (in arrears); the run bills as of 2030-02-01.

Baseline: one raw ``INSERT ... SELECT FROM unnest(...)`` per table of the same number of invoice
and line rows into scratch copies of the invoice tables (no constraints but the primary key).

Checks, printed with the figures: no cycle billed twice (unique cycle keys), every due
subscription billed, and the sum of all invoice totals equal to an independent SQL
computation of what should have been billed.

    .venv/bin/python -m bench.billing_run [--subscriptions N] [--quick]
"""

import argparse
import asyncio
import os
import subprocess
import sys
import time
from datetime import UTC, datetime
from decimal import Decimal

from tortoise import connections

from bench._harness import ROOT, connect, scratch_database
from billing.accounts.merchants import create_business
from billing.catalog.models import Metric, Plan, Price
from billing.core.ids import new_id
from billing.customers.models import Customer
from billing.subscriptions.models import Subscription, SubscriptionDetail
from billing.tax.models import TaxConfig, TaxNexus, TaxRateDefinition
from webapp import db

START = datetime(2030, 1, 1, tzinfo=UTC)
BILL_AT = "2030-02-01T00:00:00Z"
FEB_1 = datetime(2030, 2, 1, tzinfo=UTC)
YEAR_END = datetime(2031, 1, 1, tzinfo=UTC)
TIERS = [
    {"upTo": 100, "unitAmount": 10},
    {"upTo": 1000, "unitAmount": 5, "flatAmount": 200},
    {"upTo": None, "unitAmount": 1},
]
KINDS = ["monthly", "monthly", "yearly", "usage", "tiered"]  # 40/20/20/20 %
PRICES = {
    "monthly": {"type": "flat_rate", "amount": 4900, "interval": "month"},
    "yearly": {"type": "flat_rate", "amount": 49000, "interval": "year"},
}
BATCH = 5000


async def _catalog(merchant_id: str, metric: Metric) -> dict[str, Price]:
    data = {
        **PRICES,
        "usage": {"type": "usage_based", "unitAmount": 25, "metricId": metric.id},
        "tiered": {"type": "tiered", "tiers": TIERS, "metricId": metric.id},
    }
    prices = {}
    for kind, pricing in data.items():
        plan_id = new_id("plan")
        plan = await Plan.create(
            id=plan_id,
            merchant_id=merchant_id,
            stable_plan_id=plan_id,
            plan_name=f"Bench {kind}",
            currency="USD",
        )
        prices[kind] = await Price.create(
            merchant_id=merchant_id, plan_id=plan.id, currency="USD", pricing_data=pricing
        )
    return prices


async def seed(url: str, count: int) -> str:
    """The merchant, its tax set-up, catalog, customers, subscriptions and usage."""
    from billing.catalog.price_components import billing_components
    from billing.subscriptions.subscriptions import first_billing_date
    from billing.usage import events

    await db.init_orm(url)
    merchant = await create_business(
        {"legal_name": "Bench Co", "display_name": "Bench Co", "default_currency": "USD"}
    )
    await TaxConfig.create(merchant_id=merchant.id, auto_tax_calculation=True)
    await TaxNexus.create(merchant_id=merchant.id, state="CA", is_active=True)
    await TaxRateDefinition.create(
        merchant_id=merchant.id, name="CA", tax_rate=Decimal("0.0725"), jurisdiction="US-CA"
    )
    metric = await Metric.create(
        merchant_id=merchant.id,
        name="GB",
        event_name="gb",
        aggregation_type="SUM",
        query_type="simple",
        value_type="NUMERIC",
    )
    prices = await _catalog(merchant.id, metric)
    for first in range(0, count, BATCH):
        customers, subs, details, usage = [], [], [], []
        for n in range(first, min(first + BATCH, count)):
            in_ca = n % 5 == 0
            customer = Customer(
                merchant_id=merchant.id,
                email=f"c{n}@example.com",
                email_normalized=f"c{n}@example.com",
                name=f"Customer {n}",
                name_normalized=f"customer {n}",
                billing_country="US" if in_ca else None,
                billing_postal_code="94103" if in_ca else None,
            )
            customers.append(customer)
            kind = KINDS[n % len(KINDS)]
            price = prices[kind]
            sub = Subscription(
                merchant_id=merchant.id,
                customer_id=customer.id,
                plan_id=price.plan_id,
                effective_price_id=price.id,
                start_timestamp=START,
                current_period_start=START,
                current_period_end=YEAR_END if kind == "yearly" else FEB_1,
            )
            sub.stable_subscription_id = sub.id
            subs.append(sub)
            for component in billing_components(price.pricing_data):
                details.append(
                    SubscriptionDetail(
                        merchant_id=merchant.id,
                        subscription_id=sub.id,
                        component_id=component.component_id,
                        component=component.data,
                        recurrence_rule=component.recurrence_rule,
                        subscription_start_date=START,
                        next_billing_date=first_billing_date(component, START, None),
                    )
                )
            if kind in ("usage", "tiered"):
                usage.append(
                    {
                        "eventName": "gb",
                        "customerId": customer.id,
                        "eventValue": 1 + n % 100,
                        "eventTimestamp": "2030-01-10T12:00:00Z",
                    }
                )
        await Customer.bulk_create(customers)
        await Subscription.bulk_create(subs)
        await SubscriptionDetail.bulk_create(details)
        for at in range(0, len(usage), 1000):
            await events.ingest_batch(merchant.id, {"events": usage[at : at + 1000]})
    # Statistics, as autovacuum keeps them on a live database: without them the planner
    # takes 100,000 freshly inserted rows for a handful and picks scans for a handful.
    await connections.get("default").execute_script("ANALYZE")
    await db.close_orm()
    return merchant.id


# Exact half-even rounding, as the tax engine rounds (PostgreSQL's round() goes half up).
HALF_EVEN = """
CREATE FUNCTION pg_temp.half_even(x numeric) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN x - floor(x) = 0.5 AND floor(x)::bigint % 2 = 0 THEN floor(x)
              WHEN x - floor(x) = 0.5 THEN floor(x) + 1 ELSE round(x) END $$
"""

# What should have been billed, computed apart from the engine: one row per invoice
# (monthly fees twice: January and February in advance), tax per invoice in California.
EXPECTED_SQL = """
WITH usage AS (
  SELECT s.id, s.customer_id, p.pricing_data, COALESCE(SUM(e.event_value), 0) AS q
  FROM subscriptions s JOIN prices p ON p.id = s.effective_price_id
  LEFT JOIN usage_events e ON e.merchant_id = s.merchant_id AND e.customer_key = s.customer_id
  WHERE s.merchant_id = $1 GROUP BY s.id, s.customer_id, p.pricing_data
), invoices AS (
  SELECT u.customer_id, CASE
    WHEN u.pricing_data->>'type' = 'flat_rate' THEN (u.pricing_data->>'amount')::numeric
    WHEN u.pricing_data->>'type' = 'usage_based' THEN pg_temp.half_even(u.q * 25)
    ELSE LEAST(u.q, 100) * 10 + CASE WHEN u.q > 100 THEN 200 + (LEAST(u.q, 1000) - 100) * 5
                                     ELSE 0 END + GREATEST(u.q - 1000, 0)
  END AS cents,
  CASE WHEN u.pricing_data->>'interval' = 'month' AND u.pricing_data->>'type' = 'flat_rate'
       THEN 2 ELSE 1 END AS times
  FROM usage u
)
SELECT SUM(i.times * (i.cents + CASE WHEN cu.billing_postal_code = '94103'
                                     THEN pg_temp.half_even(i.cents * 0.0725) ELSE 0 END))::bigint
FROM invoices i JOIN customers cu ON cu.id = i.customer_id
"""


def run_due_processes(url: str, workers: int) -> float:
    """Seconds until ``workers`` concurrent ``tally run-due --now`` processes all finish."""
    env = {"DATABASE_URL": url, "TALLY_LOG_LEVEL": "WARNING"}
    command = [sys.executable, "-m", "webapp.cli", "run-due", "--now", BILL_AT]
    started = time.perf_counter()
    processes = [
        subprocess.Popen(command, cwd=ROOT, env={**os.environ, **env}, stdout=subprocess.PIPE)
        for _ in range(workers)
    ]
    for process in processes:
        out, _ = process.communicate()
        print("  ", out.decode().strip().replace("\n", "\n   "))
    return time.perf_counter() - started


async def baseline(url: str, invoices: int, lines: int) -> float:
    """Seconds for raw unnest inserts of as many invoice and line rows."""
    conn = await connect(url)
    try:
        await conn.execute(
            "CREATE TEMP TABLE b_inv (LIKE invoices INCLUDING DEFAULTS);"
            "ALTER TABLE b_inv ADD PRIMARY KEY (id);"
            "CREATE TEMP TABLE b_line (LIKE invoice_lines INCLUDING DEFAULTS);"
            "ALTER TABLE b_line ADD PRIMARY KEY (id);"
        )
        now = datetime.now(UTC)
        started = time.perf_counter()
        await conn.execute(
            "INSERT INTO b_inv (id, created_at, updated_at, merchant_id, customer_id, number,"
            " customer_invoice_number, status, billing_reason, currency, issue_date,"
            " subtotal_cents, tax_cents, total_cents, bill_to, tax_notes, payment_status)"
            " SELECT i, $2, $2, 'm', 'c', 'INV-' || n, 'C-' || n, 'unpaid', 'subscription_cycle',"
            " 'USD', $2, 4900, 0, 4900, '{}', '[]', 'none'"
            " FROM unnest($1::text[]) WITH ORDINALITY AS t(i, n)",
            [new_id("inv") for _ in range(invoices)],
            now,
        )
        await conn.execute(
            "INSERT INTO b_line (id, created_at, updated_at, invoice_id, position, type,"
            " description, subtotal_cents) SELECT l, $2, $2, 'inv', 1, 'fixed', 'Fee', 4900"
            " FROM unnest($1::text[]) AS l",
            [new_id("il") for _ in range(lines)],
            now,
        )
        return time.perf_counter() - started
    finally:
        await conn.close()


async def _expected(conn, merchant_id: str) -> int:
    await conn.execute(HALF_EVEN)
    return await conn.fetchval(EXPECTED_SQL, merchant_id)


async def answers(url: str, merchant_id: str) -> dict:
    conn = await connect(url)
    try:
        return {
            "invoices": await conn.fetchval(
                "SELECT count(*) FROM invoices WHERE merchant_id = $1", merchant_id
            ),
            "lines": await conn.fetchval("SELECT count(*) FROM invoice_lines"),
            "duplicate cycles": await conn.fetchval(
                "SELECT count(*) - count(DISTINCT cycle_key) FROM invoice_lines"
                " WHERE cycle_key IS NOT NULL"
            ),
            "unbilled": await conn.fetchval(
                "SELECT count(*) FROM subscription_details WHERE next_billing_date <= $1",
                FEB_1,
            ),
            "billed total": await conn.fetchval(
                "SELECT SUM(total_cents)::bigint FROM invoices WHERE merchant_id = $1",
                merchant_id,
            ),
            "expected total": await _expected(conn, merchant_id),
        }
    finally:
        await conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--subscriptions", type=int, default=100_000)
    parser.add_argument("--quick", action="store_true", help="2,000 subscriptions")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    count = 2_000 if args.quick else args.subscriptions
    with scratch_database() as url:
        started = time.perf_counter()
        merchant_id = asyncio.run(seed(url, count))
        print(f"seeded {count:,} subscriptions in {time.perf_counter() - started:.1f} s")
        seconds = run_due_processes(url, args.workers)
        found = asyncio.run(answers(url, merchant_id))
        raw = asyncio.run(baseline(url, found["invoices"], found["lines"]))
    rate = count / seconds
    print(f"billed {count:,} subscriptions in {seconds:.1f} s: {rate:,.0f} subscriptions/s")
    print(f"baseline: {found['invoices']:,} invoices + {found['lines']:,} lines raw in {raw:.2f} s")
    print(f"ratio (raw time / billing time): {raw / seconds:.3f}")
    for name, value in found.items():
        print(f"  {name}: {value}")
    ok = (
        found["duplicate cycles"] == 0
        and found["unbilled"] == 0
        and found["billed total"] == found["expected total"]
    )
    print("answers:", "correct" if ok else "WRONG")
    print("target (100,000 in 60 s):", "met" if count >= 100_000 and seconds <= 60 else "not met")


if __name__ == "__main__":
    main()
