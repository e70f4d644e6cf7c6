"""Events written for the sender's tests the way a change writes them: ``recording.record``
inside a transaction, for a real customer, so the endpoints' deliveries are fanned out and
the commit notifies the senders."""

from datetime import datetime

from tortoise.transactions import in_transaction

from billing.customers.customer_fields import clean_fields
from billing.customers.models import Customer
from billing.event_log import recording
from billing.event_log.models import Event
from tests.conftest import unique_email


async def quiet_customer(merchant_id: str, prefix: str) -> Customer:
    """A customer row written without its own ``customer.created`` (whose deliveries would
    mix with the ones a test counts)."""
    return await Customer.create(
        merchant_id=merchant_id, **clean_fields({"email": unique_email(prefix)})
    )


async def write_event(merchant_id: str, at: datetime, type_: str = "customer.updated") -> Event:
    """A new customer of ``merchant_id`` and one event of ``type_`` about it at ``at``."""
    customer = await quiet_customer(merchant_id, "hook")
    async with in_transaction():
        await recording.record(merchant_id, type_, customer.id, at=at)
    return await Event.filter(merchant_id=merchant_id, object_id=customer.id, type=type_).first()


async def write_events(merchant_id: str, at: datetime, count: int) -> list[str]:
    """``count`` events about one new customer at ``at``, in one transaction; their ids."""
    customer = await quiet_customer(merchant_id, "many")
    changes = [
        recording.Change(merchant_id, "customer.updated", customer.id, key=f"{customer.id}:{n}")
        for n in range(count)
    ]
    async with in_transaction():
        await recording.record_many(changes, at=at)
    return await Event.filter(merchant_id=merchant_id, object_id=customer.id).values_list(
        "id", flat=True
    )
