"""Provider events seen: so a webhook the provider delivers twice is processed once.

Providers deliver at least once and retry on any timeout, so the same event id can arrive
twice, even at the same moment on two server processes. ``first_sighting`` is one
``INSERT ... ON CONFLICT DO NOTHING`` on the (merchant, provider, event id) unique key: of two
concurrent calls, the second waits for the first's transaction and then inserts nothing, so
exactly one caller is told True. A read-then-insert would let both see "new".

It runs on the caller's connection: called inside the transaction that processes the event,
the sighting commits with the work, and a crash before commit leaves the event unseen, so
the provider's retry processes it then.
"""

from tortoise import connections

from billing.core.errors import Invalid
from billing.core.ids import new_id
from billing.core.validation import has_unstorable_characters
from billing.payments.models import PROVIDERS, ProviderEvent

RECORD = """
INSERT INTO provider_events (id, created_at, updated_at, merchant_id, provider, event_id, type)
VALUES ($1, now(), now(), $2, $3, $4, $5)
ON CONFLICT (merchant_id, provider, event_id) DO NOTHING
RETURNING id
"""


def _max_length(column: str) -> int:
    return ProviderEvent._meta.fields_map[column].max_length


async def first_sighting(merchant_id: str, provider: str, event_id: str, type: str) -> bool:
    """Record the event id; True the first time it is seen for this merchant and provider,
    False for a redelivery. A missing or oversized event id is a 400: without one an event
    cannot be deduplicated, so it is not processed at all."""
    if provider not in PROVIDERS:
        raise ValueError(f"unknown provider {provider!r}")
    if (
        not isinstance(event_id, str)
        or not 0 < len(event_id) <= _max_length("event_id")
        or has_unstorable_characters(event_id)
    ):
        raise Invalid("The event has no usable id")
    # The type is only kept for support; it never makes an event refused.
    type = "".join(c for c in (type or "") if c.isprintable())[: _max_length("type")]
    connection = connections.get("default")
    # execute_query_dict, not execute_query: the latter reads an INSERT's row count from the
    # status "INSERT 0 1" at the wrong position and never returns RETURNING rows.
    rows = await connection.execute_query_dict(
        RECORD, [new_id(ProviderEvent.id_prefix), merchant_id, provider, event_id, type]
    )
    return bool(rows)
