"""Helpers for tests of api/pricing_tables, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

TABLE_404 = {"error": "Pricing table not found or access denied"}


ENTRY_404 = {"error": "Pricing table plan not found or access denied"}


PLAN_404 = {"error": "Plan not found or access denied"}


MISSING_TABLE = "ptbl_" + "0" * 22


MISSING_ENTRY = "ptplan_" + "0" * 22


async def create(client, merchant, **body):
    body.setdefault("name", "Main")
    body.setdefault("slug", "main")
    return await client.post("/v1/pricing-tables", json=body, headers=merchant.headers)


async def create_table(client, merchant, **body) -> dict:
    response = await create(client, merchant, **body)
    assert response.status_code == 201, await response.get_json()
    return (await response.get_json())["pricingTable"]


async def read(client, merchant, table_id):
    return await client.get(f"/v1/pricing-tables/{table_id}", headers=merchant.headers)


async def plan_names(client, merchant, table_id) -> list[str]:
    body = await (await read(client, merchant, table_id)).get_json()
    return [plan["name"] for plan in body["pricingTable"]["plans"]]
