"""Customer checkout tokens: the merchant's server vouching for who is buying in a checkout.

A publishable key and anything a shop's page sends are public: an email or an external id in a
payment-init proves nothing about who is at the keyboard. So a checkout attaches to an existing
customer's record only when the merchant's server vouched for that customer, either by putting
Tally's ``cust_…`` id in the page (unguessable: 22 random base62 characters, so only the
merchant's server could know it) or by a token from ``POST /v1/customers/{id}/checkout-tokens``
(secret key), sent as ``customerToken`` in payment-init.

A token is opaque: the claims (the customer and the merchant row, hence the mode, it was made
for) are encrypted and authenticated with Fernet (AES-128-CBC and HMAC-SHA256) under a key
derived from the server's secret for this one use (``PURPOSE``), so nothing in it can be read,
not even the customer's permanent ``cust_`` id, which would vouch for ever if it leaked. Its
creation time is inside the authenticated part, and it lives ``LIFETIME`` (one hour: long
enough to fill in a checkout page, short enough that a leaked page is soon useless). It is not
stored: the authentication and its age are the proof. A token that is altered, expired, made
with another secret, or for another merchant or mode, names no customer: payment-init answers
it exactly as a missing customer (404 ``Customer not found or access denied``), so nothing
about other tenants can be learnt from it.
"""

import base64
import hashlib
import json
from dataclasses import dataclass
from datetime import datetime, timedelta

from cryptography.fernet import Fernet, InvalidToken

from billing.core.errors import NotFound
from billing.core.lookup import find_scoped
from billing.core.models import utcnow
from billing.customers import customers
from billing.customers.models import Customer
from billing.payments import setup

LIFETIME = timedelta(hours=1)
PURPOSE = b"tally.checkout-customer-token\0"


@dataclass(frozen=True)
class CheckoutToken:
    token: str
    expires_at: datetime


def cipher(secret: str) -> Fernet:
    """The token cipher of the server secret ``secret`` (its key: SHA-256 of ``PURPOSE`` and
    the secret, so it is no key of any other use of the secret)."""
    digest = hashlib.sha256(PURPOSE + secret.encode()).digest()
    return Fernet(base64.urlsafe_b64encode(digest))


def _cipher() -> Fernet:
    secret = setup.current().signing_key
    if not secret:
        raise RuntimeError("no signing key configured for checkout tokens")
    return cipher(secret)


def seal(merchant_id: str, customer_id: str) -> bytes:
    """The claims a token carries, before encryption."""
    return json.dumps({"m": merchant_id, "c": customer_id}, separators=(",", ":")).encode()


async def issue(merchant_id: str, customer_id: object) -> CheckoutToken:
    """A token for the merchant row's live customer ``customer_id`` (404 as for any customer
    read otherwise)."""
    customer = await find_scoped(Customer, merchant_id, customer_id, customers.CUSTOMER_NOT_FOUND)
    now = utcnow()
    token = _cipher().encrypt_at_time(seal(merchant_id, customer.id), int(now.timestamp()))
    return CheckoutToken(token.decode(), now.replace(microsecond=0) + LIFETIME)


def customer_of(merchant_id: str, token: object) -> str:
    """The customer id ``token`` vouches for in this merchant row; ``NotFound`` with the
    customers' message for any token that does not (module docstring)."""
    if not isinstance(token, str) or not token or len(token) > 1000:
        raise NotFound(customers.CUSTOMER_NOT_FOUND, code="customer_not_found")
    try:  # a lone surrogate cannot even be encoded: as altered as any other
        plain = _cipher().decrypt(token.encode(), ttl=int(LIFETIME.total_seconds()))
        claims = json.loads(plain)
    except (InvalidToken, ValueError, UnicodeError) as refused:
        raise NotFound(customers.CUSTOMER_NOT_FOUND, code="customer_not_found") from refused
    if not isinstance(claims, dict) or claims.get("m") != merchant_id:
        raise NotFound(customers.CUSTOMER_NOT_FOUND, code="customer_not_found")
    customer_id = claims.get("c")
    if not isinstance(customer_id, str):
        raise NotFound(customers.CUSTOMER_NOT_FOUND, code="customer_not_found")
    return customer_id
