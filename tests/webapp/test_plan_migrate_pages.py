"""Moving subscribers between plan versions and changing one subscription's plan from the
dashboard (issue 19, point 5): the plan page counts each older version's subscribers and asks
before moving them now or at their next billing cycle; a subscription's page changes its plan
now or at the end of its period. Through the in-process client."""

from billing.catalog import plan_create, plan_edits
from billing.catalog.models import Plan, Price
from billing.subscriptions import subscriptions
from billing.subscriptions.models import ScheduledChange, Subscription
from tests.support.factories.subscriptions import make_customer, subscribe
from tests.support.webapp.catalog_pages import HX, html_of, post_form, signed_up


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
    assert "Version 9 does not exist for this plan" in page
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


async def test_subscription_changes_plan_at_period_end_or_now(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    subscription = await subscribe(merchant_id, monthly_cents=1500)
    team = await plan_create.create_plan(
        merchant_id, plan_name="Team", monthly_price=4900, yearly_price=49000
    )
    monthly, yearly = sorted(
        team.prices, key=lambda p: p.pricing_data["components"][0]["amount_cents"]
    )
    sid = subscription.stable_subscription_id
    detail = await html_of(await client.get(f"/dashboard/subscriptions/{sid}"))
    assert f'href="/dashboard/subscriptions/{sid}/change-plan"' in detail
    url = f"/dashboard/subscriptions/{sid}/change-plan"
    page = await html_of(await client.get(url))
    assert "Team (v1)" in page and "€49.00 / month" in page and "€490.00 / year" in page
    assert "At the end of the current billing period" in page

    form = {"csrf_token": token, "plan_id": team.plan.id, "price_id": yearly.id}
    response = await post_form(client, url, form | {"when": "next_billing_cycle"})
    assert response.status_code == 303
    page = await html_of(await client.get(response.headers["Location"]))
    period_end = subscription.current_period_end
    end = f"{period_end:%b} {period_end.day}, {period_end.year}"  # Jan 1, 2030
    assert f"Plan changes to Team (v1) at €490.00 / year on {end}." in page
    [change] = await ScheduledChange.scoped(merchant_id).filter(status="pending")
    assert (change.kind, change.new_price_id) == ("plan_change", yearly.id)
    assert "Already scheduled: a move to Team" in await html_of(await client.get(url))

    response = await post_form(client, url, form | {"price_id": monthly.id, "when": "now"})
    assert response.status_code == 303
    page = await html_of(await client.get(response.headers["Location"]))
    assert "Plan changed to Team (v1) at €49.00 / month." in page
    assert "<strong>Plan changed</strong>" in page and "→ Team v1" in page
    live = await Subscription.scoped(merchant_id).get(stable_subscription_id=sid)
    assert (live.plan_id, live.effective_price_id, live.version_number) == (
        team.plan.id,
        monthly.id,
        2,
    )
    assert await ScheduledChange.scoped(merchant_id).filter(status="pending").count() == 0


async def test_change_plan_errors_show_in_place(client, sign_up, make_merchant):
    merchant_id, token = await signed_up(sign_up)
    subscription = await subscribe(merchant_id, monthly_cents=1500)
    sid = subscription.stable_subscription_id
    url = f"/dashboard/subscriptions/{sid}/change-plan"
    same = {
        "csrf_token": token,
        "plan_id": subscription.plan_id,
        "price_id": subscription.effective_price_id,
        "when": "now",
    }
    response = await post_form(client, url, same)
    assert response.status_code == 422
    assert "already on this plan and price" in await html_of(response)
    other = await make_merchant()
    foreign = await subscribe(other.id)
    response = await post_form(client, url, same | {"price_id": foreign.effective_price_id})
    assert response.status_code == 422
    assert "Price not found or access denied" in await html_of(response)
    response = await post_form(client, url, same | {"when": "yesterday"})
    assert response.status_code == 422
    live = await Subscription.scoped(merchant_id).get(stable_subscription_id=sid)
    assert live.version_number == 1
    assert await Plan.scoped(other.id).count() == 1 and await Price.scoped(other.id).count() == 1
