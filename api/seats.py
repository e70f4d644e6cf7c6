"""/v1/seats: add and remove an organization's seats, and read its seat usage.

The services (billing/seats) hold every rule: the ids in the bodies are the merchant's
external ids, adding bills the rest of the period at once, removing stops counting the seat
from the next period (no refund), ``idempotency_key`` replays the first result. Body fields
are typed ``Any`` here so the service answers every wrong shape with its own clear 400.
``subscription_id`` in the answers is the stable subscription id.
"""

from typing import Any

from pydantic import BaseModel, Field
from quart import Blueprint
from quart_schema import document_response, validate_request

from api.common import Body, ErrorBody, fails_as, iso, json_response
from billing.seats import seat_usage, seats
from billing.seats.seat_usage import FAILED as USAGE_FAILED
from webapp.auth import merchant_id

bp = Blueprint("seats", __name__, url_prefix="/seats")

ADD_FAILED = "Failed to add seat"
REMOVE_FAILED = "Failed to remove seat"


def _text(description: str) -> Any:
    return Field(default=None, description=description, json_schema_extra={"type": "string"})


class SeatHolderBody(Body):
    organization_id: Any = _text("The organization's external id (or send user_id)")
    user_id: Any = _text("The subscriber's external customer id (or send organization_id)")
    idempotency_key: Any = _text("Repeat a call with the same key to get its first result")
    timestamp: Any = _text("When the change happens (ISO 8601); default now")


class AddSeat(SeatHolderBody):
    created_user_id: Any = _text("The member's external customer id (required)")
    created_user_info: Any = Field(
        default=None,
        description="{name, email} of the member, used when the customer must be created",
        json_schema_extra={"type": "object"},
    )


class RemoveSeat(SeatHolderBody):
    removed_user_id: Any = _text("The member's external customer id (required)")


class SeatAdded(BaseModel):
    message: str
    created_user_id: str
    subscription_id: str
    idempotency_key: str


class SeatRemoved(BaseModel):
    message: str
    removed_user_id: str
    subscription_id: str


class SeatUsageRow(BaseModel):
    """One seat component's seats (billing/seats/seat_usage.py says how they relate)."""

    componentId: str
    componentName: str | None
    unitLabel: str | None
    metricId: str | None
    currentUsage: int = Field(
        description="Seats this period: live members (primary included) plus removed seats "
        "still paid until the period ends. Usage, not billing: the plan's minSeats floor is "
        "not applied here (see billedSeats)."
    )
    pendingRemovals: int = Field(
        description="Of currentUsage, seats removed that stop counting at the next period."
    )
    billedSeats: int = Field(
        description="Tally extension: the seats the next in-advance charge bills and MRR "
        "counts, max(currentUsage - pendingRemovals, minSeats)."
    )
    unitAmountCents: int


class SeatUsageOut(BaseModel):
    customerId: str
    subscriptionId: str | None
    seatUsages: list[SeatUsageRow]
    subscriptionDetails: list[dict]
    priceComponents: list[dict]


@bp.post("/add")
@validate_request(AddSeat)
@document_response(SeatAdded)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 404)
@document_response(ErrorBody, 409)
@fails_as(ADD_FAILED)
async def add_seat(data: AddSeat):
    """Add a seat: creates the member (and the organization) when missing and invoices the
    rest of the current period at once."""
    result = await seats.add_seat(merchant_id(), data.model_dump())
    return json_response(
        {
            "message": result.message,
            "created_user_id": result.user_id,
            "subscription_id": result.subscription_id,
            "idempotency_key": result.idempotency_key,
        }
    )


@bp.post("/remove")
@validate_request(RemoveSeat)
@document_response(SeatRemoved)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 404)
@document_response(ErrorBody, 409)
@fails_as(REMOVE_FAILED)
async def remove_seat(data: RemoveSeat):
    """Remove a seat: the member's entitlements and credits end now; the seat is paid until
    the period ends and stops counting from the next one."""
    result = await seats.remove_seat(merchant_id(), data.model_dump())
    return json_response(
        {
            "message": result.message,
            "removed_user_id": result.user_id,
            "subscription_id": result.subscription_id,
        }
    )


def _detail_json(detail, stable_id: str) -> dict:
    return {
        "subscriptionId": stable_id,
        "componentId": detail.component_id,
        "previousBillingDate": iso(detail.previous_billing_date),
        "nextBillingDate": iso(detail.next_billing_date),
        "createdAt": iso(detail.created_at),
        "updatedAt": iso(detail.updated_at),
    }


@bp.get("/usage/<customer_id>")
@document_response(SeatUsageOut)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 404)
@fails_as(USAGE_FAILED)
async def get_seat_usage(customer_id: str):
    """Seats per seat component of the customer's organization: in use this period
    (``currentUsage``, usage without the plan's ``minSeats`` floor), pending removal at the
    next (``pendingRemovals``), and billed by the next in-advance charge (``billedSeats``:
    ``max(currentUsage - pendingRemovals, minSeats)``, as MRR counts them)."""
    usage = await seat_usage.seat_usage(merchant_id(), customer_id)
    stable_id = usage.subscription.stable_subscription_id if usage.subscription else None
    return json_response(
        {
            "customerId": usage.customer_id,
            "subscriptionId": stable_id,
            "seatUsages": usage.seat_usages,
            "subscriptionDetails": [_detail_json(d, stable_id) for d in usage.details],
            "priceComponents": usage.price_components,
        }
    )
