"""Reading a payment's or a refund's state back from its provider, for reconciliation.

A pending payment or refund is one whose outcome Tally has not learnt: provider A answered
``processing``, a provider B link is not paid yet, or the webhook that settles it never
arrived. ``reconcile`` asks the payment's gateway for it with these reads (outside any
transaction) and settles it through the same paths as a webhook.

Each read answers a ``Seen``: ``succeeded``, ``failed`` (with the provider's message) or
``pending``, and when the provider made the object (which the re-check schedule counts
from); or None when the provider could not be asked (unreachable, the key refused, the
object unknown to it, no gateway for the payment's provider): the row stays pending and is
asked again at its next check. The gateways translate their providers' statuses.
"""

from billing.payments.gateways import gateway_for
from billing.payments.gateways.base import FAILED, PENDING, SUCCEEDED, Seen
from billing.payments.models import Payment, Refund

__all__ = ["FAILED", "PENDING", "SUCCEEDED", "Seen", "payment_at_provider", "refund_at_provider"]


async def payment_at_provider(payment: Payment) -> Seen | None:
    """What the provider says of the pending ``payment`` (it holds the provider's id)."""
    if not payment.provider_payment_id:
        return None
    try:
        gateway = gateway_for(payment.provider)
    except LookupError:
        return None
    return await gateway.fetch_payment(payment)


async def refund_at_provider(payment: Payment, refund: Refund) -> Seen | None:
    """What the provider says of the pending ``refund`` of ``payment``."""
    if not refund.provider_refund_id:
        return None
    try:
        gateway = gateway_for(payment.provider)
    except LookupError:
        return None
    return await gateway.fetch_refund(payment, refund)
