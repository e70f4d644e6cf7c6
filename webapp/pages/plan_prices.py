"""Prices on the plan page: add a plain fee, a tiered price or a usage price (a base fee and
a metered component, ``forms/usage_prices``), clone one, delete one.

Prices belong to the plan's current version and change it in place, exactly as
``/v1/prices`` does (a new version is made by editing the plan). Each action is one call to
``billing.catalog.prices``; ``pricingData`` is validated there, and its ``details`` are shown
next to the form that sent it.
"""

from quart import flash, g, redirect, request, url_for

from billing.catalog import metrics, plans, prices
from billing.core.errors import NotFound, ServiceError
from webapp.forms import error_words
from webapp.forms.money import from_cents
from webapp.forms.prices import ClonePriceForm, FixedPriceForm, TieredPriceForm
from webapp.forms.usage_prices import UsagePriceForm
from webapp.pages.common import INVALID_FORM, is_htmx, login_required, render_page
from webapp.pages.plans import DETAIL, bp, detail_context
from webapp.pages.price_labels import plain_amount, with_amount

PRICES = "dashboard/plans/_prices.html"
ADDED = {"tiered": "Tiered price", "usage": "Usage price"}
FORM_KEYS = {"tiered": "tiered_form", "usage": "usage_form"}
CLONE = "dashboard/plans/clone_price.html"


async def _current(plan_id: str):
    try:
        return await plans.get_plan(g.merchant.id, plan_id, is_stable_id=True)
    except NotFound as error:
        await flash(error_words.words(error), "error")
        return None


async def _answer(plan_id: str, status: int = 200, **forms):
    """The plan page (or, for HTMX, its prices section) after a price action."""
    if status == 200 and not is_htmx():
        return redirect(url_for("plans.detail", plan_id=plan_id) + "#prices", 303)
    try:
        context = await detail_context(plan_id, **forms)
    except NotFound as error:
        await flash(error_words.words(error), "error")
        return redirect(url_for("plans.index"), 303)
    return await render_page(DETAIL, PRICES, status, **context)


@bp.post("/<plan_id>/prices")
@login_required
async def add_price(plan_id: str):
    view = await _current(plan_id)
    if view is None:
        return redirect(url_for("plans.index"), 303)
    formdata = await request.form
    kind = formdata.get("kind")
    tiered = kind in ("tiered", "usage")
    if kind == "usage":
        metrics_list = await metrics.list_metrics(g.merchant.id)
        form = UsagePriceForm(formdata=formdata, metrics=metrics_list)
    elif tiered:
        form = TieredPriceForm(formdata=formdata)
    else:
        form = FixedPriceForm(formdata=formdata)
    form.currency = view.plan.currency  # amounts are typed in the plan's currency
    if form.validate():
        try:
            if tiered:
                await prices.create_price(
                    g.merchant.id,
                    plan_id=view.plan.id,
                    currency=view.plan.currency,
                    pricing_data=form.pricing_data,
                )
            else:
                await prices.create_price(
                    g.merchant.id,
                    plan_id=view.plan.id,
                    currency=view.plan.currency,
                    unit_amount_cents=form.amount.cents,
                    billing_interval=form.interval.data,
                    pricing_model="flat",
                )
        except ServiceError as error:
            form.attach_error(error)
        else:
            added = ADDED.get(kind, "Price")
            await flash(f"{added} added to “{view.plan.plan_name}”.", "success")
            return await _answer(plan_id)
    key = FORM_KEYS.get(kind, "fixed_form")
    return await _answer(plan_id, INVALID_FORM, **{key: form, "open_form": key})


async def _price(plan_id: str, price_id: str):
    """The price, if it belongs to the plan's current version (else a flash and None)."""
    view = await _current(plan_id)
    if view is None:
        return None, None
    try:
        price = await prices.get_price(g.merchant.id, price_id)
    except NotFound as error:
        await flash(error_words.words(error), "error")
        return view, None
    if price.plan_id != view.plan.id:
        await flash("Price not found or access denied", "error")
        return view, None
    return view, price


@bp.get("/<plan_id>/prices/<price_id>/clone")
@login_required
async def clone_form(plan_id: str, price_id: str):
    view, price = await _price(plan_id, price_id)
    if price is None:
        return redirect(
            url_for("plans.detail", plan_id=plan_id) if view else url_for("plans.index"), 303
        )
    amount = plain_amount(price)
    form = ClonePriceForm(amount=from_cents(amount, price.currency))
    form.currency = price.currency
    return await render_page(CLONE, form=form, plan=view.plan, price=price, amount=amount)


@bp.post("/<plan_id>/prices/<price_id>/clone")
@login_required
async def clone(plan_id: str, price_id: str):
    view, price = await _price(plan_id, price_id)
    if price is None:
        return redirect(
            url_for("plans.detail", plan_id=plan_id) if view else url_for("plans.index"), 303
        )
    form = ClonePriceForm(formdata=await request.form)
    form.currency = price.currency
    amount = plain_amount(price)
    if form.validate():
        cents = form.amount.cents if amount is not None else None
        data = None if cents is None or cents == amount else with_amount(price.pricing_data, cents)
        try:
            await prices.clone_price(g.merchant.id, price.id, pricing_data=data)
        except ServiceError as error:
            form.attach_error(error)
        else:
            await flash("Price cloned. The original is unchanged.", "success")
            return redirect(url_for("plans.detail", plan_id=plan_id) + "#prices", 303)
    return await render_page(
        CLONE, status=INVALID_FORM, form=form, plan=view.plan, price=price, amount=amount
    )


@bp.get("/<plan_id>/prices/<price_id>/delete")
@login_required
async def confirm_delete_price(plan_id: str, price_id: str):
    """The confirmation step for browsers without JavaScript (HTMX asks with hx-confirm)."""
    view, price = await _price(plan_id, price_id)
    if price is None:
        return redirect(
            url_for("plans.detail", plan_id=plan_id) if view else url_for("plans.index"), 303
        )
    return await render_page(
        "dashboard/plans/confirm_delete_price.html", plan=view.plan, price=price
    )


@bp.post("/<plan_id>/prices/<price_id>/delete")
@login_required
async def delete_price(plan_id: str, price_id: str):
    view, price = await _price(plan_id, price_id)
    if view is None:
        return redirect(url_for("plans.index"), 303)
    if price is not None:
        try:
            await prices.delete_price(g.merchant.id, price.id)
        except ServiceError as error:
            await flash(error_words.words(error), "error")
        else:
            await flash("Price deleted; new subscriptions can no longer use it.", "success")
    return await _answer(plan_id)
