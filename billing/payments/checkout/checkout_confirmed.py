"""The live checkout page's word that the provider's script confirmed the payment or the card.

In live mode the customer's browser confirms the PaymentIntent (or a trial's SetupIntent) with
the provider's own script, so the card never reaches Tally. The webhook then settles it; this
is the faster path the page takes right after the script answers, so the card is kept at once:
the payment is read back from its gateway (``Gateway.read_intent``: the id from the browser is
only a hint, and must be a payment of this merchant row) and, when it succeeded,
recorded through the same paths as the webhook (``payment_outcomes`` and ``checkout_cards``,
exactly once whichever comes first). A trial's SetupIntent goes to
``checkout_setup.confirmed``.
"""

from tortoise.transactions import in_transaction

from billing.core.errors import BadGateway, NotFound
from billing.core.models import utcnow
from billing.payments.checkout import checkout_cards, checkout_setup
from billing.payments.checkout.checkout_sandbox import (
    PAYMENT_NOT_FOUND,
    find_checkout_payment,
    settled_answer,
)
from billing.payments.collection.payment_outcomes import PENDING, SUCCEEDED, mark_succeeded
from billing.payments.gateways import gateway_for
from billing.payments.gateways.base import GatewayRefused


async def payment_confirmed(merchant_id: str, *, payment_intent_id: object) -> dict:
    """``{status, message}``: ``succeeded`` (the invoice is paid and the card kept),
    ``already_subscribed`` (paid, but refused and refunded: ``checkout_claims``), else the
    intent's status as the gateway says it (``processing``, ``requires_payment_method``)."""
    payment = await find_checkout_payment(merchant_id, payment_intent_id)
    try:
        read = await gateway_for(payment.provider).read_intent(
            merchant_id, payment.provider_payment_id or ""
        )
    except GatewayRefused as unknown:
        raise BadGateway(unknown.message) from unknown
    if read is None:
        raise NotFound(PAYMENT_NOT_FOUND, code="payment_not_found")
    if read.status != SUCCEEDED:  # the provider's own word, as the page shows it
        return {"status": read.said or PENDING, "message": None}
    if payment.status == SUCCEEDED:
        return await settled_answer(payment.id)
    async with in_transaction():
        await mark_succeeded(payment.id, utcnow(), read.provider_id)
        keep = await checkout_cards.keep_for_payment(merchant_id, payment.id, read.method)
        if keep is not None:
            await keep.apply()
    return await settled_answer(payment.id)


async def setup_confirmed(merchant_id: str, *, setup_intent_id: object) -> dict:
    """A trial's card confirmed in the browser (``checkout_setup.confirmed``)."""
    return await checkout_setup.confirmed(merchant_id, setup_intent_id=setup_intent_id)
