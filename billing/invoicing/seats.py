"""How many seats a subscription bills in advance: its per-unit components marked
``bill_immediately`` (a per-seat plan with "bill immediately") charge seats × the seat price at
the start of each period (``cycles.fixed_cycle``).

The seat count itself (the organization's members, at least the plan's ``minSeats``) is
``subscriptions/seat_counts.py``'s, shared with MRR. Adding and removing seats within a
period, and their prorations, belong to the seats endpoints.
"""

from billing.subscriptions.seat_counts import is_seat_component


def bills_seats(details: list) -> bool:
    """Whether any of these billing details is a seat component billed in advance."""
    return any(is_seat_component(d.component) for d in details)
