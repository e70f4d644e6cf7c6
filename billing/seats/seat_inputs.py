"""The bodies of ``POST /v1/seats/add`` and ``/remove``, checked before anything is read.

Every shape the spec does not describe is a 400 with a message naming the field, so a client
learns what to fix and nothing is stored. The ids in these bodies (``organization_id``,
``user_id``, ``created_user_id``, ``removed_user_id``) are the merchant's own external ids,
compared exactly as sent (trimmed). Exactly one of ``organization_id`` and ``user_id`` names
the seat holder: both at once could disagree, so that is refused too. ``timestamp`` is when
the change happens (it sets the proration); absent, it is now. ``idempotency_key`` absent, the
call makes one and answers it, so a client can still retry safely.
"""

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from billing.core.errors import Invalid
from billing.core.ids import new_id
from billing.core.models import utcnow
from billing.core.timestamps import parse_timestamp
from billing.core.validation import clean_name

ONE_HOLDER = "organization_id or user_id is required"
NOT_BOTH = "Send organization_id or user_id, not both"
USER_INFO_SHAPE = "created_user_info must be an object with name and email strings"
MAX_ID = 200


def _text(body: dict, field: str, *, required: bool = False) -> str | None:
    value = body.get(field)
    if value is None:
        if required:
            raise Invalid(f"{field} is required", code="required", field=field)
        return None
    if not isinstance(value, str):
        raise Invalid(f"{field} must be a string", code="not_a_string", field=field)
    return clean_name(value, field, max_length=MAX_ID)


@dataclass(frozen=True)
class Holder:
    """Who holds the seats: the organization's external id, or its subscriber's."""

    organization_id: str | None
    user_id: str | None


@dataclass(frozen=True)
class SeatRequest:
    holder: Holder
    user_id: str  # the member: created_user_id or removed_user_id
    idempotency_key: str
    at: datetime
    name: str | None = None
    email: str | None = None


def _holder(body: dict) -> Holder:
    organization_id, user_id = _text(body, "organization_id"), _text(body, "user_id")
    if organization_id is None and user_id is None:
        raise Invalid(ONE_HOLDER, code="one_holder")
    if organization_id is not None and user_id is not None:
        raise Invalid(NOT_BOTH, code="not_both")
    return Holder(organization_id, user_id)


def _user_info(value: Any) -> tuple[str | None, str | None]:
    if value is None:
        return None, None
    if not isinstance(value, dict):
        raise Invalid(USER_INFO_SHAPE, code="user_info_shape")
    name, email = value.get("name"), value.get("email")
    if not all(item is None or isinstance(item, str) for item in (name, email)):
        raise Invalid(USER_INFO_SHAPE, code="user_info_shape")
    return name, email


def _common(body: Any, user_field: str) -> tuple[Holder, str, str, datetime]:
    if not isinstance(body, dict):
        raise Invalid("The body must be a JSON object")
    holder = _holder(body)
    user_id = _text(body, user_field, required=True)
    key = _text(body, "idempotency_key") or new_id("seatkey")
    at = parse_timestamp(body.get("timestamp"), "timestamp") or utcnow()
    at = at.replace(microsecond=0)  # prorated to the second: no fraction of one
    return holder, user_id, key, at


def add_request(body: Any) -> SeatRequest:
    """A checked ``/seats/add`` body."""
    holder, user_id, key, at = _common(body, "created_user_id")
    name, email = _user_info(body.get("created_user_info"))
    return SeatRequest(holder, user_id, key, at, name=name, email=email)


def remove_request(body: Any) -> SeatRequest:
    """A checked ``/seats/remove`` body."""
    holder, user_id, key, at = _common(body, "removed_user_id")
    return SeatRequest(holder, user_id, key, at)
