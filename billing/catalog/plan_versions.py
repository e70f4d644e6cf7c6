"""New plan versions: ``POST /v1/plans/{id}`` and the version-making half of ``/edit``.

A new version is a new ``plans`` row with a new id, the same ``stable_plan_id``, the next
``version_number`` and its own copies of prices (``cloned_from_price_id`` names the source)
and feature links; the previous current version stays as it was, readable by its id, with
``is_current`` false. Subscriptions sold on it keep pointing at it until migrated.

Writes always build on the *current* version of the plan, whichever version's id the caller
sent: building on an old version would silently undo the changes made since. The merchant row
is locked first, so concurrent updates queue and each gets its own version number.
"""

from tortoise.transactions import in_transaction

from billing.accounts.merchants import lock_merchant
from billing.catalog import plan_inputs as inputs
from billing.catalog.models import Plan, PlanFeature, Price
from billing.catalog.plan_create import create_link, link_fields
from billing.catalog.plans import PlanView, current_version, load_views
from billing.core.errors import Invalid
from billing.core.ids import is_well_formed
from billing.core.models import utcnow
from billing.core.validation import clean_name

INVALID_PRICES = "One or more price IDs are invalid or do not belong to this plan"
MAX_PRICE_IDS = 100
COPIED_FIELDS = (
    "plan_name",
    "plan_description",
    "currency",
    "is_visible_in_pricing_table",
    "is_enterprise_plan",
    "button_text",
    "enterprise_redirect_url",
    "is_seat_based",
    "bill_immediately",
    "min_seats",
    "trial_enabled",
    "trial_days",
    "trial_without_card",
    "trial_credit_overrides",
)
LINK_SETTINGS = (
    "feature_value",
    "is_usage_based",
    "usage_price_per_unit_cents",
    "has_credit_allowance",
    "credit_allowance_amount",
    "credit_allowance_renewal",
)


def price_copy(price: Price) -> dict:
    """The fields of a copy of ``price`` on another version."""
    return {
        "currency": price.currency,
        "pricing_data": price.pricing_data,
        "is_override_price": price.is_override_price,
        "cloned_from_price_id": price.id,
    }


def link_copy(link: PlanFeature) -> dict:
    return {"feature_id": link.feature_id, **{name: getattr(link, name) for name in LINK_SETTINGS}}


async def current_links(merchant_id: str, plan: Plan) -> list[PlanFeature]:
    """The live feature links of ``plan`` whose feature is live, oldest first."""
    [view] = await load_views(merchant_id, [plan], prices=False)
    return view.links


async def current_prices(merchant_id: str, plan: Plan) -> list[Price]:
    return await Price.scoped(merchant_id).filter(plan_id=plan.id).order_by("created_at", "id")


async def write_version(
    merchant_id: str,
    current: Plan,
    *,
    changes: dict,
    prices: list[dict],
    links: list[dict],
    commit_message: str | None,
) -> Plan:
    """Store version n+1 of ``current``'s plan: its fields with ``changes`` applied, the
    given price and link rows, trial credit overrides kept only for features it still has.
    The caller holds the merchant lock inside a transaction."""
    latest = (
        await Plan.filter(merchant_id=merchant_id, stable_plan_id=current.stable_plan_id)
        .order_by("-version_number")
        .first()
    )
    fields = {name: getattr(current, name) for name in COPIED_FIELDS} | changes
    feature_ids = {link["feature_id"] for link in links}
    fields["trial_credit_overrides"] = [
        override
        for override in fields["trial_credit_overrides"] or []
        if override.get("featureId") in feature_ids
    ]
    now = utcnow()
    await Plan.filter(id=current.id).update(is_current=False, updated_at=now)
    version = await Plan.create(
        merchant_id=merchant_id,
        stable_plan_id=current.stable_plan_id,
        version_number=latest.version_number + 1,
        is_current=True,
        commit_message=commit_message,
        **fields,
    )
    for link in links:
        await create_link(merchant_id, version.id, link)
    for price in prices:
        await Price.create(merchant_id=merchant_id, plan_id=version.id, **price)
    return version


async def _chosen_prices(merchant_id: str, current: Plan, price_ids: list[str]) -> list[Price]:
    """The prices named by ``price_ids``: live prices of any live version of this plan (so
    a version can bring back a price an earlier version had); anything else is a 400."""
    if len(price_ids) > MAX_PRICE_IDS:
        raise Invalid(f"priceIds may hold at most {MAX_PRICE_IDS} ids", field="priceIds")
    wanted = list(dict.fromkeys(price_ids))
    if not all(is_well_formed(price_id, Price.id_prefix) for price_id in wanted):
        raise Invalid(INVALID_PRICES, code="invalid_prices")
    versions = Plan.scoped(merchant_id).filter(stable_plan_id=current.stable_plan_id)
    version_ids = await versions.values_list("id", flat=True)
    found = {
        price.id: price
        for price in await Price.scoped(merchant_id).filter(id__in=wanted, plan_id__in=version_ids)
    }
    if len(found) != len(wanted):
        raise Invalid(INVALID_PRICES, code="invalid_prices")
    return [found[price_id] for price_id in wanted]


async def chosen_links(merchant_id: str, current: Plan, feature_ids: list[str]) -> list[dict]:
    """Links for ``feature_ids``: a feature the current version already has keeps its
    settings (value, usage price, allowance); a new one gets the plain defaults."""
    features = await inputs.live_features(merchant_id, feature_ids)
    existing = {link.feature_id: link for link in await current_links(merchant_id, current)}
    return [
        link_copy(existing[feature.id]) if feature.id in existing else link_fields(feature)
        for feature in features
    ]


async def create_version(
    merchant_id: str,
    plan_id: str,
    *,
    is_stable_id: bool = False,
    plan_name: str | None = None,
    plan_description: str | None = None,
    price_ids: list[str] | None = None,
    feature_ids: list[str] | None = None,
    commit_message: str | None = None,
) -> PlanView:
    """A new current version of the plan. Omitted ``price_ids`` / ``feature_ids`` are
    cloned from the current version; given ones replace them (an empty list means none).
    Name and description default to the current version's."""
    changes = {}
    if plan_name is not None:
        changes["plan_name"] = clean_name(plan_name, "planName")
    if plan_description is not None:
        changes["plan_description"] = inputs.clean_text(
            plan_description, "planDescription", inputs.MAX_DESCRIPTION
        )
    message = inputs.commit_message(commit_message)
    async with in_transaction():
        await lock_merchant(merchant_id)
        current = await current_version(merchant_id, plan_id, is_stable_id=is_stable_id)
        if price_ids is None:
            sources = await current_prices(merchant_id, current)
        else:
            sources = await _chosen_prices(merchant_id, current, price_ids)
        if feature_ids is None:
            links = [link_copy(link) for link in await current_links(merchant_id, current)]
        else:
            links = await chosen_links(merchant_id, current, feature_ids)
        version = await write_version(
            merchant_id,
            current,
            changes=changes,
            prices=[price_copy(price) for price in sources],
            links=links,
            commit_message=message,
        )
    return (await load_views(merchant_id, [version]))[0]
