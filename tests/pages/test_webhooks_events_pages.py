"""Developers → Webhooks → Events through the in-process client: the log page by page and
by type, an event's attempts, and resending it to every endpoint or to one."""

from datetime import timedelta

import pytest

from billing.core.models import utcnow
from billing.event_log.models import WebhookDelivery
from billing.webhooks import endpoints
from tests.support.pages.subscriptions import merchant_of
from tests.support.pages.webhooks import (
    HTMX,
    an_endpoint,
    customer_created,
    failed_attempt,
    post,
    text,
)


@pytest.fixture
async def signed_in(sign_up):
    """A merchant signed up through the page: (merchant id, the session's CSRF token)."""
    email, token = await sign_up()
    return await merchant_of(email), token


async def test_events_list_detail_and_resend(client, signed_in):
    merchant_id, token = signed_in
    endpoint = await an_endpoint(merchant_id)
    event = await customer_created(merchant_id)
    page = await text(await client.get("/dashboard/webhooks/events"))
    assert event.id in page and "customer.created" in page and "A customer was created" in page

    delivery = await WebhookDelivery.get(event_id=event.id)
    at = utcnow()
    await failed_attempt(delivery, at=at, retry_at=at + timedelta(minutes=5))
    page = await text(await client.get(f"/dashboard/webhooks/events/{event.id}"))
    assert "HTTP 500" in page and "42 ms" in page and endpoint.url in page
    assert "upstream broke" in page

    resend = f"/dashboard/webhooks/events/{event.id}/resend"
    response = await post(client, resend, form={"csrf_token": token}, headers=HTMX)
    assert response.status_code == 202 and "Sent again to 1 endpoint" in await text(response)
    one = await post(
        client, resend, form={"csrf_token": token, "endpoint_id": endpoint.id}, headers=HTMX
    )
    assert one.status_code == 202
    assert await WebhookDelivery.filter(event_id=event.id, resend=True).count() == 2

    await endpoints.update_endpoint(merchant_id, endpoint.id, status="disabled")
    none = await post(client, resend, form={"csrf_token": token}, headers=HTMX)
    assert none.status_code == 422 and "None of your enabled endpoints" in await text(none)


async def test_events_page_by_page_and_by_type(client, signed_in):
    merchant_id, token = signed_in
    endpoint = await an_endpoint(merchant_id)
    made = [await customer_created(merchant_id, name=f"N{number}") for number in range(26)]
    await post(client, f"/dashboard/webhooks/endpoints/{endpoint.id}/test", {"csrf_token": token})
    first = await text(await client.get("/dashboard/webhooks/events"))
    assert first.count('class="event-row"') == 25 and "webhook_endpoint.test" in first
    older = f"/dashboard/webhooks/events?after={made[2].id}"  # the test event is newest
    assert f'href="{older}"' in first
    second = await text(await client.get(older, headers=HTMX))
    assert second.count('class="event-row"') == 2 and made[0].id in second
    assert "Older events" not in second and "Newest events" in second

    typed = await text(await client.get("/dashboard/webhooks/events?type=customer.created"))
    assert typed.count('class="event-row"') == 25 and "webhook_endpoint.test" not in typed
    assert '<option value="customer.created" selected>' in typed
    bad = await client.get("/dashboard/webhooks/events?type=nope")
    assert bad.status_code == 200 and "Type must be an event type" in await text(bad)
