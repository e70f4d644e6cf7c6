"""The context of each e-mail built from its event: what the event's object said at the change,
and what the e-mail needs that the object does not carry, read now.

An event's ``data`` is the object as the API's GET answered it when the change committed
(``billing.event_log``), so amounts, numbers and dates come from there: the e-mail says what
happened, even if the record changed since. What is read now is what the customer must act on
today: their name, the card on file, the failed attempt's reason and next retry (the
payment row the invoice pointed at), the upcoming charge, the invoice's and the receipt's
PDF, a fresh portal link. Every amount and date is already in the customer's words
(``wording``); templates only print them.

Each builder takes the e-mail row and the event's object and answers the template's context
(without ``brand``, added by ``contexts.build``) and its attachments.
"""

from collections.abc import Awaitable, Callable

from billing.catalog.models import Price
from billing.catalog.price_components import billing_components
from billing.catalog.pricing import billing_interval, headline_amount_cents
from billing.core.errors import ServiceError
from billing.customers.models import Customer
from billing.emails import wording
from billing.emails.models import Email
from billing.emails.rendering import Attachment
from billing.invoicing import invoices, upcoming
from billing.invoicing.models import Invoice
from billing.payments import receipts
from billing.payments.methods.payment_methods import active_method_for
from billing.payments.models import Payment, PaymentMethod
from billing.payments.reads.payment_cards import method_of
from billing.portal import email_links
from billing.subscriptions.models import Subscription

Context = tuple[dict, tuple[Attachment, ...]]
Builder = Callable[[Email, dict], Awaitable[Context]]


async def customer_name(merchant_id: str, customer_id: str | None) -> str:
    """The customer's name as the merchant stored it (deleted ones too); "" when none."""
    if not customer_id:
        return ""
    found = await Customer.filter(merchant_id=merchant_id, id=customer_id).first()
    return (found.name or "").strip() if found else ""


def method_words(method: PaymentMethod | None) -> str:
    if method is None:
        return ""
    return wording.card(method.card_brand, method.card_last_four)


async def card_on_file(merchant_id: str, customer_id: str | None) -> str:
    """The card the next charge goes to (``Visa ending in 4242``), "" when there is none."""
    if not customer_id:
        return ""
    return method_words(await active_method_for(merchant_id, customer_id))


async def _method_of_payment(merchant_id: str, payment_id: str | None) -> str:
    payment = await Payment.filter(merchant_id=merchant_id, id=payment_id or "").first()
    return "" if payment is None else method_words(await method_of(merchant_id, payment))


async def _invoice_number(merchant_id: str, invoice_id: str | None) -> str:
    found = await Invoice.filter(merchant_id=merchant_id, id=invoice_id or "").first()
    return (found.number or "") if found else ""


def _line_words(line: dict) -> str:
    """A line's description with its period: ``Pro plan (12 March 2027 – 12 April 2027)``."""
    text = line.get("description") or ""
    start, end = line.get("billingPeriodStart"), line.get("billingPeriodEnd")
    if start and end:
        text = f"{text} ({wording.day(start)} – {wording.day(end)})"
    return text


def _lines(data: dict) -> list[dict]:
    currency = data.get("currency")
    return [
        {
            "description": _line_words(line),
            "amount": wording.money(line.get("subtotalCents"), currency),
        }
        for line in data.get("lineItems") or []
    ]


async def invoice_issued(email: Email, data: dict) -> Context:
    currency = data.get("currency")
    context = {
        "number": data.get("number") or "",
        "amount_due": wording.money(data.get("totalAmountCents"), currency),
        "subtotal": wording.money(data.get("subtotalCents"), currency),
        "tax": wording.money(data.get("taxCents"), currency) if data.get("taxCents") else "",
        "issue_date": wording.day(data.get("issueDate")),
        "due_date": wording.day(data.get("issueDate")),  # due on receipt
        "paid": data.get("status") == "paid",
        "lines": _lines(data),
        "card": await card_on_file(email.merchant_id, email.customer_id),
    }
    try:
        _, document = await invoices.invoice_pdf(email.merchant_id, data.get("id"))
    except ServiceError:  # the invoice is gone: the e-mail still says what it was
        return context, ()
    name = f"Invoice {context['number'] or data.get('id')}.pdf"
    return context, (Attachment(name, "application/pdf", document),)


async def payment_receipt(email: Email, data: dict) -> Context:
    """The receipt e-mail, with the receipt PDF (``billing.payments.receipts``) attached."""
    payment = await Payment.filter(merchant_id=email.merchant_id, id=data.get("id") or "").first()
    paid_at = payment.succeeded_at if payment and payment.succeeded_at else data.get("createdAt")
    context = {
        "amount": wording.money(data.get("amountCents"), data.get("currency")),
        "paid_on": wording.day(paid_at),
        "card": await _method_of_payment(email.merchant_id, data.get("id")),
        "invoice_number": await _invoice_number(email.merchant_id, data.get("invoiceId")),
    }
    try:
        number, document = await receipts.receipt_pdf(email.merchant_id, data.get("id"))
    except ServiceError:  # refunded away or gone: the e-mail still says what was paid
        return context, ()
    return context, (Attachment(f"Receipt {number}.pdf", "application/pdf", document),)


async def payment_failed(email: Email, data: dict) -> Context:
    payment_id = (data.get("payment") or {}).get("id")
    payment = await Payment.filter(merchant_id=email.merchant_id, id=payment_id or "").first()
    subscription = None
    if data.get("subscriptionId"):
        subscription = (
            await Subscription.scoped(email.merchant_id)
            .filter(stable_subscription_id=data["subscriptionId"])
            .first()
        )
    grace = subscription.grace_period_ends_at if subscription else None
    return {
        "amount": wording.money(data.get("totalAmountCents"), data.get("currency")),
        "invoice_number": data.get("number") or "",
        "reason": (payment.error_message if payment else "") or "",
        "card": await _method_of_payment(email.merchant_id, payment_id),
        "next_try": wording.day(payment.retry_at) if payment and payment.retry_at else "",
        "access_until": wording.day(grace) if grace else "",
        "portal_url": _portal(email, data),
    }, ()


async def _next_charge(merchant_id: str, data: dict) -> str:
    """What the subscription's next invoice will charge (``upcoming``: tax and a first
    period's proration included), "" when it cannot be told or the subscription is ending
    (its last usage is no renewal's charge)."""
    try:
        coming = await upcoming.upcoming_invoice(merchant_id, data.get("stableSubscriptionId"))
    except ServiceError:
        return ""
    if coming.final:
        return ""
    return wording.money(coming.total_cents, coming.currency)


async def _recurring_price(merchant_id: str, data: dict) -> str:
    """The price's recurring amount and interval: ``29.00 USD per month``."""
    price = await Price.filter(merchant_id=merchant_id, id=data.get("effectivePriceId") or "")
    if not price:
        return ""
    amount = wording.money(headline_amount_cents(price[0].pricing_data), price[0].currency)
    interval = billing_interval(price[0].pricing_data)
    return f"{amount} per {interval}" if interval else amount


def _plan(data: dict) -> str:
    return (data.get("plan") or {}).get("planName") or ""


async def trial_ending(email: Email, data: dict) -> Context:
    """A trial ending in 3 days. A customer who already cancelled is told it ends with the
    trial and nothing is charged (``ending``), never that it goes on at the full price."""
    card = await card_on_file(email.merchant_id, email.customer_id or data.get("customerId"))
    price_after = await _recurring_price(email.merchant_id, data)
    first = await _next_charge(email.merchant_id, data)
    return {
        "plan": _plan(data),
        "trial_end": wording.day(data.get("trialEndDate")),
        "price_after": price_after,
        "first_charge": "" if first in ("", price_after.split(" per ")[0]) else first,
        "card": card,
        "portal_url": "" if card else _portal(email, data),
        "ending": bool(data.get("cancelAtPeriodEnd")),
    }, ()


async def renewal_upcoming(email: Email, data: dict) -> Context:
    return {
        "plan": _plan(data),
        "renewal_date": wording.day(data.get("currentPeriodEnd")),
        "amount": await _next_charge(email.merchant_id, data)
        or (await _recurring_price(email.merchant_id, data)).split(" per ")[0],
        "card": await card_on_file(email.merchant_id, email.customer_id or data.get("customerId")),
    }, ()


async def card_expiring(email: Email, data: dict) -> Context:
    return {
        "card": wording.card(data.get("cardBrand"), data.get("cardLastFour")) or "card",
        "expires": wording.expiry(data.get("cardExpiryMonth"), data.get("cardExpiryYear")),
        "portal_url": _portal(email, data),
    }, ()


async def refund_issued(email: Email, data: dict) -> Context:
    return {
        "amount": wording.money(data.get("amountCents"), data.get("currency")),
        "refunded_on": wording.day(data.get("createdAt")),
        "reason": data.get("reason") or "",
        "card": await _method_of_payment(email.merchant_id, data.get("paymentId")),
        "invoice_number": await _invoice_number(email.merchant_id, data.get("invoiceId")),
    }, ()


async def _bills_usage(merchant_id: str, data: dict) -> bool:
    """Whether the subscription's price has a usage component: its usage up to the end is
    billed once after the end (``billing_batch``), so "not charged again" would be untrue."""
    price = await Price.filter(merchant_id=merchant_id, id=data.get("effectivePriceId") or "")
    components = billing_components(price[0].pricing_data) if price else []
    return any(not component.in_advance for component in components)


async def subscription_cancelled(email: Email, data: dict) -> Context:
    ends = data.get("endTimestamp") or data.get("currentPeriodEnd")
    return {
        "plan": _plan(data),
        "access_ends": wording.day(ends),
        "usage_billed": await _bills_usage(email.merchant_id, data),
    }, ()


def _portal(email: Email, data: dict) -> str:
    """A fresh 7-day portal link for the e-mail's customer (the event's, for a row without)."""
    customer_id = email.customer_id or data.get("customerId")
    if not customer_id:
        return ""
    return email_links.portal_link(email.merchant_id, customer_id)


BUILDERS: dict[str, Builder] = {
    "invoice_issued": invoice_issued,
    "payment_receipt": payment_receipt,
    "payment_failed": payment_failed,
    "trial_ending": trial_ending,
    "renewal_upcoming": renewal_upcoming,
    "card_expiring": card_expiring,
    "refund_issued": refund_issued,
    "subscription_cancelled": subscription_cancelled,
}
