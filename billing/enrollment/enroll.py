"""Enrolling one user (``POST /v1/enrollment/enroll``, and each identity-provider sign-up).

In one transaction under the merchant's lock:

1. The body is checked by the free-subscription request checker (the same fields and
   messages: ``customerEmail``, ``customerName``, ``userId`` all required; 400).
2. The user's customer is the newest live one whose external id is ``userId``, else the
   oldest with that email (as for free subscriptions). If it has an open subscription
   (active, paused or unpaid) the answer is 409 ``Customer already has an active
   subscription.`` with ``existingSubscriptionId``, and nothing changes.
3. The live rules for the email's domain (see ``domains``: exact, case-insensitive) whose plan
   is live are read oldest first; the first one wins (``rules`` explains why there is at most
   one in practice). The user is subscribed to that plan's current version at the plan's
   oldest live price in the merchant's default currency (not an override price). A plan
   without such a price is a 409 saying so: enrolling a user into another plan than the one
   the merchant chose would be a silent surprise, and the merchant can fix it in a minute.
   A rule-based enrollment does not need a payment provider, exactly as creating a
   subscription does not; the due-work pass bills it.
4. With no matching rule, the free-subscription flow (spec rule 2) runs unchanged: the latest
   free plan of the active pricing tables, provider A required, credit grants counted. Its
   refusals (404 no active pricing table or no free plan, 409 provider A missing) pass
   through.

The customer is created from the request when absent; a found customer is not rewritten.
Credit grants are made by the subscription service; ``credit_grants_created`` counts them.
No provider is called, so there is nothing to do after the commit.
"""

from dataclasses import dataclass

from tortoise.transactions import in_transaction

from billing.accounts.merchants import lock_merchant
from billing.catalog import plans
from billing.catalog.models import Plan, Price
from billing.core.errors import Conflict
from billing.customers import customers
from billing.customers.models import Customer
from billing.enrollment import free_subscriptions as free_flow
from billing.enrollment.domains import email_domain
from billing.enrollment.free_subscriptions import clean_request
from billing.enrollment.models import EnrollmentRule
from billing.enrollment.rules import live_rules_for
from billing.subscriptions import credit_grants
from billing.subscriptions.models import Subscription
from billing.subscriptions.subscriptions import (
    ALREADY_ACTIVE,
    create_subscription,
    open_subscription_of,
)


@dataclass(frozen=True)
class Enrollment:
    subscription: Subscription
    plan: Plan
    customer: Customer
    rule: EnrollmentRule | None  # None: the free plan, no rule matched
    credit_grants_created: int


class AlreadyEnrolled(Conflict):
    """The user's customer already has an open subscription (kept for callers that answer
    with its status too, such as the identity-provider webhook)."""

    def __init__(self, subscription: Subscription) -> None:
        super().__init__(ALREADY_ACTIVE, existingSubscriptionId=subscription.stable_subscription_id)
        self.subscription = subscription


async def _existing_customer(merchant_id: str, fields: dict) -> Customer | None:
    found = await customers.find_by_external_id(merchant_id, fields["external_customer_id"])
    return found or await customers.find_by_email(merchant_id, fields["email"])


async def default_price(merchant_id: str, plan: Plan, currency: str) -> Price | None:
    """The price a rule enrolls at: the plan version's oldest live, non-override price in
    ``currency`` (the merchant's default), or None."""
    return await (
        Price.scoped(merchant_id)
        .filter(plan_id=plan.id, currency=currency, is_override_price=False)
        .order_by("created_at", "id")
        .first()
    )


async def _price_in(merchant_id: str, plan: Plan, currency: str, domain: str) -> Price:
    price = await default_price(merchant_id, plan, currency)
    if price is None:
        raise Conflict(
            f"The plan “{plan.plan_name}” that users at {domain} join has no price in "
            f"{currency}; add one or remove the enrollment rule",
            field="matcherValue",
        )
    return price


async def _by_rule(
    merchant_id: str, rule: EnrollmentRule, currency: str, customer: Customer | None, fields: dict
) -> Enrollment:
    plan = await plans.find_plan(merchant_id, rule.stable_plan_id, is_stable_id=True)
    price = await _price_in(merchant_id, plan, currency, rule.matcher_value)
    if customer is None:
        customer = await customers.create_customer(
            merchant_id,
            email=fields["email"],
            name=fields["name"],
            external_customer_id=fields["external_customer_id"],
        )
    subscription = await create_subscription(
        merchant_id, customer_id=customer.id, plan_id=plan.id, effective_price_id=price.id
    )
    grants = await credit_grants.count_for_subscription(merchant_id, subscription.id)
    return Enrollment(subscription, plan, customer, rule, grants)


async def enroll(
    merchant_id: str, *, customer_email: object, customer_name: object, user_id: object
) -> Enrollment:
    """Subscribe the user by the first matching rule, else to the free plan (see above)."""
    fields = clean_request(
        customer_email=customer_email, customer_name=customer_name, user_id=user_id
    )
    domain = email_domain(fields["email"])
    async with in_transaction():
        merchant = await lock_merchant(merchant_id)
        customer = await _existing_customer(merchant_id, fields)
        if customer is not None:
            existing = await open_subscription_of(merchant_id, customer.id)
            if existing is not None:
                raise AlreadyEnrolled(existing)
        matching = await live_rules_for(merchant_id, domain) if domain else []
        if matching:
            currency = merchant.default_currency
            return await _by_rule(merchant_id, matching[0], currency, customer, fields)
        made = await free_flow.create_free_subscription(
            merchant_id,
            customer_email=fields["email"],
            customer_name=fields["name"],
            user_id=fields["external_customer_id"],
        )
    return Enrollment(made.subscription, made.plan, made.customer, None, made.credit_grants_created)
