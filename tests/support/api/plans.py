"""Helpers for tests of api/plans, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

NOT_FOUND = {"error": "Plan not found or access denied"}


async def create_plan(client, merchant, **body) -> dict:
    response = await client.post("/v1/plans", json=body, headers=merchant.headers)
    assert response.status_code == 201, await response.get_json()
    plans = (await response.get_json())["plans"]
    assert len(plans) == 1
    return plans[0]
