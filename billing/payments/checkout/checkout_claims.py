"""What a checkout's payment does to the customer it was made for, once it succeeds.

A checkout the merchant's server did not vouch for (checkout_customers.py) never touches an
existing customer before payment: it has a customer of its own, a new one, or a *pending* one
when the email or external id it named belonged to an existing customer. Its payment is the
first proof that someone means it, so the rule is applied then, in the transaction that records
the payment (``payment_outcomes.mark_succeeded`` calls ``claim``):

- the checkout's customer is pending and the oldest live customer with its email (the
  *owner*, the one email lookups answer) has no open subscription (``statuses.OPEN``): the
  pending customer simply **becomes a customer of its own** (``checkout_pending`` cleared),
  keeping the subscription, invoice, payment and card the checkout made. Nothing is moved to
  the owner, whose record gets nothing: an email typed into a page proves nothing, and a
  stranger's renewals must never fall back to the owner's card (``charging.method_for`` takes
  the customer's own cards). Two customers then share the email; email lookups take the
  oldest (the owner), and creating a customer with that email is still a 409. The
  subscription turns active as any checkout's, and the checkout's customer's other unfinished
  checkouts end (another tab);
- the owner (the pending customer's, or the checkout's own customer) already has an open
  subscription (someone paid a second checkout for a subscriber: a second tab, or a stranger
  with a subscriber's email): the checkout is **refused**: its subscription ends (event
  ``already_subscribed``), the payment's ``checkout_outcome`` is ``already_subscribed``, which
  the payment-intent event stream shows as the final status, and the payment is refunded in
  full at once by the due-work loop (``refund_refused``; the commit wakes it). The pending
  customer keeps these records; the owner's record gets nothing. A trial's checkout is settled
  the same way when its card is confirmed (nothing was charged, so nothing is refunded: the
  subscription ends ``already_subscribed`` and the card is not kept);
- a pending customer made for a known external id with a new email (no live customer has its
  email) or whose email's customer was deleted meanwhile simply stops being pending. It never
  takes the external id: the page's word does not vouch, and sharing it would let a stranger
  answer lookups by that id (a merchant links a checkout to a user it knows with a
  ``customerToken``).

A checkout that owes nothing (a free price, a trial without a card) has no payment to prove
anything: its pending customer stays a customer of its own too (the merchant's server should
vouch, with a ``cust_`` id or a token, for a customer it knows).

A vouched checkout is refused at payment-init with 409 when its customer has an open
subscription; if one appears between payment-init and payment, the same refusal applies.
"""

import logging
from collections import Counter
from datetime import datetime

from billing.core.due_signal import due_at
from billing.core.errors import ServiceError
from billing.customers import customer_events, customers
from billing.customers.models import Customer
from billing.invoicing.models import Invoice
from billing.payments.models import CheckoutOutcome, Payment, PaymentStatus, Refund, RefundStatus
from billing.payments.refunds import refund_payment as refunds
from billing.subscriptions import checkout_states, subscriptions
from billing.subscriptions.models import Subscription

log = logging.getLogger("tally.due_work")

ALREADY_SUBSCRIBED = CheckoutOutcome.ALREADY_SUBSCRIBED
REFUND_REASON = "Refunded at once: the customer already has an open subscription"


async def settle(merchant_id: str, stable_id: str | None, at: datetime) -> bool:
    """Apply the rule (module docstring) to the checkout of subscription ``stable_id`` whose
    payment succeeded or whose trial's card was confirmed; whether it may go on (False: it was
    refused and ended). Call inside the transaction recording the payment or card."""
    if not stable_id:
        return True
    live = (
        await Subscription.scoped(merchant_id)
        .filter(
            stable_subscription_id=stable_id,
            status=checkout_states.INCOMPLETE,
            end_timestamp=None,
        )
        .select_for_update()
        .first()
    )
    if live is None:
        return True  # not a checkout waiting for its first payment
    customer = await Customer.get(merchant_id=merchant_id, id=live.customer_id)
    owner = customer
    if customer.checkout_pending:
        owner = await customers.find_by_email(merchant_id, customer.email) or customer
    if await subscriptions.open_subscription_of(merchant_id, owner.id) is not None:
        await checkout_states.end_abandoned(live, at, ALREADY_SUBSCRIBED)
        return False
    if customer.checkout_pending:  # a customer of its own from now on, never merged
        await Customer.filter(merchant_id=merchant_id, id=customer.id).update(
            checkout_pending=False
        )
        await customer_events.tell_created(merchant_id, customer.id, at)
    await _end_other_checkouts(customer.id, live, at)
    return True


async def _end_other_checkouts(customer_id: str, paid: Subscription, at: datetime) -> None:
    """The customer's other unfinished checkouts end now that one is paid (a declined try the
    page replaced with a new checkout, another tab): paying one of them too would only be
    refused and refunded."""
    from billing.payments import checkout  # it records outcomes through this module's caller

    for other in await checkout_states.incomplete_of(paid.merchant_id, customer_id):
        locked = (
            await Subscription.filter(id=other.id, status=checkout_states.INCOMPLETE)
            .exclude(id=paid.id)
            .select_for_update()
            .first()
        )
        if locked is not None:
            await checkout.end(locked, at)


async def claim(payment: Payment, invoice: Invoice, at: datetime) -> bool:
    """``settle`` for a checkout's succeeded ``payment`` of ``invoice``: a refused one's
    payment is marked ``already_subscribed`` and refunded once this commits."""
    if await settle(payment.merchant_id, invoice.stable_subscription_id, at):
        return True
    payment.checkout_outcome = ALREADY_SUBSCRIBED
    await Payment.filter(id=payment.id).update(checkout_outcome=ALREADY_SUBSCRIBED)
    await due_at(at)  # the loop refunds it (refund_refused) once this commits
    return False


async def refund_refused(now: datetime, merchant_id: str | None = None) -> Counter[str]:
    """The due-work step: refund in full every refused checkout's payment not refunded yet.
    ``refunds.refund`` locks the payment and refunds only what is left, so two passes at once
    never refund twice; a refusal or any other failure of one payment is logged, counted
    ``failed`` and tried next pass, and the others go on. (The refund is dated by the present,
    as every refund: the provider moves the money now.) ``merchant_id`` limits it to one."""
    waiting = Payment.filter(
        checkout_outcome=ALREADY_SUBSCRIBED, status=PaymentStatus.SUCCEEDED, refunded_cents=0
    )
    if merchant_id:
        waiting = waiting.filter(merchant_id=merchant_id)
    done: Counter[str] = Counter()
    for payment in await waiting.order_by("created_at"):
        if await Refund.filter(payment_id=payment.id, status__not=RefundStatus.FAILED).exists():
            continue
        invoice = await Invoice.get(id=payment.invoice_id)
        try:
            await refunds.refund(
                payment.merchant_id,
                invoice.stable_subscription_id,
                payment_id=payment.id,
                reason=REFUND_REASON,
            )
            done["refunded"] += 1
        except Exception as failure:  # noqa: BLE001 - one payment never stops the others
            message = failure.message if isinstance(failure, ServiceError) else repr(failure)
            log.warning("refused checkout payment %s not refunded yet: %s", payment.id, message)
            done["failed"] += 1
    return done
