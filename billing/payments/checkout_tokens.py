"""Customer checkout tokens: the merchant's server vouching for who is buying in a checkout.

A publishable key and anything a shop's page sends are public: an email or an external id in a
payment-init proves nothing about who is at the keyboard. So a checkout attaches to an existing
customer's record only when the merchant's server vouched for that customer, either by putting
Tally's ``cust_…`` id in the page (unguessable: 22 random base62 characters, so only the
merchant's server could know it) or by a token from ``POST /v1/customers/{id}/checkout-tokens``
(secret key), sent as ``customerToken`` in payment-init.

A token is signed by Tally with the server's secret (itsdangerous, HMAC-SHA256, salted for
this one use), names the customer and the merchant row (hence the mode) it was made for, and
lives ``LIFETIME`` (one hour: long enough to fill in a checkout page, short enough that a leaked
page is soon useless). It is not stored: the signature and its age are the proof. A token
that is altered, expired, made with another secret, or for another merchant or mode, names no
customer: payment-init answers it exactly as a missing customer (404 ``Customer not found or
access denied``), so nothing about other tenants can be learnt from it.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta

from itsdangerous import BadData, URLSafeTimedSerializer

from billing.core.errors import NotFound
from billing.core.lookup import find_scoped
from billing.core.models import utcnow
from billing.customers import customers
from billing.customers.models import Customer
from billing.payments import setup

LIFETIME = timedelta(hours=1)
SALT = "tally.checkout-customer-token"


@dataclass(frozen=True)
class CheckoutToken:
    token: str
    expires_at: datetime


def _signer() -> URLSafeTimedSerializer:
    key = setup.current().signing_key
    if not key:
        raise RuntimeError("no signing key configured for checkout tokens")
    return URLSafeTimedSerializer(key, salt=SALT)


async def issue(merchant_id: str, customer_id: object) -> CheckoutToken:
    """A token for the merchant row's live customer ``customer_id`` (404 as for any customer
    read otherwise)."""
    customer = await find_scoped(Customer, merchant_id, customer_id, customers.CUSTOMER_NOT_FOUND)
    now = utcnow()
    token = _signer().dumps({"m": merchant_id, "c": customer.id})
    return CheckoutToken(token, now.replace(microsecond=0) + LIFETIME)


def customer_of(merchant_id: str, token: object) -> str:
    """The customer id ``token`` vouches for in this merchant row; ``NotFound`` with the
    customers' message for any token that does not (module docstring)."""
    if not isinstance(token, str) or not token or len(token) > 1000:
        raise NotFound(customers.CUSTOMER_NOT_FOUND)
    try:
        claims = _signer().loads(token, max_age=int(LIFETIME.total_seconds()))
    except BadData as refused:
        raise NotFound(customers.CUSTOMER_NOT_FOUND) from refused
    if not isinstance(claims, dict) or claims.get("m") != merchant_id:
        raise NotFound(customers.CUSTOMER_NOT_FOUND)
    customer_id = claims.get("c")
    if not isinstance(customer_id, str):
        raise NotFound(customers.CUSTOMER_NOT_FOUND)
    return customer_id
