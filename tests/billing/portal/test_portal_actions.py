"""The portal's own actions as services: each refused when the merchant turned it off, each
only for the session customer's own subscription, the reason checked and kept (and cleared
by keeping), and the plan-switch preview exactly the switch's settlement while leaving no
trace (no version, no invoice, no invoice number, no event)."""

import pytest

from billing.core.errors import Conflict, Forbidden, Invalid, NotFound
from billing.event_log.models import Event
from billing.invoicing.models import Invoice, InvoiceSequence
from billing.portal import billing_details, cancellation, plan_switch, portal_choices, receipts
from billing.subscriptions.models import Subscription
from tests.support.factories.portal_actions import subscribed_customer


async def live(merchant_id: str, stable_id: str) -> Subscription:
    return await Subscription.get(
        merchant_id=merchant_id, stable_subscription_id=stable_id, deleted_at=None
    )


async def test_cancel_keeps_the_reason_and_keep_clears_it(merchant):
    made = await subscribed_customer(merchant.id)
    sub = made.subscription.stable_subscription_id
    await cancellation.cancel_at_period_end(
        merchant.id, made.customer.id, sub, reason="  Too\nexpensive  "
    )
    row = await live(merchant.id, sub)
    assert (row.cancel_at_period_end, row.cancel_reason) == (True, "Too expensive")
    with pytest.raises(Conflict):  # already set
        await cancellation.cancel_at_period_end(merchant.id, made.customer.id, sub)
    await cancellation.keep(merchant.id, made.customer.id, sub)
    row = await live(merchant.id, sub)
    assert (row.cancel_at_period_end, row.cancel_reason) == (False, None)


async def test_a_reason_too_long_changes_nothing(merchant):
    made = await subscribed_customer(merchant.id)
    sub = made.subscription.stable_subscription_id
    with pytest.raises(Invalid) as refused:
        await cancellation.cancel_at_period_end(
            merchant.id, made.customer.id, sub, reason="x" * 501
        )
    assert refused.value.code == "cancel_reason_too_long"
    assert not (await live(merchant.id, sub)).cancel_at_period_end


async def test_another_customers_subscription_is_missing(merchant, make_merchant):
    mine = await subscribed_customer(merchant.id)
    theirs = await subscribed_customer(merchant.id)
    elsewhere = await subscribed_customer((await make_merchant()).id)
    for other in (theirs, elsewhere):
        sub = other.subscription.stable_subscription_id
        with pytest.raises(NotFound) as missing:
            await cancellation.cancel_at_period_end(merchant.id, mine.customer.id, sub)
        assert missing.value.message == "Subscription not found or access denied"
        with pytest.raises(NotFound):
            await plan_switch.switch_options(merchant.id, mine.customer.id, sub)
    assert not (await live(merchant.id, theirs.subscription.stable_subscription_id)).cancel_reason


async def test_actions_turned_off_are_refused(merchant):
    made = await subscribed_customer(merchant.id)
    sub = made.subscription.stable_subscription_id
    await portal_choices.save_choices(merchant.id, ["receipts"])
    calls = [
        cancellation.cancel_at_period_end(merchant.id, made.customer.id, sub),
        cancellation.keep(merchant.id, made.customer.id, sub),
        plan_switch.switch_options(merchant.id, made.customer.id, sub),
        plan_switch.switch_plan(merchant.id, made.customer.id, sub, made.pro_price.id),
        billing_details.update_billing_details(merchant.id, made.customer.id, billing_city="X"),
    ]
    for call in calls:
        with pytest.raises(Forbidden):
            await call
    assert len(await receipts.customer_receipts(merchant.id, made.customer.id)) == 1
    await portal_choices.save_choices(merchant.id, [])
    with pytest.raises(Forbidden):
        await receipts.customer_receipts(merchant.id, made.customer.id)


async def test_unknown_portal_choices_are_refused_and_change_nothing(merchant):
    with pytest.raises(Invalid) as refused:
        await portal_choices.save_choices(merchant.id, ["cancel", "refund_everything"])
    assert refused.value.code == "unknown_portal_action"
    stored = await portal_choices.save_choices(merchant.id, ["receipts", "cancel", "cancel"])
    assert stored == ["cancel", "receipts"]


async def test_the_preview_is_the_switch_and_leaves_no_trace(merchant):
    made = await subscribed_customer(merchant.id)
    sub = made.subscription.stable_subscription_id
    _, options = await plan_switch.switch_options(merchant.id, made.customer.id, sub)
    assert [option.plan.plan_name for option in options] == ["Pro"]
    events_before = await Event.filter(merchant_id=merchant.id).count()
    numbers_before = await InvoiceSequence.filter(merchant_id=merchant.id).values_list(
        "scope", "last_number"
    )
    preview = await plan_switch.preview_switch(
        merchant.id, made.customer.id, sub, made.pro_price.id
    )
    assert [line.description.split(" from ")[0].split(" after ")[0] for line in preview.lines] == [
        "Unused time on Basic plan",
        "Remaining time on Pro plan",
    ]
    assert preview.lines[0].amount_cents < 0 < preview.total_cents
    assert (await live(merchant.id, sub)).plan_id == made.basic.id
    assert not await Invoice.filter(merchant_id=merchant.id, billing_reason="proration").exists()
    assert await Event.filter(merchant_id=merchant.id).count() == events_before
    assert (
        await InvoiceSequence.filter(merchant_id=merchant.id).values_list("scope", "last_number")
        == numbers_before
    )

    change = await plan_switch.switch_plan(merchant.id, made.customer.id, sub, made.pro_price.id)
    assert change.plan.id == made.pro.id
    settled = await Invoice.get(merchant_id=merchant.id, billing_reason="proration")
    assert abs(settled.total_cents - preview.total_cents) <= 1


async def test_a_price_the_table_does_not_offer_is_refused(merchant):
    made = await subscribed_customer(merchant.id)
    sub = made.subscription.stable_subscription_id
    for price_id in (made.subscription.effective_price_id, "price_unknown", None):
        with pytest.raises(NotFound) as refused:
            await plan_switch.preview_switch(merchant.id, made.customer.id, sub, price_id)
        assert refused.value.code == "portal_plan_not_offered"


async def test_billing_details_are_saved_through_the_customer_rules(merchant):
    made = await subscribed_customer(merchant.id)
    with pytest.raises(Invalid):
        await billing_details.update_billing_details(
            merchant.id, made.customer.id, billing_country="Germany"
        )
    saved = await billing_details.update_billing_details(
        merchant.id, made.customer.id, billing_country="fr", tax_id="FR40303265045"
    )
    assert (saved.billing_country, saved.tax_id) == ("FR", "FR40303265045")
