"""Request and response models of /v1/subscriptions (see api/subscriptions.py for the
shapes' rationale). Bodies are strict; the services check the values."""

from typing import Annotated

from pydantic import BaseModel, Field

from api.common import Body, ErrorBody, Query
from api.customer_models import EMAIL, BillingFields
from api.schema_rules import OPTIONAL_DATETIME, one_of, text
from billing.customers.customer_fields import max_length
from billing.enrollment.free_subscriptions import MAX_USER_ID
from billing.subscriptions import statuses


class FeaturesQuery(Query):
    includeFeatures: str | None = Field(
        None, description="true (in any case) includes the features; any other value does not"
    )


class ListQuery(FeaturesQuery):
    """``status``: only subscriptions stored in that status (billing/subscriptions/statuses.py).
    ``billingProblem``: ``true`` only those the due pass cannot bill, ``false`` the others."""

    status: Annotated[str | None, one_of(*statuses.ALL)] = None
    billingProblem: Annotated[str | None, one_of("true", "false")] = None


class BillingProblemOut(BaseModel):
    """Why the due pass cannot bill this subscription (billing/subscriptions/billing_problems.py):
    the reason in plain words, the first and latest failed pass, how many failed."""

    reason: str
    since: str
    lastAttemptAt: str | None
    attempts: int


class CreateSubscription(Body):
    customerId: str
    planId: str
    effectivePriceId: str
    startTimestamp: Annotated[str | None, OPTIONAL_DATETIME] = None
    triggerImmediateBilling: bool | None = None
    dangerouslyAllowMultipleSubscriptions: bool | None = None


class CreateFreeSubscription(BillingFields):
    customerEmail: Annotated[str, EMAIL]
    customerName: Annotated[str, text(max_length("name"))]
    userId: Annotated[str, text(MAX_USER_ID)]


class FeatureRef(BaseModel):
    id: str
    slug: str
    displayName: str
    featureType: str


class SubscriptionFeatureOut(BaseModel):
    id: str
    featureId: str
    featureValue: str | None
    source: str
    feature: FeatureRef


class SubscriptionOut(BaseModel):
    id: str
    stableSubscriptionId: str
    merchantId: str
    customerId: str
    planId: str
    effectivePriceId: str
    status: str
    startTimestamp: str
    endTimestamp: str | None
    currentPeriodStart: str
    currentPeriodEnd: str
    cancelAtPeriodEnd: bool
    trialEndDate: str | None
    gracePeriodEndsAt: str | None
    versionNumber: int
    createdAt: str
    customer: dict
    plan: dict
    price: dict
    billingProblem: BillingProblemOut | None
    subscriptionFeatures: list[SubscriptionFeatureOut] | None = None


class SubscriptionEnvelope(BaseModel):
    """One subscription."""

    subscription: SubscriptionOut


class SubscriptionList(BaseModel):
    """Live subscriptions, newest first."""

    subscriptions: list[SubscriptionOut]


class DetailOut(BaseModel):
    id: str
    componentId: str
    nextBillingDate: str | None
    subscriptionStartDate: str
    previousBillingDate: str | None
    cyclesBilled: int
    recurrenceRule: str
    component: dict


class DetailList(BaseModel):
    """One billing schedule per price component of the live version."""

    subscriptionDetails: list[DetailOut]


class MrrOut(BaseModel):
    amount_cents: int
    amount: str
    active_subscriptions_count: int
    calculated_at: str


class MrrEnvelope(BaseModel):
    """Monthly recurring revenue of active subscriptions' fixed fees."""

    mrr: MrrOut


class ActiveConflict(ErrorBody):
    """The customer already has a subscription (active, paused or unpaid)."""

    existingSubscriptionId: str | None = None


class CreateFailure(ErrorBody):
    """The create failed and nothing was stored; ``details``, when present, says why (the
    first invoice of ``triggerImmediateBilling`` could not be billed)."""

    details: str | None = None


class FreePlanOut(BaseModel):
    id: str
    name: str
    description: str | None


class FreeSubscriptionOut(BaseModel):
    """The new free subscription (with its features), the plan version it uses, and how many
    credit grants it was given."""

    message: str
    subscription: SubscriptionOut
    plan: FreePlanOut
    credit_grants_created: int
