"""The words an invoice is written in: every line's description and the billing reason.

One module, so the PDF, the dashboard, the hosted invoice page, the e-mails and the API's
``lineItems[].description`` all say the same thing. A line's description is written when the
invoice is issued and stored with it (an issued invoice never changes, so a plan renamed
later does not rename last month's lines):

- a fixed fee: ``Pro plan — monthly fee`` (a component the merchant named:
  ``Pro plan — Platform fee, monthly``);
- seats billed in advance: ``Pro plan — 3 seats × 10.00 USD``;
- usage: ``API calls: 12,340 × 0.0004 USD`` (``Storage: 60.5 × 0.25 USD per GB`` with the
  component's unit label), the unit price in currency units with no
  trailing zeros (a price finer than a cent, ``unit_amount_decimal``, is written in full);
  tiered usage: ``API calls: 12,340 (graduated tiers)``;
- proration: ``Unused time on Basic plan after Mar 12, 2026`` (the credit) and
  ``Remaining time on Pro plan from Mar 12, 2026`` (the charge);
- a seat added mid-period: ``Pro plan — seat added for ana@example.com, rest of the period``.

Amounts in descriptions carry the ISO code (``10.00 USD``) as the PDF's amounts do: every
font can draw it and it is never ambiguous between dollars.

The billing reason (``Invoice.billing_reason``, an API value that stays as it is) in words:
``reason_words``. A subscription's first cycle and its renewals share the reason
``subscription_cycle``; which one an invoice is, is told by whether an earlier invoice of
the subscription exists (``invoices.is_first_of_subscription``).
"""

from datetime import datetime
from decimal import Decimal

from billing.catalog import usage_models
from billing.core.currencies import major_units, minor_unit_digits
from billing.invoicing import money_math

FREQUENCY_WORDS = {"DAILY": "daily", "WEEKLY": "weekly", "MONTHLY": "monthly", "YEARLY": "yearly"}
FREQUENCY_UNITS = {"DAILY": "days", "WEEKLY": "weeks", "MONTHLY": "months", "YEARLY": "years"}
GENERIC_NAMES = {"", "subscription fee", "fee", "seats", "usage"}  # say nothing more than the kind

REASONS = {
    "subscription_first": "First invoice",
    "subscription_cycle": "Renewal",
    "subscription_final": "Final usage after cancellation",
    "proration": "Plan change",
    "seats": "Seats added",
    "refund": "Refund (credit note)",
}


def reason_words(reason: str, *, first: bool = False) -> str:
    """``subscription_cycle`` → ``Renewal`` (``First invoice`` when ``first``)."""
    if reason == "subscription_cycle" and first:
        reason = "subscription_first"
    return REASONS.get(reason, "Invoice")


def plan_words(plan_name: str | None) -> str:
    """``Pro`` → ``Pro plan``; a name that already says plan is left alone."""
    name = (plan_name or "").strip()
    if not name:
        return "Subscription"
    return name if name.lower().endswith("plan") else f"{name} plan"


def _named(component: dict) -> str | None:
    name = str(component.get("component_name") or "").strip()
    return None if name.lower() in GENERIC_NAMES else name


def how_often(rule: str | None) -> str:
    """``FREQ=MONTHLY;INTERVAL=1`` → ``monthly``; ``INTERVAL=3`` → ``every 3 months``."""
    parts = dict(
        part.split("=", 1) for part in (rule or "").removeprefix("RRULE:").split(";") if "=" in part
    )
    frequency = parts.get("FREQ", "MONTHLY").upper()
    interval = parts.get("INTERVAL", "1")
    if interval in ("", "1"):
        return FREQUENCY_WORDS.get(frequency, "recurring")
    return f"every {interval} {FREQUENCY_UNITS.get(frequency, 'periods')}"


def fixed_fee(plan_name: str | None, component: dict) -> str:
    """``Pro plan — monthly fee``."""
    often = how_often(component.get("recurrence_rule"))
    name = _named(component)
    if name:
        return f"{plan_words(plan_name)} — {name}, {often}"
    fee = f"{often} fee" if not often.startswith("every") else f"fee {often}"
    return f"{plan_words(plan_name)} — {fee}"


def quantity_words(quantity: Decimal | int | None) -> str:
    """``12340`` → ``12,340``; a fractional quantity keeps its decimals (``2.5``)."""
    value = Decimal(quantity or 0)
    if value == value.to_integral_value():
        return f"{int(value):,}"
    whole, _, part = f"{value.normalize():f}".partition(".")
    return f"{int(whole):,}.{part}"


def unit_price(cents: Decimal | int, currency: str) -> str:
    """A unit price in currency units without trailing zeros past the currency's own decimals:
    ``Decimal("0.04"), "USD"`` → ``0.0004 USD``, ``1000`` → ``10.00 USD``."""
    value = Decimal(cents)
    if value == value.to_integral_value():
        return f"{major_units(int(value), currency)} {currency}"
    units = (value / (10 ** minor_unit_digits(currency))).normalize()
    return f"{units:f} {currency}"


def seats(plan_name: str | None, component: dict, count: Decimal, unit_cents: int, cur: str) -> str:
    """``Pro plan — 3 seats × 10.00 USD``."""
    noun = "seat" if count == 1 else "seats"
    what = _named(component)
    label = f"{what}: " if what else ""
    price = unit_price(unit_cents, cur)
    return f"{plan_words(plan_name)} — {label}{quantity_words(count)} {noun} × {price}"


def usage_unit_cents(component: dict) -> Decimal | int | None:
    """A per-unit usage component's unit price in cents: its sub-cent ``unit_amount_decimal``
    when it has one, else its whole ``amount_cents``; None for tiers (no single price)."""
    if component.get("type") == "tiered" or usage_models.model_of(component) in usage_models.TIERED:
        return None
    fine = component.get("unit_amount_decimal")
    if fine not in (None, ""):
        return Decimal(str(fine))
    return int(component.get("amount_cents", 0))


def usage(name: str | None, component: dict, quantity: Decimal, currency: str) -> str:
    """``API calls: 12,340 × 0.0004 USD``; with the component's unit label ``API calls: 12,340
    × 0.0004 USD per call`` (the label is the singular a merchant types, so it follows "per"
    and never a plural quantity: not "12,340 call"); tiers: ``API calls: 12,340 (graduated
    tiers per call)``; packages: ``API calls: 12,340 (13 packages of 1,000 × 5.00 USD)``, a
    partial package counted whole."""
    label = str(name or component.get("component_name") or "Usage").strip() or "Usage"
    unit_label = str(component.get("unit_label") or "").strip()
    per = f" per {unit_label}" if unit_label else ""
    amount = quantity_words(quantity)
    unit = usage_unit_cents(component)
    if unit is None:
        mode = str(component.get("tiers_mode") or usage_models.model_of(component))
        mode = mode if mode in usage_models.TIERED else "graduated"
        return f"{label}: {amount} ({mode} tiers{per})"
    if usage_models.model_of(component) == "package":
        size = int(component["package_size"])
        packages = money_math.packages(max(quantity, Decimal(0)), size)
        return (
            f"{label}: {amount} ({quantity_words(packages)} packages of "
            f"{quantity_words(Decimal(size))} × {unit_price(unit, currency)})"
        )
    return f"{label}: {amount} × {unit_price(unit, currency)}{per}"


def day(moment: datetime) -> str:
    """``Mar 12, 2026``: the month in letters, never ambiguous between countries, and the
    way the dashboard writes a date (no leading zero), so a document and the page agree."""
    return f"{moment:%b} {moment.day}, {moment.year}"


def unused_time(plan_name: str | None, at: datetime) -> str:
    return f"Unused time on {plan_words(plan_name)} after {day(at)}"


def remaining_time(plan_name: str | None, at: datetime) -> str:
    return f"Remaining time on {plan_words(plan_name)} from {day(at)}"


def seat_added(plan_name: str | None, member: str) -> str:
    return f"{plan_words(plan_name)} — seat added for {member}, rest of the period"


def refund_of(number: str | None, reason: str | None = None) -> str:
    """A credit note's line: ``Refund of invoice INV-000042: duplicate charge``."""
    return f"Refund of invoice {number}" + (f": {reason}" if reason else "")
