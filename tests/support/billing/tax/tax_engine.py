"""Helpers for tests of billing/tax/tax_engine, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

from datetime import date
from decimal import Decimal

from billing.customers.models import Customer
from billing.tax.models import TaxConfig, TaxNexus, TaxRateDefinition, TaxRegistration
from tests.support.factories.subscriptions import make_customer


async def setup(merchant_id: str, *, auto=True, default=None, nexus=(), rates=(), regs=()):
    await TaxConfig.create(
        merchant_id=merchant_id, auto_tax_calculation=auto, default_tax_rate=default
    )
    for state, active, effective in nexus:
        await TaxNexus.create(
            merchant_id=merchant_id, state=state, is_active=active, effective_date=effective
        )
    for jurisdiction, rate, category in rates:
        await TaxRateDefinition.create(
            merchant_id=merchant_id,
            name=jurisdiction,
            tax_rate=Decimal(rate),
            jurisdiction=jurisdiction,
            category=category,
        )
    for jurisdiction, effective, expires in regs:
        await TaxRegistration.create(
            merchant_id=merchant_id,
            jurisdiction=jurisdiction,
            registration_number="R1",
            registration_type="vat",
            effective_date=effective,
            expiration_date=expires,
        )


async def customer(merchant_id: str, **address) -> Customer:
    made = await make_customer(merchant_id)
    made.update_from_dict(address)
    await made.save()
    return made


CA = {"billing_country": "US", "billing_postal_code": "94103", "billing_city": "San Francisco"}


CA_NEXUS = [("CA", True, date(2026, 1, 1))]


CA_RATES = [("US-CA", "0.0725", None), ("US-CA-San Francisco", "0.0138", "city")]
