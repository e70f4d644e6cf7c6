"""Tax on invoices: one tax line per breakdown row for the customer's address on the issue
date, and a reverse charge stated on the invoice. Amounts worked out by hand."""

from datetime import UTC, date, datetime

from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice, InvoiceLine
from tests.support.billing.tax.tax_engine import CA, CA_NEXUS, CA_RATES, customer, setup
from tests.support.factories.invoices import FLAT_49, priced_subscription

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)


async def first_invoice(merchant_id: str, **address) -> tuple[Invoice, list[tuple]]:
    buyer = await customer(merchant_id, **address)
    sub = await priced_subscription(merchant_id, FLAT_49, start=JAN_1, customer=buyer)
    await bill_due(JAN_1, merchant_id)
    invoice = await Invoice.get(stable_subscription_id=sub.id)
    rows = await InvoiceLine.filter(invoice_id=invoice.id).order_by("position")
    return invoice, [(row.type, row.description, row.subtotal_cents) for row in rows]


async def test_state_and_city_tax_lines_for_a_customer_in_a_nexus_state(merchant):
    await setup(merchant.id, nexus=CA_NEXUS, rates=CA_RATES)
    invoice, lines = await first_invoice(merchant.id, **CA)
    # 49.00 x 7.25% = 3.5525 -> 3.55; 49.00 x 1.38% = 0.6762 -> 0.68
    assert [(kind, cents) for kind, _, cents in lines] == [
        ("fixed", 4900),
        ("tax", 355),
        ("tax", 68),
    ]
    assert "7.25%" in lines[1][1] and "1.38%" in lines[2][1]
    assert (invoice.subtotal_cents, invoice.tax_cents, invoice.total_cents) == (4900, 423, 5323)
    assert invoice.bill_to["postalCode"] == "94103"


async def test_a_reverse_charge_is_stated_and_charges_no_tax(merchant):
    await setup(merchant.id, rates=[("FR", "0.2", None)], regs=[("EU", date(2026, 1, 1), None)])
    invoice, lines = await first_invoice(merchant.id, billing_country="FR", tax_id="FR12345678901")
    assert [kind for kind, _, _ in lines] == ["fixed"]
    assert invoice.total_cents == 4900
    assert invoice.tax_notes and "reverse charge" in invoice.tax_notes[0].lower()
