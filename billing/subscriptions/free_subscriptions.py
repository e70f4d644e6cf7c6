"""Free subscriptions (spec rule 2): which plan they use and what a request must carry.

These are the parts the subscriptions context can answer on its own. Rule 2 also requires the
provider A integration, which lives in payments (above this context), so the whole request
(provider check, customer lookup-or-create, subscription, credit grants) is put together in
billing/payments/free_subscriptions.py.

"Free" means nothing in the price can ever charge money: every amount of every component is
zero (a usage price at 0 per unit counts; a usage price at 2 cents a unit does not).
Enterprise plans ("contact sales") are never picked. "Latest" is the most recently published
plan version: the current version with the newest ``created_at``. Among a plan's prices the
oldest free one is used (override prices are skipped).
"""

from dataclasses import dataclass

from billing.catalog.models import Plan, Price, PricingTable, PricingTablePlan
from billing.catalog.price_components import is_free
from billing.core.errors import Invalid, NotFound
from billing.core.validation import has_unstorable_characters
from billing.customers.customer_fields import clean_fields

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
