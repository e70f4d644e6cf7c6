"""The customer's own changes to their subscription in the portal: cancel at the end of the
period (with an optional reason) or keep it after all, and switch plan after a preview.

Each is a page of its own, not a button that acts at once: cancelling first says the date
access ends and asks for the reason; switching first shows what is charged or credited now
and the new price, then asks to confirm. Each write is one call to a ``billing.portal``
service with the session's customer, which checks the merchant offers the action and that the
subscription is that customer's (another customer's id answers exactly as an unknown one).
A refusal is a page in words (``refused_page``); done, the customer lands back on the billing
page with the outcome said (303, so a reload never posts twice). A price with usage is told,
before and after cancelling, that the usage up to the end is billed once then (with the amount
so far), so "nothing more will be charged" is only said when it is true.
"""

from contextlib import suppress

from quart import flash, g, redirect, render_template, request, url_for

from billing.core.errors import Invalid, ServiceError
from billing.portal import cancellation, plan_switch
from webapp.forms.money import format_money
from webapp.forms.portal import CancelForm
from webapp.pages.common import INVALID_FORM
from webapp.pages.dates import day
from webapp.pages.price_labels import price_summary
from webapp.portal.pages import bp, offered, page_context, refused_page
from webapp.portal.session import portal_required


def _home():
    return redirect(url_for("portal_pages.home"), 303)


async def _cancel_page(subscription, form: CancelForm, status: int = 200):
    final = await cancellation.final_usage(g.portal.merchant_id, subscription)
    html = await render_template(
        "portal/cancel.html",
        **page_context(subscription=subscription, form=form, final_usage=final),
    )
    return html, status


def _cancelled_words(ends: str, final) -> str:
    if final is None:
        return (
            f"Your subscription is cancelled. You keep access until {ends}; "
            "nothing more will be charged."
        )
    so_far = format_money(final.total_cents, final.currency)
    return (
        f"Your subscription is cancelled. You keep access until {ends}. Your usage until then "
        f"is billed once that day ({so_far} so far); nothing more will be charged after that."
    )


@bp.get("/subscriptions/<subscription_id>/cancel")
@portal_required
@offered("cancel")
async def cancel_form(subscription_id: str):
    """The confirmation step: the date access ends, and a place for the reason."""
    session = g.portal
    try:
        live = await cancellation.to_cancel(
            session.merchant_id, session.customer_id, subscription_id
        )
        return await _cancel_page(live, CancelForm())
    except ServiceError as error:
        return await refused_page(error)


@bp.post("/subscriptions/<subscription_id>/cancel")
@portal_required
@offered("cancel")
async def cancel(subscription_id: str):
    session = g.portal
    form = CancelForm(formdata=await request.form)
    if form.validate():
        try:
            live = await cancellation.cancel_at_period_end(
                session.merchant_id, session.customer_id, subscription_id, reason=form.reason.data
            )
        except Invalid as error:
            form.attach_error(error)
        except ServiceError as error:
            return await refused_page(error)
        else:
            final = None
            with suppress(ServiceError):  # the cancel is done; an unworkable preview says less
                final = await cancellation.final_usage(session.merchant_id, live)
            await flash(_cancelled_words(day(live.current_period_end), final), "success")
            return _home()
    try:
        live = await cancellation.to_cancel(
            session.merchant_id, session.customer_id, subscription_id
        )
        return await _cancel_page(live, form, INVALID_FORM)
    except ServiceError as error:
        return await refused_page(error)


@bp.post("/subscriptions/<subscription_id>/keep")
@portal_required
@offered("cancel")
async def keep(subscription_id: str):
    """Undo the cancel before the period ends: the subscription renews as before."""
    session = g.portal
    try:
        live = await cancellation.keep(session.merchant_id, session.customer_id, subscription_id)
    except ServiceError as error:
        return await refused_page(error)
    await flash(
        f"Your subscription continues. It renews on {day(live.current_period_end)}.", "success"
    )
    return _home()


@bp.get("/subscriptions/<subscription_id>/plans")
@portal_required
@offered("switch_plan")
async def switch_choices(subscription_id: str):
    """The plans of the merchant's pricing table the subscription may switch to."""
    session = g.portal
    try:
        live, options = await plan_switch.switch_options(
            session.merchant_id, session.customer_id, subscription_id
        )
    except ServiceError as error:
        return await refused_page(error)
    return await render_template(
        "portal/switch.html",
        **page_context(subscription=live, options=options, price_summary=price_summary),
    )


@bp.get("/subscriptions/<subscription_id>/plans/<price_id>")
@portal_required
@offered("switch_plan")
async def switch_preview(subscription_id: str, price_id: str):
    """What switching charges or credits now, and the new price; "Confirm" posts here."""
    session = g.portal
    try:
        preview = await plan_switch.preview_switch(
            session.merchant_id, session.customer_id, subscription_id, price_id
        )
    except ServiceError as error:
        return await refused_page(error)
    return await render_template(
        "portal/switch_preview.html",
        **page_context(preview=preview, price_summary=price_summary),
    )


@bp.post("/subscriptions/<subscription_id>/plans/<price_id>")
@portal_required
@offered("switch_plan")
async def switch(subscription_id: str, price_id: str):
    session = g.portal
    try:
        change = await plan_switch.switch_plan(
            session.merchant_id, session.customer_id, subscription_id, price_id
        )
    except ServiceError as error:
        return await refused_page(error)
    await flash(
        f"You are now on {change.plan.plan_name} ({price_summary(change.price)}).", "success"
    )
    return _home()
