"""One check for every status enum: its words are exactly the table's, in order, and each
fits the column that stores it (so the database takes every member)."""

from enum import StrEnum

from tortoise.models import Model


def assert_status_enum(enum: type[StrEnum], words: tuple[str, ...], model: type[Model], field: str):
    assert tuple(member.value for member in enum) == words
    column = model._meta.fields_map[field]
    assert all(len(word) <= column.max_length for word in words), (field, column.max_length)
    default = column.default
    assert default is None or default in enum, (field, default)
