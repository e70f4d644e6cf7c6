"""Pricing tables: list, create, and the table page (plans, order, preview, embed code).

Writes are calls to ``billing.catalog.pricing_tables`` (the functions /v1 uses); the page
reads the resolved ``detailed_view``, which already orders plans by the service's rule.
Moving a plan up or down is one ``move_plan_entry`` call, which gives every entry an explicit
``displayOrder`` (its new position) in one transaction.

The embed code is filled with the active publishable key of the dashboard's mode (the test
key in test mode); without one the page says so and links to the API keys page.
"""

from functools import partial

from quart import Blueprint, Response, flash, g, redirect, request, url_for

from billing.accounts import api_keys
from billing.catalog import plans, pricing_tables
from billing.catalog import pricing_table_views as views
from billing.core.errors import NotFound, ServiceError
from webapp.forms import error_words
from webapp.forms.money import format_money
from webapp.forms.pricing_tables import AddPlanForm, PricingTableForm, TableSettingsForm
from webapp.pages.common import INVALID_FORM, is_htmx, login_required, page_headers, render_page
from webapp.pages.price_labels import HELPERS

bp = Blueprint("pricing_tables", __name__, url_prefix="/dashboard/pricing-tables")
bp.after_request(page_headers)
bp.add_app_template_filter(format_money, "money")


@bp.context_processor
async def price_helpers() -> dict:
    return HELPERS


PAGE = "dashboard/pricing_tables/index.html"
NEW = "dashboard/pricing_tables/new.html"
DETAIL = "dashboard/pricing_tables/detail.html"
PLANS = "dashboard/pricing_tables/_plans.html"


async def _plan_choices() -> list[tuple[str, str]]:
    return [
        (view.plan.stable_plan_id, f"{view.plan.plan_name} (v{view.plan.version_number})")
        for view in await plans.list_plans(g.merchant.id)
    ]


@bp.get("")
@login_required
async def index():
    return await render_page(PAGE, tables=await views.list_tables(g.merchant.id))


@bp.get("/new")
@login_required
async def new():
    form = PricingTableForm()
    form.plan_ids.choices = await _plan_choices()
    return await render_page(NEW, form=form)


@bp.post("/new")
@login_required
async def create():
    form = PricingTableForm(formdata=await request.form)
    form.plan_ids.choices = await _plan_choices()
    if await form.validate_together(slug=partial(pricing_tables.ensure_slug_free, g.merchant.id)):
        try:
            view = await pricing_tables.create_table(
                g.merchant.id,
                name=form.name.data,
                slug=form.slug.data.strip(),
                plan_ids=form.plan_ids.data or [],
            )
        except ServiceError as error:
            form.attach_error(error)
        else:
            await flash(f"Pricing table “{view.table.name}” created.", "success")
            return redirect(url_for("pricing_tables.detail", table_id=view.table.id), 303)
    return await render_page(NEW, status=INVALID_FORM, form=form)


async def _key():
    try:
        return await api_keys.get_publishable_key(g.merchant.id)
    except NotFound:
        return None


async def detail_context(table_id: str, **extra) -> dict:
    """The table page's data; raises NotFound for a table that is not the merchant's."""
    view = await views.detailed_view(g.merchant.id, table_id)
    present = {plan.plan.stable_plan_id for plan in view.plans}
    add_form = AddPlanForm()
    add_form.plan_id.choices = [c for c in await _plan_choices() if c[0] not in present]
    settings = TableSettingsForm(
        name=view.table.name, slug=view.table.slug, is_active=view.table.is_active
    )
    context = {
        "view": view,
        "table": view.table,
        "add_form": add_form,
        "settings_form": settings,
        "environment": g.merchant.mode,
        "key": await _key(),
        "base_url": request.host_url.rstrip("/"),
    }
    return context | extra


async def _page(table_id: str, fragment: str | None = None, status: int = 200, **extra):
    try:
        context = await detail_context(table_id, **extra)
    except NotFound as error:
        await flash(error_words.words(error), "error")
        return redirect(url_for("pricing_tables.index"), 303)
    return await render_page(DETAIL, fragment, status, **context)


@bp.get("/<table_id>")
@login_required
async def detail(table_id: str):
    return await _page(table_id)


def _back(table_id: str):
    return redirect(url_for("pricing_tables.detail", table_id=table_id), 303)


@bp.post("/<table_id>/settings")
@login_required
async def update(table_id: str):
    form = TableSettingsForm(formdata=await request.form)
    slug_free = partial(pricing_tables.ensure_slug_free, g.merchant.id, except_id=table_id)
    if await form.validate_together(slug=slug_free):
        try:
            await pricing_tables.update_table(
                g.merchant.id,
                table_id,
                name=form.name.data,
                slug=form.slug.data.strip(),
                is_active=form.is_active.data,
            )
        except NotFound as error:
            await flash(error_words.words(error), "error")
            return redirect(url_for("pricing_tables.index"), 303)
        except ServiceError as error:
            form.attach_error(error)
        else:
            await flash("Table settings saved.", "success")
            return _back(table_id)
    return await _page(table_id, status=INVALID_FORM, settings_form=form, open_settings=True)


@bp.post("/<table_id>/plans")
@login_required
async def add_plan(table_id: str):
    form = AddPlanForm(formdata=await request.form)
    if form.validate() and form.plan_id.data:
        try:
            await pricing_tables.add_plan(g.merchant.id, table_id, plan_id=form.plan_id.data)
        except ServiceError as error:
            await flash(error_words.words(error), "error")
        else:
            await flash("Plan added to the table.", "success")
    if not is_htmx():
        return _back(table_id)
    return await _page(table_id, PLANS)


@bp.post("/<table_id>/plans/<entry_id>/move")
@login_required
async def move(table_id: str, entry_id: str):
    """Swap the plan with its neighbour (the service stores every position explicitly)."""
    direction = (await request.form).get("direction", "")
    try:
        await pricing_tables.move_plan_entry(g.merchant.id, table_id, entry_id, direction=direction)
    except NotFound:
        await flash("That plan is not in this table.", "error")
    except ServiceError as error:
        await flash(error_words.words(error), "error")
    if not is_htmx():
        return _back(table_id)
    return await _page(table_id, PLANS)


@bp.post("/<table_id>/plans/<entry_id>/remove")
@login_required
async def remove_plan(table_id: str, entry_id: str):
    try:
        view = await views.detailed_view(g.merchant.id, table_id)
        if not any(plan.entry.id == entry_id for plan in view.plans):
            raise NotFound(pricing_tables.ENTRY_NOT_FOUND)
        await pricing_tables.remove_plan_entry(g.merchant.id, entry_id)
    except ServiceError as error:
        await flash(error_words.words(error), "error")
    else:
        await flash("Plan removed from the table. The plan itself is unchanged.", "success")
    if not is_htmx():
        return _back(table_id)
    return await _page(table_id, PLANS)


@bp.get("/<table_id>/delete")
@login_required
async def confirm_delete(table_id: str):
    """The confirmation step for browsers without JavaScript (HTMX asks with hx-confirm)."""
    try:
        table = await views.get_table(g.merchant.id, table_id)
    except NotFound as error:
        await flash(error_words.words(error), "error")
        return redirect(url_for("pricing_tables.index"), 303)
    return await render_page("dashboard/pricing_tables/confirm_delete.html", table=table)


@bp.post("/<table_id>/delete")
@login_required
async def delete(table_id: str):
    try:
        await pricing_tables.delete_table(g.merchant.id, table_id)
    except ServiceError as error:
        await flash(error_words.words(error), "error")
    else:
        await flash("Pricing table deleted. Embeds using its slug stop loading.", "success")
    if is_htmx():
        response = Response("", status=200)
        response.headers["HX-Redirect"] = url_for("pricing_tables.index")
        return response
    return redirect(url_for("pricing_tables.index"), 303)
