"""Checkout: ``POST /v1/public/payment-init``, a customer buying a plan from a browser.

First the call is counted against the checkout rate limits (``checkout_limits``: per client
address and per shop; 429 over them, before anything is read or written).

The request names a plan version, one of its prices, and the customer: ``customerToken``,
``customerId`` (Tally's ``cust_…`` id or the merchant's external id) and/or ``customer {email,
name, country, postalCode}``, found or created by ``checkout_customers`` (which says how, and
when the merchant's server vouched for the customer; the first invoice is taxed for the
customer's address: a US customer's state comes from the ZIP code). In one transaction, under
the merchant's lock (so two checkouts of one new email make one customer):

1. plan, price and customer are the merchant's (404 with the spec's messages otherwise, for
   another merchant's or mode's ids too); a vouched customer with an open subscription
   (``statuses.OPEN``) is refused with 409 and ``existingSubscriptionId`` (an unvouched
   checkout always has a new customer: its payment settles that, ``checkout_claims``);
2. the subscription is created ``incomplete`` (billing/subscriptions/checkout_states.py: it is
   not active, not billed by the due-work pass, and does not block the next checkout), and its
   first invoice is billed at once with tax (``billing_run.bill_now``, the one invoice writer),
   without a number until it is paid (``invoice_writer``: abandoned checkouts burn none);
   a customer's earlier incomplete subscription for the same plan and price is reused, one
   for another plan or price is ended and its unpaid invoice voided;
3. a plan with a trial (and a price that can charge) collects a card and charges nothing
   (``checkout_setup``): the
   subscription stays ``incomplete`` until the card is confirmed, then is ``trialing``; the
   due pass charges that card when the trial ends. The plan's "trial without a card"
   (``Plan.trial_without_card``) skips the card: the subscription is ``trialing`` at once;
4. nothing else owed now (a free price) makes the subscription ``active`` at once: no
   provider is called and none needs to be configured;
5. otherwise the invoice's pending ``Payment`` with the merchant's provider is reused, or a
   new one written (attempt n of the invoice, key ``{invoice}:attempt-{n}``) when the last
   one failed (a declined card: "Try again").

With no provider configured in the key's mode, a paid plan or a trial that collects a card is
refused (409) and the whole transaction rolls back: no customer, subscription or invoice stays
behind.

Two tabs paying at once: the merchant's lock makes their transactions take turns, so the
second finds the first's pending attempt and reuses it; ``checkout_calls.start`` locks that
payment row around the provider call, so the second waits for the first's PaymentIntent (or
link) and answers the same one instead of making a second that could be paid as well. An
attempt that settled meanwhile, or whose intent was canceled at the provider, is not reused:
the checkout is prepared once more (a new attempt, or 409 when it was paid).

After the commit the provider is called with the payment's idempotency key: provider A (the
first configured, as for every charge) gets a customer and a PaymentIntent that is not
confirmed (the browser confirms it) with ``metadata.payment_id`` and ``setup_future_usage``
(the card is kept for renewals: ``checkout_cards``); provider B makes a hosted payment link
(it needs the customer's billing country). A refusal marks the payment failed and answers 502;
the subscription stays incomplete for the next try.

Checkout payments carry no lease (``retry_at`` null): the due-work pass never calls them
again, the customer does. Their outcome arrives by the provider's webhook (or the sandbox
card form, ``checkout_sandbox``) through ``payment_outcomes``: success pays the invoice,
activates the subscription and keeps the card (``checkout_cards``); failure leaves it
incomplete. ``expire_abandoned`` (a due-work
step) ends incomplete subscriptions nobody paid within ``ABANDONED_AFTER``.
"""

import dataclasses
from dataclasses import dataclass
from datetime import datetime, timedelta

from tortoise.transactions import in_transaction

from billing.accounts.merchants import get_merchant, lock_merchant
from billing.catalog.models import Plan, Price
from billing.core.claims import work_through
from billing.core.errors import Conflict, Invalid
from billing.core.lookup import find_scoped
from billing.core.models import utcnow
from billing.customers.models import Customer
from billing.invoicing import invoice_events
from billing.invoicing.billing_run import bill_now
from billing.invoicing.models import Invoice, InvoicePaymentStatus, InvoiceStatus
from billing.payments import setup as payments_setup
from billing.payments.checkout import (
    checkout_calls,
    checkout_customers,
    checkout_limits,
    checkout_setup,
)
from billing.payments.collection.charging import idempotency_key
from billing.payments.collection.payment_outcomes import PENDING, mark_failed
from billing.payments.gateways import gateway_for
from billing.payments.models import Payment
from billing.payments.providers import configured_providers
from billing.subscriptions import checkout_states, subscriptions
from billing.subscriptions.models import Subscription

NO_PROVIDER = (
    "No payment provider is configured for this merchant in {mode} mode: "
    "configure provider A or provider B before selling paid plans"
)
NEEDS_COUNTRY = (
    "Invalid input: provider B needs the customer's billing country (customer.country, two letters)"
)
ABANDONED = "The checkout was not completed"
REPLACED = "A newer checkout attempt replaced this one"
MOVED_ON = "The payment changed while the checkout started; try again"
ABANDONED_AFTER = timedelta(hours=24)


@dataclass(frozen=True)
class CheckoutStarted:
    """What payment-init answers: the subscription and its first invoice, and, when
    something is owed, the payment and what the browser needs to pay it."""

    subscription: Subscription
    currency: str
    invoice: Invoice | None
    payment: Payment | None
    provider: str | None
    call: checkout_calls.Started | None = None
    collects_card: bool = False  # a trial: the card is confirmed now, charged at its end
    setup: checkout_setup.SetupStarted | None = None

    @property
    def amount_cents(self) -> int:
        return self.invoice.total_cents if self.invoice else 0


async def _unpaid_invoice(merchant_id: str, stable_id: str) -> Invoice | None:
    return (
        await Invoice.scoped(merchant_id)
        .filter(stable_subscription_id=stable_id, status=InvoiceStatus.UNPAID)
        .order_by("-issue_date", "-id")
        .first()
    )


async def end(live: Subscription, now: datetime) -> None:
    """End an incomplete subscription and void its unpaid invoices (never paid, never owed).
    Their pending payments fail first, while the subscription is still incomplete (so dunning
    schedules nothing), and reconciliation stops asking the provider about them."""
    unpaid = Invoice.scoped(live.merchant_id).filter(
        stable_subscription_id=live.stable_subscription_id, status=InvoiceStatus.UNPAID
    )
    invoice_ids = await unpaid.values_list("id", flat=True)
    for payment in await Payment.filter(invoice_id__in=invoice_ids, status=PENDING):
        await mark_failed(payment.id, ABANDONED, at=now)
    await checkout_states.end_abandoned(live, now)
    issued = await unpaid.filter(number__isnull=False).values_list("id", flat=True)
    await unpaid.update(status=InvoiceStatus.VOID)
    await invoice_events.voided(live.merchant_id, list(issued), now)  # drafts tell nothing


async def _reusable(customer: Customer, plan: Plan, price: Price, now: datetime):
    """The customer's incomplete subscription for this plan and price with its unpaid invoice;
    other incomplete ones are ended (the customer chose something else)."""
    kept = None
    for live in await checkout_states.incomplete_of(customer.merchant_id, customer.id):
        invoice = await _unpaid_invoice(customer.merchant_id, live.stable_subscription_id)
        same = (live.plan_id, live.effective_price_id) == (plan.id, price.id)
        if kept is None and same and (invoice is not None or live.trial_end_date is not None):
            kept = live, invoice
        else:
            await end(live, now)
    return kept


async def _attempt(invoice: Invoice, provider: str) -> Payment:
    """The invoice's payment attempt for this checkout: its pending one with this provider,
    reused (two tabs, or a reload, share one PaymentIntent or link, so the customer cannot pay
    the invoice twice), else a new one after any pending attempt of another provider fails."""
    earlier = await Payment.filter(invoice_id=invoice.id).order_by("-attempt")
    latest = earlier[0] if earlier else None
    if latest and latest.status == PENDING and latest.provider == provider:
        return latest
    for old in earlier:
        if old.status == PENDING:
            await mark_failed(old.id, REPLACED)
    attempt = latest.attempt + 1 if latest else 1
    payment = await Payment.create(
        merchant_id=invoice.merchant_id,
        invoice_id=invoice.id,
        customer_id=invoice.customer_id,
        provider=provider,
        amount_cents=invoice.total_cents,
        currency=invoice.currency,
        status=PENDING,
        attempt=attempt,
        idempotency_key=idempotency_key(invoice.id, attempt),
        retry_at=None,  # no lease: only the customer pays a checkout (module docstring)
    )
    await Invoice.filter(id=invoice.id).update(
        payment_status=InvoicePaymentStatus.PENDING, payment_id=payment.id
    )
    return payment


async def _prepare(
    merchant_id: str,
    plan_id: object,
    price_id: object,
    customer_id: object,
    person,
    token,
    retry_of: object = None,
) -> CheckoutStarted:
    now = utcnow()
    async with in_transaction():
        await lock_merchant(merchant_id)
        plan = await find_scoped(Plan, merchant_id, plan_id, subscriptions.PLAN_NOT_FOUND)
        price = await find_scoped(Price, merchant_id, price_id, subscriptions.PRICE_NOT_FOUND)
        if price.plan_id != plan.id:
            raise Invalid(
                subscriptions.PRICE_NOT_OF_PLAN, code="price_not_of_plan", field="effectivePriceId"
            )
        buyer = await checkout_customers.resolve(merchant_id, customer_id, person, token, retry_of)
        customer = buyer.customer
        existing = await subscriptions.open_subscription_of(merchant_id, customer.id)
        if existing is not None:  # only a vouched customer can have one (checkout_customers)
            raise Conflict(
                subscriptions.ALREADY_ACTIVE,
                existingSubscriptionId=existing.stable_subscription_id,
            )
        kept = await _reusable(customer, plan, price, now)
        if kept is not None:
            live, invoice = kept
        else:
            live = await subscriptions.create_subscription(
                merchant_id,
                customer_id=customer.id,
                plan_id=plan.id,
                effective_price_id=price.id,
                start_timestamp=now,
                status=checkout_states.INCOMPLETE,
            )
            await bill_now(merchant_id, live.stable_subscription_id, now)
            invoice = await _unpaid_invoice(merchant_id, live.stable_subscription_id)
        in_trial = live.trial_end_date is not None and live.trial_end_date > now
        if in_trial and not plan.trial_without_card and checkout_setup.charges_later(price):
            provider = await _provider_for(merchant_id, customer)
            return CheckoutStarted(live, price.currency, None, None, provider, collects_card=True)
        if invoice is None or invoice.total_cents <= 0:
            await checkout_states.activate(merchant_id, live.stable_subscription_id, now)
            await live.refresh_from_db()
            return CheckoutStarted(live, price.currency, invoice, None, None)
        provider = await _provider_for(merchant_id, customer)
        payment = await _attempt(invoice, provider)
    return CheckoutStarted(live, price.currency, invoice, payment, provider)


async def _provider_for(merchant_id: str, customer: Customer) -> str:
    """The provider the checkout goes through (the first configured, as for every charge);
    409 with none in this mode (the caller's transaction then rolls back), 400 for provider B
    without the customer's billing country."""
    configured = await configured_providers(merchant_id)
    if not configured:
        mode = (await get_merchant(merchant_id)).mode
        raise Conflict(NO_PROVIDER.format(mode=mode))
    if gateway_for(configured[0]).needs_billing_country and not customer.billing_country:
        raise Invalid(NEEDS_COUNTRY, code="needs_country")
    return configured[0]


async def payment_init(
    merchant_id: str,
    *,
    plan_id: object,
    price_id: object,
    customer_id: object = None,
    customer: dict | None = None,
    customer_token: object = None,
    retry_of: object = None,
    address: str = "",
) -> CheckoutStarted:
    """Start a checkout (see the module docstring for every rule and answer), once the
    caller at ``address`` is within the checkout rate limits (``checkout_limits``)."""
    await checkout_limits.admit(merchant_id, address, payments_setup.current().checkout_limits)
    for _ in range(2):  # once more when the reused attempt settled or was canceled meanwhile
        started = await _prepare(
            merchant_id, plan_id, price_id, customer_id, customer, customer_token, retry_of
        )
        if started.collects_card:
            setup = await checkout_setup.start(
                started.subscription, started.provider or "", started.currency
            )
            return dataclasses.replace(started, setup=setup)
        if started.payment is None:
            return started
        plan = await Plan.get(id=started.subscription.plan_id)
        call = await checkout_calls.start(started.payment, description=plan.plan_name)
        if call is not None:
            return dataclasses.replace(started, call=call)
    raise Conflict(MOVED_ON, code="payment_moved_on")


async def expire_abandoned(now: datetime, merchant_id: str | None = None):
    """The due-work step: end incomplete subscriptions created more than ``ABANDONED_AFTER``
    before ``now`` whose first invoice is still unpaid, and void that invoice. A payment that
    succeeds afterwards (a PaymentIntent confirmed late) still pays the invoice but activates
    nothing: the merchant sees a paid invoice of an ended subscription and refunds it."""
    due = Subscription.filter(
        status=checkout_states.INCOMPLETE,
        end_timestamp=None,
        created_at__lte=now - ABANDONED_AFTER,
    )
    if merchant_id:
        due = due.filter(merchant_id=merchant_id)

    async def expire(live: Subscription) -> str:
        await end(live, now)
        # a pending customer (checkout_customers) exists only for this checkout: gone with it
        pending = Customer.filter(merchant_id=live.merchant_id, id=live.customer_id)
        await pending.filter(checkout_pending=True).update(deleted_at=now)
        return "abandoned checkout ended"

    return await work_through(due, ("created_at", "id"), expire, what="abandoned checkout")
