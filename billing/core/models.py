"""Shared model pieces: prefixed string ids, timestamps, tenant scoping and soft delete.

``TenantModel.scoped(merchant_id)`` is the one way services read tenant rows: it filters by
merchant and hides soft-deleted rows, so no query can forget either rule.
"""

import json
from datetime import UTC, datetime
from typing import Self, TypeVar

from tortoise import fields
from tortoise.models import Model
from tortoise.queryset import QuerySet

from billing.core.ids import new_id

M = TypeVar("M", bound=Model)


def column_names(model: type[Model]) -> list[str]:
    """The database columns of ``model``, for hand-written SQL on hot paths."""
    return list(model._meta.fields_db_projection.values())


def from_row(model: type[M], row: dict, prefix: str = "") -> M:
    """A model instance from a hand-written query's row (columns optionally prefixed)."""
    values = {column: row[prefix + column] for column in column_names(model)}
    return model._init_from_db(**values)


def utcnow() -> datetime:
    return datetime.now(UTC)


class JSONValueField(fields.JSONField):
    """A JSON column that may hold any JSON value, a bare string included.

    Tortoise's JSONField treats a Python ``str`` as already-encoded JSON text, so storing the
    string value ``"gold"`` fails and ``"25"`` would come back as the number 25. This field
    always encodes a ``str`` on the way to the database. Tortoise still decodes values given to
    a model's constructor, so assign string values after construction (``row.value = "gold"``).
    """

    def to_db_value(self, value, instance):
        if isinstance(value, str):
            return json.dumps(value)
        return super().to_db_value(value, instance)


class PrefixedIdModel(Model):
    """A model whose primary key is ``<id_prefix>_<22 base62>``."""

    id_prefix = ""
    id = fields.CharField(max_length=40, primary_key=True)
    created_at = fields.DatetimeField(auto_now_add=True)
    updated_at = fields.DatetimeField(auto_now=True)

    class Meta:
        abstract = True

    def __init__(self, **kwargs) -> None:
        if "id" not in kwargs:
            kwargs["id"] = new_id(self.id_prefix)
        super().__init__(**kwargs)


class TenantModel(PrefixedIdModel):
    """A row owned by one merchant; soft-deleted rows keep ``deleted_at``."""

    merchant_id: str
    deleted_at = fields.DatetimeField(null=True)

    class Meta:
        abstract = True

    @classmethod
    def scoped(cls, merchant_id: str) -> QuerySet[Self]:
        return cls.filter(merchant_id=merchant_id, deleted_at=None)

    async def soft_delete(self) -> None:
        self.deleted_at = utcnow()
        await self.save(update_fields=["deleted_at", "updated_at"])
