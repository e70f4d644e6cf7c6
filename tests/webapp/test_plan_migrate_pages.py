"""Moving subscribers between plan versions and changing one subscription's plan from the
dashboard (issue 19, point 5): the plan page counts each older version's subscribers and asks
before moving them now or at their next billing cycle; a subscription's page changes its plan
now or at the end of its period. Through the in-process client."""

from billing.catalog import plan_create, plan_edits
from billing.subscriptions import subscriptions
from billing.subscriptions.models import ScheduledChange, Subscription
from tests.subscription_factories import make_customer
from tests.webapp.test_catalog_pages import HX, html_of, post_form, signed_up


async def _pro_with_subscribers(merchant_id: str, count: int):
    view = await plan_create.create_plan(merchant_id, plan_name="Pro", monthly_price=2900)
    price = view.prices[0]
    for _ in range(count):
        customer = await make_customer(merchant_id)
        await subscriptions.create_subscription(
            merchant_id, customer_id=customer.id, plan_id=view.plan.id, effective_price_id=price.id
        )
    await plan_edits.edit_plan(merchant_id, view.plan.id, monthly_price=3500)
    return view.plan


async def _plans_of_live(merchant_id: str) -> list[int]:
    rows = await Subscription.scoped(merchant_id).all().prefetch_related("plan")
    return sorted(row.plan.version_number for row in rows)


async def test_plan_page_counts_subscribers_and_asks_before_moving(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    plan = await _pro_with_subscribers(merchant_id, 2)
    url = f"/dashboard/plans/{plan.stable_plan_id}"
    page = await html_of(await client.get(url))
    assert "Subscribers on older versions" in page and "2 subscribers" in page
    assert (
        'hx-confirm="Move 2 subscribers from v1 to v2 at their next billing cycle? '
        'Each moves when its current billing period ends."' in page
    )
    assert 'hx-confirm="Move 2 subscribers from v1 to v2 now? Their prices and features' in page

    # Without JavaScript the button leads to a page that asks the same.
    confirm = await html_of(
        await client.get(f"{url}/migrate?from_version=1&strategy=next_billing_cycle")
    )
    assert "Move 2 subscribers from v1 to v2 at their next billing cycle?" in confirm

    response = await post_form(
        client,
        f"{url}/migrate",
        {"csrf_token": token, "from_version": "1", "strategy": "next_billing_cycle"},
    )
    assert response.status_code == 303 and response.headers["Location"] == url
    page = await html_of(await client.get(url))
    assert "2 subscribers will move to v2 at their next billing cycle." in page
    assert "2 already scheduled to move to v2" in page
    assert await ScheduledChange.scoped(merchant_id).filter(status="pending").count() == 2
    assert await _plans_of_live(merchant_id) == [1, 1]

    response = await post_form(
        client,
        f"{url}/migrate",
        {"csrf_token": token, "from_version": "1", "strategy": "immediate"},
        headers=HX,
    )
    assert response.headers["HX-Redirect"] == url
    page = await html_of(await client.get(url))
    assert "2 subscribers moved to v2." in page
    assert "Subscribers on older versions" not in page
    assert await _plans_of_live(merchant_id) == [2, 2]


async def test_bad_migrate_requests_change_nothing(client, sign_up, make_merchant):
    merchant_id, token = await signed_up(sign_up)
    plan = await _pro_with_subscribers(merchant_id, 1)
    url = f"/dashboard/plans/{plan.stable_plan_id}/migrate"
    for form in (
        {"from_version": "9", "strategy": "immediate"},
        {"from_version": "x", "strategy": "immediate"},
        {"from_version": "1", "strategy": "sometime"},
        {"from_version": "2", "strategy": "immediate"},
    ):
        response = await post_form(client, url, {"csrf_token": token, **form})
        assert response.status_code == 303
    page = await html_of(await client.get(f"/dashboard/plans/{plan.stable_plan_id}"))
    assert "version 9 does not exist for this plan" in page
    assert "That is already the current version" in page
    assert "Choose now or next cycle" in page
    assert await _plans_of_live(merchant_id) == [1]

    other = await make_merchant()
    foreign = await _pro_with_subscribers(other.id, 1)
    response = await post_form(
        client,
        f"/dashboard/plans/{foreign.stable_plan_id}/migrate",
        {"csrf_token": token, "from_version": "1", "strategy": "immediate"},
    )
    assert response.status_code == 303
    assert await _plans_of_live(other.id) == [1]
