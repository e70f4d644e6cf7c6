"""The due-work step "payments": collect unpaid invoices, retry failed renewals, end dunning.

One pass, as of ``now`` (the pass's clock), in three parts:

1. **Attempts**: invoices are claimed ``CLAIM_SIZE`` at a time (``FOR UPDATE SKIP LOCKED``, in id
   order) when they are ``unpaid``, issued by ``now``, with a total above zero and either never
   tried (``payment_status`` ``none``) or failed with their latest attempt's ``retry_at`` due
   (the dunning schedule, ``payment_dunning``). Each gets a pending attempt
   (``charging.start_attempts``: the whole claim's in a few statements) and the claim commits. An
   invoice whose customer has no method Tally can charge is left as it is: it waits for a method
   (the next pass after one is stored charges it) or for a manual payment. The claim itself
   passes over never-tried invoices whose customer has no active method (unless a provider that
   sends links, ``Gateway.charges_without_method``, is configured): the customers who never add
   one would otherwise be looked at again on every pass, a cost that grows with every unpaid
   invoice of every merchant.
2. **Calls**: as each claim commits, its attempts are handed to the pass's calls
   (``pass_calls``: up to ``CALL_CONCURRENCY`` at once, merchants taking turns), which run
   while the next claims are made; so are, after the claims, the pending attempts whose
   lease ran out without an answer (a crash between commit and call, an unreachable gateway),
   each re-leased in a claim of its own first so two passes never call the same attempt at
   once. An attempt is called once by the pass that started or re-leased it; a repeated call
   (after a lease) carries the same idempotency key: safe. A call that raises is logged and
   counted ``failed``; its attempt is called again after its lease, and the other calls go
   on. The step waits for every call before the parts below.
3. **Reconciliation**: payments and refunds left pending (answered by the provider without an
   outcome, or whose webhook never came) are asked about at the provider after a delay and
   settled (``reconcile``, which says when and how often), before the grace ends below, so a
   payment that went through at the provider clears its grace instead of ending it.
4. **Grace ends**: a live subscription whose ``grace_period_ends_at`` has passed with its
   renewal still unpaid gets the merchant's end action (``subscription_lifecycle``).

``merchant_id`` limits a pass to one merchant row (tests, and collecting by hand), as
``bill_due`` does.
"""

import logging
from collections import Counter
from datetime import datetime

from tortoise import connections

from billing.core.claims import DEFER, FAILED, work_through, work_through_claims
from billing.core.models import column_names, from_row
from billing.invoicing.models import Invoice, InvoicePaymentStatus, InvoiceStatus
from billing.payments.collection.charging import LEASE, call_provider, start_attempts
from billing.payments.collection.pass_calls import PassCalls
from billing.payments.collection.payment_outcomes import PENDING
from billing.payments.collection.reconcile import reconcile_due
from billing.payments.gateways import providers_that
from billing.payments.models import Payment, PaymentMethodStatus, PaymentStatus
from billing.subscriptions import statuses
from billing.subscriptions.models import Subscription
from billing.subscriptions.subscription_lifecycle import apply_end_action

log = logging.getLogger("tally.due_work")

CLAIM_SIZE = 100  # invoices per claim, started together in a few statements
PIPELINED = True  # calls start as each claim commits; False: once every claim has (the bench)

CLAIM = """
SELECT {columns} FROM invoices i
WHERE i.status = '{unpaid}' AND i.total_cents > 0 AND i.deleted_at IS NULL AND i.id > $2 {merchant}
  AND i.issue_date <= $1
  AND ((i.payment_status = '{never_tried}' AND (
            EXISTS (SELECT FROM payment_methods m
                    WHERE m.merchant_id = i.merchant_id AND m.customer_id = i.customer_id
                      AND m.status = '{method_active}' AND m.deleted_at IS NULL)
            OR EXISTS (SELECT FROM provider_configs c
                       WHERE c.merchant_id = i.merchant_id AND c.provider = ANY($4::text[])
                         AND c.deleted_at IS NULL)))
       OR (i.payment_status = '{tried_failed}' AND EXISTS (
           SELECT FROM payments p WHERE p.id = i.payment_id AND p.status = '{payment_failed}'
           AND p.retry_at <= $1)))
ORDER BY i.id LIMIT $3
FOR UPDATE OF i SKIP LOCKED
"""
# The statuses CLAIM names, filled in with the merchant filter.
CLAIM_STATUSES = {
    "unpaid": InvoiceStatus.UNPAID,
    "never_tried": InvoicePaymentStatus.NONE,
    "method_active": PaymentMethodStatus.ACTIVE,
    "tried_failed": InvoicePaymentStatus.FAILED,
    "payment_failed": PaymentStatus.FAILED,
}


def link_providers() -> list[str]:
    """The providers that charge an invoice no method pays (``charges_without_method``: a
    payment link), so a merchant row configured with one has every unpaid invoice to try."""
    return providers_that("charges_without_method")


async def _claim_invoices(
    now: datetime, merchant_id: str | None, after: Invoice | None
) -> list[Invoice]:
    args: list = [now, after.id if after else "", CLAIM_SIZE, link_providers()]
    sql = CLAIM.format(
        columns=", ".join(f"i.{column}" for column in column_names(Invoice)),
        merchant="AND i.merchant_id = $5" if merchant_id else "",
        **CLAIM_STATUSES,
    )
    if merchant_id:
        args.append(merchant_id)
    rows = await connections.get("default").execute_query_dict(sql, args)
    return [from_row(Invoice, row) for row in rows]


async def _start_attempts(now: datetime, merchant_id: str | None, calls: PassCalls) -> Counter:
    """Claim and start attempts, a claim at a time (``charging.start_attempts``: a few
    statements a claim), handing each claim's attempts to ``calls`` once it commits."""
    started: dict[str, str] = {}  # invoice id -> its new attempt's id

    async def handle(invoices: list[Invoice]) -> dict:
        payments = await start_attempts(invoices, now)
        # A claim that fails as a whole is settled again row by row: each row's own attempt
        # replaces the undone one, and only the rows settled when the claim commits are called.
        started.update(payments)
        return {i.id: "attempted" if i.id in payments else "waiting for a method" for i in invoices}

    async def committed(invoices: list[Invoice]) -> None:
        for invoice in invoices:
            payment_id = started.pop(invoice.id, None)
            if payment_id is not None:
                calls.add(invoice.merchant_id, payment_id)
        await calls.room()

    return await work_through_claims(
        lambda after: _claim_invoices(now, merchant_id, after),
        handle,
        what="invoice payment",
        on_committed=committed,
    )


async def _lease_stale(now: datetime, merchant_id: str | None, calls: PassCalls) -> Counter:
    """Pending attempts whose lease ran out, each re-leased (so no other pass calls it) and,
    once that commits, handed to ``calls``. Those the provider answered (they hold its id) are
    reconciled instead, never called."""
    leased: list[Payment] = []
    due = Payment.filter(status=PENDING, retry_at__lte=now, provider_payment_id=None)
    if merchant_id:
        due = due.filter(merchant_id=merchant_id)

    async def release(payment: Payment) -> str:
        await Payment.filter(id=payment.id).update(retry_at=now + LEASE)
        leased.append(payment)
        return "called again"

    counts = await work_through(due, ("retry_at", "id"), release, what="stale payment")
    for payment in leased:
        calls.add(payment.merchant_id, payment.id)
    return counts


async def _end_grace(now: datetime, merchant_id: str | None) -> Counter[str]:
    due = Subscription.filter(deleted_at=None, grace_period_ends_at__lte=now)
    if merchant_id:
        due = due.filter(merchant_id=merchant_id)

    async def end(live: Subscription) -> str:
        unpaid = await Invoice.filter(
            merchant_id=live.merchant_id,
            stable_subscription_id=live.stable_subscription_id,
            status=InvoiceStatus.UNPAID,
            total_cents__gt=0,
        ).exists()
        live.grace_period_ends_at = None
        await live.save(update_fields=["grace_period_ends_at", "updated_at"])
        if not unpaid:
            return "grace cleared"
        if live.status == statuses.ENDED:
            return DEFER
        return f"dunning {await apply_end_action(live.merchant_id, live, now, by_dunning=True)}"

    return await work_through(due, ("grace_period_ends_at", "id"), end, what="grace period")


async def collect_due(now: datetime, merchant_id: str | None = None) -> Counter[str]:
    """The due-work step (see the module docstring). Answers how many rows ended in each
    outcome: invoices attempted or waiting, calls succeeded/failed/pending, pending payments
    and refunds checked and reconciled, grace ends."""
    calls = PassCalls(lambda payment_id: _called(payment_id, now), held=not PIPELINED)
    try:
        outcomes = await _start_attempts(now, merchant_id, calls)
        outcomes.update(await _lease_stale(now, merchant_id, calls))
    finally:
        called = await calls.finish()  # committed attempts are called even if a claim raised
    outcomes.update(called)
    outcomes.update(await reconcile_due(now, merchant_id))
    outcomes.update(await _end_grace(now, merchant_id))
    return outcomes


async def _called(payment_id: str, now: datetime) -> str:
    """One committed attempt's provider call, its outcome word. A call that raises (a stored
    key that no longer opens, an answer the SDK cannot read) is logged with the payment's id
    and counted ``failed``: the payment stays pending in its lease and is called again with
    the same key after it (``_lease_stale``). As in ``core/claims``, one poisoned row never
    stops the rows behind it, nor the reconciliation and grace ends after them."""
    try:
        return f"payments {await call_provider(payment_id, now)}"
    except Exception:
        log.exception("payment %s: the provider call failed; it is called again later", payment_id)
        return FAILED
