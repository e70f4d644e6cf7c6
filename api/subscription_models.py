"""Request and response models of /v1/subscriptions (see api/subscriptions.py for the
shapes' rationale). Bodies are strict; the services check the values."""

from pydantic import BaseModel

from api.common import Body, ErrorBody


class FeaturesQuery(BaseModel):
    includeFeatures: str | None = None


class ListQuery(FeaturesQuery):
    """``status``: only subscriptions stored in that status (billing/subscriptions/statuses.py).
    ``billingProblem``: ``true`` only those the due pass cannot bill, ``false`` the others."""

    status: str | None = None
    billingProblem: str | None = None


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
    startTimestamp: str | None = None
    triggerImmediateBilling: bool | None = None
    dangerouslyAllowMultipleSubscriptions: bool | None = None


class CreateFreeSubscription(Body):
    customerEmail: str
    customerName: str
    userId: str
    billingAddressLine1: str | None = None
    billingAddressLine2: str | None = None
    billingCity: str | None = None
    billingPostalCode: str | None = None
    billingCountry: str | None = None
    taxId: str | None = None


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
