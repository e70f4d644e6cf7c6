"""Prices: list, read, create (two body forms), soft-delete and clone.

A price belongs to one plan *version* (``plan_id`` is a version id, current or not), so a
subscription sold on an old version keeps its price when the plan moves on. ``pricing_data``
is always validated and normalised by ``services/pricing.py`` before it is stored.

Tenant isolation: every lookup is scoped to the merchant, and another merchant's price or plan
answers exactly like a missing one. The spec also lists a 403 "Unauthorized access to price";
we never send it, because a 403 would confirm that the id exists elsewhere. Ids that cannot be
ours (wrong prefix, odd characters) answer 404 without a query.

Design decisions where the spec is silent:
- Create takes *either* ``pricingData`` *or* the flat fields (``unitAmountCents``,
  ``billingInterval``, ``pricingModel``); both at once is a 400, since which one should win is a
  guess. The flat form is chosen as soon as any flat field is present, so a flat body that
  forgets ``unitAmountCents`` gets the spec's amount message.
- The currency need not match the plan's: a plan may be sold in several currencies.
- The list hides prices of deleted plans (nothing can be sold on them any more), while a read
  by id still answers them: subscriptions and invoices keep pointing at such prices.
"""

from tortoise.transactions import in_transaction

from billing.accounts.models import Merchant
from billing.catalog.models import Plan, Price
from billing.catalog.priced_metrics import check_priced_metrics
from billing.catalog.pricing import pricing_from_flat_fields, validate_pricing_data
from billing.core.currencies import normalize_currency
from billing.core.errors import Invalid
from billing.core.lookup import find_scoped

EMPTY_PLAN_ID = "Empty planId provided. Provide a planId or remove the query parameter"
PLAN_NOT_FOUND = "Plan not found or access denied"
PLAN_NOT_FOUND_ON_CREATE = (
    "Plan not found. If you have multiple accounts, are you using the right API key?"
)
PRICE_NOT_FOUND = "Price not found or access denied"
SOURCE_NOT_FOUND = "Source price not found or access denied"
TARGET_NOT_FOUND = "Target plan not found or access denied"
NO_PRICING = (
    "Provide pricingData, or the flat fields unitAmountCents, billingInterval and pricingModel"
)
BOTH_FORMS = (
    "Provide either pricingData or the flat fields (unitAmountCents, billingInterval, "
    "pricingModel), not both"
)


def _currency(code: str) -> str:
    normalized = normalize_currency(code) if isinstance(code, str) else None
    if normalized is None:
        raise Invalid(
            "currency must be a three-letter ISO 4217 currency code",
            code="invalid_currency",
            field="currency",
        )
    return normalized


def _plan_id(plan_id: str | None) -> str:
    if not isinstance(plan_id, str) or not plan_id.strip():
        raise Invalid("planId is required", code="required", field="planId")
    return plan_id.strip()


async def _plan(merchant_id: str, plan_id: str, message: str) -> Plan:
    """The merchant's plan version ``plan_id`` (not deleted), else ``NotFound(message)``."""
    return await find_scoped(Plan, merchant_id, plan_id, message)


async def _price(merchant_id: str, price_id: str, message: str, *, lock: bool = False) -> Price:
    return await find_scoped(Price, merchant_id, price_id, message, lock=lock)


async def list_prices(merchant_id: str, *, plan_id: str | None = None) -> list[Price]:
    """The merchant's prices, newest first; with ``plan_id``, only that plan version's."""
    query = Price.scoped(merchant_id).filter(plan__deleted_at=None)
    if plan_id is not None:
        if not plan_id.strip():
            raise Invalid(EMPTY_PLAN_ID, code="empty_plan_id")
        plan = await _plan(merchant_id, plan_id.strip(), PLAN_NOT_FOUND)
        query = query.filter(plan_id=plan.id)
    return await query.order_by("-created_at", "-id")


async def get_price(merchant_id: str, price_id: str) -> Price:
    return await _price(merchant_id, price_id, PRICE_NOT_FOUND)


async def create_price(
    merchant_id: str,
    *,
    plan_id: str,
    currency: str | None = None,
    pricing_data: object = None,
    is_override_price: bool = False,
    unit_amount_cents: object = None,
    billing_interval: object = None,
    pricing_model: object = None,
) -> Price:
    """A new price on a plan version of this merchant.

    Input is checked before anything is read (400 first), then the plan (404). The flat form
    has its own spec messages: its amount error and "Plan not found or access denied".
    """
    plan_id = _plan_id(plan_id)
    flat_form = any(v is not None for v in (unit_amount_cents, billing_interval, pricing_model))
    if flat_form and pricing_data is not None:
        raise Invalid(BOTH_FORMS, code="both_forms")
    if flat_form:
        data = pricing_from_flat_fields(unit_amount_cents, billing_interval, pricing_model)
        plan_missing = PLAN_NOT_FOUND
    elif pricing_data is not None:
        data = validate_pricing_data(pricing_data)
        plan_missing = PLAN_NOT_FOUND_ON_CREATE
    else:
        raise Invalid(NO_PRICING, code="no_pricing")
    code = None if currency is None else _currency(currency)
    async with in_transaction():
        plan = await _plan(merchant_id, plan_id, plan_missing)
        await check_priced_metrics(merchant_id, data)
        if code is None:
            code = await (
                Merchant.filter(id=merchant_id).first().values_list("default_currency", flat=True)
            )
        return await Price.create(
            merchant_id=merchant_id,
            plan_id=plan.id,
            currency=code,
            pricing_data=data,
            is_override_price=bool(is_override_price),
        )


async def delete_price(merchant_id: str, price_id: str) -> Price:
    """Soft delete; a price already deleted answers 404 like a missing one."""
    async with in_transaction():
        price = await _price(merchant_id, price_id, PRICE_NOT_FOUND, lock=True)
        await price.soft_delete()
    return price


async def clone_price(
    merchant_id: str,
    price_id: str,
    *,
    plan_id: str | None = None,
    currency: str | None = None,
    pricing_data: object = None,
    is_override_price: bool | None = None,
) -> Price:
    """A copy of ``price_id`` with the given values replaced; the source is not changed.

    Omitted values come from the source, including its plan, so cloning without a body
    makes a second identical price on the same plan version (useful before editing one).
    """
    target_id = None if plan_id is None else _plan_id(plan_id)
    data = None if pricing_data is None else validate_pricing_data(pricing_data)
    code = None if currency is None else _currency(currency)
    async with in_transaction():
        source = await _price(merchant_id, price_id, SOURCE_NOT_FOUND)
        plan = await _plan(merchant_id, target_id or source.plan_id, TARGET_NOT_FOUND)
        if data is not None:
            await check_priced_metrics(merchant_id, data)
        return await Price.create(
            merchant_id=merchant_id,
            plan_id=plan.id,
            currency=code or source.currency,
            pricing_data=source.pricing_data if data is None else data,
            is_override_price=(
                source.is_override_price if is_override_price is None else is_override_price
            ),
            cloned_from_price_id=source.id,
        )
