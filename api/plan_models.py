"""Request and response models of /v1/plans (see api/plans.py for the shapes' rationale).

Request bodies are strict (no silent "5" -> 5); the services check ranges and rules, so the
messages come from one place. Boolean query parameters are taken as text and read with
``query_flag``, which answers a clear 400 for anything but true/false/1/0.
"""

from pydantic import BaseModel

from api.common import Body
from api.features import FeatureValue
from api.prices import PriceOut


class CreditOverrideBody(Body):
    featureId: str | None = None
    slug: str | None = None
    amount: int


class TrialBody(Body):
    enabled: bool = False
    days: int | None = None
    creditOverrides: list[CreditOverrideBody] | None = None
    withoutCard: bool = False


class NewFeatureBody(Body):
    featureName: str | None = None
    slug: str | None = None
    isUsageBased: bool
    eventName: str | None = None
    usagePricePerUnit: int | None = None
    hasCreditAllowance: bool = False
    creditAllowanceAmount: int | None = None
    creditAllowanceRenewal: str | None = None
    existingFeatureId: str | None = None


class CreatePlan(Body):
    planName: str
    planDescription: str | None = None
    currency: str | None = None
    monthlyPrice: int | None = None
    yearlyPrice: int | None = None
    hasYearlyPrice: bool | None = None
    isSeatBased: bool = False
    minSeats: int | None = None
    billImmediately: bool = False
    showInPricingTable: bool = False
    isEnterprisePlan: bool = False
    enterpriseButtonText: str | None = None
    enterpriseRedirectUrl: str | None = None
    newFeatures: list[NewFeatureBody] | None = None
    featureIds: list[str] | None = None
    commitMessage: str | None = None
    trial: TrialBody | None = None


class CreateVersion(Body):
    planName: str | None = None
    planDescription: str | None = None
    priceIds: list[str] | None = None
    featureIds: list[str] | None = None
    commitMessage: str | None = None


class FeatureEditBody(Body):
    id: str
    name: str | None = None


class EditPlan(Body):
    planName: str | None = None
    planDescription: str | None = None
    features: list[FeatureEditBody] | None = None
    monthlyPrice: int | None = None
    yearlyPrice: int | None = None
    hasYearlyPrice: bool | None = None
    isSeatBased: bool | None = None
    showInPricingTable: bool | None = None
    enterpriseButtonText: str | None = None
    enterpriseRedirectUrl: str | None = None
    trial: TrialBody | None = None
    commitMessage: str | None = None


class Visibility(Body):
    isVisible: bool


class PlanListQuery(BaseModel):
    includeFeatures: str | None = None
    includePrices: str | None = None
    includeTrials: str | None = None


class ReadQuery(PlanListQuery):
    isStableId: str | None = None


class StableQuery(BaseModel):
    isStableId: str | None = None


class PlanFeatureOut(BaseModel):
    id: str
    slug: str
    displayName: str
    featureType: str
    featureValue: FeatureValue | None
    metricIds: list[str]
    isUsageBased: bool
    usagePricePerUnit: int | None
    hasCreditAllowance: bool
    creditAllowanceAmount: int | None
    creditAllowanceRenewal: str | None


class CreditOverrideOut(BaseModel):
    featureId: str
    amount: int


class TrialOut(BaseModel):
    enabled: bool
    days: int | None
    creditOverrides: list[CreditOverrideOut]
    withoutCard: bool


class PlanOut(BaseModel):
    """One plan version; ``features``, ``prices`` and ``trial`` when asked for."""

    id: str
    stablePlanId: str
    versionNumber: int
    isCurrentVersion: bool
    commitMessage: str | None
    planName: str
    planDescription: str
    merchantId: str
    currency: str
    isVisibleInPricingTable: bool
    isEnterprisePlan: bool
    buttonText: str
    enterpriseRedirectUrl: str | None
    isSeatBased: bool
    billImmediately: bool
    minSeats: int | None
    createdAt: str
    updatedAt: str
    features: list[PlanFeatureOut] | None = None
    prices: list[PriceOut] | None = None
    trial: TrialOut | None = None


class PlanListOut(BaseModel):
    """Current versions of the merchant's live plans, newest plan first."""

    plans: list[PlanOut]


class PlanDeletedOut(BaseModel):
    """All versions of the plan are soft-deleted, with their feature and table links."""

    success: bool
    message: str


class VisibilityOut(BaseModel):
    """The plan's current version after the change."""

    success: bool
    message: str
    plan: PlanOut
