"""Whether a plan is on the merchant's default pricing table, and putting it on or off.

The dashboard's plan edit form shows one box, "Show on pricing table “<name>”", ticked from
what the table holds now (not from the plan's ``is_visible_in_pricing_table`` flag, which
every dashboard plan has set). Saving the form only acts on a change of that box, so editing
a description never puts a plan on a published table; see ``plan_edits.edit_plan``.
"""

from billing.catalog.models import Plan, PricingTable, PricingTablePlan
from billing.catalog.pricing_tables import add_plan_to_default_table


async def _default_entries(merchant_id: str, stable_plan_id: str):
    table = await PricingTable.scoped(merchant_id).filter(is_default=True).first()
    if table is None:
        return None
    return PricingTablePlan.scoped(merchant_id).filter(
        pricing_table_id=table.id, stable_plan_id=stable_plan_id
    )


async def shown_on_default_table(merchant_id: str, plan: Plan) -> bool:
    """True when visitors of the default table see ``plan``: it is listed there and not
    hidden by its visibility flag (a hidden plan on the table is not shown, so the box is
    off and ticking it shows the plan)."""
    if not plan.is_visible_in_pricing_table:
        return False
    entries = await _default_entries(merchant_id, plan.stable_plan_id)
    return entries is not None and await entries.exists()


async def set_shown_on_default_table(merchant_id: str, plan: Plan, shown: bool) -> None:
    """Put ``plan`` on the default table (making the table when there is none, and making the
    plan visible) or take it off; only called when the box changed. Other tables keep it.
    The caller holds the merchant lock and vouches that the plan is the merchant's."""
    if shown:
        if not plan.is_visible_in_pricing_table:
            plan.is_visible_in_pricing_table = True
            await plan.save(update_fields=["is_visible_in_pricing_table", "updated_at"])
        await add_plan_to_default_table(merchant_id, plan.stable_plan_id)
        return
    entries = await _default_entries(merchant_id, plan.stable_plan_id)
    for entry in await entries if entries is not None else []:
        await entry.soft_delete()
