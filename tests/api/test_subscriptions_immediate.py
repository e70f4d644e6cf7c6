"""POST /v1/subscriptions with ``triggerImmediateBilling``: the subscription and its first
invoice are one transaction. The normal path answers with both stored; when billing fails
nothing is stored, the answer says so (never a 500 for a subscription that exists), and a
retry is not a 409."""

from billing.catalog.models import Price
from billing.invoicing.models import Invoice
from billing.subscriptions.models import Subscription, SubscriptionDetail, SubscriptionEvent
from tests.support.api.subscriptions import body, catalog, post


async def stored(merchant_id: str) -> dict[str, int]:
    return {
        model.__name__: await model.filter(merchant_id=merchant_id).count()
        for model in (Subscription, SubscriptionDetail, SubscriptionEvent, Invoice)
    }


async def test_the_first_invoice_is_stored_with_the_subscription(client, merchant):
    customer, plan, price = await catalog(merchant.id)
    response = await post(
        client, merchant, body(customer, plan, price, triggerImmediateBilling=True)
    )
    assert response.status_code == 201, await response.get_json()
    subscription = (await response.get_json())["subscription"]
    listed = await client.get(
        "/v1/invoices", query_string={"customerId": customer.id}, headers=merchant.headers
    )
    [invoice] = (await listed.get_json())["invoices"]
    assert (invoice["status"], invoice["totalAmountCents"], invoice["currency"]) == (
        "unpaid",
        2900,
        "USD",
    )
    stored_invoice = await Invoice.get(id=invoice["id"])
    assert stored_invoice.stable_subscription_id == subscription["id"]


async def test_a_failed_first_invoice_stores_nothing_and_a_retry_is_no_conflict(client, merchant):
    """A price whose stored amount cannot be billed (a fraction of a cent, written before the
    pricing checks existed): the create's billing raises. Nothing stays behind."""
    customer, plan, price = await catalog(merchant.id)
    broken = {"components": [{"type": "fixed", "amount_cents": "2900.5", "component_id": "fee"}]}
    await Price.filter(id=price.id).update(pricing_data=broken)
    before = await stored(merchant.id)
    payload = body(customer, plan, price, triggerImmediateBilling=True)
    for _attempt in range(2):  # the retry fails the same way: not a 409 for a hidden subscription
        response = await post(client, merchant, payload)
        answer = await response.get_json()
        assert response.status_code == 500, answer
        assert answer == {
            "error": "Failed to create subscription",
            "details": "Its first invoice could not be billed (triggerImmediateBilling), so "
            "nothing was stored: no subscription, no invoice. Check the price, then try again.",
        }
        assert await stored(merchant.id) == before

    # Without immediate billing the create alone is stored: nothing was left blocking it.
    response = await post(client, merchant, body(customer, plan, price))
    assert response.status_code == 201, await response.get_json()
    assert await Subscription.filter(merchant_id=merchant.id).count() == 1
    assert not await Invoice.filter(merchant_id=merchant.id).exists()
    # Cancelled again: the due passes other tests run over the shared database (unscoped)
    # must not meet a subscription that cannot bill.
    made = (await response.get_json())["subscription"]["id"]
    cancelled = await client.delete(f"/v1/subscriptions/{made}", headers=merchant.headers)
    assert cancelled.status_code == 200, await cancelled.get_json()


async def test_refusals_of_the_create_itself_store_nothing(client, merchant):
    """The create's own checks still answer first, with nothing billed."""
    customer, plan, price = await catalog(merchant.id)
    first = await post(client, merchant, body(customer, plan, price, triggerImmediateBilling=True))
    assert first.status_code == 201
    again = await post(client, merchant, body(customer, plan, price, triggerImmediateBilling=True))
    assert again.status_code == 409
    assert await Invoice.filter(merchant_id=merchant.id).count() == 1
    assert await Subscription.filter(merchant_id=merchant.id).count() == 1
