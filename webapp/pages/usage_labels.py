"""A usage component in words for the plan page: "API calls: 0.0004 USD per call, billed
monthly in arrears", and its tiers a line each ("Above 10,000: 0.0002 USD each + $5.00").

Presentation only: the stored figures are read through ``billing.catalog.usage_models`` (the
exact unit price, the model), as billing reads them.
"""

from decimal import Decimal

from billing.catalog.pricing import has_fixed_part
from billing.catalog.recurrence import simple_interval
from billing.catalog.usage_models import exact_price, model_of
from billing.core.currencies import minor_unit_digits
from webapp.forms.money import format_money

EVERY = {"month": "monthly", "year": "yearly"}


def unit_price_words(cents: Decimal, currency: str) -> str:
    """Exact cents as the currency's major units, every significant digit kept and at least
    the currency's decimals: 0.04 cents → "0.0004 USD", 5 cents → "0.05 USD"."""
    digits = minor_unit_digits(currency)
    major = Decimal(cents).scaleb(-digits)
    text = f"{major:,.{max(digits, -major.normalize().as_tuple().exponent, 0)}f}"
    return f"{text} {currency}"


def usage_components(price) -> list[dict]:
    """The price's metered components, each {"summary": words, "tiers": [line, ...], "plus":
    whether it comes on top of a fee}: "+ API calls: ..." under "$29.00 / month + usage",
    but a bare "API calls: ..." under a usage-only price's "Usage, billed monthly"."""
    plus = has_fixed_part(price.pricing_data)
    shown = []
    for component in price.pricing_data.get("components") or []:
        if component.get("type") != "per_unit" or component.get("metric_id") is None:
            continue
        shown.append(
            {
                "summary": _summary(component, price.currency),
                "tiers": _tier_rows(component, price.currency),
                "plus": plus,
            }
        )
    return shown


def _summary(component: dict, currency: str) -> str:
    name = component.get("component_name") or "Usage"
    unit = component.get("unit_label") or "unit"
    interval = simple_interval(component.get("recurrence_rule") or "") or "month"
    billed = f"billed {EVERY.get(interval, 'each period')} in arrears"
    model = model_of(component)
    price = unit_price_words(exact_price(component), currency)
    if model == "package":
        size = int(component.get("package_size", 1))
        return f"{name}: {price} per {size:,} {unit}s (a part counts whole), {billed}"
    if model == "graduated":
        return f"{name}: each {unit} at its tier's price, {billed}"
    if model == "volume":
        return f"{name}: every {unit} at the price of the tier the total reaches, {billed}"
    return f"{name}: {price} per {unit}, {billed}"


def _tier_rows(component: dict, currency: str) -> list[str]:
    """["Up to 10,000: free", "Above 10,000: 0.0002 USD each + $5.00"]."""
    rows, previous = [], 0
    for tier in component.get("tiers") or []:
        up_to = tier.get("up_to")
        units = f"Above {previous:,}" if up_to is None else f"Up to {up_to:,}"
        price = exact_price(tier)
        each = f"{unit_price_words(price, currency)} each" if price else "free"
        flat = tier.get("flat_amount_cents", 0)
        rows.append(f"{units}: {each}" + (f" + {format_money(flat, currency)}" if flat else ""))
        previous = up_to if up_to is not None else previous
    return rows
