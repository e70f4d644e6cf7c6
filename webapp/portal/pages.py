"""The portal's link, its one page and signing out.

``GET /portal/{token}`` checks the token, sets the cookie and moves on to ``/portal/`` (so
the token leaves the address bar and the browser history) with a page that refreshes at once
rather than a redirect: the link is clicked on the merchant's site, and a browser sends a
SameSite=Strict cookie on no request of a redirect chain that began on another site, while
the refresh is Tally's own, same-site navigation (the browser test clicks the link on another
site to prove it). An expired, ended or unknown
token answers 410 (a token Tally made, naming the merchant) or 404 with a page that says to
open the billing portal again from the merchant's site. ``GET /portal/e/{token}`` is the
same for a link in a customer e-mail (``billing.portal.email_links``: signed, 7 days), which
starts a new session and lands on the payment methods. ``GET /portal/`` is the page: plan
and status, the overdue warning with "Pay now", payment methods, invoices, payments.
"""

from collections.abc import Callable
from functools import wraps

from quart import Blueprint, Response, g, render_template, url_for

from billing.core.errors import ServiceError, Unauthorized
from billing.core.models import utcnow
from billing.invoicing.models import InvoiceStatus
from billing.payments.gateways import gateway_for
from billing.payments.reads.payment_cards import cards_of
from billing.portal import email_links, overview, plan_switch, portal_choices, receipts, sessions
from webapp import invoice_links
from webapp.pages.price_labels import price_summary
from webapp.portal import words
from webapp.portal.session import (
    clear_cookie,
    cookie_token,
    expired_page,
    portal_required,
    set_cookie,
)
from webapp.security_headers import allow_script_origins

bp = Blueprint("portal_pages", __name__, url_prefix="/portal")


@bp.after_request
async def private(response: Response) -> Response:
    """Billing details and a session: never cached, never sent on as a referrer."""
    response.headers["Cache-Control"] = "no-store"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


@bp.get("/e/<token>")
async def open_email_link(token: str):
    """A link in a customer e-mail (``billing.portal.email_links``): start a session for its
    customer and go to the payment methods, as ``open_link`` does; an old or altered link
    answers a page in words (410 or 400)."""
    try:
        _, session_token = await email_links.open_link(token)
    except (email_links.LinkExpired, email_links.LinkNotValid) as refused:
        html = await render_template("portal/email_link_refused.html", message=refused.message)
        return Response(html, status=refused.status, mimetype="text/html")
    target = url_for("portal_pages.home", _anchor="methods")
    html = await render_template("portal/enter.html", target=target)
    response = Response(html, mimetype="text/html")
    set_cookie(response, session_token, int(sessions.LIFETIME.total_seconds()))
    return response


def back_link(return_url: str) -> str | None:
    """Where "Back to the merchant" leads; none for a session opened from an e-mail."""
    return None if return_url == email_links.home_url() else return_url


@bp.get("/<token>")
async def open_link(token: str):
    """The link a merchant's server asked for: sign in and go to the page."""
    try:
        found = await sessions.authenticate(token)
    except Unauthorized:
        known = await sessions.merchant_of(token)
        return await expired_page(token, 410 if known else 404)
    response = Response(await render_template("portal/enter.html"), mimetype="text/html")
    seconds = int((found.expires_at - utcnow()).total_seconds())
    set_cookie(response, token, max(seconds, 1))
    return response


async def home_context(**extra) -> dict:
    """What the page and its sections show, read for the session's customer only."""
    found = await overview.portal_overview(g.portal.merchant_id, g.portal.customer_id)
    unpaid = [invoice for invoice in found.invoices if invoice.status == InvoiceStatus.UNPAID]
    card_form = None  # live cards go through the provider's own script, with its public key
    if found.adds_with and g.portal_merchant.mode == "live":
        card_form = await gateway_for(found.adds_with).browser_card_form(g.portal.merchant_id)
    card_key = card_form.public_key if card_form else None
    allows = set(g.portal_merchant.portal_allows or [])
    shown_receipts = []
    if "receipts" in allows:
        shown_receipts = await receipts.customer_receipts(
            g.portal.merchant_id, g.portal.customer_id
        )
    switchable = found.subscription is not None and "switch_plan" in allows
    if switchable:
        switchable = await plan_switch.can_switch(g.portal.merchant_id, found.subscription)
    return {
        "allows": allows,
        "can_switch": switchable,
        "payment_cards": await cards_of(g.portal.merchant_id, found.payments),
        "receipts": shown_receipts,
        "card_form": card_form,
        "card_key": card_key,
        "merchant": g.portal_merchant,
        "merchant_name": g.portal_merchant.display_name,
        "return_url": back_link(g.portal.return_url),
        "view": found,
        "subscription": found.subscription,
        "overdue": words.in_grace(found.subscription) and bool(unpaid),
        "unpaid": unpaid,
        "pdf_url": invoice_links.pdf_url,
        "price_summary": price_summary,
        "words": words,
        **extra,
    }


def page_context(**extra) -> dict:
    """What every portal page of the session's merchant shows around its content."""
    return {
        "merchant": g.portal_merchant,
        "merchant_name": g.portal_merchant.display_name,
        "words": words,
        **extra,
    }


async def refused_page(error: ServiceError) -> Response:
    """An action refused in words on a page of its own (403 not offered, 404 not found,
    409 not possible now), with the way back to the billing page."""
    html = await render_template(
        "portal/refused.html", **page_context(message=words.refusal(error))
    )
    return Response(html, status=error.status, mimetype="text/html")


def offered(action: str) -> Callable:
    """Let the request through when the merchant's portal offers ``action``
    (``portal_choices``), before any form is read, so an action turned off answers the same
    403 page whatever was posted; the services check it again."""

    def decorate(view: Callable) -> Callable:
        @wraps(view)
        async def wrapper(*args, **kwargs):
            try:
                await portal_choices.require(g.portal.merchant_id, action)
            except ServiceError as error:
                return await refused_page(error)
            return await view(*args, **kwargs)

        return wrapper

    return decorate


@bp.get("/")
@portal_required
async def home():
    context = await home_context()
    if context["card_key"]:  # the page loads the provider's card script
        allow_script_origins(context["card_form"].script_origins)
        context["card_script"] = context["card_form"].script_url
    return await render_template("portal/home.html", **context)


@bp.post("/sign-out")
@portal_required
async def sign_out():
    """End the session (the cookie is worthless from now on) and say where to go back to."""
    await sessions.end_session(cookie_token())
    html = await render_template(
        "portal/signed_out.html",
        merchant=g.portal_merchant,
        merchant_name=g.portal_merchant.display_name,
        return_url=back_link(g.portal.return_url),
    )
    response = Response(html, mimetype="text/html")
    clear_cookie(response)
    return response
