"""Request and response models of /v1/enrollment and the identity-provider webhook (see
api/enrollment.py and api/identity_provider_webhook.py for the shapes' rationale)."""

from typing import Any

from pydantic import BaseModel, ConfigDict

from api.common import Body, ErrorBody
from api.subscription_models import FreePlanOut, SubscriptionOut


class RulesQuery(BaseModel):
    planId: str | None = None


class CreateRule(Body):
    planId: str
    matcherType: str
    matcherValue: str


class RuleOut(BaseModel):
    id: str
    merchantId: str
    planId: str
    matcherType: str
    matcherValue: str
    createdAt: str


class RuleEnvelope(BaseModel):
    rule: RuleOut


class RuleList(BaseModel):
    rules: list[RuleOut]


class RuleDeleted(BaseModel):
    success: bool
    message: str


class Enroll(Body):
    customerEmail: str
    customerName: str
    userId: str


class MatchedRule(BaseModel):
    id: str
    matcherType: str
    matcherValue: str


class EnrollmentOut(BaseModel):
    """The new subscription (with its features), how the plan was chosen (``enrolledBy``
    ``rule`` with the rule, or ``free_plan`` with ``rule`` null), the plan version and how
    many credit grants the subscription was given."""

    message: str
    enrolledBy: str
    rule: MatchedRule | None
    subscription: SubscriptionOut
    plan: FreePlanOut
    credit_grants_created: int


class UserRecord(BaseModel):
    model_config = ConfigDict(extra="allow")

    id: str
    email: str
    raw_user_meta_data: dict[str, Any] | None = None


class IdentityProviderEvent(BaseModel):
    """A database-change event; only ``INSERT`` on ``users`` is accepted."""

    model_config = ConfigDict(extra="allow")

    type: str
    table: str
    record: UserRecord


class WebhookSubscription(BaseModel):
    id: str
    customerId: str
    planId: str
    status: str


class PlanRef(BaseModel):
    id: str


class IdentityProviderReceived(BaseModel):
    received: bool
    message: str
    subscription: WebhookSubscription
    invoice: None
    plan: PlanRef
    credit_grants_created: int


class InvalidInput(ErrorBody):
    """``error`` is ``Invalid input``; ``details`` names the field and the problem."""

    details: str


class SubscriptionExists(ErrorBody):
    """``Subscription already exists for this customer``, with the subscription found; the
    other 409s (provider A missing, the rule's plan without a default-currency price) carry
    ``error`` only."""

    existingSubscriptionId: str | None = None
    existingSubscriptionStatus: str | None = None
