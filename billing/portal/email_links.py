"""Portal links in e-mails (and copied from the dashboard's customer page): a signed link,
valid 7 days, that opens a portal session.

A customer whose payment failed, or whose card is about to expire, is told so by e-mail and
needs a way to fix it without asking the merchant for a portal link first. The e-mail carries
``{public URL}/portal/e/{token}``: the merchant row and the customer, signed with a key
derived from the server's secret for this one use (itsdangerous, salt ``SALT``), with the time it
was made inside the signed part. Nothing is stored: the signature and the stamp are the proof,
so a link lives ``LIFETIME`` (a week: long enough for an e-mail read on a Monday about a Friday
failure, short enough that an old e-mail in a forwarded thread soon stops working).

Following it (``open_link``) starts an ordinary portal session (``sessions``: one hour,
stored as a hash) for that customer, so from there on the portal works as for a link the
merchant's server asked for. There is no merchant page to go back to from an e-mail, so its
``returnUrl`` is the portal's own page (``home_url``: where provider B's mandate page sends
the customer back to), and the portal shows no "back" link for it. An altered link, one made
with another secret, or one whose customer is deleted (or another merchant row's) names
nobody: ``LinkNotValid``; an old one ``LinkExpired``.
"""

import secrets
from datetime import datetime, timedelta

from itsdangerous import BadSignature, URLSafeSerializer

from billing.core.errors import ServiceError
from billing.core.models import utcnow
from billing.customers.models import Customer
from billing.payments import setup
from billing.portal import sessions
from billing.portal.models import PortalSession

LIFETIME = timedelta(days=7)
SALT = "tally.portal-email-link"
MAX_TOKEN_LENGTH = 500
EXPIRED = "This link has expired: billing links work for 7 days."
NOT_VALID = "This link is not valid. Check that it was copied completely."


class LinkExpired(ServiceError):
    status = 410
    default_code = "portal_link_expired"


class LinkNotValid(ServiceError):
    status = 400
    default_code = "portal_link_not_valid"


def _serializer() -> URLSafeSerializer:
    key = setup.current().signing_key
    if not key:
        raise RuntimeError("no signing key configured for portal links")
    return URLSafeSerializer(key, salt=SALT)


def make_token(merchant_id: str, customer_id: str, now: datetime | None = None) -> str:
    """The signed token naming the merchant row and customer, made at ``now`` (the issue time
    is inside the signed part, so a test may make one as of any instant)."""
    issued = int((now or utcnow()).timestamp())
    return _serializer().dumps([merchant_id, customer_id, issued])


def home_url() -> str:
    """The portal's page: the ``returnUrl`` of a session opened from an e-mail."""
    return f"{setup.current().public_url.rstrip('/')}/portal/"


def portal_link(merchant_id: str, customer_id: str, now: datetime | None = None) -> str:
    """The absolute link an e-mail carries for this customer."""
    base = setup.current().public_url.rstrip("/")
    return f"{base}/portal/e/{make_token(merchant_id, customer_id, now)}"


def read_token(token: object, now: datetime | None = None) -> tuple[str, str]:
    """(merchant row, customer) of a good token made at most ``LIFETIME`` before ``now``."""
    if not isinstance(token, str) or not token or len(token) > MAX_TOKEN_LENGTH:
        raise LinkNotValid(NOT_VALID)
    try:
        claims = _serializer().loads(token)
    except (BadSignature, ValueError, TypeError, UnicodeError):
        raise LinkNotValid(NOT_VALID) from None
    if not (
        isinstance(claims, list)
        and len(claims) == 3
        and isinstance(claims[0], str)
        and isinstance(claims[1], str)
        and isinstance(claims[2], int)
    ):
        raise LinkNotValid(NOT_VALID)
    age = (now or utcnow()).timestamp() - claims[2]
    if age > LIFETIME.total_seconds():
        raise LinkExpired(EXPIRED)
    return claims[0], claims[1]


async def open_link(token: object, now: datetime | None = None) -> tuple[PortalSession, str]:
    """A new portal session for the customer the link names, and its token."""
    merchant_id, customer_id = read_token(token, now)
    customer = await Customer.scoped(merchant_id).filter(id=customer_id).first()
    if customer is None:
        raise LinkNotValid(NOT_VALID)
    session_token = sessions.TOKEN_PREFIX + secrets.token_urlsafe(32)
    session = await PortalSession.create(
        merchant_id=merchant_id,
        customer_id=customer.id,
        token_hash=sessions.token_hash(session_token),
        return_url=home_url(),
        expires_at=utcnow() + sessions.LIFETIME,
    )
    return session, session_token
