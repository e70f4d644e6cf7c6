"""Provider B's webhook events, as the ``dodopayments`` SDK's webhook event types shape them,
and the Standard Webhooks signing with which the provider delivers them.

Builders: ``event_payload`` wraps ``payment_data`` (``payment.succeeded``, ``payment.failed``,
``payment.cancelled``), ``subscription_data`` (``subscription.active``,
``subscription.update_payment_method``, the mandate) or ``refund_data`` (``refund.succeeded``,
``refund.failed``) in the provider's envelope. ``settled_event`` and ``refund_event`` build the
event the provider would send for a charge, link or refund the fake (``provider_b_fake``)
recorded.

Sending: ``signed_headers`` gives the three Standard Webhooks headers for a payload (for
Quart's test client), ``send_event`` POSTs a signed event to a URL (for a live server).
"""

import base64
import json
import secrets
from datetime import UTC, datetime

import httpx
from standardwebhooks import Webhook


def new_webhook_secret() -> str:
    """A signing secret in the provider's form: ``whsec_`` and 24 random bytes in base64."""
    return "whsec_" + base64.b64encode(secrets.token_bytes(24)).decode()


def signed_headers(
    secret: str, payload: str, *, msg_id: str | None = None, timestamp: datetime | None = None
) -> dict[str, str]:
    """The ``webhook-id``, ``webhook-timestamp`` and ``webhook-signature`` headers with which
    the provider would deliver ``payload`` (the exact body text) signed with ``secret``."""
    msg_id = msg_id or "msg_" + secrets.token_hex(12)
    timestamp = timestamp or datetime.now(UTC)
    return {
        "webhook-id": msg_id,
        "webhook-timestamp": str(int(timestamp.timestamp())),
        "webhook-signature": Webhook(secret).sign(msg_id, timestamp, payload),
    }


def event_payload(event_type: str, data: dict, *, business_id: str = "bus_fake") -> str:
    """An event body in the provider's envelope: business_id, type, timestamp and data."""
    return json.dumps(
        {
            "business_id": business_id,
            "type": event_type,
            "timestamp": datetime.now(UTC).isoformat(),
            "data": data,
        }
    )


def payment_data(
    payment_id: str, *, status: str = "succeeded", metadata: dict | None = None, **fields
) -> dict:
    """A ``Payment`` as the SDK's ``payment.*`` webhook events carry it (every required
    field, so ``PaymentSucceededWebhookEvent`` and its siblings validate it)."""
    now = datetime.now(UTC).isoformat()
    return {
        "payment_id": payment_id,
        "status": status,
        "billing": {"country": "US"},
        "brand_id": "bnd_fake",
        "business_id": "bus_fake",
        "created_at": now,
        "currency": "USD",
        "customer": {"customer_id": "cus_fake", "email": "ada@example.com", "name": "Ada"},
        "digital_products_delivered": False,
        "disputes": [],
        "includes_usage": False,
        "is_multi_subscription": False,
        "is_update_payment_method": False,
        "metadata": metadata or {},
        "payment_provider": "dodo",
        "refunds": [],
        "retry_attempt": 0,
        "service_periods": [],
        "settlement_amount": 4900,
        "settlement_currency": "USD",
        "subscription_ids": [],
        "total_amount": 4900,
        **fields,
    }


def subscription_data(
    subscription_id: str, *, payment_method_id: str | None, metadata: dict | None = None
) -> dict:
    """An on-demand ``Subscription`` (provider B's mandate) as ``subscription.*`` events
    carry it, with every field the SDK requires."""
    now = datetime.now(UTC).isoformat()
    return {
        "subscription_id": subscription_id,
        "payment_method_id": payment_method_id,
        "status": "active",
        "on_demand": True,
        "addons": [],
        "billing": {"country": "US"},
        "brand_id": "bnd_fake",
        "cancel_at_next_billing_date": False,
        "created_at": now,
        "credit_entitlement_cart": [],
        "currency": "USD",
        "customer": {"customer_id": "cus_fake", "email": "ada@example.com", "name": "Ada"},
        "has_payment_method": payment_method_id is not None,
        "metadata": metadata or {},
        "meter_credit_entitlement_cart": [],
        "meters": [],
        "next_billing_date": now,
        "payment_frequency_count": 1,
        "payment_frequency_interval": "Month",
        "previous_billing_date": now,
        "product_id": "pdt_fake",
        "quantity": 1,
        "recurring_pre_tax_amount": 0,
        "subscription_period_count": 10,
        "subscription_period_interval": "Year",
        "tax_inclusive": False,
        "trial_period_days": 0,
    }


def settled_event(record: dict, *, succeeded: bool = True, message: str = "Declined") -> str:
    """The ``payment.succeeded`` / ``payment.failed`` event the provider sends for one of the
    fake's ``charges`` or ``links`` (its payment id and the metadata Tally sent)."""
    metadata = record["body"].get("metadata") or {}
    if succeeded:
        data = payment_data(record["payment_id"], metadata=metadata)
        return event_payload("payment.succeeded", data)
    data = payment_data(
        record["payment_id"], status="failed", metadata=metadata, error_message=message
    )
    return event_payload("payment.failed", data)


def refund_data(refund: dict, **fields) -> dict:
    """A ``Refund`` as the ``refund.*`` events carry it: one of the fake's refund objects
    (``ProviderBFake.refunds``) with ``fields`` changed."""
    return {**refund, **fields}


def refund_event(refund: dict, *, succeeded: bool = True) -> str:
    """The ``refund.succeeded`` / ``refund.failed`` event the provider sends when one of the
    fake's refunds settles (with its metadata: Tally's refund id and key)."""
    status = "succeeded" if succeeded else "failed"
    return event_payload(f"refund.{status}", refund_data(refund, status=status))


def send_event(
    url: str, secret: str, payload: str, *, msg_id: str | None = None, **headers: str
) -> httpx.Response:
    """POST ``payload`` to ``url`` as the provider delivers a webhook: signed with ``secret``,
    JSON, with the Standard Webhooks headers (``headers`` adds or overrides some)."""
    signed = signed_headers(secret, payload, msg_id=msg_id)
    all_headers = {"content-type": "application/json", **signed, **headers}
    return httpx.post(url, content=payload.encode(), headers=all_headers, timeout=10)
