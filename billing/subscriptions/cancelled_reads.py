"""Reading cancelled subscriptions: the dashboard's history, never the API's.

Cancelling soft-deletes the subscription's last version (``subscription_lifecycle.end``), so
every /v1 read leaves it out and ``GET /v1/subscriptions/{id}`` answers 404, as the spec says.
A merchant still needs to see what a customer had and when it ended: the Cancelled tab, the
customer's past subscriptions and the read-only subscription page read through here.

A cancelled subscription is its version with status ``ended`` (only the last version of a
chain can end; superseded versions keep the status they had). Every query names the merchant
explicitly, since ``scoped`` (which hides soft-deleted rows) cannot be used; the merchant id
is per mode, so test and live never mix.
"""

from tortoise.expressions import Q
from tortoise.functions import Count
from tortoise.query_utils import Prefetch

from billing.core.errors import NotFound
from billing.subscriptions.models import Subscription, SubscriptionFeature
from billing.subscriptions.statuses import SubscriptionStatus
from billing.subscriptions.subscription_reads import get_subscription
from billing.subscriptions.subscriptions import SUBSCRIPTION_NOT_FOUND


def _ended(merchant_id: str):
    return Subscription.filter(merchant_id=merchant_id, status=SubscriptionStatus.ENDED)


def _with_relations(query, *, include_features: bool):
    """``query`` with customer, plan and price; with the features the version granted when it
    ended (they were soft-deleted with it, so no ``deleted_at`` filter on them)."""
    related: list = ["customer", "plan", "effective_price"]
    if include_features:
        features = (
            SubscriptionFeature.all().prefetch_related("feature").order_by("created_at", "id")
        )
        related.append(Prefetch("features", queryset=features))
    return query.prefetch_related(*related)


async def list_cancelled(merchant_id: str, *, customer_id: str | None = None) -> list[Subscription]:
    """The merchant's cancelled subscriptions (optionally one customer's), latest ended first."""
    query = _ended(merchant_id)
    if customer_id is not None:
        query = query.filter(customer_id=customer_id)
    return await _with_relations(query.order_by("-end_timestamp", "-id"), include_features=False)


async def list_all(merchant_id: str) -> list[Subscription]:
    """Live and cancelled subscriptions together (the dashboard's All tab), newest first."""
    query = Subscription.filter(merchant_id=merchant_id).filter(
        Q(deleted_at=None) | Q(status=SubscriptionStatus.ENDED)
    )
    return await _with_relations(query.order_by("-created_at", "-id"), include_features=False)


async def cancelled_count(merchant_id: str) -> int:
    rows = await _ended(merchant_id).annotate(count=Count("id")).values("count")
    return rows[0]["count"] if rows else 0


async def get_any(merchant_id: str, stable_id: str, *, include_features: bool = False):
    """One subscription for the dashboard: the live version, else the cancelled one (its page
    is then read-only); 404 when the merchant has neither."""
    try:
        return await get_subscription(merchant_id, stable_id, include_features=include_features)
    except NotFound:
        pass
    query = _ended(merchant_id).filter(stable_subscription_id=stable_id)
    found = await _with_relations(query, include_features=include_features)
    if not found:
        raise NotFound(SUBSCRIPTION_NOT_FOUND, code="subscription_not_found")
    return found[0]
