"""Picking the free plan (spec rule 2) and checking a free-subscription request."""

import pytest

from billing.catalog.models import Price
from billing.core.errors import Invalid, NotFound
from billing.enrollment import free_subscriptions
from tests.support.billing.enrollment.free_subscriptions import table
from tests.support.factories.catalog import make_plan, new_version


async def test_no_active_table(merchant):
    free = await make_plan(merchant.id, name="Free", monthly_cents=0)
    with pytest.raises(NotFound, match="No active pricing tables found for this merchant"):
        await free_subscriptions.find_free_plan(merchant.id)
    await table(merchant.id, free, active=False)
    with pytest.raises(NotFound, match="No active pricing tables"):
        await free_subscriptions.find_free_plan(merchant.id)


async def test_no_free_plan(merchant):
    paid = await make_plan(merchant.id, name="Pro", monthly_cents=2900)
    usage = await make_plan(merchant.id, name="Usage")
    await Price.create(
        merchant_id=merchant.id,
        plan_id=usage.id,
        currency="USD",
        pricing_data={"type": "usage_based", "unitAmount": 2, "billingScheme": "per_unit"},
    )
    enterprise = await make_plan(merchant.id, name="Ent", monthly_cents=0, enterprise=True)
    outside = await make_plan(merchant.id, name="Hidden free", monthly_cents=0)
    await table(merchant.id, paid, usage, enterprise)
    assert outside  # free, but in no table
    with pytest.raises(NotFound, match="No free plan found"):
        await free_subscriptions.find_free_plan(merchant.id)


async def test_latest_free_plan_current_version(merchant, make_merchant):
    older = await make_plan(merchant.id, name="Starter", monthly_cents=0)
    newer = await make_plan(merchant.id, name="Hobby", monthly_cents=0, yearly_cents=0)
    paid = await make_plan(merchant.id, name="Pro", monthly_cents=2900)
    await table(merchant.id, older, newer, paid)
    offer = await free_subscriptions.find_free_plan(merchant.id)
    assert offer.plan.id == newer.id
    assert offer.price.plan_id == newer.id
    assert offer.price.pricing_data["components"][0]["recurrence_rule"].startswith("FREQ=MONTHLY")
    version = await new_version(older)  # published after Hobby: now the latest
    offer = await free_subscriptions.find_free_plan(merchant.id)
    assert offer.plan.id == version.id
    other = await make_merchant()
    with pytest.raises(NotFound):
        await free_subscriptions.find_free_plan(other.id)


def test_request_checks():
    good = {"customer_email": "a@example.com", "customer_name": "Ada", "user_id": "u-1"}
    assert free_subscriptions.clean_request(**good, billing_country="de") == {
        "email": "a@example.com",
        "email_normalized": "a@example.com",
        "name": "Ada",
        "name_normalized": "ada",
        "billing_country": "DE",
        "external_customer_id": "u-1",
    }
    for field, value in (
        ("customer_email", "not-an-email"),
        ("customer_email", ""),
        ("customer_name", " "),
        ("user_id", ""),
        ("user_id", "x" * 201),
    ):
        with pytest.raises(Invalid):
            free_subscriptions.clean_request(**{**good, field: value})
