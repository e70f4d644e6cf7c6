"""Refunding from the subscription page: one call to ``refunds.refund`` (the function
``POST /v1/subscriptions/{id}/refunds`` uses), asked for with the app's confirm dialog.

The answer comes in place: with HTMX the refund section re-rendered with the refund's status
and a link to its adjustment invoice (a refusal by the provider, or an amount the service
refuses, answers 422 with its message where it belongs); without JavaScript the whole page.
The invoices panel (now with the adjustment invoice) follows out of band, and so do the card
and the page's buttons when the refund also cancelled the subscription.
"""

from quart import flash, g, redirect, request, url_for

from billing.core.errors import NotFound, ServiceError
from billing.invoicing import invoices
from billing.payments.refunds import refund_payment as refunds
from billing.subscriptions import cancelled_reads
from webapp.forms import error_words
from webapp.forms.payments import RefundForm
from webapp.pages.common import INVALID_FORM, is_htmx, login_required, render_page
from webapp.pages.subscription_actions import DETAIL, detail_context
from webapp.pages.subscriptions import bp

REFUND = "dashboard/subscriptions/_refund.html"


async def _subscription(subscription_id: str):
    return await cancelled_reads.get_any(g.merchant.id, subscription_id, include_features=True)


async def _result(answer: dict, failure: str | None = None) -> dict:
    """The refund as the page shows it, with its adjustment invoice's number."""
    result = {**answer, "failure": failure, "adjustment": None}
    if answer.get("adjustmentInvoiceId"):
        result["adjustment"] = await invoices.get_invoice(
            g.merchant.id, answer["adjustmentInvoiceId"]
        )
    return result


@bp.post("/<subscription_id>/refund")
@login_required
async def refund(subscription_id: str):
    try:
        subscription = await _subscription(subscription_id)
    except NotFound as error:
        await flash(error_words.words(error), "error")
        return redirect(url_for("subscriptions.index"), 303)
    form = RefundForm(formdata=await request.form)
    form.currency = subscription.effective_price.currency  # the payment's: what it was billed in
    result, status = None, 200
    if form.validate():
        try:
            answer = await refunds.refund(
                g.merchant.id,
                subscription.stable_subscription_id,
                amount_cents=form.amount.cents,
                reason=(form.reason.data or "").strip() or None,
                terminate=form.terminate.data,
            )
        except refunds.RefundFailed as error:
            result, status = await _result(error.extra, error_words.words(error)), INVALID_FORM
        except ServiceError as error:
            form.attach_error(error)
        else:
            result = await _result(answer)
            if answer["terminated"]:
                subscription = await _subscription(subscription_id)
    if form.has_errors:
        context = await detail_context(subscription, form=form)
        return await render_page(DETAIL, REFUND, INVALID_FORM, **context)
    context = await detail_context(subscription)
    return await render_page(DETAIL, REFUND, status, refund_result=result, oob=is_htmx(), **context)
