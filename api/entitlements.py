"""/v1/entitlements: what a customer may use right now, per feature.

Every route takes the customer in the path and ``isExtCustId`` (true: the id is looked up as
an external id first, then as an internal id). Resolution rules and our choices where the spec
is silent are in billing/usage/entitlement_rules.py; in short, every Entitlement carries
``featureSlug`` (so clients can match answers to questions), an unknown or ungranted slug is
``entitled: false`` with ``feature`` and ``source`` null (200, not 404), and ``creditInfo`` is
always present (zeros and a null ``nextExpiryDate`` without credits).
"""

from typing import Annotated, Any

from pydantic import BaseModel, Field
from quart import Blueprint
from quart_schema import document_response, validate_querystring, validate_request

from api.common import Body, ErrorBody, Query, fails_as, iso, json_response, query_flag
from api.schema_rules import FLAG, documented
from billing.usage import entitlements
from billing.usage.entitlements import MAX_SLUGS
from webapp.auth import merchant_id

bp = Blueprint("entitlements", __name__, url_prefix="/entitlements")

FETCH_FAILED = "Failed to fetch entitlements"
CHECK_FAILED = "Failed to check entitlement"
CHECK_MANY_FAILED = "Failed to check entitlements"


class CustomerQuery(Query):
    isExtCustId: Annotated[str | None, FLAG] = None


class FeatureSlugs(Body):
    # Checked by the service, so every wrong shape answers the same clear 400.
    required_fields = ("featureSlugs",)
    featureSlugs: Annotated[
        Any,
        documented(
            {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": MAX_SLUGS}
        ),
    ] = Field(
        default=None,
        description="Feature slugs to check: a non-empty list of at most 100 strings",
    )


class EntitlementFeatureOut(BaseModel):
    slug: str
    value: bool | float | str | None


class UsageOut(BaseModel):
    metricId: str
    usage: float


class CreditInfoOut(BaseModel):
    """Sum of the active (unexpired) grants; ``creditsRemaining`` is allowance minus usage,
    never below 0; ``nextExpiryDate`` is the earliest end of an active grant."""

    creditAllowance: int
    creditsRemaining: int
    nextExpiryDate: str | None


class EntitlementOut(BaseModel):
    """``entitled`` is null for a numeric feature measured by several metrics (the client
    decides); ``feature`` is null when not entitled; ``source`` is plan, override, credits,
    default, or null when nothing grants the feature."""

    featureSlug: str
    entitled: bool | None
    feature: EntitlementFeatureOut | None
    source: str | None
    usages: list[UsageOut]
    creditInfo: CreditInfoOut


class EntitlementList(BaseModel):
    entitlements: list[EntitlementOut]


class SeatEntitlementOut(EntitlementOut):
    customerId: str
    externalCustomerId: str | None


class SeatEntitlementList(BaseModel):
    entitlements: list[SeatEntitlementOut]


def entitlement_json(entitlement: dict) -> dict:
    """The service's record with ``nextExpiryDate`` written as ISO 8601 UTC."""
    info = entitlement["creditInfo"]
    return {**entitlement, "creditInfo": {**info, "nextExpiryDate": iso(info["nextExpiryDate"])}}


def _is_ext(query: CustomerQuery) -> bool:
    return query_flag(query.isExtCustId, "isExtCustId")


@bp.get("/<customer_id>")
@validate_querystring(CustomerQuery)
@document_response(EntitlementList)
@document_response(ErrorBody, 404)
@fails_as(FETCH_FAILED)
async def list_entitlements(customer_id: str, query_args: CustomerQuery):
    """Every feature the customer's active subscription grants, by slug."""
    rows = await entitlements.entitlements_for(
        merchant_id(), customer_id, is_ext=_is_ext(query_args)
    )
    return json_response({"entitlements": [entitlement_json(row) for row in rows]})


@bp.get("/<customer_id>/seat-aware")
@validate_querystring(CustomerQuery)
@document_response(SeatEntitlementList)
@document_response(ErrorBody, 404)
@fails_as(FETCH_FAILED)
async def seat_aware_entitlements(customer_id: str, query_args: CustomerQuery):
    """The entitlements of every live member of the customer's organization (primary first),
    each with the member's ``customerId`` and ``externalCustomerId``; a customer outside any
    organization answers its own. The organization's subscription grants every member its
    features; credits are each member's own."""
    rows = await entitlements.seat_aware_entitlements(
        merchant_id(), customer_id, is_ext=_is_ext(query_args)
    )
    return json_response({"entitlements": [entitlement_json(row) for row in rows]})


async def entitlement_check(
    merchant: str, customer_id: str, feature_slug: str, query: CustomerQuery
) -> dict:
    """The work of the one-feature check, shared with the fast lane (``api.fast_lane``), which
    serves this route in production without Quart's per-request cost."""
    row = await entitlements.entitlement_for_feature(
        merchant, customer_id, feature_slug, is_ext=_is_ext(query)
    )
    return entitlement_json(row)


@bp.get("/<customer_id>/feature/<feature_slug>")
@validate_querystring(CustomerQuery)
@document_response(EntitlementOut)
@document_response(ErrorBody, 404)
@fails_as(CHECK_FAILED)
async def check_entitlement(customer_id: str, feature_slug: str, query_args: CustomerQuery):
    """One feature; an unknown slug answers ``entitled: false`` (200)."""
    body = await entitlement_check(merchant_id(), customer_id, feature_slug, query_args)
    return json_response(body)


@bp.post("/<customer_id>/features")
@validate_querystring(CustomerQuery)
@validate_request(FeatureSlugs)
@document_response(EntitlementList)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 404)
@fails_as(CHECK_MANY_FAILED)
async def check_entitlements(customer_id: str, query_args: CustomerQuery, data: FeatureSlugs):
    """The features named in ``featureSlugs``, in that order (a repeated slug once)."""
    rows = await entitlements.entitlements_for_features(
        merchant_id(), customer_id, data.featureSlugs, is_ext=_is_ext(query_args)
    )
    return json_response({"entitlements": [entitlement_json(row) for row in rows]})
