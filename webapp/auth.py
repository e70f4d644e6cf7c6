"""Who is calling, decided in one place.

Every ``/v1`` route needs a secret key unless it is marked otherwise with one of the
decorators below; the check runs in a ``before_request`` hook on the parent ``/v1`` blueprint,
so a new route cannot forget it. The hook stores the merchant in ``g``; routes read it only
through ``merchant_id()``, which refuses to answer when no merchant was authenticated.

Dashboard pages use a signed cookie session (``user_id``, ``merchant_id``, ``version``,
``csrf_token``).

Portal routes (``secret_key_or_portal``) take a secret key, or a portal session
(``billing.portal.sessions``) sent as ``Authorization: Portal <token>`` or in the
``tally_portal`` cookie the hosted portal pages set. A session sets the merchant row and the
one customer it is for (``portal_customer_id()``). A cookie-borne session is refused (403) for
writes coming from another site (``Sec-Fetch-Site`` or ``Origin`` says so): the browser would
send the cookie along with a forged request, the header never.
"""

import hmac
import secrets
from collections.abc import Callable
from typing import TypeVar

from quart import current_app, g, request, session

from billing.accounts import accounts, merchants
from billing.accounts.api_keys import authenticate
from billing.accounts.models import Merchant, User
from billing.core.errors import Forbidden, Unauthorized
from billing.portal import sessions as portal_sessions
from webapp.config import is_trusted

F = TypeVar("F", bound=Callable)

SECRET = "secret"
PUBLISHABLE = "publishable"
# A publishable key in ``X-Service-Key`` or, for a browser's EventSource (which cannot send
# headers), in the ``key`` query parameter.
PUBLISHABLE_OR_QUERY = "publishable_or_query"
SESSION_ONLY = "session"
SECRET_OR_SESSION = "secret_or_session"
SECRET_OR_PORTAL = "secret_or_portal"
UNAUTHENTICATED = "none"

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
PORTAL_COOKIE = "tally_portal"
PORTAL_SCHEME = "portal"
NO_PORTAL_CREDENTIALS = (
    "Send a secret key (Authorization: Bearer <key>) or a portal session "
    "(Authorization: Portal <token>)"
)
CROSS_SITE = "A portal session cookie cannot be used from another site"


def _mark(mode: str) -> Callable[[F], F]:
    def decorator(func: F) -> F:
        func.tally_auth = mode  # type: ignore[attr-defined]
        return func

    return decorator


publishable_key_required = _mark(PUBLISHABLE)
publishable_key_in_header_or_query = _mark(PUBLISHABLE_OR_QUERY)
session_required = _mark(SESSION_ONLY)
secret_key_or_session = _mark(SECRET_OR_SESSION)
secret_key_or_portal = _mark(SECRET_OR_PORTAL)
no_auth = _mark(UNAUTHENTICATED)


def merchant_id() -> str:
    """The authenticated merchant's id; the only way routes learn the tenant."""
    value = g.get("merchant_id")
    if not value:
        raise Unauthorized("Authentication required")
    return value


async def current_merchant() -> Merchant:
    """The authenticated merchant, read fresh (authentication caches keys, not merchants)."""
    return await merchants.get_merchant(merchant_id())


def bearer_token() -> str | None:
    """The token of this request's ``Authorization: Bearer <token>`` header."""
    return parse_bearer(request.headers.get("Authorization", ""))


def parse_bearer(header: str) -> str | None:
    """The token of an ``Authorization`` header value; any other scheme is None."""
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer":
        return None
    return token.strip() or None


async def authenticate_api_request() -> None:
    """``before_request`` for ``/v1``: sets ``g.merchant_id`` or raises a typed error."""
    view = current_app.view_functions.get(request.endpoint or "")
    if view is None or request.method == "OPTIONS":
        return
    mode = getattr(view, "tally_auth", SECRET)
    if mode == UNAUTHENTICATED:
        return
    if mode == PUBLISHABLE:
        key = await authenticate(request.headers.get("X-Service-Key"), key_type=PUBLISHABLE)
    elif mode == PUBLISHABLE_OR_QUERY:
        value = request.headers.get("X-Service-Key") or request.args.get("key")
        key = await authenticate(value, key_type=PUBLISHABLE)
    elif mode == SESSION_ONLY:
        if bearer_token() or request.headers.get("X-Service-Key"):
            raise Forbidden(
                "This endpoint is not available with API keys; use a logged-in dashboard session"
            )
        await _require_api_session(need_merchant=False)
        return
    elif mode == SECRET_OR_PORTAL and not bearer_token():
        await _require_portal_session()
        return
    elif mode == SECRET_OR_SESSION and not bearer_token() and session.get("user_id"):
        await _require_api_session(need_merchant=True)
        return
    else:
        key = await authenticate(bearer_token(), key_type=SECRET)
    g.merchant_id = key.merchant_id


async def _require_api_session(*, need_merchant: bool) -> None:
    user_id = session.get("user_id")
    if not user_id:
        raise Unauthorized("Log in to the dashboard first")
    if request.method not in SAFE_METHODS and not csrf_token_valid(
        request.headers.get("X-CSRF-Token")
    ):
        raise Forbidden("Missing or invalid CSRF token")
    g.user_id = user_id
    current = session.get("merchant_id")
    if current and await accounts.session_valid(user_id, current, session.get("version")):
        mode = "test" if session.get("mode") == "test" else "live"
        g.merchant_id = (await merchants.tenant_of(current, mode)).id
    elif need_merchant:
        raise Unauthorized("Log in to the dashboard first")


def portal_customer_id() -> str | None:
    """The customer a portal session is for; None when a secret key called."""
    return g.get("portal_customer_id")


def portal_return_url() -> str | None:
    """The ``returnUrl`` of this request's portal session, if a session called."""
    return g.get("portal_return_url")


def _portal_token() -> tuple[str | None, bool]:
    """The session token of ``Authorization: Portal <token>``, else the portal cookie's; and
    whether it came from the cookie."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() == PORTAL_SCHEME:
        return token.strip() or None, False
    return request.cookies.get(PORTAL_COOKIE) or None, True


def _from_another_site() -> bool:
    if request.headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none"):
        return True
    origin = request.headers.get("Origin")
    return origin is not None and origin.rstrip("/") != request.host_url.rstrip("/")


async def _require_portal_session() -> None:
    token, from_cookie = _portal_token()
    if not token:
        raise Unauthorized(NO_PORTAL_CREDENTIALS)
    if from_cookie and request.method not in SAFE_METHODS and _from_another_site():
        raise Forbidden(CROSS_SITE)
    found = await portal_sessions.authenticate(token)
    g.merchant_id = found.merchant_id
    g.portal_customer_id = found.customer_id
    g.portal_return_url = found.return_url


def csrf_token() -> str:
    """This session's CSRF token, created on first use (also exposed to templates)."""
    token = session.get("csrf_token")
    if not token:
        token = secrets.token_urlsafe(32)
        session["csrf_token"] = token
    return token


def csrf_token_valid(candidate: str | None) -> bool:
    expected = session.get("csrf_token")
    return bool(expected and candidate) and hmac.compare_digest(expected, candidate)


def log_user_in(user: User, merchant_id: str) -> None:
    """Start a fresh session (a new CSRF token too), so a pre-login session cannot be reused.
    It carries the user's session version: logging out anywhere ends it (``log_user_out``)."""
    session.clear()
    session["user_id"] = user.id
    session["merchant_id"] = merchant_id
    session["version"] = user.session_version
    session.permanent = True
    csrf_token()


def log_user_out() -> None:
    """Forget this browser's session (a session that is no longer valid)."""
    session.clear()


async def log_user_out_everywhere() -> None:
    """Logging out: this session and every other one of the user end now, even a copy of the
    signed cookie kept elsewhere."""
    if session.get("user_id"):
        await accounts.end_sessions(session["user_id"])
    session.clear()


def client_address() -> str:
    """The caller's address: the peer's, unless the peer is one of ``TALLY_TRUSTED_PROXIES``;
    then the right-most address of ``X-Forwarded-For`` that is not itself a trusted proxy.
    ``X-Forwarded-For`` is never read otherwise: anyone can send it."""
    trusted = current_app.extensions["tally.settings"].trusted_proxies
    peer = request.remote_addr or "unknown"
    if not trusted or not is_trusted(peer, trusted):
        return peer
    forwarded = [part.strip() for part in request.headers.get("X-Forwarded-For", "").split(",")]
    for address in reversed([part for part in forwarded if part]):
        if not is_trusted(address, trusted):
            return address[:64]
    return peer
