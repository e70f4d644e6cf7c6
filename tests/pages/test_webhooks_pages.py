"""Developers → Webhooks through the in-process client: status, errors in place, the secret
shown once, CSRF on every action, and another merchant's ids answering as made-up ones."""

import pytest

from billing.core.ids import new_id
from billing.event_log import event_types
from billing.event_log.models import (
    DeliveryStatus,
    EndpointStatus,
    Event,
    WebhookDelivery,
    WebhookEndpoint,
)
from billing.webhooks import endpoints, url_guard
from tests.support.pages.subscriptions import merchant_of
from tests.support.pages.webhooks import HTMX, an_endpoint, customer_created, post, text


@pytest.fixture
async def signed_in(sign_up):
    """A merchant signed up through the page: (merchant id, the session's CSRF token)."""
    email, token = await sign_up()
    return await merchant_of(email), token


async def test_the_page_lists_endpoints_with_their_types_and_status(client, signed_in):
    merchant_id, _ = signed_in
    page = await text(await client.get("/dashboard/webhooks"))
    assert "No endpoints yet" in page and 'href="/dashboard/webhooks"' in page
    for name in event_types.TYPES:  # each type a checkbox, under its object's heading
        assert f'name="events" value="{name}"' in page
    assert "Subscriptions</legend>" in page and 'value="*" id="events-all" checked' in page
    await an_endpoint(merchant_id, "http://localhost/all", description="Grants access")
    picked = await an_endpoint(
        merchant_id, "http://localhost/some", events=["invoice.paid", "invoice.voided"]
    )
    await endpoints.update_endpoint(merchant_id, picked.id, status="disabled")
    response = await client.get("/dashboard/webhooks")
    assert response.status_code == 200
    page = await text(response)
    assert "http://localhost/all" in page and "Grants access" in page
    assert "All events" in page and "invoice.paid, invoice.voided" in page
    assert "Enabled" in page and "Disabled by you" in page
    assert "whsec_" not in page


async def test_adding_an_endpoint_shows_its_secret_once(client, signed_in):
    merchant_id, token = signed_in
    form = {
        "csrf_token": token,
        "url": "http://localhost/hooks",
        "description": "Prod",
        "events": ["customer.created", "invoice.paid"],
    }
    response = await post(client, "/dashboard/webhooks", form=form, headers=HTMX)
    assert response.status_code == 201
    made = await WebhookEndpoint.get(merchant_id=merchant_id)
    assert made.events == ["customer.created", "invoice.paid"] and made.description == "Prod"
    page = await text(response)
    secret = endpoints.secret_of(made)
    assert secret in page and "Copy" in page
    assert secret not in await text(await client.get("/dashboard/webhooks"))
    assert secret not in await text(await client.get(f"/dashboard/webhooks/endpoints/{made.id}"))


async def test_all_events_ticked_wins_over_single_types(client, signed_in):
    merchant_id, token = signed_in
    form = {"csrf_token": token, "url": "http://localhost/h", "events": ["*", "invoice.paid"]}
    assert (await post(client, "/dashboard/webhooks", form=form)).status_code == 201
    assert (await WebhookEndpoint.get(merchant_id=merchant_id)).events == ["*"]


@pytest.mark.parametrize(
    ("url", "events", "says"),
    [
        ("ftp://example.com/x", ["*"], "starts with https:// or http://"),
        ("", ["*"], "Enter the URL Tally should send events to"),
        ("http://localhost/x", ["customer.created", "nope.thing"], "no event named nope.thing"),
        ("http://localhost/x", [], "Tick “All events” or at least one type"),
    ],
)
async def test_bad_input_is_shown_next_to_its_field(client, signed_in, url, events, says):
    merchant_id, token = signed_in
    form = {"csrf_token": token, "url": url, "events": events}
    response = await post(client, "/dashboard/webhooks", form=form, headers=HTMX)
    assert response.status_code == 422
    page = await text(response)
    assert says in page and 'class="field-error"' in page
    assert 'aria-invalid="true"' in page
    assert not await WebhookEndpoint.filter(merchant_id=merchant_id).exists()


async def test_a_private_address_is_refused_in_words(client, signed_in):
    merchant_id, token = signed_in
    url_guard.configure(allow_private=False)
    try:
        form = {"csrf_token": token, "url": "http://127.0.0.1:9/hooks", "events": ["*"]}
        response = await post(client, "/dashboard/webhooks", form=form)
    finally:
        url_guard.configure(allow_private=True)  # as the tests' settings have it
    assert response.status_code == 422
    assert "private or internal network" in await text(response)
    assert not await WebhookEndpoint.filter(merchant_id=merchant_id).exists()


async def test_edit_reveal_and_rotate(client, signed_in):
    merchant_id, token = signed_in
    endpoint = await an_endpoint(merchant_id)
    base = f"/dashboard/webhooks/endpoints/{endpoint.id}"
    form = {
        "csrf_token": token,
        "url": "http://127.0.0.1/new",
        "description": "",
        "events": ["seat.added"],
    }
    response = await post(client, base, form=form)
    assert response.status_code == 303
    changed = await WebhookEndpoint.get(id=endpoint.id)
    assert changed.url == "http://127.0.0.1/new" and changed.events == ["seat.added"]
    response = await post(client, base, form={**form, "url": "mailto:x@example.com"})
    assert response.status_code == 422 and "starts with https://" in await text(response)

    old = endpoints.secret_of(changed)
    revealed = await post(client, f"{base}/reveal", form={"csrf_token": token}, headers=HTMX)
    assert revealed.status_code == 200 and old in await text(revealed)
    rotated = await post(client, f"{base}/rotate", form={"csrf_token": token}, headers=HTMX)
    page = await text(rotated)
    new = endpoints.secret_of(await WebhookEndpoint.get(id=endpoint.id))
    assert new != old and new in page and old not in page
    assert "keeps working for 24 hours" in page


async def test_a_test_event_queues_one_delivery_to_that_endpoint(client, signed_in):
    merchant_id, token = signed_in
    endpoint = await an_endpoint(merchant_id)
    other = await an_endpoint(merchant_id, "http://localhost/other")
    response = await post(
        client,
        f"/dashboard/webhooks/endpoints/{endpoint.id}/test",
        form={"csrf_token": token},
        headers=HTMX,
    )
    assert response.status_code == 200
    assert "Pending" in await text(response)
    event = await Event.get(merchant_id=merchant_id, type="webhook_endpoint.test")
    delivery = await WebhookDelivery.get(event_id=event.id)
    assert delivery.endpoint_id == endpoint.id and delivery.status == DeliveryStatus.PENDING
    assert not await WebhookDelivery.filter(endpoint_id=other.id).exists()

    await post(
        client,
        f"/dashboard/webhooks/endpoints/{endpoint.id}/status",
        form={"csrf_token": token, "status": "disabled"},
    )
    assert (await WebhookEndpoint.get(id=endpoint.id)).status == EndpointStatus.DISABLED
    refused = await post(
        client,
        f"/dashboard/webhooks/endpoints/{endpoint.id}/test",
        form={"csrf_token": token},
        headers=HTMX,
    )
    assert refused.status_code == 422 and "enable it to send" in await text(refused)


async def test_every_action_needs_the_csrf_token(client, signed_in):
    merchant_id, _ = signed_in
    endpoint = await an_endpoint(merchant_id)
    event = await customer_created(merchant_id)
    base = f"/dashboard/webhooks/endpoints/{endpoint.id}"
    posts = [
        ("/dashboard/webhooks", {"url": "http://localhost/x", "events": ["*"]}),
        (base, {"url": "http://localhost/x", "events": ["*"]}),
        (f"{base}/reveal", {}),
        (f"{base}/rotate", {}),
        (f"{base}/test", {}),
        (f"{base}/status", {"status": "disabled"}),
        (f"{base}/delete", {}),
        (f"/dashboard/webhooks/events/{event.id}/resend", {}),
    ]
    for path, form in posts:
        response = await post(client, path, form=form, headers=HTMX)
        assert response.status_code == 403, path
    assert await WebhookEndpoint.filter(merchant_id=merchant_id).count() == 1
    kept = await WebhookEndpoint.get(id=endpoint.id)
    assert kept.secret == endpoint.secret and kept.status == EndpointStatus.ENABLED
    assert not await Event.filter(merchant_id=merchant_id, type="webhook_endpoint.test").exists()
    assert not await WebhookDelivery.filter(event_id=event.id, resend=True).exists()


async def _answers(client, token: str, ids: tuple[str, ...], paths: list[str]) -> list:
    """(status, body) of every request to every path, per id: one list per id."""
    found = []
    for one in ids:
        answers = []
        for path in paths:
            method, _, template = path.partition(" ")
            url = template.format(id=one)
            if method == "GET":
                response = await client.get(url)
            else:
                form = {
                    "csrf_token": token,
                    "status": "disabled",
                    "url": "http://localhost/x",
                    "events": ["*"],
                }
                response = await post(client, url, form=form)
            # the page names its own URL (the mode switch returns to it): the id aside
            body = (await text(response)).replace(one, "{id}")
            answers.append((response.status_code, body))
        found.append(answers)
    return found


async def test_another_merchants_ids_answer_like_made_up_ones(client, signed_in, make_merchant):
    _, token = signed_in
    other = await make_merchant("Other Co")
    theirs = await an_endpoint(other.id)
    their_event = await customer_created(other.id)
    base = "/dashboard/webhooks/endpoints/{id}"
    endpoint_paths = [f"GET {base}", f"GET {base}/delete", f"POST {base}"] + [
        f"POST {base}/{action}" for action in ("reveal", "rotate", "test", "status", "delete")
    ]
    theirs_answers, made_up = await _answers(
        client, token, (theirs.id, new_id("we")), endpoint_paths
    )
    assert theirs_answers == made_up
    assert {status for status, _ in made_up} == {404}
    assert all("Webhook endpoint not found" in body for _, body in made_up)

    event_paths = [
        "GET /dashboard/webhooks/events/{id}",
        "POST /dashboard/webhooks/events/{id}/resend",
    ]
    theirs_answers, made_up = await _answers(
        client, token, (their_event.id, new_id("evt")), event_paths
    )
    assert theirs_answers == made_up
    assert {status for status, _ in made_up} == {404}
    assert all("Event not found" in body for _, body in made_up)

    untouched = await WebhookEndpoint.get(id=theirs.id)
    assert untouched.secret == theirs.secret and untouched.status == EndpointStatus.ENABLED
    assert untouched.deleted_at is None
    assert not await Event.filter(merchant_id=other.id, type="webhook_endpoint.test").exists()
    assert their_event.id not in await text(await client.get("/dashboard/webhooks/events"))


async def test_delete_asks_first_then_the_endpoint_is_gone(client, signed_in):
    merchant_id, token = signed_in
    endpoint = await an_endpoint(merchant_id)
    base = f"/dashboard/webhooks/endpoints/{endpoint.id}"
    asking = await client.get(f"{base}/delete")
    assert asking.status_code == 200 and "Delete this endpoint?" in await text(asking)
    response = await post(client, f"{base}/delete", {"csrf_token": token}, HTMX)
    assert response.headers["HX-Redirect"] == "/dashboard/webhooks"
    assert (await WebhookEndpoint.get(id=endpoint.id)).deleted_at is not None
    page = await text(await client.get("/dashboard/webhooks"))
    assert "Endpoint deleted" in page and endpoint.id not in page
    assert (await client.get(base)).status_code == 404


async def test_without_javascript_reveal_and_test_event_are_pages(client, signed_in):
    merchant_id, token = signed_in
    endpoint = await an_endpoint(merchant_id)
    base = f"/dashboard/webhooks/endpoints/{endpoint.id}"
    revealed = await post(client, f"{base}/reveal", {"csrf_token": token})
    page = await text(revealed)
    assert revealed.status_code == 200 and "<html" in page
    assert endpoints.secret_of(endpoint) in page
    sent = await post(client, f"{base}/test", {"csrf_token": token})
    event = await Event.get(merchant_id=merchant_id, type="webhook_endpoint.test")
    assert sent.status_code == 303
    assert sent.headers["Location"] == f"/dashboard/webhooks/events/{event.id}"
