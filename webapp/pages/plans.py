"""Plans: list, the create wizard, the detail page (versions, diff), visibility, delete.

A plan's page lives at its *stable* id, so links and bookmarks survive new versions; an older
version is read at ``/versions/<n>``. Every write is one call to the plans services /v1 uses
(``create_plan``, ``set_visibility``, ``delete_plan``; edits in ``plan_edit``, prices in
``plan_prices``, which add their routes to this blueprint); reads go through the same
services too, the version history through ``plans.list_versions``.
"""

from functools import partial

from quart import Blueprint, Response, flash, g, redirect, request, url_for

from billing.catalog import features, metrics, plan_create, plans
from billing.catalog.models import Plan
from billing.catalog.pricing_table_views import default_table_name
from billing.catalog.pricing_tables import DEFAULT_NAME
from billing.core.errors import NotFound, ServiceError
from billing.enrollment import enroll, rules
from billing.subscriptions import plan_migration_options, plan_migrations
from webapp.forms import error_words
from webapp.forms.enrollment_rules import EnrollmentRuleForm
from webapp.forms.feature_values import attach_library
from webapp.forms.money import format_money
from webapp.forms.plans import FEATURE_KINDS, PlanForm
from webapp.forms.prices import FixedPriceForm, TieredPriceForm
from webapp.forms.usage_prices import UsagePriceForm
from webapp.pages.common import (
    INVALID_FORM,
    is_htmx,
    login_required,
    page_headers,
    render_page,
    safe_next,
)
from webapp.pages.price_labels import HELPERS

bp = Blueprint("plans", __name__, url_prefix="/dashboard/plans")
bp.after_request(page_headers)
bp.add_app_template_filter(format_money, "money")


@bp.context_processor
async def price_helpers() -> dict:
    return {**HELPERS, "feature_kinds": FEATURE_KINDS}


PAGE = "dashboard/plans/index.html"
LIST = "dashboard/plans/_list.html"
NEW = "dashboard/plans/new.html"
DETAIL = "dashboard/plans/detail.html"
DIFF = "dashboard/plans/_diff.html"
VISIBILITY = "dashboard/plans/_visibility.html"


async def _list_context() -> dict:
    views = await plans.list_plans(g.merchant.id, include_features=True, include_prices=True)
    return {"views": views}


@bp.get("")
@login_required
async def index():
    return await render_page(PAGE, LIST, **await _list_context())


async def with_library(form, *, formdata=None, granted=None) -> bool:
    """The merchant's features as the form's choices, each with its value field; answers
    whether the typed values fit their features (see ``attach_library``)."""
    library = await features.list_features(g.merchant.id)
    return attach_library(form, library, formdata=formdata, granted=granted)


@bp.get("/new")
@login_required
async def new():
    form = PlanForm(currency=g.merchant.default_currency)  # not on a table unless asked
    await with_library(form)
    await name_the_table(form)
    return await render_page(NEW, form=form)


async def name_the_table(form: PlanForm) -> None:
    """The checkbox names the table a new plan would join (the default one, or the one
    Tally makes for it), so ticking it is a choice the merchant can read."""
    name = await default_table_name(g.merchant.id)
    form.show_in_pricing_table.label.text = f"Show on pricing table “{name or DEFAULT_NAME}”"
    form.show_in_pricing_table.description = (
        "Visitors see the plan there at once. Leave it off to add it later from the table."
        if name
        else f"Tally makes a pricing table named “{DEFAULT_NAME}” with this plan on it."
    )


@bp.post("/new")
@login_required
async def create():
    formdata = await request.form
    form = PlanForm(formdata=formdata)
    values_fit = await with_library(form, formdata=formdata)
    await name_the_table(form)
    slug_free = partial(features.ensure_slug_free, g.merchant.id)
    if await form.validate_together(new_feature_slug=slug_free) and values_fit:
        enterprise = form.is_enterprise_plan.data
        try:
            view = await plan_create.create_plan(
                g.merchant.id,
                plan_name=form.plan_name.data,
                plan_description=form.plan_description.data or "",
                currency=form.currency.data,
                monthly_price=None if enterprise else form.monthly_price.cents,
                yearly_price=None if enterprise else form.yearly_price.cents,
                is_seat_based=form.is_seat_based.data,
                is_enterprise_plan=enterprise,
                enterprise_redirect_url=form.enterprise_redirect_url.data or None,
                show_in_pricing_table=True,  # visible on any table the merchant adds it to
                add_to_default_table=form.show_in_pricing_table.data,
                feature_ids=form.feature_ids.data or [],
                new_features=form.new_features,
                trial=form.trial,
                feature_values=form.values.values,
            )
        except ServiceError as error:
            form.attach_error(error)
        else:
            await flash(f"Plan “{view.plan.plan_name}” created as version 1.", "success")
            return redirect(url_for("plans.detail", plan_id=view.plan.stable_plan_id), 303)
    return await render_page(NEW, status=INVALID_FORM, form=form)


def _version_number(text: str | None) -> int | None:
    return int(text) if text and text.isdigit() and len(text) < 10 else None


async def _comparison(stable_id: str, versions: list[Plan]) -> tuple:
    """The diff the page shows: the chosen versions (``from``/``to``), else the latest
    change (previous → current); None with one version. A bad choice is an error line."""
    if len(versions) < 2:
        return None, None
    chosen_to = _version_number(request.args.get("to")) or versions[0].version_number
    chosen_from = _version_number(request.args.get("from")) or chosen_to - 1
    if chosen_from < 1:
        chosen_from = 1
    try:
        result = await plan_migrations.compare(
            g.merchant.id, stable_id, from_version=chosen_from, to_version=chosen_to
        )
    except ServiceError as error:
        return None, error_words.words(error)
    return result, None


async def detail_context(stable_id: str, number: int | None = None, **extra) -> dict:
    """Everything the plan page shows; raises NotFound for a plan that is not ours."""
    current = await plans.get_plan(
        g.merchant.id, stable_id, is_stable_id=True, include_features=True, include_prices=True
    )
    versions = await plans.list_versions(g.merchant.id, stable_id)
    shown = current
    if number is not None and number != current.plan.version_number:
        row = next((v for v in versions if v.version_number == number), None)
        if row is None:
            raise NotFound("That version of the plan does not exist")
        shown = await plans.get_plan(
            g.merchant.id, row.id, include_features=True, include_prices=True
        )
    comparison, compare_error = await _comparison(stable_id, versions)
    context = {
        "current": current,
        "view": shown,
        "plan": shown.plan,
        "versions": versions,
        "comparison": comparison,
        "compare_error": compare_error,
        "waiting": await plan_migration_options.waiting_versions(g.merchant.id, stable_id),
        "fixed_form": FixedPriceForm(),
        "tiered_form": TieredPriceForm(),
        "usage_form": UsagePriceForm(metrics=await metrics.list_metrics(g.merchant.id)),
        "rule_form": EnrollmentRuleForm(),
        "enrollment_rules": await rules.list_rules(g.merchant.id, stable_id),
        "priced_in_default": await enroll.default_price(
            g.merchant.id, current.plan, g.merchant.default_currency
        ),
    }
    return context | extra


async def _detail_or_redirect(stable_id: str, number: int | None = None):
    try:
        context = await detail_context(stable_id, number)
    except NotFound as error:
        await flash(error_words.words(error), "error")
        return redirect(url_for("plans.index"), 303)
    if is_htmx() and request.args.get("fragment") == "diff":
        return await render_page(DETAIL, DIFF, **context)
    return await render_page(DETAIL, **context)


@bp.get("/<plan_id>")
@login_required
async def detail(plan_id: str):
    return await _detail_or_redirect(plan_id)


@bp.get("/<plan_id>/versions/<int:number>")
@login_required
async def version(plan_id: str, number: int):
    return await _detail_or_redirect(plan_id, number)


@bp.post("/<plan_id>/visibility")
@login_required
async def visibility(plan_id: str):
    """Show or hide the plan in pricing tables (in place: no new version)."""
    form = await request.form
    is_visible = form.get("is_visible") == "true"
    view = None
    try:
        view = await plans.set_visibility(g.merchant.id, plan_id, is_visible=is_visible)
    except ServiceError as error:
        await flash(error_words.words(error), "error")
    else:
        state = "shown in" if is_visible else "hidden from"
        await flash(f"“{view.plan.plan_name}” is now {state} pricing tables.", "success")
    if not is_htmx() or view is None:
        back = safe_next(form.get("next")) or url_for("plans.detail", plan_id=plan_id)
        return redirect(back, 303)
    return await render_page(DETAIL, VISIBILITY, plan=view.plan, back=safe_next(form.get("next")))


@bp.get("/<plan_id>/delete")
@login_required
async def confirm_delete(plan_id: str):
    """The confirmation step for browsers without JavaScript (HTMX asks with hx-confirm)."""
    try:
        view = await plans.get_plan(g.merchant.id, plan_id, is_stable_id=True)
    except NotFound as error:
        await flash(error_words.words(error), "error")
        return redirect(url_for("plans.index"), 303)
    versions = await plans.list_versions(g.merchant.id, plan_id)
    return await render_page(
        "dashboard/plans/confirm_delete.html", plan=view.plan, version_count=len(versions)
    )


@bp.post("/<plan_id>/delete")
@login_required
async def delete(plan_id: str):
    try:
        view = await plans.get_plan(g.merchant.id, plan_id, is_stable_id=True)
        await plans.delete_plan(g.merchant.id, view.plan.id)
    except ServiceError as error:
        await flash(error_words.words(error), "error")
    else:
        await flash(f"Plan “{view.plan.plan_name}” deleted with all its versions.", "success")
    if not is_htmx():
        return redirect(url_for("plans.index"), 303)
    if request.headers.get("HX-Target") != "plans-list":  # deleted from its own page
        response = Response("", status=200)
        response.headers["HX-Redirect"] = url_for("plans.index")
        return response
    return await render_page(PAGE, LIST, **await _list_context())
