"""/v1/webhook-endpoints: create, list, read, update, delete and rotate the signing secret;
the secret is answered on creation and rotation only, and bad input changes nothing."""

from datetime import timedelta

import pytest

from billing.core.models import utcnow
from billing.event_log.models import WebhookEndpoint
from billing.payments import setup
from billing.webhooks import endpoints, url_guard
from tests.support.api.webhook_api import (
    ENDPOINT_NOT_FOUND,
    MADE_UP_ENDPOINT,
    RECEIVER,
    create_endpoint,
)

FIELDS = {"id", "url", "description", "events", "status", "disabledReason", "createdAt"}
FIELDS |= {"updatedAt"}


async def test_create_answers_the_endpoint_and_its_secret_once(client, merchant):
    made = await create_endpoint(client, merchant, description="  Orders server ")
    assert set(made) == FIELDS | {"secret"}
    assert made["id"].startswith("we_")
    assert (made["url"], made["description"], made["events"]) == (RECEIVER, "Orders server", ["*"])
    assert (made["status"], made["disabledReason"]) == ("enabled", None)
    assert made["secret"].startswith("whsec_")
    stored = await WebhookEndpoint.get(id=made["id"])
    assert stored.merchant_id == merchant.id
    assert stored.secret != made["secret"]  # sealed at rest
    assert endpoints.secret_of(stored) == made["secret"]

    path = f"/v1/webhook-endpoints/{made['id']}"
    read = await (await client.get(path, headers=merchant.headers)).get_json()
    assert read == {"webhookEndpoint": {k: v for k, v in made.items() if k != "secret"}}
    listed = await (await client.get("/v1/webhook-endpoints", headers=merchant.headers)).get_json()
    assert listed == {"webhookEndpoints": [read["webhookEndpoint"]]}


async def test_events_are_kept_once_each_and_empty_means_every_type(client, merchant):
    chosen = ["invoice.paid", "payment.failed", "invoice.paid"]
    made = await create_endpoint(client, merchant, events=chosen)
    assert made["events"] == ["invoice.paid", "payment.failed"]
    assert (await create_endpoint(client, merchant, events=[]))["events"] == ["*"]
    assert (await create_endpoint(client, merchant, events=None))["events"] == ["*"]


async def test_list_is_newest_first_without_secrets(client, merchant):
    first = await create_endpoint(client, merchant, description="first")
    second = await create_endpoint(client, merchant, description="second")
    response = await client.get("/v1/webhook-endpoints", headers=merchant.headers)
    assert response.status_code == 200
    listed = (await response.get_json())["webhookEndpoints"]
    assert [e["id"] for e in listed] == [second["id"], first["id"]]
    assert all(set(e) == FIELDS for e in listed)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({}, "url must be an http or https URL"),
        ({"url": "ftp://example.com/hook"}, "url must be an http or https URL"),
        ({"url": "example.com/hook"}, "url must be an http or https URL"),
        ({"url": "http://user@example.com/"}, "url must be an http or https URL"),
        ({"url": "http://127.0.0.1/\u0000"}, "url must be an http or https URL"),
        ({"url": "http://127.0.0.1/\ud83d"}, "url must be an http or https URL"),
        ({"url": "http://127.0.0.1/" + "x" * 5000}, "url must be an http or https URL"),
        ({"url": "http://no-such-host.invalid/"}, "url's host could not be resolved"),
        ({"url": 5}, "Invalid value for field 'url': Input should be a valid string"),
        ({"events": ["invoice.paid", "nope", "x.y"]}, "Unknown event types: nope, x.y"),
        (
            {"events": "invoice.paid"},
            "Invalid value for field 'events': Input should be a valid list",
        ),
        ({"events": [1]}, "Invalid value for field 'events.0': Input should be a valid string"),
        ({"description": "x" * 501}, "description must be text of at most 500 characters"),
        ({"description": "a\u0000b"}, "description must not contain control characters"),
        (
            {"description": 7},
            "Invalid value for field 'description': Input should be a valid string",
        ),
    ],
)
async def test_create_refuses_bad_input_and_stores_nothing(client, merchant, body, message):
    full = {"url": RECEIVER, **body} if "url" not in body and body else body
    response = await client.post("/v1/webhook-endpoints", json=full, headers=merchant.headers)
    assert (response.status_code, await response.get_json()) == (400, {"error": message})
    assert await WebhookEndpoint.filter(merchant_id=merchant.id).count() == 0


async def test_private_addresses_are_refused_unless_allowed(client, merchant):
    url_guard.configure(allow_private=False)
    try:
        response = await client.post(
            "/v1/webhook-endpoints", json={"url": RECEIVER}, headers=merchant.headers
        )
    finally:
        url_guard.configure(allow_private=True)
    error = {"error": "url must resolve to a public internet address"}
    assert (response.status_code, await response.get_json()) == (400, error)
    assert await WebhookEndpoint.filter(merchant_id=merchant.id).count() == 0


async def test_update_changes_only_the_fields_sent(client, merchant):
    made = await create_endpoint(client, merchant, events=["invoice.paid"], description="d")
    path = f"/v1/webhook-endpoints/{made['id']}"
    changes = {"url": "http://127.0.0.1:9/other", "events": ["seat.added", "seat.removed"]}
    response = await client.post(path, json=changes, headers=merchant.headers)
    assert response.status_code == 200
    updated = (await response.get_json())["webhookEndpoint"]
    assert set(updated) == FIELDS
    assert (updated["url"], updated["events"]) == (changes["url"], changes["events"])
    assert (updated["description"], updated["status"]) == ("d", "enabled")
    response = await client.post(path, json={"description": None}, headers=merchant.headers)
    assert (await response.get_json())["webhookEndpoint"]["description"] == ""
    stored = await WebhookEndpoint.get(id=made["id"])
    assert endpoints.secret_of(stored) == made["secret"]  # an update keeps the secret


async def test_disable_and_enable_again_clears_the_failure(client, merchant):
    made = await create_endpoint(client, merchant)
    path = f"/v1/webhook-endpoints/{made['id']}"
    response = await client.post(path, json={"status": "disabled"}, headers=merchant.headers)
    assert (await response.get_json())["webhookEndpoint"]["status"] == "disabled"
    reason = "Every delivery failed for 5 days"
    await WebhookEndpoint.filter(id=made["id"]).update(
        disabled_reason=reason, failing_since=utcnow() - timedelta(days=5)
    )
    read = await (await client.get(path, headers=merchant.headers)).get_json()
    assert read["webhookEndpoint"]["disabledReason"] == reason
    response = await client.post(path, json={"status": "enabled"}, headers=merchant.headers)
    enabled = (await response.get_json())["webhookEndpoint"]
    assert (enabled["status"], enabled["disabledReason"]) == ("enabled", None)
    assert (await WebhookEndpoint.get(id=made["id"])).failing_since is None


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"status": "paused"}, "status must be enabled or disabled"),
        ({"status": None}, "status must be enabled or disabled"),
        ({"status": True}, "Invalid value for field 'status': Input should be a valid string"),
        ({"url": None}, "url must be an http or https URL"),
        ({"url": "mailto:a@example.com"}, "url must be an http or https URL"),
        ({"events": ["invoice.paid", "invoice.sent"]}, "Unknown event types: invoice.sent"),
        ({"description": "y" * 501}, "description must be text of at most 500 characters"),
    ],
)
async def test_update_refuses_bad_input_and_changes_nothing(client, merchant, body, message):
    made = await create_endpoint(client, merchant, events=["invoice.paid"], description="d")
    before = await WebhookEndpoint.get(id=made["id"])
    # A valid change sent alongside is not written either: all is checked first.
    full = {"description": "changed", **body} if "description" not in body else body
    path = f"/v1/webhook-endpoints/{made['id']}"
    response = await client.post(path, json=full, headers=merchant.headers)
    assert (response.status_code, await response.get_json()) == (400, {"error": message})
    after = await WebhookEndpoint.get(id=made["id"])
    assert (after.url, after.events, after.description, after.status, after.updated_at) == (
        before.url,
        before.events,
        before.description,
        before.status,
        before.updated_at,
    )


async def test_delete_answers_the_id_and_then_404(client, merchant):
    made = await create_endpoint(client, merchant)
    path = f"/v1/webhook-endpoints/{made['id']}"
    response = await client.delete(path, headers=merchant.headers)
    assert (response.status_code, await response.get_json()) == (
        200,
        {"deleted": True, "id": made["id"]},
    )
    for response in (
        await client.get(path, headers=merchant.headers),
        await client.delete(path, headers=merchant.headers),
        await client.post(path, json={"description": "x"}, headers=merchant.headers),
        await client.post(f"{path}/rotate-secret", headers=merchant.headers),
    ):
        assert (response.status_code, await response.get_json()) == (404, ENDPOINT_NOT_FOUND)
    listed = await (await client.get("/v1/webhook-endpoints", headers=merchant.headers)).get_json()
    assert listed == {"webhookEndpoints": []}
    assert (await WebhookEndpoint.get(id=made["id"])).deleted_at is not None


async def test_rotation_answers_a_new_secret_and_keeps_the_old_one_for_a_day(client, merchant):
    made = await create_endpoint(client, merchant)
    path = f"/v1/webhook-endpoints/{made['id']}"
    before = utcnow()
    response = await client.post(f"{path}/rotate-secret", headers=merchant.headers)
    assert response.status_code == 200
    rotated = (await response.get_json())["webhookEndpoint"]
    assert set(rotated) == FIELDS | {"secret"}
    assert rotated["secret"].startswith("whsec_") and rotated["secret"] != made["secret"]
    stored = await WebhookEndpoint.get(id=made["id"])
    assert setup.unseal(stored.previous_secret) == made["secret"]
    expires = stored.previous_secret_expires_at
    assert before + timedelta(hours=24) <= expires <= utcnow() + timedelta(hours=24)
    now = endpoints.signing_secrets(stored, expires - timedelta(seconds=1))
    assert (now.current, now.previous) == (rotated["secret"], made["secret"])
    later = endpoints.signing_secrets(stored, expires)
    assert (later.current, later.previous) == (rotated["secret"], None)
    read = await (await client.get(path, headers=merchant.headers)).get_json()
    assert "secret" not in read["webhookEndpoint"]


@pytest.mark.parametrize(
    "odd_id", [MADE_UP_ENDPOINT, "nope", "x" * 300, "we_%00", "evt_" + "A" * 22]
)
async def test_odd_ids_answer_404(client, merchant, odd_id):
    path = f"/v1/webhook-endpoints/{odd_id}"
    for response in (
        await client.get(path, headers=merchant.headers),
        await client.post(path, json={"status": "disabled"}, headers=merchant.headers),
        await client.delete(path, headers=merchant.headers),
        await client.post(f"{path}/rotate-secret", headers=merchant.headers),
    ):
        assert (response.status_code, await response.get_json()) == (404, ENDPOINT_NOT_FOUND)
