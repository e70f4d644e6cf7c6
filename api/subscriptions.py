"""/v1/subscriptions: list, per customer, one, its billing details, MRR, create, free.

``{id}`` paths take the stable subscription id; the live version's own id is accepted too.
Ended (cancelled) and superseded versions are history and answer 404 here.

Designed where the spec is silent:
- ``includeFeatures`` is on only for the string ``true`` (any case); anything else is off.
- Create answers 201 ``{subscription}`` with ``subscriptionFeatures`` included, so the caller
  sees what was granted. ``startTimestamp`` is ISO 8601; without an offset it is UTC.
- MRR ``amount`` is a decimal *string* with two places (``"29.00"``), exact where a JSON
  number is not; ``amount_cents`` is the integer the string is made from.
- ``featureValue`` is a string as the spec says: ``"true"``/``"false"``, ``"5"``, the text;
  null when the feature has no value.
- ``billingProblem`` is null, or why the due pass cannot bill the subscription
  (``{reason, since, lastAttemptAt, attempts}``, billing/subscriptions/billing_problems.py);
  ``GET /v1/subscriptions?billingProblem=true`` lists the ones that have one.
- create-free-subscription answers 201 like create, with ``subscription`` in the same shape
  (features included); its rules are in billing/enrollment/free_subscriptions.py.
"""

import json
from typing import Any

from quart import Blueprint
from quart_schema import document_response, validate_querystring, validate_request

from api.common import ErrorBody, fails_as, iso
from api.subscription_models import (
    ActiveConflict,
    CreateFailure,
    CreateFreeSubscription,
    CreateSubscription,
    DetailList,
    FeaturesQuery,
    FreeSubscriptionOut,
    ListQuery,
    MrrEnvelope,
    SubscriptionEnvelope,
    SubscriptionList,
    SubscriptionOut,
)
from billing.core.timestamps import parse_timestamp
from billing.enrollment import free_subscriptions
from billing.invoicing import subscription_starts
from billing.subscriptions import mrr, subscription_reads
from billing.subscriptions.models import Subscription, SubscriptionDetail
from webapp.auth import merchant_id

bp = Blueprint("subscriptions", __name__, url_prefix="/subscriptions")


def include_features(query: FeaturesQuery) -> bool:
    return (query.includeFeatures or "").lower() == "true"


def feature_value_text(value: Any) -> str | None:
    if value is None or isinstance(value, str):
        return value
    return json.dumps(value)  # true/false, numbers as written


def subscription_json(subscription: Subscription, *, include_features: bool = False) -> dict:
    """The Subscription resource; ``customer``, ``plan`` and ``effective_price`` (and, with
    ``include_features``, ``features`` with their ``feature``) must be prefetched."""
    customer, plan, price = subscription.customer, subscription.plan, subscription.effective_price
    body = {
        "id": subscription.id,
        "stableSubscriptionId": subscription.stable_subscription_id,
        "merchantId": subscription.merchant_id,
        "customerId": subscription.customer_id,
        "planId": subscription.plan_id,
        "effectivePriceId": subscription.effective_price_id,
        "status": subscription.status,
        "startTimestamp": iso(subscription.start_timestamp),
        "endTimestamp": iso(subscription.end_timestamp),
        "currentPeriodStart": iso(subscription.current_period_start),
        "currentPeriodEnd": iso(subscription.current_period_end),
        "cancelAtPeriodEnd": subscription.cancel_at_period_end,
        "trialEndDate": iso(subscription.trial_end_date),
        "gracePeriodEndsAt": iso(subscription.grace_period_ends_at),
        "versionNumber": subscription.version_number,
        "createdAt": iso(subscription.created_at),
        "customer": {"id": customer.id, "email": customer.email, "name": customer.name},
        "plan": {
            "id": plan.id,
            "planName": plan.plan_name,
            "planDescription": plan.plan_description,
        },
        "price": {"id": price.id, "currency": price.currency, "pricingData": price.pricing_data},
        "billingProblem": billing_problem_json(subscription),
    }
    if include_features:
        body["subscriptionFeatures"] = [
            {
                "id": row.id,
                "featureId": row.feature_id,
                "featureValue": feature_value_text(row.feature_value),
                "source": row.source,
                "feature": {
                    "id": row.feature.id,
                    "slug": row.feature.slug,
                    "displayName": row.feature.display_name,
                    "featureType": row.feature.feature_type,
                },
            }
            for row in subscription.features
        ]
    return body


def billing_problem_json(subscription: Subscription) -> dict | None:
    """Why the due pass cannot bill it (billing/subscriptions/billing_problems.py), or null."""
    if subscription.billing_problem_since is None:
        return None
    return {
        "reason": subscription.billing_problem,
        "since": iso(subscription.billing_problem_since),
        "lastAttemptAt": iso(subscription.billing_problem_last_at),
        "attempts": subscription.billing_problem_attempts,
    }


def detail_json(detail: SubscriptionDetail) -> dict:
    return {
        "id": detail.id,
        "componentId": detail.component_id,
        "nextBillingDate": iso(detail.next_billing_date),
        "subscriptionStartDate": iso(detail.subscription_start_date),
        "previousBillingDate": iso(detail.previous_billing_date),
        "cyclesBilled": detail.cycles_billed,
        "recurrenceRule": detail.recurrence_rule,
        "component": detail.component,
    }


def _list_json(found: list[Subscription], include: bool) -> dict:
    return {"subscriptions": [subscription_json(s, include_features=include) for s in found]}


@bp.get("")
@validate_querystring(ListQuery)
@document_response(SubscriptionList)
@document_response(ErrorBody, 400)
@fails_as("Failed to list subscriptions")
async def list_subscriptions(query_args: ListQuery):
    """The merchant's live subscriptions (cancelled and superseded versions excluded), only
    those in ``status`` when it is given (400 for a status that does not exist), only those
    the due pass cannot bill with ``billingProblem=true`` (the others with ``false``)."""
    include = include_features(query_args)
    found = await subscription_reads.list_subscriptions(
        merchant_id(),
        include_features=include,
        status=query_args.status,
        billing_problem=query_args.billingProblem,
    )
    return _list_json(found, include)


@bp.get("/customer/<customer_id>")
@validate_querystring(FeaturesQuery)
@document_response(SubscriptionList)
@document_response(ErrorBody, 404)
@fails_as("Failed to list subscriptions")
async def list_customer_subscriptions(customer_id: str, query_args: FeaturesQuery):
    """One customer's live subscriptions; an unknown or foreign customer is a 404."""
    include = include_features(query_args)
    found = await subscription_reads.list_subscriptions(
        merchant_id(), include_features=include, customer_id=customer_id
    )
    return _list_json(found, include)


@bp.get("/mrr")
@document_response(MrrEnvelope)
async def get_mrr():
    """MRR per rule 1: active subscriptions only, monthly fixed fees in full, yearly ones a
    twelfth, usage excluded; exact fractions summed, rounded half up to cents at the end."""
    found = await mrr.merchant_mrr(merchant_id())
    amount = f"{found.amount_cents // 100}.{found.amount_cents % 100:02d}"
    return {
        "mrr": {
            "amount_cents": found.amount_cents,
            "amount": amount,
            "active_subscriptions_count": found.active_subscriptions_count,
            "calculated_at": iso(found.calculated_at),
        }
    }


@bp.get("/<subscription_id>")
@validate_querystring(FeaturesQuery)
@document_response(SubscriptionOut)
@document_response(ErrorBody, 404)
async def get_subscription(subscription_id: str, query_args: FeaturesQuery):
    """One live subscription (bare object) by its stable id."""
    include = include_features(query_args)
    found = await subscription_reads.get_subscription(
        merchant_id(), subscription_id, include_features=include
    )
    return subscription_json(found, include_features=include)


@bp.get("/<subscription_id>/details")
@document_response(DetailList)
@document_response(ErrorBody, 404)
async def get_details(subscription_id: str):
    """The live version's billing details: one per price component, with next billing date."""
    details = await subscription_reads.list_details(merchant_id(), subscription_id)
    return {"subscriptionDetails": [detail_json(detail) for detail in details]}


@bp.post("")
@validate_request(CreateSubscription)
@document_response(SubscriptionEnvelope, 201)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 404)
@document_response(ActiveConflict, 409)
@document_response(CreateFailure, 500)
@fails_as("Failed to create subscription")
async def create_subscription(data: CreateSubscription):
    """Subscribe a customer to a plan version at one of its prices (version 1).

    One open subscription per customer unless ``dangerouslyAllowMultipleSubscriptions``; the
    plan's features are copied (source ``plan``); one billing detail per price component.
    With ``triggerImmediateBilling`` what is due now (the first fixed fees) is invoiced in the
    same transaction as the create, before the answer: both are stored or neither, and when
    billing fails the answer is 500 ``Failed to create subscription`` with ``details`` and
    nothing is stored (billing/invoicing/subscription_starts.py). Otherwise the next due-work
    pass invoices it.
    """
    created = await subscription_starts.create_subscription(
        merchant_id(),
        customer_id=data.customerId,
        plan_id=data.planId,
        effective_price_id=data.effectivePriceId,
        start_timestamp=parse_timestamp(data.startTimestamp),
        trigger_immediate_billing=bool(data.triggerImmediateBilling),
        allow_multiple=bool(data.dangerouslyAllowMultipleSubscriptions),
    )
    loaded = await subscription_reads.load_for_json(created, include_features=True)
    return {"subscription": subscription_json(loaded, include_features=True)}, 201


@bp.post("/create-free-subscription")
@validate_request(CreateFreeSubscription)
@document_response(FreeSubscriptionOut, 201)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 404)
@document_response(ActiveConflict, 409)
async def create_free_subscription(data: CreateFreeSubscription):
    """Subscribe a user to the latest free plan of the active pricing tables (spec rule 2).

    ``userId`` is the customer's external id; the customer is created when absent. 404 when
    no active pricing table has a free plan, 409 when provider A is not configured or the
    customer already has a subscription. Nothing is charged and nothing is left on a refusal.
    """
    made = await free_subscriptions.create_free_subscription(
        merchant_id(),
        customer_email=data.customerEmail,
        customer_name=data.customerName,
        user_id=data.userId,
        billing_address_line1=data.billingAddressLine1,
        billing_address_line2=data.billingAddressLine2,
        billing_city=data.billingCity,
        billing_postal_code=data.billingPostalCode,
        billing_country=data.billingCountry,
        tax_id=data.taxId,
    )
    loaded = await subscription_reads.load_for_json(made.subscription, include_features=True)
    return {
        "message": "Free subscription created",
        "subscription": subscription_json(loaded, include_features=True),
        "plan": {
            "id": made.plan.id,
            "name": made.plan.plan_name,
            "description": made.plan.plan_description,
        },
        "credit_grants_created": made.credit_grants_created,
    }, 201
