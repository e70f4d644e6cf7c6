"""The billing run: the due-work step that turns due billing details into invoices.

A subscription is due when one of its billing details has ``next_billing_date`` ≤ now. The
run claims due subscription rows ``CLAIM_SIZE`` at a time with ``FOR UPDATE SKIP LOCKED``
(every writer of a subscription locks the same row first, so an override cannot race a bill,
and a second process running the pass takes the next rows instead of waiting), bills the
whole claim at once (``billing_batch``) and commits. What each cycle owes, and how paused and
ended subscriptions bill, is said in ``billing_batch`` and ``cycles``.

- **Exactly once**: besides the claim, each line's ``cycle_key`` (subscription, component,
  billing date) is unique in the database, so even a bug that let two runs through would
  fail the second insert rather than bill a cycle twice.
- **One bad subscription** (a metric that fails, a broken price) must not hold up the rest:
  when a claim fails as a whole, its subscriptions are billed one by one, each in a savepoint;
  the one that fails is logged, stays due and is retried on the next pass
  (``core/claims.py`` says the same of every due-work step).
"""

import logging
from collections import Counter
from datetime import datetime

from tortoise.expressions import Q, Subquery
from tortoise.transactions import in_transaction

from billing.core.claims import DEFER, FAILED
from billing.core.models import utcnow
from billing.invoicing.billing_batch import bill_subscriptions
from billing.subscriptions.models import Subscription, SubscriptionDetail

log = logging.getLogger("tally.due_work")

CLAIM_SIZE = 500  # subscriptions per claim: few statements per claim, short enough locks


def due_subscriptions(now: datetime, merchant_id: str | None = None):
    """Live subscriptions with a detail due, and ended ones with their last usage due."""
    due_ids = SubscriptionDetail.filter(next_billing_date__lte=now).values("subscription_id")
    due = Subscription.filter(
        Q(deleted_at=None) | Q(end_timestamp__isnull=False), id__in=Subquery(due_ids)
    )
    return due if merchant_id is None else due.filter(merchant_id=merchant_id)


async def _bill_claim(claimed: list[Subscription], now: datetime) -> dict[str, str]:
    """Bill the claim at once; if that fails, each subscription alone (see the docstring)."""
    try:
        async with in_transaction():  # a savepoint: a failure undoes only this attempt
            return await bill_subscriptions(claimed, now)
    except Exception:
        if len(claimed) == 1:
            log.exception("subscription billing %s failed; it stays due", claimed[0].id)
            return {claimed[0].id: FAILED}
        log.warning("a claim of %d subscriptions failed; billing them one by one", len(claimed))
    outcomes = {}
    for subscription in claimed:
        outcomes.update(await _bill_claim([subscription], now))
    return outcomes


async def bill_due(now: datetime, merchant_id: str | None = None) -> Counter[str]:
    """The due-work step: bill every subscription due by ``now`` (see the module docstring);
    ``merchant_id`` limits it to one merchant row (tests, and billing one merchant by hand).
    Answers how many subscriptions ended in each outcome."""
    outcomes: Counter[str] = Counter()
    skip: set[str] = set()  # deferred or failed in this pass: retried on the next one
    while True:
        async with in_transaction():
            due = due_subscriptions(now, merchant_id)
            if skip:
                due = due.exclude(id__in=list(skip))
            claimed = await due.order_by("id").limit(CLAIM_SIZE).select_for_update(skip_locked=True)
            if not claimed:
                return outcomes
            billed = await _bill_claim(claimed, now)
        for subscription_id, outcome in billed.items():
            if outcome in (DEFER, FAILED):
                skip.add(subscription_id)
            outcomes[outcome] += 1


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
        return (await bill_subscriptions([live], now or utcnow()))[live.id]
