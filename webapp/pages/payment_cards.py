"""The card (or account) beside each payment, as the dashboard's payment lists show it
("Visa •••• 4242"), and the words for a saved payment method, shared with the portal
(``webapp.portal.words.method_name``).

Pages put ``payment_cards`` (method id → ``PaymentMethod``, removed methods included: the
payment was still made with them) in their context; the payments macro looks a payment's
method up there.
"""

from billing.payments.reads.payment_cards import cards_of
from webapp.portal.words import expiry, method_name


def register(bp) -> None:
    bp.add_app_template_filter(method_name, "method_name")
    bp.add_app_template_filter(expiry, "method_expiry")


async def for_payments(merchant_id: str, payments) -> dict:
    """``payment_cards`` for a list of payments (one query)."""
    return {"payment_cards": await cards_of(merchant_id, payments)}
