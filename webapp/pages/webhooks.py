"""Developers → Webhooks: the merchant's endpoints, listed, added and edited.

Every write is one call to ``billing.webhooks.endpoints`` (the functions /v1 uses), so the
URL, address and event-type rules live there and their errors come back next to the field.
A new endpoint's signing secret is rendered straight into the answer to the create request
and kept nowhere else (as a new API key is), so reloading the page cannot show it again; later
it is revealed only on click (``webhooks_endpoint``). One URL serves the whole page or, for
HTMX, only the endpoints panel. The endpoint actions (reveal, rotate, test event, disable,
delete) are in ``webhooks_endpoint`` and the event log in ``webhooks_events``, on this
blueprint, so the nav marks "Webhooks" on all of them.

Another merchant's endpoint or event id answers the 404 page a made-up id does.
"""

from datetime import datetime

from quart import Blueprint, flash, g, redirect, render_template, request, url_for

from billing.core.errors import NotFound, ServiceError
from billing.core.models import utcnow
from billing.event_log.models import WebhookEndpoint
from billing.webhooks import endpoints
from webapp.forms import error_words
from webapp.forms.webhooks import EndpointForm, type_groups
from webapp.pages.common import INVALID_FORM, login_required, page_headers, render_page

bp = Blueprint("webhooks", __name__, url_prefix="/dashboard/webhooks")
bp.after_request(page_headers)

PAGE = "dashboard/webhooks/index.html"
PANEL = "dashboard/webhooks/_panel.html"
DETAIL = "dashboard/webhooks/endpoint.html"


@bp.context_processor
async def helpers() -> dict:
    return {"type_groups": type_groups(), "events_words": events_words}


def events_words(events: list[str]) -> str:
    """An endpoint's types as a merchant reads them: "All events" or the names."""
    return "All events" if "*" in events else ", ".join(events)


def overlap_until(endpoint: WebhookEndpoint, now: datetime) -> datetime | None:
    """Until when the previous secret still signs deliveries after a rotation, if it does."""
    expires = endpoint.previous_secret_expires_at
    return expires if endpoint.previous_secret and expires and now < expires else None


async def missing(error: NotFound) -> tuple[str, int]:
    """The 404 page, in the dashboard's words (HTMX shows its heading as a message)."""
    message = error_words.words(error)
    return await render_template("error.html", status=404, message=message), 404


async def detail_page(endpoint: WebhookEndpoint, form: EndpointForm, status: int = 200):
    """The endpoint's page: its facts, secret (masked), test event and edit form."""
    overlap = overlap_until(endpoint, utcnow())
    return await render_page(DETAIL, None, status, endpoint=endpoint, form=form, overlap=overlap)


@bp.get("")
@login_required
async def index():
    rows = await endpoints.list_endpoints(g.merchant.id)
    return await render_page(PAGE, PANEL, form=EndpointForm(), endpoints=rows)


@bp.post("")
@login_required
async def create():
    form = EndpointForm(formdata=await request.form)
    made = secret = None
    if form.validate():
        try:
            made, secret = await endpoints.create_endpoint(g.merchant.id, **form.values())
        except ServiceError as error:
            form.attach_error(error)
    rows = await endpoints.list_endpoints(g.merchant.id)
    if made is None:
        return await render_page(PAGE, PANEL, INVALID_FORM, form=form, endpoints=rows)
    return await render_page(
        PAGE, PANEL, 201, form=EndpointForm(), endpoints=rows, new_endpoint=made, secret=secret
    )


@bp.get("/endpoints/<endpoint_id>")
@login_required
async def detail(endpoint_id: str):
    try:
        endpoint = await endpoints.get_endpoint(g.merchant.id, endpoint_id)
    except NotFound as error:
        return await missing(error)
    return await detail_page(endpoint, EndpointForm.of(endpoint))


@bp.post("/endpoints/<endpoint_id>")
@login_required
async def update(endpoint_id: str):
    form = EndpointForm(formdata=await request.form)
    if form.validate():
        try:
            await endpoints.update_endpoint(g.merchant.id, endpoint_id, **form.values())
        except NotFound as error:
            return await missing(error)
        except ServiceError as error:
            form.attach_error(error)
        else:
            await flash("Endpoint saved.", "success")
            return redirect(url_for("webhooks.detail", endpoint_id=endpoint_id), 303)
    try:
        endpoint = await endpoints.get_endpoint(g.merchant.id, endpoint_id)
    except NotFound as error:
        return await missing(error)
    return await detail_page(endpoint, form, INVALID_FORM)
