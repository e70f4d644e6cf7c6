"""Subscriptions: create version 1, and the building blocks every later version reuses.

A subscription is a chain of versions sharing ``stable_subscription_id`` (the id of version 1);
the live one has ``deleted_at`` null. Creating one, in a single transaction:

1. customer, plan version and price must be the merchant's live rows (404 with the spec's
   messages; another merchant's id answers the same), and the price must belong to that plan
   version (400: selling plan A at plan B's price is a mistake, not a missing row);
2. the customer row is locked, then "one active subscription per customer" is checked (status
   active, paused or unpaid and not ended; 409 with ``existingSubscriptionId``) unless
   ``allow_multiple``: two concurrent creates for one customer serialise on the lock, so the
   second sees the first and is refused;
3. the plan's features are copied with source ``plan``, credit grants are made for features
   with a credit allowance (billing/subscriptions/credit_grants.py), one billing detail is written
   per price component (``create_details``), and a ``created`` event records the MRR.

Dates: ``start_timestamp`` may lie in the past or the future (naive means UTC). The current
period is the one of the first fixed component (else the first component) that contains "now"
(or the start, when that is later). A fixed fee bills in advance: its detail's
``next_billing_date`` is the start of that period (the trial's end, during a trial), so the
billing engine bills it at once; a usage component bills in arrears, at the end of the period.
A backdated subscription pays the period it is in, not the missed cycles. With
``trigger_immediate_billing`` the engine bills in the create's own transaction
(billing/invoicing/subscription_starts.py, which the API calls: this context cannot bill);
otherwise the next due-work pass does.
A plan with a trial gives ``trial_end_date = start + trial_days``.

``status`` is ``trialing`` when the plan has a trial (``trial_end_date`` ahead of now), else
``active``, unless checkout asks for ``incomplete``: a subscription waiting for its first
payment, or for the card its trial collects (billing/subscriptions/checkout_states.py says what
that state means). The due-work pass makes ``trialing`` ``active`` when the trial ends
(``trials.end_due``).
"""

from datetime import UTC, datetime, timedelta

from tortoise.transactions import in_transaction

from billing.catalog.models import Plan, PlanFeature, Price
from billing.catalog.price_components import Component, billing_components
from billing.core.errors import Conflict, Invalid, NotFound
from billing.core.ids import is_well_formed
from billing.core.lookup import find_scoped
from billing.core.models import utcnow
from billing.customers.models import Customer
from billing.subscriptions import billing_dates, credit_grants, mrr, statuses
from billing.subscriptions import subscription_events as told
from billing.subscriptions.models import (
    Subscription,
    SubscriptionDetail,
    SubscriptionEvent,
    SubscriptionFeature,
)

CUSTOMER_NOT_FOUND = "Customer not found or access denied"
PLAN_NOT_FOUND = "Plan not found or access denied"
PRICE_NOT_FOUND = "Price not found or access denied"
SUBSCRIPTION_NOT_FOUND = "Subscription not found or access denied"
ALREADY_ACTIVE = "Customer already has an active subscription."
PRICE_NOT_OF_PLAN = "effectivePriceId must be a price of the plan version given as planId"
OPEN_STATUSES = statuses.OPEN
CREATE_STATUSES = (statuses.ACTIVE, statuses.TRIALING, statuses.INCOMPLETE)


def _aware(moment: datetime | None) -> datetime:
    if moment is None:
        return utcnow()
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


async def get_live(merchant_id: str, subscription_id: str, *, lock: bool = False) -> Subscription:
    """The live version of a subscription, by its stable id (what ``{id}`` paths take) or by
    the live version's own id; ended and unknown ones, and other merchants', are 404."""
    if not isinstance(subscription_id, str) or not is_well_formed(subscription_id, "sub"):
        raise NotFound(SUBSCRIPTION_NOT_FOUND, code="subscription_not_found")
    query = Subscription.scoped(merchant_id).filter(stable_subscription_id=subscription_id)
    found = await (query.select_for_update() if lock else query).first()
    if found is None:
        query = Subscription.scoped(merchant_id).filter(id=subscription_id)
        found = await (query.select_for_update() if lock else query).first()
    if found is None:
        raise NotFound(SUBSCRIPTION_NOT_FOUND, code="subscription_not_found")
    return found


async def find_latest(merchant_id: str, stable_id: str) -> Subscription:
    """The newest version, ended (soft-deleted) ones included, so callers can tell "ended"
    (409) from "unknown" (404)."""
    if not isinstance(stable_id, str) or not is_well_formed(stable_id, "sub"):
        raise NotFound(SUBSCRIPTION_NOT_FOUND, code="subscription_not_found")
    found = (
        await Subscription.filter(merchant_id=merchant_id, stable_subscription_id=stable_id)
        .order_by("-version_number")
        .first()
    )
    if found is None:
        raise NotFound(SUBSCRIPTION_NOT_FOUND, code="subscription_not_found")
    return found


async def open_subscription_of(merchant_id: str, customer_id: str) -> Subscription | None:
    """The customer's subscription that blocks another one (active, paused or unpaid)."""
    return (
        await Subscription.scoped(merchant_id)
        .filter(customer_id=customer_id, end_timestamp=None, status__in=OPEN_STATUSES)
        .order_by("created_at")
        .first()
    )


async def copy_plan_features(
    merchant_id: str, subscription: Subscription, plan: Plan, created_at: datetime | None = None
) -> list[SubscriptionFeature]:
    """One feature row (source ``plan``) per live feature of the plan version, valued by the
    plan's link or, when the link has no value, the feature's default. ``created_at``: the
    clock of whoever makes them (a due pass's), default the present."""
    links = await (
        PlanFeature.scoped(merchant_id)
        .filter(plan_id=plan.id, feature__deleted_at=None)
        .prefetch_related("feature")
        .order_by("created_at", "id")
    )
    rows = []
    for link in links:
        row = SubscriptionFeature(
            merchant_id=merchant_id,
            subscription_id=subscription.id,
            feature_id=link.feature_id,
            source="plan",
            created_at=created_at or utcnow(),
        )
        value = link.feature_value
        row.feature_value = link.feature.default_value if value is None else value
        rows.append(row)
    if rows:
        await SubscriptionFeature.bulk_create(rows)
    return rows


def _reference(start: datetime) -> datetime:
    """The moment the schedule is read at: now, or the start when that is later."""
    return max(start, utcnow())


def first_billing_date(
    component: Component, start: datetime, trial_end: datetime | None
) -> datetime | None:
    """When a new detail bills first. A fixed fee (or seats billed immediately) bills in
    advance, so its first date opens the period that contains now (or the start, when later):
    a backdated subscription pays the period it is in, not the missed ones. During a trial it
    waits for the trial's end (and then pays the rest of that period, prorated). Usage bills
    in arrears: first at the end of the period it is measured in."""
    at = _reference(start)
    rule = component.recurrence_rule
    if not component.in_advance:
        return billing_dates.next_occurrence(rule, start, at)
    opening = billing_dates.previous_occurrence(rule, start, at) or start
    if trial_end is not None and trial_end > opening:
        # A series that ends during the trial never bills.
        return trial_end if billing_dates.next_occurrence(rule, start, trial_end) else None
    return opening


async def create_details(
    merchant_id: str,
    subscription: Subscription,
    price: Price,
    start: datetime,
    created_at: datetime | None = None,
) -> list[SubscriptionDetail]:
    """One billing detail per component of ``price``, anchored at ``start``; ``created_at``
    as in :func:`copy_plan_features`."""
    trial_end = subscription.trial_end_date
    rows = [
        SubscriptionDetail(
            merchant_id=merchant_id,
            subscription_id=subscription.id,
            component_id=component.component_id,
            component=component.data,
            recurrence_rule=component.recurrence_rule,
            subscription_start_date=start,
            next_billing_date=first_billing_date(component, start, trial_end),
            created_at=created_at or utcnow(),
        )
        for component in billing_components(price.pricing_data)
    ]
    if rows:
        await SubscriptionDetail.bulk_create(rows)
    return rows


def current_period(price: Price, start: datetime) -> tuple[datetime, datetime]:
    """The period of the first fixed component (else the first component) containing now or
    the start; a price without components has a one-month period."""
    components = billing_components(price.pricing_data)
    fixed = [c for c in components if c.is_fixed] or components
    if not fixed:
        return start, billing_dates.next_occurrence("FREQ=MONTHLY", start, start) or start
    return billing_dates.period_at(fixed[0].recurrence_rule, start, _reference(start))


async def record_event(
    merchant_id: str,
    subscription: Subscription,
    kind: str,
    *,
    at: datetime | None = None,
    tell: bool = True,
) -> SubscriptionEvent:
    """Log a change with the subscription's MRR afterwards (0 unless it counts for MRR), at
    ``at`` (default now): the clock of whoever made it, a due pass's ``now`` included, which
    the row's ``created_at`` carries too. Never before the subscription's previous event: a
    request answered at the present after a due pass ran as of a later instant (the test
    clock) is dated just after it, so the history stays in the order things happened.

    Its event (``subscription_events``) is written at the same clock in the same transaction,
    unless ``tell`` is false (a step that tells a whole claim at once writes it itself)."""
    mrr_cents = await mrr.live_mrr_cents(subscription)
    at = _aware(at)
    previous = (
        await SubscriptionEvent.filter(
            merchant_id=merchant_id,
            stable_subscription_id=subscription.stable_subscription_id,
            occurred_at__gt=at,
        )
        .order_by("-occurred_at")
        .first()
    )
    if previous is not None:  # just after it, so the order of the two is never a tie
        at = previous.occurred_at + timedelta(microseconds=1)
    row = await SubscriptionEvent.create(
        merchant_id=merchant_id,
        stable_subscription_id=subscription.stable_subscription_id,
        subscription_id=subscription.id,
        kind=kind,
        status_after=subscription.status,
        mrr_cents=mrr_cents,
        occurred_at=at,
        created_at=at,
    )
    if tell:
        await told.tell(subscription, kind, at)
    return row


async def create_subscription(
    merchant_id: str,
    *,
    customer_id: str,
    plan_id: str,
    effective_price_id: str,
    start_timestamp: datetime | None = None,
    trigger_immediate_billing: bool = False,
    allow_multiple: bool = False,
    status: str = statuses.ACTIVE,
) -> Subscription:
    """Version 1 of a new subscription (see the module docstring for every rule); ``status``
    ``active`` means "paying, or trialing while its trial lies ahead"."""
    if status not in CREATE_STATUSES:
        raise ValueError(f"a subscription cannot be created {status!r}")
    start = _aware(start_timestamp)
    async with in_transaction():
        # Locked: concurrent creates for one customer queue here (see the module docstring).
        customer = await find_scoped(
            Customer, merchant_id, customer_id, CUSTOMER_NOT_FOUND, lock=True, field="customerId"
        )
        plan = await find_scoped(Plan, merchant_id, plan_id, PLAN_NOT_FOUND, field="planId")
        price = await find_scoped(
            Price, merchant_id, effective_price_id, PRICE_NOT_FOUND, field="effectivePriceId"
        )
        if price.plan_id != plan.id:
            raise Invalid(PRICE_NOT_OF_PLAN, code="price_not_of_plan", field="effectivePriceId")
        if not allow_multiple:
            existing = await open_subscription_of(merchant_id, customer.id)
            if existing is not None:
                raise Conflict(
                    ALREADY_ACTIVE,
                    existingSubscriptionId=existing.stable_subscription_id,
                    code="already_subscribed",
                )
        period_start, period_end = current_period(price, start)
        trial_end = (
            start + timedelta(days=plan.trial_days)
            if plan.trial_enabled and plan.trial_days
            else None
        )
        if status == statuses.ACTIVE and trial_end is not None and trial_end > utcnow():
            status = statuses.TRIALING
        subscription = Subscription(
            merchant_id=merchant_id,
            customer_id=customer.id,
            plan_id=plan.id,
            effective_price_id=price.id,
            version_number=1,
            status=status,
            start_timestamp=start,
            current_period_start=period_start,
            current_period_end=period_end,
            trial_end_date=trial_end,
            trigger_immediate_billing=trigger_immediate_billing,
        )
        subscription.stable_subscription_id = subscription.id
        await subscription.save()
        await copy_plan_features(merchant_id, subscription, plan)
        await credit_grants.grant_for_subscription(merchant_id, subscription, plan=plan)
        await create_details(merchant_id, subscription, price, start)
        await record_event(merchant_id, subscription, "created", at=subscription.created_at)
    return subscription
