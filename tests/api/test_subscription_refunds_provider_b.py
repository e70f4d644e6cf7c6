"""POST /v1/subscriptions/{id}/refunds for payments made at provider B (the fake): the whole
payment given back, a part of it sent as an item of the payment's product (refused before
anything is stored for a payment that names no product), the provider's refusal recorded and
undone, and a call that got no answer left pending for the due-work pass to repeat."""

from billing.invoicing.models import Invoice
from billing.payments.models import Payment, Refund
from billing.payments.refunds.refund_payment import PARTIAL_AT_B
from billing.subscriptions.models import Subscription
from tests.support.api.subscription_refunds import lines_of, refund
from tests.support.factories.provider_b import configure_b, paid_at_provider_b


async def test_a_full_refund_with_tax_gives_everything_back(client, merchant, provider_b):
    key, _ = await configure_b(merchant.id, provider_b)
    paid = await paid_at_provider_b(merchant.id, provider_b, key, taxed=True)
    sub_id = paid.subscription.stable_subscription_id
    status, answer = await refund(client, merchant, sub_id, {"reason": "Never used it"})
    assert status == 200, answer
    stored = await Refund.get(id=answer["refund"]["id"])
    assert answer == {
        "success": True,
        "refund": {"id": stored.id, "status": "succeeded", "amountCents": 5323},
        "terminated": False,
        "adjustmentInvoiceId": stored.adjustment_invoice_id,
    }
    assert (await Payment.get(id=paid.payment.id)).refunded_cents == 5323

    # At the provider: the whole payment, with Tally's key and refund id.
    at_provider = provider_b.refunds[stored.provider_refund_id]
    assert (at_provider["payment_id"], at_provider["amount"], at_provider["status"]) == (
        paid.payment.provider_payment_id,
        5323,
        "succeeded",
    )
    assert at_provider["reason"] == "Never used it"
    assert at_provider["metadata"]["tally_refund_id"] == stored.id
    assert provider_b.refund_keys[stored.provider_refund_id] == stored.idempotency_key

    # The adjustment invoice: every line negative, the tax given back as it was charged.
    adjustment = await Invoice.get(id=stored.adjustment_invoice_id)
    assert (adjustment.status, adjustment.billing_reason) == ("paid", "refund")
    assert (adjustment.subtotal_cents, adjustment.tax_cents, adjustment.total_cents) == (
        -4900,
        -423,
        -5323,
    )
    lines = await lines_of(adjustment.id)
    assert lines[0] == ("refund", f"Refund of invoice {paid.invoice.number}: Never used it", -4900)
    assert [(kind, cents) for kind, _, cents in lines[1:]] == [("tax", -355), ("tax", -68)]


async def test_a_partial_refund_then_the_rest_with_tax_shares(client, merchant, provider_b):
    key, _ = await configure_b(merchant.id, provider_b)
    paid = await paid_at_provider_b(merchant.id, provider_b, key, taxed=True)
    sub_id = paid.subscription.stable_subscription_id
    product = paid.payment.provider_product_id
    assert (
        product and product == provider_b.payments[paid.payment.provider_payment_id]["product_id"]
    )

    status, first = await refund(client, merchant, sub_id, {"amountCents": 1000})
    assert status == 200 and first["refund"]["status"] == "succeeded", first
    status, rest = await refund(client, merchant, sub_id, {})
    assert status == 200 and rest["refund"] == {**rest["refund"], "amountCents": 4323}, rest

    # At the provider: each refund an item of the payment's product with its amount.
    sent = [
        provider_b.refunds[(await Refund.get(id=a["refund"]["id"])).provider_refund_id]
        for a in (first, rest)
    ]
    assert [(r["amount"], r["is_partial"]) for r in sent] == [(1000, True), (4323, True)]
    assert provider_b.payments[paid.payment.provider_payment_id]["refunded"] == 5323
    assert (await Payment.get(id=paid.payment.id)).refunded_cents == 5323

    # The tax shares on the running total (refund_math rule 2): state 355 and city 68 of 5323.
    # 1000: r(355*1000/5323)=67, r(68*1000/5323)=13; the rest: 355-67=288, 68-13=55.
    one = await Invoice.get(id=first["adjustmentInvoiceId"])
    two = await Invoice.get(id=rest["adjustmentInvoiceId"])
    assert (one.subtotal_cents, one.tax_cents, one.total_cents) == (-920, -80, -1000)
    assert (two.subtotal_cents, two.tax_cents, two.total_cents) == (-3980, -343, -4323)
    assert [c for kind, _, c in await lines_of(one.id) if kind == "tax"] == [-67, -13]
    assert [c for kind, _, c in await lines_of(two.id) if kind == "tax"] == [-288, -55]

    # Nothing is left: another refund is refused and changes nothing.
    status, answer = await refund(client, merchant, sub_id, {"amountCents": 1})
    assert (status, answer) == (400, {"error": "This payment has already been refunded in full"})
    assert await Refund.filter(payment_id=paid.payment.id).count() == 2


async def test_more_than_is_left_is_400_and_changes_nothing(client, merchant, provider_b):
    key, _ = await configure_b(merchant.id, provider_b)
    paid = await paid_at_provider_b(merchant.id, provider_b, key)
    sub_id = paid.subscription.stable_subscription_id
    status, answer = await refund(client, merchant, sub_id, {"amountCents": 3000})
    assert status == 200, answer
    invoices_before = await Invoice.filter(merchant_id=merchant.id).count()
    status, answer = await refund(client, merchant, sub_id, {"amountCents": 1901})
    assert (status, answer) == (
        400,
        {
            "error": "amountCents 1901 is more than is left to refund on this payment: "
            "1900 of 4900 (already refunded 3000)"
        },
    )
    assert await Refund.filter(payment_id=paid.payment.id).count() == 1
    assert (await Payment.get(id=paid.payment.id)).refunded_cents == 3000
    assert await Invoice.filter(merchant_id=merchant.id).count() == invoices_before
    assert provider_b.payments[paid.payment.provider_payment_id]["refunded"] == 3000


async def test_a_partial_refund_of_a_payment_without_product_is_refused(
    client, merchant, provider_b
):
    key, _ = await configure_b(merchant.id, provider_b)
    paid = await paid_at_provider_b(merchant.id, provider_b, key)
    await Payment.filter(id=paid.payment.id).update(provider_product_id=None)  # stored earlier
    invoices_before = await Invoice.filter(merchant_id=merchant.id).count()
    status, answer = await refund(
        client, merchant, paid.subscription.stable_subscription_id, {"amountCents": 1000}
    )
    assert (status, answer) == (400, {"error": PARTIAL_AT_B.format(left=4900)})
    assert not await Refund.filter(payment_id=paid.payment.id).exists()
    assert (await Payment.get(id=paid.payment.id)).refunded_cents == 0
    assert await Invoice.filter(merchant_id=merchant.id).count() == invoices_before
    assert provider_b.payments[paid.payment.provider_payment_id]["refunded"] == 0


async def test_a_full_refund_can_end_the_subscription(client, merchant, provider_b):
    key, _ = await configure_b(merchant.id, provider_b)
    paid = await paid_at_provider_b(merchant.id, provider_b, key)
    sub_id = paid.subscription.stable_subscription_id
    status, answer = await refund(
        client, merchant, sub_id, {"amountCents": 4900, "terminateSubscription": True}
    )
    assert status == 200 and answer["terminated"] is True, answer
    assert answer["refund"]["status"] == "succeeded"
    ended = await Subscription.get(id=paid.subscription.id)
    assert (ended.status, ended.end_timestamp is not None) == ("ended", True)
    got = await client.get(f"/v1/subscriptions/{sub_id}", headers=merchant.headers)
    assert got.status_code == 404


async def assert_refused_and_undone(client, merchant, paid, reason: str) -> None:
    sub_id = paid.subscription.stable_subscription_id
    status, answer = await refund(client, merchant, sub_id, {"terminateSubscription": True})
    assert status == 502, answer
    stored = await Refund.get(payment_id=paid.payment.id)
    assert answer == {
        "error": f"The refund was not made: Provider B could not refund the payment: {reason}",
        "success": False,
        "refund": {"id": stored.id, "status": "failed", "amountCents": 4900},
        "terminated": False,
        "adjustmentInvoiceId": stored.adjustment_invoice_id,
    }
    assert stored.failure_message == f"Provider B could not refund the payment: {reason}"
    assert (await Payment.get(id=paid.payment.id)).refunded_cents == 0
    assert (await Invoice.get(id=stored.adjustment_invoice_id)).status == "void"
    assert (await Subscription.get(id=paid.subscription.id)).status == "active"


async def test_a_payment_the_provider_does_not_know_is_refused(client, merchant, provider_b):
    key, _ = await configure_b(merchant.id, provider_b)
    paid = await paid_at_provider_b(merchant.id, provider_b, key)
    await Payment.filter(id=paid.payment.id).update(provider_payment_id="pay_notatthefake")
    await assert_refused_and_undone(client, merchant, paid, "Payment not found")


async def test_a_payment_refunded_at_the_provider_already_is_refused(client, merchant, provider_b):
    key, _ = await configure_b(merchant.id, provider_b)
    paid = await paid_at_provider_b(merchant.id, provider_b, key)
    # Refunded in the provider's own dashboard, outside Tally: nothing is left there.
    provider_b.payments[paid.payment.provider_payment_id]["refunded"] = 4900
    await assert_refused_and_undone(
        client, merchant, paid, "The refund amount is more than is left to refund on this payment"
    )
    # Tally still counts the money as refundable, so a new attempt is a new request.
    provider_b.payments[paid.payment.provider_payment_id]["refunded"] = 0
    status, answer = await refund(client, merchant, paid.subscription.stable_subscription_id)
    assert (status, answer["refund"]["status"]) == (200, "succeeded")
    second = await Refund.get(id=answer["refund"]["id"])
    assert second.idempotency_key == f"refund:{paid.payment.id}:2"
