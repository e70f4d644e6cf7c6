"""Provider B's refund.succeeded / refund.failed webhooks settle a pending refund, once per
message id, through the real webhook route with Standard-Webhooks-signed bodies."""

from billing.invoicing.models import Invoice
from billing.payments.models import Payment, ProviderEvent, Refund
from tests.support.api.subscription_refunds import refund
from tests.support.api.webhooks_provider_b import deliver
from tests.support.factories.provider_b import configure_b, paid_at_provider_b
from tests.support.fakes.provider_b_events import signed_headers


async def pending_at_provider_b(client, merchant, fake):
    """A refund the fake answered ``pending``: the stored refund and its webhook secret."""
    key, signing = await configure_b(merchant.id, fake)
    paid = await paid_at_provider_b(merchant.id, fake, key, refund_status="pending")
    status, answer = await refund(client, merchant, paid.subscription.stable_subscription_id)
    assert status == 200, answer
    assert (answer["success"], answer["refund"]["status"]) == (True, "pending")
    stored = await Refund.get(id=answer["refund"]["id"])
    assert (await Payment.get(id=paid.payment.id)).refunded_cents == 4900  # on its way
    return stored, signing


async def test_refund_succeeded_settles_it_once(client, merchant, provider_b):
    stored, signing = await pending_at_provider_b(client, merchant, provider_b)
    payload = provider_b.settle_refund(stored.provider_refund_id, succeeded=True)
    headers = signed_headers(signing, payload, msg_id="msg_refund_ok")
    assert await deliver(client, merchant.id, payload, headers) == (200, {"received": True})
    settled = await Refund.get(id=stored.id)
    assert (settled.status, settled.failure_message) == ("succeeded", None)
    assert (await Payment.get(id=stored.payment_id)).refunded_cents == 4900
    assert (await Invoice.get(id=stored.adjustment_invoice_id)).status == "paid"

    # The provider's retry of the same message changes nothing, even were it still pending.
    await Refund.filter(id=stored.id).update(status="pending")
    again = signed_headers(signing, payload, msg_id="msg_refund_ok")
    assert await deliver(client, merchant.id, payload, again) == (200, {"received": True})
    assert (await Refund.get(id=stored.id)).status == "pending"
    assert await ProviderEvent.filter(merchant_id=merchant.id, type="refund.succeeded").count() == 1


async def test_refund_failed_gives_the_amount_back_and_voids_the_adjustment(
    client, merchant, provider_b
):
    stored, signing = await pending_at_provider_b(client, merchant, provider_b)
    payload = provider_b.settle_refund(stored.provider_refund_id, succeeded=False)
    for _ in range(2):  # delivered, then redelivered with the same message id
        headers = signed_headers(signing, payload, msg_id="msg_refund_failed")
        assert await deliver(client, merchant.id, payload, headers) == (200, {"received": True})
    failed = await Refund.get(id=stored.id)
    assert (failed.status, failed.failure_message) == (
        "failed",
        "Provider B reported that the refund failed",
    )
    assert (await Payment.get(id=stored.payment_id)).refunded_cents == 0  # not twice
    assert (await Invoice.get(id=stored.adjustment_invoice_id)).status == "void"

    # The money can be refunded again; a late success for the failed refund changes nothing.
    late = provider_b.settle_refund(stored.provider_refund_id, succeeded=True)
    assert (await deliver(client, merchant.id, late, signed_headers(signing, late)))[0] == 200
    assert (await Refund.get(id=stored.id)).status == "failed"


async def test_an_event_before_the_call_was_recorded_finds_the_refund_by_metadata(
    client, merchant, provider_b
):
    stored, signing = await pending_at_provider_b(client, merchant, provider_b)
    at_provider = stored.provider_refund_id
    await Refund.filter(id=stored.id).update(provider_refund_id=None)
    payload = provider_b.settle_refund(at_provider, succeeded=True)
    assert (await deliver(client, merchant.id, payload, signed_headers(signing, payload)))[0] == 200
    settled = await Refund.get(id=stored.id)
    assert (settled.status, settled.provider_refund_id) == ("succeeded", at_provider)


async def test_another_merchants_refund_is_not_touched(client, merchant, make_merchant, provider_b):
    stored, _ = await pending_at_provider_b(client, merchant, provider_b)
    other = await make_merchant()
    _, other_signing = await configure_b(other.id, provider_b)
    payload = provider_b.settle_refund(stored.provider_refund_id, succeeded=False)
    headers = signed_headers(other_signing, payload)
    assert await deliver(client, other.id, payload, headers) == (200, {"received": True})
    assert (await Refund.get(id=stored.id)).status == "pending"
    assert (await Payment.get(id=stored.payment_id)).refunded_cents == 4900
    assert await ProviderEvent.filter(merchant_id=other.id, type="refund.failed").exists()
