"""The subscription history on the customer page names dunning's status events in plain
words (webapp/pages/subscription_history.py), not as their internal kinds."""

from datetime import UTC, datetime, timedelta

from billing.subscriptions.dunning import update_dunning_config
from billing.subscriptions.models import Subscription, SubscriptionEvent
from tests.support.factories.subscriptions import subscribe
from tests.support.webapp.catalog_pages import html_of, signed_up

LABELS = {
    "past_due": "Payment failed: past due",
    "dunning_paused": "Paused after failed payments",
    "dunning_unpaid": "Marked unpaid after failed payments",
    "payment_recovered": "Payment received: subscription active again",
}


async def test_dunning_events_read_as_plain_labels(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    subscription = await subscribe(merchant_id, monthly_cents=4900)
    at = datetime(2030, 2, 1, tzinfo=UTC)
    steps = [("past_due", "past_due"), ("dunning_paused", "paused"), ("dunning_unpaid", "unpaid")]
    steps.append(("payment_recovered", "active"))
    for hours, (kind, status) in enumerate(steps):
        await SubscriptionEvent.create(
            merchant_id=merchant_id,
            stable_subscription_id=subscription.stable_subscription_id,
            subscription_id=subscription.id,
            kind=kind,
            status_after=status,
            mrr_cents=4900,
            occurred_at=at + timedelta(hours=hours),
        )
    page = await html_of(await client.get(f"/dashboard/customers/{subscription.customer_id}"))
    for kind, label in LABELS.items():
        assert label in page, kind
        assert f">{kind}<" not in page and kind.replace("_", " ").capitalize() + "<" not in page


async def test_features_of_a_past_due_subscription_follow_the_merchants_setting(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    subscription = await subscribe(merchant_id, features=[("sso", True)])
    await Subscription.filter(id=subscription.id).update(status="past_due")
    path = f"/dashboard/subscriptions/{subscription.stable_subscription_id}"
    page = await html_of(await client.get(path))
    assert "Not in effect while past due" not in page  # kept by default
    await update_dunning_config(merchant_id, past_due_access=False)
    page = await html_of(await client.get(path))
    assert "Not in effect while past due" in page
