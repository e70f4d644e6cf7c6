"""billing.catalog.prices as the dashboard calls it: the same rules without HTTP in between."""

import pytest

from billing.accounts.models import Merchant
from billing.catalog import prices
from billing.catalog.models import Price
from billing.core.errors import Invalid, NotFound
from billing.core.ids import new_id
from tests.support.api.prices import MONTHLY, YEARLY, make_plan


async def test_create_normalises_and_defaults(merchant):
    await Merchant.filter(id=merchant.id).update(default_currency="JPY")
    plan = await make_plan(merchant)
    price = await prices.create_price(
        merchant.id,
        plan_id=f" {plan.id} ",
        pricing_data={
            "components": [
                {"type": "fixed", "amount_cents": 500, "recurrence_rule": "rrule:freq=monthly"}
            ]
        },
    )
    stored = await Price.get(id=price.id)
    assert (stored.plan_id, stored.currency, stored.is_override_price) == (plan.id, "JPY", False)
    assert stored.pricing_data == {
        "components": [{"type": "fixed", "amount_cents": 500, "recurrence_rule": "FREQ=MONTHLY"}]
    }


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({}, "Provide pricingData"),
        ({"pricing_data": MONTHLY, "pricing_model": "flat"}, "not both"),
        ({"billing_interval": "month"}, "amount must be a non-negative integer"),
        ({"pricing_data": MONTHLY, "currency": 840}, "ISO 4217"),
        ({"pricing_data": {"type": "tiered", "tiers": []}}, "Invalid pricing data configuration"),
    ],
)
async def test_create_refuses_bad_input_before_looking_at_the_plan(merchant, kwargs, message):
    # The plan id is unknown: a 400 still wins, so a caller fixes its input first.
    with pytest.raises(Invalid, match=message):
        await prices.create_price(merchant.id, plan_id=new_id("plan"), **kwargs)


@pytest.mark.parametrize("plan_id", [None, "", "   "])
async def test_create_needs_a_plan_id(merchant, plan_id):
    with pytest.raises(Invalid, match="planId is required"):
        await prices.create_price(merchant.id, plan_id=plan_id, pricing_data=MONTHLY)


async def test_plan_messages_differ_by_form(make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    plan = await make_plan(bob)
    with pytest.raises(NotFound) as error:
        await prices.create_price(alice.id, plan_id=plan.id, pricing_data=MONTHLY)
    assert error.value.message.startswith("Plan not found. If you have multiple accounts")
    with pytest.raises(NotFound) as error:
        await prices.create_price(alice.id, plan_id=plan.id, unit_amount_cents=100)
    assert error.value.message == "Plan not found or access denied"
    assert await Price.filter(merchant_id=alice.id).count() == 0


async def test_list_filters_by_plan_and_refuses_blank(merchant):
    plan, other = await make_plan(merchant), await make_plan(merchant, "Other")
    first = await prices.create_price(merchant.id, plan_id=plan.id, pricing_data=MONTHLY)
    second = await prices.create_price(merchant.id, plan_id=plan.id, pricing_data=YEARLY)
    await prices.create_price(merchant.id, plan_id=other.id, pricing_data=MONTHLY)
    listed = await prices.list_prices(merchant.id, plan_id=plan.id)
    assert [price.id for price in listed] == [second.id, first.id]
    assert len(await prices.list_prices(merchant.id)) == 3
    with pytest.raises(Invalid, match="Empty planId provided"):
        await prices.list_prices(merchant.id, plan_id="")


async def test_delete_then_everything_answers_not_found(merchant):
    plan = await make_plan(merchant)
    price = await prices.create_price(merchant.id, plan_id=plan.id, pricing_data=MONTHLY)
    deleted = await prices.delete_price(merchant.id, price.id)
    assert deleted.deleted_at is not None
    with pytest.raises(NotFound, match="Price not found or access denied"):
        await prices.get_price(merchant.id, price.id)
    with pytest.raises(NotFound, match="Price not found or access denied"):
        await prices.delete_price(merchant.id, price.id)
    with pytest.raises(NotFound, match="Source price not found or access denied"):
        await prices.clone_price(merchant.id, price.id)
    assert await prices.list_prices(merchant.id) == []


async def test_clone_keeps_the_source_and_copies_its_data(merchant):
    plan = await make_plan(merchant)
    source = await prices.create_price(
        merchant.id, plan_id=plan.id, pricing_data=MONTHLY, currency="EUR", is_override_price=True
    )
    copy = await prices.clone_price(merchant.id, source.id, is_override_price=False)
    assert (copy.plan_id, copy.currency, copy.pricing_data) == (plan.id, "EUR", MONTHLY)
    assert copy.is_override_price is False
    assert copy.cloned_from_price_id == source.id
    again = await Price.get(id=source.id)
    assert (again.is_override_price, again.cloned_from_price_id, again.deleted_at) == (
        True,
        None,
        None,
    )
    chained = await prices.clone_price(merchant.id, copy.id)
    assert chained.cloned_from_price_id == copy.id


async def test_clone_checks_input_before_lookups(merchant):
    with pytest.raises(Invalid, match="Invalid pricing data configuration"):
        await prices.clone_price(merchant.id, new_id("price"), pricing_data={"type": "x"})
    with pytest.raises(Invalid, match="planId is required"):
        await prices.clone_price(merchant.id, new_id("price"), plan_id=" ")
