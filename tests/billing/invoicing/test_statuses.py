"""The invoicing context's status enums against a table written by hand: the invoice states
the spec shows (``paid``, ``unpaid``, ``draft``) and ``void``, and the payment status an
invoice carries from its latest attempt."""

import json

import pytest

from billing.invoicing.models import (
    INVOICE_STATUSES,
    Invoice,
    InvoicePaymentStatus,
    InvoiceStatus,
)
from tests.support.billing.core.status_enums import assert_status_enum

TABLE = [
    (InvoiceStatus, ("draft", "unpaid", "paid", "void"), Invoice, "status"),
    (InvoicePaymentStatus, ("none", "pending", "succeeded", "failed"), Invoice, "payment_status"),
]


@pytest.mark.parametrize(("enum", "words", "model", "field"), TABLE)
def test_each_status_enum_holds_exactly_its_words(enum, words, model, field):
    assert_status_enum(enum, words, model, field)


def test_the_filter_words_are_the_members_in_order():
    assert INVOICE_STATUSES == ("draft", "unpaid", "paid", "void")


def test_a_member_is_its_word_in_json_and_text():
    assert json.dumps({"status": InvoiceStatus.PAID}) == '{"status": "paid"}'
    assert f"{InvoiceStatus.VOID}" == str(InvoiceStatus.VOID) == "void"
