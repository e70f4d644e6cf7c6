"""/v1/events (reads): list with filters and pagination, count, unique event names and
unique customer ids.

Query strings are read raw (``request.args``) because ``eventName`` and ``customerId`` may be
repeated as well as comma-separated; the service parses and validates them and answers a 400
naming the parameter. The filters and the event shape are described in
billing/usage/event_reads.py.
"""

from typing import Annotated

from pydantic import BaseModel, Field
from quart import Blueprint, request
from quart_schema import document_querystring, document_response

from api.common import ErrorBody, fails_as
from api.schema_rules import DATETIME, integer, pattern
from billing.usage import event_reads
from billing.usage.event_reads import MAX_DIGITS, MAX_FILTER_TEXT, MAX_FILTER_VALUES, MAX_LIMIT
from webapp.auth import merchant_id

bp = Blueprint("event_reads", __name__)

FETCH_FAILED = "Failed to fetch events"


# At most MAX_FILTER_VALUES values of at most MAX_FILTER_TEXT characters each, as the service
# reads them: documented as one text short enough to hold no more of either, however split.
FILTER_LENGTH = min(MAX_FILTER_TEXT, 2 * MAX_FILTER_VALUES - 1)
FILTER = pattern(f"^[^\\x00]{{0,{FILTER_LENGTH}}}$")


class EventQuery(BaseModel):
    eventName: Annotated[str | None, FILTER] = Field(
        None, description="Event names, comma-separated or repeated"
    )
    customerId: Annotated[str | None, FILTER] = Field(
        None, description="Internal or external customer ids, comma-separated or repeated"
    )
    startDate: Annotated[str | None, DATETIME] = Field(None, description="Inclusive ISO 8601 start")
    endDate: Annotated[str | None, DATETIME] = Field(
        None, description="Inclusive ISO 8601 end (a date: whole day); not before startDate"
    )


class PageQuery(EventQuery):
    limit: Annotated[int | None, integer(1, MAX_LIMIT)] = Field(
        None, description="1-1000, default 100"
    )
    offset: Annotated[int | None, integer(0, 10**MAX_DIGITS - 1)] = Field(
        None, description="default 0"
    )


class EventOut(BaseModel):
    """``customerId``: as sent, or for an event sent by external id the customer that id
    belongs to now (null while there is none). ``id`` is a string of digits."""

    id: str
    idempotencyKey: str
    eventName: str
    customerId: str | None
    extCustomerId: str | None
    eventValue: float | None
    eventString: str | None
    properties: dict
    eventTimestamp: str
    receivedAt: str


class Pagination(BaseModel):
    limit: int
    offset: int
    hasMore: bool


class EventPage(BaseModel):
    data: list[EventOut]
    pagination: Pagination


class EventCount(BaseModel):
    totalCount: int


class EventNames(BaseModel):
    eventNames: list[str]


class EventCustomerOut(BaseModel):
    """``type`` is ``customer`` for a live customer of yours, else ``unknown`` (``id`` is then
    the id the events were sent with)."""

    id: str
    externalId: str | None
    internalId: str | None
    name: str | None
    email: str | None
    type: str


class EventCustomers(BaseModel):
    customerIds: list[EventCustomerOut]


def _args() -> dict[str, list[str]]:
    return {name: request.args.getlist(name) for name in request.args}


@bp.get("/events")
@document_querystring(PageQuery)
@document_response(EventPage)
@document_response(ErrorBody, 400)
@fails_as(FETCH_FAILED)
async def list_events():
    """Events newest first; ``hasMore`` tells whether another page follows."""
    args = _args()
    filters = event_reads.parse_filters(args)
    limit, offset = event_reads.parse_page(args)
    events, has_more = await event_reads.list_events(
        merchant_id(), filters, limit=limit, offset=offset
    )
    return {"data": events, "pagination": {"limit": limit, "offset": offset, "hasMore": has_more}}


@bp.get("/events/count")
@document_querystring(EventQuery)
@document_response(EventCount)
@document_response(ErrorBody, 400)
@fails_as(FETCH_FAILED)
async def count_events():
    """How many events match the same filters as the list."""
    filters = event_reads.parse_filters(_args())
    return {"totalCount": await event_reads.count_events(merchant_id(), filters)}


@bp.get("/events/unique-event-names")
@document_response(EventNames)
@fails_as(FETCH_FAILED)
async def unique_event_names():
    """Every event name sent, sorted."""
    return {"eventNames": await event_reads.unique_event_names(merchant_id())}


@bp.get("/events/unique-customer-ids")
@document_response(EventCustomers)
@fails_as(FETCH_FAILED)
async def unique_customer_ids():
    """Every customer with events: known customers first, then ids of no customer."""
    return {"customerIds": await event_reads.unique_customers(merchant_id())}
