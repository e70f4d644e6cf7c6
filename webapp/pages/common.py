"""What every dashboard page shares: the login gate, CSRF, HTMX-aware rendering, headers.

Pages authenticate with the signed session cookie that ``webapp.auth.log_user_in`` writes. The
gate re-checks the membership and the user's session version on every request, so removing a
user from a merchant, or logging out, takes effect at once rather than when the cookie expires.
"""

from collections.abc import Callable
from functools import wraps
from urllib.parse import urlsplit

from quart import Response, g, redirect, render_template, request, session, url_for

from billing.accounts import accounts, merchants
from billing.core.errors import NotFound
from webapp.auth import SAFE_METHODS, csrf_token_valid, log_user_out

CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
# htmx is configured (base.html) to swap 2xx and 422 answers only: a form or filter with bad
# input answers 422 so its errors replace the form in place (``render_page`` enforces it).
INVALID_FORM = 422


def is_htmx() -> bool:
    """An HTMX request wants only the fragment it will swap in, not the whole page, except
    when htmx restores history: the back button to a URL it pushed (with its history cache
    off, see base.html) sends ``HX-Request`` too but needs the whole page."""
    return (
        request.headers.get("HX-Request") == "true"
        and request.headers.get("HX-History-Restore-Request") != "true"
    )


def safe_next(target: str | None) -> str | None:
    """A same-site path to return to after logging in, or None (no open redirects)."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return None
    if any(ord(char) < 0x20 or ord(char) == 0x7F for char in target):
        return None  # control characters cannot go into a Location header
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return None
    return target


def _current_path() -> str:
    query = request.query_string.decode()
    return f"{request.path}?{query}" if query else request.path


def _to_sign_in() -> Response:
    target = url_for("auth.log_in", next=_current_path())
    if is_htmx():  # a swapped-in login form would be confusing: make htmx reload the page
        response = Response("", status=200)
        response.headers["HX-Redirect"] = target
        return response
    return redirect(target)


def login_required(view: Callable) -> Callable:
    """Let the request through only for a member of the session's merchant; the merchant row
    of the session's mode (live or test) is then in ``g.merchant``, so every page reads and
    writes that mode's data only. Anyone else is sent to the sign-in page with ``next`` set."""

    @wraps(view)
    async def wrapper(*args, **kwargs):
        user_id, merchant_id = session.get("user_id"), session.get("merchant_id")
        if not (user_id and merchant_id):
            return _to_sign_in()
        if not await accounts.session_valid(user_id, merchant_id, session.get("version")):
            log_user_out()
            return _to_sign_in()
        try:
            g.merchant = await merchants.tenant_of(merchant_id, session_mode())
        except NotFound:
            log_user_out()
            return _to_sign_in()
        g.user_id = user_id
        return await view(*args, **kwargs)

    return wrapper


def session_mode() -> str:
    """The dashboard's mode for this session: ``live`` unless switched to ``test``."""
    return "test" if session.get("mode") == "test" else "live"


def is_logged_in() -> bool:
    return bool(session.get("user_id") and session.get("merchant_id"))


async def check_csrf():
    """App-wide ``before_request``: every unsafe request outside ``/v1`` must carry this
    session's token, in the form field or (for HTMX) the header. ``/v1`` checks its own."""
    if request.method in SAFE_METHODS or request.path == "/v1" or request.path.startswith("/v1/"):
        return None
    candidate = request.headers.get(CSRF_HEADER)
    if not candidate:
        form = await request.form
        candidate = form.get(CSRF_FIELD)
    if csrf_token_valid(candidate):
        return None
    message = "This form has expired or did not come from Tally. Reload the page and try again."
    return await render_template("error.html", status=403, message=message), 403


async def render_page(
    template: str, fragment: str | None = None, status: int = 200, **context
) -> tuple[str, int]:
    """The full page, or for HTMX only ``fragment`` plus any flash messages swapped
    out-of-band into the page's message area (so one URL serves both).

    A fragment answering with a client error (bad input) is sent as 422 to HTMX whatever the
    view asked for: htmx swaps only 2xx and 422 answers, and any other 4xx would throw the
    fragment, with the message written for the merchant, away for a generic error."""
    if fragment and is_htmx():
        if 400 <= status < 500:
            status = INVALID_FORM
        html = await render_template(fragment, **context)
        html += await render_template("_flashes.html", oob=True)
        return html, status
    return await render_template(template, **context), status


async def page_headers(response: Response) -> Response:
    """Dashboard answers hold tokens and key values: never cache them (framing and the other
    security headers are set for every answer in ``webapp/security_headers.py``)."""
    if response.mimetype == "text/html":
        response.headers["Cache-Control"] = "no-store"
        response.headers["Referrer-Policy"] = "same-origin"
        response.vary.add("HX-Request")
    return response
