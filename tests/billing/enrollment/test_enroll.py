"""Enrolling one user: the matching rule's plan at its default-currency price, else the free
plan; an open subscription refuses; each refusal leaves nothing behind."""

import asyncio

import pytest

from billing.accounts.models import Merchant
from billing.catalog import plans
from billing.catalog.models import Price
from billing.core.errors import Conflict, Invalid, NotFound
from billing.customers.models import Customer
from billing.enrollment import enroll, rules
from billing.subscriptions.models import CreditGrant, Subscription
from tests.support.billing.enrollment.free_subscriptions import free_setup
from tests.support.billing.subscriptions.credit_grants import API, allow
from tests.support.factories.catalog import make_plan, new_version

USER = {"customer_email": "Ada@Acme.io", "customer_name": "Ada", "user_id": "user-1"}


async def rule_for(merchant_id: str, plan, domain: str = "acme.io"):
    return await rules.create_rule(
        merchant_id, plan_id=plan.id, matcher_type="domain", matcher_value=domain
    )


async def counts(merchant_id: str) -> tuple[int, int]:
    return (
        await Customer.filter(merchant_id=merchant_id).count(),
        await Subscription.filter(merchant_id=merchant_id).count(),
    )


async def test_rule_plan_current_version_at_default_currency_price(merchant):
    team = await make_plan(merchant.id, name="Team", monthly_cents=2000, features=[(API, 5000)])
    usd = await Price.get(plan_id=team.id)
    await Price.create(
        merchant_id=merchant.id, plan_id=team.id, currency="EUR", pricing_data=usd.pricing_data
    )
    await Merchant.filter(id=merchant.id).update(default_currency="EUR")
    rule = await rule_for(merchant.id, team)
    newer = await new_version(team)  # the rule follows the plan to its current version
    await allow(newer, API, 5000)
    eur = await Price.get(plan_id=newer.id, currency="EUR")
    made = await enroll.enroll(merchant.id, **USER)
    assert made.rule.id == rule.id
    assert (made.plan.id, made.subscription.plan_id) == (newer.id, newer.id)
    assert made.subscription.effective_price_id == eur.id
    assert made.credit_grants_created == 1
    assert await CreditGrant.filter(subscription_id=made.subscription.id).count() == 1
    customer = made.customer
    assert (customer.external_customer_id, customer.email, customer.name) == (
        "user-1",
        "Ada@Acme.io",
        "Ada",
    )


async def test_no_price_in_default_currency_is_409_and_changes_nothing(merchant):
    team = await make_plan(merchant.id, name="Team", monthly_cents=2000, currency="EUR")
    await Price.filter(plan_id=team.id).update(currency="EUR")
    await rule_for(merchant.id, team)
    await free_setup(merchant.id)  # a free plan exists, but the rule is what the merchant chose
    with pytest.raises(Conflict, match="“Team” that users at acme.io join has no price in USD"):
        await enroll.enroll(merchant.id, **USER)
    assert await counts(merchant.id) == (0, 0)


async def test_no_rule_falls_back_to_the_free_plan(merchant):
    free = await free_setup(merchant.id)
    other = await make_plan(merchant.id, name="Other", monthly_cents=900)
    await rule_for(merchant.id, other, "other.io")
    made = await enroll.enroll(merchant.id, **USER)
    assert made.rule is None and made.plan.id == free.id
    assert made.credit_grants_created == 2


async def test_rules_of_a_deleted_plan_are_ignored(merchant):
    free = await free_setup(merchant.id)
    gone = await make_plan(merchant.id, name="Gone", monthly_cents=900)
    await rule_for(merchant.id, gone)
    await plans.delete_plan(merchant.id, gone.id)
    made = await enroll.enroll(merchant.id, **USER)
    assert made.plan.id == free.id
    kept = await make_plan(merchant.id, name="Kept", monthly_cents=900)
    assert (await rule_for(merchant.id, kept)).matcher_value == "acme.io"  # no stale 409


async def test_open_subscription_refuses_before_anything(merchant):
    team = await make_plan(merchant.id, name="Team", monthly_cents=2000)
    await rule_for(merchant.id, team)
    first = await enroll.enroll(merchant.id, **USER)
    again = {**USER, "customer_email": "someone@else.io"}  # same userId: same customer
    with pytest.raises(enroll.AlreadyEnrolled) as raised:
        await enroll.enroll(merchant.id, **again)
    assert raised.value.status == 409
    assert raised.value.body() == {
        "error": "Customer already has an active subscription.",
        "existingSubscriptionId": first.subscription.stable_subscription_id,
    }
    by_email = {**USER, "user_id": "user-2"}  # same email: same customer
    with pytest.raises(enroll.AlreadyEnrolled):
        await enroll.enroll(merchant.id, **by_email)
    assert await counts(merchant.id) == (1, 1)


async def test_concurrent_enrollments_of_one_user_make_one_subscription(merchant):
    team = await make_plan(merchant.id, name="Team", monthly_cents=2000)
    await rule_for(merchant.id, team)
    results = await asyncio.gather(
        *(enroll.enroll(merchant.id, **USER) for _ in range(3)), return_exceptions=True
    )
    made = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, Conflict)]
    assert (len(made), len(refused)) == (1, 2)
    assert await counts(merchant.id) == (1, 1)


@pytest.mark.parametrize(
    "changes",
    [
        {"customer_email": "not an email"},
        {"customer_name": "  "},
        {"user_id": ""},
        {"user_id": None},
    ],
)
async def test_bad_requests_are_400(merchant, changes):
    team = await make_plan(merchant.id, name="Team", monthly_cents=2000)
    await rule_for(merchant.id, team)
    with pytest.raises(Invalid):
        await enroll.enroll(merchant.id, **{**USER, **changes})
    assert await counts(merchant.id) == (0, 0)


async def test_no_rule_and_no_tables_is_404(merchant):
    with pytest.raises(NotFound, match="No active pricing tables found for this merchant"):
        await enroll.enroll(merchant.id, **USER)
    assert await counts(merchant.id) == (0, 0)


async def test_another_merchants_rule_never_applies(merchant, make_merchant):
    other = await make_merchant()
    theirs = await make_plan(other.id, name="Theirs", monthly_cents=2000)
    await rule_for(other.id, theirs)
    free = await free_setup(merchant.id)
    made = await enroll.enroll(merchant.id, **USER)
    assert made.plan.id == free.id
    assert await counts(other.id) == (0, 0)
