"""The upcoming invoice of a subscription: what the next billing date will charge, computed the
way the billing run will (``cycles.py``, the tax engine) and stored nowhere.

The next billing date is the earliest ``next_billing_date`` of the live version's details; every
detail due then is on it. Usage billed in arrears is the usage so far (the period has not
ended, so the amount can still grow); fixed fees are what they will be. A paused subscription
previews what it would bill once resumed.

A subscription set to cancel at its period end (``cancel_at_period_end``) previews what the
due pass will really bill: whatever falls due before the end as usual, else only the final
usage up to the end (``subscription_lifecycle.end`` stops the fees billed in advance and moves
every usage detail to the end; ``billing_batch`` bills that once). With no usage to bill it has
nothing upcoming (404), as an ended subscription. ``final_usage`` is that same last usage, so
far, for the words a customer reads before and after cancelling.

An amount past ``money_math``'s ceiling (rule 9: a runaway usage value) answers
``AmountTooLarge`` (400) naming the line, as the due pass would refuse to bill it, rather
than an absurd total.
"""

from dataclasses import dataclass, field
from datetime import datetime

from billing.catalog.models import Plan, Price
from billing.core.errors import Invalid, NotFound
from billing.core.models import utcnow
from billing.customers.models import Customer
from billing.invoicing import cycles, money_math
from billing.invoicing.issuing import tax_of
from billing.subscriptions.models import Subscription, SubscriptionDetail
from billing.subscriptions.seat_counts import seats_of
from billing.subscriptions.subscriptions import get_live

NOTHING_UPCOMING = "This subscription has nothing more to bill"


@dataclass
class Upcoming:
    subscription: Subscription
    customer: Customer
    issue_date: datetime
    currency: str
    charges: list[cycles.Charge]
    taxes: list[tuple[str, int]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    final: bool = False  # the last invoice: usage up to the cancellation, no next-period fees

    @property
    def subtotal_cents(self) -> int:
        return sum(charge.subtotal_cents for charge in self.charges)

    @property
    def tax_cents(self) -> int:
        return sum(cents for _, cents in self.taxes)

    @property
    def total_cents(self) -> int:
        return self.subtotal_cents + self.tax_cents


async def _charge(merchant_id, customer, live, detail, at: datetime, now: datetime, price):
    if cycles.in_advance(detail):
        seats = (await seats_of([live], {customer.id: customer}))[live.id]
        plan = await Plan.filter(id=live.plan_id).first()
        name = plan.plan_name if plan else ""
        return cycles.fixed_cycle(
            live, detail, at, seats, plan_name=name, currency=price.currency
        ).charge
    cycle = await cycles.usage_cycle(
        merchant_id, customer, live, detail, at, until=min(at, now), currency=price.currency
    )
    return cycle.charge


def _bills_after(detail: SubscriptionDetail) -> bool:
    """Whether a detail still bills once a cancelled subscription has ended: usage, billed in
    arrears up to the end; fees billed in advance stop."""
    return not cycles.in_advance(detail)


async def _preview(merchant_id, live, due, at: datetime, *, final: bool = False) -> Upcoming:
    """The invoice of the details ``due`` at ``at``, usage measured up to now."""
    now = utcnow()
    customer = await Customer.get(id=live.customer_id)
    price = await Price.get(id=live.effective_price_id)
    charges = []
    for detail in cycles.in_price_order(due, price):
        charge = await _charge(merchant_id, customer, live, detail, at, now, price)
        if charge is not None:
            charges.append(charge)
    taxes, notes = await tax_of(merchant_id, customer, charges, price.currency, at)
    upcoming = Upcoming(live, customer, at, price.currency, charges, taxes, notes, final)
    money_math.check_amount("The invoice total", upcoming.total_cents)
    return upcoming


async def _billing_details(merchant_id: str, live: Subscription) -> list[SubscriptionDetail]:
    return (
        await SubscriptionDetail.scoped(merchant_id)
        .filter(subscription_id=live.id, next_billing_date__not_isnull=True)
        .order_by("next_billing_date", "id")
    )


async def final_usage(merchant_id: str, live: Subscription) -> Upcoming | None:
    """The usage the live subscription ``live`` would bill once if it ended at its period
    end, measured so far; None when its price bills no usage."""
    details = [d for d in await _billing_details(merchant_id, live) if _bills_after(d)]
    if not details:
        return None
    return await _preview(merchant_id, live, details, live.current_period_end, final=True)


async def upcoming_invoice(merchant_id: str, subscription_id: object) -> Upcoming:
    """The next invoice of the merchant's live subscription (404 when ended or unknown, or
    when its schedules have all ended, or when it is cancelling with no usage to bill)."""
    if subscription_id in (None, ""):
        raise Invalid("subscriptionId is required", code="required", field="subscriptionId")
    live = await get_live(merchant_id, subscription_id)
    details = await _billing_details(merchant_id, live)
    ends = live.current_period_end if live.cancel_at_period_end else None
    if ends is not None and (not details or details[0].next_billing_date >= ends):
        final = await final_usage(merchant_id, live)
        if final is None:
            raise NotFound(NOTHING_UPCOMING, code="nothing_upcoming")
        return final
    if not details:
        raise NotFound(NOTHING_UPCOMING, code="nothing_upcoming")
    at = details[0].next_billing_date
    return await _preview(merchant_id, live, [d for d in details if d.next_billing_date == at], at)
