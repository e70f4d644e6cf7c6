"""Request and response models of /v1/plans (see api/plans.py for the shapes' rationale).

Request bodies are strict (no silent "5" -> 5); the services check ranges and rules, so the
messages come from one place. Boolean query parameters are taken as text and read with
``query_flag``, which answers a clear 400 for anything but true/false/1/0.
"""

from typing import Annotated

from pydantic import BaseModel, Field

from api.common import Body, Query
from api.features import FeatureValue
from api.prices import PriceOut
from api.schema_rules import (
    FLAG,
    amount,
    documented,
    http_url,
    integer,
    one_of,
    text,
    text_schema,
)
from api.schema_rules import currency as currency_code
from billing.catalog.plan_inputs import (
    MAX_ALLOWANCE,
    MAX_BUTTON_TEXT,
    MAX_COMMIT_MESSAGE,
    MAX_DESCRIPTION,
    MAX_INT32,
    MAX_SEATS,
    MAX_TRIAL_DAYS,
    MAX_URL,
    RENEWALS,
)
from billing.core.validation import MAX_NAME


class CreditOverrideBody(Body):
    featureId: str | None = None
    slug: str | None = None
    amount: Annotated[int, integer(0, MAX_ALLOWANCE)]


class TrialBody(Body):
    enabled: bool = False
    days: Annotated[int | None, integer(1, MAX_TRIAL_DAYS, optional=True)] = None
    creditOverrides: list[CreditOverrideBody] | None = None
    withoutCard: bool = False


class NewFeatureBody(Body):
    featureName: str | None = None
    slug: str | None = None
    isUsageBased: bool
    eventName: str | None = None
    usagePricePerUnit: Annotated[int | None, integer(0, MAX_INT32, optional=True)] = None
    hasCreditAllowance: bool = False
    creditAllowanceAmount: Annotated[int | None, integer(0, MAX_ALLOWANCE, optional=True)] = None
    creditAllowanceRenewal: Annotated[str | None, one_of(*RENEWALS, optional=True)] = None
    existingFeatureId: str | None = None


# The per-field rules of ``billing.catalog.plan_inputs``; those between fields (a yearly
# price with ``hasYearlyPrice``, no prices on an enterprise plan) are named in its 400s.
NAME = text(MAX_NAME)
DESCRIPTION = text(MAX_DESCRIPTION, blank=True, lines=True, optional=True)
COMMIT = text(MAX_COMMIT_MESSAGE, blank=True, lines=True, optional=True)
BUTTON = documented(
    {"anyOf": [text_schema(MAX_BUTTON_TEXT), {"type": "string", "pattern": "^\\s*$"}]},
    optional=True,
)


class CreatePlan(Body):
    planName: Annotated[str, NAME]
    planDescription: Annotated[str | None, DESCRIPTION] = None
    currency: Annotated[str | None, currency_code(optional=True)] = None
    monthlyPrice: Annotated[int | None, amount()] = None
    yearlyPrice: Annotated[int | None, amount()] = None
    hasYearlyPrice: bool | None = None
    isSeatBased: bool = False
    minSeats: Annotated[int | None, integer(1, MAX_SEATS, optional=True)] = None
    billImmediately: bool = False
    showInPricingTable: bool = False
    isEnterprisePlan: bool = False
    enterpriseButtonText: Annotated[str | None, BUTTON] = None
    enterpriseRedirectUrl: Annotated[str | None, http_url(MAX_URL)] = None
    newFeatures: list[NewFeatureBody] | None = None
    featureIds: list[str] | None = Field(None, description="Ids of the merchant's live features")
    commitMessage: Annotated[str | None, COMMIT] = None
    trial: TrialBody | None = None


class CreateVersion(Body):
    planName: Annotated[str | None, text(MAX_NAME, optional=True)] = None
    planDescription: Annotated[str | None, DESCRIPTION] = None
    priceIds: list[str] | None = Field(None, description="Ids of prices of this plan")
    featureIds: list[str] | None = Field(None, description="Ids of the merchant's live features")
    commitMessage: Annotated[str | None, COMMIT] = None


class FeatureEditBody(Body):
    id: str
    name: str | None = None


class EditPlan(Body):
    planName: Annotated[str | None, text(MAX_NAME, optional=True)] = None
    planDescription: Annotated[str | None, DESCRIPTION] = None
    features: list[FeatureEditBody] | None = None
    monthlyPrice: Annotated[int | None, amount()] = None
    yearlyPrice: Annotated[int | None, amount()] = None
    hasYearlyPrice: bool | None = None
    isSeatBased: bool | None = None
    showInPricingTable: bool | None = None
    enterpriseButtonText: Annotated[str | None, text(MAX_BUTTON_TEXT, optional=True)] = None
    enterpriseRedirectUrl: Annotated[str | None, http_url(MAX_URL)] = None
    trial: TrialBody | None = None
    commitMessage: Annotated[str | None, COMMIT] = None


class Visibility(Body):
    isVisible: bool


class PlanListQuery(Query):
    includeFeatures: Annotated[str | None, FLAG] = None
    includePrices: Annotated[str | None, FLAG] = None
    includeTrials: Annotated[str | None, FLAG] = None


class ReadQuery(PlanListQuery):
    isStableId: Annotated[str | None, FLAG] = None


class StableQuery(Query):
    isStableId: Annotated[str | None, FLAG] = None


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
