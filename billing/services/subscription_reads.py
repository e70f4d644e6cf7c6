"""Reading subscriptions: lists, one subscription, its billing details.

Every read answers live versions only (soft-deleted, i.e. superseded or cancelled, versions are
history) and loads what the JSON needs (customer, plan, price and, when asked, the features
with their feature) in a fixed number of queries, however many subscriptions there are.
"""

from tortoise.query_utils import Prefetch
from tortoise.queryset import QuerySet

from billing.models import Customer, Price, Subscription, SubscriptionDetail, SubscriptionFeature
from billing.services.lookup import find_scoped
from billing.services.price_components import billing_components
from billing.services.subscriptions import CUSTOMER_NOT_FOUND, get_live


def with_relations(query: QuerySet[Subscription], *, include_features: bool) -> QuerySet:
    """``query`` prefetching everything ``subscription_json`` reads (await it as a list:
    Tortoise skips prefetching on ``.first()``)."""
    related: list = ["customer", "plan", "effective_price"]
    if include_features:
        features = (
            SubscriptionFeature.filter(deleted_at=None, feature__deleted_at=None)
            .prefetch_related("feature")
            .order_by("created_at", "id")
        )
        related.append(Prefetch("features", queryset=features))
    # One call: chained prefetch_related calls lose the earlier ones' objects (Tortoise 1.1).
    return query.prefetch_related(*related)


async def list_subscriptions(
    merchant_id: str, *, include_features: bool = False, customer_id: str | None = None
) -> list[Subscription]:
    """The merchant's live subscriptions, newest first; with ``customer_id`` only that
    customer's (404 when the customer is not the merchant's live one)."""
    query = Subscription.scoped(merchant_id)
    if customer_id is not None:
        customer = await find_scoped(Customer, merchant_id, customer_id, CUSTOMER_NOT_FOUND)
        query = query.filter(customer_id=customer.id)
    query = query.order_by("-created_at", "-id")
    return await with_relations(query, include_features=include_features)


async def get_subscription(
    merchant_id: str, subscription_id: str, *, include_features: bool = False
) -> Subscription:
    """One live subscription by stable id (or live version id), ready for JSON."""
    live = await get_live(merchant_id, subscription_id)
    query = Subscription.filter(id=live.id)
    [found] = await with_relations(query, include_features=include_features)
    return found


async def load_for_json(subscription: Subscription, *, include_features: bool = False):
    """``subscription`` (e.g. just created or changed) re-read with its relations."""
    query = Subscription.filter(id=subscription.id)
    [found] = await with_relations(query, include_features=include_features)
    return found


async def list_details(merchant_id: str, subscription_id: str) -> list[SubscriptionDetail]:
    """The live version's billing details, in the order of the price's components."""
    live = await get_live(merchant_id, subscription_id)
    details = await SubscriptionDetail.scoped(merchant_id).filter(subscription_id=live.id)
    price = await Price.get_or_none(id=live.effective_price_id)
    order = [c.component_id for c in billing_components(price.pricing_data)] if price else []

    def position(detail: SubscriptionDetail) -> tuple[int, str]:
        index = order.index(detail.component_id) if detail.component_id in order else len(order)
        return index, detail.component_id

    return sorted(details, key=position)
