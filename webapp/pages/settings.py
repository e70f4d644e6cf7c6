"""Settings: the merchant profile, the seller details printed on invoices and the dunning
policy, each its own form and service call.

With HTMX a form answers with itself re-rendered (saved values, or field errors with 422);
without it, a successful save redirects back (303) so a reload cannot post twice.
"""

from quart import Blueprint, flash, g, redirect, request, url_for

from billing.accounts import merchants, seller_details
from billing.core.errors import ServiceError
from billing.subscriptions import dunning
from webapp.forms.settings import DunningForm, ProfileForm, SellerDetailsForm
from webapp.pages.common import INVALID_FORM, is_htmx, login_required, page_headers, render_page

bp = Blueprint("settings", __name__, url_prefix="/dashboard/settings")
bp.after_request(page_headers)

PAGE = "dashboard/settings/index.html"
PROFILE = "dashboard/settings/_profile.html"
DUNNING = "dashboard/settings/_dunning.html"
SELLER = "dashboard/settings/_seller_details.html"


def _profile_form(merchant) -> ProfileForm:
    return ProfileForm(
        legal_name=merchant.legal_name,
        display_name=merchant.display_name,
        default_currency=merchant.default_currency,
    )


def _seller_form(merchant) -> SellerDetailsForm:
    return SellerDetailsForm(
        **{name: getattr(merchant, name) or "" for name in seller_details.FORM_FIELDS}
    )


def _dunning_form(config: dict) -> DunningForm:
    return DunningForm(
        retry_schedule_days=", ".join(str(day) for day in config["retry_schedule_days"]),
        grace_period_days=config["grace_period_days"],
        end_action=config["end_action"],
        past_due_access=config["past_due_access"],
    )


async def _page(status: int = 200, **forms):
    """The whole settings page; the form that was not submitted shows the stored values."""
    if "profile" not in forms:
        forms["profile"] = _profile_form(g.merchant)
    if "seller" not in forms:
        forms["seller"] = _seller_form(g.merchant)
    if "dunning_form" not in forms:
        config, is_default = await dunning.get_dunning_config(g.merchant.id)
        forms["dunning_form"] = _dunning_form(config)
        forms["dunning_is_default"] = is_default
    return await render_page(PAGE, status=status, **forms)


@bp.get("")
@login_required
async def index():
    return await _page()


@bp.post("/profile")
@login_required
async def update_profile():
    form = ProfileForm(formdata=await request.form)
    if form.validate():
        try:
            g.merchant = await merchants.update_merchant(
                g.merchant.id,
                legal_name=form.legal_name.data,
                display_name=form.display_name.data,
                default_currency=form.default_currency.data,
            )
        except ServiceError as error:
            form.attach_error(error)
    if form.has_errors:
        if is_htmx():
            return await render_page(PAGE, PROFILE, INVALID_FORM, profile=form)
        return await _page(INVALID_FORM, profile=form)
    await flash("Business profile saved.", "success")
    if not is_htmx():
        return redirect(url_for("settings.index"), 303)
    return await render_page(PAGE, PROFILE, profile=_profile_form(g.merchant), oob_name=True)


@bp.post("/seller-details")
@login_required
async def update_seller_details():
    form = SellerDetailsForm(formdata=await request.form)
    if form.validate():
        try:
            g.merchant = await seller_details.update_seller_details(g.merchant.id, **form.values)
        except ServiceError as error:
            form.attach_error(error)
    if form.has_errors:
        if is_htmx():
            return await render_page(PAGE, SELLER, INVALID_FORM, seller=form)
        return await _page(INVALID_FORM, seller=form)
    await flash("Invoice details saved.", "success")
    if not is_htmx():
        return redirect(url_for("settings.index"), 303)
    return await render_page(PAGE, SELLER, seller=_seller_form(g.merchant))


@bp.post("/dunning")
@login_required
async def update_dunning():
    form = DunningForm(formdata=await request.form)
    saved = None
    if form.validate():
        try:
            saved = await dunning.update_dunning_config(
                g.merchant.id,
                retry_schedule_days=form.retry_days,
                grace_period_days=form.grace_period_days.data,
                end_action=form.end_action.data,
                past_due_access=bool(form.past_due_access.data),
            )
        except ServiceError as error:
            form.attach_error(error)
    if saved is None:
        if is_htmx():
            return await render_page(PAGE, DUNNING, INVALID_FORM, dunning_form=form)
        return await _page(INVALID_FORM, dunning_form=form, dunning_is_default=False)
    await flash("Dunning policy saved.", "success")
    if not is_htmx():
        return redirect(url_for("settings.index"), 303)
    return await render_page(PAGE, DUNNING, dunning_form=_dunning_form(saved))
