"""Which ``Action`` a provider event stands for.

The provider's gateway parses the event (``Gateway.parse_webhook``, where each provider's
event types are described) into Tally's words; this turns that into one ``Action``, the same
way whichever provider sent it:

- a **payment** settled: the payment with the provider's payment id, or the one the event's
  ``metadata.payment_id`` names, is marked succeeded (at the event's time) or failed with the
  provider's message. A checkout's paid payment also keeps the card it was paid with for the
  subscription (``checkout_cards``), at gateways that keep one
  (``Gateway.keeps_card_from_checkout``).
- a **refund** settled: the pending refund with the provider's refund id, or the one its
  metadata names, is settled through ``refund_outcomes`` (a failure gives the amount back to
  the payment and voids the adjustment invoice); a refund settled already is left as it is.
- a **method** saved (a card, a mandate): an active method for the Tally customer in its
  ``metadata.customer_id``, with the provider's ids and details. A trial checkout's names
  ``metadata.subscription_id``: it is linked to that subscription and the trial starts
  (``checkout_cards.KeepCard``).

Everything else is recorded only, with the gateway's reason.
"""

from typing import Any

from billing.core.models import utcnow
from billing.payments.checkout.checkout_cards import Both, KeepCard, keep_for_payment
from billing.payments.gateways import gateway_for
from billing.payments.gateways.events import EventKind, ParsedEvent, SavedMethod, text
from billing.payments.webhooks.webhook_actions import (
    Action,
    AddPaymentMethod,
    MarkSucceeded,
    RecordOnly,
    find_customer,
    plan_refund,
    settle,
)
from billing.subscriptions.models import Subscription


async def plan(merchant_id: str, provider: str, event: dict) -> Action:
    """The action of ``provider``'s verified ``event`` for the merchant row."""
    return await plan_parsed(merchant_id, provider, gateway_for(provider).parse_webhook(event))


async def plan_parsed(merchant_id: str, provider: str, parsed: ParsedEvent) -> Action:
    at = parsed.at or utcnow()
    if parsed.kind == EventKind.PAYMENT:
        settled = await settle(
            merchant_id,
            provider,
            succeeded=parsed.succeeded,
            provider_payment_id=parsed.provider_id,
            payment_id=parsed.tally_id,
            at=at,
            message=parsed.message,
        )
        if isinstance(settled, MarkSucceeded) and parsed.method is not None:
            keep = await keep_for_payment(merchant_id, settled.payment_id, parsed.method)
            return settled if keep is None else Both(settled, keep)
        return settled
    if parsed.kind == EventKind.REFUND:
        return await plan_refund(
            merchant_id,
            provider,
            succeeded=parsed.succeeded,
            provider_refund_id=parsed.provider_id,
            refund_id=parsed.tally_id,
            at=at,
            message=parsed.message or "The refund failed",
        )
    if parsed.kind == EventKind.METHOD:
        return await plan_method(merchant_id, provider, parsed)
    return RecordOnly(parsed.reason)


async def plan_method(merchant_id: str, provider: str, parsed: ParsedEvent) -> Action:
    """Store the method a saved-method event (or a setup read back) names for its customer;
    for a trial checkout's, link it to the subscription and start the trial."""
    customer = await find_customer(merchant_id, parsed.customer_id)
    if customer is None:
        return RecordOnly("its metadata names no customer of this merchant")
    method = parsed.method or SavedMethod(None, "card")
    method_id = text(method.method_id)
    if method_id is None:
        return RecordOnly(parsed.no_method)
    trial_of = await _checkout_subscription(merchant_id, customer.id, parsed.subscription_id)
    if trial_of is not None:  # a trial's checkout took this method (checkout_setup)
        return KeepCard(
            merchant_id,
            customer.id,
            trial_of,
            method_id,
            method.fields,
            starts_trial=True,
            provider=provider,
            payment_type=method.payment_type,
        )
    return AddPaymentMethod(
        merchant_id, customer.id, provider, method.payment_type, method_id, method.fields
    )


async def _checkout_subscription(merchant_id: str, customer_id: str, named: Any) -> str | None:
    """The stable id of the customer's subscription a trial checkout's setup names in
    ``metadata.subscription_id``, when it is theirs; None for a portal method."""
    named = text(named, 40)
    if named is None:
        return None
    found = await (
        Subscription.scoped(merchant_id)
        .filter(stable_subscription_id=named, customer_id=customer_id)
        .exists()
    )
    return named if found else None
