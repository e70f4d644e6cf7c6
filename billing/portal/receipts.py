"""The customer's receipts: each payment that went through, with the card it was made with.

Only succeeded payments are receipts (a failed or pending attempt took no money); one later
refunded stays listed, as the money was paid. Each names its method (``payment_cards``: a card
removed since still shows). The receipt PDF itself is the invoicing side's; this list only
says which payments have one.
"""

from dataclasses import dataclass

from billing.payments.models import Payment, PaymentMethod, PaymentStatus
from billing.payments.reads.payment_cards import cards_of
from billing.portal import portal_choices

MOST = 100


@dataclass(frozen=True)
class Receipt:
    payment: Payment
    method: PaymentMethod | None


async def customer_receipts(merchant_id: str, customer_id: str) -> list[Receipt]:
    """The customer's succeeded payments, newest first (at most ``MOST``)."""
    await portal_choices.require(merchant_id, "receipts")
    payments = await (
        Payment.scoped(merchant_id)
        .filter(customer_id=customer_id, status=PaymentStatus.SUCCEEDED)
        .order_by("-succeeded_at", "-created_at")
        .limit(MOST)
    )
    cards = await cards_of(merchant_id, payments)
    return [Receipt(payment, cards.get(payment.payment_method_id or "")) for payment in payments]
