"""The subscriptions context's status enums against a table written by hand: the words the
spec shows (a subscription ``active``, ``paused``, an unpaid state, an end by cancellation)
and the ones the service stores (billing/subscriptions/statuses.py), and nothing else."""

import pytest

from billing.subscriptions import statuses
from billing.subscriptions.models import (
    CreditGrant,
    CreditGrantStatus,
    PlanMigration,
    PlanMigrationStatus,
    ScheduledChange,
    ScheduledChangeStatus,
    Subscription,
    SubscriptionEvent,
)
from billing.subscriptions.statuses import SubscriptionStatus
from tests.support.billing.core.status_enums import assert_status_enum

TABLE = [
    (
        SubscriptionStatus,
        ("incomplete", "trialing", "active", "past_due", "paused", "unpaid", "ended"),
        Subscription,
        "status",
    ),
    (
        SubscriptionStatus,
        ("incomplete", "trialing", "active", "past_due", "paused", "unpaid", "ended"),
        SubscriptionEvent,
        "status_after",
    ),
    (
        ScheduledChangeStatus,
        ("pending", "applied", "failed", "cancelled"),
        ScheduledChange,
        "status",
    ),
    (PlanMigrationStatus, ("scheduled", "completed"), PlanMigration, "status"),
    (CreditGrantStatus, ("active", "expired", "cancelled"), CreditGrant, "status"),
]


@pytest.mark.parametrize(("enum", "words", "model", "field"), TABLE)
def test_each_status_enum_holds_exactly_its_words(enum, words, model, field):
    assert_status_enum(enum, words, model, field)


def test_the_short_names_and_sets_are_the_members():
    assert tuple(SubscriptionStatus) == statuses.ALL
    assert statuses.ACTIVE is SubscriptionStatus.ACTIVE
    assert statuses.ENDED is SubscriptionStatus.ENDED
    assert set(statuses.OPEN) == set(SubscriptionStatus) - {
        SubscriptionStatus.INCOMPLETE,
        SubscriptionStatus.ENDED,
    }
    assert all(isinstance(status, SubscriptionStatus) for status in statuses.CURRENT)
