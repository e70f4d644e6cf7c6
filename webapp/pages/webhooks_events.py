"""Developers → Webhooks → Events: the event log newest first (of one type, if asked), each
event with how its deliveries stand ("2 delivered · 1 retrying"), one event with every attempt
made to deliver it, and resending it (to every endpoint that wants it, or to one).

Reads go through ``billing.webhooks.event_reads`` and resending through
``billing.webhooks.resend``, the functions /v1 uses. The list pages by the last event's id
("Older events"), as the API does, so it never counts or offsets.
"""

from quart import flash, g, redirect, request, url_for

from billing.core.errors import NotFound, ServiceError
from billing.event_log import event_types
from billing.webhooks import endpoints, event_reads, resend
from billing.webhooks.endpoint_test_event import TEST_TYPE
from webapp.forms import error_words
from webapp.pages.common import is_htmx, login_required, render_page
from webapp.pages.webhooks import bp, missing

EVENTS = "dashboard/webhooks/events.html"
EVENTS_PANEL = "dashboard/webhooks/_events.html"
EVENT = "dashboard/webhooks/event.html"
RESENT = "dashboard/webhooks/_resent.html"
PAGE_SIZE = 25


@bp.app_template_filter("event_when")
def event_when(type_name: str) -> str:
    """What happened, in words, for an event's type ("a customer was created")."""
    if type_name == TEST_TYPE:
        return "a test event sent from the dashboard"
    known = event_types.TYPES.get(type_name)
    return known.when if known else ""


@bp.app_template_filter("delivery_words")
def delivery_words(outcome: event_reads.Outcome) -> str:
    """How an event's deliveries stand, in words: "2 delivered · 1 retrying", "Not sent"."""
    parts = [
        f"{count} {word}"
        for count, word in (
            (outcome.delivered, "delivered"),
            (outcome.retrying, "retrying"),
            (outcome.waiting, "waiting"),
            (outcome.failed, "failed"),
        )
        if count
    ]
    return " · ".join(parts) or "Not sent"


@bp.app_template_filter("delivery_tone")
def delivery_tone(outcome: event_reads.Outcome) -> str:
    """The chip's colour: failed red, retrying amber, all delivered green, else plain."""
    if outcome.failed:
        return "badge-danger"
    if outcome.retrying:
        return "badge-warning"
    if outcome.sent_to and outcome.delivered == outcome.sent_to:
        return "badge-success"
    return "badge-muted"


@bp.get("/events")
@login_required
async def events():
    after = request.args.get("after", "")[:40]
    shown_type = request.args.get("type", "")[:64]
    context: dict = {
        "after": after,
        "type": shown_type,
        "events": [],
        "has_more": False,
        "outcomes": {},
    }
    try:
        rows, has_more, outcomes = await event_reads.list_events_with_outcomes(
            g.merchant.id, type=shown_type or None, limit=PAGE_SIZE, starting_after=after or None
        )
    except ServiceError as error:  # a page link edited by hand
        context["page_error"] = error_words.words(error)
    else:
        context.update(events=rows, has_more=has_more, outcomes=outcomes)
    return await render_page(EVENTS, EVENTS_PANEL, **context)


@bp.get("/events/<event_id>")
@login_required
async def event(event_id: str):
    try:
        found, attempts = await event_reads.get_event(g.merchant.id, event_id)
    except NotFound as error:
        return await missing(error)
    # The endpoints name the attempts by URL and are the choices to resend to.
    targets = {e.id: e for e in await endpoints.list_endpoints(g.merchant.id)}
    return await render_page(EVENT, event=found, attempts=attempts, targets=targets)


@bp.post("/events/<event_id>/resend")
@login_required
async def resend_event(event_id: str):
    endpoint_id = (await request.form).get("endpoint_id") or None
    try:
        made = await resend.resend(g.merchant.id, event_id, endpoint_id=endpoint_id)
    except NotFound as error:
        return await missing(error)
    except ServiceError as error:
        if is_htmx():
            return await render_page(RESENT, RESENT, 409, error=error_words.words(error))
        await flash(error_words.words(error), "error")
    else:
        count = len(made)
        if is_htmx():
            return await render_page(RESENT, RESENT, 202, count=count)
        await flash(f"Sent again to {count} endpoint{'s' if count != 1 else ''}.", "success")
    return redirect(url_for("webhooks.event", event_id=event_id), 303)
