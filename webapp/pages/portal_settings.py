"""Settings → Customer portal: the merchant chooses what customers may do in the hosted
portal (cancel, change plan, update billing details, download receipts).

Saved through ``portal_choices.save_choices``, one choice for both modes of the business.
The routes are on the settings blueprint, so the sidebar marks "Settings" here too; the page
is its own (form, template and route) beside the business profile's.
"""

from quart import flash, g, redirect, request, url_for

from billing.core.errors import ServiceError
from billing.portal import portal_choices
from webapp.forms.portal_settings import ACTION_WORDS, PortalSettingsForm
from webapp.pages.common import INVALID_FORM, login_required, render_page
from webapp.pages.settings import bp

PAGE = "dashboard/settings/portal.html"


async def _page(form: PortalSettingsForm, status: int = 200):
    return await render_page(PAGE, None, status, form=form, action_words=ACTION_WORDS)


@bp.get("/portal")
@login_required
async def portal():
    return await _page(PortalSettingsForm(data={"allows": list(g.merchant.portal_allows or [])}))


@bp.post("/portal")
@login_required
async def update_portal():
    form = PortalSettingsForm(formdata=await request.form)
    if form.validate():
        try:
            await portal_choices.save_choices(g.merchant.id, list(form.allows.data or []))
        except ServiceError as error:
            form.attach_error(error)
    if form.has_errors:
        return await _page(form, INVALID_FORM)
    await flash("Customer portal settings saved.", "success")
    return redirect(url_for("settings.portal"), 303)
