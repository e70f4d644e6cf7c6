"""Helpers for tests of api/webhooks_provider_b, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""


async def deliver(client, merchant_id, payload: str, headers: dict):
    response = await client.post(
        f"/v1/public/webhook-provider-b/{merchant_id}",
        data=payload.encode(),
        headers={"Content-Type": "application/json", **headers},
    )
    return response.status_code, await response.get_json()
