"""Free subscriptions (spec rule 2, ``POST /v1/subscriptions/create-free-subscription``), in
one place: which plan they use, what a request must carry, and the sign-up itself.

They live in enrollment, the context that signs users up without a checkout, because rule 2
requires the provider A integration: reading that configuration belongs to payments, which the
subscriptions context (below payments) may not call. The enrollment rules and the
identity-provider webhook sign users up through ``create_free_subscription`` too.

"Free" means nothing in the price can ever charge money: every amount of every component is
zero (a usage price at 0 per unit counts; a usage price at 2 cents a unit does not).
Enterprise plans ("contact sales") are never picked. "Latest" is the most recently published
plan version: the current version with the newest ``created_at``. Among a plan's prices the
oldest free one is used (override prices are skipped).

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
from billing.catalog.models import Plan, Price, PricingTable, PricingTablePlan
from billing.catalog.price_components import is_free
from billing.core.errors import Conflict, Invalid, NotFound
from billing.core.validation import has_unstorable_characters
from billing.customers import customers
from billing.customers.customer_fields import clean_fields
from billing.customers.models import Customer
from billing.payments import provider_a_config
from billing.subscriptions import credit_grants
from billing.subscriptions.models import Subscription
from billing.subscriptions.subscriptions import create_subscription

NO_ACTIVE_TABLES = "No active pricing tables found for this merchant"
NO_FREE_PLAN = "No free plan found in this merchant's active pricing tables"
MAX_USER_ID = 200


@dataclass(frozen=True)
class FreeOffer:
    plan: Plan
    price: Price


async def find_free_plan(merchant_id: str) -> FreeOffer:
    """The plan and price a free subscription would use, or 404 saying what is missing."""
    tables = (
        await PricingTable.scoped(merchant_id).filter(is_active=True).values_list("id", flat=True)
    )
    if not tables:
        raise NotFound(NO_ACTIVE_TABLES, code="no_active_tables")
    stable_ids = (
        await PricingTablePlan.scoped(merchant_id)
        .filter(pricing_table_id__in=tables)
        .values_list("stable_plan_id", flat=True)
    )
    plans = await (
        Plan.scoped(merchant_id)
        .filter(stable_plan_id__in=set(stable_ids), is_current=True, is_enterprise_plan=False)
        .order_by("-created_at", "-id")
    )
    if plans:
        prices = await (
            Price.scoped(merchant_id)
            .filter(plan_id__in=[plan.id for plan in plans], is_override_price=False)
            .order_by("created_at", "id")
        )
        for plan in plans:
            for price in prices:
                if price.plan_id == plan.id and is_free(price.pricing_data):
                    return FreeOffer(plan, price)
    raise NotFound(NO_FREE_PLAN, code="no_free_plan")


def _user_id(value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise Invalid("userId is required", code="required", field="userId")
    if len(value.strip()) > MAX_USER_ID or has_unstorable_characters(value):
        raise Invalid(
            f"userId must be at most {MAX_USER_ID} characters, without control ones", field="userId"
        )
    return value.strip()


def clean_request(
    *, customer_email: object, customer_name: object, user_id: object, **billing: object
) -> dict[str, object]:
    """The checked customer fields of a free-subscription request (400 on the first fault).

    ``userId`` is the caller's own id for the user: it is stored as the customer's
    ``external_customer_id`` (what the rest of the API looks customers up by), so a user who
    signs up twice is found again."""
    if not isinstance(customer_name, str) or not customer_name.strip():
        raise Invalid("customerName is required", code="required", field="customerName")
    fields = clean_fields({"email": customer_email, "name": customer_name, **billing})
    fields["external_customer_id"] = _user_id(user_id)
    return fields


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
    fields = clean_request(
        customer_email=customer_email, customer_name=customer_name, user_id=user_id, **billing
    )
    async with in_transaction():
        await lock_merchant(merchant_id)
        offer = await find_free_plan(merchant_id)
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
