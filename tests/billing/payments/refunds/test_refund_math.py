"""The refund money rules of billing/payments/refunds/refund_math.py against a table worked by
hand."""

import re

import pytest

from billing.core.errors import Invalid
from billing.payments.refunds.refund_math import (
    AMOUNT_NOT_CENTS,
    NOTHING_LEFT,
    check_amount_shape,
    refund_amount,
    refund_totals,
    split_refund,
)

VAT = [("VAT (20%)", 980)]  # a $49.00 fee with 20% VAT: paid 5880
TWO = [("GST", 1000), ("PST", 2000)]

# amount, paid, before, taxes -> price part, tax parts (all worked out by hand)
SPLITS = [
    (4900, 4900, 0, [], 4900, []),  # no tax: the whole amount is price
    (5880, 5880, 0, VAT, 4900, [("VAT (20%)", 980)]),  # full refund reverses the invoice
    (1000, 5880, 0, VAT, 833, [("VAT (20%)", 167)]),  # 980*1000/5880 = 166.67 -> 167
    (4880, 5880, 1000, VAT, 4067, [("VAT (20%)", 813)]),  # the rest: 980 - 167
    (3, 5880, 0, VAT, 2, [("VAT (20%)", 1)]),  # 980*3/5880 = 0.5 exactly: half up -> 1
    (3, 5880, 2, VAT, 2, [("VAT (20%)", 1)]),  # r(980*5/5880 = 0.83) - r(0.33) = 1 - 0
    (1, 5880, 0, VAT, 1, []),  # r(0.17) = 0: a tax row with no share is left out
    # two rates on 8000 (GST 1000, PST 2000), paid 11000: 3000 first, then the rest
    # GST r(1000*3000/11000 = 272.73) = 273, PST r(545.45) = 545, price 3000 - 818 = 2182
    (3000, 11000, 0, TWO, 2182, [("GST", 273), ("PST", 545)]),
    # GST 1000 - 273 = 727, PST 2000 - 545 = 1455, price 8000 - 2182 = 5818
    (8000, 11000, 3000, TWO, 5818, [("GST", 727), ("PST", 1455)]),
    (100, 100, 0, [("Exempt", 0)], 100, []),  # a zero tax row gives nothing back
]


@pytest.mark.parametrize(("amount", "paid", "before", "taxes", "price", "shares"), SPLITS)
def test_split_matches_the_hand_table(amount, paid, before, taxes, price, shares):
    assert split_refund(amount, paid, before, taxes) == (price, shares)
    assert price + sum(cents for _, cents in shares) == amount


def test_partial_refunds_add_up_to_the_invoice_tax_exactly():
    paid, before, given = 5880, 0, 0
    for amount in (1, 7, 333, 1000, 2539, 2000):  # 5880 in six odd pieces
        _, shares = split_refund(amount, paid, before, VAT)
        given += sum(cents for _, cents in shares)
        before += amount
    assert (before, given) == (5880, 980)


# amount asked, paid, already refunded -> amount refunded (hand table)
AMOUNTS = [
    (None, 4900, 0, 4900),
    (None, 4900, 1000, 3900),
    (1, 4900, 4899, 1),
    (3900, 4900, 1000, 3900),
]


@pytest.mark.parametrize(("asked", "paid", "refunded", "expected"), AMOUNTS)
def test_amount_defaults_to_what_is_left(asked, paid, refunded, expected):
    assert refund_amount(asked, paid, refunded) == expected


def test_more_than_is_left_or_nothing_left_is_refused():
    with pytest.raises(Invalid, match="3901 is more than is left to refund on this payment: 3900"):
        refund_amount(3901, 4900, 1000)
    with pytest.raises(Invalid, match=NOTHING_LEFT):
        refund_amount(None, 4900, 4900)


@pytest.mark.parametrize("value", [0, -1, 1.5, 10.0, "100", True, False, [], {}])
def test_only_positive_whole_cents_are_amounts(value):
    with pytest.raises(Invalid, match=re.escape(AMOUNT_NOT_CENTS)):
        check_amount_shape(value)
    assert check_amount_shape(None) is None and check_amount_shape(7) == 7


# paid, refunds (status, cents) -> refunded, pending, net paid, state (rule 4, by hand)
TOTALS = [
    (1200, [], 0, 0, 1200, "none"),
    (
        1200,
        [("succeeded", 500), ("pending", 300), ("failed", 200)],
        500,
        300,
        700,
        "partially_refunded",
    ),
    (1200, [("pending", 1200)], 0, 1200, 1200, "none"),
    (1200, [("succeeded", 1200)], 1200, 0, 0, "refunded"),
    (5880, [("succeeded", 1000), ("succeeded", 4880)], 5880, 0, 0, "refunded"),
    (0, [], 0, 0, 0, "none"),
]


@pytest.mark.parametrize(("paid", "refunds", "refunded", "pending", "net", "state"), TOTALS)
def test_what_counts_as_refunded_matches_the_hand_table(
    paid, refunds, refunded, pending, net, state
):
    totals = refund_totals(paid, refunds)
    assert (totals.refunded_cents, totals.pending_cents) == (refunded, pending)
    assert (totals.net_paid_cents, totals.state) == (net, state)
