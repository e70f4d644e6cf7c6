"""Pricing tables as they are shown: each entry resolved to its plan's current version, with
features and prices, in display order.

The public read (``public_table``) is hit by every visitor of a merchant's site, so a table
is resolved with a fixed number of queries whatever its size: the table, its entries, the
current plans, their features (joined) and their prices — five, never one per plan.

Ordering rule (the spec: "ordered by price ascending; enterprise plans come last"):
  1. entries with an explicit ``displayOrder`` come first, by that number;
  2. then the rest by monthly headline price ascending (``headline_amount_cents`` of the
     plan's monthly price; a plan with only a yearly price counts a twelfth of it; a plan
     with neither comes after the priced ones), enterprise plans after all of those;
  3. ties by plan name (case-insensitive), then by id so the order never flickers.

A plan that was deleted (no live current version) never shows; a new version shows as soon
as it is current, because entries point at the stable plan id.
"""

import re
from dataclasses import dataclass, field
from typing import Any

from billing.accounts.models import Merchant
from billing.catalog.models import Plan, PlanFeature, Price, PricingTable, PricingTablePlan
from billing.catalog.pricing import (
    bills_usage,
    headline_amount_cents,
    headline_price,
)
from billing.core.errors import NotFound
from billing.core.lookup import find_scoped

TABLE_NOT_FOUND = "Pricing table not found or access denied"
PUBLIC_NOT_FOUND = "Pricing table not found"
SLUG_RE = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
SLUG_MAX = 100
TRUE_WORDS = {"true", "1", "yes", "on"}


def feature_value(feature_type: str, raw: Any) -> bool | int | float | str | None:
    """A plan's value for a feature in the type the feature declares, for rendering:
    booleans as true/false, numbers as numbers (a word such as "Unlimited" stays text)."""
    if feature_type == "boolean":
        if isinstance(raw, str):
            return raw.strip().lower() in TRUE_WORDS
        return bool(raw)
    if feature_type == "number":
        if isinstance(raw, bool) or raw is None:
            return None if raw is None else int(raw)
        if isinstance(raw, int | float):
            return raw
        text = str(raw).strip()
        for parse in (int, float):
            try:
                return parse(text)
            except ValueError:
                continue
        return text
    return "" if raw is None else str(raw)


@dataclass
class FeatureView:
    link: PlanFeature

    @property
    def feature(self):
        return self.link.feature

    @property
    def value(self) -> bool | int | float | str | None:
        raw = self.link.feature_value
        if raw is None:
            raw = self.feature.default_value
        return feature_value(self.feature.feature_type, raw)


@dataclass
class PlanView:
    entry: PricingTablePlan
    plan: Plan
    prices: list[Price] = field(default_factory=list)
    features: list[FeatureView] = field(default_factory=list)

    @property
    def monthly(self) -> Price | None:
        return headline_price(self.prices, "month")

    @property
    def yearly(self) -> Price | None:
        return headline_price(self.prices, "year")

    def plus_usage(self, interval: str) -> bool:
        """Whether usage is billed on top of the headline price of ``interval``."""
        return bills_usage(self.prices, interval)

    @property
    def price(self) -> Price | None:
        """The price a one-price view shows: the monthly one, else the first."""
        return self.monthly or (self.prices[0] if self.prices else None)

    def monthly_amount(self) -> int | None:
        if self.monthly is not None:
            return headline_amount_cents(self.monthly.pricing_data)
        if self.yearly is not None:
            return headline_amount_cents(self.yearly.pricing_data) // 12
        return None

    def sort_key(self) -> tuple:
        name, plan_id = self.plan.plan_name.casefold(), self.plan.id
        if self.entry.display_order is not None:
            return (0, self.entry.display_order, False, False, 0, name, plan_id)
        amount = self.monthly_amount()
        enterprise = self.plan.is_enterprise_plan
        return (1, 0, enterprise, amount is None, amount or 0, name, plan_id)


@dataclass
class TableView:
    table: PricingTable
    plans: list[PlanView]
    currency: str = "USD"


async def resolve_entries(
    merchant_id: str,
    entries: list[PricingTablePlan],
    *,
    visible_only: bool = False,
    with_features: bool = True,
) -> list[PlanView]:
    """Entries' current plans with prices (and features), ordered; three queries at most."""
    if not entries:
        return []
    plans = Plan.scoped(merchant_id).filter(
        stable_plan_id__in={entry.stable_plan_id for entry in entries}, is_current=True
    )
    if visible_only:
        plans = plans.filter(is_visible_in_pricing_table=True)
    current = {plan.stable_plan_id: plan for plan in await plans}
    views = [
        PlanView(entry, current[entry.stable_plan_id])
        for entry in entries
        if entry.stable_plan_id in current
    ]
    by_plan = {view.plan.id: view for view in views}
    if not by_plan:
        return []
    # Override prices are for particular customers: list them after the plan's own prices.
    prices = Price.scoped(merchant_id).filter(plan_id__in=list(by_plan))
    for price in await prices.order_by("is_override_price", "created_at", "id"):
        by_plan[price.plan_id].prices.append(price)
    if with_features:
        links = (
            PlanFeature.scoped(merchant_id)
            .filter(plan_id__in=list(by_plan), feature__deleted_at=None)
            .select_related("feature")
            .order_by("created_at", "id")
        )
        for link in await links:
            by_plan[link.plan_id].features.append(FeatureView(link))
    return sorted(views, key=PlanView.sort_key)


async def get_table(merchant_id: str, table_id: str, *, for_update: bool = False) -> PricingTable:
    """A live table of this merchant; anything else (another merchant's too) is a 404."""
    return await find_scoped(PricingTable, merchant_id, table_id, TABLE_NOT_FOUND, lock=for_update)


async def _entries(merchant_id: str, table_ids: list[str]) -> list[PricingTablePlan]:
    return await PricingTablePlan.scoped(merchant_id).filter(pricing_table_id__in=table_ids)


async def default_table_name(merchant_id: str) -> str | None:
    """The name of the table ``showInPricingTable`` puts a new plan on (the default one), so
    the plan form can say where the plan would appear; None while there is none yet."""
    table = await PricingTable.scoped(merchant_id).filter(is_default=True).first()
    return table.name if table else None


async def list_tables(merchant_id: str) -> list[TableView]:
    """Every live table (the default first, then oldest first) with its ordered entries but
    no features: four queries for any number of tables."""
    tables = await PricingTable.scoped(merchant_id).order_by("-is_default", "created_at", "id")
    entries = await _entries(merchant_id, [table.id for table in tables])
    views = await resolve_entries(merchant_id, entries, with_features=False)
    return [
        TableView(table, [view for view in views if view.entry.pricing_table_id == table.id])
        for table in tables
    ]


async def detailed_view(merchant_id: str, table_id: str) -> TableView:
    """The merchant's own view of one table: every plan in it, visible or not."""
    table = await get_table(merchant_id, table_id)
    plans = await resolve_entries(merchant_id, await _entries(merchant_id, [table.id]))
    return TableView(table, plans, await _currency(merchant_id, plans))


async def public_table(merchant_id: str, slug: str) -> TableView:
    """What a site visitor sees: an active table by slug, only plans shown in pricing tables.

    Inactive, deleted and unknown tables all answer the same 404.
    """
    if not isinstance(slug, str) or len(slug) > SLUG_MAX or not SLUG_RE.fullmatch(slug):
        raise NotFound(PUBLIC_NOT_FOUND, code="pricing_table_not_found")
    table = await PricingTable.scoped(merchant_id).filter(slug=slug, is_active=True).first()
    if table is None:
        raise NotFound(PUBLIC_NOT_FOUND, code="pricing_table_not_found")
    entries = await _entries(merchant_id, [table.id])
    plans = await resolve_entries(merchant_id, entries, visible_only=True)
    return TableView(table, plans, await _currency(merchant_id, plans))


async def _currency(merchant_id: str, plans: list[PlanView]) -> str:
    """The table's currency: its first plan's, else (an empty table) the merchant's."""
    if plans:
        return plans[0].plan.currency
    currency = await Merchant.filter(id=merchant_id).values_list("default_currency", flat=True)
    return currency[0] if currency else "USD"


def _public_price(plan: PlanView, interval: str) -> dict | None:
    """The headline price of ``interval`` (``pricing.headline_price``), and ``plusUsage`` when
    metered usage is billed on top of it."""
    price = plan.monthly if interval == "month" else plan.yearly
    if price is None:
        return None
    return {
        "id": price.id,
        "currency": price.currency,
        "amountCents": headline_amount_cents(price.pricing_data),
        "plusUsage": plan.plus_usage(interval),
        "pricingData": price.pricing_data,
    }


def public_json(view: TableView) -> dict:
    """The public shape of a table (``GET /v1/public/pricing-tables/{slug}``), rendered by
    both embeds: what a visitor needs and nothing internal (no merchant ids, no hidden plans,
    no timestamps). ``prices.month``/``prices.year`` feed the monthly/yearly switch: each is
    the interval's headline price (``pricing.headline_price``) with ``amountCents`` its
    headline amount, ``plusUsage`` whether usage is billed on top, ``pricingData`` its full
    configuration."""
    return {
        "id": view.table.id,
        "name": view.table.name,
        "slug": view.table.slug,
        "currency": view.currency,
        "plans": [
            {
                "id": plan.plan.id,
                "stablePlanId": plan.plan.stable_plan_id,
                "name": plan.plan.plan_name,
                "description": plan.plan.plan_description,
                "isEnterprisePlan": plan.plan.is_enterprise_plan,
                "buttonText": plan.plan.button_text,
                "enterpriseRedirectUrl": plan.plan.enterprise_redirect_url,
                "trialDays": plan.plan.trial_days if plan.plan.trial_enabled else None,
                "features": [
                    {
                        "slug": item.feature.slug,
                        "displayName": item.feature.display_name,
                        "featureType": item.feature.feature_type,
                        "value": item.value,
                    }
                    for item in plan.features
                ],
                "prices": {
                    "month": _public_price(plan, "month"),
                    "year": _public_price(plan, "year"),
                },
            }
            for plan in view.plans
        ],
    }
