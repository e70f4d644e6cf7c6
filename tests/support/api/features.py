"""Helpers for tests of api/features, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

NOT_FOUND = {"error": "Feature not found or access denied"}


BAD_METRICS = {"error": "One or more metric IDs are invalid or do not belong to this merchant"}


MISSING_ID = "feat_" + "A" * 22


async def create(client, merchant, **body):
    return await client.post("/v1/features", json=body, headers=merchant.headers)


async def made(client, merchant, **body) -> dict:
    response = await create(client, merchant, **body)
    assert response.status_code == 201, await response.get_json()
    return await response.get_json()


async def make_metric(client, merchant, event_name="api.call") -> str:
    response = await client.post(
        "/v1/metrics",
        json={"name": "Calls", "eventName": event_name, "aggregationType": "COUNT"},
        headers=merchant.headers,
    )
    assert response.status_code == 201
    return (await response.get_json())["id"]


async def listed(client, merchant, query: str = "") -> list[dict]:
    response = await client.get(f"/v1/features{query}", headers=merchant.headers)
    assert response.status_code == 200
    body = await response.get_json()
    assert set(body) == {"features"}
    return body["features"]
