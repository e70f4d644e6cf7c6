"""The billing run: the due-work step that turns due billing details into invoices.

A subscription is due when one of its billing details has ``next_billing_date`` ≤ now. The
subscription row is claimed with SKIP LOCKED (``core/claims.py``; every writer of a
subscription locks the same row first, so an override cannot race a bill), then its cycles
are billed in date order until none is due: all details due at the same instant go on one
invoice (``cycles.py`` says what each owes), and each detail moves on (``previous_billing_date``
= the date billed, ``next_billing_date`` = the next, ``cycles_billed`` + 1). A run months
late therefore issues every missed cycle, each dated as it would have been.

- **Paused**: cycles that fall due while paused are skipped, not billed: the dates move on,
  ``cycles_billed`` does not.
- **Ended** (cancelled): the final version keeps its usage details due at the cancellation
  (``subscription_lifecycle.end``); that last usage is billed once, then nothing more.
- **Exactly once**: besides the claim, each line's ``cycle_key`` (subscription, component,
  billing date) is unique in the database, so even a bug that let two runs through would
  fail the second insert rather than bill a cycle twice.
"""

from collections import Counter
from datetime import datetime

from tortoise.expressions import Q, Subquery
from tortoise.transactions import in_transaction

from billing.catalog.models import Price
from billing.core.claims import DEFER, work_through
from billing.core.models import utcnow
from billing.customers.models import Customer
from billing.invoicing import cycles
from billing.invoicing.issuing import issue_invoice
from billing.invoicing.models import Invoice
from billing.subscriptions.models import Subscription, SubscriptionDetail

MAX_CYCLES_PER_CLAIM = 1000  # a daily rule years behind still finishes, in several claims


def _due_details(subscription: Subscription, now: datetime):
    query = SubscriptionDetail.filter(
        subscription_id=subscription.id, next_billing_date__lte=now
    ).order_by("next_billing_date", "id")
    if subscription.end_timestamp is None:
        query = query.filter(deleted_at=None)
    return query


async def bill_cycle(
    subscription: Subscription, customer: Customer, price: Price, details: list, at: datetime
) -> Invoice | None:
    """Bill the ``details`` due at ``at`` on one invoice (none while paused) and move them on."""
    merchant_id = subscription.merchant_id
    ended = subscription.end_timestamp is not None
    charges = []
    for detail in cycles.in_price_order(details, price):
        if detail.component.get("type") == "fixed":
            cycle = cycles.fixed_cycle(subscription, detail, at)
        else:
            cycle = await cycles.usage_cycle(
                merchant_id, customer, subscription, detail, at, final=ended
            )
        if cycle.charge is not None:
            charges.append(cycle.charge)
        detail.next_billing_date = cycle.next_billing_date
        detail.previous_billing_date = at
        if subscription.status != "paused":
            detail.cycles_billed += 1
        await detail.save(
            update_fields=[
                "next_billing_date",
                "previous_billing_date",
                "cycles_billed",
                "updated_at",
            ]
        )
    if subscription.status == "paused" or not charges:
        return None
    return await issue_invoice(
        merchant_id,
        customer,
        charges,
        currency=price.currency,
        issued_at=at,
        reason="subscription_final" if ended else "subscription_cycle",
        stable_subscription_id=subscription.stable_subscription_id,
        subscription_id=subscription.id,
    )


async def bill_subscription(subscription: Subscription, now: datetime) -> str:
    """Bill every cycle of the claimed ``subscription`` due by ``now``; the outcome word."""
    issued = skipped = 0
    # Read once for every cycle of this claim (a run months late bills several).
    customer = await Customer.get(id=subscription.customer_id)
    price = await Price.get(id=subscription.effective_price_id)
    for _ in range(MAX_CYCLES_PER_CLAIM):
        due = await _due_details(subscription, now).select_for_update()
        if not due:
            break
        at = due[0].next_billing_date
        now_due = [d for d in due if d.next_billing_date == at]
        invoice = await bill_cycle(subscription, customer, price, now_due, at)
        issued += invoice is not None
        skipped += invoice is None
    if issued:
        return "billed"
    return "skipped" if skipped else DEFER


def due_subscriptions(now: datetime, merchant_id: str | None = None):
    """Live subscriptions with a detail due, and ended ones with their last usage due."""
    due_ids = SubscriptionDetail.filter(next_billing_date__lte=now).values("subscription_id")
    due = Subscription.filter(
        Q(deleted_at=None) | Q(end_timestamp__isnull=False), id__in=Subquery(due_ids)
    )
    return due if merchant_id is None else due.filter(merchant_id=merchant_id)


async def bill_due(now: datetime, merchant_id: str | None = None) -> Counter[str]:
    """The due-work step: bill every subscription due by ``now`` (see the module docstring);
    ``merchant_id`` limits it to one merchant row (tests, and billing one merchant by hand)."""
    return await work_through(
        due_subscriptions(now, merchant_id),
        ("id",),
        lambda subscription: bill_subscription(subscription, now),
        what="subscription billing",
    )


async def bill_now(merchant_id: str, stable_id: str, now: datetime | None = None) -> str:
    """Bill what the subscription owes as of now, inside the caller's request
    (``triggerImmediateBilling``): its fixed fees due at the start, so the first invoice
    exists when the create answers. The row lock makes a due-work pass running at the same
    moment wait, then find nothing left to bill."""
    async with in_transaction():
        live = (
            await Subscription.scoped(merchant_id)
            .filter(stable_subscription_id=stable_id)
            .select_for_update()
            .first()
        )
        if live is None:
            return DEFER
        return await bill_subscription(live, now or utcnow())
