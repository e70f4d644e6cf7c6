"""What one billing detail owes at one billing date: the charge of a cycle.

A subscription has one billing detail per price component; its ``next_billing_date`` is when
it bills next. At that date ``T``:

- a **fixed** fee bills *in advance* for the period that starts at ``T``: from ``T`` to the
  rule's next date. When ``T`` is not one of the rule's dates (the end of a trial, inside a
  period) the fee is prorated over the rest of that period (``money_math`` rule 7), so nothing
  is charged for the trial;
- a **usage** component (``per_unit``, ``tiered``) bills *in arrears* for the period that ends
  at ``T``: from the previous billing date (else the subscription's start) to ``T``, the
  quantity being the metric's value over it, measured from the trial's end when a trial
  overlaps it. A component without a metric has nothing to measure and bills 0. The final
  cycle of a cancelled subscription ends at the cancellation (its ``T``).

Every charge names its period and carries a ``cycle_key`` unique per (subscription,
component, billing date), the key the invoice line is stored under so no cycle bills twice.
"""

import logging
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from billing.catalog.metrics import get_metric
from billing.catalog.models import Price
from billing.catalog.price_components import billing_components
from billing.core.errors import NotFound
from billing.customers.models import Customer
from billing.invoicing import money_math
from billing.subscriptions import billing_dates
from billing.subscriptions.models import Subscription, SubscriptionDetail
from billing.usage.metric_values import Timeframe, compute, customer_keys

log = logging.getLogger("tally.billing")


@dataclass(frozen=True)
class Charge:
    """One invoice line to be: what it says, how much, and for which period."""

    type: str  # fixed | usage | proration
    description: str
    subtotal_cents: int
    period_start: datetime
    period_end: datetime
    component_id: str | None = None
    price_id: str | None = None
    quantity: Decimal | None = None
    unit_amount_cents: int | None = None
    cycle_key: str | None = None


@dataclass(frozen=True)
class Cycle:
    """A detail's charge at ``billing_date`` and the date it bills next (None: never)."""

    charge: Charge | None
    next_billing_date: datetime | None


def in_price_order(details: list[SubscriptionDetail], price: Price) -> list[SubscriptionDetail]:
    """Lines follow the price's components, as the merchant wrote them."""
    order = [component.component_id for component in billing_components(price.pricing_data)]
    return sorted(
        details,
        key=lambda d: order.index(d.component_id) if d.component_id in order else len(order),
    )


def cycle_key(subscription: Subscription, detail: SubscriptionDetail, at: datetime) -> str:
    return f"{subscription.stable_subscription_id}:{detail.component_id}:{at.isoformat()}"


def _name(detail: SubscriptionDetail, fallback: str) -> str:
    return str(detail.component.get("component_name") or fallback)


def fixed_cycle(subscription: Subscription, detail: SubscriptionDetail, at: datetime) -> Cycle:
    """The fixed fee for the period opening at ``at`` (prorated when ``at`` is inside one)."""
    rule, anchor = detail.recurrence_rule, detail.subscription_start_date
    period_end = billing_dates.next_occurrence(rule, anchor, at)
    if period_end is None:  # the series ended (COUNT, UNTIL): nothing more to bill
        return Cycle(None, None)
    period_start = billing_dates.previous_occurrence(rule, anchor, at) or anchor
    amount = int(detail.component.get("amount_cents", 0))
    charged = money_math.prorated(amount, period_start, period_end, at, period_end)
    charge = Charge(
        type="fixed",
        description=_name(detail, "Subscription fee"),
        subtotal_cents=charged,
        period_start=at,
        period_end=period_end,
        component_id=detail.component_id,
        price_id=subscription.effective_price_id,
        quantity=Decimal(1),
        unit_amount_cents=charged,
        cycle_key=cycle_key(subscription, detail, at),
    )
    return Cycle(charge, period_end)


def usage_period_start(detail: SubscriptionDetail, at: datetime) -> datetime:
    """Where the usage billed at ``at`` starts: the previous billing date, else the start."""
    return detail.previous_billing_date or detail.subscription_start_date


async def measured(
    merchant_id: str, customer: Customer, detail: SubscriptionDetail, start, end
) -> Decimal:
    """The component's metric over [start, end) for the customer; no metric (or a deleted
    one), no usage. A metric that fails to answer raises: the cycle is retried on the next
    pass rather than billed as 0."""
    metric_id = detail.component.get("metric_id")
    if not metric_id or end <= start:
        return Decimal(0)
    try:
        metric = await get_metric(merchant_id, metric_id)
    except NotFound:  # deleted (or never there): nothing left to measure, now or on a retry
        log.warning(
            "component %s measures metric %s, which does not exist: usage 0",
            detail.component_id,
            metric_id,
        )
        return Decimal(0)
    frame = Timeframe("CUSTOM", start, end)
    value = await compute(merchant_id, metric, keys=customer_keys(customer), timeframe=frame)
    return Decimal(0) if value is None else max(Decimal(str(value)), Decimal(0))


def usage_amount(component: dict, quantity: Decimal) -> int:
    if component.get("type") == "tiered":
        mode = component.get("tiers_mode", money_math.GRADUATED)
        return money_math.tiered(component.get("tiers", []), quantity, mode)
    return money_math.per_unit(int(component.get("amount_cents", 0)), quantity)


async def usage_cycle(
    merchant_id: str,
    customer: Customer,
    subscription: Subscription,
    detail: SubscriptionDetail,
    at: datetime,
    *,
    final: bool = False,
    until: datetime | None = None,
) -> Cycle:
    """The usage of the period ending at ``at``; ``final`` (a cancellation) bills no more.
    ``until`` measures only up to then (a preview of a period still running)."""
    start = usage_period_start(detail, at)
    trial_end = subscription.trial_end_date
    measured_from = max(start, trial_end) if trial_end else start
    quantity = await measured(merchant_id, customer, detail, measured_from, until or at)
    component = detail.component
    unit = None if component.get("type") == "tiered" else int(component.get("amount_cents", 0))
    charge = Charge(
        type="usage",
        description=_name(detail, "Usage"),
        subtotal_cents=usage_amount(component, quantity),
        period_start=start,
        period_end=at,
        component_id=detail.component_id,
        price_id=subscription.effective_price_id,
        quantity=quantity,
        unit_amount_cents=unit,
        cycle_key=cycle_key(subscription, detail, at),
    )
    following = (
        None
        if final
        else billing_dates.next_occurrence(
            detail.recurrence_rule, detail.subscription_start_date, at
        )
    )
    return Cycle(charge, following)
