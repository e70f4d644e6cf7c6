"""Reading subscriptions: lists, one subscription, its billing details.

Every read answers live versions only (soft-deleted, i.e. superseded or cancelled, versions are
history) and loads what the JSON needs (customer, plan, price and, when asked, the features
with their feature) in a fixed number of queries, however many subscriptions there are.
"""

from tortoise.functions import Count
from tortoise.query_utils import Prefetch
from tortoise.queryset import QuerySet

from billing.catalog.models import Price
from billing.catalog.price_components import billing_components
from billing.core.errors import Invalid
from billing.core.lookup import find_scoped
from billing.customers.models import Customer
from billing.subscriptions import statuses
from billing.subscriptions.models import (
    Subscription,
    SubscriptionDetail,
    SubscriptionEvent,
    SubscriptionFeature,
)
from billing.subscriptions.subscriptions import CUSTOMER_NOT_FOUND, get_live

BAD_STATUS = "Invalid input: status must be one of " + ", ".join(statuses.ALL)
BAD_PROBLEM_FILTER = "Invalid input: billingProblem must be true or false"


def problem_filter(value: str | None) -> bool | None:
    """``billingProblem`` of a list query: ``true`` lists only the subscriptions the due pass
    cannot bill (``billing_problems.py``), ``false`` only the others, absent all; anything
    else is a 400."""
    if value is None:
        return None
    if value.lower() not in ("true", "false"):
        raise Invalid(BAD_PROBLEM_FILTER, code="bad_problem_filter", field="billingProblem")
    return value.lower() == "true"


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
    merchant_id: str,
    *,
    include_features: bool = False,
    customer_id: str | None = None,
    status: str | None = None,
    billing_problem: str | None = None,
) -> list[Subscription]:
    """The merchant's live subscriptions, newest first; with ``customer_id`` only that
    customer's (404 when the customer is not the merchant's live one), with ``status`` only
    those in that state (one of ``statuses.ALL``, else 400), with ``billing_problem``
    (``problem_filter``) only those with or without a billing problem."""
    query = Subscription.scoped(merchant_id)
    if status is not None:
        if status not in statuses.ALL:
            raise Invalid(BAD_STATUS, code="bad_status", field="status")
        query = query.filter(status=status)
    problem = problem_filter(billing_problem)
    if problem is not None:
        query = query.filter(billing_problem_since__isnull=not problem)
    if customer_id is not None:
        customer = await find_scoped(Customer, merchant_id, customer_id, CUSTOMER_NOT_FOUND)
        query = query.filter(customer_id=customer.id)
    query = query.order_by("-created_at", "-id")
    return await with_relations(query, include_features=include_features)


async def live_by_customer(merchant_id: str, customer_ids: list[str]) -> dict[str, Subscription]:
    """Each listed customer's newest live subscription (customer id → it), in one query, for
    the customers list's status column; customers without one are absent."""
    if not customer_ids:
        return {}
    rows = await (
        Subscription.scoped(merchant_id)
        .filter(customer_id__in=customer_ids)
        .order_by("customer_id", "-created_at", "-id")
    )
    newest: dict[str, Subscription] = {}
    for row in rows:
        newest.setdefault(row.customer_id, row)
    return newest


async def status_counts(merchant_id: str) -> dict[str, int]:
    """How many live subscriptions are in each status (one grouped query)."""
    rows = (
        await Subscription.scoped(merchant_id)
        .annotate(count=Count("id"))
        .group_by("status")
        .values("status", "count")
    )
    return {row["status"]: row["count"] for row in rows}


async def problem_count(merchant_id: str) -> int:
    """How many live subscriptions the due pass cannot bill (``billing_problems.py``)."""
    return (
        await Subscription.scoped(merchant_id).filter(billing_problem_since__isnull=False).count()
    )


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


async def load_history(
    merchant_id: str, stable_id: str
) -> tuple[list[Subscription], dict[str, list[SubscriptionFeature]], list[SubscriptionEvent]]:
    """Every version of a subscription, oldest first, including the superseded and ended ones
    that ``scoped`` hides (so the merchant filter is explicit), each version's features, and
    the events in the order they happened: what a history view needs, in three queries."""
    versions = (
        await Subscription.filter(merchant_id=merchant_id, stable_subscription_id=stable_id)
        .order_by("version_number")
        .prefetch_related("plan", "effective_price")
    )
    features: dict[str, list[SubscriptionFeature]] = {version.id: [] for version in versions}
    rows = (
        await SubscriptionFeature.filter(
            merchant_id=merchant_id, subscription_id__in=list(features)
        )
        .prefetch_related("feature")
        .order_by("created_at", "id")
    )
    for row in rows:
        features[row.subscription_id].append(row)
    events = await SubscriptionEvent.filter(
        merchant_id=merchant_id, stable_subscription_id=stable_id
    ).order_by("occurred_at", "created_at", "id")
    return versions, features, events
