"""Plan creation: version 1 of a plan with its features, metrics, prices and trial.

Everything the create body describes is written in one transaction, so a failure anywhere
(a taken slug, a bad trial override, a storage error) leaves no half-made plan, feature or
metric behind. Features created inline go through the features and metrics services, so their
rules (slug format and uniqueness, event-name format) are the same as everywhere else.
"""

from tortoise.transactions import in_transaction

from billing.accounts.merchants import lock_merchant
from billing.catalog import plan_inputs as inputs
from billing.catalog.feature_values import granted_value, granted_values
from billing.catalog.features import create_feature
from billing.catalog.metrics import create_metric
from billing.catalog.models import Feature, Metric, Plan, PlanFeature, Price
from billing.catalog.plans import NOT_FOUND, PlanView, load_views
from billing.catalog.pricing import validate_pricing_data
from billing.catalog.pricing_tables import add_plan_to_default_table
from billing.core.errors import Invalid, NotFound
from billing.core.validation import clean_name


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
            merchant_id,
            slug=element.slug,
            display_name=element.feature_name,
            feature_type=element.feature_type or "boolean",
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


def link_fields(feature: Feature, element: inputs.NewFeature | None = None, value=None) -> dict:
    """A plan-feature row's settings: ``value`` when the merchant set one (checked by
    ``feature_values.granted_value``); else a switch is granted (``true``), a metered number's
    value is its credit allowance, and otherwise the feature's own default value applies."""
    if element is None:
        element = inputs.NewFeature()
    if value is None and feature.feature_type == "boolean":
        value = True
    elif value is None and element.has_credit_allowance and feature.feature_type == "number":
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


async def create_link(merchant_id: str, plan_id: str, link: dict) -> PlanFeature:
    """Store a plan-feature row; the value is assigned after construction because the
    constructor would decode a string value as JSON text (see ``JSONValueField``)."""
    settings = dict(link)
    value = settings.pop("feature_value", None)
    row = PlanFeature(merchant_id=merchant_id, plan_id=plan_id, **settings)
    row.feature_value = value
    await row.save()
    return row


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
    add_to_default_table: bool | None = None,
    is_enterprise_plan: bool = False,
    enterprise_button_text: str | None = None,
    enterprise_redirect_url: str | None = None,
    new_features: list[inputs.NewFeature] | None = None,
    feature_ids: list[str] | None = None,
    commit_message: str | None = None,
    trial: inputs.Trial | None = None,
    feature_values: dict | None = None,
) -> PlanView:
    """Version 1 of a new plan, with its features, prices and trial, in one transaction.

    Prices: ``monthly_price`` makes a monthly price, ``yearly_price`` a yearly one unless
    ``has_yearly_price`` is explicitly false (a form's stale yearly amount behind a switched-off
    toggle); ``has_yearly_price`` true without ``yearly_price`` is a 400. Both are the
    components form, a fixed fee or, with ``is_seat_based``, a per-seat fee. A plan may start
    without prices (they can be added with the prices endpoints); an enterprise plan has none,
    and is refused any (a price silently dropped would surprise more than a 400).

    ``feature_values`` (by feature id, the dashboard's per-feature values) sets what the plan
    grants of the features in ``feature_ids``; a feature left out gets the default above.

    ``show_in_pricing_table`` makes the plan visible on pricing tables and, as the spec says of
    the API field, adds it to the default table. ``add_to_default_table`` separates the two for
    the dashboard: a plan visible wherever the merchant puts it, but on no published table
    until they ask (None: as ``show_in_pricing_table``).
    """
    plan_name = clean_name(plan_name, "planName")
    description = inputs.clean_text(plan_description, "planDescription", inputs.MAX_DESCRIPTION)
    monthly = inputs.amount(monthly_price, "monthlyPrice")
    yearly = inputs.amount(yearly_price, "yearlyPrice")
    if has_yearly_price is False:
        yearly = None
    elif has_yearly_price and yearly is None:
        raise Invalid(
            "yearlyPrice is required when hasYearlyPrice is true",
            code="yearly_price_required",
            field="yearlyPrice",
        )
    if is_enterprise_plan and (monthly is not None or yearly is not None):
        raise Invalid(
            "An enterprise plan has no prices: leave out monthlyPrice and yearlyPrice",
            code="enterprise_has_no_prices",
            field="isEnterprisePlan",
        )
    min_seats = inputs.whole_number(min_seats, "minSeats", 1, inputs.MAX_SEATS)
    if min_seats is not None and not is_seat_based:
        raise Invalid(
            "minSeats needs isSeatBased true", code="min_seats_needs_seats", field="minSeats"
        )
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
        merchant = await lock_merchant(merchant_id)
        if merchant is None:
            raise NotFound(NOT_FOUND, code="plan_not_found")
        linked = await inputs.live_features(merchant_id, feature_ids or [])
        values = granted_values(linked, feature_values)
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
            trial_without_card=trial.enabled and trial.without_card,
        )
        plan.stable_plan_id = plan.id
        await plan.save()
        links: dict[str, tuple[Feature, dict]] = {}
        for element in elements:
            feature = await _feature_for(merchant_id, element)
            value = granted_value(feature, element.feature_value)
            links[feature.id] = (feature, link_fields(feature, element, value))
        for feature in linked:
            fields = link_fields(feature, value=values.get(feature.id))
            links.setdefault(feature.id, (feature, fields))
        for _, fields in links.values():
            await create_link(merchant_id, plan.id, fields)
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
        to_default = show_in_pricing_table if add_to_default_table is None else add_to_default_table
        if to_default:
            await add_plan_to_default_table(merchant_id, plan.stable_plan_id)
    return (await load_views(merchant_id, [plan]))[0]
