"""The data of the entitlement benchmark: one merchant's catalog, 10,000 subscribed customers
and their events with the hourly rollups the intake would have written.

Set-up: a metric (SUM of ``api_call``), a plan granting "API calls" (a number with a monthly
credit allowance measured by that metric) and "SSO" (a switch), one customer subscribed
through the service, then that customer, its subscription, feature rows and credit grant
copied in SQL to every customer (ids ``cust_`` + 22 digits, which the wrk script picks at
random). Events are inserted with ``generate_series`` over the last 25 days and their hourly
rollups built with the same aggregate the intake writes (``rollup_sql``), so a check reads
what it would read in production.
"""

from datetime import UTC, datetime, timedelta

from bench._harness import connect
from bench.events_ingest import make_merchant
from billing.catalog import metrics
from billing.catalog.models import Feature, Plan, PlanFeature, Price
from billing.subscriptions.subscriptions import create_subscription
from billing.usage.rollup_sql import EVENT_TOTALS, hour_of
from tests.support.factories.catalog import make_plan
from tests.support.factories.subscriptions import make_customer
from webapp import db

SLUG = "api-calls"
# the template subscription's rows copied for every customer
COPIED = ("subscriptions", "subscription_features", "subscription_details", "credit_grants")


async def seed(database_url: str, customers: int, events: int) -> tuple[str, str]:
    """A merchant with ``customers`` subscribed customers and ``events`` events spread over
    them: (merchant id, secret key)."""
    merchant_id, key = await make_merchant(database_url)
    customer_id, subscription_id = await template(database_url, merchant_id)
    await copy_customers(database_url, customer_id, subscription_id, customers)
    await add_events(database_url, merchant_id, events, customers)
    return merchant_id, key


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


async def add_events(database_url: str, merchant_id: str, events: int, customers: int):
    """``events`` events (value 1, spread over 25 days, customers in turn), their hourly
    rollups, and the database settled."""
    conn = await connect(database_url)
    try:
        await conn.execute(
            """INSERT INTO usage_events (merchant_id, idempotency_key, event_name, customer_id,
                customer_key, event_value, properties, event_timestamp, received_at)
            SELECT $1, 'seed-' || g, 'api_call', c, c, 1, '{}'::jsonb,
                now() - (g % 2160000) * interval '1 second', now()
            FROM generate_series(0, $2::bigint - 1) g,
                LATERAL (SELECT 'cust_' || lpad((g % $3)::text, 22, '0') AS c) k""",
            merchant_id,
            events,
            customers,
        )
        await conn.execute(
            f"""INSERT INTO usage_rollups (merchant_id, customer_key, event_name, bucket_start,
                event_count, value_count, value_sum, value_min, value_max, latest_value,
                latest_at)
            SELECT merchant_id, customer_key, event_name, {hour_of("event_timestamp")},
                {EVENT_TOTALS}
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
