"""Plans: create (with inline features, prices and trial), read, list, delete, visibility.

A plan is a chain of version rows sharing ``stable_plan_id`` (see billing/models/catalog.py);
new versions and edits live in ``plan_versions``, migrations between versions in
``plan_migrations``. Reads answer a ``PlanView``: the version row plus, when asked for, its
live feature links (each with its feature) and live prices, loaded in one query each for any
number of plans.

Every write that touches a plan's chain of versions locks the merchant row first (as feature
and pricing-table writes do), so two concurrent updates of one plan cannot both become
version n+1, and a delete cannot interleave with a new version.
"""

from collections import defaultdict
from dataclasses import dataclass

from tortoise.transactions import in_transaction

from billing.ids import is_well_formed
from billing.models import Feature, Merchant, Metric, Plan, PlanFeature, Price, PricingTablePlan
from billing.models.base import utcnow
from billing.services import plan_inputs as inputs
from billing.services.errors import Invalid, NotFound
from billing.services.features import create_feature
from billing.services.metrics import create_metric
from billing.services.pricing import validate_pricing_data
from billing.services.pricing_tables import add_plan_to_default_table
from billing.services.validation import clean_name

NOT_FOUND = "Plan not found or access denied"


@dataclass
class PlanView:
    """A plan version with what was loaded alongside it (None: not asked for)."""

    plan: Plan
    links: list[PlanFeature] | None = None
    prices: list[Price] | None = None


async def lock_merchant(merchant_id: str) -> None:
    await Merchant.filter(id=merchant_id).select_for_update().first()


async def find_plan(merchant_id: str, plan_id: str, *, is_stable_id: bool = False) -> Plan:
    """A live version by its own id, or with ``is_stable_id`` the current version of that
    stable plan. Another merchant's id answers exactly like a missing one."""
    if not isinstance(plan_id, str) or not is_well_formed(plan_id, Plan.id_prefix):
        raise NotFound(NOT_FOUND)
    query = Plan.scoped(merchant_id)
    if is_stable_id:
        query = query.filter(stable_plan_id=plan_id, is_current=True)
    else:
        query = query.filter(id=plan_id)
    plan = await query.first()
    if plan is None:
        raise NotFound(NOT_FOUND)
    return plan


async def current_version(merchant_id: str, plan_id: str, *, is_stable_id: bool = False) -> Plan:
    """The current version of the plan ``plan_id`` belongs to: writes always build on it,
    whichever version's id the caller holds."""
    plan = await find_plan(merchant_id, plan_id, is_stable_id=is_stable_id)
    if plan.is_current:
        return plan
    return await find_plan(merchant_id, plan.stable_plan_id, is_stable_id=True)


async def load_views(
    merchant_id: str, plans: list[Plan], *, features: bool = True, prices: bool = True
) -> list[PlanView]:
    """Views of ``plans`` with their live feature links and prices, oldest link first."""
    ids = [plan.id for plan in plans]
    links: dict[str, list[PlanFeature]] = defaultdict(list)
    price_rows: dict[str, list[Price]] = defaultdict(list)
    if features and ids:
        query = PlanFeature.scoped(merchant_id).filter(plan_id__in=ids, feature__deleted_at=None)
        for link in await query.select_related("feature").order_by("created_at", "id"):
            links[link.plan_id].append(link)
    if prices and ids:
        query = Price.scoped(merchant_id).filter(plan_id__in=ids)
        for price in await query.order_by("created_at", "id"):
            price_rows[price.plan_id].append(price)
    return [
        PlanView(
            plan,
            links[plan.id] if features else None,
            price_rows[plan.id] if prices else None,
        )
        for plan in plans
    ]


async def list_plans(
    merchant_id: str, *, include_features: bool = False, include_prices: bool = False
) -> list[PlanView]:
    """The current version of every live plan, newest plan first (by when version 1 was
    made, so publishing a version does not move a plan in the list)."""
    plans = await Plan.scoped(merchant_id).filter(is_current=True)
    born = dict(
        await Plan.filter(
            merchant_id=merchant_id, id__in=[p.stable_plan_id for p in plans]
        ).values_list("id", "created_at")
    )
    plans.sort(key=lambda plan: (born.get(plan.stable_plan_id) or plan.created_at, plan.id))
    plans.reverse()
    return await load_views(merchant_id, plans, features=include_features, prices=include_prices)


async def get_plan(
    merchant_id: str,
    plan_id: str,
    *,
    is_stable_id: bool = False,
    include_features: bool = False,
    include_prices: bool = False,
) -> PlanView:
    """Any live version by its id (old versions stay readable), or with ``is_stable_id``
    the current version of a stable plan."""
    plan = await find_plan(merchant_id, plan_id, is_stable_id=is_stable_id)
    views = await load_views(merchant_id, [plan], features=include_features, prices=include_prices)
    return views[0]


async def _usage_metric(merchant_id: str, name: str, event_name: str) -> str:
    """The merchant's live metric for ``event_name``, or a new SUM metric for it."""
    metric = await Metric.scoped(merchant_id).filter(event_name=event_name).order_by("created_at")
    if metric:
        return metric[0].id
    created = await create_metric(
        merchant_id, name=name, event_name=event_name, aggregation_type="SUM"
    )
    return created.id


async def _feature_for(merchant_id: str, element: inputs.NewFeature) -> Feature:
    """The feature of one ``newFeatures`` element: the existing one it names, or a new one
    (a number feature metered by a SUM metric of its ``eventName`` when usage-based)."""
    if element.existing_feature_id is not None:
        [feature] = await inputs.live_features(merchant_id, [element.existing_feature_id])
        return feature
    if not element.is_usage_based:
        return await create_feature(
            merchant_id, slug=element.slug, display_name=element.feature_name
        )
    event_name = element.event_name or element.slug
    metric_id = await _usage_metric(merchant_id, element.feature_name, event_name)
    return await create_feature(
        merchant_id,
        slug=element.slug,
        display_name=element.feature_name,
        feature_type="number",
        metric_ids=[metric_id],
    )


def link_fields(feature: Feature, element: inputs.NewFeature | None = None) -> dict:
    """A plan-feature row's settings: a switch is granted (``true``); a metered number's
    value is its credit allowance; otherwise the feature's own default value applies."""
    if element is None:
        element = inputs.NewFeature()
    value = None
    if feature.feature_type == "boolean":
        value = True
    elif element.has_credit_allowance and feature.feature_type == "number":
        value = element.credit_allowance_amount
    return {
        "feature_id": feature.id,
        "feature_value": value,
        "is_usage_based": element.is_usage_based,
        "usage_price_per_unit_cents": element.usage_price_per_unit,
        "has_credit_allowance": element.has_credit_allowance,
        "credit_allowance_amount": element.credit_allowance_amount,
        "credit_allowance_renewal": element.credit_allowance_renewal,
    }


async def create_plan(
    merchant_id: str,
    *,
    plan_name: str,
    plan_description: str | None = None,
    currency: str | None = None,
    monthly_price: int | None = None,
    yearly_price: int | None = None,
    has_yearly_price: bool | None = None,
    is_seat_based: bool = False,
    min_seats: int | None = None,
    bill_immediately: bool = False,
    show_in_pricing_table: bool = False,
    is_enterprise_plan: bool = False,
    enterprise_button_text: str | None = None,
    enterprise_redirect_url: str | None = None,
    new_features: list[inputs.NewFeature] | None = None,
    feature_ids: list[str] | None = None,
    commit_message: str | None = None,
    trial: inputs.Trial | None = None,
) -> PlanView:
    """Version 1 of a new plan, with its features, prices and trial, in one transaction.

    Prices: ``monthly_price`` makes a monthly price, ``yearly_price`` a yearly one unless
    ``has_yearly_price`` is explicitly false (a form's stale yearly amount behind a switched-off
    toggle); ``has_yearly_price`` true without ``yearly_price`` is a 400. Both are the
    components form, a fixed fee or, with ``is_seat_based``, a per-seat fee. A plan may start
    without prices (they can be added with the prices endpoints); an enterprise plan has none,
    and is refused any (a price silently dropped would surprise more than a 400).
    """
    plan_name = clean_name(plan_name, "planName")
    description = inputs.clean_text(plan_description, "planDescription", inputs.MAX_DESCRIPTION)
    monthly = inputs.amount(monthly_price, "monthlyPrice")
    yearly = inputs.amount(yearly_price, "yearlyPrice")
    if has_yearly_price is False:
        yearly = None
    elif has_yearly_price and yearly is None:
        raise Invalid("yearlyPrice is required when hasYearlyPrice is true")
    if is_enterprise_plan and (monthly is not None or yearly is not None):
        raise Invalid("An enterprise plan has no prices: leave out monthlyPrice and yearlyPrice")
    min_seats = inputs.whole_number(min_seats, "minSeats", 1, inputs.MAX_SEATS)
    if min_seats is not None and not is_seat_based:
        raise Invalid("minSeats needs isSeatBased true")
    redirect = inputs.redirect_url(enterprise_redirect_url)
    button = inputs.button_text(enterprise_button_text, enterprise=is_enterprise_plan)
    elements = [inputs.new_feature(e, i) for i, e in enumerate(new_features or [])]
    trial = inputs.trial(trial)
    message = inputs.commit_message(commit_message)
    fees = [
        (interval, cents)
        for interval, cents in (("month", monthly), ("year", yearly))
        if cents is not None
    ]
    async with in_transaction():
        merchant = await Merchant.filter(id=merchant_id).select_for_update().first()
        if merchant is None:
            raise NotFound(NOT_FOUND)
        linked = await inputs.live_features(merchant_id, feature_ids or [])
        plan = Plan(
            merchant_id=merchant_id,
            version_number=1,
            is_current=True,
            commit_message=message,
            plan_name=plan_name,
            plan_description=description,
            currency=inputs.currency(currency, merchant.default_currency),
            is_visible_in_pricing_table=show_in_pricing_table,
            is_enterprise_plan=is_enterprise_plan,
            button_text=button,
            enterprise_redirect_url=redirect,
            is_seat_based=is_seat_based,
            bill_immediately=bill_immediately,
            min_seats=min_seats,
            trial_enabled=trial.enabled,
            trial_days=trial.days,
        )
        plan.stable_plan_id = plan.id
        await plan.save()
        links: dict[str, tuple[Feature, dict]] = {}
        for element in elements:
            feature = await _feature_for(merchant_id, element)
            links[feature.id] = (feature, link_fields(feature, element))
        for feature in linked:
            links.setdefault(feature.id, (feature, link_fields(feature)))
        for _, fields in links.values():
            await PlanFeature.create(merchant_id=merchant_id, plan_id=plan.id, **fields)
        features = [feature for feature, _ in links.values()]
        if trial.credit_overrides:
            plan.trial_credit_overrides = inputs.resolve_credit_overrides(
                trial.credit_overrides, features
            )
            await plan.save(update_fields=["trial_credit_overrides", "updated_at"])
        for interval, cents in fees:
            data = inputs.price_data(
                cents, interval, seat_based=is_seat_based, bill_now=bill_immediately
            )
            await Price.create(
                merchant_id=merchant_id,
                plan_id=plan.id,
                currency=plan.currency,
                pricing_data=validate_pricing_data(data),
            )
        if show_in_pricing_table:
            await add_plan_to_default_table(merchant_id, plan.stable_plan_id)
    return (await load_views(merchant_id, [plan]))[0]


async def set_visibility(merchant_id: str, plan_id: str, *, is_visible: bool) -> PlanView:
    """Show or hide the plan in pricing tables, in place (no new version: nothing billed
    changes). Showing it also puts it in the default table if it is not there yet."""
    if not isinstance(is_visible, bool):
        raise Invalid("isVisible must be true or false")
    async with in_transaction():
        await lock_merchant(merchant_id)
        plan = await current_version(merchant_id, plan_id)
        plan.is_visible_in_pricing_table = is_visible
        await plan.save(update_fields=["is_visible_in_pricing_table", "updated_at"])
        if is_visible:
            await add_plan_to_default_table(merchant_id, plan.stable_plan_id)
    return (await load_views(merchant_id, [plan]))[0]


async def delete_plan(merchant_id: str, plan_id: str) -> int:
    """Soft-delete every version of the plan ``plan_id`` belongs to, with their feature
    links, their prices (a deleted plan's prices cannot be sold) and the plan's pricing-table
    entries. Answers how many versions were deleted."""
    async with in_transaction():
        await lock_merchant(merchant_id)
        plan = await find_plan(merchant_id, plan_id)
        version_ids = (
            await Plan.scoped(merchant_id)
            .filter(stable_plan_id=plan.stable_plan_id)
            .values_list("id", flat=True)
        )
        now = utcnow()
        gone = {"deleted_at": now, "updated_at": now}
        await PlanFeature.scoped(merchant_id).filter(plan_id__in=version_ids).update(**gone)
        await Price.scoped(merchant_id).filter(plan_id__in=version_ids).update(**gone)
        await (
            PricingTablePlan.scoped(merchant_id)
            .filter(stable_plan_id=plan.stable_plan_id)
            .update(**gone)
        )
        await Plan.scoped(merchant_id).filter(id__in=version_ids).update(**gone)
    return len(version_ids)
