"""/v1/subscriptions writes after creation: overrides, lifecycle actions, scheduled changes.

Reads and creation live in ``api/subscriptions.py``; both blueprints share the
``/subscriptions`` prefix. ``{id}`` is the stable subscription id (the live version's own id
works too).

Shapes and rules the spec leaves open (our design):

- Overrides answer the updated subscription object (as ``GET /v1/subscriptions/{id}``, with
  ``subscriptionFeatures``) carrying the new ``versionNumber``. They apply to active
  subscriptions only (409 otherwise). A price override may name any live price of the
  merchant; naming the price already in effect is a 409. Its billing details are rebuilt at
  once; invoices for the new amount come with the billing engine.
- Lifecycle preconditions (409 otherwise, see billing/subscriptions/subscription_lifecycle.py):
  pause from active; resume from paused; reactivate from unpaid; cancel and enforce dunning
  from any live state. An ended subscription answers 409 "Subscription has ended; ..." to
  every action.
- ``DELETE`` answers ``{success: true, message: "Subscription cancelled"}``. The cancelled
  subscription is soft-deleted, so ``GET`` then answers 404 and lists leave it out.
- ``enforce-dunning-now`` answers ``{success: true, status}``, ``status`` being what the
  merchant's end action left (``paused``, ``unpaid`` or ``ended``).
- A scheduled change is ``{id, kind, newPlan {id}, newPrice {id}, effectiveDate, status,
  planMigrationId, createdAt}``; the list holds the pending ones, soonest first.
"""

from typing import Annotated, Any

from pydantic import BaseModel, WithJsonSchema
from quart import Blueprint
from quart_schema import document_response, validate_request

from api.common import Body, ErrorBody, iso
from api.schema_rules import documented
from api.subscriptions import SubscriptionOut, subscription_json
from billing.core.errors import Invalid
from billing.invoicing import prorations
from billing.subscriptions import (
    scheduled_changes,
    subscription_lifecycle,
    subscription_reads,
    subscription_versions,
)
from billing.subscriptions.models import ScheduledChange
from webapp.auth import merchant_id

bp = Blueprint("subscription_actions", __name__, url_prefix="/subscriptions")

FeatureIdsField = Annotated[
    Any,
    WithJsonSchema(
        {
            "type": "array",
            "items": {"type": "string"},
            "minItems": 1,
            "description": "Ids of the merchant's live features",
        }
    ),
]


class FeatureOverrides(Body):
    """The complete list of features the subscription grants from now on."""

    required_fields = ("featureIds",)
    featureIds: FeatureIdsField = None


class PriceOverride(Body):
    required_fields = ("priceId",)
    priceId: Annotated[str | None, documented({"type": "string", "minLength": 1})] = None


class Done(BaseModel):
    success: bool
    status: str


class Cancelled(BaseModel):
    success: bool
    message: str


class IdOnly(BaseModel):
    id: str


class ScheduledChangeOut(BaseModel):
    id: str
    kind: str
    newPlan: IdOnly
    newPrice: IdOnly | None
    effectiveDate: str
    status: str
    planMigrationId: str | None
    createdAt: str


class ScheduledChangesOut(BaseModel):
    scheduledChanges: list[ScheduledChangeOut]


def scheduled_change_json(change: ScheduledChange) -> dict:
    return {
        "id": change.id,
        "kind": change.kind,
        "newPlan": {"id": change.new_plan_id},
        "newPrice": {"id": change.new_price_id} if change.new_price_id else None,
        "effectiveDate": iso(change.effective_date),
        "status": change.status,
        "planMigrationId": change.plan_migration_id,
        "createdAt": iso(change.created_at),
    }


async def _answer(subscription) -> dict:
    loaded = await subscription_reads.load_for_json(subscription, include_features=True)
    return subscription_json(loaded, include_features=True)


@bp.post("/feature-overrides/<subscription_id>")
@validate_request(FeatureOverrides)
@document_response(SubscriptionOut)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 404)
@document_response(ErrorBody, 409)
async def feature_overrides(subscription_id: str, data: FeatureOverrides):
    """Replace every feature of the subscription with ``featureIds`` (source ``override``,
    each at the feature's default value): a new version, the old one soft-deleted."""
    subscription = await subscription_versions.override_features(
        merchant_id(), subscription_id, feature_ids=data.featureIds
    )
    return await _answer(subscription)


@bp.post("/price-override/<subscription_id>")
@validate_request(PriceOverride)
@document_response(SubscriptionOut)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 404)
@document_response(ErrorBody, 409)
async def price_override(subscription_id: str, data: PriceOverride):
    """Bill the subscription at ``priceId`` from now on: a new version with that
    ``effectivePriceId`` and rebuilt billing details, the old version soft-deleted. A fixed
    fee already paid for this period is prorated at once on an invoice: credit for the old
    fee's unused time, charge for the new fee over the same time."""
    if not data.priceId:
        raise Invalid("priceId is required")
    subscription = await prorations.override_price(
        merchant_id(), subscription_id, price_id=data.priceId
    )
    return await _answer(subscription)


@bp.delete("/<subscription_id>")
@document_response(Cancelled)
@document_response(ErrorBody, 404)
@document_response(ErrorBody, 409)
async def cancel(subscription_id: str):
    """End the subscription now: endTimestamp and deletedAt set, features and billing
    details expired, future billing stopped, pending scheduled changes cancelled."""
    await subscription_lifecycle.cancel(merchant_id(), subscription_id)
    return {"success": True, "message": "Subscription cancelled"}


@bp.post("/<subscription_id>/pause")
@document_response(Done)
@document_response(ErrorBody, 404)
@document_response(ErrorBody, 409)
async def pause(subscription_id: str):
    """Pause an active subscription."""
    subscription = await subscription_lifecycle.pause(merchant_id(), subscription_id)
    return {"success": True, "status": subscription.status}


@bp.post("/<subscription_id>/resume")
@document_response(Done)
@document_response(ErrorBody, 404)
@document_response(ErrorBody, 409)
async def resume(subscription_id: str):
    """Resume a paused subscription."""
    subscription = await subscription_lifecycle.resume(merchant_id(), subscription_id)
    return {"success": True, "status": subscription.status}


@bp.post("/<subscription_id>/reactivate")
@document_response(Done)
@document_response(ErrorBody, 404)
@document_response(ErrorBody, 409)
async def reactivate(subscription_id: str):
    """Make an unpaid subscription active again."""
    subscription = await subscription_lifecycle.reactivate(merchant_id(), subscription_id)
    return {"success": True, "status": subscription.status}


@bp.post("/<subscription_id>/enforce-dunning-now")
@document_response(Done)
@document_response(ErrorBody, 404)
@document_response(ErrorBody, 409)
async def enforce_dunning_now(subscription_id: str):
    """Apply the merchant's end-of-dunning action now: pause, mark unpaid or cancel."""
    status = await subscription_lifecycle.enforce_dunning_now(merchant_id(), subscription_id)
    return {"success": True, "status": status}


@bp.get("/<subscription_id>/scheduled-changes")
@document_response(ScheduledChangesOut)
@document_response(ErrorBody, 404)
async def list_scheduled_changes(subscription_id: str):
    """The subscription's pending scheduled changes, soonest first."""
    found = await scheduled_changes.list_pending(merchant_id(), subscription_id)
    return {"scheduledChanges": [scheduled_change_json(change) for change in found]}
