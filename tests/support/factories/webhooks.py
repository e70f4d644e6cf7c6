"""Provider configurations with a webhook secret, pending payments and signed provider A
events, for the webhook tests.

Configurations are written as rows (sealed as ``provider_*_config`` seals them) rather than
through the config routes: those call the providers, and what is under test here is only
what a stored secret verifies. Provider A events are signed the way the ``stripe`` SDK checks
them: ``Stripe-Signature: t=<unix>,v1=hex(hmac_sha256(secret, f"{t}.{body}"))``.
"""

import hashlib
import hmac
import json
import secrets
import time
from datetime import UTC, datetime

from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice
from billing.payments import setup
from billing.payments.models import Payment, ProviderConfig
from tests.support.factories.invoices import FLAT_49, priced_subscription

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)


async def configure(merchant_id: str, provider: str, webhook_secret: str | None) -> None:
    await ProviderConfig.create(
        merchant_id=merchant_id,
        provider=provider,
        public_key="pk_live_webhooktests" if provider == "provider_a" else None,
        secret_key_sealed=setup.seal("sk_live_webhooktests"),
        webhook_secret_sealed=setup.seal(webhook_secret) if webhook_secret else None,
        has_webhook=webhook_secret is not None,
        environment="live" if provider == "provider_a" else "live_mode",  # each provider's word
    )


def new_stripe_secret() -> str:
    return "whsec_" + secrets.token_hex(16)


async def pending_payment(
    merchant_id: str, provider: str, provider_payment_id: str | None = None
) -> Payment:
    """A pending payment of a real invoice (a $49 subscription billed on January 1)."""
    sub = await priced_subscription(merchant_id, FLAT_49, start=JAN_1)
    await bill_due(JAN_1, merchant_id)
    invoice = await Invoice.get(stable_subscription_id=sub.stable_subscription_id)
    return await Payment.create(
        merchant_id=merchant_id,
        invoice_id=invoice.id,
        customer_id=invoice.customer_id,
        provider=provider,
        amount_cents=invoice.total_cents,
        currency=invoice.currency,
        attempt=1,
        idempotency_key=f"{invoice.id}:1",
        provider_payment_id=provider_payment_id,
    )


def stripe_event(event_type: str, obj: dict, *, event_id: str | None = None) -> str:
    """A Stripe event body as the gateway sends it."""
    return json.dumps(
        {
            "id": event_id or "evt_" + secrets.token_hex(12),
            "object": "event",
            "type": event_type,
            "created": int(time.time()),
            "livemode": True,
            "data": {"object": obj},
        }
    )


def stripe_headers(secret: str, payload: str, *, timestamp: int | None = None) -> dict:
    timestamp = timestamp or int(time.time())
    signed = f"{timestamp}.{payload}".encode()
    signature = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return {"Stripe-Signature": f"t={timestamp},v1={signature}", "Content-Type": "application/json"}
