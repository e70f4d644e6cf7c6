"""Keeping the card a customer paid with, or confirmed for a trial, at checkout.

At a gateway that keeps the card a checkout pays with (``Gateway.keeps_card_from_checkout``:
provider A's first PaymentIntent is made with ``setup_future_usage: "off_session"`` on the
customer's gateway customer), once the payment succeeds its method may be charged off-session.
A trial's checkout saves a method instead (``checkout_setup``). Either way the method is stored
as an active ``PaymentMethod`` of the customer (brand, last four, expiry, the gateway's payment
method and customer ids) and linked to the subscription (``Subscription.payment_method_id``):
renewals, retries, seat and proration invoices then charge it (``charging.method_for`` prefers
the subscription's method).

Whoever learns of the success first keeps the card, exactly once: the webhook
(``webhook_events``), the page's confirmation (the test-mode card form, ``checkout_sandbox``,
or the live card form's ``confirmed`` call) or reconciliation. ``KeepCard`` runs inside the
transaction that records the outcome; the card row is found by the gateway's payment method id
(``AddPaymentMethod``, which locks the customer row first), so a second path finds it stored
and only fills the card details it lacked. A webhook may carry the payment method as a bare
id, without the card's details: ``fill_details`` asks the gateway for them after that
transaction committed.

A payment made with a stored method (an off-session charge) keeps nothing: its card is stored
already. Only a checkout's payment (no ``payment_method_id`` yet) or a trial's setup
(``metadata.subscription_id``) is kept.
"""

import dataclasses
import logging
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from tortoise.transactions import in_transaction

from billing.core.models import utcnow
from billing.invoicing.models import Invoice
from billing.payments.checkout import checkout_claims
from billing.payments.gateways import can, gateway_for
from billing.payments.gateways.base import GatewayRefused
from billing.payments.gateways.events import SavedMethod, text
from billing.payments.models import Payment, PaymentMethod
from billing.payments.webhooks.webhook_actions import Action, AddPaymentMethod
from billing.subscriptions import checkout_states
from billing.subscriptions.models import Subscription

log = logging.getLogger("tally.payments.cards")

CARD_COLUMNS = ("card_last_four", "card_brand", "card_network", "card_expiry_month")


@dataclass(frozen=True)
class KeepCard(Action):
    """Store the card (once per gateway payment method id, filling details it lacked), link
    it to the subscription, name it on the checkout's payment, and for a trial's card start
    the trial (``checkout_states.start_trial``). ``at`` is the clock of whoever keeps it (a
    due pass's ``now`` for reconciliation), the present when not given."""

    merchant_id: str
    customer_id: str
    stable_subscription_id: str | None
    external_psp_payment_method_id: str
    fields: dict[str, Any] = field(default_factory=dict)
    payment_id: str | None = None
    starts_trial: bool = False
    provider: str = ""  # the gateway that keeps it (every caller names it)
    payment_type: str = "card"
    at: datetime | None = None

    def describe(self) -> str:
        kept = self.external_psp_payment_method_id
        what = f"keep {self.payment_type} {kept} for customer {self.customer_id}"
        if self.stable_subscription_id:
            what += f" and subscription {self.stable_subscription_id}"
        return what + (" (its trial starts)" if self.starts_trial else "")

    async def apply(self) -> None:
        if self.starts_trial and not await checkout_claims.settle(
            self.merchant_id, self.stable_subscription_id, self.at or utcnow()
        ):
            return  # refused: the customer already subscribes (checkout_claims)
        customer_id = self.customer_id  # the checkout's own customer, never another's
        add = AddPaymentMethod(
            self.merchant_id,
            customer_id,
            self.provider,
            self.payment_type,
            self.external_psp_payment_method_id,
            self.fields,
            at=self.at,
        )
        await add.apply()
        method = await _stored(self.merchant_id, self.external_psp_payment_method_id, self.provider)
        if method is None or method.customer_id != customer_id:
            return  # the customer was deleted at this moment, or the id is another's card
        await _fill(method, self.fields)
        if self.payment_id:
            await Payment.filter(id=self.payment_id, payment_method_id=None).update(
                payment_method_id=method.id
            )
        if self.stable_subscription_id:
            await (
                Subscription.scoped(self.merchant_id)
                .filter(stable_subscription_id=self.stable_subscription_id)
                .update(payment_method_id=method.id)
            )
            if self.starts_trial:
                await checkout_states.start_trial(
                    self.merchant_id, self.stable_subscription_id, self.at or utcnow()
                )


@dataclass(frozen=True)
class Both(Action):
    """Two actions in order, in one transaction (a payment settled and its card kept)."""

    first: Action
    second: Action

    def describe(self) -> str:
        return f"{self.first.describe()}, and {self.second.describe()}"

    async def apply(self) -> None:
        await self.first.apply()
        await self.second.apply()


async def _stored(merchant_id: str, external_id: str, provider: str) -> PaymentMethod | None:
    return (
        await PaymentMethod.scoped(merchant_id)
        .filter(provider=provider, external_psp_payment_method_id=external_id)
        .order_by("created_at")
        .first()
    )


async def _fill(method: PaymentMethod, fields: dict[str, Any]) -> None:
    """Give a stored card the details it lacked (a webhook stored it from a bare id)."""
    missing = {
        column: value
        for column, value in fields.items()
        if value is not None and getattr(method, column, None) is None
    }
    if missing:
        await PaymentMethod.filter(id=method.id).update(**missing)


async def keep_for_payment(
    merchant_id: str, payment_id: str, method: SavedMethod | None
) -> Action | None:
    """The ``KeepCard`` for a checkout payment that succeeded with ``method`` (what the
    gateway read or the event carried), or None when nothing is to be kept (a payment of a
    stored method, a gateway that keeps no card from a checkout, no payment method)."""
    payment = await Payment.scoped(merchant_id).filter(id=payment_id).first()
    if payment is None or payment.payment_method_id or method is None:
        return None
    if not can(payment.provider, "keeps_card_from_checkout"):
        return None
    method_id = text(method.method_id)
    if method_id is None:
        return None
    invoice = await Invoice.filter(id=payment.invoice_id).first()
    return KeepCard(
        merchant_id,
        payment.customer_id,
        invoice.stable_subscription_id if invoice else None,
        method_id,
        method.fields,
        payment_id=payment.id,
        provider=payment.provider,
        payment_type=method.payment_type,
    )


def keep_for_setup(
    merchant_id: str,
    customer_id: str,
    stable_subscription_id: str,
    provider: str,
    method: SavedMethod | None,
) -> KeepCard | None:
    """The ``KeepCard`` for a trial checkout's confirmed setup, saved with ``method``."""
    method_id = text(method.method_id) if method else None
    if method is None or method_id is None:
        return None
    return KeepCard(
        merchant_id,
        customer_id,
        stable_subscription_id,
        method_id,
        method.fields,
        starts_trial=True,
        provider=provider,
        payment_type=method.payment_type,
    )


async def fill_details(merchant_id: str, provider: str, external_id: Any) -> None:
    """After a webhook's transaction committed: ask the gateway for the card details of a
    kept card stored without them. Never call inside a transaction; a gateway that cannot be
    reached leaves the card without details (it still charges) and is logged."""
    method_id = text(external_id)
    if method_id is None:
        return
    stored = await _stored(merchant_id, method_id, provider)
    if stored is None or stored.card_last_four is not None:
        return
    found = await gateway_for(provider).card_details(merchant_id, method_id)
    if found:
        await _fill(stored, found)


async def keep_after_success(payment_id: str, now: datetime) -> None:
    """Reconciliation settled a payment as succeeded: keep its card when it is a checkout's
    (read from the gateway; never inside a transaction), dated ``now``, the pass's clock. A
    gateway that cannot be reached is logged: the webhook keeps the card when it arrives."""
    payment = await Payment.filter(id=payment_id).first()
    if payment is None or payment.payment_method_id or not payment.provider_payment_id:
        return
    if not can(payment.provider, "keeps_card_from_checkout"):
        return
    try:
        read = await gateway_for(payment.provider).read_intent(
            payment.merchant_id, payment.provider_payment_id
        )
    except GatewayRefused as unknown:
        log.warning("card of payment %s not kept yet: %s", payment.id, unknown.message)
        return
    keep = await keep_for_payment(payment.merchant_id, payment.id, read.method if read else None)
    if keep is not None:
        async with in_transaction():
            await dataclasses.replace(keep, at=now).apply()
