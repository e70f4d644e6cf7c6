"""Finding one of the merchant's rows by id: the single place the "not found" rule lives.

A malformed id (wrong prefix, odd characters, too long) answers like a missing one without a
query, and another merchant's id answers the same because the query is tenant-scoped: callers
cannot tell which of the three happened, which is the point.
"""

from typing import TypeVar

from billing.core.errors import NotFound
from billing.core.ids import is_well_formed
from billing.core.models import TenantModel

T = TypeVar("T", bound=TenantModel)


async def find_scoped(
    model: type[T],
    merchant_id: str,
    record_id: object,
    missing: str,
    *,
    lock: bool = False,
    field: str | None = None,
) -> T:
    """The merchant's live ``model`` row with this id (locked FOR UPDATE with ``lock``, inside
    the caller's transaction), else ``NotFound(missing)`` about the request's ``field``."""
    if not isinstance(record_id, str) or not is_well_formed(record_id, model.id_prefix):
        raise NotFound(missing, field=field)
    query = model.scoped(merchant_id).filter(id=record_id)
    row = await (query.select_for_update() if lock else query).first()
    if row is None:
        raise NotFound(missing, field=field)
    return row
