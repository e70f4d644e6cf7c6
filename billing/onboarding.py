"""The onboarding checklist: what a merchant still has to set up before billing works.

It reads across contexts (catalog for plans, tax for its settings, payments for a provider
configured in the mode), so it sits above them instead of inside accounts, which every
context may call.
"""

from dataclasses import dataclass

from billing.accounts import seller_details
from billing.accounts.models import Merchant
from billing.catalog.models import Plan
from billing.invoicing.models import Invoice, InvoiceStatus
from billing.payments import providers
from billing.tax import tax_settings


@dataclass(frozen=True)
class SellerDetailsNotice:
    """What the dashboard says about the seller block of invoices. ``before_first_invoice``:
    ask for the details (a prompt naming ``asks``); otherwise warn that invoices already
    went out without ``missing``."""

    before_first_invoice: bool
    missing: list[str]
    asks: str


async def onboarding_status(merchant_id: str) -> dict[str, bool]:
    """What the merchant still has to set up. ``hasPlans``: at least one live plan (its
    current version). ``hasPaymentProvider``: provider A or B configured for this merchant
    row (so for its mode). ``hasTax``: see ``tax_settings.is_configured``."""
    has_plans = await Plan.scoped(merchant_id).filter(is_current=True).exists()
    has_provider = await providers.has_payment_provider(merchant_id)
    has_tax = await tax_settings.is_configured(merchant_id)
    return {"hasPlans": has_plans, "hasPaymentProvider": has_provider, "hasTax": has_tax}


async def seller_details_notice(merchant: Merchant) -> SellerDetailsNotice | None:
    """None once the profile can fill an invoice's seller block. Else, in live mode before
    any live invoice was issued, a prompt: the merchant is still setting up and is best asked
    now, before a customer gets an invoice without them. Issuing is not blocked (see
    ``billing.accounts.seller_details``). In test mode, or once live invoices were issued, a
    warning, as test invoices matter to no customer's books."""
    missing = seller_details.missing_for_invoices(merchant)
    if not missing:
        return None
    issued = Invoice.scoped(merchant.id).exclude(status=InvoiceStatus.DRAFT)
    before_first = merchant.mode == "live" and not await issued.exists()
    asks = seller_details.asked_before_first_invoice(merchant)
    return SellerDetailsNotice(before_first_invoice=before_first, missing=missing, asks=asks)
