"""/v1/plans/{id}/migrate, /compare, /scheduled-migrations and /incoming-migrations.

Shapes the spec leaves open (our design):

- ``migrationAnalysis`` adds to the spec's flags ``fromVersion``, ``toVersion``,
  ``fromPlanId``, ``toPlanId``, ``priceChanges`` (``[{change: added|removed, priceId,
  currency, pricingData}]``) and ``featureChanges`` (``[{change: added|removed|changed,
  featureId, slug, displayName, featureType, before, after}]``, ``before``/``after`` being
  ``{featureValue, isUsageBased, usagePricePerUnit, hasCreditAllowance,
  creditAllowanceAmount, creditAllowanceRenewal}`` or null).
- A migration is ``{id, stablePlanId, fromPlanId, toPlanId, fromVersion, toVersion,
  strategy, priceMapping, scheduledCount, status, createdAt}``; ``status`` is ``completed``
  for an immediate migration, ``scheduled`` for one waiting for billing periods to end.
- ``migrate`` answers ``{success, scheduledCount, message, migration, skipped}``, ``skipped``
  listing ``{subscriptionId, reason}`` for subscriptions left where they are because no
  price of the target version matches theirs.
"""

from typing import Annotated, Literal

from pydantic import BaseModel
from quart import Blueprint
from quart_schema import document_response, validate_querystring, validate_request

from api.common import Body, ErrorBody, Query, fails_as, iso
from api.features import FeatureValue
from api.schema_rules import documented
from billing.catalog.models import PlanFeature
from billing.catalog.plan_inputs import MAX_INT32
from billing.invoicing import prorations
from billing.subscriptions import plan_migrations
from billing.subscriptions.models import PlanMigration
from billing.subscriptions.plan_migrations import MAX_MAPPING, Comparison, effective_value
from webapp.auth import merchant_id

bp = Blueprint("plan_migrations", __name__, url_prefix="/plans")


VERSION = documented(
    {
        "type": "integer",
        "minimum": 1,
        "maximum": MAX_INT32,
        "description": "A version number of this plan (fromVersion and toVersion differ)",
    }
)


class MigrateBody(Body):
    strategy: Literal["immediate", "next_billing_cycle"]
    fromVersion: Annotated[int, VERSION]
    toVersion: Annotated[int, VERSION]
    priceMapping: Annotated[
        dict[str, str] | None,
        documented(
            {
                "type": "object",
                "additionalProperties": {"type": "string"},
                "maxProperties": MAX_MAPPING,
            },
            optional=True,
        ),
    ] = None


class CompareQuery(Query):
    fromVersion: Annotated[int | None, VERSION] = None
    toVersion: Annotated[int | None, VERSION] = None


class MigrationOut(BaseModel):
    id: str
    stablePlanId: str
    fromPlanId: str
    toPlanId: str
    fromVersion: int
    toVersion: int
    strategy: str
    priceMapping: dict[str, str]
    scheduledCount: int
    status: str
    createdAt: str


class SkippedOut(BaseModel):
    subscriptionId: str
    reason: str


class MigrateOut(BaseModel):
    """The migration is recorded; ``scheduledCount`` subscriptions moved or will move."""

    success: bool
    scheduledCount: int
    message: str
    migration: MigrationOut
    skipped: list[SkippedOut]


class ScheduledOut(BaseModel):
    """Migrations away from this plan version, newest first."""

    scheduledMigrations: list[MigrationOut]


class IncomingOut(BaseModel):
    """Migrations towards this plan version, newest first."""

    incomingMigrations: list[MigrationOut]


class LinkOut(BaseModel):
    featureValue: FeatureValue | None
    isUsageBased: bool
    usagePricePerUnit: int | None
    hasCreditAllowance: bool
    creditAllowanceAmount: int | None
    creditAllowanceRenewal: str | None


class FeatureChangeOut(BaseModel):
    change: str
    featureId: str
    slug: str
    displayName: str
    featureType: str
    before: LinkOut | None
    after: LinkOut | None


class PriceChangeOut(BaseModel):
    change: str
    priceId: str
    currency: str
    pricingData: dict


class AnalysisOut(BaseModel):
    hasPriceChanges: bool
    hasFeatureChanges: bool
    hasNumericFeatureChanges: bool
    recommendedStrategy: str
    fromVersion: int
    toVersion: int
    fromPlanId: str
    toPlanId: str
    priceChanges: list[PriceChangeOut]
    featureChanges: list[FeatureChangeOut]


class CompareOut(BaseModel):
    """What moving subscribers between the two versions changes, and when to do it."""

    migrationAnalysis: AnalysisOut


def migration_json(migration: PlanMigration) -> dict:
    return {
        "id": migration.id,
        "stablePlanId": migration.stable_plan_id,
        "fromPlanId": migration.from_plan_id,
        "toPlanId": migration.to_plan_id,
        "fromVersion": migration.from_version,
        "toVersion": migration.to_version,
        "strategy": migration.strategy,
        "priceMapping": migration.price_mapping or {},
        "scheduledCount": migration.scheduled_count,
        "status": migration.status,
        "createdAt": iso(migration.created_at),
    }


def _link_json(link: PlanFeature | None) -> dict | None:
    if link is None:
        return None
    return {
        "featureValue": effective_value(link),
        "isUsageBased": link.is_usage_based,
        "usagePricePerUnit": link.usage_price_per_unit_cents,
        "hasCreditAllowance": link.has_credit_allowance,
        "creditAllowanceAmount": link.credit_allowance_amount,
        "creditAllowanceRenewal": link.credit_allowance_renewal,
    }


def analysis_json(result: Comparison) -> dict:
    return {
        "hasPriceChanges": result.has_price_changes,
        "hasFeatureChanges": result.has_feature_changes,
        "hasNumericFeatureChanges": result.has_numeric_feature_changes,
        "recommendedStrategy": result.recommended_strategy,
        "fromVersion": result.from_plan.version_number,
        "toVersion": result.to_plan.version_number,
        "fromPlanId": result.from_plan.id,
        "toPlanId": result.to_plan.id,
        "priceChanges": [
            {
                "change": change.change,
                "priceId": change.price.id,
                "currency": change.price.currency,
                "pricingData": change.price.pricing_data,
            }
            for change in result.price_changes
        ],
        "featureChanges": [
            {
                "change": change.change,
                "featureId": change.feature.id,
                "slug": change.feature.slug,
                "displayName": change.feature.display_name,
                "featureType": change.feature.feature_type,
                "before": _link_json(change.before),
                "after": _link_json(change.after),
            }
            for change in result.feature_changes
        ],
    }


@bp.post("/<stable_plan_id>/migrate")
@validate_request(MigrateBody)
@document_response(MigrateOut)
@document_response(ErrorBody, 404)
@fails_as("Failed to process plan migration")
async def migrate(stable_plan_id: str, data: MigrateBody):
    """Move subscribers from ``fromVersion`` to ``toVersion`` of the plan (the path takes
    its stable id or any version's id).

    ``strategy``: ``immediate`` makes each subscription's new version now;
    ``next_billing_cycle`` schedules it for the end of the subscription's current period.
    ``priceMapping`` maps prices of ``fromVersion`` to prices of ``toVersion``; an unmapped
    price moves to the target price with the same currency and billing interval, and a
    subscription with no such price is skipped (listed in ``skipped``). An immediate move
    prorates each subscriber's fee already paid for this period on an invoice at once.
    """
    result = await prorations.migrate(
        merchant_id(),
        stable_plan_id,
        strategy=data.strategy,
        from_version=data.fromVersion,
        to_version=data.toVersion,
        price_mapping=data.priceMapping,
    )
    migration = result.migration
    done = "moved" if migration.strategy == "immediate" else "scheduled to move"
    message = (
        f"Migration from version {migration.from_version} to version {migration.to_version}: "
        f"{migration.scheduled_count} subscription(s) {done}"
    )
    if result.skipped:
        message += f", {len(result.skipped)} skipped (no matching price)"
    return {
        "success": True,
        "scheduledCount": migration.scheduled_count,
        "message": message,
        "migration": migration_json(migration),
        "skipped": [
            {"subscriptionId": skip.subscription_id, "reason": skip.reason}
            for skip in result.skipped
        ],
    }


@bp.get("/<stable_plan_id>/compare")
@validate_querystring(CompareQuery)
@document_response(CompareOut)
@document_response(ErrorBody, 404)
async def compare(stable_plan_id: str, query_args: CompareQuery):
    """Compare two versions of the plan (stable id or any version's id in the path).

    ``toVersion`` defaults to the current version, ``fromVersion`` to the one before it.
    Prices compare by currency and pricingData; features by id, value, usage price and credit
    allowance. ``recommendedStrategy`` is ``next_billing_cycle`` when a subscriber would lose
    or pay differently (a price change, a removed feature, a switch turned off, a lower limit
    or allowance), else ``immediate``.
    """
    result = await plan_migrations.compare(
        merchant_id(),
        stable_plan_id,
        from_version=query_args.fromVersion,
        to_version=query_args.toVersion,
    )
    return {"migrationAnalysis": analysis_json(result)}


@bp.get("/<plan_id>/scheduled-migrations")
@document_response(ScheduledOut)
@document_response(ErrorBody, 404)
async def scheduled_migrations(plan_id: str):
    """Migrations recorded away from this plan version (by its id), newest first."""
    found = await plan_migrations.list_migrations(merchant_id(), plan_id, incoming=False)
    return {"scheduledMigrations": [migration_json(migration) for migration in found]}


@bp.get("/<plan_id>/incoming-migrations")
@document_response(IncomingOut)
@document_response(ErrorBody, 404)
async def incoming_migrations(plan_id: str):
    """Migrations recorded towards this plan version (by its id), newest first."""
    found = await plan_migrations.list_migrations(merchant_id(), plan_id, incoming=True)
    return {"incomingMigrations": [migration_json(migration) for migration in found]}
