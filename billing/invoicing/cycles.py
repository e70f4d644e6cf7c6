"""What one billing detail owes at one billing date: the charge of a cycle.

A subscription has one billing detail per price component; its ``next_billing_date`` is when
it bills next. At that date ``T``:

- a **fixed** fee bills *in advance* for the period that starts at ``T``: from ``T`` to the
  rule's next date. So does a per-unit component marked ``bill_immediately`` (seats): the
  subscription's seats (``seats.py``) times the price of one. When ``T`` is not one of the
  rule's dates (the end of a trial, inside a period) the fee is prorated over the rest of that
  period (``money_math`` rule 7), so nothing is charged for the trial;
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

from billing.catalog import usage_models
from billing.catalog.metrics import get_metric
from billing.catalog.models import Price
from billing.catalog.price_components import billing_components, bills_in_advance
from billing.core.errors import NotFound
from billing.customers.models import Customer
from billing.invoicing import invoice_words, money_math
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
    # a sub-cent unit price, exact (cents): the line's ``unit_amount_cents`` is its rounding
    unit_amount_decimal: Decimal | None = None

    def __post_init__(self) -> None:
        """Rule 9 of ``money_math`` for every line, however its amount was reached."""
        money_math.check_amount(line_name(self.description), self.subtotal_cents)


def line_name(description: str) -> str:
    """How an error names a line: ``The invoice line "Usage"``."""
    return f'The invoice line "{description}"'


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


def in_advance(detail: SubscriptionDetail) -> bool:
    return bills_in_advance(detail.component)


def fixed_cycle(
    subscription: Subscription,
    detail: SubscriptionDetail,
    at: datetime,
    seats: int = 1,
    *,
    plan_name: str = "",
    currency: str = "",
) -> Cycle:
    """The fee billed in advance for the period opening at ``at`` (prorated when ``at`` is
    inside one): a fixed fee, or ``seats`` times the price of a seat billed immediately. The
    line is worded with ``plan_name`` and amounts in ``currency`` (``invoice_words``)."""
    rule, anchor = detail.recurrence_rule, detail.subscription_start_date
    period_end = billing_dates.next_occurrence(rule, anchor, at)
    if period_end is None:  # the series ended (COUNT, UNTIL): nothing more to bill
        return Cycle(None, None)
    period_start = billing_dates.previous_occurrence(rule, anchor, at) or anchor
    unit = int(detail.component.get("amount_cents", 0))
    per_seat = detail.component.get("type") == "per_unit"
    quantity = Decimal(seats if per_seat else 1)
    amount = money_math.per_unit(unit, quantity) if per_seat else unit
    charged = money_math.prorated(amount, period_start, period_end, at, period_end)
    if per_seat:
        words = invoice_words.seats(plan_name, detail.component, quantity, unit, currency)
    else:
        words = invoice_words.fixed_fee(plan_name, detail.component)
    charge = Charge(
        type="fixed",
        description=words,
        subtotal_cents=charged,
        period_start=at,
        period_end=period_end,
        component_id=detail.component_id,
        price_id=subscription.effective_price_id,
        quantity=quantity,
        unit_amount_cents=unit if per_seat else charged,
        cycle_key=cycle_key(subscription, detail, at),
    )
    return Cycle(charge, period_end)


@dataclass(frozen=True)
class UsageWindow:
    """What a usage cycle measures: the customer's events of the component's metric from
    ``measured_from`` (the period start, or the trial's end inside it) up to ``until``."""

    customer_keys: tuple[str, ...]
    metric_id: str | None
    measured_from: datetime
    until: datetime
    period_start: datetime  # what the line says it covers (from before any trial)


def usage_period_start(detail: SubscriptionDetail, at: datetime) -> datetime:
    """Where the usage billed at ``at`` starts: the previous billing date, else the start."""
    return detail.previous_billing_date or detail.subscription_start_date


def usage_window(
    customer: Customer,
    subscription: Subscription,
    detail: SubscriptionDetail,
    at: datetime,
    until: datetime | None = None,
) -> UsageWindow:
    """The window the usage billed at ``at`` is measured over (read before the detail moves)."""
    start = usage_period_start(detail, at)
    trial_end = subscription.trial_end_date
    measured_from = max(start, trial_end) if trial_end else start
    keys = tuple(customer_keys(customer))
    return UsageWindow(keys, detail.component.get("metric_id"), measured_from, until or at, start)


async def measured(merchant_id: str, window: UsageWindow) -> Decimal:
    """The metric over the window; no metric (or a deleted one), no usage. A metric that
    fails to answer raises: the cycle is retried on the next pass rather than billed as 0."""
    if not window.metric_id or window.until <= window.measured_from:
        return Decimal(0)
    try:
        metric = await get_metric(merchant_id, window.metric_id)
    except NotFound:  # deleted (or never there): nothing left to measure, now or on a retry
        log.warning("metric %s does not exist: usage 0", window.metric_id)
        return Decimal(0)
    frame = Timeframe("CUSTOM", window.measured_from, window.until)
    value = await compute(merchant_id, metric, keys=list(window.customer_keys), timeframe=frame)
    return quantity_of(value)


def quantity_of(value) -> Decimal:
    """A metric's value as a billable quantity: none or negative is 0."""
    return Decimal(0) if value is None else max(Decimal(str(value)), Decimal(0))


def usage_amount(component: dict, quantity: Decimal, name: str = "Usage") -> int:
    """The line of ``quantity`` used, by the component's model (``usage_models``);
    ``AmountTooLarge`` (naming the line) past the ceiling."""
    what = line_name(name)
    if component.get("type") == "tiered":
        mode = component.get("tiers_mode", money_math.GRADUATED)
        return money_math.tiered(component.get("tiers", []), quantity, mode, what)
    model = usage_models.model_of(component)
    if model in usage_models.TIERED:
        return money_math.tiered(usage_models.money_tiers(component), quantity, model, what)
    price = usage_models.exact_price(component)
    if model == "package":
        return money_math.package(price, int(component["package_size"]), quantity, what)
    return money_math.per_unit(price, quantity, what)


def unit_amounts(component: dict) -> tuple[int | None, Decimal | None]:
    """A usage line's unit price: whole cents (rounded) and the exact decimal when it has
    one; none for tiers and packages, whose lines are not quantity × one unit price."""
    if component.get("type") == "tiered" or usage_models.model_of(component) != "per_unit":
        return None, None
    decimal = component.get("unit_amount_decimal")
    cents = int(component.get("amount_cents", 0))
    return cents, None if decimal is None else Decimal(decimal)


def usage_next(detail: SubscriptionDetail, at: datetime, *, final: bool) -> datetime | None:
    """When a usage detail billed at ``at`` bills next; ``final`` (a cancellation): never."""
    if final:
        return None
    return billing_dates.next_occurrence(detail.recurrence_rule, detail.subscription_start_date, at)


def usage_charge(
    subscription: Subscription,
    detail: SubscriptionDetail,
    window: UsageWindow,
    at: datetime,
    quantity: Decimal,
    *,
    final: bool = False,
    currency: str = "",
) -> Cycle:
    """The usage charge of the period ending at ``at`` for the ``quantity`` measured over
    ``window``; ``final`` (a cancellation) bills no more. A period that never began (a
    subscription cancelled before its start) charges nothing, not a line of 0. The line says
    the quantity and unit price in ``currency`` (``invoice_words.usage``)."""
    following = usage_next(detail, at, final=final)
    if at <= window.period_start:
        return Cycle(None, following)
    component = detail.component
    unit, unit_decimal = unit_amounts(component)
    name = _name(detail, "Usage")
    charge = Charge(
        type="usage",
        description=invoice_words.usage(name, component, quantity, currency),
        subtotal_cents=usage_amount(component, quantity, name),
        period_start=window.period_start,
        period_end=at,
        component_id=detail.component_id,
        price_id=subscription.effective_price_id,
        quantity=quantity,
        unit_amount_cents=unit,
        cycle_key=cycle_key(subscription, detail, at),
        unit_amount_decimal=unit_decimal,
    )
    return Cycle(charge, following)


async def usage_cycle(
    merchant_id: str,
    customer: Customer,
    subscription: Subscription,
    detail: SubscriptionDetail,
    at: datetime,
    *,
    until: datetime | None = None,
    currency: str = "",
) -> Cycle:
    """The usage of the period ending at ``at``, measured up to ``until`` (a preview of a
    period still running)."""
    window = usage_window(customer, subscription, detail, at, until)
    quantity = await measured(merchant_id, window)
    return usage_charge(subscription, detail, window, at, quantity, currency=currency)
