"""What a seat change costs: a seat added pays the rest of the paid period, to the second.

The rule, one line per seat component (``money_math`` rule 7, one half-even rounding per
line, nothing rounded before)::

    amount = unit price × seconds from the change to the period's end / seconds in the period

Every instant in it is taken at the whole second (``core/timestamps.whole_second``, the one
precision billing compares in): the change is recorded at the second, and a period that
began at 10:00:00.4 begins, for this rule, at 10:00:00. So a seat added in the very second a
subscription started pays the whole unit price, and the seconds are whole numbers.

The period is the seat component's paid period, ``[previous_billing_date,
next_billing_date)``: the one its last in-advance charge covered. So a seat added at the very
start pays the whole unit price, one added a second before the end (almost) nothing. A
component that has not billed yet (its first cycle is still due, e.g. during a trial) or whose
period ended before the change (billing is behind) charges nothing here: the billing run
counts the seat when it bills the next period. A line that comes to 0 cents is left out, and
with no line left there is no invoice.

The lines go on one invoice (reason ``seats``) issued at the change's timestamp, with tax as
every invoice has it; payments collect it like any other (the due-work step ``payments``).
Each line's ``cycle_key`` names the seat change and component, so a change bills once.

A seat removed keeps being paid until the end of its paid period (the latest end among the
seat components paid at the change) and is not refunded: the organization bought the seat for
that period, as the billing run bills seats in advance, and handing money back belongs to a
credit-note flow Tally does not have yet. The seat drops out of the count from the next period
because the member left the organization at once.

A paid slot is reused, not billed twice: a seat added while a removed seat is still paid for
the running period (a ``pending`` removal) costs nothing. The organization already paid for
that seat until the period's end, so it takes the slot, the pending removal is cancelled
(status ``reused``: the seat count it would have lowered stays), and from the next period the
billing run bills the new member as any other. One removal frees one slot; a second seat added
with no slot left is billed by the rule above. Removals still pending are reused oldest
first, and only by a seat added after the removal (a backdated add cannot take a slot freed
later).

Seats under the plan's ``minSeats`` are paid already: the period's charge billed at least that
many (``invoicing/billing_batch.py``), so a seat added while the seats in use (members, the new one
included, and removed seats still paid) stay within the minimum costs nothing.
"""

from datetime import datetime
from decimal import Decimal

from billing.catalog.models import Plan, Price
from billing.core.timestamps import whole_second
from billing.customers.models import Customer
from billing.invoicing import invoice_words, money_math
from billing.invoicing.cycles import Charge
from billing.invoicing.issuing import issue_invoice
from billing.invoicing.models import Invoice
from billing.subscriptions.models import Subscription, SubscriptionDetail

REASON = "seats"


def paid_period(detail: SubscriptionDetail, at: datetime) -> tuple[datetime, datetime] | None:
    """The period the component's last charge paid for, at the whole second, when ``at`` lies
    inside it (compared at the whole second too, see the module docstring): a seat added in
    the period's first second is inside it (and pays the whole unit price), not before it."""
    start, end = detail.previous_billing_date, detail.next_billing_date
    if start is None or end is None:
        return None
    if not money_math.in_period(start, end, at):
        return None
    return whole_second(start), whole_second(end)


def seat_amount(detail: SubscriptionDetail, at: datetime) -> int:
    """One seat added at ``at`` on this component (the rule above); 0 outside a paid period."""
    period = paid_period(detail, at)
    if period is None:
        return 0
    start, end = period
    unit = int(detail.component.get("amount_cents", 0))
    return money_math.prorated(unit, start, end, whole_second(at), end)


def seat_charges(
    subscription: Subscription,
    details: list[SubscriptionDetail],
    at: datetime,
    *,
    member: str,
    change_id: str,
    plan_name: str = "",
) -> list[Charge]:
    """The lines of one seat added at ``at`` (``member`` names it on the invoice, with the
    subscription's ``plan_name``: ``invoice_words.seat_added``)."""
    charges = []
    for detail in details:
        amount = seat_amount(detail, at)
        if amount <= 0:
            continue
        charges.append(
            Charge(
                type="proration",
                description=invoice_words.seat_added(plan_name, member),
                subtotal_cents=amount,
                period_start=max(at, detail.previous_billing_date),
                period_end=detail.next_billing_date,
                component_id=detail.component_id,
                price_id=subscription.effective_price_id,
                quantity=Decimal(1),
                unit_amount_cents=int(detail.component.get("amount_cents", 0)),
                cycle_key=f"seat:{change_id}:{detail.component_id}",
            )
        )
    return charges


def removal_takes_effect(details: list[SubscriptionDetail], at: datetime) -> datetime | None:
    """When a seat removed at ``at`` stops counting: the end of its paid period, or None
    when no component has paid for the period running at ``at`` (it stops at once)."""
    # the stored end itself: the seat counts until the instant the next period is billed
    ends = [d.next_billing_date for d in details if paid_period(d, at) is not None]
    return max(ends) if ends else None


async def bill_seat(
    subscription: Subscription,
    subscriber: Customer,
    details: list[SubscriptionDetail],
    at: datetime,
    *,
    member: str,
    change_id: str,
) -> Invoice | None:
    """Issue the invoice of one seat added at ``at`` (in the caller's transaction), or None
    when it costs nothing."""
    plan = await Plan.filter(id=subscription.plan_id).first()
    charges = seat_charges(
        subscription,
        details,
        at,
        member=member,
        change_id=change_id,
        plan_name=plan.plan_name if plan else "",
    )
    if not charges:
        return None
    price = await Price.get(id=subscription.effective_price_id)
    return await issue_invoice(
        subscription.merchant_id,
        subscriber,
        charges,
        currency=price.currency,
        issued_at=at,
        reason=REASON,
        stable_subscription_id=subscription.stable_subscription_id,
        subscription_id=subscription.id,
    )
