"""Reading the event log: a merchant row's events newest first, and one event with every
attempt made to deliver it.

Design decisions where the issue is silent:
- ``limit`` is 1 to 100 (default 20); ``startingAfter`` is an event id of this merchant row
  (the last of the previous page): the page holds the events older than it. An id that is not
  one of this row's events is a 400, as is an unknown ``type``.
- Events are ordered by their clock (``createdAt``) and then id, so events written by one
  change (one clock) keep one order between pages.
"""

from tortoise.expressions import Q

from billing.core.errors import Invalid, NotFound
from billing.core.ids import is_well_formed
from billing.event_log import event_types
from billing.event_log.models import Event, WebhookAttempt

EVENT_NOT_FOUND = "Event not found or access denied"
BAD_LIMIT = "limit must be between 1 and 100"
BAD_TYPE = "type must be an event type"
BAD_CURSOR = "startingAfter must be the id of one of your events"
DEFAULT_LIMIT, MAX_LIMIT = 20, 100


async def find_event(merchant_id: str, event_id: object) -> Event:
    """The merchant row's event with this id, else ``NotFound`` (another's answers the same)."""
    if not isinstance(event_id, str) or not is_well_formed(event_id, Event.id_prefix):
        raise NotFound(EVENT_NOT_FOUND)
    event = await Event.filter(merchant_id=merchant_id, id=event_id).first()
    if event is None:
        raise NotFound(EVENT_NOT_FOUND)
    return event


async def list_events(
    merchant_id: str,
    *,
    type: str | None = None,
    limit: int | None = None,
    starting_after: str | None = None,
) -> tuple[list[Event], bool]:
    """A page of events, newest first, and whether older ones follow."""
    limit = DEFAULT_LIMIT if limit is None else limit
    if not 1 <= limit <= MAX_LIMIT:
        raise Invalid(BAD_LIMIT, code="limit_invalid", field="limit")
    query = Event.filter(merchant_id=merchant_id)
    if type:
        if type not in event_types.TYPES:
            raise Invalid(BAD_TYPE, code="event_type_unknown", field="type")
        query = query.filter(type=type)
    if starting_after:
        try:
            last = await find_event(merchant_id, starting_after)
        except NotFound:
            raise Invalid(BAD_CURSOR, code="cursor_invalid", field="startingAfter") from None
        query = query.filter(
            Q(created_at__lt=last.created_at) | Q(created_at=last.created_at, id__lt=last.id)
        )
    found = await query.order_by("-created_at", "-id").limit(limit + 1)
    return found[:limit], len(found) > limit


async def get_event(merchant_id: str, event_id: object) -> tuple[Event, list[WebhookAttempt]]:
    """The event and every delivery attempt made for it, oldest first."""
    event = await find_event(merchant_id, event_id)
    attempts = await WebhookAttempt.filter(merchant_id=merchant_id, event_id=event.id).order_by(
        "attempted_at", "attempt", "id"
    )
    return event, attempts
