"""The fast lane answers exactly as the Quart routes it stands in for.

Every request below is sent twice, once through the lane (the app as served) and once straight
to Quart (the lane stepped over), and the two answers must match byte for byte: status, body
and content type. What the lane does not serve (other methods, a trailing slash, the event
reads) must reach Quart untouched.
"""

import json

import pytest

from api.common import NOT_JSON
from api.fast_lane import FastLane
from billing.accounts.api_keys import revoke_api_key
from billing.accounts.models import ApiKey
from billing.usage import events as event_service
from billing.usage.models import UsageEvent
from tests.support.factories.entitlements import SSO
from tests.support.factories.subscriptions import make_customer, subscribe


@pytest.fixture
def both(app, monkeypatch):
    """Send one request through the lane and once to Quart itself; answer both responses."""
    lane = app.asgi_app
    assert isinstance(lane, FastLane)

    async def send(method: str, path: str, **kwargs):
        answers = []
        for served_by in (lane, lane.inner):
            monkeypatch.setattr(app, "asgi_app", served_by)
            response = await app.test_client().open(path, method=method, **kwargs)
            answers.append((response.status_code, response.content_type, await response.get_data()))
        monkeypatch.setattr(app, "asgi_app", lane)
        return answers

    return send


def same(answers) -> tuple[int, dict]:
    through_lane, through_quart = answers
    assert through_lane == through_quart
    status, content_type, body = through_lane
    assert content_type == "application/json"
    return status, json.loads(body)


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


EVENT = {"eventName": "api-call", "customerId": "cust_one", "eventValue": 2}


async def test_an_accepted_event_is_stored_once_per_send(both, merchant):
    answers = await both("POST", "/v1/events", json=EVENT, headers=merchant.headers)
    assert same(answers) == (202, {"message": "Event accepted"})
    assert await UsageEvent.filter(merchant_id=merchant.id).count() == 2


@pytest.mark.parametrize(
    ("headers", "body", "status", "message"),
    [
        ({}, EVENT, 401, "Missing API key: send 'Authorization: Bearer <secret key>'"),
        ({"Authorization": "Basic abc"}, EVENT, 401, "Missing API key"),
        ({"Authorization": "Bearer sk_live_nope"}, EVENT, 401, "Invalid or revoked API key"),
        ("publishable", EVENT, 401, "This endpoint requires a secret key"),
        (None, b"{not json", 400, "The body must be a JSON object"),
        (None, b"\xff\xfe\xfa", 400, "The body must be a JSON object"),
        (None, b"[" * 100_000, 400, "The body must be a JSON object"),
        (None, b"null", 400, "The body must be a JSON object"),
        (None, {"customerId": "c"}, 400, "eventName is required"),
        (None, {**EVENT, "eventValue": "3"}, 400, "eventValue must be a number"),
        (None, b" " * (1024 * 1024 + 1), 413, "Request body too large"),
        ("text/plain", json.dumps(EVENT).encode(), 400, NOT_JSON),
        ("no type", json.dumps(EVENT).encode(), 400, NOT_JSON),
        ("application/x-www-form-urlencoded", b"eventName=x", 400, NOT_JSON),
    ],
)
async def test_event_errors_match(both, merchant, headers, body, status, message):
    content_type = "application/json"
    if headers is None:
        headers = merchant.headers
    elif headers == "publishable":
        headers = bearer(merchant.publishable_key)
    elif "/" in headers or headers == "no type":
        headers, content_type = merchant.headers, headers
    if isinstance(body, dict):
        sent = {"json": body}
    elif content_type == "no type":
        sent = {"data": body}
    else:
        sent = {"data": body, "headers": {**headers, "Content-Type": content_type}}
        headers = sent.pop("headers")
    answers = await both("POST", "/v1/events", headers=headers, **sent)
    answer_status, answer = same(answers)
    assert answer_status == status
    assert answer["error"].startswith(message)
    assert await UsageEvent.filter(merchant_id=merchant.id).count() == 0


async def test_a_revoked_key_is_refused_by_both(both, merchant):
    key = await ApiKey.get(merchant_id=merchant.id, key_type="secret")
    await revoke_api_key(merchant.id, key.id)
    answers = await both("POST", "/v1/events", json=EVENT, headers=merchant.headers)
    assert same(answers) == (401, {"error": "Invalid or revoked API key"})


async def test_a_storage_failure_answers_the_spec_message(both, merchant, monkeypatch):
    async def broken(*args, **kwargs):
        raise ConnectionError("database went away")

    monkeypatch.setattr(event_service, "ingest_event", broken)
    answers = await both("POST", "/v1/events", json=EVENT, headers=merchant.headers)
    message = "Failed to store events; retry with the same idempotencyKey"
    assert same(answers) == (500, {"error": message})


async def test_entitlement_checks_match(both, make_merchant):
    merchant, other = await make_merchant(), await make_merchant()
    sub = await subscribe(merchant.id, features=[(SSO, True)])
    customer = await make_customer(merchant.id)
    theirs = await make_customer(other.id)
    subscriber = await sub.customer
    subscriber.external_customer_id = ext = "user-42"
    await subscriber.save()
    cases = [
        (f"{sub.customer_id}/feature/sso", 200),
        (f"{sub.customer_id}/feature/missing", 200),
        (f"{ext}/feature/sso?isExtCustId=true", 200),
        (f"{sub.customer_id}/feature/sso?isExtCustId=false", 200),
        (f"{customer.id}/feature/sso", 200),
        ("cust_missing/feature/sso", 404),
        (f"{theirs.id}/feature/sso", 404),
        (f"{sub.customer_id}/feature/sso?isExtCustId=maybe", 400),
        (f"{sub.customer_id}/feature/sso?isExtCustId=true&isExtCustId=false", 400),
    ]
    for path, status in cases:
        answers = await both("GET", f"/v1/entitlements/{path}", headers=merchant.headers)
        assert same(answers)[0] == status, path
    answers = await both("GET", f"/v1/entitlements/{sub.customer_id}/feature/sso")
    assert same(answers)[0] == 401
    path = f"/v1/entitlements/{sub.customer_id}/feature/sso"
    granted = await both("GET", path, headers=merchant.headers)
    assert same(granted)[1]["entitled"] is True


async def test_what_the_lane_does_not_serve_reaches_quart(client, merchant):
    await client.post("/v1/events", json=EVENT, headers=merchant.headers)
    listed = await client.get("/v1/events", headers=merchant.headers)
    assert listed.status_code == 200
    assert len((await listed.get_json())["data"]) == 1
    wrong_method = await client.put("/v1/events", json=EVENT, headers=merchant.headers)
    assert wrong_method.status_code == 405
    assert await wrong_method.get_json() == {"error": "Method not allowed"}
    preflight = await client.options("/v1/entitlements/c/feature/sso")
    assert preflight.status_code == 200


async def test_a_value_out_of_range_is_the_same_400_either_way(both, merchant):
    body = {**EVENT, "eventValue": 2**63}
    answers = await both("POST", "/v1/events", json=body, headers=merchant.headers)
    assert same(answers) == (
        400,
        {"error": "eventValue must be between -1000000000000 and 1000000000000 (10^12)"},
    )
    assert await UsageEvent.filter(merchant_id=merchant.id).count() == 0
