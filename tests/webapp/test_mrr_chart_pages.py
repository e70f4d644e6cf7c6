"""The dashboard home's MRR chart ends where its headline stands (the same figure, by the
same function), and its axis reads amounts in the currency's own minor units."""

from datetime import UTC, date, datetime, timedelta

from billing.subscriptions.models import SubscriptionEvent
from tests.support.factories.subscriptions import subscribe
from tests.support.webapp.catalog_pages import html_of, signed_up
from webapp.pages.mrr_chart import axis_label, build_chart


def test_axis_labels_use_the_currencys_minor_units():
    assert axis_label(125_000, "JPY") == "¥125k"
    assert axis_label(1250, "JPY") == "¥1,250"
    assert axis_label(1250, "USD") == "$12.50"
    assert axis_label(2500, "USD") == "$25"
    days = [date(2026, 1, 1) + timedelta(days=n) for n in range(3)]
    chart = build_chart([(day, 1250) for day in days], "JPY")
    assert "today ¥1,250" in chart.summary


async def test_chart_ends_at_the_headline(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    sub = await subscribe(merchant_id, monthly_cents=2900)
    # An event history that says 0 today (as the chart once read it) beside a live $29 plan.
    await SubscriptionEvent.create(
        merchant_id=merchant_id,
        stable_subscription_id=sub.stable_subscription_id,
        subscription_id=sub.id,
        kind="test",
        status_after="active",
        mrr_cents=0,
        occurred_at=datetime.now(UTC),
    )
    html = await html_of(await client.get("/dashboard"))
    headline = html.split('id="mrr-amount">', 1)[1].split("<", 1)[0]
    summary = html.split('id="mrr-chart-desc">', 1)[1].split("<", 1)[0]
    assert headline == "€29.00", headline  # the signed-up merchant bills in euros
    assert summary.endswith(f"today {headline}."), summary
