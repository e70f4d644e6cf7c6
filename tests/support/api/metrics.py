"""Helpers for tests of api/metrics, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

BASE = {"name": "API calls", "eventName": "api.call", "aggregationType": "COUNT"}


async def create(client, merchant, **body):
    return await client.post("/v1/metrics", json=body, headers=merchant.headers)


async def made(client, merchant, **body) -> dict:
    response = await create(client, merchant, **{**BASE, **body})
    assert response.status_code == 201, await response.get_json()
    return await response.get_json()


async def update(client, merchant, metric_id, **body):
    return await client.post(f"/v1/metrics/{metric_id}/update", json=body, headers=merchant.headers)
