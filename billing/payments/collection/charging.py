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

from tortoise import connections
from tortoise.transactions import in_transaction

from billing.core.ids import new_id
from billing.core.models import utcnow
from billing.invoicing.models import Invoice, InvoicePaymentStatus
from billing.payments.collection import claim_reads
from billing.payments.collection.payment_outcomes import PENDING, mark_failed, mark_succeeded
from billing.payments.collection.reconcile import FIRST_CHECK
from billing.payments.gateways import gateway_for
from billing.payments.gateways.base import ChargeAnswer, GatewayUnreachable
from billing.payments.methods.payment_methods import active_method_for
from billing.payments.models import Payment, PaymentMethod, PaymentMethodStatus, PaymentStatus
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
    if not gateway.accepts(method):
        return None
    return method if await gateway.is_configured(method.merchant_id) else None


def _link_provider(configured: tuple[str, ...] | list[str]) -> str | None:
    """The provider that asks for an invoice no method can pay with a payment link: the
    merchant's provider (the first configured) when its gateway sends links (provider B)."""
    if configured and gateway_for(configured[0]).charges_without_method:
        return configured[0]
    return None


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
    link_provider = None
    if method is None:
        link_provider = _link_provider(await configured_providers(invoice.merchant_id))
        if link_provider is None:
            return None
    last = await Payment.filter(invoice_id=invoice.id).order_by("-attempt").first()
    attempt = last.attempt + 1 if last else 1
    payment = await Payment.create(
        merchant_id=invoice.merchant_id,
        invoice_id=invoice.id,
        customer_id=invoice.customer_id,
        payment_method_id=method.id if method else None,
        provider=method.provider if method else link_provider,  # no method: a link
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


async def start_attempts(invoices: list[Invoice], now: datetime) -> dict[str, str]:
    """``start_attempt`` for a whole claim of locked invoices at once: the new pending
    attempt's id per invoice id (an invoice left out waits, as when ``start_attempt`` answers
    None). The same caller's rule: inside the transaction that holds the locks, the provider
    called only after it commits.

    The same rule, read for the claim in a handful of statements instead of five to seven per
    invoice (``claim_reads``): the live subscriptions' own methods, the customers' newest
    active methods (newest by ``created_at`` then id, as ``active_method_for``), the
    merchants' configured providers and the last attempt numbers; then one statement inserts
    the attempts and points the invoices at them. The subscription's method is charged when
    usable, else the customer's newest active one when usable (never an older one: the newest
    decides). Usable: its gateway accepts it (provider A: a saved card's gateway id; provider B:
    a mandate naming its subscription) and its provider is configured for the merchant (asked
    once per merchant and provider, raising as ``start_attempt`` would). Without a method: a
    link when the merchant's provider sends them (provider B), else it waits. Each
    attempt is written as ``start_attempt`` writes it: the next attempt number, the key
    ``{invoice}:attempt-{n}``, dated ``now``, leased until ``now + LEASE``."""
    if not invoices:
        return {}
    configured = await claim_reads.configured_providers({i.merchant_id for i in invoices})
    usable = _Usable()
    methods: dict[str, PaymentMethod] = {}
    for invoice_id, method in (await claim_reads.subscription_methods(invoices)).items():
        if await usable(method):
            methods[invoice_id] = method
    waiting = [invoice for invoice in invoices if invoice.id not in methods]
    newest = await claim_reads.newest_active_methods(waiting)
    for invoice in waiting:
        method = await usable(newest.get((invoice.merchant_id, invoice.customer_id)))
        if method is not None:
            methods[invoice.id] = method
    last = await claim_reads.last_attempts([invoice.id for invoice in invoices])
    rows: list[tuple] = []
    for invoice in invoices:
        method = methods.get(invoice.id)
        link_provider = None
        if method is None:
            link_provider = _link_provider(configured.get(invoice.merchant_id, ()))
            if link_provider is None:
                continue  # no method, and the merchant's provider sends no links
        attempt = last.get(invoice.id, 0) + 1
        rows.append(
            (
                new_id(Payment.id_prefix),
                invoice.merchant_id,
                invoice.id,
                invoice.customer_id,
                method.id if method else None,
                method.provider if method else link_provider,  # no method: a link
                invoice.total_cents,
                invoice.currency,
                attempt,
                idempotency_key(invoice.id, attempt),
            )
        )
    if rows:
        columns = [list(column) for column in zip(*rows, strict=True)]
        await connections.get("default").execute_query(
            START_ATTEMPTS, [now, utcnow(), PENDING, now + LEASE, *columns]
        )
    return {row[2]: row[0] for row in rows}


# The attempts of a claim, written as ``start_attempt`` writes one (``created_at`` the
# attempt's date, ``updated_at`` the wall clock), and their invoices pointed at them.
START_ATTEMPTS = """
WITH started AS (
  INSERT INTO payments (id, created_at, updated_at, merchant_id, invoice_id, customer_id,
                        payment_method_id, provider, amount_cents, currency, status, attempt,
                        idempotency_key, refunded_cents, retry_at)
  SELECT t.id, $1, $2, t.merchant_id, t.invoice_id, t.customer_id, t.method_id, t.provider,
         t.amount, t.currency, $3, t.attempt, t.key, 0, $4
  FROM unnest($5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[],
              $11::bigint[], $12::text[], $13::int[], $14::text[])
       AS t(id, merchant_id, invoice_id, customer_id, method_id, provider, amount, currency,
            attempt, key)
  RETURNING id, invoice_id
)
UPDATE invoices i SET payment_status = $3, payment_id = started.id
FROM started WHERE i.id = started.invoice_id
"""


class _Usable:
    """``_usable`` over a claim: each merchant's provider configuration is read once."""

    def __init__(self) -> None:
        self.configured: dict[tuple[str, str], bool] = {}

    async def __call__(self, method: PaymentMethod | None) -> PaymentMethod | None:
        if method is None:
            return None
        try:
            gateway = gateway_for(method.provider)
        except LookupError:
            return None
        if not gateway.accepts(method):
            return None
        key = (method.merchant_id, method.provider)
        if key not in self.configured:
            self.configured[key] = await gateway.is_configured(method.merchant_id)
        return method if self.configured[key] else None


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
        answer = ChargeAnswer(
            PaymentStatus.FAILED, None, "No configured provider can charge this method"
        )
    else:
        try:
            answer = await gateway.charge_off_session(payment, method)
        except GatewayUnreachable as unknown:
            log.warning("payment %s: %s; it is called again later", payment.id, unknown.message)
            return PENDING
    async with in_transaction():
        if answer.status == PaymentStatus.SUCCEEDED:
            await mark_succeeded(payment.id, now, answer.provider_payment_id)
        elif answer.status == PaymentStatus.FAILED:
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
