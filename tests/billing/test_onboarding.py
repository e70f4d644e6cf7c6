"""What the dashboard says about the seller details an invoice prints: a prompt in live mode
before the first live invoice, a warning once one was issued or in test mode, nothing once the
profile is complete. The prompt names the tax ID while it is blank."""

from datetime import UTC, datetime

from billing import onboarding
from billing.accounts import merchants, seller_details
from billing.invoicing.billing_run import bill_due
from tests.support.factories.invoices import FLAT_49, priced_subscription

ADDRESS = {"address_line1": "Hauptstrasse 5", "city": "Berlin", "country": "DE"}


async def test_live_asks_before_the_first_invoice_and_warns_after(merchant):
    row = await merchants.tenant_of(merchant.id, "live")
    notice = await onboarding.seller_details_notice(row)
    assert notice.before_first_invoice
    assert notice.asks == "business address and tax ID"
    assert notice.missing == ["your business address"]

    await priced_subscription(merchant.id, FLAT_49, start=datetime(2030, 1, 1, tzinfo=UTC))
    await bill_due(datetime(2030, 2, 1, tzinfo=UTC), merchant.id)
    notice = await onboarding.seller_details_notice(row)
    assert not notice.before_first_invoice
    assert notice.missing == ["your business address"]


async def test_test_mode_warns_and_a_complete_profile_says_nothing(merchant):
    test_row = await merchants.tenant_of(merchant.id, "test")
    assert not (await onboarding.seller_details_notice(test_row)).before_first_invoice

    saved = await seller_details.update_seller_details(merchant.id, **ADDRESS)
    assert await onboarding.seller_details_notice(saved) is None  # the tax ID is optional


async def test_the_prompt_names_only_what_is_missing(merchant):
    saved = await seller_details.update_seller_details(merchant.id, tax_id="DE123456789")
    assert seller_details.asked_before_first_invoice(saved) == "business address"
    saved.legal_name = " "
    assert seller_details.asked_before_first_invoice(saved) == "legal name and business address"
    saved.tax_id = None
    assert (
        seller_details.asked_before_first_invoice(saved)
        == "legal name, business address and tax ID"
    )
