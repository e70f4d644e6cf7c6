"""The portal's sign-in: the ``tally_portal`` cookie, read and checked on every request.

The cookie holds the session token (the database keeps only its hash). It is HttpOnly,
SameSite=Strict and Secure when Tally's public URL is https. Strict cookies are not sent on
the cross-site click that opens the link, nor on a redirect that follows it, which is why the
link's own answer sets the cookie and moves on with a page of its own (``pages.open_link``).
It lives as long as the session (one hour); signing out ends the session in the database
too, so a copy of the cookie is worthless afterwards.
"""

from collections.abc import Callable
from functools import wraps

from quart import Response, current_app, g, render_template, request

from billing.accounts.merchants import get_merchant
from billing.core.errors import Unauthorized
from billing.portal import sessions
from webapp.auth import PORTAL_COOKIE


def cookie_token() -> str | None:
    return request.cookies.get(PORTAL_COOKIE) or None


def _secure() -> bool:
    """As the dashboard session's (``Settings.cookies_secure``)."""
    return current_app.extensions["tally.settings"].cookies_secure or bool(
        current_app.config.get("SESSION_COOKIE_SECURE", False)
    )


def set_cookie(response: Response, token: str, max_age: int) -> None:
    response.set_cookie(
        PORTAL_COOKIE,
        token,
        max_age=max_age,
        path="/",
        httponly=True,
        samesite="Strict",
        secure=_secure(),
    )


def clear_cookie(response: Response) -> None:
    response.delete_cookie(
        PORTAL_COOKIE, path="/", httponly=True, samesite="Strict", secure=_secure()
    )


async def expired_merchant_name(token: str | None) -> str | None:
    """The display name of the merchant an expired or ended token belonged to, if known."""
    merchant_id = await sessions.merchant_of(token)
    return (await get_merchant(merchant_id)).display_name if merchant_id else None


async def expired_page(token: str | None, status: int, *, clear: bool = False) -> Response:
    """The "this link has expired" page, naming the merchant to go back to when the token
    is one Tally made."""
    name = await expired_merchant_name(token)
    html = await render_template("portal/expired.html", merchant_name=name)
    response = Response(html, status=status, mimetype="text/html")
    if clear:  # a cookie whose session has ended is of no more use
        clear_cookie(response)
    return response


def portal_required(view: Callable) -> Callable:
    """Let the request through with a live session: ``g.portal`` (merchant_id, customer_id,
    return_url) and ``g.portal_merchant``; else the "link has expired" page (401), which an
    HTMX request gets as a full reload (``HX-Refresh``) so it never lands inside a section."""

    @wraps(view)
    async def wrapper(*args, **kwargs):
        try:
            found = await sessions.authenticate(cookie_token())
        except Unauthorized:
            if request.headers.get("HX-Request") == "true":
                return Response("", status=200, headers={"HX-Refresh": "true"})
            return await expired_page(cookie_token(), 401, clear=True)
        g.portal = found
        g.portal_merchant = await get_merchant(found.merchant_id)
        return await view(*args, **kwargs)

    return wrapper
