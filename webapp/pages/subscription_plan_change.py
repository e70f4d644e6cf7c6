"""Changing a subscription's plan from its page (issue 19, point 5).

The merchant picks another plan, one of its prices (the price select reloads through the
subscribe form's ``/prices`` fragment) and when: at the end of the current billing period
(the default: nothing paid for is taken away mid-period) or now. The change is one call to
``prorations.change_plan`` (the move, prorated at once when made now); the page shows what
happened as a flash on the subscription.
"""

from quart import flash, g, redirect, request, url_for

from billing.core.errors import NotFound, ServiceError
from billing.invoicing import prorations
from billing.subscriptions import plan_changes, scheduled_changes, subscription_reads
from webapp.forms import error_words
from webapp.forms.subscriptions import ChangePlanForm
from webapp.pages.common import INVALID_FORM, login_required, render_page
from webapp.pages.dates import day
from webapp.pages.price_labels import price_summary
from webapp.pages.subscriptions import _fill_choices, _plan_views, bp

CHANGE = "dashboard/subscriptions/change_plan.html"


async def _page(subscription_id: str, form: ChangePlanForm, status: int = 200):
    try:
        subscription = await subscription_reads.get_subscription(g.merchant.id, subscription_id)
        pending = await scheduled_changes.list_pending(g.merchant.id, subscription_id)
    except NotFound as error:
        await flash(error_words.words(error), "error")
        return redirect(url_for("subscriptions.index"), 303)
    views = await _plan_views()
    if form.plan_id.data is None:  # first visit: another plan than the current one
        others = [v for v in views if v.prices and v.plan.id != subscription.plan_id]
        form.plan_id.data = others[0].plan.id if others else None
    _fill_choices(form, views)
    names = {view.plan.id: view.plan.plan_name for view in views}
    return await render_page(
        CHANGE,
        status=status,
        form=form,
        subscription=subscription,
        pending=[(change, names.get(change.new_plan_id)) for change in pending],
    )


@bp.get("/<subscription_id>/change-plan")
@login_required
async def change_plan_form(subscription_id: str):
    return await _page(subscription_id, ChangePlanForm())


@bp.post("/<subscription_id>/change-plan")
@login_required
async def change_plan(subscription_id: str):
    form = ChangePlanForm(formdata=await request.form)
    if form.validate():
        try:
            change = await prorations.change_plan(
                g.merchant.id, subscription_id, price_id=form.price_id.data, when=form.when.data
            )
        except ServiceError as error:
            form.attach_error(error)
        else:
            await flash(_done(change), "success")
            target = url_for("subscriptions.detail", subscription_id=subscription_id)
            return redirect(target, 303)
    return await _page(subscription_id, form, INVALID_FORM)


def _done(change: plan_changes.PlanChange) -> str:
    """What the flash says: the plan and price, and when."""
    plan, price = change.plan, change.price
    what = f"{plan.plan_name} (v{plan.version_number}) at {price_summary(price)}"
    if change.effective_date is None:
        return f"Plan changed to {what}."
    return f"Plan changes to {what} on {day(change.effective_date)}."
