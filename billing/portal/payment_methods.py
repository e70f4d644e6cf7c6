"""Choosing and removing payment methods from the portal.

A method is looked up with the merchant row's scope and, always, the customer's id: another
customer's method, another merchant's, a deleted one and an id that never existed all answer
the same 404 ``Payment method not found``, so a portal session cannot probe ids.

``set_subscription_payment_method`` links a method to the live subscription
(``access.live_subscription``): the due-work pass charges the subscription's own method first
(``payments/charging.py``). Only an ``active`` method can be linked; one still pending or
failed could not pay. Linking a method while an invoice of the subscription is unpaid charges
it at once with that method (``payments/recovery.py``: the attempt written in the
transaction that links the method, the provider called after it commits), so a ``past_due``
customer who brings a new card is ``active`` again as soon as the card pays.
``use_new_card`` does the same for a card just added in the portal when the subscription is
failing (``past_due`` or ``unpaid``): that is why such a customer adds a card.

``remove_payment_method`` soft-deletes (the row stays for the payments
that used it) and unlinks it from any live subscription in the same transaction, so the next
charge falls back to the customer's newest active method instead of a deleted one.
"""

from tortoise.transactions import in_transaction

from billing.core.errors import Invalid, NotFound
from billing.core.ids import is_well_formed
from billing.core.models import utcnow
from billing.payments.collection import recovery
from billing.payments.methods.payment_methods import ACTIVE, PAYMENT_METHOD_NOT_FOUND
from billing.payments.models import PaymentMethod
from billing.portal.access import live_subscription
from billing.subscriptions import statuses
from billing.subscriptions.models import Subscription
from billing.subscriptions.subscription_versions import lock_live

NO_SUBSCRIPTION = "The customer has no active subscription to link a payment method to"
NOT_ACTIVE = "Only an active payment method can pay the subscription; this one is {status}"


async def _method(merchant_id: str, customer_id: str | None, method_id: object) -> PaymentMethod:
    """The live method, locked, of this customer (of any of the merchant row's customers when
    ``customer_id`` is None: a secret key deleting by id), else the one 404."""
    if not isinstance(method_id, str) or not is_well_formed(method_id, PaymentMethod.id_prefix):
        raise NotFound(PAYMENT_METHOD_NOT_FOUND, code="payment_method_not_found")
    query = PaymentMethod.scoped(merchant_id).filter(id=method_id)
    if customer_id is not None:
        query = query.filter(customer_id=customer_id)
    method = await query.select_for_update().first()
    if method is None:
        raise NotFound(PAYMENT_METHOD_NOT_FOUND, code="payment_method_not_found")
    return method


async def set_subscription_payment_method(
    merchant_id: str, customer_id: str, payment_method_id: object
) -> Subscription:
    """Link the customer's active method to their live subscription and charge its unpaid
    invoices with it at once; answers the subscription. 404 for a method not theirs, 400
    without a live subscription or for a method that is not active."""
    now = utcnow()
    async with in_transaction():
        method = await _method(merchant_id, customer_id, payment_method_id)
        if method.status != ACTIVE:
            raise Invalid(NOT_ACTIVE.format(status=method.status or "without a status"))
        found = await live_subscription(merchant_id, customer_id)
        if found is None:
            raise Invalid(NO_SUBSCRIPTION, code="no_subscription")
        subscription, started = await _link(merchant_id, found.stable_subscription_id, method, now)
    await recovery.charge_started(started, now)
    return subscription


async def _link(merchant_id: str, stable_id: str, method: PaymentMethod, now):
    """Link ``method`` to the locked live subscription and start the attempts for its unpaid
    invoices; the subscription and the attempts' ids (call them after the commit)."""
    subscription = await lock_live(merchant_id, stable_id)
    subscription.payment_method_id = method.id
    await subscription.save(update_fields=["payment_method_id", "updated_at"])
    return subscription, await recovery.start_recovery(merchant_id, stable_id, now)


FAILING = (statuses.PAST_DUE, statuses.UNPAID)


async def use_new_card(merchant_id: str, customer_id: str, method: PaymentMethod) -> bool:
    """A card just added in the portal pays a failing subscription: when the customer's live
    subscription is ``past_due`` or ``unpaid``, link the card to it and charge its unpaid
    invoices at once (as :func:`set_subscription_payment_method`). Whether it was linked."""
    now = utcnow()
    async with in_transaction():
        found = await live_subscription(merchant_id, customer_id)
        if found is None or found.status not in FAILING or method.status != ACTIVE:
            return False
        _, started = await _link(merchant_id, found.stable_subscription_id, method, now)
    await recovery.charge_started(started, now)
    return True


async def remove_payment_method(
    merchant_id: str, customer_id: str | None, payment_method_id: object
) -> None:
    """Soft-delete the customer's method (any of the merchant row's with ``customer_id``
    None) and unlink it from the live subscriptions that pay with it."""
    async with in_transaction():
        method = await _method(merchant_id, customer_id, payment_method_id)
        await method.soft_delete()
        linked = Subscription.scoped(merchant_id).filter(payment_method_id=method.id)
        await linked.update(payment_method_id=None)
