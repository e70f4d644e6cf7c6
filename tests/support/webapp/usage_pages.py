"""Helpers for tests of webapp/usage_pages, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

from datetime import UTC, datetime, timedelta

from billing.usage import events


async def store(merchant_id: str, name: str, customer: str, *, hours_ago: int = 1, **fields):
    moment = (datetime.now(UTC) - timedelta(hours=hours_ago)).isoformat()
    body = {"eventName": name, "customerId": customer, "eventTimestamp": moment, **fields}
    await events.ingest_event(merchant_id, body)
