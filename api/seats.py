"""/v1/seats: add and remove an organization's seats, and read its seat usage.

The services (billing/seats) hold every rule: the ids in the bodies are the merchant's
external ids, adding bills the rest of the period at once, removing stops counting the seat
from the next period (no refund), ``idempotency_key`` replays the first result. Body fields
are typed ``Any`` here so the service answers every wrong shape with its own clear 400.
``subscription_id`` in the answers is the stable subscription id.
"""

from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from quart import Blueprint
from quart_schema import document_response, validate_request

from api.common import (
    Body,
    ErrorBody,
    document_required,
    fails_as,
    iso,
    json_response,
    path_pattern,
)
from api.schema_rules import DATETIME_PATTERN, nullable, text_schema
from billing.seats import seat_usage, seats
from billing.seats.seat_inputs import MAX_ID
from billing.seats.seat_usage import FAILED as USAGE_FAILED
from webapp.auth import merchant_id

bp = Blueprint("seats", __name__, url_prefix="/seats")

ADD_FAILED = "Failed to add seat"
REMOVE_FAILED = "Failed to remove seat"


ID = text_schema(MAX_ID)
CUSTOMER_ID = "^cust_[0-9A-Za-z]{22}$"


def _field(description: str, schema: dict = ID, *, optional: bool = True) -> Any:
    extra = nullable(schema) if optional else schema
    return Field(default=None, description=description, json_schema_extra=extra)


def _one_holder(schema: dict, model: type) -> None:
    """Exactly one of ``organization_id`` and ``user_id`` (``billing.seats.seat_inputs``)."""
    null = {"type": "null"}
    schema["oneOf"] = [
        {"required": [given], "properties": {given: ID, other: null}}
        for given, other in (("organization_id", "user_id"), ("user_id", "organization_id"))
    ]
    document_required(schema, model)


class SeatHolderBody(Body):
    model_config = ConfigDict(json_schema_extra=_one_holder)
    organization_id: Any = _field("The organization's external id (or send user_id)")
    user_id: Any = _field("The subscriber's external customer id (or send organization_id)")
    idempotency_key: Any = _field("Repeat a call with the same key to get its first result")
    timestamp: Any = _field(
        "When the change happens (ISO 8601); default now",
        {"type": "string", "pattern": DATETIME_PATTERN},
    )


class AddSeat(SeatHolderBody):
    required_fields = ("created_user_id",)
    created_user_id: Any = _field("The member's external customer id", optional=False)
    created_user_info: Any = Field(
        default=None,
        description="{name, email} of the member, used when the customer must be created",
        json_schema_extra=nullable(
            {
                "type": "object",
                "properties": {
                    "name": nullable({"type": "string"}),
                    "email": nullable({"type": "string"}),
                },
            }
        ),
    )


class RemoveSeat(SeatHolderBody):
    required_fields = ("removed_user_id",)
    removed_user_id: Any = _field("The member's external customer id", optional=False)


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
@path_pattern(customer_id=CUSTOMER_ID)
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
