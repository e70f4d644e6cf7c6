"""The billing components of a price: what bills, how much, on which recurrence rule.

Every ``pricingData`` form is reduced to a list of components here, so subscription details
(one per component) and MRR read prices the same way:

- components form: each component as stored; a fixed component without ``component_id`` is
  named ``fixed-<n>`` by its position (1-based); a per-unit component without a rule bills
  monthly.
- ``flat_rate`` and ``recurring``: one fixed component ``fixed-1`` billing every interval
  (``recurring``: every ``intervalCount`` months or years).
- ``usage_based``: one ``per_unit`` component ``usage``, billed monthly in arrears.
- ``tiered``: one ``tiered`` component ``tiered`` on its interval, monthly when it has none,
  measuring its ``metricId`` and pricing by ``tiersMode`` (graduated unless volume).
"""

from dataclasses import dataclass

from billing.catalog.usage_models import exact_price

FREQ_OF = {"day": "DAILY", "week": "WEEKLY", "month": "MONTHLY", "year": "YEARLY"}
MONTHLY = "FREQ=MONTHLY;INTERVAL=1"


@dataclass(frozen=True)
class Component:
    component_id: str
    recurrence_rule: str
    data: dict  # at least ``type`` and ``amount_cents``

    @property
    def is_fixed(self) -> bool:
        return self.data.get("type") == "fixed"

    @property
    def in_advance(self) -> bool:
        return bills_in_advance(self.data)


def bills_in_advance(data: dict) -> bool:
    """Fixed fees, and per-unit components marked ``bill_immediately`` (seats), bill at the
    start of the period they open; everything else bills in arrears, at its end."""
    kind = data.get("type")
    return kind == "fixed" or (kind == "per_unit" and data.get("bill_immediately") is True)


def _rule(interval: str | None, count: int = 1) -> str:
    return f"FREQ={FREQ_OF.get(interval or 'month', 'MONTHLY')};INTERVAL={count}"


def billing_components(pricing_data: dict) -> list[Component]:
    if "components" in pricing_data:
        found = []
        for position, component in enumerate(pricing_data["components"], start=1):
            component_id = component.get("component_id") or f"{component['type']}-{position}"
            rule = component.get("recurrence_rule") or MONTHLY
            found.append(Component(component_id, rule, dict(component)))
        return found
    kind = pricing_data.get("type")
    if kind == "flat_rate":
        rule = _rule(pricing_data.get("interval"))
        data = {"type": "fixed", "amount_cents": pricing_data["amount"], "recurrence_rule": rule}
        return [Component("fixed-1", rule, data)]
    if kind == "recurring":
        rule = _rule(pricing_data.get("interval"), pricing_data.get("intervalCount", 1))
        data = {
            "type": "fixed",
            "amount_cents": pricing_data["amountCents"],
            "recurrence_rule": rule,
        }
        return [Component("fixed-1", rule, data)]
    if kind == "usage_based":
        data = {
            "type": "per_unit",
            "amount_cents": pricing_data.get("unitAmount", 0),
            "metric_id": pricing_data.get("metricId"),
            "recurrence_rule": MONTHLY,
        }
        return [Component("usage", MONTHLY, data)]
    if kind == "tiered":
        rule = _rule(pricing_data.get("interval"))
        data = {
            "type": "tiered",
            "amount_cents": 0,
            "tiers": pricing_data.get("tiers", []),
            "tiers_mode": pricing_data.get("tiersMode", "graduated"),
            "metric_id": pricing_data.get("metricId"),
            "recurrence_rule": rule,
        }
        return [Component("tiered", rule, data)]
    return []


def is_free(pricing_data: dict) -> bool:
    """True when nothing in the price can ever charge money (every amount is zero)."""
    for component in billing_components(pricing_data):
        data = component.data
        if data.get("amount_cents", 0) or exact_price(data):
            return False
        for tier in data.get("tiers", []):
            if tier.get("unitAmount", 0) or tier.get("flatAmount", 0):
                return False
            if exact_price(tier) or tier.get("flat_amount_cents", 0):  # a usage model's
                return False
    return True
