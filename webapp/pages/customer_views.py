"""What the customer and subscription detail pages show, gathered from the services.

A customer's page shows each live subscription (status, plan, price, its MRR), the features it
grants with their source, its version history, and the customer's organization. The
subscription page shows the same card for one subscription; both build it here.
"""

from dataclasses import dataclass

from billing.models import Subscription
from billing.services import mrr, organizations, subscription_reads
from webapp.pages.subscription_history import History, subscription_history


@dataclass
class SubscriptionCard:
    subscription: Subscription  # live version, with customer, plan, price and features loaded
    mrr_cents: int
    history: History


async def card_of(merchant_id: str, subscription: Subscription) -> SubscriptionCard:
    mrr_cents = 0
    if mrr.counts_for_mrr(subscription):
        mrr_cents = mrr.subscription_mrr_cents(subscription.effective_price.pricing_data)
    history = await subscription_history(merchant_id, subscription.stable_subscription_id)
    return SubscriptionCard(subscription, mrr_cents, history)


async def detail_context(merchant_id: str, customer) -> dict:
    live = await subscription_reads.list_subscriptions(
        merchant_id, include_features=True, customer_id=customer.id
    )
    cards = [await card_of(merchant_id, subscription) for subscription in live]
    organization, members = await organizations.organization_customers(merchant_id, customer.id)
    return {"cards": cards, "organization": organization, "members": members}
