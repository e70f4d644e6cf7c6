"""Free subscriptions (spec rule 2, ``POST /v1/subscriptions/create-free-subscription``).

Rule 2 requires the provider A integration, and reading that configuration belongs to
payments; the subscriptions context (below payments) may not read it. So the request is put
together here, from parts the lower contexts own: the body check and the plan choice
(billing/subscriptions/free_subscriptions.py), the customer service and the subscription
service (whose rules, such as one open subscription per customer, apply unchanged).

Order of the answers: a bad body is 400, a merchant with no free plan in an active pricing
table is 404 (saying which is missing), provider A not configured for this merchant row (so
for this mode) is 409, a customer who already has an open subscription is the subscription
service's 409 with ``existingSubscriptionId``. Each refusal leaves nothing behind.

The customer: ``userId`` is the customer's ``external_customer_id``. The newest live customer
with that external id is used; else the oldest with that email (case-insensitive); else one is
created from the request. A customer found is used as it is: a sign-up form does not get to
rewrite a customer's name, email or address (the customer routes do that).

Everything runs in one transaction under the merchant's lock, so two sign-ups of one new user
at once create one customer, and the second is refused as already subscribed. A free plan
charges nothing, so no provider call is made.
"""

from dataclasses import dataclass

from tortoise.transactions import in_transaction

from billing.accounts.merchants import lock_merchant
from billing.catalog.models import Plan
from billing.core.errors import Conflict
from billing.customers import customers
from billing.customers.models import Customer
from billing.payments import provider_a_config
from billing.subscriptions import credit_grants, free_subscriptions
from billing.subscriptions.models import Subscription
from billing.subscriptions.subscriptions import create_subscription

PROVIDER_A_REQUIRED = (
    "Provider A is not configured; free subscriptions need the provider A integration"
)


@dataclass(frozen=True)
class FreeSubscription:
    subscription: Subscription
    plan: Plan
    customer: Customer
    customer_created: bool
    credit_grants_created: int


async def _customer(merchant_id: str, fields: dict, billing: dict) -> tuple[Customer, bool]:
    """The user's customer (by external id, else email) or a new one; call under the lock."""
    external_id = fields["external_customer_id"]
    found = await customers.find_by_external_id(merchant_id, external_id)
    found = found or await customers.find_by_email(merchant_id, fields["email"])
    if found is not None:
        return found, False
    made = await customers.create_customer(
        merchant_id,
        email=fields["email"],
        name=fields["name"],
        external_customer_id=external_id,
        **billing,
    )
    return made, True


async def create_free_subscription(
    merchant_id: str,
    *,
    customer_email: object,
    customer_name: object,
    user_id: object,
    **billing: object,
) -> FreeSubscription:
    """Subscribe the user to the latest free plan (see the module docstring for each rule)."""
    fields = free_subscriptions.clean_request(
        customer_email=customer_email, customer_name=customer_name, user_id=user_id, **billing
    )
    async with in_transaction():
        await lock_merchant(merchant_id)
        offer = await free_subscriptions.find_free_plan(merchant_id)
        if not await provider_a_config.is_configured(merchant_id):
            raise Conflict(PROVIDER_A_REQUIRED, code="provider_a_required")
        customer, created = await _customer(merchant_id, fields, billing)
        subscription = await create_subscription(
            merchant_id,
            customer_id=customer.id,
            plan_id=offer.plan.id,
            effective_price_id=offer.price.id,
        )
        grants = await credit_grants.count_for_subscription(merchant_id, subscription.id)
    return FreeSubscription(subscription, offer.plan, customer, created, grants)
