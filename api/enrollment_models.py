"""Request and response models of /v1/enrollment and the identity-provider webhook (see
api/enrollment.py and api/identity_provider_webhook.py for the shapes' rationale)."""

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from api.common import Body, ErrorBody, Query
from api.customer_models import EMAIL
from api.schema_rules import documented, one_of, text
from api.subscription_models import FreePlanOut, SubscriptionOut
from billing.customers.customer_fields import max_length
from billing.enrollment.domains import LABEL, MAX_LENGTH
from billing.enrollment.free_subscriptions import MAX_USER_ID
from billing.enrollment.rules import MATCHER_TYPES


class RulesQuery(Query):
    required_fields = ("planId",)
    planId: Annotated[str | None, text()] = None


# ``billing.enrollment.domains.LABEL`` in either letter case; the last part (not all digits
# there) documented as starting with a letter.
_LABEL = LABEL.pattern.replace("a-z", "A-Za-z")
_LAST_LABEL = "[A-Za-z]" + _LABEL.removeprefix("[A-Za-z0-9]")


class CreateRule(Body):
    planId: Annotated[str, text()]
    matcherType: Annotated[str, one_of(*MATCHER_TYPES)]
    matcherValue: Annotated[
        str,
        documented(
            {
                "type": "string",
                "maxLength": MAX_LENGTH,
                "description": "A domain such as example.com (a leading @ is dropped)",
                "pattern": rf"^ *@?({_LABEL}\.)+{_LAST_LABEL}\.? *$",
            }
        ),
    ]


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
    customerEmail: Annotated[str, EMAIL]
    customerName: Annotated[str, text(max_length("name"))]
    userId: Annotated[str, text(MAX_USER_ID)]


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

    id: Annotated[str, text(MAX_USER_ID)]
    email: Annotated[str, EMAIL]
    raw_user_meta_data: Any = Field(
        None,
        description="first_name and last_name make the customer's name; any other value "
        "(not an object) is ignored",
    )


class IdentityProviderEvent(BaseModel):
    """A database-change event; only ``INSERT`` on ``users`` is accepted."""

    model_config = ConfigDict(extra="allow")

    type: Annotated[str, one_of("INSERT")]
    table: Annotated[str, one_of("users")]
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
