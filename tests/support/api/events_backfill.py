"""Helpers for tests of api/events_backfill, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

from datetime import UTC, datetime, timedelta
from decimal import Decimal

from billing.usage.models import UsageEvent

HOUR = datetime(2026, 3, 1, 10, tzinfo=UTC)


async def bulk_load(merchant_id: str, count: int, *, received_ago: int = 3600, value=2):
    """Events written straight into the table, as an import from another system would."""
    received = datetime.now(UTC) - timedelta(seconds=received_ago)
    await UsageEvent.bulk_create(
        [
            UsageEvent(
                merchant_id=merchant_id,
                idempotency_key=f"import-{received_ago}-{i}",
                event_name="api-call",
                customer_key="cust_a" if i % 2 else "ext:b",
                event_value=Decimal(value),
                properties={},
                event_timestamp=HOUR + timedelta(minutes=(i * 3) % 120),
                received_at=received,
            )
            for i in range(count)
        ]
    )
