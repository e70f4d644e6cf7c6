"""Which card (or account) each payment was made with, and a customer's saved methods with the
one Tally charges by default, for the pages that show "Visa •••• 4242".

A payment keeps the id of the method it charged (``Payment.payment_method_id``); the method
may have been removed since (soft-deleted), and the payment was still made with it, so the
lookup here reads removed methods too, scoped to the merchant row like every read.
"""

from billing.core.lookup import find_scoped
from billing.customers.customers import CUSTOMER_NOT_FOUND
from billing.customers.models import Customer
from billing.payments.methods.payment_methods import active_method_for
from billing.payments.models import Payment, PaymentMethod
from billing.subscriptions.models import Subscription
from billing.subscriptions.statuses import CURRENT


def card_words(brand: str | None, last_four: str | None) -> str:
    """``Visa ending in 4242``, as a card statement says it; ``card ending in 4242`` when the
    brand is unknown (lower case, to read inside a sentence); "" without card digits."""
    if not last_four:
        return ""
    if not brand:
        return f"card ending in {last_four}"
    name = brand.replace("_", " ")
    name = "American Express" if name.lower() in ("amex", "american express") else name.title()
    return f"{name} ending in {last_four}"


async def method_of(merchant_id: str, payment: Payment) -> PaymentMethod | None:
    """The method one payment was made with, removed since or not (``cards_of``)."""
    return (await cards_of(merchant_id, [payment])).get(payment.payment_method_id or "")


async def cards_of(merchant_id: str, payments: list[Payment]) -> dict[str, PaymentMethod]:
    """The method of each payment that names one, by method id (one query)."""
    ids = {payment.payment_method_id for payment in payments if payment.payment_method_id}
    if not ids:
        return {}
    rows = await PaymentMethod.filter(merchant_id=merchant_id, id__in=list(ids))
    return {row.id: row for row in rows}


async def default_method_id(merchant_id: str, customer_id: str) -> str | None:
    """The method a renewal is charged to (``collection.charging``'s rule): the live
    subscription's own method when it has one, else the newest active method."""
    live = (
        await Subscription.scoped(merchant_id)
        .filter(customer_id=customer_id, status__in=CURRENT, payment_method_id__not_isnull=True)
        .order_by("-created_at")
        .first()
    )
    if live is not None:
        return live.payment_method_id
    method = await active_method_for(merchant_id, customer_id)
    return method.id if method else None


async def customer_methods(
    merchant_id: str, customer_id: str
) -> tuple[list[PaymentMethod], str | None]:
    """The customer's live methods, newest first, and the default one's id; the customers'
    404 for another merchant's customer."""
    customer = await find_scoped(Customer, merchant_id, customer_id, CUSTOMER_NOT_FOUND)
    methods = await PaymentMethod.scoped(merchant_id).filter(customer_id=customer.id)
    methods.sort(key=lambda method: (method.created_at, method.id), reverse=True)
    return methods, await default_method_id(merchant_id, customer.id)
