"""Deleting says what will happen before the merchant confirms (issue 19, point 7): a feature's
delete names how many plans and subscriptions grant it; a customer with a subscription that is
not cancelled is told up front it cannot be deleted, with links to what to cancel."""

import html

from billing.catalog import features, plan_create, plan_edits
from billing.customers.models import Customer
from billing.subscriptions import subscription_lifecycle, subscriptions
from tests.support.factories.subscriptions import make_customer, subscribe
from tests.support.webapp.catalog_pages import html_of, post_form, signed_up


async def _subscribe(merchant_id: str, view):
    customer = await make_customer(merchant_id)
    return await subscriptions.create_subscription(
        merchant_id,
        customer_id=customer.id,
        plan_id=view.plan.id,
        effective_price_id=view.prices[0].id,
    )


async def test_feature_delete_names_the_plans_and_subscriptions_granting_it(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    seats = await features.create_feature(
        merchant_id, slug="seats", display_name="Team members", feature_type="number"
    )
    spare = await features.create_feature(merchant_id, slug="spare", display_name="Spare")
    pro = await plan_create.create_plan(
        merchant_id, plan_name="Pro", monthly_price=2900, feature_ids=[seats.id]
    )
    team = await plan_create.create_plan(
        merchant_id, plan_name="Team", monthly_price=9900, feature_ids=[seats.id]
    )
    for _ in range(3):
        await _subscribe(merchant_id, pro)
    cancelled = await _subscribe(merchant_id, team)
    await subscription_lifecycle.cancel(merchant_id, cancelled.stable_subscription_id)
    await plan_edits.edit_plan(merchant_id, pro.plan.id, monthly_price=3500)  # Pro v2

    page = html.unescape(await html_of(await client.get("/dashboard/features")))
    assert (
        'hx-confirm="Delete “Team members”? “Team members” is granted by 2 plans and 3 '
        "subscriptions; deleting it removes it from them, and entitlement checks for it will "
        'answer “not entitled”. This cannot be undone."' in page
    )
    assert "No plan or subscription grants “Spare”." in page
    confirm = html.unescape(
        await html_of(await client.get(f"/dashboard/features/{seats.id}/delete"))
    )
    assert "“Team members” is granted by 2 plans and 3 subscriptions" in confirm
    confirm = html.unescape(
        await html_of(await client.get(f"/dashboard/features/{spare.id}/delete"))
    )
    assert "No plan or subscription grants “Spare”." in confirm


async def test_customer_with_a_live_subscription_is_told_up_front(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    subscription = await subscribe(merchant_id)
    customer_id = subscription.customer_id
    sid = subscription.stable_subscription_id
    detail = await html_of(await client.get(f"/dashboard/customers/{customer_id}"))
    assert f'hx-post="/dashboard/customers/{customer_id}/delete"' not in detail
    confirm = await html_of(await client.get(f"/dashboard/customers/{customer_id}/delete"))
    assert "cannot be deleted yet" in confirm
    assert "Cancel it first, then delete the customer." in confirm
    assert f'href="/dashboard/subscriptions/{sid}">Plan ' in confirm
    assert "(active): open it to cancel it</a>" in confirm
    assert "Delete customer</button>" not in confirm

    await subscription_lifecycle.cancel(merchant_id, sid)
    detail = await html_of(await client.get(f"/dashboard/customers/{customer_id}"))
    assert f'hx-post="/dashboard/customers/{customer_id}/delete"' in detail
    assert "This cannot be undone." in detail
    confirm = await html_of(await client.get(f"/dashboard/customers/{customer_id}/delete"))
    assert "Delete customer</button>" in confirm
    response = await post_form(
        client, f"/dashboard/customers/{customer_id}/delete", {"csrf_token": token}
    )
    assert response.status_code == 303
    assert not await Customer.scoped(merchant_id).filter(id=customer_id).exists()
