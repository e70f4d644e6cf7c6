"""Free subscriptions end to end (spec rule 2): provider A required, the customer found or
created, the subscription service's rules, credit grants counted, one merchant row only.

Provider A is configured as a row (``tests.support.factories.webhooks.configure``): a free plan
makes no provider call, so only the stored configuration matters here.
"""

import asyncio

import pytest

from billing.core.errors import Conflict, Invalid, NotFound
from billing.customers.models import Customer
from billing.enrollment import free_subscriptions
from billing.subscriptions.models import CreditGrant, Subscription
from tests.support.billing.enrollment.free_subscriptions import free_setup, table
from tests.support.factories.catalog import make_plan
from tests.support.factories.subscriptions import make_customer, subscribe
from tests.support.factories.webhooks import configure

USER = {"customer_email": "Ada@Example.com", "customer_name": "Ada", "user_id": "user-1"}


async def counts(merchant_id: str) -> tuple[int, int]:
    return (
        await Customer.filter(merchant_id=merchant_id).count(),
        await Subscription.filter(merchant_id=merchant_id).count(),
    )


async def test_new_customer_subscribed_with_credit_grants(merchant):
    plan = await free_setup(merchant.id)
    made = await free_subscriptions.create_free_subscription(
        merchant.id, **USER, billing_country="de", billing_city="Berlin"
    )
    assert made.customer_created and made.plan.id == plan.id
    assert made.credit_grants_created == 2  # API calls and storage; SSO has no allowance
    customer = made.customer
    assert (customer.email, customer.name, customer.external_customer_id) == (
        "Ada@Example.com",
        "Ada",
        "user-1",
    )
    assert (customer.billing_country, customer.billing_city) == ("DE", "Berlin")
    sub = made.subscription
    assert (sub.customer_id, sub.plan_id, sub.status) == (customer.id, plan.id, "active")
    grants = await CreditGrant.filter(subscription_id=sub.id).values_list("allowance", flat=True)
    assert sorted(grants) == [10, 1000]


async def test_existing_customer_found_by_external_id_then_email(merchant):
    await free_setup(merchant.id)
    by_id = await make_customer(merchant.id, email="old@example.com", name="Old name")
    by_id.external_customer_id = "user-1"
    await by_id.save()
    made = await free_subscriptions.create_free_subscription(merchant.id, **USER)
    assert not made.customer_created and made.customer.id == by_id.id
    kept = await Customer.get(id=by_id.id)  # the request does not rewrite the customer
    assert (kept.email, kept.name) == ("old@example.com", "Old name")

    by_email = await make_customer(merchant.id, email="bo@example.com")
    made = await free_subscriptions.create_free_subscription(
        merchant.id, customer_email="BO@example.com", customer_name="Bo", user_id="user-2"
    )
    assert not made.customer_created and made.customer.id == by_email.id
    assert await counts(merchant.id) == (2, 2)


async def test_provider_a_required_and_nothing_created(merchant, make_merchant):
    await free_setup(merchant.id, provider=False)
    other = await make_merchant()
    await configure(other.id, "provider_a", None)  # another merchant's provider does not count
    await configure(merchant.id, "provider_b", None)  # nor does provider B
    with pytest.raises(Conflict, match="Provider A is not configured"):
        await free_subscriptions.create_free_subscription(merchant.id, **USER)
    assert await counts(merchant.id) == (0, 0)


async def test_no_free_plan_and_bad_bodies_create_nothing(merchant):
    await configure(merchant.id, "provider_a", None)
    with pytest.raises(NotFound, match="No active pricing tables"):
        await free_subscriptions.create_free_subscription(merchant.id, **USER)
    await table(merchant.id, await make_plan(merchant.id, name="Pro", monthly_cents=2900))
    with pytest.raises(NotFound, match="No free plan found"):
        await free_subscriptions.create_free_subscription(merchant.id, **USER)
    await table(merchant.id, await make_plan(merchant.id, name="Free", monthly_cents=0))
    for field, value in (("customer_email", "nope"), ("customer_name", ""), ("user_id", " ")):
        with pytest.raises(Invalid):
            await free_subscriptions.create_free_subscription(merchant.id, **{**USER, field: value})
    with pytest.raises(Invalid):
        await free_subscriptions.create_free_subscription(
            merchant.id, **USER, billing_country="Germany"
        )
    assert await counts(merchant.id) == (0, 0)


async def test_existing_live_subscription_is_the_services_conflict(merchant):
    await free_setup(merchant.id)
    customer = await make_customer(merchant.id, email="ada@example.com")
    paid = await subscribe(merchant.id, customer=customer)
    with pytest.raises(Conflict, match="already has an active subscription") as refused:
        await free_subscriptions.create_free_subscription(merchant.id, **USER)
    assert refused.value.extra == {"existingSubscriptionId": paid.stable_subscription_id}
    first = await free_subscriptions.create_free_subscription(
        merchant.id, **{**USER, "customer_email": "new@example.com", "user_id": "user-9"}
    )
    with pytest.raises(Conflict):  # the same user again: found by external id, subscribed
        await free_subscriptions.create_free_subscription(
            merchant.id, **{**USER, "customer_email": "new@example.com", "user_id": "user-9"}
        )
    assert await Subscription.filter(customer_id=first.customer.id).count() == 1
    assert await counts(merchant.id) == (2, 2)


async def test_other_merchants_customers_are_never_reused(merchant, make_merchant):
    other = await make_merchant()
    await free_setup(merchant.id)
    await free_setup(other.id)
    theirs = await free_subscriptions.create_free_subscription(other.id, **USER)
    mine = await free_subscriptions.create_free_subscription(merchant.id, **USER)
    assert mine.customer_created and mine.customer.id != theirs.customer.id
    assert mine.customer.merchant_id == merchant.id
    assert await counts(merchant.id) == (1, 1) and await counts(other.id) == (1, 1)


async def test_concurrent_signups_of_one_new_user_make_one_customer(merchant):
    await free_setup(merchant.id)
    outcomes = await asyncio.gather(
        *(free_subscriptions.create_free_subscription(merchant.id, **USER) for _ in range(3)),
        return_exceptions=True,
    )
    made = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(made) == 1 and made[0].customer_created
    assert len(refused) == 2 and all(isinstance(r, Conflict) for r in refused), refused
    assert await counts(merchant.id) == (1, 1)
