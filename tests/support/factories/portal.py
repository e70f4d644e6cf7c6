"""Customers the merchant's server knows by its own id, portal sessions and payment methods,
for the portal tests. Everything goes through the real services, as production does."""

from datetime import datetime
from urllib.parse import urlsplit

from billing.core.ids import random_base62
from billing.customers.models import Customer
from billing.payments.methods.payment_methods import create_payment_method
from billing.payments.models import PaymentMethod
from billing.portal import sessions
from tests.support.factories.subscriptions import make_customer

RETURN_URL = "https://app.example.com/account"


async def known_customer(merchant_id: str, *, name: str = "Ada", country: str | None = None):
    """A customer with an ``externalCustomerId`` (``user-...``) and, given, a billing country."""
    customer = await make_customer(merchant_id, name=name)
    customer.external_customer_id = f"user-{random_base62(10)}"
    customer.billing_country = country
    await customer.save()
    return customer


async def card(
    merchant_id: str,
    customer: Customer,
    *,
    last4="4242",
    status="active",
    month: int = 12,
    year: int = 2034,
):
    """A stored card method expiring at the end of ``month``/``year`` (no gateway behind it:
    for linking, removing and the expiry notices)."""
    return await create_payment_method(
        merchant_id,
        {
            "customerId": customer.id,
            "provider": "provider_a",
            "paymentType": "card",
            "status": status,
            "cardBrand": "visa",
            "cardLastFour": last4,
            "cardExpiryMonth": month,
            "cardExpiryYear": year,
        },
    )


async def session_token(
    merchant_id: str, customer: Customer, *, now: datetime | None = None
) -> str:
    """A portal session token for ``customer`` (made at ``now``, default the present)."""
    _, token = await sessions.create_session(
        merchant_id,
        external_customer_id=customer.external_customer_id,
        return_url=RETURN_URL,
        now=now,
    )
    return token


def portal_headers(token: str) -> dict[str, str]:
    return {"Authorization": f"Portal {token}"}


def token_of(url: str) -> str:
    """The token at the end of a portal link ``{public URL}/portal/{token}``."""
    path = urlsplit(url).path
    assert path.startswith("/portal/"), url
    return path.removeprefix("/portal/")


async def live_method(method_id: str) -> PaymentMethod | None:
    return await PaymentMethod.filter(id=method_id, deleted_at=None).first()
