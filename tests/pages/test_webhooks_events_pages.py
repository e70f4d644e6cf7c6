"""Developers → Webhooks → Events through the in-process client: the log page by page and
by type with how each event's deliveries stand, an event's attempts, and resending it to
every endpoint or to one."""

from datetime import timedelta

import pytest

from billing.core.models import utcnow
from billing.event_log.models import DeliveryStatus, WebhookDelivery
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

SUCCEEDED, FAILED = DeliveryStatus.SUCCEEDED, DeliveryStatus.FAILED


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


def row_of(page: str, event_id: str) -> str:
    start = page.index(f'id="event-{event_id}"')
    return page[start : page.index("</li>", start)]


async def test_each_listed_event_says_how_its_deliveries_stand(client, signed_in, make_merchant):
    merchant_id, _ = signed_in
    unsent = await customer_created(merchant_id, name="Before any endpoint")
    for number in range(3):
        await an_endpoint(merchant_id, url=f"http://localhost/hooks/{number}")
    mixed = await customer_created(merchant_id, name="Mixed")
    done = await customer_created(merchant_id, name="Done")
    waiting = await customer_created(merchant_id, name="Waiting")
    delivered, retrying, failed = await WebhookDelivery.filter(event_id=mixed.id).order_by("id")
    await WebhookDelivery.filter(id=delivered.id).update(status=SUCCEEDED, attempts=1)
    await WebhookDelivery.filter(id=retrying.id).update(attempts=2)
    await WebhookDelivery.filter(id=failed.id).update(status=FAILED, attempts=8)
    await WebhookDelivery.filter(event_id=done.id).update(status=SUCCEEDED, attempts=1)
    # Another merchant's deliveries never count, even made to look like this one's events'.
    other = await make_merchant("Other Ltd")
    theirs = await an_endpoint(other.id, url="http://localhost/theirs")
    await WebhookDelivery.create(merchant_id=other.id, event_id=done.id, endpoint_id=theirs.id)

    page = await text(await client.get("/dashboard/webhooks/events"))
    expected = {
        unsent.id: ("Not sent", "badge-muted"),
        mixed.id: ("1 delivered · 1 retrying · 1 failed", "badge-danger"),
        done.id: ("3 delivered", "badge-success"),
        waiting.id: ("3 waiting", "badge-muted"),
    }
    for event_id, (words, tone) in expected.items():
        row = row_of(page, event_id)
        assert f'class="badge delivery-outcome {tone}"' in row, row
        assert f"Deliveries: </span>{words}</span>" in row, row

    await WebhookDelivery.filter(id=failed.id).update(status=SUCCEEDED)
    again = row_of(await text(await client.get("/dashboard/webhooks/events")), mixed.id)
    assert "2 delivered · 1 retrying" in again and "badge-warning" in again
