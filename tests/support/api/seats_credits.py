"""Helpers for tests of api/seats_credits, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

from tests.support.factories.catalog import slugify
from tests.support.factories.entitlements import API


async def seat_aware(client, merchant, customer_id: str) -> dict[str, dict]:
    response = await client.get(
        f"/v1/entitlements/{customer_id}/seat-aware", headers=merchant.headers
    )
    rows = (await response.get_json())["entitlements"]
    return {
        row["customerId"]: row["creditInfo"] for row in rows if row["featureSlug"] == slugify(API)
    }
