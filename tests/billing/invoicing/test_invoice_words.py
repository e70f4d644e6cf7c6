"""The words of invoice lines and billing reasons, worked out by hand."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from billing.invoicing import invoice_words as words
from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice, InvoiceLine
from tests.support.factories.invoices import fee_and_storage, priced_subscription, sum_metric, use

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)
FEB_1 = datetime(2030, 2, 1, tzinfo=UTC)

MONTHLY = {"type": "fixed", "amount_cents": 2900, "recurrence_rule": "FREQ=MONTHLY;INTERVAL=1"}


@pytest.mark.parametrize(
    ("plan", "component", "expected"),
    [
        ("Pro", MONTHLY, "Pro plan — monthly fee"),
        ("Pro plan", MONTHLY, "Pro plan — monthly fee"),
        ("Pro", {**MONTHLY, "recurrence_rule": "FREQ=YEARLY;INTERVAL=1"}, "Pro plan — yearly fee"),
        (
            "Pro",
            {**MONTHLY, "recurrence_rule": "FREQ=MONTHLY;INTERVAL=3"},
            "Pro plan — fee every 3 months",
        ),
        ("Pro", {**MONTHLY, "component_name": "Subscription fee"}, "Pro plan — monthly fee"),
        ("Pro", {**MONTHLY, "component_name": "Platform fee"}, "Pro plan — Platform fee, monthly"),
        ("", MONTHLY, "Subscription — monthly fee"),
    ],
)
def test_fixed_fees_name_the_plan_and_how_often(plan, component, expected):
    assert words.fixed_fee(plan, component) == expected


def test_seats_say_how_many_at_what_price():
    seat = {"type": "per_unit", "amount_cents": 1000, "component_name": "Seats"}
    assert words.seats("Pro", seat, Decimal(3), 1000, "USD") == "Pro plan — 3 seats × 10.00 USD"
    assert words.seats("Pro", seat, Decimal(1), 1000, "USD") == "Pro plan — 1 seat × 10.00 USD"
    assert words.seats("Team", seat, Decimal(2), 1500, "JPY") == "Team plan — 2 seats × 1,500 JPY"


@pytest.mark.parametrize(
    ("component", "quantity", "currency", "expected"),
    [
        (
            {"type": "per_unit", "unit_amount_decimal": "0.04"},
            12340,
            "USD",
            "API calls: 12,340 × 0.0004 USD",
        ),
        (
            {"type": "per_unit", "unit_amount_decimal": "0.040000"},
            5,
            "USD",
            "API calls: 5 × 0.0004 USD",
        ),
        ({"type": "per_unit", "unit_amount_decimal": "0.5"}, 1, "JPY", "API calls: 1 × 0.5 JPY"),
        ({"type": "per_unit", "amount_cents": 25}, 1000, "USD", "API calls: 1,000 × 0.25 USD"),
        (
            {"type": "per_unit", "amount_cents": 200},
            Decimal("2.5"),
            "EUR",
            "API calls: 2.5 × 2.00 EUR",
        ),
        ({"type": "tiered", "tiers_mode": "volume"}, 40, "USD", "API calls: 40 (volume tiers)"),
    ],
)
def test_usage_says_quantity_times_unit_price_without_trailing_zeros(
    component, quantity, currency, expected
):
    assert words.usage("API calls", component, Decimal(quantity), currency) == expected


def test_usage_without_a_name_is_usage():
    assert words.usage(None, {"type": "per_unit", "amount_cents": 1}, Decimal(3), "USD") == (
        "Usage: 3 × 0.01 USD"
    )


@pytest.mark.parametrize(
    ("component", "quantity", "expected"),
    [
        # a package model: the packages billed (a partial one whole) and each one's price
        (
            {"type": "per_unit", "model": "package", "package_size": 1000, "amount_cents": 500},
            "12340",
            "API calls: 12,340 (13 packages of 1,000 × 5.00 USD)",
        ),
        (
            {"type": "per_unit", "model": "package", "package_size": 1000, "amount_cents": 500},
            "0",
            "API calls: 0 (0 packages of 1,000 × 5.00 USD)",
        ),
        # tier models inside a usage component: no one unit price to show
        (
            {"type": "per_unit", "model": "graduated", "tiers": [{"up_to": None}]},
            "12340",
            "API calls: 12,340 (graduated tiers)",
        ),
        (
            {"type": "per_unit", "model": "volume", "tiers": [{"up_to": None}]},
            "7",
            "API calls: 7 (volume tiers)",
        ),
    ],
)
def test_usage_models_in_words(component, quantity, expected):
    assert words.usage("API calls", component, Decimal(quantity), "USD") == expected


@pytest.mark.parametrize(
    ("component", "expected"),
    [
        # the unit label a merchant types is singular: it follows "per", never the quantity
        (
            {"type": "per_unit", "unit_amount_decimal": "0.1", "unit_label": "call"},
            "API calls: 12,340 × 0.001 USD per call",
        ),
        (
            {"type": "per_unit", "model": "graduated", "tiers": [{}], "unit_label": "call"},
            "API calls: 12,340 (graduated tiers per call)",
        ),
        (
            {
                "type": "per_unit",
                "model": "package",
                "package_size": 1000,
                "amount_cents": 500,
                "unit_label": "call",
            },
            "API calls: 12,340 (13 packages of 1,000 × 5.00 USD)",
        ),
    ],
)
def test_the_unit_label_follows_per(component, expected):
    assert words.usage("API calls", component, Decimal(12340), "USD") == expected


def test_proration_and_seat_lines_in_words():
    at = datetime(2026, 3, 12, 15, 30, tzinfo=UTC)
    assert words.unused_time("Basic", at) == "Unused time on Basic plan after Mar 12, 2026"
    assert words.remaining_time("Pro", at) == "Remaining time on Pro plan from Mar 12, 2026"
    assert words.seat_added("Pro", "ana@example.com") == (
        "Pro plan — seat added for ana@example.com, rest of the period"
    )
    assert words.refund_of("INV-000042", "duplicate") == "Refund of invoice INV-000042: duplicate"


def test_every_reason_has_words():
    assert words.reason_words("subscription_cycle", first=True) == "First invoice"
    assert words.reason_words("subscription_cycle") == "Renewal"
    assert words.reason_words("proration") == "Plan change"
    assert words.reason_words("seats") == "Seats added"
    assert words.reason_words("refund") == "Refund (credit note)"
    assert words.reason_words("subscription_final") == "Final usage after cancellation"
    assert words.reason_words("something_new") == "Invoice"


async def test_a_billing_run_writes_the_lines_in_these_words(merchant):
    metric = await sum_metric(merchant.id)
    sub = await priced_subscription(merchant.id, fee_and_storage(metric.id), start=JAN_1)
    await use(merchant.id, sub.customer_id, metric, 60.5, JAN_1 + timedelta(days=3))
    await bill_due(FEB_1, merchant.id)
    second = await Invoice.filter(stable_subscription_id=sub.stable_subscription_id).order_by(
        "-issue_date"
    )
    lines = await InvoiceLine.filter(invoice_id=second[0].id).order_by("position")
    assert [(line.description, line.subtotal_cents) for line in lines] == [
        ("Engine plan — monthly fee", 1000),
        ("Storage: 60.5 × 0.25 USD per GB", 1512),
    ]
