"""Telling the merchant's server about its customers: ``customer.created|updated|deleted``.

Each change writes its event in the change's own transaction, at the clock the customer's row
carries (``createdAt``, ``updatedAt``, ``deletedAt``), so a refused change (a 409) writes
none. Every customer made by any path (the API, the dashboard, seats, enrollment, checkout)
comes through ``customers.create_customer`` and is told there, except a checkout's *pending*
customer (``checkout_pending``): it is nobody the merchant knows until its checkout proves
someone means it, so nothing about it is told until then. It is told created when it becomes a
customer of its own (``payments/checkout/checkout_claims.py``) or when its checkout's
subscription starts without a payment (``subscriptions/checkout_states.py``).
``customer.created`` is keyed per customer, so it is written once, whoever tells it first.
"""

from datetime import datetime

from billing.customers.models import Customer
from billing.event_log import recording

CREATED = "customer.created"
UPDATED = "customer.updated"
DELETED = "customer.deleted"


async def tell_created(merchant_id: str, customer_id: str, at: datetime) -> None:
    """``customer.created`` for a customer that became the merchant's at ``at``, in the
    caller's transaction; a second call for the same customer writes nothing."""
    key = f"{CREATED}:{customer_id}"
    await recording.record(merchant_id, CREATED, customer_id, at=at, key=key)


async def tell(customer: Customer, event_type: str, at: datetime) -> None:
    """``event_type`` about ``customer`` as it is now, unless it is still pending."""
    if customer.checkout_pending:
        return
    if event_type == CREATED:
        await tell_created(customer.merchant_id, customer.id, at)
    else:
        await recording.record(customer.merchant_id, event_type, customer.id, at=at)
