"""Billing a batch of claimed subscriptions: every cycle each owes up to ``now``, as invoices.

The caller has claimed (locked) the subscription rows; this module reads what they bill with a
few statements for the whole batch, decides every cycle in memory, and writes the invoices and
the moved billing details with a few more. One subscription or five hundred go the same way:
``bill_now`` passes a batch of one, the due-work pass a claim of many.

Per subscription, cycles are billed in date order until none is due: all details due at the
same instant go on one invoice (``cycles.py`` says what each owes), and each detail moves on
(``previous_billing_date`` = the date billed, ``next_billing_date`` = the next,
``cycles_billed`` + 1). A run months late therefore issues every missed cycle, each dated as
it would have been.

- **Paused**: cycles that fall due while paused are skipped, not billed: the dates move on,
  ``cycles_billed`` does not.
- **Ended** (cancelled): the final version keeps its usage details due at the cancellation
  (``subscription_lifecycle.end``); that last usage is billed once, then nothing more.
- **Reads**: the due details, customers and prices of the batch (one query each), the usage
  windows per metric (``usage_windows``), the tax set-up once per merchant (``tax_engine``).
- **Writes**: the invoices and lines (``invoice_writer``, numbered in issue order), then one
  ``UPDATE ... FROM unnest`` for the details.
"""

from dataclasses import dataclass, field
from datetime import datetime

from tortoise import connections

from billing.catalog.models import Plan, Price
from billing.core.claims import DEFER
from billing.customers.models import Customer
from billing.invoicing import cycles
from billing.invoicing.invoice_writer import InvoiceDraft, write_invoices
from billing.invoicing.issuing import taxes_and_notes
from billing.invoicing.usage_windows import measure_windows
from billing.subscriptions import statuses
from billing.subscriptions.models import Subscription, SubscriptionDetail
from billing.subscriptions.seat_counts import is_seat_component, seats_of
from billing.tax.tax_engine import merchant_tax

MAX_CYCLES_PER_CLAIM = 1000  # a daily rule years behind still finishes, in several claims

MOVE_DETAILS = """
UPDATE subscription_details AS d
SET next_billing_date = u.next, previous_billing_date = u.previous, cycles_billed = u.cycles,
    updated_at = now()
FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[], $4::int[])
  AS u(id, next, previous, cycles)
WHERE d.id = u.id
"""


@dataclass
class Claimed:
    """A claimed subscription and what its billing reads."""

    subscription: Subscription
    customer: Customer
    price: Price
    details: list[SubscriptionDetail]
    seats: int = (
        1  # what a seat component billed in advance charges for (``subscriptions/seat_counts.py``)
    )
    plan_name: str = ""  # the subscription's plan version's name, for the lines' words

    @property
    def ended(self) -> bool:
        return self.subscription.end_timestamp is not None

    @property
    def paused(self) -> bool:
        return self.subscription.status == statuses.PAUSED


@dataclass
class PlannedCycle:
    """One billing date of one subscription: per due detail (in price order), its fixed
    charge (None when its series ended) or the usage window still to measure."""

    claimed: Claimed
    at: datetime
    items: list[tuple[SubscriptionDetail, cycles.Charge | cycles.UsageWindow | None]] = field(
        default_factory=list
    )


def _due(claimed: Claimed, now: datetime) -> list[SubscriptionDetail]:
    return [d for d in claimed.details if d.next_billing_date and d.next_billing_date <= now]


def plan(claimed: Claimed, now: datetime) -> list[PlannedCycle]:
    """Every cycle the subscription owes up to ``now``, its details moved on in memory."""
    subscription, planned = claimed.subscription, []
    for _ in range(MAX_CYCLES_PER_CLAIM):
        due = _due(claimed, now)
        if not due:
            break
        at = min(detail.next_billing_date for detail in due)
        cycle = PlannedCycle(claimed, at)
        at_once = [detail for detail in due if detail.next_billing_date == at]
        for detail in cycles.in_price_order(at_once, claimed.price):
            if cycles.in_advance(detail):
                fixed = cycles.fixed_cycle(
                    subscription,
                    detail,
                    at,
                    claimed.seats,
                    plan_name=claimed.plan_name,
                    currency=claimed.price.currency,
                )
                item, following = fixed.charge, fixed.next_billing_date
            else:
                item = cycles.usage_window(claimed.customer, subscription, detail, at)
                following = cycles.usage_next(detail, at, final=claimed.ended)
            cycle.items.append((detail, None if claimed.paused else item))
            detail.next_billing_date, detail.previous_billing_date = following, at
            if not claimed.paused:
                detail.cycles_billed += 1
        planned.append(cycle)
    return planned


def _charges(cycle: PlannedCycle, quantities: dict) -> list[cycles.Charge]:
    charges = []
    subscription, ended = cycle.claimed.subscription, cycle.claimed.ended
    for detail, item in cycle.items:
        if isinstance(item, cycles.UsageWindow):
            usage = cycles.usage_charge(
                subscription,
                detail,
                item,
                cycle.at,
                quantities[item],
                final=ended,
                currency=cycle.claimed.price.currency,
            )
            item = usage.charge
        if item is not None:
            charges.append(item)
    return charges


async def _drafts(merchant_id: str, planned: list[PlannedCycle]) -> list[InvoiceDraft]:
    windows = [item for c in planned for _, item in c.items if isinstance(item, cycles.UsageWindow)]
    quantities = await measure_windows(merchant_id, windows) if windows else {}
    setup, drafts = None, []
    for cycle in planned:
        charges = _charges(cycle, quantities)
        if not charges:
            continue
        claimed = cycle.claimed
        setup = setup or await merchant_tax(merchant_id)
        currency = claimed.price.currency
        taxes, notes = taxes_and_notes(setup, claimed.customer, charges, currency, cycle.at)
        reason = "subscription_final" if claimed.ended else "subscription_cycle"
        drafts.append(
            InvoiceDraft(
                merchant_id,
                claimed.customer,
                charges,
                currency=currency,
                issued_at=cycle.at,
                reason=reason,
                taxes=taxes,
                notes=notes,
                stable_subscription_id=claimed.subscription.stable_subscription_id,
                subscription_id=claimed.subscription.id,
                # a checkout's invoice waits for its payment without a number (invoice_writer)
                numbered=claimed.subscription.status != statuses.INCOMPLETE
                or _total(charges, taxes) <= 0,
            )
        )
    return drafts


def _total(charges: list, taxes: list[tuple[str, int]]) -> int:
    return sum(charge.subtotal_cents for charge in charges) + sum(cents for _, cents in taxes)


def _bills_seats(details: list) -> bool:
    """Whether a subscription bills seats in advance: a per-unit component marked "bill
    immediately" charges seats × the seat price at the start of each period."""
    return any(is_seat_component(d.component) for d in details)


async def _claimed(subscriptions: list[Subscription], now: datetime) -> list[Claimed]:
    ids = [subscription.id for subscription in subscriptions]
    details: dict[str, list[SubscriptionDetail]] = {}
    merchants = list({subscription.merchant_id for subscription in subscriptions})
    # All the claim's details through the (merchant, subscription) index, sorted here: a
    # due-date condition or order tempts the planner into the due-date index, which every
    # detail of a big run matches.
    rows = await SubscriptionDetail.filter(merchant_id__in=merchants, subscription_id__in=ids)
    for detail in sorted(rows, key=lambda d: (d.next_billing_date or now, d.id)):
        if detail.next_billing_date is not None and detail.next_billing_date <= now:
            details.setdefault(detail.subscription_id, []).append(detail)
    customer_ids = {subscription.customer_id for subscription in subscriptions}
    customers = {c.id: c for c in await Customer.filter(id__in=list(customer_ids))}
    price_ids = {subscription.effective_price_id for subscription in subscriptions}
    prices = {p.id: p for p in await Price.filter(id__in=list(price_ids))}
    plan_ids = list({subscription.plan_id for subscription in subscriptions})
    plan_names = dict(await Plan.filter(id__in=plan_ids).values_list("id", "plan_name"))
    claimed = []
    for subscription in subscriptions:
        mine = details.get(subscription.id, [])
        if subscription.end_timestamp is None:  # a live version bills its live details only
            mine = [detail for detail in mine if detail.deleted_at is None]
        price = prices[subscription.effective_price_id]
        customer = customers[subscription.customer_id]
        name = plan_names.get(subscription.plan_id, "")
        claimed.append(Claimed(subscription, customer, price, mine, plan_name=name))
    with_seats = [c.subscription for c in claimed if _bills_seats(c.details)]
    if with_seats:
        seats = await seats_of(with_seats, customers)
        for one in claimed:
            one.seats = seats.get(one.subscription.id, 1)
    return claimed


async def _move(planned: list[PlannedCycle]) -> None:
    moved = {id(d): d for cycle in planned for d, _ in cycle.items}.values()
    if moved:
        columns = [
            [d.id for d in moved],
            [d.next_billing_date for d in moved],
            [d.previous_billing_date for d in moved],
            [d.cycles_billed for d in moved],
        ]
        await connections.get("default").execute_query(MOVE_DETAILS, columns)


async def bill_subscriptions(subscriptions: list[Subscription], now: datetime) -> dict[str, str]:
    """Bill every cycle the claimed ``subscriptions`` owe up to ``now`` (in the caller's
    transaction); per subscription id, the outcome: ``billed``, ``skipped`` (only paused or
    empty cycles) or ``DEFER`` (nothing was due)."""
    planned: dict[str, list[PlannedCycle]] = {}
    outcomes = {}
    for claimed in await _claimed(subscriptions, now):
        cycles_of = plan(claimed, now)
        subscription = claimed.subscription
        planned.setdefault(subscription.merchant_id, []).extend(cycles_of)
        outcomes[subscription.id] = "skipped" if cycles_of else DEFER
    drafts = []
    for merchant_id, merchant_cycles in planned.items():
        drafts += await _drafts(merchant_id, merchant_cycles)
    drafts.sort(key=lambda draft: (draft.issued_at, draft.subscription_id))
    await write_invoices(drafts, now)
    await _move([cycle for merchant_cycles in planned.values() for cycle in merchant_cycles])
    for draft in drafts:
        outcomes[draft.subscription_id] = "billed"
    return outcomes
