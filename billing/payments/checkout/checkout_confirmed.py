"""The live checkout page's word that the provider's script confirmed the payment or the card.

In live mode the customer's browser confirms the PaymentIntent (or a trial's SetupIntent) with
the provider's own script, so the card never reaches Tally. The webhook then settles it; this
is the faster path the page takes right after the script answers, so the card is kept at once:
the intent is read back from the gateway with the merchant row's secret key (the id from the
browser is only a hint, and must be a payment of this merchant row) and, when it succeeded,
recorded through the same paths as the webhook (``payment_outcomes`` and ``checkout_cards``,
exactly once whichever comes first). A trial's SetupIntent goes to
``checkout_setup.confirmed``.
"""

import asyncio

from tortoise.transactions import in_transaction

from billing.core.errors import BadGateway, NotFound
from billing.core.models import utcnow
from billing.payments import provider_a_config
from billing.payments.checkout import checkout_cards, checkout_setup
from billing.payments.checkout.checkout_sandbox import (
    PAYMENT_NOT_FOUND,
    find_checkout_payment,
    settled_answer,
)
from billing.payments.collection.payment_outcomes import SUCCEEDED, mark_succeeded
from billing.payments.gateways.provider_a import sdk as provider_a
from billing.payments.gateways.provider_a.sdk import ProviderAError


async def payment_confirmed(merchant_id: str, *, payment_intent_id: object) -> dict:
    """``{status, message}``: ``succeeded`` (the invoice is paid and the card kept),
    ``already_subscribed`` (paid, but refused and refunded: ``checkout_claims``), else the
    intent's status as the gateway says it (``processing``, ``requires_payment_method``)."""
    payment = await find_checkout_payment(merchant_id, payment_intent_id)
    secret = await provider_a_config.provider_a_secret(merchant_id)
    if secret is None:
        raise NotFound(PAYMENT_NOT_FOUND, code="payment_not_found")
    try:
        intent = await asyncio.to_thread(
            provider_a.read_intent, secret, payment.provider_payment_id or ""
        )
    except ProviderAError as unknown:
        raise BadGateway(unknown.message) from unknown
    if intent is None:
        raise NotFound(PAYMENT_NOT_FOUND, code="payment_not_found")
    if intent.get("status") != SUCCEEDED:
        return {"status": intent.get("status") or "pending", "message": None}
    if payment.status == SUCCEEDED:
        return await settled_answer(payment.id)
    async with in_transaction():
        await mark_succeeded(payment.id, utcnow(), intent.get("id"))
        keep = await checkout_cards.keep_for_payment(merchant_id, payment.id, intent)
        if keep is not None:
            await keep.apply()
    return await settled_answer(payment.id)


async def setup_confirmed(merchant_id: str, *, setup_intent_id: object) -> dict:
    """A trial's card confirmed in the browser (``checkout_setup.confirmed``)."""
    return await checkout_setup.confirmed(merchant_id, setup_intent_id=setup_intent_id)
