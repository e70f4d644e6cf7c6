"""Timestamps callers send (start dates, event times, timeframes): what is read, what not."""

from datetime import UTC, datetime

import pytest

from billing.core.errors import Invalid
from billing.core.timestamps import parse_timestamp


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2025-01-31T10:00:00Z", datetime(2025, 1, 31, 10, tzinfo=UTC)),
        ("2025-01-31T10:00:00", datetime(2025, 1, 31, 10, tzinfo=UTC)),
        ("2025-01-31T12:00:00+02:00", datetime(2025, 1, 31, 10, tzinfo=UTC)),
        ("2025-01-31", datetime(2025, 1, 31, tzinfo=UTC)),
        (None, None),
    ],
)
def test_parse_timestamp(text, expected):
    assert parse_timestamp(text) == expected


@pytest.mark.parametrize("text", ["", "yesterday", "2025-13-01", 5, "0001-01-01", "9999-12-31"])
def test_parse_timestamp_refuses(text):
    with pytest.raises(Invalid):
        parse_timestamp(text)
