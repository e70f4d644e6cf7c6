"""POST /v1/subscriptions/{id}/refunds: against real payments at a real localstripe where the
test reads what the provider holds or said; the others (amounts, termination, other merchants'
ids, nothing to refund) refund through the in-memory gateway."""

from api.subscription_refunds import NOT_AN_OBJECT
from billing.core.ids import new_id
from billing.invoicing.models import Invoice
from billing.payments.models import Payment, Refund
from billing.subscriptions.models import Subscription
from tests.support.api.subscription_refunds import lines_of, refund
from tests.support.factories.refunds import paid_subscription, stripe_client

PAID = "pi_memory_paid"  # a paid intent's id: the memory gateway refunds any
NO_PAYMENT = {"error": "Payment not found for refund"}
NO_SUBSCRIPTION = {"error": "Subscription not found or access denied"}


async def test_full_refund_of_the_latest_payment(client, merchant, provider_a_api):
    paid = await paid_subscription(merchant.id)
    sub_id = paid.subscription.stable_subscription_id
    status, answer = await refund(client, merchant, sub_id, {"reason": "Asked nicely"})
    assert status == 200, answer
    stored = await Refund.get(id=answer["refund"]["id"])
    assert answer == {
        "success": True,
        "refund": {"id": stored.id, "status": "succeeded", "amountCents": 4900},
        "terminated": False,
        "adjustmentInvoiceId": stored.adjustment_invoice_id,
    }
    assert (stored.payment_id, stored.reason, stored.idempotency_key) == (
        paid.payment.id,
        "Asked nicely",
        f"refund:{paid.payment.id}:1",
    )
    assert (await Payment.get(id=paid.payment.id)).refunded_cents == 4900

    # The adjustment invoice, by hand: one refund line of -49.00, paid at once.
    adjustment = await Invoice.get(id=stored.adjustment_invoice_id)
    assert (adjustment.billing_reason, adjustment.status, adjustment.total_cents) == (
        "refund",
        "paid",
        -4900,
    )
    assert (adjustment.subtotal_cents, adjustment.tax_cents) == (-4900, 0)
    assert adjustment.stable_subscription_id == sub_id
    assert adjustment.number != paid.invoice.number
    assert await lines_of(adjustment.id) == [
        ("refund", f"Refund of invoice {paid.invoice.number}: Asked nicely", -4900)
    ]

    # localstripe gave the money back on that very intent.
    at_gateway = stripe_client().v1.refunds.retrieve(stored.provider_refund_id)
    assert (at_gateway.amount, at_gateway.payment_intent, at_gateway.status) == (
        4900,
        paid.payment.provider_payment_id,
        "succeeded",
    )
    assert at_gateway.metadata["tally_refund_id"] == stored.id

    # Nothing is left: a second refund is a 400 and stores nothing.
    assert await refund(client, merchant, sub_id) == (
        400,
        {"error": "This payment has already been refunded in full"},
    )
    assert await Refund.filter(payment_id=paid.payment.id).count() == 1


async def test_partial_then_the_rest(client, merchant, provider_a_api):
    paid = await paid_subscription(merchant.id)
    sub_id, pay_id = paid.subscription.stable_subscription_id, paid.payment.id
    status, first = await refund(
        client, merchant, sub_id, {"paymentId": pay_id, "amountCents": 1000}
    )
    assert status == 200 and first["refund"]["amountCents"] == 1000, first
    status, rest = await refund(client, merchant, sub_id, {"paymentId": pay_id})
    assert status == 200 and rest["refund"]["amountCents"] == 3900, rest

    assert (await Payment.get(id=pay_id)).refunded_cents == 4900
    refunds = await Refund.filter(payment_id=pay_id).order_by("created_at")
    assert [(r.amount_cents, r.status, r.idempotency_key) for r in refunds] == [
        (1000, "succeeded", f"refund:{pay_id}:1"),
        (3900, "succeeded", f"refund:{pay_id}:2"),
    ]
    totals = [(await Invoice.get(id=r.adjustment_invoice_id)).total_cents for r in refunds]
    assert totals == [-1000, -3900]
    gateway = stripe_client().v1.refunds
    assert sorted(gateway.retrieve(r.provider_refund_id).amount for r in refunds) == [1000, 3900]


async def test_bad_amounts_are_400_and_change_nothing(client, merchant, memory_gateway):
    paid = await paid_subscription(merchant.id, intent_id=PAID)
    sub_id = paid.subscription.stable_subscription_id
    invoices_before = await Invoice.filter(merchant_id=merchant.id).count()
    over = await refund(client, merchant, sub_id, {"amountCents": 4901})
    assert over == (
        400,
        {
            "error": "amountCents 4901 is more than is left to refund on this payment: "
            "4900 of 4900 (already refunded 0)"
        },
    )
    for amount in (0, -5, "1000", 10.5, True, [100]):
        status, answer = await refund(client, merchant, sub_id, {"amountCents": amount})
        assert status == 400 and "amountCents must be a whole number" in answer["error"], amount
    for body in ({"terminateSubscription": "yes"}, {"reason": 5}, {"paymentId": 7}):
        assert (await refund(client, merchant, sub_id, body))[0] == 400, body
    response = await client.post(
        f"/v1/subscriptions/{sub_id}/refunds", json=[1], headers=merchant.headers
    )
    assert response.status_code == 400
    response = await client.post(f"/v1/subscriptions/{sub_id}/refunds", headers=merchant.headers)
    assert (response.status_code, (await response.get_json())["error"]) == (400, NOT_AN_OBJECT)

    assert not await Refund.filter(merchant_id=merchant.id).exists()
    assert (await Payment.get(id=paid.payment.id)).refunded_cents == 0
    assert await Invoice.filter(merchant_id=merchant.id).count() == invoices_before
    assert (await Subscription.get(id=paid.subscription.id)).status == "active"


async def test_terminate_subscription_ends_it(client, merchant, memory_gateway):
    paid = await paid_subscription(merchant.id, intent_id=PAID)
    sub_id = paid.subscription.stable_subscription_id
    status, answer = await refund(
        client, merchant, sub_id, {"amountCents": 2500, "terminateSubscription": True}
    )
    assert status == 200 and answer["terminated"] is True, answer
    ended = await Subscription.get(id=paid.subscription.id)
    assert (ended.status, ended.end_timestamp is not None) == ("ended", True)
    got = await client.get(f"/v1/subscriptions/{sub_id}", headers=merchant.headers)
    assert got.status_code == 404

    # The rest can still be refunded after the end; ending it again is a 409.
    again = await refund(client, merchant, sub_id, {"terminateSubscription": True})
    assert again[0] == 409
    status, rest = await refund(client, merchant, sub_id)
    assert status == 200 and (rest["refund"]["amountCents"], rest["terminated"]) == (2400, False)


async def test_other_merchants_ids_answer_like_missing_ones(
    client, merchant, make_merchant, memory_gateway
):
    other = await make_merchant()
    mine = await paid_subscription(merchant.id, intent_id=PAID)
    theirs = await paid_subscription(other.id, intent_id="pi_memory_theirs")
    sibling = await paid_subscription(merchant.id, configured=False, intent_id="pi_memory_sib")
    sub_id = mine.subscription.stable_subscription_id

    missing_sub = await refund(client, merchant, new_id("sub"))
    assert missing_sub == (404, NO_SUBSCRIPTION)
    foreign_sub = await refund(client, merchant, theirs.subscription.stable_subscription_id)
    assert foreign_sub == missing_sub

    missing_payment = await refund(client, merchant, sub_id, {"paymentId": new_id("pay")})
    assert missing_payment == (404, NO_PAYMENT)
    for payment_id in (theirs.payment.id, sibling.payment.id, "not-an-id"):
        found = await refund(client, merchant, sub_id, {"paymentId": payment_id})
        assert found == missing_payment, payment_id

    assert not await Refund.filter(merchant_id__in=[merchant.id, other.id]).exists()
    for paid in (mine, theirs, sibling):
        assert (await Payment.get(id=paid.payment.id)).refunded_cents == 0


async def test_no_succeeded_payment_is_404(client, merchant, memory_gateway):
    paid = await paid_subscription(merchant.id, intent_id=PAID)
    await Payment.filter(id=paid.payment.id).update(status="failed")
    answer = await refund(client, merchant, paid.subscription.stable_subscription_id)
    assert answer == (404, NO_PAYMENT)


async def test_a_refused_refund_is_recorded_and_undone(client, merchant, provider_a_api):
    # localstripe has no such intent, so it refuses the refund for real.
    paid = await paid_subscription(merchant.id, intent_id="pi_notatlocalstripe")
    sub_id = paid.subscription.stable_subscription_id
    status, answer = await refund(
        client, merchant, sub_id, {"amountCents": 1000, "terminateSubscription": True}
    )
    assert status == 502, answer
    stored = await Refund.get(payment_id=paid.payment.id)
    assert answer["error"].startswith("The refund was not made: Provider A could not refund")
    assert (answer["success"], answer["terminated"], answer["refund"]) == (
        False,
        False,
        {"id": stored.id, "status": "failed", "amountCents": 1000},
    )
    assert stored.status == "failed" and stored.failure_message in answer["error"]
    assert (await Payment.get(id=paid.payment.id)).refunded_cents == 0
    assert (await Invoice.get(id=stored.adjustment_invoice_id)).status == "void"
    assert (await Subscription.get(id=paid.subscription.id)).status == "active"
