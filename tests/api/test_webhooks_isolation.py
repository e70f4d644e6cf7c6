"""Webhook endpoints and events across merchants and modes: another merchant's ids, and the
other mode's (test and live are separate merchant rows), answer every route exactly as
made-up ids do, and change nothing; lists show only the key's own rows."""

import pytest

from billing.event_log.models import Event, WebhookDelivery, WebhookEndpoint
from tests.conftest import in_test_mode
from tests.support.api.webhook_api import (
    MADE_UP_ENDPOINT,
    MADE_UP_EVENT,
    create_endpoint,
    logged_event,
)

# (method, path, body) with {endpoint} / {event} standing for the probed id and {own_event}
# for an event of the caller's.
ROUTES = [
    ("GET", "/v1/webhook-endpoints/{endpoint}", None),
    ("POST", "/v1/webhook-endpoints/{endpoint}", {"description": "mine now"}),
    ("POST", "/v1/webhook-endpoints/{endpoint}", {"status": "disabled"}),
    ("POST", "/v1/webhook-endpoints/{endpoint}/rotate-secret", None),
    ("DELETE", "/v1/webhook-endpoints/{endpoint}", None),
    ("GET", "/v1/webhook-events/{event}", None),
    ("POST", "/v1/webhook-events/{event}/resend", {}),
    ("POST", "/v1/webhook-events/{event}/resend", {"endpointId": "{endpoint}"}),
    ("POST", "/v1/webhook-events/{own_event}/resend", {"endpointId": "{endpoint}"}),
    ("GET", "/v1/webhook-events?startingAfter={event}", None),
]


async def _owner_with_records(client, account):
    endpoint = await create_endpoint(client, account)
    event = await logged_event(account.id)
    return endpoint["id"], event.id


async def _snapshot(merchant_id: str) -> list:
    endpoints = await WebhookEndpoint.filter(merchant_id=merchant_id).order_by("id").values()
    deliveries = await WebhookDelivery.filter(merchant_id=merchant_id).order_by("id").values()
    events = await Event.filter(merchant_id=merchant_id).order_by("id").values()
    return [endpoints, deliveries, events]


def _fill(text: str, endpoint: str, event: str, own_event: str) -> str:
    return (
        text.replace("{endpoint}", endpoint)
        .replace("{event}", event)
        .replace("{own_event}", own_event)
    )


async def _answer(client, caller, route, endpoint: str, event: str, own_event: str):
    method, path, body = route
    options = {"headers": caller.headers}
    if body is not None:
        options["json"] = {k: _fill(v, endpoint, event, own_event) for k, v in body.items()}
    response = await client.open(_fill(path, endpoint, event, own_event), method=method, **options)
    text = (await response.get_data()).decode()
    return response.status_code, text.replace(endpoint, "<id>").replace(event, "<id>")


@pytest.mark.parametrize("other", ["another merchant", "the other mode"])
@pytest.mark.parametrize("route", ROUTES, ids=lambda route: f"{route[0]} {route[1]}")
async def test_foreign_ids_answer_as_made_up_ones(client, make_merchant, other, route):
    alice = await make_merchant()
    foreign = await make_merchant() if other == "another merchant" else await in_test_mode(alice)
    foreign_endpoint, foreign_event = await _owner_with_records(client, foreign)
    _, own_event = await _owner_with_records(client, alice)
    before = await _snapshot(foreign.id)

    made_up = await _answer(client, alice, route, MADE_UP_ENDPOINT, MADE_UP_EVENT, own_event)
    answer = await _answer(client, alice, route, foreign_endpoint, foreign_event, own_event)
    assert answer == made_up
    assert made_up[0] in {400, 404}
    assert await _snapshot(foreign.id) == before


async def test_lists_show_only_the_keys_own_rows(client, make_merchant):
    alice = await make_merchant()
    alice_test = await in_test_mode(alice)
    bob = await make_merchant()
    own = {}
    for account in (alice, alice_test, bob):
        own[account.id] = await _owner_with_records(client, account)
    for account in (alice, alice_test, bob):
        endpoint_id, event_id = own[account.id]
        response = await client.get("/v1/webhook-endpoints", headers=account.headers)
        listed = (await response.get_json())["webhookEndpoints"]
        assert [e["id"] for e in listed] == [endpoint_id]
        response = await client.get("/v1/webhook-events", headers=account.headers)
        assert [e["id"] for e in (await response.get_json())["events"]] == [event_id]


async def test_an_event_fans_out_to_its_own_modes_endpoints_only(client, make_merchant):
    alice = await make_merchant()
    alice_test = await in_test_mode(alice)
    live_endpoint = await create_endpoint(client, alice)
    await create_endpoint(client, alice_test)
    event = await logged_event(alice.id)
    deliveries = await WebhookDelivery.filter(event_id=event.id)
    assert [d.endpoint_id for d in deliveries] == [live_endpoint["id"]]


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/v1/webhook-endpoints"),
        ("POST", "/v1/webhook-endpoints"),
        ("GET", f"/v1/webhook-endpoints/{MADE_UP_ENDPOINT}"),
        ("POST", f"/v1/webhook-endpoints/{MADE_UP_ENDPOINT}"),
        ("DELETE", f"/v1/webhook-endpoints/{MADE_UP_ENDPOINT}"),
        ("POST", f"/v1/webhook-endpoints/{MADE_UP_ENDPOINT}/rotate-secret"),
        ("GET", "/v1/webhook-events"),
        ("GET", f"/v1/webhook-events/{MADE_UP_EVENT}"),
        ("POST", f"/v1/webhook-events/{MADE_UP_EVENT}/resend"),
    ],
)
async def test_every_route_needs_a_secret_key(client, merchant, method, path):
    response = await client.open(path, method=method, json={})
    assert response.status_code == 401
    response = await client.open(path, method=method, json={}, headers=merchant.public_headers)
    assert response.status_code == 401
