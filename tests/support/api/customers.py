"""Helpers for tests of api/customers, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

from tests.conftest import unique_email

NOT_FOUND = {"error": "Customer not found or access denied"}


async def create(client, merchant, **body):
    return await client.post("/v1/customers", json=body, headers=merchant.headers)


async def make_customer(client, merchant, **body) -> dict:
    body.setdefault("email", unique_email("customer"))
    response = await create(client, merchant, **body)
    assert response.status_code == 201, await response.get_json()
    return (await response.get_json())["customer"]
