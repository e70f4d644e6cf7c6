"""Customer payment totals: succeeded payments net of refunds, one currency, merchant-scoped.

Payments are written as rows against real invoices (a $49 subscription billed on January 1),
the way the collection code leaves them, so only the sums are under test here.
"""

from billing.accounts.models import Merchant
from billing.payments.models import Payment
from billing.payments.reads import customer_payments
from tests.support.billing.payments.reads.customer_payments import billed, pay
from tests.support.factories.subscriptions import make_customer


async def totals(merchant_id: str) -> dict[str, tuple[int, int, str]]:
    rows, _ = await customer_payments.list_payment_summaries(merchant_id)
    return {row.customer.id: row[1:] for row in rows}


async def test_succeeded_payments_net_of_refunds(merchant):
    ada, bob, cy = [await make_customer(merchant.id, name=n) for n in ("Ada", "Bob", "Cy")]
    invoices = await billed(merchant.id, ada, bob)
    await pay(invoices[ada.id], 1, "failed", 4900, error_message="Card declined")
    await pay(invoices[ada.id], 2, "succeeded", 4900, refunded_cents=1500)
    await pay(invoices[ada.id], 3, "succeeded", 2500)
    await pay(invoices[ada.id], 4, "pending", 9900)
    await pay(invoices[bob.id], 1, "succeeded", 4900, refunded_cents=4900)  # fully refunded
    await Merchant.filter(id=merchant.id).update(default_currency="EUR")
    # By hand: Ada 4900 - 1500 + 2500 = 5900 from two payments; Bob 0 from one; Cy none.
    assert await totals(merchant.id) == {
        ada.id: (5900, 2, "USD"),
        bob.id: (0, 1, "USD"),
        cy.id: (0, 0, "EUR"),
    }


async def test_other_merchants_payments_are_not_counted(merchant, make_merchant):
    other = await make_merchant()
    mine = await make_customer(merchant.id)
    theirs = await make_customer(other.id)
    await pay((await billed(merchant.id, mine))[mine.id], 1, "succeeded", 4900)
    their_invoice = (await billed(other.id, theirs))[theirs.id]
    await pay(their_invoice, 1, "succeeded", 4900)
    # A payment row of the other merchant naming my customer (never made by Tally) is
    # still the other merchant's: totals are scoped to the merchant row.
    await Payment.create(
        merchant_id=other.id,
        invoice_id=their_invoice.id,
        customer_id=mine.id,
        provider="provider_a",
        amount_cents=100000,
        currency="USD",
        status="succeeded",
        attempt=2,
        idempotency_key=f"{their_invoice.id}:2",
    )
    assert await totals(merchant.id) == {mine.id: (4900, 1, "USD")}
    assert await totals(other.id) == {theirs.id: (4900, 1, "USD")}


async def test_mixed_currencies_report_the_latest_currency_only(merchant):
    ada = await make_customer(merchant.id)
    invoice = (await billed(merchant.id, ada))[ada.id]
    await pay(invoice, 1, "succeeded", 4900)
    await pay(invoice, 2, "succeeded", 3000, currency="EUR")
    await pay(invoice, 3, "succeeded", 1000, currency="EUR")
    await pay(invoice, 4, "failed", 7000, currency="GBP")  # failed: not the latest payment
    assert await totals(merchant.id) == {ada.id: (4000, 2, "EUR")}


async def test_deleted_payments_and_empty_pages(merchant):
    assert await customer_payments.payment_totals(merchant.id, []) == {}
    ada = await make_customer(merchant.id)
    payment = await pay((await billed(merchant.id, ada))[ada.id], 1, "succeeded", 4900)
    await payment.soft_delete()
    assert (await totals(merchant.id))[ada.id][:2] == (0, 0)
