"""Helpers for tests of api/seats, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""


async def post(client, merchant, path: str, body: dict):
    response = await client.post(f"/v1/seats/{path}", json=body, headers=merchant.headers)
    return response.status_code, await response.get_json()


async def usage(client, merchant, customer_id: str) -> dict:
    response = await client.get(f"/v1/seats/usage/{customer_id}", headers=merchant.headers)
    assert response.status_code == 200
    return await response.get_json()


async def seat_invoices(client, merchant, customer_id: str) -> list[dict]:
    listed = await client.get(f"/v1/invoices/customer/{customer_id}", headers=merchant.headers)
    invoices = (await listed.get_json())["invoices"]
    return [i for i in invoices if i["billingReason"] == "seats"]
