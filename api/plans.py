"""/v1/plans: list, read, create, new versions, edit, delete and pricing-table visibility.

Shapes the spec leaves open (our design):

- A plan is ``{id, stablePlanId, versionNumber, isCurrentVersion, commitMessage, planName,
  planDescription, merchantId, currency, isVisibleInPricingTable, isEnterprisePlan,
  buttonText, enterpriseRedirectUrl, isSeatBased, billImmediately, minSeats, createdAt,
  updatedAt}``, plus ``features`` (``includeFeatures``), ``prices`` (``includePrices``) and
  ``trial`` (``includeTrials``). Create, new-version and edit answers include all three.
- A plan feature is the feature (``id`` is the feature's id) with what this version grants:
  ``featureValue`` (the version's value, else the feature's default), ``isUsageBased``,
  ``usagePricePerUnit`` (cents), ``hasCreditAllowance``, ``creditAllowanceAmount``,
  ``creditAllowanceRenewal`` (``monthly``, ``yearly``, ``none``).
- ``trial`` is ``{enabled, days, creditOverrides: [{featureId, amount}], withoutCard}``; a
  create or edit may name an override's feature by ``featureId`` or by ``slug``.
  ``withoutCard`` (default false): checkout starts the trial without collecting a card; by
  default a trial's checkout collects one and charges it when the trial ends.
- Delete answers ``{success, message}`` with how many versions were deleted.
"""

from quart import Blueprint
from quart_schema import document_response, validate_querystring, validate_request

from api.common import ErrorBody, fails_as, iso, query_flag
from api.features import feature_json
from api.plan_models import (
    CreatePlan,
    CreateVersion,
    EditPlan,
    NewFeatureBody,
    PlanDeletedOut,
    PlanListOut,
    PlanListQuery,
    PlanOut,
    ReadQuery,
    StableQuery,
    TrialBody,
    Visibility,
    VisibilityOut,
)
from api.prices import price_json
from billing.catalog import plan_create, plan_edits, plan_inputs, plan_versions, plans
from billing.catalog.models import PlanFeature
from billing.catalog.plans import PlanView
from webapp.auth import merchant_id

bp = Blueprint("plans", __name__, url_prefix="/plans")


def plan_feature_json(link: PlanFeature) -> dict:
    data = feature_json(link.feature)
    del data["createdAt"], data["updatedAt"]
    if link.feature_value is not None:
        data["featureValue"] = link.feature_value
    return data | {
        "isUsageBased": link.is_usage_based,
        "usagePricePerUnit": link.usage_price_per_unit_cents,
        "hasCreditAllowance": link.has_credit_allowance,
        "creditAllowanceAmount": link.credit_allowance_amount,
        "creditAllowanceRenewal": link.credit_allowance_renewal,
    }


def plan_json(view: PlanView, *, trial: bool = True) -> dict:
    plan = view.plan
    data = {
        "id": plan.id,
        "stablePlanId": plan.stable_plan_id,
        "versionNumber": plan.version_number,
        "isCurrentVersion": plan.is_current,
        "commitMessage": plan.commit_message,
        "planName": plan.plan_name,
        "planDescription": plan.plan_description,
        "merchantId": plan.merchant_id,
        "currency": plan.currency,
        "isVisibleInPricingTable": plan.is_visible_in_pricing_table,
        "isEnterprisePlan": plan.is_enterprise_plan,
        "buttonText": plan.button_text,
        "enterpriseRedirectUrl": plan.enterprise_redirect_url,
        "isSeatBased": plan.is_seat_based,
        "billImmediately": plan.bill_immediately,
        "minSeats": plan.min_seats,
        "createdAt": iso(plan.created_at),
        "updatedAt": iso(plan.updated_at),
    }
    if view.links is not None:
        data["features"] = [plan_feature_json(link) for link in view.links]
    if view.prices is not None:
        data["prices"] = [price_json(price) for price in view.prices]
    if trial:
        data["trial"] = {
            "enabled": plan.trial_enabled,
            "days": plan.trial_days,
            "creditOverrides": list(plan.trial_credit_overrides or []),
            "withoutCard": plan.trial_without_card,
        }
    return data


def _trial(body: TrialBody | None) -> plan_inputs.Trial | None:
    if body is None:
        return None
    overrides = [
        plan_inputs.CreditOverride(amount=item.amount, feature_id=item.featureId, slug=item.slug)
        for item in body.creditOverrides or []
    ]
    return plan_inputs.Trial(
        enabled=body.enabled,
        days=body.days,
        credit_overrides=overrides,
        without_card=body.withoutCard,
    )


def _new_feature(body: NewFeatureBody) -> plan_inputs.NewFeature:
    return plan_inputs.NewFeature(
        feature_name=body.featureName,
        slug=body.slug,
        is_usage_based=body.isUsageBased,
        event_name=body.eventName,
        usage_price_per_unit=body.usagePricePerUnit,
        has_credit_allowance=body.hasCreditAllowance,
        credit_allowance_amount=body.creditAllowanceAmount,
        credit_allowance_renewal=body.creditAllowanceRenewal,
        existing_feature_id=body.existingFeatureId,
    )


@bp.get("")
@validate_querystring(PlanListQuery)
@document_response(PlanListOut)
async def list_plans(query_args: PlanListQuery):
    """The current version of every live plan, newest plan first.

    ``includeFeatures``, ``includePrices`` and ``includeTrials`` (``true``/``false``) add
    ``features``, ``prices`` and ``trial`` to each plan.
    """
    found = await plans.list_plans(
        merchant_id(),
        include_features=query_flag(query_args.includeFeatures, "includeFeatures"),
        include_prices=query_flag(query_args.includePrices, "includePrices"),
    )
    trial = query_flag(query_args.includeTrials, "includeTrials")
    return {"plans": [plan_json(view, trial=trial) for view in found]}


@bp.get("/<plan_id>")
@validate_querystring(ReadQuery)
@document_response(PlanOut)
@document_response(ErrorBody, 404)
async def read_plan(plan_id: str, query_args: ReadQuery):
    """One plan version by its id (old versions stay readable), or with ``isStableId=true``
    the current version of the stable plan id given."""
    view = await plans.get_plan(
        merchant_id(),
        plan_id,
        is_stable_id=query_flag(query_args.isStableId, "isStableId"),
        include_features=query_flag(query_args.includeFeatures, "includeFeatures"),
        include_prices=query_flag(query_args.includePrices, "includePrices"),
    )
    return plan_json(view, trial=query_flag(query_args.includeTrials, "includeTrials"))


@bp.post("")
@validate_request(CreatePlan)
@document_response(PlanListOut, 201)
@document_response(ErrorBody, 409)
@fails_as("Failed to create plan")
async def create_plan(data: CreatePlan):
    """Create version 1 of a plan with its features, prices and trial, all or nothing.

    ``monthlyPrice`` / ``yearlyPrice`` (cents) become prices in the components form: a fixed
    fee, or a per-seat fee with ``isSeatBased``. A yearly price is made when ``yearlyPrice`` is
    given, unless ``hasYearlyPrice`` is false; ``hasYearlyPrice`` true needs ``yearlyPrice``.
    ``minSeats`` needs ``isSeatBased``. An enterprise plan has no prices (giving one is a 400);
    ``enterpriseButtonText`` becomes ``buttonText`` (default "Contact sales" for enterprise
    plans, "Get started" otherwise). ``showInPricingTable`` also puts the plan into the
    default pricing table (made if missing).

    ``newFeatures`` create features: a usage-based one is a number feature measured by the
    merchant's metric for ``eventName`` (default: the slug), a SUM metric made when none
    exists; usage price and credit allowance (default renewal monthly) are stored on the plan.
    ``existingFeatureId`` links an existing feature instead. A taken slug is a 409.
    ``featureIds`` link existing features; an invalid or foreign id is a 400. ``trial``:
    ``{enabled, days (1-365), creditOverrides: [{featureId or slug, amount}]}``, each naming
    one of the plan's features.
    """
    view = await plan_create.create_plan(
        merchant_id(),
        plan_name=data.planName,
        plan_description=data.planDescription,
        currency=data.currency,
        monthly_price=data.monthlyPrice,
        yearly_price=data.yearlyPrice,
        has_yearly_price=data.hasYearlyPrice,
        is_seat_based=data.isSeatBased,
        min_seats=data.minSeats,
        bill_immediately=data.billImmediately,
        show_in_pricing_table=data.showInPricingTable,
        is_enterprise_plan=data.isEnterprisePlan,
        enterprise_button_text=data.enterpriseButtonText,
        enterprise_redirect_url=data.enterpriseRedirectUrl,
        new_features=[_new_feature(element) for element in data.newFeatures or []],
        feature_ids=data.featureIds,
        commit_message=data.commitMessage,
        trial=_trial(data.trial),
    )
    return {"plans": [plan_json(view)]}, 201


@bp.post("/<plan_id>")
@validate_querystring(StableQuery)
@validate_request(CreateVersion)
@document_response(PlanOut, 201)
@document_response(ErrorBody, 404)
async def create_version(plan_id: str, query_args: StableQuery, data: CreateVersion):
    """Publish a new version: new ``id``, same ``stablePlanId``, ``versionNumber`` + 1.

    It builds on the plan's current version whichever version's id is given (``isStableId``
    takes a stable id). Omitted ``priceIds`` / ``featureIds`` are cloned from the current
    version; given ``priceIds`` must be prices of any version of this plan and are copied
    onto the new one. The previous version stays readable by its id.
    """
    view = await plan_versions.create_version(
        merchant_id(),
        plan_id,
        is_stable_id=query_flag(query_args.isStableId, "isStableId"),
        plan_name=data.planName,
        plan_description=data.planDescription,
        price_ids=data.priceIds,
        feature_ids=data.featureIds,
        commit_message=data.commitMessage,
    )
    return plan_json(view), 201


@bp.post("/<plan_id>/edit")
@validate_querystring(StableQuery)
@validate_request(EditPlan)
@document_response(PlanOut)
@document_response(PlanOut, 201)
@document_response(ErrorBody, 404)
async def edit_plan(plan_id: str, query_args: StableQuery, data: EditPlan):
    """Edit the plan: in place (200) when only metadata or feature names change, else a new
    version (201) exactly like ``POST /v1/plans/{id}``.

    Metadata: ``planName``, ``planDescription``, ``showInPricingTable``,
    ``enterpriseButtonText``, ``enterpriseRedirectUrl``, ``trial`` and the ``name`` of each
    ``features[]`` element (``{id, name}``; renames the feature everywhere). A version is made
    when ``monthlyPrice``, ``yearlyPrice``, ``hasYearlyPrice`` or ``isSeatBased`` change the
    plan's fees, or ``features[]`` names a different set of features. Values equal to the
    current ones are no change.
    """
    view, created = await plan_edits.edit_plan(
        merchant_id(),
        plan_id,
        is_stable_id=query_flag(query_args.isStableId, "isStableId"),
        plan_name=data.planName,
        plan_description=data.planDescription,
        features=None
        if data.features is None
        else [plan_edits.FeatureEdit(item.id, item.name) for item in data.features],
        monthly_price=data.monthlyPrice,
        yearly_price=data.yearlyPrice,
        has_yearly_price=data.hasYearlyPrice,
        is_seat_based=data.isSeatBased,
        show_in_pricing_table=data.showInPricingTable,
        enterprise_button_text=data.enterpriseButtonText,
        enterprise_redirect_url=data.enterpriseRedirectUrl,
        trial=_trial(data.trial),
        commit_message=data.commitMessage,
    )
    return plan_json(view), 201 if created else 200


@bp.delete("/<plan_id>")
@document_response(PlanDeletedOut)
@document_response(ErrorBody, 404)
async def delete_plan(plan_id: str):
    """Soft-delete the plan (every version, by any version's id) with its feature links,
    prices and pricing-table entries."""
    count = await plans.delete_plan(merchant_id(), plan_id)
    noun = "version" if count == 1 else "versions"
    return {"success": True, "message": f"Plan deleted ({count} {noun})"}


@bp.post("/<plan_id>/toggle-pricing-table-visibility")
@validate_request(Visibility)
@document_response(VisibilityOut)
@document_response(ErrorBody, 404)
async def toggle_visibility(plan_id: str, data: Visibility):
    """Show or hide the plan in pricing tables, in place on its current version (no new
    version). Showing it also adds it to the default pricing table when missing."""
    view = await plans.set_visibility(merchant_id(), plan_id, is_visible=data.isVisible)
    state = "shown in" if data.isVisible else "hidden from"
    return {"success": True, "message": f"Plan {state} pricing tables", "plan": plan_json(view)}
