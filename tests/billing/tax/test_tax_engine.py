"""The tax engine against a table of cases: configuration off and on, US nexus and its
effective date, state and local rates, registrations abroad, reverse charge, zero amounts and
rounding edges; plus tenant isolation. Rows are created through the models."""

from datetime import date
from decimal import Decimal

import pytest

from billing.core.errors import Invalid, NotFound
from billing.tax.tax_engine import TaxLine, calculate_tax, line_tax
from tests.support.billing.tax.tax_engine import CA, CA_NEXUS, CA_RATES, customer, setup

ON = date(2026, 6, 1)


# (name, setup kwargs, customer address, lines in cents, expected JSON)
CASES = [
    (
        "nothing configured: no tax, everything taxable at 0",
        None,
        CA,
        [10000],
        {"taxAmount": 0.0, "taxRate": 0.0, "jurisdiction": None, "breakdown": [],
         "exemptAmount": 0.0, "taxableAmount": 100.0},
    ),
    (
        "automatic off: the default rate on everything",
        {"auto": False, "default": Decimal("0.2"), "nexus": CA_NEXUS, "rates": CA_RATES},
        CA,
        [10000, 999],
        {"taxAmount": 22.0, "taxRate": 0.2, "jurisdiction": None,
         "breakdown": [{"type": "default", "rate": 0.2, "amount": 22.0}],
         "exemptAmount": 0.0, "taxableAmount": 109.99},
    ),
    (
        "in nexus: state and city rates add up",
        {"nexus": CA_NEXUS, "rates": CA_RATES},
        CA,
        [10000],
        {"taxAmount": 8.63, "taxRate": 0.0863, "jurisdiction": "US-CA",
         "breakdown": [{"type": "state", "rate": 0.0725, "amount": 7.25},
                       {"type": "city", "rate": 0.0138, "amount": 1.38}],
         "exemptAmount": 0.0, "taxableAmount": 100.0},
    ),
    (
        "another city of the state: the state rate only",
        {"nexus": CA_NEXUS, "rates": CA_RATES},
        {**CA, "billing_postal_code": "90001", "billing_city": "Los Angeles"},
        [10000],
        {"taxAmount": 7.25, "taxRate": 0.0725, "jurisdiction": "US-CA",
         "breakdown": [{"type": "state", "rate": 0.0725, "amount": 7.25}],
         "exemptAmount": 0.0, "taxableAmount": 100.0},
    ),
    (
        "ZIP+4 finds the state; no nexus there: no tax",
        {"nexus": CA_NEXUS, "rates": CA_RATES},
        {"billing_country": "US", "billing_postal_code": "10001-1234"},
        [10000],
        {"taxAmount": 0.0, "taxRate": 0.0, "jurisdiction": "US-NY", "breakdown": [],
         "exemptAmount": 0.0, "taxableAmount": 0.0},
    ),
    (
        "nexus not yet in effect",
        {"nexus": [("CA", True, date(2026, 7, 1))], "rates": CA_RATES},
        CA,
        [10000],
        {"taxAmount": 0.0, "taxRate": 0.0, "jurisdiction": "US-CA", "breakdown": [],
         "exemptAmount": 0.0, "taxableAmount": 0.0},
    ),
    (
        "inactive nexus",
        {"nexus": [("CA", False, None)], "rates": CA_RATES},
        CA,
        [10000],
        {"taxAmount": 0.0, "taxRate": 0.0, "jurisdiction": "US-CA", "breakdown": [],
         "exemptAmount": 0.0, "taxableAmount": 0.0},
    ),
    (
        "nexus without rate definitions: taxable at 0",
        {"nexus": [("TX", True, None)]},
        {"billing_country": "US", "billing_postal_code": "73301"},
        [5000],
        {"taxAmount": 0.0, "taxRate": 0.0, "jurisdiction": "US-TX", "breakdown": [],
         "exemptAmount": 0.0, "taxableAmount": 50.0},
    ),
    (
        "Puerto Rico by its country code",
        {"nexus": [("PR", True, None)], "rates": [("US-PR", "0.115", None)]},
        {"billing_country": "PR", "billing_postal_code": "00901"},
        [10000],
        {"taxAmount": 11.5, "taxRate": 0.115, "jurisdiction": "US-PR",
         "breakdown": [{"type": "state", "rate": 0.115, "amount": 11.5}],
         "exemptAmount": 0.0, "taxableAmount": 100.0},
    ),
    (
        "no postal code and no state: no tax",
        {"nexus": CA_NEXUS, "rates": CA_RATES},
        {"billing_country": "US"},
        [10000],
        {"taxAmount": 0.0, "taxRate": 0.0, "jurisdiction": None, "breakdown": [],
         "exemptAmount": 0.0, "taxableAmount": 0.0},
    ),
    (
        "registered abroad: the country's rates",
        {"rates": [("DE", "0.19", None)], "regs": [("DE", date(2026, 1, 1), None)]},
        {"billing_country": "DE"},
        [10000],
        {"taxAmount": 19.0, "taxRate": 0.19, "jurisdiction": "DE",
         "breakdown": [{"type": "vat", "rate": 0.19, "amount": 19.0}],
         "exemptAmount": 0.0, "taxableAmount": 100.0},
    ),
    (
        "EU registration covers a member state",
        {"rates": [("FR", "0.2", None)], "regs": [("EU", date(2026, 1, 1), None)]},
        {"billing_country": "FR"},
        [10000],
        {"taxAmount": 20.0, "taxRate": 0.2, "jurisdiction": "FR",
         "breakdown": [{"type": "vat", "rate": 0.2, "amount": 20.0}],
         "exemptAmount": 0.0, "taxableAmount": 100.0},
    ),
    (
        "business with a tax id of another jurisdiction: reverse charge",
        {"rates": [("FR", "0.2", None)], "regs": [("EU", date(2026, 1, 1), None)]},
        {"billing_country": "FR", "tax_id": "FR12345678901"},
        [10000, 500],
        {"taxAmount": 0.0, "taxRate": 0.0, "jurisdiction": "FR", "breakdown": [],
         "exemptAmount": 105.0, "taxableAmount": 0.0},
    ),
    (
        "business with a tax id of the registration's country: taxed",
        {"rates": [("DE", "0.19", None)], "regs": [("DE", date(2026, 1, 1), None)]},
        {"billing_country": "DE", "tax_id": "DE123456789"},
        [10000],
        {"taxAmount": 19.0, "taxRate": 0.19, "jurisdiction": "DE",
         "breakdown": [{"type": "vat", "rate": 0.19, "amount": 19.0}],
         "exemptAmount": 0.0, "taxableAmount": 100.0},
    ),
    (
        "expired registration",
        {"rates": [("DE", "0.19", None)], "regs": [("DE", date(2025, 1, 1), date(2026, 5, 31))]},
        {"billing_country": "DE"},
        [10000],
        {"taxAmount": 0.0, "taxRate": 0.0, "jurisdiction": "DE", "breakdown": [],
         "exemptAmount": 0.0, "taxableAmount": 0.0},
    ),
    (
        "no registration in the customer's country",
        {"rates": [("DE", "0.19", None)], "regs": [("DE", date(2026, 1, 1), None)]},
        {"billing_country": "GB"},
        [10000],
        {"taxAmount": 0.0, "taxRate": 0.0, "jurisdiction": "GB", "breakdown": [],
         "exemptAmount": 0.0, "taxableAmount": 0.0},
    ),
    (
        "zero amounts",
        {"nexus": CA_NEXUS, "rates": CA_RATES},
        CA,
        [0, 0],
        {"taxAmount": 0.0, "taxRate": 0.0863, "jurisdiction": "US-CA",
         "breakdown": [{"type": "state", "rate": 0.0725, "amount": 0.0},
                       {"type": "city", "rate": 0.0138, "amount": 0.0}],
         "exemptAmount": 0.0, "taxableAmount": 0.0},
    ),
    (
        "half a cent rounds to even, per line: 0.5 down, 1.5 up, 2.5 down",
        {"auto": False, "default": Decimal("0.1")},
        CA,
        [5, 15, 25],
        {"taxAmount": 0.04, "taxRate": 0.1, "jurisdiction": None,
         "breakdown": [{"type": "default", "rate": 0.1, "amount": 0.04}],
         "exemptAmount": 0.0, "taxableAmount": 0.45},
    ),
    (
        "per-line rounding differs from rounding the total",
        {"auto": False, "default": Decimal("0.0725")},
        CA,
        [7, 7, 7],
        {"taxAmount": 0.03, "taxRate": 0.0725, "jurisdiction": None,
         "breakdown": [{"type": "default", "rate": 0.0725, "amount": 0.03}],
         "exemptAmount": 0.0, "taxableAmount": 0.21},
    ),
]  # fmt: skip


@pytest.mark.parametrize(("name", "config", "address", "lines", "expected"), CASES)
async def test_calculation_table(merchant, name, config, address, lines, expected):
    if config is not None:
        await setup(merchant.id, **config)
    buyer = await customer(merchant.id, **address)
    result = await calculate_tax(
        merchant.id, buyer.id, [TaxLine(c) for c in lines], currency="USD", on=ON
    )
    assert result.to_json() == expected, name
    assert result.tax_cents == sum(row.amount_cents for row in result.breakdown)


async def test_explicit_state_wins_over_the_zip_code(merchant):
    await setup(merchant.id, nexus=[("NV", True, None)], rates=[("US-NV", "0.0685", None)])
    buyer = await customer(merchant.id, **CA)
    result = await calculate_tax(
        merchant.id, buyer.id, [TaxLine(10000)], currency="usd", state="nv"
    )
    assert (result.jurisdiction, result.tax_cents) == ("US-NV", 685)


async def test_zero_decimal_currency_amounts(merchant):
    await setup(merchant.id, auto=False, default=Decimal("0.1"))
    buyer = await customer(merchant.id)
    result = await calculate_tax(merchant.id, buyer.id, [TaxLine(1005)], currency="JPY")
    assert result.to_json()["taxAmount"] == 100  # 100.5 yen rounds half to even


async def test_other_merchants_customers_and_rates_never_apply(merchant, make_merchant):
    other = await make_merchant("Other Co")
    await setup(other.id, nexus=CA_NEXUS, rates=CA_RATES)
    theirs = await customer(other.id, **CA)
    with pytest.raises(NotFound):
        await calculate_tax(merchant.id, theirs.id, [TaxLine(100)], currency="USD")
    await setup(merchant.id, nexus=CA_NEXUS)
    mine = await customer(merchant.id, **CA)
    result = await calculate_tax(merchant.id, mine.id, [TaxLine(10000)], currency="USD", on=ON)
    assert (result.tax_cents, result.taxable_cents, result.breakdown) == (0, 10000, [])


@pytest.mark.parametrize(
    ("lines", "currency", "state"),
    [([TaxLine(-1)], "USD", None), ([TaxLine(1)], "XXX", None), ([TaxLine(1)], "USD", "ZZ")],
)
async def test_bad_input_is_invalid(merchant, lines, currency, state):
    buyer = await customer(merchant.id)
    with pytest.raises(Invalid):
        await calculate_tax(merchant.id, buyer.id, lines, currency=currency, state=state)


def test_line_tax_rounds_half_to_even():
    assert [line_tax(c, Decimal("0.1")) for c in (5, 15, 25, 35)] == [0, 2, 2, 4]
    assert line_tax(10**12, Decimal("0.0875")) == 87_500_000_000
