"""/v1/webhook-events: the event log newest first (type filter, pages), one event with each
attempt made to deliver it, and resending an event with its own id."""

from datetime import timedelta

import pytest

from billing.event_log.models import DeliveryStatus, WebhookAttempt, WebhookDelivery
from tests.support.api.webhook_api import (
    EVENT_NOT_FOUND,
    JAN_1,
    MADE_UP_EVENT,
    create_endpoint,
    logged_event,
)


async def _get(client, account, path: str):
    response = await client.get(path, headers=account.headers)
    return response.status_code, await response.get_json()


async def test_an_event_answers_the_object_as_the_api_did(client, merchant):
    event = await logged_event(merchant.id, "customer.created")
    status, body = await _get(client, merchant, f"/v1/webhook-events/{event.id}")
    customer = await _get(client, merchant, f"/v1/customers/{event.object_id}")
    assert status == 200
    assert body == {
        "event": {
            "id": event.id,
            "type": "customer.created",
            "createdAt": "2030-01-01T00:00:00Z",
            "data": {"object": customer[1]["customer"]},
        },
        "deliveries": [],
    }


async def test_list_is_newest_first_in_pages(client, merchant):
    made = [
        await logged_event(merchant.id, at=JAN_1 + timedelta(minutes=minutes))
        for minutes in range(5)
    ]
    newest_first = [event.id for event in reversed(made)]
    status, page = await _get(client, merchant, "/v1/webhook-events?limit=2")
    assert status == 200
    assert ([e["id"] for e in page["events"]], page["hasMore"]) == (newest_first[:2], True)
    assert page["events"][0] == {
        "id": made[-1].id,
        "type": "customer.created",
        "createdAt": "2030-01-01T00:04:00Z",
        "data": {"object": made[-1].data},
    }
    _, page = await _get(client, merchant, f"/v1/webhook-events?limit=2&startingAfter={made[3].id}")
    assert ([e["id"] for e in page["events"]], page["hasMore"]) == (newest_first[2:4], True)
    _, page = await _get(client, merchant, f"/v1/webhook-events?startingAfter={made[1].id}")
    assert ([e["id"] for e in page["events"]], page["hasMore"]) == ([made[0].id], False)
    _, page = await _get(client, merchant, "/v1/webhook-events")
    assert ([e["id"] for e in page["events"]], page["hasMore"]) == (newest_first, False)


async def test_events_of_one_clock_keep_one_order_between_pages(client, merchant):
    made = [await logged_event(merchant.id) for _ in range(3)]  # all at JAN_1
    _, whole = await _get(client, merchant, "/v1/webhook-events")
    _, first = await _get(client, merchant, "/v1/webhook-events?limit=1")
    after = first["events"][0]["id"]
    _, rest = await _get(client, merchant, f"/v1/webhook-events?startingAfter={after}")
    assert [e["id"] for e in first["events"] + rest["events"]] == [e["id"] for e in whole["events"]]
    assert sorted(e["id"] for e in whole["events"]) == sorted(event.id for event in made)


async def test_type_filter(client, merchant):
    created = await logged_event(merchant.id, "customer.created")
    updated = await logged_event(
        merchant.id,
        "customer.updated",
        at=JAN_1 + timedelta(hours=1),
        customer_id=created.object_id,
    )
    _, page = await _get(client, merchant, "/v1/webhook-events?type=customer.updated")
    assert [e["id"] for e in page["events"]] == [updated.id]
    _, page = await _get(client, merchant, "/v1/webhook-events?type=invoice.paid")
    assert page == {"events": [], "hasMore": False}
    _, page = await _get(client, merchant, "/v1/webhook-events?type=")
    assert [e["id"] for e in page["events"]] == [updated.id, created.id]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("limit=0", "limit must be between 1 and 100"),
        ("limit=101", "limit must be between 1 and 100"),
        ("limit=abc", "limit must be between 1 and 100"),
        ("limit=-1", "limit must be between 1 and 100"),
        ("limit=", "limit must be between 1 and 100"),
        ("limit=" + "9" * 400, "limit must be between 1 and 100"),
        ("type=invoice.sent", "type must be an event type"),
        ("type=" + "x" * 5000, "type must be an event type"),
        (f"startingAfter={MADE_UP_EVENT}", "startingAfter must be the id of one of your events"),
        ("startingAfter=" + "x" * 300, "startingAfter must be the id of one of your events"),
        ("startingAfter=%00", "startingAfter must be the id of one of your events"),
    ],
)
async def test_bad_queries_are_400(client, merchant, query, message):
    await logged_event(merchant.id)
    assert await _get(client, merchant, f"/v1/webhook-events?{query}") == (400, {"error": message})


async def test_an_event_lists_every_attempt(client, merchant):
    endpoint = await create_endpoint(client, merchant)
    event = await logged_event(merchant.id, "customer.created")
    delivery = await WebhookDelivery.get(event_id=event.id)  # the log fanned it out
    assert (delivery.endpoint_id, delivery.status) == (endpoint["id"], DeliveryStatus.PENDING)
    # No sender here: the attempts are written as a sender records them.
    refused = await WebhookAttempt.create(
        merchant_id=merchant.id,
        delivery_id=delivery.id,
        event_id=event.id,
        endpoint_id=endpoint["id"],
        attempt=1,
        attempted_at=JAN_1,
        duration_ms=3,
        error="connection refused",
        next_attempt_at=JAN_1 + timedelta(seconds=5),
    )
    answered = await WebhookAttempt.create(
        merchant_id=merchant.id,
        delivery_id=delivery.id,
        event_id=event.id,
        endpoint_id=endpoint["id"],
        attempt=2,
        attempted_at=JAN_1 + timedelta(seconds=5),
        response_status=500,
        duration_ms=120,
        response_body="x" * 1024,
        next_attempt_at=JAN_1 + timedelta(minutes=5, seconds=5),
    )
    status, body = await _get(client, merchant, f"/v1/webhook-events/{event.id}")
    assert status == 200
    assert body["deliveries"] == [
        {
            "id": refused.id,
            "deliveryId": delivery.id,
            "endpointId": endpoint["id"],
            "attempt": 1,
            "responseStatus": None,
            "durationMs": 3,
            "attemptedAt": "2030-01-01T00:00:00Z",
            "nextAttemptAt": "2030-01-01T00:00:05Z",
            "responseBody": "",
            "error": "connection refused",
        },
        {
            "id": answered.id,
            "deliveryId": delivery.id,
            "endpointId": endpoint["id"],
            "attempt": 2,
            "responseStatus": 500,
            "durationMs": 120,
            "attemptedAt": "2030-01-01T00:00:05Z",
            "nextAttemptAt": "2030-01-01T00:05:05Z",
            "responseBody": "x" * 1024,
            "error": None,
        },
    ]


@pytest.mark.parametrize("odd_id", [MADE_UP_EVENT, "nope", "x" * 300, "evt_%00", "we_" + "A" * 22])
async def test_odd_event_ids_answer_404(client, merchant, odd_id):
    assert await _get(client, merchant, f"/v1/webhook-events/{odd_id}") == (404, EVENT_NOT_FOUND)
    response = await client.post(
        f"/v1/webhook-events/{odd_id}/resend", json={}, headers=merchant.headers
    )
    assert (response.status_code, await response.get_json()) == (404, EVENT_NOT_FOUND)


async def _resend(client, account, event_id: str, **options):
    body = {"json": options} if options else {}
    response = await client.post(
        f"/v1/webhook-events/{event_id}/resend", headers=account.headers, **body
    )
    return response.status_code, await response.get_json()


async def test_resend_makes_a_delivery_of_the_same_event_per_endpoint(client, merchant):
    wants = await create_endpoint(client, merchant, events=["customer.created"])
    everything = await create_endpoint(client, merchant)
    await create_endpoint(client, merchant, events=["invoice.paid"])  # not this type
    event = await logged_event(merchant.id)
    first = {d.id for d in await WebhookDelivery.filter(event_id=event.id)}
    status, body = await _resend(client, merchant, event.id)  # no body at all
    assert status == 202
    made = await WebhookDelivery.filter(event_id=event.id, resend=True)
    assert sorted(d["endpointId"] for d in body["deliveries"]) == sorted(
        [wants["id"], everything["id"]]
    )
    assert {d["id"] for d in body["deliveries"]} == {d.id for d in made}
    assert not first & {d.id for d in made}
    assert all(d["status"] == "pending" and d["nextAttemptAt"] for d in body["deliveries"])
    assert all(d.status == DeliveryStatus.PENDING and d.merchant_id == merchant.id for d in made)


async def test_resend_to_one_endpoint_even_of_another_type(client, merchant):
    other = await create_endpoint(client, merchant, events=["invoice.paid"])
    await create_endpoint(client, merchant)
    event = await logged_event(merchant.id)
    status, body = await _resend(client, merchant, event.id, endpointId=other["id"])
    assert status == 202
    [delivery] = body["deliveries"]
    assert delivery["endpointId"] == other["id"]
    stored = await WebhookDelivery.get(id=delivery["id"])
    assert (stored.event_id, stored.endpoint_id, stored.resend) == (event.id, other["id"], True)


async def test_resend_to_a_disabled_endpoint_is_409(client, merchant):
    endpoint = await create_endpoint(client, merchant)
    event = await logged_event(merchant.id)
    await client.post(
        f"/v1/webhook-endpoints/{endpoint['id']}",
        json={"status": "disabled"},
        headers=merchant.headers,
    )
    before = await WebhookDelivery.filter(event_id=event.id).count()
    error = {"error": "Webhook endpoint is disabled; enable it before resending"}
    assert await _resend(client, merchant, event.id, endpointId=endpoint["id"]) == (409, error)
    error = {"error": "No enabled webhook endpoint receives this event type"}
    assert await _resend(client, merchant, event.id) == (409, error)
    assert await WebhookDelivery.filter(event_id=event.id).count() == before


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        ({"endpointId": "we_" + "A" * 22}, 404, "Webhook endpoint not found or access denied"),
        ({"endpointId": "x" * 5000}, 404, "Webhook endpoint not found or access denied"),
        (
            {"endpointId": 5},
            400,
            "Invalid value for field 'endpointId': Input should be a valid string",
        ),
        ([], 400, "Request body must be a JSON object"),
    ],
)
async def test_resend_refuses_bad_input(client, merchant, body, status, error):
    await create_endpoint(client, merchant)
    event = await logged_event(merchant.id)
    before = await WebhookDelivery.filter(event_id=event.id).count()
    response = await client.post(
        f"/v1/webhook-events/{event.id}/resend", json=body, headers=merchant.headers
    )
    assert (response.status_code, await response.get_json()) == (status, {"error": error})
    assert await WebhookDelivery.filter(event_id=event.id).count() == before
