"""API keys: create, list and revoke.

A new key's full value is rendered straight into the answer to the create request and kept
nowhere else (not in the session, not in a flash), so reloading the page cannot show it again.
One URL serves the whole page or, for HTMX, only the keys panel.
"""

from quart import Blueprint, flash, g, redirect, request, url_for

from billing.accounts import api_keys
from billing.core.errors import ServiceError
from webapp.forms import error_words
from webapp.forms.api_keys import ApiKeyForm
from webapp.pages.common import INVALID_FORM, is_htmx, login_required, page_headers, render_page

bp = Blueprint("api_keys", __name__, url_prefix="/dashboard/api-keys")
bp.after_request(page_headers)

PAGE = "dashboard/api_keys/index.html"
PANEL = "dashboard/api_keys/_panel.html"


async def _keys():
    """The keys of the mode the dashboard is in (a live row also manages its test keys, which
    the test mode's page shows)."""
    return await api_keys.list_api_keys(g.merchant.id, environment=g.merchant.mode)


@bp.get("")
@login_required
async def index():
    keys = await _keys()
    return await render_page(PAGE, PANEL, form=ApiKeyForm(), keys=keys)


@bp.post("")
@login_required
async def create():
    form = ApiKeyForm(formdata=await request.form)
    new_key = value = None
    if form.validate():
        try:
            new_key, value = await api_keys.create_api_key(
                g.merchant.id,
                name=form.name.data,
                key_type=form.key_type.data,
            )
        except ServiceError as error:
            form.attach_error(error)
    keys = await _keys()
    if new_key is None:
        return await render_page(PAGE, PANEL, INVALID_FORM, form=form, keys=keys)
    return await render_page(
        PAGE, PANEL, 201, form=ApiKeyForm(), keys=keys, new_key=new_key, new_value=value
    )


@bp.get("/<key_id>/revoke")
@login_required
async def confirm_revoke(key_id: str):
    """The confirmation step for browsers without JavaScript (HTMX asks with hx-confirm)."""
    key = next((k for k in await _keys() if k.id == key_id), None)
    if key is None or key.revoked_at is not None:
        await flash("That key does not exist or is already revoked.", "error")
        return redirect(url_for("api_keys.index"), 303)
    return await render_page("dashboard/api_keys/confirm_revoke.html", key=key)


@bp.post("/<key_id>/revoke")
@login_required
async def revoke(key_id: str):
    try:
        key = await api_keys.revoke_api_key(g.merchant.id, key_id)
    except ServiceError as error:
        await flash(error_words.words(error), "error")
    else:
        await flash(f"“{key.name}” is revoked. Requests using it now fail.", "success")
    if not is_htmx():
        return redirect(url_for("api_keys.index"), 303)
    keys = await _keys()
    return await render_page(PAGE, PANEL, form=ApiKeyForm(), keys=keys)
