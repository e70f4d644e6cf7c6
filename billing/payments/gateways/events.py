"""A provider's webhook event and a read-back intent, in Tally's words.

Each gateway parses its own deliveries (``Gateway.parse_webhook``) into one ``ParsedEvent``,
so the webhook services act on what happened (a payment settled, a refund settled, a way to pay
saved) without knowing any provider's event types or shapes. A parsed event keeps the values
it found as they came (ids, metadata): the services validate them once, whichever provider
sent them, so an odd value is dropped the same way for every provider.

``event_object`` is the event a verified body holds (``NotAnEvent`` when it holds none).
``SavedMethod`` is a way to pay the provider keeps for later charges (a card, a mandate), with
the ``PaymentMethod`` columns it told; ``IntentRead`` is a checkout payment or a setup read
back from the provider, for the pages that confirm one in the browser. The small helpers here
(``text``, ``dict_at``, ``from_unix``, ``from_iso``) are what the parsers and the services
both use to read an event's values safely.
"""

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from billing.core.models import utcnow
from billing.core.validation import has_unstorable_characters
from billing.payments.models import PaymentStatus


class EventKind(StrEnum):
    """What a provider event means to Tally."""

    PAYMENT = "payment"  # a payment settled (succeeded or failed)
    REFUND = "refund"  # a refund settled
    METHOD = "method"  # a way to pay was saved for a customer
    IGNORED = "ignored"  # recorded only, with ``reason``


@dataclass(frozen=True)
class SavedMethod:
    """A card or a mandate the provider keeps: its id (None when the event named none), its
    ``payment_type`` and the ``PaymentMethod`` columns the provider told (its customer id, the
    card's details, ``external_psp_metadata``)."""

    method_id: Any
    payment_type: str
    fields: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ParsedEvent:
    """One verified provider event. ``succeeded`` for a payment or refund; ``provider_id``
    (the provider's payment or refund id) and ``tally_id`` (Tally's, from the metadata Tally
    sent) find what settled; ``message`` says why it failed. A ``METHOD`` event names the
    Tally ``customer_id`` and, for a trial checkout's, the ``subscription_id`` from its
    metadata; a ``PAYMENT`` event may carry the card its checkout paid with (``method``), kept
    for renewals by gateways that keep one. ``no_method`` is what is recorded when the event
    names no method; ``fill_method_id`` the card whose details are read after the commit."""

    kind: EventKind
    at: datetime | None = None
    succeeded: bool = False
    provider_id: Any = None
    tally_id: Any = None
    message: str | None = None
    customer_id: Any = None
    subscription_id: Any = None
    method: SavedMethod | None = None
    no_method: str = "it carries no payment method"
    fill_method_id: Any = None
    reason: str = ""


@dataclass(frozen=True)
class IntentRead:
    """A checkout payment or a setup as the provider holds it: ``status`` in Tally's words,
    ``said`` the provider's own word (a page shows it as it is), the Tally customer and
    subscription its metadata names, and the method it was confirmed with."""

    status: PaymentStatus
    said: str
    customer_id: Any = None
    subscription_id: Any = None
    method: SavedMethod | None = None
    provider_id: str | None = None
    message: str | None = None


class NotAnEvent(Exception):
    """A verified delivery whose body is not a JSON event object with a type (and an id)."""


def event_object(payload: Any) -> dict:
    """The event a verified body (bytes, text or already parsed) holds; ``NotAnEvent``
    unless it is a JSON object with a ``type``."""
    if isinstance(payload, (bytes, str)):
        try:
            payload = json.loads(payload)
        except (ValueError, RecursionError):
            raise NotAnEvent from None
    if not isinstance(payload, dict) or not isinstance(payload.get("type"), str):
        raise NotAnEvent
    return payload


def ignored(reason: str) -> ParsedEvent:
    return ParsedEvent(EventKind.IGNORED, reason=reason)


def not_acted_on(kind: Any) -> ParsedEvent:
    return ignored(f"Tally does not act on {text(kind, 100) or 'untyped'} events")


def text(value: Any, max_length: int = 200) -> str | None:
    """``value`` when it is a non-empty string that fits a column of ``max_length``."""
    if not isinstance(value, str) or not value or len(value) > max_length:
        return None
    return None if has_unstorable_characters(value) else value


def dict_at(value: Any, *keys: str) -> dict:
    """The object at ``value[k1][k2]...``; ``{}`` where anything on the way is not one."""
    for key in keys:
        value = value.get(key) if isinstance(value, dict) else None
    return value if isinstance(value, dict) else {}


def from_unix(value: Any) -> datetime:
    """A Unix timestamp (seconds since the epoch); now when it is not one."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 < value < 2**33:
        return datetime.fromtimestamp(value, UTC)
    return utcnow()


def from_iso(value: Any) -> datetime:
    """An ISO 8601 timestamp; now when it is not one."""
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        moment = None
    if moment is None:
        return utcnow()
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
