"""Subscription versions: the one place a new version is made, and the overrides that make one.

A subscription is a chain of rows sharing ``stable_subscription_id`` (see
billing/subscriptions/models.py). Feature overrides, price overrides, plan migrations and due
scheduled changes all call ``new_version``, so every version is built the same way: the live
row is locked, copied with ``version_number + 1``, its features and billing details are copied
or rebuilt, its credit grants are carried over or replaced (``version_grants.sync_version``:
a grant whose feature and allowance are unchanged is kept, so a price override never gives a
fresh allowance; seat members keep theirs alike), the old version and its rows are
soft-deleted and an event is recorded.

Locking: every write takes the live row ``FOR UPDATE`` first (``lock_live``). Two writers on
one subscription therefore queue; the second finds the first's row superseded and reads the
new live version, so no two writers can both make version n+1.
"""

from datetime import datetime

from tortoise.transactions import in_transaction

from billing.catalog.feature_values import granted_values
from billing.catalog.features import live_features
from billing.catalog.models import Feature, Plan, Price
from billing.core.errors import Conflict, Invalid, NotFound
from billing.core.lookup import find_scoped
from billing.core.models import utcnow
from billing.subscriptions import statuses, subscriptions, version_grants
from billing.subscriptions.models import Subscription, SubscriptionDetail, SubscriptionFeature

NOT_FOUND = "Subscription not found or access denied"
ENDED = "Subscription has ended; an ended subscription cannot be changed"
CHANGED = "Subscription was changed at the same time; try again"
NO_FEATURES = "No featureIds provided"
PRICE_NOT_FOUND = "Price not found or access denied"
MAX_FEATURES = 500


async def lock_live(merchant_id: str, subscription_id: object) -> Subscription:
    """The live version of the merchant's subscription (by stable id, or the live version's
    own id, as ``subscriptions.get_live``), locked FOR UPDATE in the caller's transaction.

    When another transaction superseded the row while we waited for its lock, PostgreSQL
    hands back nothing (the row we queued for is now soft-deleted, and the new one was not
    in our snapshot), so the lookup runs again with a fresh snapshot. A subscription whose
    newest version has ended answers 409 ``ENDED``; an unknown one (or another merchant's)
    answers 404.
    """
    for _ in range(3):
        try:
            return await subscriptions.get_live(merchant_id, subscription_id, lock=True)
        except NotFound:
            pass
    latest = await subscriptions.find_latest(merchant_id, subscription_id)
    if latest.end_timestamp is not None:
        raise Conflict(ENDED, code="subscription_ended")
    raise NotFound(NOT_FOUND, code="subscription_not_found")


def _copy_fields(live: Subscription) -> dict:
    """The columns a new version inherits (everything but identity and timestamps)."""
    skip = {"id", "created_at", "updated_at", "deleted_at", "version_number"}
    return {
        name: getattr(live, name) for name in live._meta.fields_db_projection if name not in skip
    }


async def _features(merchant_id: str, live, new, plan, features, values: dict | None, now):
    """Features of the new version: an override list replaces everything (source
    ``override``, each at its value in ``values`` or else the feature's default); a new
    plan grants its features unless the subscription carries overrides (the merchant chose
    those for this customer, so they survive a migration); otherwise the live version's rows
    are copied as they are."""
    old = await SubscriptionFeature.scoped(merchant_id).filter(subscription_id=live.id)
    if features is not None:
        values = values or {}
        rows = [
            (feature.id, values.get(feature.id, feature.default_value), "override")
            for feature in features
        ]
    elif plan is not None and not any(row.source == "override" for row in old):
        await subscriptions.copy_plan_features(merchant_id, new, plan, created_at=now)
        rows = []
    else:
        rows = [(row.feature_id, row.feature_value, row.source) for row in old]
    for feature_id, value, source in rows:
        row = SubscriptionFeature(
            merchant_id=merchant_id,
            subscription_id=new.id,
            feature_id=feature_id,
            source=source,
            created_at=now,
        )
        row.feature_value = value  # after construction: see JSONValueField
        await row.save()
    return old


async def _details(merchant_id: str, live: Subscription, new: Subscription, price, now):
    """Billing details of the new version. Same price: copied as they are. New price: rebuilt
    from its components starting now; a component whose id persists keeps its billing
    history (previous date, cycles billed) and, when its recurrence rule is unchanged, its
    schedule too (start and next billing date), so a customer is not billed twice for a
    period already paid."""
    old = await SubscriptionDetail.scoped(merchant_id).filter(subscription_id=live.id)
    if price is None:
        for row in old:
            await SubscriptionDetail.create(
                merchant_id=merchant_id,
                subscription_id=new.id,
                component_id=row.component_id,
                component=row.component,
                recurrence_rule=row.recurrence_rule,
                subscription_start_date=row.subscription_start_date,
                next_billing_date=row.next_billing_date,
                previous_billing_date=row.previous_billing_date,
                cycles_billed=row.cycles_billed,
                created_at=now,
            )
        return old
    await subscriptions.create_details(merchant_id, new, price, now, created_at=now)
    previous = {row.component_id: row for row in old}
    for row in await SubscriptionDetail.scoped(merchant_id).filter(subscription_id=new.id):
        before = previous.get(row.component_id)
        if before is None:
            continue
        row.previous_billing_date = before.previous_billing_date
        row.cycles_billed = before.cycles_billed
        if before.recurrence_rule == row.recurrence_rule:
            row.subscription_start_date = before.subscription_start_date
            row.next_billing_date = before.next_billing_date
        await row.save()
    return old


async def new_version(
    merchant_id: str,
    live: Subscription,
    *,
    plan: Plan | None = None,
    price: Price | None = None,
    features: list[Feature] | None = None,
    feature_values: dict | None = None,
    kind: str,
    now: datetime | None = None,
) -> Subscription:
    """Version n+1 of ``live`` with a new plan, price or feature list (None keeps each), the
    old version soft-deleted with its features and details, and a ``kind`` event recorded.
    Every row made carries ``now`` (default the present; a due pass passes its clock) as its
    ``created_at``.

    Runs in its own transaction, nested (a savepoint) when the caller has one open. The live
    row is locked again here, so a caller holding a stale copy gets 409 ``CHANGED`` rather
    than a second version n+1.
    """
    now = now or utcnow()
    async with in_transaction():
        current = (
            await Subscription.scoped(merchant_id).filter(id=live.id).select_for_update().first()
        )
        if current is None:
            raise Conflict(CHANGED, code="changed_concurrently")
        values = _copy_fields(current)
        if plan is not None:
            values["plan_id"] = plan.id
        new_price = price if price is not None and price.id != current.effective_price_id else None
        if new_price is not None:
            values["effective_price_id"] = new_price.id
        new = await Subscription.create(
            version_number=current.version_number + 1, created_at=now, **values
        )
        old_features = await _features(
            merchant_id, current, new, plan, features, feature_values, now
        )
        old_details = await _details(merchant_id, current, new, new_price, now)
        # Grants under unchanged terms carry over, members' too; changed ones restart.
        await version_grants.sync_version(merchant_id, new, plan=plan, now=now)
        for row in (*old_features, *old_details, current):
            row.deleted_at = now
            await row.save(update_fields=["deleted_at", "updated_at"])
        await subscriptions.record_event(merchant_id, new, kind, at=now)
    return new


def _require_active(live: Subscription) -> None:
    if live.status not in statuses.CHANGEABLE:
        raise Conflict(f"Only an active subscription can be changed (this one is {live.status})")


async def _features_of(merchant_id: str, feature_ids: object) -> list[Feature]:
    """The merchant's live features, in the order given, duplicates dropped; any id that is
    not one of them fails the whole request."""
    if feature_ids is None or feature_ids == []:
        raise Invalid(NO_FEATURES, code="no_features")
    if not isinstance(feature_ids, list):
        raise Invalid("featureIds must be a list of feature ids", field="featureIds")
    if len(feature_ids) > MAX_FEATURES:
        raise Invalid(f"featureIds may list at most {MAX_FEATURES} features", field="featureIds")
    return await live_features(merchant_id, feature_ids)


async def override_features(
    merchant_id: str, stable_id: str, *, feature_ids: object, feature_values: dict | None = None
):
    """A new version granting exactly ``feature_ids`` (source ``override``), each at its
    value in ``feature_values`` (by feature id; the dashboard sets them, checked against the
    feature's type) or else the feature's default value. The list replaces every feature,
    plan-given ones included."""
    features = await _features_of(merchant_id, feature_ids)
    values = granted_values(features, feature_values)
    async with in_transaction():
        live = await lock_live(merchant_id, stable_id)
        _require_active(live)
        return await new_version(
            merchant_id, live, features=features, feature_values=values, kind="feature_override"
        )


async def override_price(merchant_id: str, stable_id: str, *, price_id: object):
    """A new version billed at ``price_id``, any live price of the merchant (an override
    price made for this customer, or another price of the catalog). Billing details are
    rebuilt at once; invoices for the new amount come with the billing engine."""
    async with in_transaction():
        live = await lock_live(merchant_id, stable_id)
        price = await find_scoped(Price, merchant_id, price_id, PRICE_NOT_FOUND)
        _require_active(live)
        if price.id == live.effective_price_id:
            raise Conflict("The subscription already uses this price", code="already_on_price")
        return await new_version(merchant_id, live, price=price, kind="price_override")
