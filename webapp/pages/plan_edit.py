"""Editing a plan: one form, one call to ``plan_edits.edit_plan``.

The service decides whether the edit is made in place (only details such as the name or
the trial changed) or as a new version (prices or the set of features changed); the page says
which happened. The version note is the new version's commit message.

Money fields left empty mean "keep": a monthly fee is removed from the plan's prices list
instead, where the consequence is visible.

The "Show on pricing table" box names the default table and is ticked from whether the plan
is on it now; the service acts only when the box changes, so saving a new description never
puts the plan on a published table.
"""

from quart import flash, g, redirect, request, url_for

from billing.catalog import plan_edits, plans
from billing.catalog.default_table import shown_on_default_table
from billing.catalog.plan_inputs import CreditOverride, Trial
from billing.catalog.pricing_table_views import default_table_name
from billing.catalog.pricing_tables import DEFAULT_NAME
from billing.core.errors import NotFound, ServiceError
from billing.subscriptions.plan_migrations import effective_value
from webapp.forms import error_words
from webapp.forms.money import from_cents
from webapp.forms.plans import PlanEditForm
from webapp.pages.common import INVALID_FORM, login_required, render_page
from webapp.pages.plans import bp, with_library

EDIT = "dashboard/plans/edit.html"


def _fees(view) -> dict[str, int]:
    fees: dict[str, int] = {}
    for price in view.prices or []:
        fee = plan_edits.plain_fee(price)
        if fee is not None and fee[0] not in fees:
            fees[fee[0]] = fee[1]
    return fees


async def _name_the_table(form: PlanEditForm) -> None:
    """The box names the table it puts the plan on, so ticking it is a choice the merchant
    can read, and says what unticking does."""
    name = await default_table_name(g.merchant.id)
    form.show_in_pricing_table.label.text = f"Show on pricing table “{name or DEFAULT_NAME}”"
    form.show_in_pricing_table.description = (
        "While on, visitors see the plan there; turning it off takes it off this table only."
        if name
        else f"Ticking it makes a pricing table named “{DEFAULT_NAME}” with this plan on it."
    )


async def _filled_form(view) -> PlanEditForm:
    plan, fees = view.plan, _fees(view)
    form = PlanEditForm(
        plan_name=plan.plan_name,
        plan_description=plan.plan_description,
        monthly_price=from_cents(fees.get("month"), plan.currency),
        yearly_price=from_cents(fees.get("year"), plan.currency),
        feature_ids=[link.feature_id for link in view.links or []],
        trial_enabled=plan.trial_enabled,
        trial_days=plan.trial_days,
        trial_without_card=plan.trial_without_card,
        show_in_pricing_table=await shown_on_default_table(g.merchant.id, plan),
    )
    form.currency = plan.currency
    await _name_the_table(form)
    return form


def _granted(view) -> dict:
    """What the plan grants of each of its features (its value, else the feature's)."""
    return {link.feature_id: effective_value(link) for link in view.links or []}


async def _current(plan_id: str):
    try:
        return await plans.get_plan(
            g.merchant.id, plan_id, is_stable_id=True, include_features=True, include_prices=True
        )
    except NotFound as error:
        await flash(error_words.words(error), "error")
        return None


@bp.get("/<plan_id>/edit")
@login_required
async def edit(plan_id: str):
    view = await _current(plan_id)
    if view is None:
        return redirect(url_for("plans.index"), 303)
    form = await _filled_form(view)
    await with_library(form, granted=_granted(view))
    return await render_page(EDIT, form=form, view=view, plan=view.plan, fees=_fees(view))


def _trial(form: PlanEditForm, plan) -> Trial:
    """The trial as typed, keeping per-feature trial credits set through the API."""
    trial = form.trial
    trial.credit_overrides = [
        CreditOverride(amount=item["amount"], feature_id=item["featureId"])
        for item in plan.trial_credit_overrides or []
    ]
    return trial


@bp.post("/<plan_id>/edit")
@login_required
async def update(plan_id: str):
    view = await _current(plan_id)
    if view is None:
        return redirect(url_for("plans.index"), 303)
    formdata = await request.form
    form = PlanEditForm(formdata=formdata)
    form.currency = view.plan.currency  # prices are typed in the plan's currency
    await _name_the_table(form)
    values_fit = await with_library(form, formdata=formdata)
    fees = _fees(view)
    if form.validate() and values_fit:
        enterprise = view.plan.is_enterprise_plan
        yearly = form.yearly_price.cents
        try:
            edited, new_version = await plan_edits.edit_plan(
                g.merchant.id,
                view.plan.id,
                plan_name=form.plan_name.data,
                plan_description=form.plan_description.data or "",
                features=[
                    plan_edits.FeatureEdit(id=i, value=form.values.values.get(i))
                    for i in form.feature_ids.data or []
                ],
                monthly_price=None if enterprise else form.monthly_price.cents,
                yearly_price=None if enterprise else yearly,
                has_yearly_price=None if enterprise else yearly is not None,
                on_default_table=form.show_in_pricing_table.data,
                trial=_trial(form, view.plan),
                commit_message=form.commit_message.data or None,
            )
        except ServiceError as error:
            form.attach_error(error)
        else:
            plan = edited.plan
            if new_version:
                message = f"Saved as version {plan.version_number}."
            else:
                message = "Saved. Only details changed, so no new version was needed."
            await flash(message, "success")
            return redirect(url_for("plans.detail", plan_id=plan.stable_plan_id), 303)
    return await render_page(
        EDIT, status=INVALID_FORM, form=form, view=view, plan=view.plan, fees=fees
    )
