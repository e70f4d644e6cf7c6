"""The spec's 500 rows of the seats and enrollment routes: an unexpected failure (storage down)
answers the spec's own message, never a trace. The failure is forced by replacing the one
service function the route calls, as the other 500-row tests do: nothing else can make
PostgreSQL fail for one request."""

import pytest

from billing.enrollment import enroll, identity_provider
from billing.seats import seat_usage, seats
from tests.support.api.identity_provider_webhook import EVENT

USER = {"customerEmail": "ada@acme.io", "customerName": "Ada", "userId": "user-1"}
SEAT = {"user_id": "u-1", "created_user_id": "m-1"}


@pytest.mark.parametrize(
    ("module", "service", "method", "path", "body", "message"),
    [
        (seats, "add_seat", "POST", "/v1/seats/add", SEAT, "Failed to add seat"),
        (
            seats,
            "remove_seat",
            "POST",
            "/v1/seats/remove",
            {"user_id": "u-1", "removed_user_id": "m-1"},
            "Failed to remove seat",
        ),
        (
            seat_usage,
            "seat_usage",
            "GET",
            "/v1/seats/usage/cust_" + "a" * 22,
            None,
            "Failed to get seat usage",
        ),
        (
            enroll,
            "enroll",
            "POST",
            "/v1/enrollment/enroll",
            USER,
            "Failed to create enrollment subscription",
        ),
        (
            identity_provider,
            "handle_event",
            "POST",
            "/v1/webhooks/identity-provider",
            EVENT,
            "Failed to create enrollment subscription",
        ),
    ],
)
async def test_unexpected_failures_answer_the_specs_message(
    client, merchant, monkeypatch, module, service, method, path, body, message
):
    async def broken(*args, **kwargs):
        raise RuntimeError("storage is down")

    monkeypatch.setattr(module, service, broken)
    response = await client.open(path, method=method, json=body, headers=merchant.headers)
    assert response.status_code == 500
    assert await response.get_json() == {"error": message}
