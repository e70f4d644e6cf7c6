"""The payments context's status enums against a table written by hand: the payment-method
states the spec lists (``active``, ``pending``, ``failed``, ``expired``), a payment's and a
refund's (the spec shows a refund ``succeeded``), and why a paid checkout sold nothing."""

import pytest

from billing.payments.models import (
    CheckoutOutcome,
    Payment,
    PaymentMethod,
    PaymentMethodStatus,
    PaymentStatus,
    Refund,
    RefundStatus,
)
from tests.support.billing.core.status_enums import assert_status_enum

TABLE = [
    (PaymentMethodStatus, ("active", "pending", "failed", "expired"), PaymentMethod, "status"),
    (PaymentStatus, ("pending", "succeeded", "failed"), Payment, "status"),
    (CheckoutOutcome, ("already_subscribed",), Payment, "checkout_outcome"),
    (RefundStatus, ("pending", "succeeded", "failed"), Refund, "status"),
]


@pytest.mark.parametrize(("enum", "words", "model", "field"), TABLE)
def test_each_status_enum_holds_exactly_its_words(enum, words, model, field):
    assert_status_enum(enum, words, model, field)
