"""Keeping the card a customer paid with, or confirmed for a trial, at checkout.

A checkout's first PaymentIntent is made with ``setup_future_usage: "off_session"`` on the
customer's gateway customer (``gateways.provider_a.checkout``), so once it succeeds its payment
method is attached there and may be charged off-session. A trial's checkout confirms a
SetupIntent instead (``checkout_setup``). Either way the card is stored as an active
``PaymentMethod`` of the customer (brand, last four, expiry, the gateway's payment method and
customer ids) and linked to the subscription (``Subscription.payment_method_id``): renewals,
retries, seat and proration invoices then charge it (``charging.method_for`` prefers the
subscription's method).

Whoever learns of the success first keeps the card, exactly once: the webhook
(``payment_intent.succeeded`` or ``setup_intent.succeeded``, ``webhook_events``), the page's
confirmation (the test-mode card form, ``checkout_sandbox``, or the live card form's
``confirmed`` call) or reconciliation. ``KeepCard`` runs inside the transaction that records
the outcome; the card row is found by the gateway's payment method id (``AddPaymentMethod``,
which locks the customer row first), so a second path finds it stored and only fills the card
details it lacked. A webhook carries the payment method as a bare id, without the card's
details: ``fill_details`` reads them from the gateway after that transaction committed.

A payment made with a stored method (an off-session charge) keeps nothing: its card is stored
already. Only a checkout's payment (no ``payment_method_id`` yet) or a trial's SetupIntent
(``metadata.subscription_id``) is kept.
"""

import asyncio
import dataclasses
import logging
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from tortoise.transactions import in_transaction

from billing.core.models import utcnow
from billing.invoicing.models import Invoice
from billing.payments import provider_a_config
from billing.payments.checkout import checkout_claims
from billing.payments.gateways.provider_a import sandbox
from billing.payments.gateways.provider_a import sdk as provider_a
from billing.payments.models import Payment, PaymentMethod
from billing.payments.webhooks.webhook_actions import Action, AddPaymentMethod, text
from billing.subscriptions import checkout_states
from billing.subscriptions.models import Subscription

log = logging.getLogger("tally.payments.cards")

PROVIDER_A = provider_a_config.PROVIDER
CARD_COLUMNS = ("card_last_four", "card_brand", "card_network", "card_expiry_month")


def id_of(value: Any) -> Any:
    """A Stripe reference, either an id or the expanded object with its ``id``."""
    return value.get("id") if isinstance(value, dict) else value


def card_fields(card: Any) -> dict:
    """The card details that fit their columns; the others are left empty."""
    card = card if isinstance(card, dict) else {}
    found: dict[str, Any] = {}
    last4, brand, country = card.get("last4"), text(card.get("brand"), 30), card.get("country")
    month, year = card.get("exp_month"), card.get("exp_year")
    if isinstance(last4, str) and len(last4) == 4 and last4.isascii() and last4.isdigit():
        found["card_last_four"] = last4
    if brand:
        found["card_brand"] = found["card_network"] = brand
    if type(month) is int and 1 <= month <= 12:
        found["card_expiry_month"] = month
    if type(year) is int and 1000 <= year <= 9999:
        found["card_expiry_year"] = year
    if isinstance(country, str) and len(country) == 2 and country.isascii() and country.isalpha():
        found["card_issuer_country"] = country.upper()
    return found


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
    provider: str = PROVIDER_A
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


async def _stored(
    merchant_id: str, external_id: str, provider: str = PROVIDER_A
) -> PaymentMethod | None:
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


async def keep_for_payment(merchant_id: str, payment_id: str, intent: dict) -> Action | None:
    """The ``KeepCard`` for a checkout payment whose PaymentIntent ``intent`` succeeded (its
    ``payment_method`` an id or the expanded object), or None when nothing is to be kept (a
    payment of a stored method, provider B, or an intent without a payment method)."""
    payment = await Payment.scoped(merchant_id).filter(id=payment_id).first()
    if payment is None or payment.provider != PROVIDER_A or payment.payment_method_id:
        return None
    method = intent.get("payment_method")
    method_id = text(id_of(method))
    if method_id is None:
        return None
    invoice = await Invoice.filter(id=payment.invoice_id).first()
    fields = {"external_psp_customer_id": text(id_of(intent.get("customer")))}
    fields.update(card_fields(method.get("card") if isinstance(method, dict) else None))
    return KeepCard(
        merchant_id,
        payment.customer_id,
        invoice.stable_subscription_id if invoice else None,
        method_id,
        fields,
        payment_id=payment.id,
    )


def keep_for_setup(
    merchant_id: str, customer_id: str, stable_subscription_id: str, intent: dict
) -> KeepCard | None:
    """The ``KeepCard`` for a trial checkout's succeeded SetupIntent ``intent``."""
    method = intent.get("payment_method")
    method_id = text(id_of(method))
    if method_id is None:
        return None
    fields = {"external_psp_customer_id": text(id_of(intent.get("customer")))}
    fields.update(card_fields(method.get("card") if isinstance(method, dict) else None))
    return KeepCard(
        merchant_id, customer_id, stable_subscription_id, method_id, fields, starts_trial=True
    )


def _read_method(secret: str, method_id: str) -> dict | None:
    try:
        return sandbox.read_method(secret, method_id)
    except provider_a.ProviderAError as error:
        log.warning("card details of %s could not be read: %s", method_id, error.message)
        return None


async def fill_details(merchant_id: str, external_id: Any) -> None:
    """After a webhook's transaction committed: read the card details of a kept card stored
    without them. Never call inside a transaction; a gateway that cannot be reached leaves
    the card without details (it still charges) and is logged."""
    method_id = text(external_id)
    if method_id is None:
        return
    stored = await _stored(merchant_id, method_id)
    if stored is None or stored.card_last_four is not None:
        return
    secret = await provider_a_config.provider_a_secret(merchant_id)
    if secret is None:
        return
    read = await asyncio.to_thread(_read_method, secret, method_id)
    if read is not None:
        await _fill(stored, card_fields(read.get("card")))


async def gateway_customer_of(merchant_id: str, customer_id: str) -> str | None:
    """The gateway customer an earlier provider A method of this customer names (deleted
    methods too: the gateway customer outlives them), so a customer's cards hang on one."""
    query = PaymentMethod.filter(
        merchant_id=merchant_id,
        customer_id=customer_id,
        provider=PROVIDER_A,
        external_psp_customer_id__isnull=False,
    )
    newest = await query.order_by("-created_at").first()
    return newest.external_psp_customer_id if newest else None


async def keep_after_success(payment_id: str, now: datetime) -> None:
    """Reconciliation settled a payment as succeeded: keep its card when it is a checkout's
    (read from the gateway; never inside a transaction), dated ``now``, the pass's clock. A
    gateway that cannot be reached is logged: the webhook keeps the card when it arrives."""
    payment = await Payment.filter(id=payment_id).first()
    if payment is None or payment.provider != PROVIDER_A or payment.payment_method_id:
        return
    secret = await provider_a_config.provider_a_secret(payment.merchant_id)
    if secret is None or not payment.provider_payment_id:
        return
    try:
        intent = await asyncio.to_thread(
            provider_a.read_intent, secret, payment.provider_payment_id
        )
    except provider_a.ProviderAError as unknown:
        log.warning("card of payment %s not kept yet: %s", payment.id, unknown.message)
        return
    keep = await keep_for_payment(payment.merchant_id, payment.id, intent or {})
    if keep is not None:
        async with in_transaction():
            await dataclasses.replace(keep, at=now).apply()
