"""Helpers for tests of api/plans_versions, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""


async def new_version(client, merchant, plan_id, body, query=""):
    response = await client.post(f"/v1/plans/{plan_id}{query}", json=body, headers=merchant.headers)
    return response.status_code, await response.get_json()


async def edit(client, merchant, plan_id, body):
    response = await client.post(f"/v1/plans/{plan_id}/edit", json=body, headers=merchant.headers)
    return response.status_code, await response.get_json()
