"""Entitlement checks at 50,000 and at 5,000,000 stored events over 10,000 customers, as a
ratio to a trivial route of the same server in the same run.

Set-up: one merchant, a metric (SUM of ``api_call``), a plan granting "API calls" (a number
with a monthly credit allowance measured by that metric) and "SSO" (a switch), one customer
subscribed through the service, then that customer, its subscription, feature rows and credit
grant copied in SQL to 10,000 customers (ids ``cust_`` + 22 digits, which the wrk script
picks at random). Events are inserted with ``generate_series`` over the last 25 days and
their hourly rollups built with the same aggregate the intake writes (``event_writer``), so a
check reads what it would read in production. The check is ``GET
/v1/entitlements/{customer}/feature/api-calls`` (credits: usage since the grant started);
every answer must be 200 with ``entitled: true``.

Load: two server processes (one a core, as deployed; the issue fixes one worker only for
single-event ingest) and 16 connections. Rounds as fast as answers come back give the
throughput and its ratio to ``/healthz``; a final round paced at the target rate (1,000
checks a second, started on a fixed schedule by ``bench/load.lua``) gives the latency at that
load, which is what the target's p99 is about: a saturated closed loop measures its own queue.
A last round paced at 250 checks a second gives the latency of a check with no queue at all
(on a slow machine 1,000 a second is already near saturation), which is what the comparison
of the two sizes is about.
Before the rounds every customer is checked once, as in a service that has been running: a
busy customer's first check of a grant period writes its usage checkpoint, later ones read it.

    .venv/bin/python -m bench.entitlements [--seconds 5] [--rounds 3] [--connections 16]
        [--workers 2]
    .venv/bin/python -m bench.entitlements --quick   # smoke run: 1,000 customers, 5k/50k events
"""

import argparse
import asyncio
from datetime import UTC, datetime, timedelta

import httpx

from bench._harness import connect, scratch_database, server, wrk_script
from bench.events_ingest import SCRIPT, check_answers, make_merchant, report_line
from billing.models import Feature, Plan, PlanFeature, Price
from billing.services import metrics
from billing.services.subscriptions import create_subscription
from tests.factories import make_plan
from tests.subscription_factories import make_customer
from webapp import db

SLUG = "api-calls"
TARGET_RATE, TARGET_P99_MS = 1000, 25
# A rate every machine serves with room to spare: the latency of a check itself, not of a
# queue, which is what "the same latency at both sizes" compares.
LIGHT_RATE = 250
PACED = f"checks paced at {TARGET_RATE}/s"
LIGHT = f"checks paced at {LIGHT_RATE}/s"
# the template subscription's rows copied for every customer
COPIED = ("subscriptions", "subscription_features", "subscription_details", "credit_grants")


async def template(database_url: str, merchant_id: str) -> tuple[str, str]:
    """The catalog and one subscribed customer: (customer id, subscription id)."""
    await db.init_orm(database_url)
    try:
        metric = await metrics.create_metric(
            merchant_id, name="API calls", event_name="api_call", aggregation_type="SUM"
        )
        plan: Plan = await make_plan(
            merchant_id,
            name="Usage",
            monthly_cents=2900,
            features=[("API calls", 10**6), ("SSO", True)],
        )
        api = await Feature.scoped(merchant_id).get(slug=SLUG)
        api.metric_ids = [metric.id]
        await api.save()
        await PlanFeature.filter(plan_id=plan.id, feature_id=api.id).update(
            has_credit_allowance=True,
            credit_allowance_amount=10**9,
            credit_allowance_renewal="monthly",
        )
        customer = await make_customer(merchant_id)
        price = await Price.filter(plan_id=plan.id).first()
        subscription = await create_subscription(
            merchant_id,
            customer_id=customer.id,
            plan_id=plan.id,
            effective_price_id=price.id,
            start_timestamp=datetime.now(UTC) - timedelta(days=20),
        )
        return customer.id, subscription.id
    finally:
        await db.close_orm()


async def _columns(conn, table: str) -> list[str]:
    rows = await conn.fetch(
        "SELECT column_name FROM information_schema.columns WHERE table_name = $1"
        " AND is_generated = 'NEVER' AND generation_expression IS NULL ORDER BY ordinal_position",
        table,
    )
    return [row[0] for row in rows]


NEW_CUSTOMER = "'cust_' || lpad(n::text, 22, '0')"
NEW_SUBSCRIPTION = "'sub_' || lpad(n::text, 22, '0')"
REPLACED = {
    "customers": {
        "id": NEW_CUSTOMER,
        "email": "'bench' || n || '@example.com'",
        "email_normalized": "'bench' || n || '@example.com'",
    },
    "subscriptions": {"id": NEW_SUBSCRIPTION, "stable_subscription_id": NEW_SUBSCRIPTION},
}


async def copy_customers(database_url: str, customer_id: str, subscription_id: str, count: int):
    """Customers 0..count-1, each with a copy of the template's subscription rows."""
    conn = await connect(database_url)
    try:
        for table in ("customers", *COPIED):
            columns = await _columns(conn, table)
            replaced = {
                "id": "t.id || '_' || n",
                "customer_id": NEW_CUSTOMER,
                "subscription_id": NEW_SUBSCRIPTION,
                "stable_subscription_id": NEW_SUBSCRIPTION,
                **REPLACED.get(table, {}),
            }
            select = ", ".join(replaced.get(c, f"t.{c}") for c in columns)
            if table == "customers":
                where, template_id = "t.id = $1", customer_id
            elif table == "subscriptions":
                where, template_id = "t.id = $1", subscription_id
            else:
                where, template_id = "t.subscription_id = $1", subscription_id
            await conn.execute(
                f"INSERT INTO {table} ({', '.join(columns)}) SELECT {select}"
                f" FROM {table} t, generate_series(0, $2 - 1) n WHERE {where}",
                template_id,
                count,
            )
    finally:
        await conn.close()


async def add_events(database_url: str, merchant_id: str, first: int, last: int, customers: int):
    """Events number first..last-1 (value 1, spread over 25 days) and their rollups rebuilt."""
    conn = await connect(database_url)
    try:
        await conn.execute(
            """INSERT INTO usage_events (merchant_id, idempotency_key, event_name, customer_id,
                customer_key, event_value, properties, event_timestamp, received_at)
            SELECT $1, 'seed-' || g, 'api_call', c, c, 1, '{}'::jsonb,
                now() - (g % 2160000) * interval '1 second', now()
            FROM generate_series($2::bigint, $3::bigint - 1) g,
                LATERAL (SELECT 'cust_' || lpad((g % $4)::text, 22, '0') AS c) k""",
            merchant_id,
            first,
            last,
            customers,
        )
        # Rollups rebuilt behind the intake's back: the checkpoints of the old ones go too.
        await conn.execute("DELETE FROM usage_checkpoints WHERE merchant_id = $1", merchant_id)
        await conn.execute("DELETE FROM usage_rollups WHERE merchant_id = $1", merchant_id)
        await conn.execute(
            """INSERT INTO usage_rollups (merchant_id, customer_key, event_name, bucket_start,
                event_count, value_count, value_sum, value_min, value_max, latest_value,
                latest_at)
            SELECT merchant_id, customer_key, event_name,
                date_bin('1 hour', event_timestamp, timestamptz '2000-01-01 00:00:00+00'),
                count(*), count(event_value), sum(event_value), min(event_value),
                max(event_value), (array_agg(event_value ORDER BY event_timestamp DESC, id DESC)
                    FILTER (WHERE event_value IS NOT NULL))[1],
                max(event_timestamp) FILTER (WHERE event_value IS NOT NULL)
            FROM usage_events WHERE merchant_id = $1 GROUP BY 1, 2, 3, 4""",
            merchant_id,
        )
        # Settle the database as it would be in steady state, instead of measuring while
        # autovacuum and the checkpointer work through millions of new rows.
        await conn.execute("VACUUM ANALYZE usage_events, usage_rollups")
        await conn.execute("ANALYZE")
        await conn.execute("CHECKPOINT")
    finally:
        await conn.close()


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


def measure(base: str, key: str, args, customers: int) -> dict[str, dict[str, float]]:
    """Best round of the baseline and of the checks (rounds alternate; round 0 warms up)."""
    routes = {
        "GET /healthz (baseline)": (f"{base}/healthz", {}, ["healthz"]),
        "entitlement check": (
            f"{base}/",
            {"Authorization": f"Bearer {key}"},
            ["check", str(customers), SLUG],
        ),
    }
    best: dict[str, dict[str, float]] = {}
    for round_number in range(args.rounds + 1):
        for label, (url, headers, script_args) in routes.items():
            seconds = 1 if round_number == 0 else args.seconds
            figures = wrk_script(
                url,
                SCRIPT,
                script_args,
                seconds=seconds,
                connections=args.connections,
                headers=headers,
            )
            check_answers(figures, label)
            rate = figures["ok"] / figures["window"]
            if round_number and rate > best.get(label, {}).get("rate", 0):
                best[label] = {**figures, "rate": rate}
    url, headers, script_args = routes["entitlement check"]
    for label, rate in ((PACED, TARGET_RATE), (LIGHT, LIGHT_RATE)):
        paced = wrk_script(
            url,
            SCRIPT,
            [*script_args, str(rate)],
            seconds=args.seconds,
            connections=args.connections,
            headers=headers,
        )
        check_answers(paced, label)
        best[label] = {**paced, "rate": paced["ok"] / paced["window"]}
    return best


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

    results = []
    with scratch_database() as database_url:
        merchant_id, key = asyncio.run(make_merchant(database_url))
        customer_id, subscription_id = asyncio.run(template(database_url, merchant_id))
        asyncio.run(copy_customers(database_url, customer_id, subscription_id, customers))
        stored = 0
        for size in sizes:
            asyncio.run(add_events(database_url, merchant_id, stored, size, customers))
            stored = size
            with server(database_url, workers=args.workers) as base:
                asyncio.run(check_every_customer(database_url, base, key, customers))
                best = measure(base, key, args, customers)
            results.append((size, best))

    for size, best in results:
        baseline, checks = best["GET /healthz (baseline)"], best["entitlement check"]
        print(f"--- {size:,} events over {customers:,} customers")
        print(report_line("GET /healthz (baseline)", baseline, "req/s"))
        print(report_line("entitlement check", checks, "checks/s"))
        print(f"ratio checks : healthz = {checks['rate'] / baseline['rate']:.2f}")
        paced = best[PACED]
        print(report_line(PACED, paced, "checks/s"))
        met = (
            checks["rate"] >= TARGET_RATE
            and paced["rate"] >= 0.98 * TARGET_RATE
            and paced["p99_ms"] < TARGET_P99_MS
        )
        verdict = "met" if met else "MISSED"
        print(f"target >= {TARGET_RATE} checks/s, p99 < {TARGET_P99_MS} ms at that rate: {verdict}")
        print(report_line(LIGHT, best[LIGHT], "checks/s"))
    (small, first), (large, second) = results
    for label in (PACED, LIGHT):
        for figure in ("p50_ms", "p99_ms"):
            ratio = second[label][figure] / first[label][figure]
            print(f"{label}: {figure[:3]} at {large:,} events / at {small:,} = {ratio:.2f}")


if __name__ == "__main__":
    main()
