"""Helpers for tests of api/plans_create, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""


async def post(client, merchant, body):
    response = await client.post("/v1/plans", json=body, headers=merchant.headers)
    return response.status_code, await response.get_json()
