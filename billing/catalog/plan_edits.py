"""``POST /v1/plans/{id}/edit``: the dashboard's one-form edit of a plan.

What a customer is billed or granted never changes under an existing subscription, so an
edit splits in two:

- *Metadata*, edited in place on the current version: ``planName``, ``planDescription``,
  ``showInPricingTable`` (visibility), ``enterpriseButtonText``, ``enterpriseRedirectUrl``,
  ``trial`` (it applies to new sign-ups only) and the display names in ``features[]``. A
  feature's name lives on the feature itself, so a rename shows in every plan using it.
- *Billing*, which makes a new version exactly like ``POST /v1/plans/{id}``: a different
  ``monthlyPrice`` or ``yearlyPrice``, ``hasYearlyPrice`` adding or removing the yearly
  price, ``isSeatBased`` changing the fee's form, or ``features[]`` naming a different set of
  features. The metadata given in the same edit goes onto the new version.

A value equal to what the plan already has is no change, so re-submitting an unchanged form
never makes a version. The plan's monthly and yearly fees are its prices in the plain form
plan creation writes (one fixed or per-seat component, monthly or yearly); other prices
(tiered, usage) are carried over untouched.
"""

from dataclasses import dataclass

from tortoise.transactions import in_transaction

from billing.accounts.merchants import lock_merchant
from billing.catalog import plan_inputs as inputs
from billing.catalog.default_table import set_shown_on_default_table, shown_on_default_table
from billing.catalog.feature_values import granted_values
from billing.catalog.models import Feature, Plan, Price
from billing.catalog.plan_versions import (
    chosen_links,
    current_links,
    current_prices,
    link_copy,
    price_copy,
    write_version,
)
from billing.catalog.plans import PlanView, current_version, load_views
from billing.catalog.pricing import billing_interval, validate_pricing_data
from billing.catalog.pricing_tables import add_plan_to_default_table
from billing.core.errors import Invalid
from billing.core.validation import clean_name


@dataclass
class FeatureEdit:
    """One ``features[]`` element: a feature the plan should have, optionally renamed, and
    optionally (the dashboard's edit form) with the value the plan grants; None keeps it."""

    id: str
    name: str | None = None
    value: object = None


def plain_fee(price: Price) -> tuple[str, int] | None:
    """``(interval, cents)`` when ``price`` is a plain monthly or yearly fee."""
    components = price.pricing_data.get("components") or []
    if len(components) != 1:
        return None
    component, interval = components[0], billing_interval(price.pricing_data)
    if interval is None:
        return None
    if component["type"] == "fixed" or component.get("metric_id") is None:
        return interval, component["amount_cents"]
    return None


def _metadata(plan_name, plan_description, button_text, redirect_url, show, trial) -> dict:
    changes: dict = {}
    if plan_name is not None:
        changes["plan_name"] = clean_name(plan_name, "planName")
    if plan_description is not None:
        changes["plan_description"] = inputs.clean_text(
            plan_description, "planDescription", inputs.MAX_DESCRIPTION
        )
    if button_text is not None:
        changes["button_text"] = clean_name(
            button_text, "enterpriseButtonText", max_length=inputs.MAX_BUTTON_TEXT
        )
    if redirect_url is not None:
        changes["enterprise_redirect_url"] = inputs.redirect_url(redirect_url)
    if show is not None:
        changes["is_visible_in_pricing_table"] = show
    if trial is not None:
        trial = inputs.trial(trial)
        changes["trial_enabled"] = trial.enabled
        changes["trial_days"] = trial.days
        changes["trial_without_card"] = trial.enabled and trial.without_card
    return changes


def _new_fees(current: Plan, prices: list[Price], *, seat_based, monthly, yearly, has_yearly):
    """The price rows of the edited plan and whether they differ from the current ones."""
    fees: dict[str, Price] = {}
    for price in prices:
        fee = plain_fee(price)
        if fee is not None and fee[0] not in fees:
            fees[fee[0]] = price
    rows = [price_copy(price) for price in prices if price not in fees.values()]
    changed = False
    for interval, given in (("month", monthly), ("year", yearly)):
        existing = fees.get(interval)
        cents = given if given is not None else existing and plain_fee(existing)[1]
        if interval == "year" and has_yearly is False:
            cents = None
        elif interval == "year" and has_yearly and cents is None:
            raise Invalid(
                "yearlyPrice is required when hasYearlyPrice is true",
                code="yearly_price_required",
                field="yearlyPrice",
            )
        wanted = None
        if cents is not None:
            wanted = validate_pricing_data(
                inputs.price_data(
                    cents, interval, seat_based=seat_based, bill_now=current.bill_immediately
                )
            )
        if existing is not None and wanted == existing.pricing_data:
            rows.append(price_copy(existing))
            continue
        changed = changed or existing is not None or wanted is not None
        if wanted is not None:
            rows.append({"currency": current.currency, "pricing_data": wanted})
    return rows, changed


async def _rename(features: list[Feature], edits: list[FeatureEdit]) -> None:
    names = {edit.id: edit.name for edit in edits if edit.name is not None}
    for feature in features:
        name = names.get(feature.id)
        if name is not None and name != feature.display_name:
            feature.display_name = name
            await feature.save(update_fields=["display_name", "updated_at"])


def _set_values(links: list[dict], features: list[Feature], edits: list[FeatureEdit]) -> bool:
    """Put the values the edit gives on ``links``; answers whether any granted value differs
    from what the link granted (the feature's default when it had none), which is a billing
    change: customers on the current version must keep what they were sold."""
    values = granted_values(features, {edit.id: edit.value for edit in edits})
    defaults = {feature.id: feature.default_value for feature in features}
    changed = False
    for link in links:
        value = values.get(link["feature_id"])
        if value is None:
            continue
        was = link["feature_value"]
        was = defaults[link["feature_id"]] if was is None else was
        if value != was or type(value) is not type(was):
            link["feature_value"] = value
            changed = True
    return changed


async def edit_plan(
    merchant_id: str,
    plan_id: str,
    *,
    is_stable_id: bool = False,
    plan_name: str | None = None,
    plan_description: str | None = None,
    features: list[FeatureEdit] | None = None,
    monthly_price: int | None = None,
    yearly_price: int | None = None,
    has_yearly_price: bool | None = None,
    is_seat_based: bool | None = None,
    show_in_pricing_table: bool | None = None,
    on_default_table: bool | None = None,
    enterprise_button_text: str | None = None,
    enterprise_redirect_url: str | None = None,
    trial: inputs.Trial | None = None,
    commit_message: str | None = None,
) -> tuple[PlanView, bool]:
    """Apply the edit (None leaves a field as it is); answers the plan and whether a new
    version was made.

    ``show_in_pricing_table`` is the API's ``showInPricingTable``: it sets the visibility flag
    and, when true, adds the plan to the default table, as the spec says. The dashboard sends
    ``on_default_table`` instead, the state of its "Show on pricing table" box: the plan is
    added to the default table only when the box goes from off to on, and taken off only when
    it goes from on to off, so saving an unrelated change (a description) never puts a plan
    on a published table."""
    changes = _metadata(
        plan_name,
        plan_description,
        enterprise_button_text,
        enterprise_redirect_url,
        show_in_pricing_table,
        trial,
    )
    monthly = inputs.amount(monthly_price, "monthlyPrice")
    yearly = inputs.amount(yearly_price, "yearlyPrice")
    for index, edit in enumerate(features or []):
        if edit.name is not None:
            edit.name = clean_name(edit.name, f"features[{index}].name")
    message = inputs.commit_message(commit_message)
    async with in_transaction():
        await lock_merchant(merchant_id)
        current = await current_version(merchant_id, plan_id, is_stable_id=is_stable_id)
        was_shown = on_default_table is not None and await shown_on_default_table(
            merchant_id, current
        )
        if current.is_enterprise_plan and (monthly is not None or yearly is not None):
            raise Invalid(
                "An enterprise plan has no prices: leave out monthlyPrice and yearlyPrice",
                code="enterprise_has_no_prices",
                field="isEnterprisePlan",
            )
        seat_based = current.is_seat_based if is_seat_based is None else is_seat_based
        links = [link_copy(link) for link in await current_links(merchant_id, current)]
        if features is not None:
            wanted_ids = [edit.id for edit in features]
            new_links = await chosen_links(merchant_id, current, wanted_ids)
            granted = await inputs.live_features(merchant_id, wanted_ids)
            await _rename(granted, features)
            feature_set_changed = {link["feature_id"] for link in new_links} != {
                link["feature_id"] for link in links
            }
            values_changed = _set_values(new_links, granted, features)
            feature_set_changed = feature_set_changed or values_changed
            links = new_links
        else:
            feature_set_changed = False
        prices, fees_changed = _new_fees(
            current,
            await current_prices(merchant_id, current),
            seat_based=seat_based,
            monthly=monthly,
            yearly=yearly,
            has_yearly=has_yearly_price,
        )
        if trial is not None:
            granted = await inputs.live_features(
                merchant_id, [link["feature_id"] for link in links]
            )
            changes["trial_credit_overrides"] = inputs.resolve_credit_overrides(
                trial.credit_overrides or [], granted
            )
        billing_changed = fees_changed or feature_set_changed or seat_based != current.is_seat_based
        if billing_changed:
            changes["is_seat_based"] = seat_based
            plan = await write_version(
                merchant_id,
                current,
                changes=changes,
                prices=prices,
                links=links,
                commit_message=message,
            )
        else:
            plan = current
            if changes:
                plan.update_from_dict(changes)
                await plan.save(update_fields=[*changes, "updated_at"])
        if show_in_pricing_table:
            await add_plan_to_default_table(merchant_id, plan.stable_plan_id)
        if on_default_table is not None and on_default_table != was_shown:
            await set_shown_on_default_table(merchant_id, plan, on_default_table)
    return (await load_views(merchant_id, [plan]))[0], billing_changed
