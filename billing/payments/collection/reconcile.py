"""Reconciliation, the last part of the due-work payments step: payments and refunds left
``pending`` are asked about at their provider and settled the way a webhook settles them.

Pending means Tally has not learnt the outcome: provider A answered ``processing``, a provider
B link is not paid yet (or a mandate charge not settled), or the webhook that would have
settled it never arrived. Webhooks stay the fast path; this is the safety net.

**Payments.** A pending payment that the provider has answered holds the provider's id, and
its ``retry_at`` is then its next check (before the answer it is the call's lease,
``charging``). The first check comes ``FIRST_CHECK`` (one hour) after the answer; every
later one after as long again as the payment has existed at the provider (its creation time
as the provider reports it), at least ``FIRST_CHECK`` and at most ``MAX_INTERVAL`` (a day):
1, 2, 4, 8, 16 hours, then daily. A provider B link still unpaid ``LINK_LIFETIME`` after the
provider made it (its hosted checkout lives 24 hours; an hour more lets a payment finished
at the last minute arrive) is given up: failed ``EXPIRED``, and dunning schedules the next
attempt, which makes a new link. A pending payment answered before these checks existed
(no ``retry_at``) is due at once.

**Refunds** have no column of their own for this: a pending refund with the provider's id is
due when its ``updated_at`` (the last time anything looked at it; a check writes the pass's
clock there) is older than its age at that time (``updated_at - created_at``), at least
``FIRST_CHECK`` and at most ``MAX_INTERVAL``: the same doubling from the refund's creation.
A refund without the provider's id (its call got no answer, or the process died before the
answer was stored) cannot be asked about: on the same schedule the refund call itself is
repeated with the refund's idempotency key (``refund_payment.call_provider``), which the
provider answers with the first call's result, so the money moves at most once; its answer
settles the refund as the first answer would have (a pending answer keeps the provider's id
for later checks).

**Exactly once.** Due rows are claimed ``FOR UPDATE SKIP LOCKED`` and their check instant
moved forward in the claim's transaction, which commits before any provider is asked: two
passes never ask about the same row at once, and a pass that dies mid-call leaves the row
due at the next check. Outcomes go through ``payment_outcomes.mark_succeeded`` /
``mark_failed`` and ``refund_outcomes.settle_refund``, which lock the row and change a
pending one only: a webhook that lands at the same moment settles it once. A checkout's
payment settled here keeps its card too (``checkout_cards.keep_after_success``), as the
webhook would.

Outcomes in the due-work report (``payments:`` line): ``checked`` (claimed),
``reconciled succeeded``, ``reconciled failed``, ``reconciled link expired``,
``reconciled pending`` (asked; still pending), ``reconciled unanswered`` (the provider could
not be asked), ``failed`` (the check raised: logged, asked again on a later pass), and
``refunds checked`` / ``refunds reconciled ...`` likewise (a refund whose
repeated call answered pending with the provider's id: ``refunds reconciled answered``).
"""

import logging
from collections import Counter
from datetime import datetime, timedelta

from tortoise import connections
from tortoise.expressions import Q
from tortoise.transactions import in_transaction

from billing.core.claims import FAILED as FAILED_CHECK
from billing.core.claims import work_through, work_through_claims
from billing.payments.checkout import checkout_cards
from billing.payments.collection.payment_outcomes import PENDING, mark_failed, mark_succeeded
from billing.payments.gateways import gateway_for
from billing.payments.gateways.base import FAILED, SUCCEEDED, Seen
from billing.payments.models import Payment, Refund, RefundStatus
from billing.payments.refunds.refund_outcomes import settle_refund
from billing.payments.refunds.refund_payment import call_provider

log = logging.getLogger("tally.due_work")

FIRST_CHECK = timedelta(hours=1)
MAX_INTERVAL = timedelta(days=1)
LINK_LIFETIME = timedelta(hours=25)
EXPIRED = "The payment link expired unpaid"
REFUND_CLAIM_SIZE = 50

REFUND_CLAIM = """
SELECT r.id FROM refunds r
WHERE r.status = '{pending}' AND r.deleted_at IS NULL
  AND r.id > $2 {merchant}
  AND r.updated_at <= $1::timestamptz
      - LEAST(GREATEST(r.updated_at - r.created_at, $3::interval), $4::interval)
ORDER BY r.id LIMIT $5
FOR UPDATE OF r SKIP LOCKED
"""


def next_interval(seen: Seen | None, now: datetime) -> timedelta:
    """How long until the next check: the payment's age at the provider, within bounds."""
    if seen is None or seen.created_at is None:
        return FIRST_CHECK
    return min(max(now - seen.created_at, FIRST_CHECK), MAX_INTERVAL)


def _makes_links(provider: str) -> bool:
    """Whether a payment of ``provider`` without a method is a payment link (provider B's)."""
    try:
        return gateway_for(provider).charges_without_method
    except LookupError:
        return False


def _expired(payment: Payment, seen: Seen, now: datetime) -> bool:
    is_link = payment.payment_method_id is None and _makes_links(payment.provider)
    return is_link and seen.created_at is not None and now - seen.created_at >= LINK_LIFETIME


async def _claim_payments(now: datetime, merchant_id: str | None) -> tuple[Counter, list[str]]:
    claimed: list[str] = []
    due = Payment.filter(
        Q(retry_at__lte=now) | Q(retry_at=None),
        status=PENDING,
        provider_payment_id__not_isnull=True,
    )
    if merchant_id:
        due = due.filter(merchant_id=merchant_id)

    async def lease(payment: Payment) -> str:
        await Payment.filter(id=payment.id).update(retry_at=now + FIRST_CHECK)
        claimed.append(payment.id)
        return "checked"

    counts = await work_through(due, ("retry_at", "id"), lease, what="pending payment check")
    return counts, claimed


async def payment_at_provider(payment: Payment) -> Seen | None:
    """What the provider says of the pending ``payment`` (it holds the provider's id); None
    when it cannot be asked (unreachable, the key refused, the payment unknown to it, no
    gateway for its provider): the row stays pending and is asked again at its next check."""
    if not payment.provider_payment_id:
        return None
    try:
        gateway = gateway_for(payment.provider)
    except LookupError:
        return None
    return await gateway.fetch_payment(payment)


async def refund_at_provider(payment: Payment, refund: Refund) -> Seen | None:
    """What the provider says of the pending ``refund`` of ``payment``; None as above."""
    if not refund.provider_refund_id:
        return None
    try:
        gateway = gateway_for(payment.provider)
    except LookupError:
        return None
    return await gateway.fetch_refund(payment, refund)


async def check_payment(payment_id: str, now: datetime) -> str:
    """Ask the provider about one claimed pending payment and settle it; the outcome word.
    Never call inside a transaction."""
    payment = await Payment.filter(id=payment_id, status=PENDING).first()
    if payment is None:
        return "settled"  # a webhook was faster
    seen = await payment_at_provider(payment)
    if seen is not None and seen.status == SUCCEEDED:
        async with in_transaction():
            await mark_succeeded(payment.id, now)
        await checkout_cards.keep_after_success(payment.id, now)  # a checkout's card, once
        return SUCCEEDED
    async with in_transaction():
        if seen is not None and seen.status == FAILED:
            await mark_failed(payment.id, seen.message, at=now)
            return FAILED
        if seen is not None and _expired(payment, seen, now):
            await mark_failed(payment.id, EXPIRED, at=now)
            return "link expired"
        await Payment.filter(id=payment.id, status=PENDING).update(
            retry_at=now + next_interval(seen, now)
        )
    return "unanswered" if seen is None else "pending"


async def _claim_refunds(now: datetime, merchant_id: str | None) -> tuple[Counter, list[str]]:
    claimed: list[str] = []

    async def claim(after: Refund | None) -> list[Refund]:
        args: list = [now, after.id if after else "", FIRST_CHECK, MAX_INTERVAL]
        args.append(REFUND_CLAIM_SIZE)
        sql = REFUND_CLAIM.format(
            merchant="AND r.merchant_id = $6" if merchant_id else "",
            pending=RefundStatus.PENDING,
        )
        if merchant_id:
            args.append(merchant_id)
        rows = await connections.get("default").execute_query_dict(sql, args)
        ids = [row["id"] for row in rows]
        return await Refund.filter(id__in=ids).order_by("id") if ids else []

    async def lease(refunds: list[Refund]) -> dict:
        ids = [refund.id for refund in refunds]
        await Refund.filter(id__in=ids, status=PENDING).update(updated_at=now)
        claimed.extend(ids)
        return dict.fromkeys(ids, "refunds checked")

    counts = await work_through_claims(claim, lease, what="pending refund check")
    return counts, claimed


async def check_refund(refund_id: str, now: datetime) -> str:
    """Ask the provider about one claimed pending refund and settle it (``settle_refund``);
    the outcome word. One without the provider's id is called again with its own key.
    Never call inside a transaction."""
    refund = await Refund.filter(id=refund_id, status=PENDING).first()
    if refund is None:
        return "settled"
    payment = await Payment.get(id=refund.payment_id)
    if not refund.provider_refund_id:
        return await _call_again(payment, refund, now)
    seen = await refund_at_provider(payment, refund)
    if seen is None:
        return "unanswered"
    if seen.status in (SUCCEEDED, FAILED):
        succeeded = seen.status == SUCCEEDED
        settled = await settle_refund(refund.id, succeeded=succeeded, at=now, message=seen.message)
        return seen.status if settled else "settled"
    return "pending"


async def _call_again(payment: Payment, refund: Refund, now: datetime) -> str:
    outcome = await call_provider(payment, refund)
    if not outcome.answered:
        return "unanswered"
    if outcome.status == PENDING:
        await Refund.filter(id=refund.id, status=PENDING, provider_refund_id=None).update(
            provider_refund_id=outcome.provider_refund_id
        )
        return "answered"
    succeeded = outcome.status == SUCCEEDED
    settled = await settle_refund(
        refund.id,
        succeeded=succeeded,
        at=now,
        message=outcome.message,
        provider_refund_id=outcome.provider_refund_id,
    )
    return outcome.status if settled else "settled"


async def reconcile_due(now: datetime, merchant_id: str | None = None) -> Counter[str]:
    """Claim the due pending payments and refunds (committed), then ask their providers and
    settle what they answer. ``merchant_id`` limits it to one merchant row."""
    outcomes, payments = await _claim_payments(now, merchant_id)
    for payment_id in payments:
        outcomes[await _checked("reconciled", check_payment, payment_id, now)] += 1
    claimed, refunds = await _claim_refunds(now, merchant_id)
    outcomes.update(claimed)
    for refund_id in refunds:
        outcomes[await _checked("refunds reconciled", check_refund, refund_id, now)] += 1
    return outcomes


async def _checked(label: str, check, row_id: str, now: datetime) -> str:
    """One claimed row's check, its outcome word. A check that raises (a stored key that no
    longer opens, an answer the SDK cannot read) is logged with the row's id and counted
    ``failed``; the claim already moved the row's next check forward, so the next pass asks
    again. As in ``core/claims``, one poisoned row never stops the rows behind it."""
    try:
        return f"{label} {await check(row_id, now)}"
    except Exception:
        log.exception("reconciling %s failed; it is checked again on a later pass", row_id)
        return FAILED_CHECK
