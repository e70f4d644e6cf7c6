"""The customer's changes in the portal, each one call to a portal service with the
session's merchant row and customer (never an id of a customer from the request).

Every action answers the section it changed, re-read, for HTMX to swap in place, with its
outcome in words (a new card also answers the billing section, swapped out of band: a card
added while a payment is failing pays it at once, ``payment_methods.use_new_card``);
a refusal answers 422 (htmx swaps it) with the same section and the reason.
An id that is not the customer's answers exactly as one that never existed. Without
JavaScript the forms post the same way and land back on the page (303).
"""

from quart import flash, g, redirect, render_template, request, url_for

from billing.core.errors import NotFound, ServiceError
from billing.portal import card_records, card_sandbox, pay_now, payment_methods, setup_intents
from webapp.pages.common import INVALID_FORM, is_htmx
from webapp.portal import words
from webapp.portal.pages import bp, home_context
from webapp.portal.session import portal_required

METHODS = "portal/_methods.html"
BILLING = "portal/_billing.html"


async def _answer(fragment: str, status: int = 200, *, with_billing: bool = False, **outcome):
    """The re-read section with the outcome (and, ``with_billing``, the billing section out of
    band); the whole page without HTMX."""
    if not is_htmx():
        for value in outcome.values():
            text = value["message"] if isinstance(value, dict) else value
            await flash(text, "error" if status >= 400 else "success")
        return redirect(url_for("portal_pages.home"), 303)
    context = await home_context(**outcome)
    html = await render_template(fragment, **context)
    if with_billing:
        html += await render_template(BILLING, **{**context, "oob": True})
    return html, (INVALID_FORM if status >= 400 else status)


@bp.post("/invoices/<invoice_id>/pay")
@portal_required
async def pay(invoice_id: str):
    """Pay one of the customer's unpaid invoices now with their card on file."""
    session = g.portal
    try:
        result = await pay_now.pay_invoice(session.merchant_id, session.customer_id, invoice_id)
    except NotFound:
        outcome = {"kind": "refused", "message": "This invoice was not found."}
        return await _answer(BILLING, 404, paid=outcome)
    except ServiceError as error:
        outcome = {"kind": "refused", "message": words.refusal(error)}
        return await _answer(BILLING, error.status, paid=outcome)
    return await _answer(BILLING, paid=words.pay_outcome(result))


@bp.post("/payment-methods/<method_id>/use")
@portal_required
async def use_method(method_id: str):
    """Make the method the one the subscription is charged to."""
    session = g.portal
    try:
        await payment_methods.set_subscription_payment_method(
            session.merchant_id, session.customer_id, method_id
        )
    except ServiceError as error:
        return await _answer(METHODS, error.status, method_error=words.refusal(error))
    note = "Your subscription now uses this payment method."
    return await _answer(METHODS, with_billing=True, method_note=note)


@bp.post("/payment-methods/<method_id>/remove")
@portal_required
async def remove_method(method_id: str):
    session = g.portal
    try:
        await payment_methods.remove_payment_method(
            session.merchant_id, session.customer_id, method_id
        )
    except ServiceError as error:
        return await _answer(METHODS, error.status, method_error=words.refusal(error))
    return await _answer(METHODS, method_note="The payment method was removed.")


def _int(value: str | None) -> int | None:
    text = (value or "").strip()
    return int(text) if text.isdigit() and len(text) <= 4 else None


@bp.post("/cards")
@portal_required
async def add_card():
    """Test mode: save a card typed into the sandbox form (``portal.card_sandbox``)."""
    form = await request.form
    card = {
        "number": form.get("number", ""),
        "expMonth": _int(form.get("expMonth")),
        "expYear": _int(form.get("expYear")),
        "cvc": form.get("cvc", "").strip(),
    }
    session = g.portal
    try:
        method = await card_sandbox.add_test_card(session.merchant_id, session.customer_id, card)
    except ServiceError as error:
        return await _answer(METHODS, error.status, card_error=words.refusal(error))
    note = f"{words.method_name(method)} was added."
    return await _answer(METHODS, with_billing=True, method_note=note)


@bp.post("/cards/intent")
@portal_required
async def card_intent():
    """Live mode: a SetupIntent for the card form of provider A's own script, which
    confirms it in the browser (``static/portal-card.js``); answers JSON for that script."""
    session = g.portal
    try:
        answer = await setup_intents.create_setup_intent(session.merchant_id, session.customer_id)
    except ServiceError as error:
        return {"error": words.refusal(error)}, error.status
    if answer.client_secret is None:  # provider B answers a link: no card form to confirm
        return {"error": card_sandbox.NOT_PROVIDER_A}, 400
    return {"clientSecret": answer.client_secret, "publishableKey": answer.publishable_key}


@bp.post("/cards/confirmed")
@portal_required
async def card_confirmed():
    """The provider's script confirmed a card: record it now (the webhook would too) and
    answer the methods. When it cannot be read yet, the webhook will list it soon."""
    form = await request.form
    session = g.portal
    try:
        method = await card_records.record_confirmed(
            session.merchant_id, session.customer_id, form.get("setupIntent")
        )
    except NotFound:
        return await _answer(METHODS, 404, card_error="This card was not found.")
    except ServiceError:
        return await _answer(METHODS, method_note=words.CARD_COMING)
    note = f"{words.method_name(method)} was added."
    return await _answer(METHODS, with_billing=True, method_note=note)


@bp.post("/mandate")
@portal_required
async def add_mandate():
    """Provider B: open its page where the customer authorises future payments; it sends
    them back to this page. Never a redirect: the pages' Content-Security-Policy
    (``form-action 'self'``) would stop a form's redirect to the provider's site."""
    session = g.portal
    back = url_for("portal_pages.home", _external=True)
    try:
        answer = await setup_intents.create_setup_intent(
            session.merchant_id, session.customer_id, return_url=back
        )
    except ServiceError as error:
        return await _answer(METHODS, error.status, card_error=words.refusal(error))
    link = answer.payment_link or ""
    if not link.startswith(("https://", "http://")):
        return await _answer(METHODS, 503, card_error="The payment page is not available now.")
    if is_htmx():  # a script's navigation: the form-action policy does not apply to it
        return "", 200, {"HX-Redirect": link}
    # A form's redirect to another site would be stopped by the pages' form-action 'self'.
    return await render_template("portal/leaving.html", link=link)
