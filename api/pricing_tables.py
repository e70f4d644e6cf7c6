"""/v1/pricing-tables: the merchant's tables and the plans in them (secret key).

Shapes the spec leaves open, designed here:
- a table (list, create, update): ``{id, name, slug, isDefault, isActive, pricingTablePlans,
  createdAt, updatedAt}``; ``pricingTablePlans`` are the associations ``{id, planId,
  stablePlanId, displayOrder}`` in display order, ``id`` being the association's own id (the
  one ``/pricing-tables/plans/{id}`` takes) and ``planId`` the plan's *current* version;
- the detailed form (read, create, update) adds ``currency`` and ``plans``: every plan in the
  table, visible or not, with features, ``price`` (the monthly one, else the first) and all
  ``prices``;
- an association (add, update): ``{id, planId, stablePlanId, displayOrder}``;
- deletes answer ``{success: true}``.
Display order: explicit ``displayOrder`` first, then by monthly price, enterprise plans last
(see ``billing.catalog.pricing_table_views``).
"""

from typing import Annotated, Any

from pydantic import BaseModel, Field
from quart import Blueprint
from quart_schema import document_response, validate_request

from api.common import Body, ErrorBody, iso
from api.schema_rules import documented, integer, text
from billing.catalog import pricing_table_views as views
from billing.catalog import pricing_tables
from billing.catalog.models import Price, PricingTablePlan
from billing.catalog.pricing_table_views import SLUG_MAX, SLUG_RE
from billing.catalog.pricing_tables import MAX_DISPLAY_ORDER, MAX_PLAN_IDS
from billing.core.validation import MAX_NAME
from webapp.auth import merchant_id

bp = Blueprint("pricing_tables", __name__, url_prefix="/pricing-tables")


NAME = text(MAX_NAME)
SLUG_SCHEMA = {"type": "string", "maxLength": SLUG_MAX, "pattern": f"^ *{SLUG_RE.pattern} *$"}
SLUG = documented(SLUG_SCHEMA)
ORDER = integer(0, MAX_DISPLAY_ORDER, optional=True)


class CreatePricingTable(Body):
    name: Annotated[str, NAME]
    slug: Annotated[str, SLUG] = Field(
        description="lowercase letters, digits and hyphens; unique per merchant"
    )
    planIds: Annotated[
        list[str],
        documented({"type": "array", "items": {"type": "string"}, "maxItems": MAX_PLAN_IDS}),
    ] = Field(default_factory=list, description="the merchant's live plans: version or stable ids")


class UpdatePricingTable(Body):
    """Every field optional; omitted or null keeps the current value."""

    name: Annotated[str | None, text(MAX_NAME, optional=True)] = None
    slug: Annotated[str | None, documented(SLUG_SCHEMA, optional=True)] = None
    isActive: bool | None = None
    isDefault: bool | None = Field(None, description="true takes the flag from the old default")


class AddPlan(Body):
    planId: str = Field(description="any version id of the plan, or its stable id")
    displayOrder: Annotated[int | None, ORDER] = Field(
        None, description="0 or more; null sorts by price"
    )


class UpdatePlanEntry(Body):
    displayOrder: Annotated[int | None, ORDER] = Field(
        description="0 or more; null goes back to price order"
    )


class PricingTablePlanOut(BaseModel):
    """A plan's place in a table; ``planId`` is the plan's current version."""

    id: str
    planId: str | None
    stablePlanId: str
    displayOrder: int | None


class PricingTableOut(BaseModel):
    id: str
    name: str
    slug: str
    isDefault: bool
    isActive: bool
    pricingTablePlans: list[PricingTablePlanOut]
    createdAt: str
    updatedAt: str


class TableFeatureOut(BaseModel):
    id: str
    slug: str
    displayName: str
    featureType: str
    featureValue: Any = None


class TablePriceOut(BaseModel):
    id: str
    currency: str
    pricingData: dict


class TablePlanOut(BaseModel):
    id: str
    stablePlanId: str
    versionNumber: int
    name: str
    description: str
    isEnterprisePlan: bool
    isVisibleInPricingTable: bool
    buttonText: str
    enterpriseRedirectUrl: str | None
    features: list[TableFeatureOut]
    price: TablePriceOut | None
    prices: list[TablePriceOut]


class DetailedPricingTableOut(PricingTableOut):
    currency: str
    plans: list[TablePlanOut]


class PricingTableList(BaseModel):
    """The merchant's live tables, the default first."""

    pricingTables: list[PricingTableOut]


class PricingTableEnvelope(BaseModel):
    """One table in its detailed form: its plans resolved, in display order."""

    pricingTable: DetailedPricingTableOut


class Success(BaseModel):
    success: bool


def entry_json(entry: PricingTablePlan, plan_id: str | None) -> dict:
    return {
        "id": entry.id,
        "planId": plan_id,
        "stablePlanId": entry.stable_plan_id,
        "displayOrder": entry.display_order,
    }


def price_json(price: Price | None) -> dict | None:
    if price is None:
        return None
    return {"id": price.id, "currency": price.currency, "pricingData": price.pricing_data}


def plan_json(view: views.PlanView) -> dict:
    plan = view.plan
    return {
        "id": plan.id,
        "stablePlanId": plan.stable_plan_id,
        "versionNumber": plan.version_number,
        "name": plan.plan_name,
        "description": plan.plan_description,
        "isEnterprisePlan": plan.is_enterprise_plan,
        "isVisibleInPricingTable": plan.is_visible_in_pricing_table,
        "buttonText": plan.button_text,
        "enterpriseRedirectUrl": plan.enterprise_redirect_url,
        "features": [
            {
                "id": item.feature.id,
                "slug": item.feature.slug,
                "displayName": item.feature.display_name,
                "featureType": item.feature.feature_type,
                "featureValue": item.link.feature_value,
            }
            for item in view.features
        ],
        "price": price_json(view.price),
        "prices": [price_json(price) for price in view.prices],
    }


def table_json(view: views.TableView, *, detailed: bool = False) -> dict:
    table = view.table
    data = {
        "id": table.id,
        "name": table.name,
        "slug": table.slug,
        "isDefault": table.is_default,
        "isActive": table.is_active,
        "pricingTablePlans": [entry_json(plan.entry, plan.plan.id) for plan in view.plans],
        "createdAt": iso(table.created_at),
        "updatedAt": iso(table.updated_at),
    }
    if detailed:
        data["currency"] = view.currency
        data["plans"] = [plan_json(plan) for plan in view.plans]
    return data


@bp.get("")
@document_response(PricingTableList)
async def list_tables():
    """List the merchant's pricing tables with their plan associations in display order."""
    tables = await views.list_tables(merchant_id())
    return {"pricingTables": [table_json(view) for view in tables]}


@bp.get("/<table_id>")
@document_response(PricingTableEnvelope)
async def read_table(table_id: str):
    """Read one table with its plans' current versions, features and prices."""
    view = await views.detailed_view(merchant_id(), table_id)
    return {"pricingTable": table_json(view, detailed=True)}


@bp.post("")
@validate_request(CreatePricingTable)
@document_response(PricingTableEnvelope, 201)
@document_response(ErrorBody, 409)
async def create_table(data: CreatePricingTable):
    """Create an active table holding ``planIds`` (ordered by price); a taken slug is a 409."""
    view = await pricing_tables.create_table(
        merchant_id(), name=data.name, slug=data.slug, plan_ids=data.planIds
    )
    return {"pricingTable": table_json(view, detailed=True)}, 201


@bp.post("/<table_id>")
@validate_request(UpdatePricingTable)
@document_response(PricingTableEnvelope)
@document_response(ErrorBody, 409)
async def update_table(table_id: str, data: UpdatePricingTable):
    """Rename, re-slug, (de)activate or make the default; answers the detailed table."""
    view = await pricing_tables.update_table(
        merchant_id(),
        table_id,
        name=data.name,
        slug=data.slug,
        is_active=data.isActive,
        is_default=data.isDefault,
    )
    return {"pricingTable": table_json(view, detailed=True)}


@bp.delete("/<table_id>")
@document_response(Success)
async def delete_table(table_id: str):
    """Soft-delete the table and its plan associations (the plans stay)."""
    await pricing_tables.delete_table(merchant_id(), table_id)
    return {"success": True}


@bp.post("/<table_id>/plans")
@validate_request(AddPlan)
@document_response(PricingTablePlanOut, 201)
@document_response(ErrorBody, 409)
async def add_plan(table_id: str, data: AddPlan):
    """Add a plan to a table; a plan already in it is a 409."""
    entry, plan_id = await pricing_tables.add_plan(
        merchant_id(), table_id, plan_id=data.planId, display_order=data.displayOrder
    )
    return entry_json(entry, plan_id), 201


@bp.post("/plans/<entry_id>")
@validate_request(UpdatePlanEntry)
@document_response(PricingTablePlanOut)
async def update_plan_entry(entry_id: str, data: UpdatePlanEntry):
    """Set a plan's ``displayOrder`` in its table (null: back to ordering by price)."""
    entry, plan_id = await pricing_tables.update_plan_entry(
        merchant_id(), entry_id, display_order=data.displayOrder
    )
    return entry_json(entry, plan_id)


@bp.delete("/plans/<entry_id>")
@document_response(Success)
async def remove_plan_entry(entry_id: str):
    """Take a plan out of its table; the plan itself is unchanged."""
    await pricing_tables.remove_plan_entry(merchant_id(), entry_id)
    return {"success": True}
