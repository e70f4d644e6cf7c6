"""What the customer and subscription detail pages show, gathered from the services.

A customer's page shows each live subscription (status, plan, price, its MRR), the features it
grants with their source, its version history, the cancelled ones (linking to their read-only
pages), the customer's organization and an
entitlements panel (what the customer may use right now, as the /v1 entitlement checks answer). The
subscription page shows the same card for one subscription; both build it here.
"""

from dataclasses import dataclass

from billing.customers import organizations
from billing.subscriptions import cancelled_reads, mrr, subscription_reads
from billing.subscriptions.models import Subscription
from billing.usage import entitlements
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
    cancelled = await cancelled_reads.list_cancelled(merchant_id, customer_id=customer.id)
    organization, members = await organizations.organization_customers(merchant_id, customer.id)
    granted = await entitlements.customer_entitlements(merchant_id, customer.id)
    return {
        "cards": cards,
        "cancelled": cancelled,
        "organization": organization,
        "members": members,
        "entitlements": [entitlement_row(entry) for entry in granted],
    }


@dataclass
class EntitlementRow:
    name: str
    slug: str
    entitled: bool | None
    source: str | None
    value: object
    used: float | None  # usage measured for the feature (None: not metered)
    allowance: float | None  # credits, else a numeric limit (None: nothing to measure against)


def amount_label(value: float | None) -> str:
    """``12`` for 12.0, ``2.5`` for 2.5, thousands separated: usage reads like a count."""
    if value is None:
        return ""
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.2f}".rstrip("0")


def _number(value) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return value


def entitlement_row(entry: dict) -> EntitlementRow:
    """One line of the panel: usage is measured against the credit allowance when the feature
    has credits, else against its numeric limit."""
    feature = entry["feature"] or {}
    credits = entry["creditInfo"]["creditAllowance"]
    used = sum(usage["usage"] for usage in entry["usages"]) if entry["usages"] else None
    allowance = credits if credits else _number(feature.get("value"))
    return EntitlementRow(
        name=entry.get("displayName") or entry["featureSlug"],
        slug=entry["featureSlug"],
        entitled=entry["entitled"],
        source=entry["source"],
        value=feature.get("value"),
        used=used,
        allowance=allowance,
    )
