"""Reading the event log: a merchant row's events newest first (for the dashboard, with how
their deliveries went), and one event with every attempt made to deliver it.

Design decisions where the issue is silent:
- ``limit`` is 1 to 100 (default 20); ``startingAfter`` is an event id of this merchant row
  (the last of the previous page): the page holds the events older than it. An id that is not
  one of this row's events is a 400, as is an unknown ``type``.
- Events are ordered by their clock (``createdAt``) and then id, so events written by one
  change (one clock) keep one order between pages.
"""

from dataclasses import dataclass

from tortoise.expressions import Q
from tortoise.functions import Count

from billing.core.errors import Invalid, NotFound
from billing.core.ids import is_well_formed
from billing.event_log import event_types
from billing.event_log.models import DeliveryStatus, Event, WebhookAttempt, WebhookDelivery

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


@dataclass
class Outcome:
    """How an event's deliveries stand (a resend is a delivery of its own)."""

    delivered: int = 0
    retrying: int = 0  # failed at least once, to be tried again
    waiting: int = 0  # not tried yet
    failed: int = 0  # no retries left

    @property
    def sent_to(self) -> int:
        return self.delivered + self.retrying + self.waiting + self.failed


async def delivery_outcomes(merchant_id: str, event_ids: list[str]) -> dict[str, Outcome]:
    """How the deliveries of each of ``event_ids`` (the merchant row's) stand, in one grouped
    query; an event no endpoint was sent is ``Outcome()``."""
    outcomes = {event_id: Outcome() for event_id in event_ids}
    if not event_ids:
        return outcomes
    rows = (
        await WebhookDelivery.filter(merchant_id=merchant_id, event_id__in=event_ids)
        .annotate(n=Count("id"))
        .group_by("event_id", "status", "attempts")
        .values("event_id", "status", "attempts", "n")
    )
    for row in rows:
        outcome = outcomes[row["event_id"]]
        if row["status"] == DeliveryStatus.SUCCEEDED:
            outcome.delivered += row["n"]
        elif row["status"] == DeliveryStatus.FAILED:
            outcome.failed += row["n"]
        elif row["attempts"]:
            outcome.retrying += row["n"]
        else:
            outcome.waiting += row["n"]
    return outcomes


async def list_events_with_outcomes(
    merchant_id: str,
    *,
    type: str | None = None,
    limit: int | None = None,
    starting_after: str | None = None,
) -> tuple[list[Event], bool, dict[str, Outcome]]:
    """``list_events``' page, and how each of its events' deliveries stand, by event id."""
    events, has_more = await list_events(
        merchant_id, type=type, limit=limit, starting_after=starting_after
    )
    return events, has_more, await delivery_outcomes(merchant_id, [e.id for e in events])


async def get_event(merchant_id: str, event_id: object) -> tuple[Event, list[WebhookAttempt]]:
    """The event and every delivery attempt made for it, oldest first."""
    event = await find_event(merchant_id, event_id)
    attempts = await WebhookAttempt.filter(merchant_id=merchant_id, event_id=event.id).order_by(
        "attempted_at", "attempt", "id"
    )
    return event, attempts
