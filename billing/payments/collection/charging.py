"""Starting a payment attempt and calling the provider for it: the two halves of a charge.

``start_attempt`` runs inside the caller's transaction, with the invoice row locked: it picks
the method to charge, writes the ``Payment`` (pending, the next attempt number, the key
``{invoice}:attempt-{n}``, dated ``now``: the clock of whoever makes the attempt, a due pass's
included, never the wall clock) and points the invoice at it. Only after that transaction commits
does ``call_provider`` call the provider, outside any transaction, and record the answer with
``mark_succeeded`` / ``mark_failed`` in a short transaction of its own. So a charge is never
made for a payment the database does not hold, and the key makes it exactly-once: a call
repeated for the same attempt (its answer lost, the process killed after the commit) comes
back as the first PaymentIntent instead of a second charge.

A pending payment's ``retry_at`` is its lease: the instant after which a due-work pass may
call it again with the same key, when no answer was recorded by then (a crash between the
commit and the call, an unreachable gateway). Until then nobody else calls it. Once the
provider has answered with its id but no outcome (provider A ``processing``, every provider B
charge), ``retry_at`` is instead when the pass next asks the provider about it
(``reconcile``): it is never charged again.

The call itself is the payment's gateway's (``gateways.gateway_for(payment.provider)``):
provider A charges the card; provider B its mandate, an on-demand subscription, or, when the
merchant's provider is B and the customer has no method Tally can charge, makes a payment link
stored on the payment. Provider B settles later, by webhook: its attempts stay ``pending``
after the call. A method of a provider the merchant has
not configured is not charged: the invoice waits.
"""

import logging
from datetime import datetime, timedelta

from tortoise.transactions import in_transaction

from billing.invoicing.models import Invoice, InvoicePaymentStatus
from billing.payments.collection.payment_outcomes import PENDING, mark_failed, mark_succeeded
from billing.payments.collection.reconcile import FIRST_CHECK
from billing.payments.gateways import gateway_for
from billing.payments.gateways.base import ChargeAnswer, GatewayUnreachable
from billing.payments.methods.payment_methods import active_method_for
from billing.payments.models import Payment, PaymentMethod, PaymentMethodStatus
from billing.payments.providers import configured_providers
from billing.subscriptions.models import Subscription

log = logging.getLogger("tally.payments")

LEASE = timedelta(minutes=10)  # longer than a provider call with its retry can take


def idempotency_key(invoice_id: str, attempt: int) -> str:
    return f"{invoice_id}:attempt-{attempt}"


async def _usable(method: PaymentMethod | None) -> PaymentMethod | None:
    """``method`` when its provider's gateway can charge it (a provider Tally has no gateway
    for cannot)."""
    if method is None:
        return None
    try:
        gateway = gateway_for(method.provider)
    except LookupError:
        return None
    return method if await gateway.can_charge(method) else None


async def _links_by_provider_b(merchant_id: str) -> bool:
    """Whether an invoice no method can pay gets a payment link: when the merchant's provider
    (the first configured) makes them (provider B)."""
    configured = await configured_providers(merchant_id)
    return bool(configured) and gateway_for(configured[0]).charges_without_method


async def method_for(invoice: Invoice) -> PaymentMethod | None:
    """The method to charge: the subscription's own (``payment_method_id``), else the
    customer's newest active one; None when neither can be charged."""
    if invoice.stable_subscription_id:
        live = (
            await Subscription.scoped(invoice.merchant_id)
            .filter(stable_subscription_id=invoice.stable_subscription_id)
            .first()
        )
        if live is not None and live.payment_method_id:
            chosen = (
                await PaymentMethod.scoped(invoice.merchant_id)
                .filter(id=live.payment_method_id, status=PaymentMethodStatus.ACTIVE)
                .first()
            )
            if await _usable(chosen):
                return chosen
    return await _usable(await active_method_for(invoice.merchant_id, invoice.customer_id))


async def start_attempt(invoice: Invoice, now: datetime) -> Payment | None:
    """A new pending attempt for the locked ``invoice``, or None when no method can pay it
    (it waits for one, or for a manual payment) and provider B makes no link for it. Call
    inside the transaction that holds the invoice's lock; call the provider only after it
    commits."""
    method = await method_for(invoice)
    if method is None and not await _links_by_provider_b(invoice.merchant_id):
        return None
    last = await Payment.filter(invoice_id=invoice.id).order_by("-attempt").first()
    attempt = last.attempt + 1 if last else 1
    payment = await Payment.create(
        merchant_id=invoice.merchant_id,
        invoice_id=invoice.id,
        customer_id=invoice.customer_id,
        payment_method_id=method.id if method else None,
        provider=method.provider if method else "provider_b",  # no method: a link
        amount_cents=invoice.total_cents,
        currency=invoice.currency,
        status=PENDING,
        attempt=attempt,
        idempotency_key=idempotency_key(invoice.id, attempt),
        retry_at=now + LEASE,
        created_at=now,  # the attempt's date: the clock of whoever made it (a due pass's now)
    )
    await Invoice.filter(id=invoice.id).update(
        payment_status=InvoicePaymentStatus.PENDING, payment_id=payment.id
    )
    return payment


async def call_provider(payment_id: str, now: datetime) -> str:
    """Charge the committed pending payment and record the answer. Answers ``succeeded``,
    ``failed`` or ``pending`` (no answer yet: called again with the same key after its lease).
    Never call inside a transaction."""
    payment = await Payment.filter(id=payment_id, status=PENDING).first()
    if payment is None:
        return "settled"  # an answer arrived meanwhile (a webhook, another pass)
    method = None
    if payment.payment_method_id:
        method = await PaymentMethod.filter(id=payment.payment_method_id).first()
    try:
        gateway = gateway_for(payment.provider)
    except LookupError:
        answer = ChargeAnswer("failed", None, "No configured provider can charge this method")
    else:
        try:
            answer = await gateway.charge_off_session(payment, method)
        except GatewayUnreachable as unknown:
            log.warning("payment %s: %s; it is called again later", payment.id, unknown.message)
            return "pending"
    async with in_transaction():
        if answer.status == "succeeded":
            await mark_succeeded(payment.id, now, answer.provider_payment_id)
        elif answer.status == "failed":
            await mark_failed(payment.id, answer.message, answer.provider_payment_id, at=now)
        elif answer.provider_payment_id:
            answered = {"provider_payment_id": answer.provider_payment_id}
            if answer.payment_link:
                answered["payment_link"] = answer.payment_link
            if answer.product_id:
                answered["provider_product_id"] = answer.product_id
            await Payment.filter(id=payment.id, status=PENDING).update(
                **answered, retry_at=now + FIRST_CHECK
            )
    return answer.status
