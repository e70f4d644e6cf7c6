"""Cancelled subscriptions stay readable in the dashboard (issue 19, point 3): the Cancelled
tab, the customer's cancelled subscriptions, the read-only subscription page; /v1 keeps the
spec's 404. Cancel at period end, performed by the due-work pass, and its undo."""

from datetime import timedelta

from billing.due_work import run_due
from billing.subscriptions import subscription_lifecycle
from billing.subscriptions.models import Subscription
from tests.support.factories.subscriptions import subscribe
from tests.support.webapp.catalog_pages import HX, html_of, signed_up


async def test_cancelled_subscription_stays_readable_in_the_dashboard(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    kept = await subscribe(merchant_id, monthly_cents=1000)
    gone = await subscribe(merchant_id, monthly_cents=2500)
    sid = gone.stable_subscription_id
    response = await client.post(
        f"/dashboard/subscriptions/{sid}/cancel", form={"csrf_token": token}
    )
    assert response.headers["Location"] == f"/dashboard/subscriptions/{sid}"

    page = await html_of(await client.get(f"/dashboard/subscriptions/{sid}"))
    assert 'data-status="cancelled"' in page and "Cancelled on" in page
    for action in ("Pause", "Cancel now", "Cancel at period end", "Override features"):
        assert f">{action}<" not in page, action  # read-only: no action buttons
    assert "History" in page and "Cancelled" in page

    listing = await html_of(
        await client.get("/dashboard/subscriptions?status=cancelled", headers=HX)
    )
    assert sid in listing and kept.stable_subscription_id not in listing
    assert 'Cancelled <span class="count">1</span>' in listing
    everything = await html_of(await client.get("/dashboard/subscriptions"))
    assert sid in everything and kept.stable_subscription_id in everything
    assert 'All <span class="count">2</span>' in everything
    active = await html_of(await client.get("/dashboard/subscriptions?status=active"))
    assert sid not in active

    customer = await html_of(await client.get(f"/dashboard/customers/{gone.customer_id}"))
    assert "Cancelled subscriptions" in customer and f"/dashboard/subscriptions/{sid}" in customer
    assert "No active subscription" in customer

    # acting on it is refused in place, and nothing changes
    response = await client.post(
        f"/dashboard/subscriptions/{sid}/pause", form={"csrf_token": token}
    )
    page = await html_of(await client.get(response.headers["Location"]))
    assert "Subscription has ended" in page
    assert (await Subscription.get(id=gone.id)).status == "ended"


async def test_api_still_answers_404_for_a_cancelled_subscription(client, merchant):
    sub = await subscribe(merchant.id)
    await subscription_lifecycle.cancel(merchant.id, sub.stable_subscription_id)
    response = await client.get(
        f"/v1/subscriptions/{sub.stable_subscription_id}", headers=merchant.headers
    )
    assert response.status_code == 404
    listed = await (await client.get("/v1/subscriptions", headers=merchant.headers)).get_json()
    assert listed["subscriptions"] == []


async def test_another_merchants_cancelled_subscription_is_not_shown(
    client, sign_up, make_merchant
):
    await signed_up(sign_up)
    other = await make_merchant()
    theirs = await subscribe(other.id)
    await subscription_lifecycle.cancel(other.id, theirs.stable_subscription_id)
    sid = theirs.stable_subscription_id
    response = await client.get(f"/dashboard/subscriptions/{sid}")
    assert response.status_code == 303
    page = await html_of(await client.get(response.headers["Location"]))
    assert "Subscription not found or access denied" in page
    listing = await html_of(await client.get("/dashboard/subscriptions?status=cancelled"))
    assert sid not in listing and "No cancelled subscriptions" in listing


async def test_cancel_at_period_end_then_keep_then_the_due_pass_ends_it(client, sign_up, merchant):
    merchant_id, token = await signed_up(sign_up)
    sub = await subscribe(merchant_id, monthly_cents=4900)
    sid = sub.stable_subscription_id
    confirm = await html_of(
        await client.get(f"/dashboard/subscriptions/{sid}/cancel-at-period-end")
    )
    assert "Cancel at the end of the period?" in confirm
    url = f"/dashboard/subscriptions/{sid}/cancel-at-period-end"
    response = await client.post(url, form={"csrf_token": token})
    page = await html_of(await client.get(response.headers["Location"]))
    assert "The subscription ends when its current period ends." in page
    assert "It will not renew." in page and ">Keep subscription<" in page
    row = await Subscription.get(id=sub.id)
    assert (row.status, row.cancel_at_period_end, row.deleted_at) == ("active", True, None)

    # asking twice is refused in place
    response = await client.post(url, form={"csrf_token": token})
    page = await html_of(await client.get(response.headers["Location"]))
    assert "already ends at the end of its current period" in page

    await client.post(f"/dashboard/subscriptions/{sid}/keep", form={"csrf_token": token})
    assert (await Subscription.get(id=sub.id)).cancel_at_period_end is False
    page = await html_of(await client.get(f"/dashboard/subscriptions/{sid}"))
    assert "The subscription renews as usual." in page and ">Cancel at period end<" in page

    await client.post(url, form={"csrf_token": token})
    await run_due(now=sub.current_period_end - timedelta(minutes=1), merchant_id=merchant_id)
    assert (await Subscription.get(id=sub.id)).status == "active"
    await run_due(now=sub.current_period_end + timedelta(minutes=1), merchant_id=merchant_id)
    row = await Subscription.get(id=sub.id)
    assert (row.status, row.end_timestamp) == ("ended", sub.current_period_end)
    page = await html_of(await client.get(f"/dashboard/subscriptions/{sid}"))
    assert 'data-status="cancelled"' in page and "Set to cancel at period end" in page


async def test_api_shows_cancel_at_period_end_and_404_after_the_pass(client, merchant):
    sub = await subscribe(merchant.id)
    await subscription_lifecycle.cancel_at_period_end(merchant.id, sub.stable_subscription_id)
    path = f"/v1/subscriptions/{sub.stable_subscription_id}"
    body = await (await client.get(path, headers=merchant.headers)).get_json()
    assert (body["status"], body["cancelAtPeriodEnd"]) == ("active", True)
    await run_due(now=sub.current_period_end + timedelta(seconds=1), merchant_id=merchant.id)
    assert (await client.get(path, headers=merchant.headers)).status_code == 404


async def test_confirming_an_action_on_a_cancelled_subscription_leads_to_its_page(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    sub = await subscribe(merchant_id)
    sid = sub.stable_subscription_id
    await subscription_lifecycle.cancel(merchant_id, sid)
    response = await client.get(f"/dashboard/subscriptions/{sid}/cancel-at-period-end")
    assert response.headers["Location"] == f"/dashboard/subscriptions/{sid}"
    page = await html_of(await client.get(response.headers["Location"]))
    assert "Cancelled on" in page and "not found" not in page
