"""Helpers for tests of api/plans_migrations, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""


async def migrate(client, merchant, plan_id, body):
    response = await client.post(
        f"/v1/plans/{plan_id}/migrate", json=body, headers=merchant.headers
    )
    return response.status_code, await response.get_json()


def price_of(plan: dict, cents: int) -> str:
    [price_id] = [
        price["id"]
        for price in plan["prices"]
        if price["pricingData"]["components"][0]["amount_cents"] == cents
    ]
    return price_id
