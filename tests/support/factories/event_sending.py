"""Sending usage events the way a merchant's server does, for the tests of /v1/events."""


def event(**fields) -> dict:
    """One event's body: an API call of ``cust_one`` worth 2, with ``fields`` on top."""
    return {"eventName": "api-call", "customerId": "cust_one", "eventValue": 2, **fields}


async def send(client, merchant, body, path="/v1/events"):
    return await client.post(path, json=body, headers=merchant.headers)
