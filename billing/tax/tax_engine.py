"""The tax calculation: a merchant, a customer and line items in, the tax out. Invoicing calls
:func:`calculate_tax`; ``POST /v1/tax/calculate-preview`` shows its answer without storing
anything. Which rates apply is decided by ``tax_rules``; this module loads the facts and does
the arithmetic.

Arithmetic (exact, in integer minor units): every applicable rate is applied to every line
separately and rounded to the cent half-to-even (banker's rounding), so each breakdown row is a
sum of rounded line amounts and the total is the exact sum of the rows. Output amounts are
decimal numbers in the currency's major unit (USD 8.75 for 875 cents; JPY has no decimals);
``taxRate`` is the sum of the rates applied.
"""

from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_EVEN, Decimal

from billing.core.currencies import minor_unit_digits, normalize_currency
from billing.core.errors import Invalid, NotFound
from billing.core.ids import is_well_formed
from billing.core.models import utcnow
from billing.customers.customers import CUSTOMER_NOT_FOUND
from billing.customers.models import Customer
from billing.tax.models import TaxConfig, TaxNexus, TaxRateDefinition, TaxRegistration
from billing.tax.tax_rules import Decision, Facts, decide
from billing.tax.us_states import state_code

MAX_CENTS = 10**15


@dataclass(frozen=True)
class TaxLine:
    subtotal_cents: int
    type: str = "amount"
    description: str = ""


@dataclass
class BreakdownRow:
    type: str
    rate: Decimal
    amount_cents: int


@dataclass
class TaxResult:
    """Exact figures (integer minor units, Decimal rates) for invoicing."""

    currency: str
    tax_cents: int
    taxable_cents: int
    exempt_cents: int
    rate: Decimal
    jurisdiction: str | None
    breakdown: list[BreakdownRow] = field(default_factory=list)
    reason: str | None = None  # why (no) tax applies; for the dashboard, not in the spec's shape

    def _major(self, cents: int) -> int | float:
        digits = minor_unit_digits(self.currency)
        value = Decimal(cents).scaleb(-digits)
        return int(value) if digits == 0 else float(value)

    def to_json(self) -> dict:
        """The spec's shape, amounts in the currency's major unit as decimal numbers."""
        return {
            "taxAmount": self._major(self.tax_cents),
            "taxRate": float(self.rate),
            "jurisdiction": self.jurisdiction,
            "breakdown": [
                {"type": row.type, "rate": float(row.rate), "amount": self._major(row.amount_cents)}
                for row in self.breakdown
            ],
            "exemptAmount": self._major(self.exempt_cents),
            "taxableAmount": self._major(self.taxable_cents),
        }


def line_tax(cents: int, rate: Decimal) -> int:
    """One line's tax at one rate, rounded to the cent half-to-even."""
    return int((Decimal(cents) * rate).quantize(Decimal(1), rounding=ROUND_HALF_EVEN))


def apply(decision: Decision, lines: list[TaxLine], currency: str) -> TaxResult:
    total = sum(line.subtotal_cents for line in lines)
    reason = decision.reason
    if decision.exempt:
        return TaxResult(currency, 0, 0, total, Decimal(0), decision.jurisdiction, reason=reason)
    if not decision.taxed:
        return TaxResult(currency, 0, 0, 0, Decimal(0), decision.jurisdiction, reason=reason)
    breakdown = [
        BreakdownRow(r.type, r.rate, sum(line_tax(line.subtotal_cents, r.rate) for line in lines))
        for r in decision.rates
    ]
    return TaxResult(
        currency,
        tax_cents=sum(row.amount_cents for row in breakdown),
        taxable_cents=total,
        exempt_cents=0,
        rate=sum((r.rate for r in decision.rates), Decimal(0)),
        jurisdiction=decision.jurisdiction,
        breakdown=breakdown,
        reason=reason,
    )


def _check(lines: list[TaxLine], currency: str) -> str:
    code = normalize_currency(currency) if isinstance(currency, str) else None
    if code is None:
        raise Invalid("currency must be an ISO 4217 code such as USD", field="currency")
    for line in lines:
        cents = line.subtotal_cents
        if isinstance(cents, bool) or not isinstance(cents, int) or not 0 <= cents <= MAX_CENTS:
            raise Invalid(
                "subtotalCents must be a whole number of cents, 0 or more",
                code="cents_not_whole",
                field="subtotalCents",
            )
    return code


async def _customer(merchant_id: str, customer_id: object) -> Customer:
    customer = None
    if isinstance(customer_id, str) and is_well_formed(customer_id, Customer.id_prefix):
        customer = await Customer.scoped(merchant_id).filter(id=customer_id).first()
    if customer is None:
        raise NotFound(CUSTOMER_NOT_FOUND, code="customer_not_found", field="customerId")
    return customer


@dataclass(frozen=True)
class MerchantTax:
    """A merchant's tax set-up, read once and used for any number of customers (a billing run
    taxes hundreds of invoices of one merchant with a single read of these rows)."""

    auto: bool
    default_rate: Decimal | None
    nexus: list
    definitions: list
    registrations: list


async def merchant_tax(merchant_id: str) -> MerchantTax:
    config = await TaxConfig.filter(merchant_id=merchant_id).first()
    return MerchantTax(
        auto=bool(config and config.auto_tax_calculation),
        default_rate=config.default_tax_rate if config else None,
        nexus=await TaxNexus.filter(merchant_id=merchant_id),
        definitions=await TaxRateDefinition.filter(
            merchant_id=merchant_id, is_active=True
        ).order_by("created_at", "id"),
        registrations=await TaxRegistration.filter(merchant_id=merchant_id).order_by(
            "effective_date", "id"
        ),
    )


def tax_for(
    setup: MerchantTax,
    customer: Customer,
    lines: list[TaxLine],
    currency: str,
    on: date,
    state: str | None = None,
) -> TaxResult:
    """The tax of ``lines`` for ``customer`` under the merchant's ``setup``, on ``on``;
    ``state`` overrides the state found from the customer's ZIP code. No database access."""
    facts = Facts(
        auto=setup.auto,
        default_rate=setup.default_rate,
        country=customer.billing_country,
        postal_code=customer.billing_postal_code,
        city=customer.billing_city,
        tax_id=customer.tax_id,
        nexus=setup.nexus,
        definitions=setup.definitions,
        registrations=setup.registrations,
    )
    return apply(decide(facts, on, state), lines, currency)


async def calculate_tax(
    merchant_id: str,
    customer_id: str,
    lines: list[TaxLine],
    *,
    currency: str,
    on: date | None = None,
    state: str | None = None,
) -> TaxResult:
    """The tax of ``lines`` for this customer on ``on`` (default today, UTC); ``state``
    overrides the state found from the customer's ZIP code."""
    code = _check(lines, currency)
    explicit = state_code(state) if state is not None else None
    customer = await _customer(merchant_id, customer_id)
    setup = await merchant_tax(merchant_id)
    return tax_for(setup, customer, lines, code, on or utcnow().date(), explicit)
