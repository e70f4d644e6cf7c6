"""The seat change status enum against a table written by hand (billing/seats/models.py)."""

from billing.seats.models import SeatChange, SeatChangeStatus
from tests.support.billing.core.status_enums import assert_status_enum


def test_the_seat_change_status_holds_exactly_its_words():
    assert_status_enum(SeatChangeStatus, ("pending", "applied", "reused"), SeatChange, "status")
