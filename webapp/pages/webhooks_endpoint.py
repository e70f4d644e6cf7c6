"""One webhook endpoint's actions: reveal and rotate its secret, send a test event, disable or
enable it, delete it. Each is one service call (``billing.webhooks``).

The secret is shown masked until the merchant clicks "Reveal" (a POST, so no link, prefetch
or history entry ever holds it, and the CSRF check applies); a rotation answers the new one
once, with when the old one stops signing. The test event's answer is its pending delivery,
so the merchant sees at once that something is on its way.
"""

from quart import flash, g, redirect, request, url_for

from billing.core.errors import NotFound, ServiceError
from billing.core.models import utcnow
from billing.event_log.models import EndpointStatus
from billing.webhooks import endpoint_test_event, endpoints
from webapp.forms import error_words
from webapp.pages.common import is_htmx, login_required, render_page
from webapp.pages.webhooks import bp, missing, overlap_until

SECRET = "dashboard/webhooks/_secret.html"
TEST_RESULT = "dashboard/webhooks/_test_result.html"


def _back(endpoint_id: str) -> str:
    return url_for("webhooks.detail", endpoint_id=endpoint_id)


@bp.post("/endpoints/<endpoint_id>/reveal")
@login_required
async def reveal(endpoint_id: str):
    try:
        endpoint = await endpoints.get_endpoint(g.merchant.id, endpoint_id)
    except NotFound as error:
        return await missing(error)
    secret = endpoints.secret_of(endpoint)
    overlap = overlap_until(endpoint, utcnow())
    return await render_page(
        "dashboard/webhooks/secret.html",
        SECRET,
        endpoint=endpoint,
        secret=secret,
        overlap=overlap,
    )


@bp.post("/endpoints/<endpoint_id>/rotate")
@login_required
async def rotate(endpoint_id: str):
    now = utcnow()
    try:
        endpoint, secret = await endpoints.rotate_secret(g.merchant.id, endpoint_id, now=now)
    except NotFound as error:
        return await missing(error)
    return await render_page(
        "dashboard/webhooks/secret.html",
        SECRET,
        endpoint=endpoint,
        secret=secret,
        rotated=True,
        overlap=overlap_until(endpoint, now),
    )


@bp.post("/endpoints/<endpoint_id>/test")
@login_required
async def send_test(endpoint_id: str):
    try:
        event, delivery = await endpoint_test_event.send_test_event(g.merchant.id, endpoint_id)
    except NotFound as error:
        return await missing(error)
    except ServiceError as error:
        if not is_htmx():
            await flash(error_words.words(error), "error")
            return redirect(_back(endpoint_id), 303)
        return await render_page(TEST_RESULT, TEST_RESULT, 409, error=error_words.words(error))
    if not is_htmx():
        await flash("Test event sent: its delivery is on its way.", "success")
        return redirect(url_for("webhooks.event", event_id=event.id), 303)
    return await render_page(TEST_RESULT, TEST_RESULT, event=event, delivery=delivery)


@bp.post("/endpoints/<endpoint_id>/status")
@login_required
async def set_status(endpoint_id: str):
    wanted = (await request.form).get("status", "")
    try:
        await endpoints.update_endpoint(g.merchant.id, endpoint_id, status=wanted)
    except NotFound as error:
        return await missing(error)
    except ServiceError as error:
        await flash(error_words.words(error), "error")
    else:
        if wanted == EndpointStatus.DISABLED:
            await flash("Endpoint disabled: Tally sends it nothing until you enable it.", "success")
        else:
            await flash("Endpoint enabled: new events are sent to it again.", "success")
    return redirect(_back(endpoint_id), 303)


@bp.get("/endpoints/<endpoint_id>/delete")
@login_required
async def confirm_delete(endpoint_id: str):
    """The confirmation step for browsers without JavaScript (HTMX asks with hx-confirm)."""
    try:
        endpoint = await endpoints.get_endpoint(g.merchant.id, endpoint_id)
    except NotFound as error:
        return await missing(error)
    return await render_page("dashboard/webhooks/confirm_delete.html", endpoint=endpoint)


@bp.post("/endpoints/<endpoint_id>/delete")
@login_required
async def delete(endpoint_id: str):
    try:
        await endpoints.delete_endpoint(g.merchant.id, endpoint_id)
    except NotFound as error:
        return await missing(error)
    await flash("Endpoint deleted. Tally sends it nothing more.", "success")
    target = url_for("webhooks.index")
    if is_htmx():  # the button sits on the endpoint's page, which no longer exists
        return "", 200, {"HX-Redirect": target}
    return redirect(target, 303)
