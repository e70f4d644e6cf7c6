"""Catalog rows made straight through the models, for tests that need plans to exist.

Tests of pricing tables, subscriptions or entitlements need "a plan with two features and a
monthly and yearly price" without depending on the plans service they do not test. The rows
look like what plan creation writes: version 1 (``stable_plan_id`` is the plan's own id,
``is_current``), prices in the components form of ``fixed_price_data``.
"""

import re
from collections.abc import Iterable
from typing import Any

from billing.catalog.models import Feature, Plan, PlanFeature, Price
from billing.catalog.pricing import fixed_price_data
from billing.core.ids import new_id


def feature_type_of(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    return "string"


def slugify(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "feature"


async def make_feature(merchant_id: str, display_name: str, feature_type: str) -> Feature:
    """The merchant's live feature with this name's slug, made when missing (so plans of one
    merchant share features the way a merchant's library does)."""
    slug = slugify(display_name)
    feature = await Feature.scoped(merchant_id).filter(slug=slug).first()
    if feature is None:
        feature = await Feature.create(
            merchant_id=merchant_id, slug=slug, display_name=display_name, feature_type=feature_type
        )
    return feature


async def _link(merchant_id: str, plan_id: str, feature_id: str, value: Any) -> PlanFeature:
    """A plan-feature row; the value is assigned after construction (see JSONValueField)."""
    link = PlanFeature(merchant_id=merchant_id, plan_id=plan_id, feature_id=feature_id)
    link.feature_value = value
    await link.save()
    return link


async def make_plan(
    merchant_id: str,
    *,
    name: str,
    monthly_cents: int | None = None,
    yearly_cents: int | None = None,
    features: Iterable[tuple[str, Any]] = (),
    enterprise: bool = False,
    visible: bool = True,
    currency: str = "USD",
    description: str = "",
    trial_days: int | None = None,
    enterprise_redirect_url: str | None = None,
) -> Plan:
    """Version 1 of a plan. ``features`` are ``(display name, value)`` pairs; the value's
    Python type gives the feature type (bool → boolean, number → number, str → string)."""
    plan_id = new_id(Plan.id_prefix)
    plan = await Plan.create(
        id=plan_id,
        merchant_id=merchant_id,
        stable_plan_id=plan_id,
        version_number=1,
        is_current=True,
        plan_name=name,
        plan_description=description,
        currency=currency,
        is_visible_in_pricing_table=visible,
        is_enterprise_plan=enterprise,
        button_text="Contact sales" if enterprise else "Get started",
        enterprise_redirect_url=enterprise_redirect_url
        or ("https://example.com/contact" if enterprise else None),
        trial_enabled=trial_days is not None,
        trial_days=trial_days,
    )
    for interval, cents in (("month", monthly_cents), ("year", yearly_cents)):
        if cents is not None:
            await Price.create(
                merchant_id=merchant_id,
                plan_id=plan.id,
                currency=currency,
                pricing_data=fixed_price_data(cents, interval),
            )
    for display_name, value in features:
        feature = await make_feature(merchant_id, display_name, feature_type_of(value))
        await _link(merchant_id, plan.id, feature.id, value)
    return plan


async def new_version(plan: Plan, **changes: Any) -> Plan:
    """Version n+1 of ``plan`` with ``changes`` (model field names), made current; prices and
    features are copied. Enough for tests that need versions, not a copy of plan updates."""
    await Plan.filter(id=plan.id).update(is_current=False)
    fields = {
        name: getattr(plan, name)
        for name in plan._meta.fields_db_projection
        if name not in {"id", "created_at", "updated_at", "deleted_at"}
    }
    fields.update(version_number=plan.version_number + 1, is_current=True, **changes)
    version = await Plan.create(**fields)
    for price in await Price.scoped(plan.merchant_id).filter(plan_id=plan.id):
        await Price.create(
            merchant_id=price.merchant_id,
            plan_id=version.id,
            currency=price.currency,
            pricing_data=price.pricing_data,
            cloned_from_price_id=price.id,
        )
    for link in await PlanFeature.scoped(plan.merchant_id).filter(plan_id=plan.id):
        await _link(link.merchant_id, version.id, link.feature_id, link.feature_value)
    return version
