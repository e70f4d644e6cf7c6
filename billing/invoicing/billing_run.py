"""The billing run: the due-work step that turns due billing details into invoices.

A subscription is due when one of its billing details has ``next_billing_date`` ≤ now. The
run claims due subscription rows ``CLAIM_SIZE`` at a time, in id order, with ``FOR UPDATE SKIP
LOCKED`` (every writer of a subscription locks the same row first, so an override cannot race
a bill, and a second process running the pass takes the next rows instead of waiting), bills
the whole claim at once (``billing_batch``) and commits. What each cycle owes, and how paused and
ended subscriptions bill, is said in ``billing_batch`` and ``cycles``.

- **Exactly once**: besides the claim, each line's ``cycle_key`` (subscription, component,
  billing date) is unique in the database, so even a bug that let two runs through would
  fail the second insert rather than bill a cycle twice.
- **Incomplete** subscriptions (checkout waiting for the first payment,
  ``subscriptions/checkout_states.py``) are never claimed: checkout bills their first invoice
  itself, and nothing more is owed until it is paid.
- **One bad subscription** (a metric that fails, a broken price) must not hold up the rest:
  when a claim fails as a whole, its subscriptions are billed one by one, each in a savepoint;
  the one that fails is logged, stays due and is retried on the next pass (``core/claims.py``),
  and its reason is recorded on the row for the merchant to see until a pass bills it
  (``subscriptions/billing_problems.py``).
"""

from collections import Counter
from datetime import datetime

from tortoise import connections
from tortoise.transactions import in_transaction

from billing.core.claims import DEFER, work_through_claims
from billing.core.models import utcnow
from billing.invoicing.billing_batch import bill_subscriptions
from billing.invoicing.issuing import collect_soon
from billing.subscriptions import billing_problems
from billing.subscriptions.models import Subscription
from billing.subscriptions.statuses import SubscriptionStatus

CLAIM_SIZE = 500  # subscriptions per claim: few statements per claim, short enough locks


# Live subscriptions with a detail due, and ended ones with their last usage due, in id order
# after a cursor: EXISTS through the details' (merchant, subscription) index stops after a
# claim's worth of rows, where a semi-join would sort every due detail for each claim.
CLAIM = """
SELECT s.id FROM subscriptions s
WHERE (s.deleted_at IS NULL OR s.end_timestamp IS NOT NULL) AND s.id > $2 {merchant}
  AND s.status <> '{incomplete}'
  AND EXISTS (SELECT FROM subscription_details d WHERE d.merchant_id = s.merchant_id
              AND d.subscription_id = s.id AND d.next_billing_date <= $1)
ORDER BY s.id LIMIT $3
FOR UPDATE OF s SKIP LOCKED
"""


async def claim_due(
    now: datetime, merchant_id: str | None, after: Subscription | None
) -> list[Subscription]:
    """The next ``CLAIM_SIZE`` subscriptions due by ``now`` after ``after``, locked."""
    args = [now, after.id if after else "", CLAIM_SIZE]
    sql = CLAIM.format(
        merchant="AND s.merchant_id = $4" if merchant_id else "",
        incomplete=SubscriptionStatus.INCOMPLETE,
    )
    if merchant_id:
        args.append(merchant_id)
    rows = await connections.get("default").execute_query_dict(sql, args)
    if not rows:
        return []
    return await Subscription.filter(id__in=[row["id"] for row in rows]).order_by("id")


async def bill_due(now: datetime, merchant_id: str | None = None) -> Counter[str]:
    """The due-work step: bill every subscription due by ``now`` (see the module docstring);
    ``merchant_id`` limits it to one merchant row (tests, and billing one merchant by hand).
    Answers how many subscriptions ended in each outcome."""
    return await work_through_claims(
        lambda after: claim_due(now, merchant_id, after),
        lambda claimed: bill_subscriptions(claimed, now),
        what="subscription billing",
        on_failed=lambda subscription, error: billing_problems.record(subscription, error, now),
        on_settled=billing_problems.clear,
    )


async def bill_now(merchant_id: str, stable_id: str, now: datetime | None = None) -> str:
    """Bill what the subscription owes as of now, inside the caller's transaction
    (``triggerImmediateBilling``, a checkout): its fixed fees due at the start, so the first
    invoice exists when the create answers. The row lock makes a due-work pass running at the
    same moment wait, then find nothing left to bill. An invoice issued here signals the
    due-work loops on commit (``issuing.collect_soon``), so a saved card is charged within
    moments rather than at the next interval."""
    now = now or utcnow()
    async with in_transaction():
        live = (
            await Subscription.scoped(merchant_id)
            .filter(stable_subscription_id=stable_id)
            .select_for_update()
            .first()
        )
        if live is None:
            return DEFER
        outcome = (await bill_subscriptions([live], now))[live.id]
        if outcome == "billed":
            await collect_soon(now)
        return outcome
