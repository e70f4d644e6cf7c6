"""Helpers for tests of billing/usage/metric_values, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

from tortoise import connections


async def add_many(merchant_id, key, count):
    """``count`` events in one INSERT, for queries that must run long."""
    await connections.get("default").execute_query(
        "INSERT INTO usage_events (merchant_id, idempotency_key, event_name, customer_key, "
        "event_value, properties, event_timestamp, received_at) SELECT $1, 'bulk-' || n, "
        "'api.call', $2, n, '{}'::jsonb, now(), now() FROM generate_series(1, $3::int) AS n",
        [merchant_id, key, count],
    )
