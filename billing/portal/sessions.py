"""Portal sessions: the link a merchant's server asks for, that opens the hosted portal for one
customer without the customer ever holding a key.

``create_session`` (``POST /v1/customers/portal/sessions``, secret key only) makes a random
token (``ptok_`` and 43 URL-safe characters, 256 bits), stores only its SHA-256 with the
customer, the merchant row (so the mode), the ``returnUrl`` and ``expiresAt``, and answers the
link ``{public URL}/portal/{token}``. ``authenticate`` turns a token back into its session.

Lifetime: one hour (``LIFETIME``), as long as a customer plausibly spends changing a card or
downloading invoices, and short enough that a link forwarded or left in a browser history
soon stops working. Nothing extends it: the merchant asks for a new link each time. A
session also stops at once when its customer is deleted. Expired rows are removed by the
due-work pass a day after they expire (``prune_expired``), so the table holds about a day of
sessions.

``returnUrl`` is where the portal's "back" link leads: an absolute ``http``/``https`` URL
(anything else, ``javascript:`` above all, is refused), shown to the customer as a link only.
"""

import hashlib
import secrets
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

from billing.core.db_access import delete_older_than
from billing.core.errors import Invalid, Unauthorized
from billing.core.models import utcnow
from billing.customers.models import Customer
from billing.payments import setup
from billing.portal.access import customer_for
from billing.portal.models import PortalSession

LIFETIME = timedelta(hours=1)
KEPT_AFTER_EXPIRY = timedelta(days=1)
TOKEN_PREFIX = "ptok_"
MAX_TOKEN_LENGTH = 100
MAX_RETURN_URL = 2000
NOT_VALID = "This portal session has expired or is not valid; ask for a new portal link"
BAD_RETURN_URL = "returnUrl must be an absolute http or https URL of at most 2000 characters"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def clean_return_url(value: Any) -> str:
    """``returnUrl`` as stored: an absolute http(s) URL with a host, one line, no spaces."""
    if not isinstance(value, str):
        raise Invalid(BAD_RETURN_URL, code="bad_return_url", field="returnUrl")
    url = value.strip()
    if not url or len(url) > MAX_RETURN_URL or any(ord(c) <= 32 or ord(c) == 127 for c in url):
        raise Invalid(BAD_RETURN_URL, code="bad_return_url", field="returnUrl")
    try:
        parts = urlsplit(url)
        host = parts.hostname
    except ValueError:  # a malformed port or bracketed host
        raise Invalid(BAD_RETURN_URL, code="bad_return_url", field="returnUrl") from None
    if parts.scheme.lower() not in ("http", "https") or not host:
        raise Invalid(BAD_RETURN_URL, code="bad_return_url", field="returnUrl")
    return url


def portal_url(token: str) -> str:
    """The hosted portal's address for a session token."""
    return f"{setup.current().public_url.rstrip('/')}/portal/{token}"


async def create_session(
    merchant_id: str,
    *,
    external_customer_id: str | None,
    return_url: Any,
    now: datetime | None = None,
) -> tuple[PortalSession, str]:
    """A new session for the merchant row's customer with this ``externalCustomerId``, and
    its token (answered this once, never stored). 400 for a bad ``returnUrl`` or a missing
    ``externalCustomerId``; the customers' 404 for an unknown or another merchant's one."""
    url = clean_return_url(return_url)
    customer = await customer_for(merchant_id, external_customer_id=external_customer_id)
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    session = await PortalSession.create(
        merchant_id=merchant_id,
        customer_id=customer.id,
        token_hash=token_hash(token),
        return_url=url,
        expires_at=(now or utcnow()) + LIFETIME,
    )
    return session, token


async def authenticate(token: Any, now: datetime | None = None) -> PortalSession:
    """The live session of ``token``: not expired, not ended, its customer not deleted.
    Anything else is one 401 (``NOT_VALID``), whatever the reason."""
    if (
        not isinstance(token, str)
        or not token.startswith(TOKEN_PREFIX)
        or len(token) > MAX_TOKEN_LENGTH
    ):
        raise Unauthorized(NOT_VALID, code="portal_session_not_valid")
    session = await PortalSession.filter(
        token_hash=token_hash(token), deleted_at=None, expires_at__gt=now or utcnow()
    ).first()
    if session is None:
        raise Unauthorized(NOT_VALID, code="portal_session_not_valid")
    customer = Customer.scoped(session.merchant_id).filter(id=session.customer_id)
    if not await customer.exists():
        raise Unauthorized(NOT_VALID, code="portal_session_not_valid")
    return session


async def merchant_of(token: Any) -> str | None:
    """The merchant row a token was made for, even once it has expired or ended (rows are
    kept a day after expiry): the "link has expired" page names the merchant to go back to.
    None for a token Tally never made (or pruned)."""
    if not isinstance(token, str) or not token.startswith(TOKEN_PREFIX):
        return None
    if len(token) > MAX_TOKEN_LENGTH:
        return None
    found = await PortalSession.filter(token_hash=token_hash(token)).first()
    return found.merchant_id if found else None


async def end_session(token: Any) -> None:
    """End a session now (a "log out" of the hosted portal); an unknown token is no error."""
    if isinstance(token, str) and len(token) <= MAX_TOKEN_LENGTH:
        await PortalSession.filter(token_hash=token_hash(token), deleted_at=None).update(
            deleted_at=utcnow()
        )


async def prune_expired(now: datetime) -> int:
    """Delete sessions that expired over a day ago (the due-work pass calls this)."""
    return await delete_older_than("portal_sessions", "expires_at", now - KEPT_AFTER_EXPIRY)
