"""Every type of event Tally writes, in one place: its object kind and when it happens.

The README ("Webhooks to your server") lists the same with an example body each (a test
checks that it names every type here and no other), and
``tests/billing/event_log/test_every_type.py`` checks that each type here is written by a
real change (requests, due passes and a gateway's answers; never by writing the event).
``kind`` names the object in ``data.object``, rendered by the API's shaper for that kind
(``objects``).
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class EventType:
    name: str
    kind: str  # customer, subscription, invoice, payment, refund, seat, payment_method
    when: str


ALL = "*"  # an endpoint's ``events`` holding this receives every type, later ones included

TYPES: dict[str, EventType] = {
    event.name: event
    for event in (
        EventType("customer.created", "customer", "a customer was created"),
        EventType("customer.updated", "customer", "a customer's details changed"),
        EventType("customer.deleted", "customer", "a customer was deleted"),
        EventType("subscription.created", "subscription", "a subscription was created"),
        EventType(
            "subscription.updated",
            "subscription",
            "a subscription changed: status, plan or price, period, pause, cancel at period end",
        ),
        EventType("subscription.canceled", "subscription", "a subscription ended"),
        EventType(
            "subscription.trial_will_end", "subscription", "a trial ends in 3 days (or fewer)"
        ),
        EventType(
            "subscription.renewal_upcoming",
            "subscription",
            "a yearly subscription renews in 7 days (or fewer)",
        ),
        EventType("invoice.created", "invoice", "an invoice was issued"),
        EventType("invoice.paid", "invoice", "an invoice was paid"),
        EventType("invoice.payment_failed", "invoice", "a charge for an invoice failed"),
        EventType("invoice.voided", "invoice", "an invoice was voided"),
        EventType("payment.succeeded", "payment", "a payment succeeded"),
        EventType("payment.failed", "payment", "a payment failed"),
        EventType("refund.succeeded", "refund", "a refund went through"),
        EventType("refund.failed", "refund", "the provider refused a refund"),
        EventType(
            "payment_method.expiring",
            "payment_method",
            "a card on file expires at the end of next month",
        ),
        EventType("seat.added", "seat", "a seat was added to a subscription"),
        EventType("seat.removed", "seat", "a seat was removed from a subscription"),
    )
}


def unknown(names: list[str]) -> list[str]:
    """The names in ``names`` that are neither a type nor ``*``."""
    return [name for name in names if name != ALL and name not in TYPES]


def wants(subscribed: list[str], name: str) -> bool:
    """Whether an endpoint subscribed to ``subscribed`` receives events of type ``name``
    (``*`` means every type of ``TYPES``, not a dashboard's test event)."""
    return (ALL in subscribed and name in TYPES) or name in subscribed
