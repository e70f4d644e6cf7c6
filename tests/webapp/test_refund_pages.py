"""Refunding a subscription from its page (full, partial, an amount over what is left, with a
cancellation: provider A answered by the in-memory gateway, the subject being the page; refused
by the provider: against a real localstripe, whose refusal's words the page shows), and a
failing renewal's dunning state in words."""

import pytest

from billing.invoicing.models import Invoice
from billing.payments.models import Payment, Refund
from billing.subscriptions.models import Subscription
from tests.support.factories.card_payments import JAN_1
from tests.support.factories.invoices import FLAT_49, priced_subscription
from tests.support.factories.refunds import paid_subscription
from tests.support.factories.webhooks import pending_payment
from tests.support.webapp.catalog_pages import HX, html_of, signed_up
from tests.support.webapp.refund_pages import day, failed_attempt


@pytest.fixture
def gateway(memory_gateway):
    return memory_gateway


PAID = "pi_memory_paid"  # the paid intent's id: the memory gateway refunds any


# Refund ----------------------------------------------------------------------------------------


async def refund(client, token: str, subscription_id: str, **fields):
    form = {"csrf_token": token, "reason": "", **fields}
    path = f"/dashboard/subscriptions/{subscription_id}/refund"
    return await client.post(path, form=form, headers=HX)


async def test_full_refund_defaults_to_what_is_left(client, sign_up, gateway):
    merchant_id, token = await signed_up(sign_up)
    paid = await paid_subscription(merchant_id, intent_id=PAID)
    sid = paid.subscription.stable_subscription_id
    page = await html_of(await client.get(f"/dashboard/subscriptions/{sid}"))
    assert "Latest payment: <strong>$49.00</strong>" in page
    assert 'value="49.00"' in page and "Also cancel the subscription" in page
    assert "hx-confirm=" in page

    response = await refund(client, token, sid, amount="49.00", reason="Asked nicely")
    html = await html_of(response)
    assert response.status_code == 200, html
    stored = await Refund.get(payment_id=paid.payment.id)
    adjustment = await Invoice.get(id=stored.adjustment_invoice_id)
    assert (stored.amount_cents, stored.status, stored.reason) == (
        4900,
        "succeeded",
        "Asked nicely",
    )
    assert "Refunded: $49.00" in html
    assert f'href="/dashboard/invoices/{adjustment.id}">{adjustment.number}</a>' in html
    assert "This payment has been refunded in full." in html and "<form" not in html
    assert 'id="subscription-invoices" class="stack" hx-swap-oob="true"' in html
    assert adjustment.number in html.split('id="subscription-invoices"')[1]  # listed too
    assert (await Subscription.get(id=paid.subscription.id)).status == "active"


async def test_partial_refund_then_the_form_holds_the_rest(client, sign_up, gateway):
    merchant_id, token = await signed_up(sign_up)
    paid = await paid_subscription(merchant_id, intent_id=PAID)
    sid = paid.subscription.stable_subscription_id
    response = await refund(client, token, sid, amount="10.00")
    html = await html_of(response)
    assert response.status_code == 200, html
    assert "Refunded: $10.00" in html
    assert "Refunded 10.00 USD of 49.00 USD" in html
    assert "<strong>$39.00</strong> left to refund" in html
    assert 'value="39.00"' in html
    assert (await Payment.get(id=paid.payment.id)).refunded_cents == 1000


async def test_over_amount_and_bad_amounts_are_errors_in_place(client, sign_up, gateway):
    merchant_id, token = await signed_up(sign_up)
    paid = await paid_subscription(merchant_id, intent_id=PAID)
    sid = paid.subscription.stable_subscription_id
    response = await refund(client, token, sid, amount="50.00")
    html = await html_of(response)
    assert response.status_code == 422
    assert (
        "$50.00 is more than is left to refund on this payment: $49.00 of $49.00 "
        "($0.00 already refunded)" in html
    )
    assert 'class="field-error" id="amount-help"' in html and "amountCents" not in html
    assert 'value="50.00"' in html  # what was typed stays
    for typed, words in (("0", "Enter an amount above 0.00"), ("4.9999", "two decimal places")):
        html = await html_of(await refund(client, token, sid, amount=typed))
        assert words in html, html
    assert not await Refund.filter(payment_id=paid.payment.id).exists()


async def test_refund_and_cancel_the_subscription(client, sign_up, gateway):
    merchant_id, token = await signed_up(sign_up)
    paid = await paid_subscription(merchant_id, intent_id=PAID)
    sid = paid.subscription.stable_subscription_id
    response = await refund(client, token, sid, amount="49.00", terminate="y")
    html = await html_of(response)
    assert response.status_code == 200, html
    assert "Refunded: $49.00" in html and "The subscription is cancelled." in html
    assert f'id="subscription-{sid}" hx-swap-oob="true"' in html  # the card, now cancelled
    assert '<p id="change-plan" hx-swap-oob="delete">' in html and "Upcoming invoice" not in html
    assert not await Subscription.filter(stable_subscription_id=sid, end_timestamp=None).exists()
    page = await html_of(await client.get(f"/dashboard/subscriptions/{sid}"))
    assert "Also cancel the subscription" not in page  # ended: nothing left to cancel


async def test_a_refund_the_provider_refuses_says_so(client, sign_up, provider_a_api):
    merchant_id, token = await signed_up(sign_up)
    paid = await paid_subscription(merchant_id, intent_id="pi_notatlocalstripe")
    sid = paid.subscription.stable_subscription_id
    response = await refund(client, token, sid, amount="10.00", terminate="y")
    html = await html_of(response)
    assert response.status_code == 422
    assert "The refund was not made: Provider A could not refund" in html
    assert "Nothing was refunded" in html and "was voided" in html
    assert (await Subscription.get(id=paid.subscription.id)).status == "active"


async def test_no_payment_to_refund(client, sign_up, provider_a_api):
    merchant_id, _ = await signed_up(sign_up)
    sub = await priced_subscription(merchant_id, FLAT_49, start=JAN_1)
    page = await html_of(await client.get(f"/dashboard/subscriptions/{sub.id}"))
    assert "No payment to refund" in page and "Payment failing" not in page


# Dunning --------------------------------------------------------------------------------------


async def test_dunning_state_in_words(client, sign_up, provider_a_api):
    merchant_id, _ = await signed_up(sign_up)
    payment = await pending_payment(merchant_id, "provider_a")
    invoice = await Invoice.get(id=payment.invoice_id)
    sid = invoice.stable_subscription_id
    await failed_attempt(payment, day(3), day(4))
    page = await html_of(await client.get(f"/dashboard/subscriptions/{sid}"))
    assert "Payment failed on Jan 3, 2030: Your card was declined. Next try on Jan 4, 2030." in page
    assert "1 failed attempt." in page and invoice.number in page
    assert "Grace period" not in page

    # The last retry failed: no next try; the grace period runs, then the end action.
    await failed_attempt(payment, day(5), None)
    await Subscription.filter(stable_subscription_id=sid).update(grace_period_ends_at=day(12))
    page = await html_of(await client.get(f"/dashboard/subscriptions/{sid}"))
    assert "Payment failed on Jan 5, 2030: Your card was declined." in page
    assert "Next try" not in page and page.count("No more tries are scheduled.") == 1
    assert "Grace period ends Jan 12, 2030; then the subscription will be cancelled." in page

    # Paid after all: no dunning shown.
    await Invoice.filter(id=invoice.id).update(status="paid", payment_status="succeeded")
    page = await html_of(await client.get(f"/dashboard/subscriptions/{sid}"))
    assert "Payment failing" not in page
