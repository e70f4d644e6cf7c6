"""The JSON objects the provider B fake answers, in the shapes the ``dodopayments`` SDK's types
declare (every field the SDK requires, so its models validate them): a one-time ``Product``,
a ``PaymentCreateResponse``, a ``WebhookDetails`` and a ``Refund``."""

import secrets
from datetime import UTC, datetime
from typing import Any

FAKE_CUSTOMER = {"customer_id": "cus_fake", "email": "ada@example.com", "name": "Ada"}


def now_iso() -> str:
    return datetime.now(UTC).isoformat()


def new_id(prefix: str) -> str:
    return f"{prefix}_" + secrets.token_hex(10)


def stored_payment(
    payment_id: str,
    token: str,
    amount: int,
    currency: str,
    *,
    refund_status: str = "succeeded",
    status: str = "succeeded",
    metadata: dict | None = None,
    product_id: str | None = None,
) -> dict:
    """The fake's record of a payment made with key ``token``: what it answers and what its
    refunds check (the amount left, the product it sold)."""
    return {
        "status": status,
        "created_at": now_iso(),
        "metadata": metadata or {},
        "payment_id": payment_id,
        "token": token,
        "amount": amount,
        "currency": currency,
        "refunded": 0,
        "refund_status": refund_status,
        "product_id": product_id,
    }


def product(body: dict) -> dict:
    """What ``POST /products`` answers for a one-time product."""
    now = now_iso()
    return {
        "product_id": new_id("pdt"),
        "brand_id": "bnd_fake",
        "business_id": "bus_fake",
        "created_at": now,
        "updated_at": now,
        "credit_entitlements": [],
        "entitlements": [],
        "is_recurring": False,
        "license_key_enabled": False,
        "metadata": body.get("metadata") or {},
        "price": body.get("price"),
        "tax_category": body.get("tax_category"),
        "name": body.get("name"),
    }


def payment_created(payment_id: str, link: str, body: dict, sold: dict) -> dict:
    """What ``POST /payments`` answers: the payment's id and, when asked for, its link."""
    customer = body.get("customer") or {}
    return {
        "payment_id": payment_id,
        "payment_link": link if body.get("payment_link") else None,
        "client_secret": "secret_" + secrets.token_hex(8),
        "customer": {
            "customer_id": "cus_" + secrets.token_hex(6),
            "email": customer.get("email", ""),
            "name": customer.get("name") or "",
        },
        "metadata": body.get("metadata") or {},
        "total_amount": sold["price"]["price"],
        "product_cart": [{"product_id": sold["product_id"], "quantity": 1}],
    }


def webhook_details(body: dict) -> dict:
    """What ``POST /webhooks`` answers."""
    now = now_iso()
    return {
        "id": new_id("wh"),
        "url": body["url"],
        "description": body.get("description") or "",
        "metadata": body.get("metadata") or {},
        "filter_types": body.get("filter_types") or [],
        "disabled": bool(body.get("disabled")),
        "created_at": now,
        "updated_at": now,
    }


def refund(payment: dict, body: dict, amount: int, status: str) -> dict:
    """What ``POST /refunds`` answers (and ``GET /refunds/{id}``, the ``refund.*`` events
    carry): a refund of ``amount`` on the fake's ``payment``."""
    return {
        "refund_id": new_id("ref"),
        "payment_id": payment["payment_id"],
        "brand_id": "bnd_fake",
        "business_id": "bus_fake",
        "created_at": now_iso(),
        "customer": FAKE_CUSTOMER,
        "is_partial": amount < payment["amount"],
        "metadata": body.get("metadata") or {},
        "status": status,
        "amount": amount,
        "currency": payment["currency"],
        "reason": body.get("reason"),
    }


def mandate(body: dict, subscription_id: str, payment_id: str, link: str) -> dict:
    """A ``SubscriptionCreateResponse``: the on-demand subscription that is provider B's mandate."""
    customer = body.get("customer") or {}
    return {
        "addons": [],
        "customer": {
            "customer_id": "cus_" + secrets.token_hex(6),
            "email": customer.get("email", ""),
            "name": customer.get("name") or "",
        },
        "metadata": body.get("metadata") or {},
        "payment_id": payment_id,
        "payment_method_required": True,
        "recurring_pre_tax_amount": 0,
        "subscription_id": subscription_id,
        "payment_link": link if body.get("payment_link") else None,
    }


def refund_items_amount(items: Any, payment: dict, left: int) -> int | str:
    """What a refund's ``items`` give back, as the provider checks them: none is the whole of
    what is left; otherwise each item must name the product the payment sold, with a whole
    amount of at least 1 cent (the fake's payments sell one product each). A refusal is
    answered as its message."""
    if not items:
        return left
    if not isinstance(items, list) or payment.get("product_id") is None:
        return "This payment cannot be refunded by item"
    total = 0
    for item in items:
        if not isinstance(item, dict) or item.get("item_id") != payment["product_id"]:
            return "A refund item names a product this payment did not sell"
        amount = item.get("amount")
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
            return "A refund item needs an amount of at least 1"
        total += amount
    return total
