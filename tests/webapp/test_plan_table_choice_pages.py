"""A plan made in the dashboard joins no pricing table unless the merchant ticks the box that
names the table; the API's ``showInPricingTable`` keeps the spec's meaning (it adds the plan
to the default table), tested in tests/api/test_plans_create.py. On the edit form the box is
ticked from whether the plan is shown on the default table, and only a change of it acts."""

from billing.catalog import plan_create, pricing_tables
from billing.catalog.models import Plan, PricingTable, PricingTablePlan
from tests.support.webapp.catalog_pages import html_of, post_form, signed_up
from tests.support.webapp.plan_pages import wizard


def _box(html: str) -> str:
    start = html.index('name="show_in_pricing_table"')
    return html[html.rindex("<input", 0, start) : html.index(">", start)]


async def test_box_is_unticked_and_names_the_table_a_plan_would_join(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    html = await html_of(await client.get("/dashboard/plans/new"))
    assert "Show on pricing table “Pricing”" in html
    assert "checked" not in _box(html)
    await PricingTable.create(
        merchant_id=merchant_id, name="Website", slug="website", is_default=True
    )
    html = await html_of(await client.get("/dashboard/plans/new"))
    assert "Show on pricing table “Website”" in html and "checked" not in _box(html)


async def test_plan_left_unticked_joins_no_table_but_can_be_shown_later(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    table = await PricingTable.create(
        merchant_id=merchant_id, name="Website", slug="website", is_default=True
    )
    form = wizard(token)
    del form["show_in_pricing_table"]
    response = await post_form(client, "/dashboard/plans/new", form)
    assert response.status_code == 303, await html_of(response)
    plan = await Plan.get(merchant_id=merchant_id)
    assert not await PricingTablePlan.filter(pricing_table_id=table.id).exists()
    assert plan.is_visible_in_pricing_table  # shown once the merchant puts it on a table
    await pricing_tables.add_plan_to_default_table(merchant_id, plan.stable_plan_id)
    assert await PricingTablePlan.filter(pricing_table_id=table.id).count() == 1


async def test_plan_ticked_joins_the_named_table(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    table = await PricingTable.create(
        merchant_id=merchant_id, name="Website", slug="website", is_default=True
    )
    response = await post_form(client, "/dashboard/plans/new", wizard(token))
    assert response.status_code == 303, await html_of(response)
    plan = await Plan.get(merchant_id=merchant_id)
    entries = await PricingTablePlan.filter(pricing_table_id=table.id)
    assert [e.stable_plan_id for e in entries] == [plan.stable_plan_id]


async def test_edit_box_follows_the_default_table_not_the_visibility_flag(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    view = await plan_create.create_plan(merchant_id, plan_name="Pro", monthly_price=2900)
    await pricing_tables.add_plan_to_default_table(merchant_id, view.plan.stable_plan_id)
    path = f"/dashboard/plans/{view.plan.stable_plan_id}/edit"
    html = await html_of(await client.get(path))  # on the table but hidden: not shown there
    assert "Show on pricing table “Pricing”" in html and "checked" not in _box(html)

    form = {"csrf_token": token, "plan_name": "Pro", "monthly_price": "29.00"}
    response = await post_form(client, path, form | {"show_in_pricing_table": "y"})
    assert response.status_code == 303, await html_of(response)
    plan = await Plan.get(merchant_id=merchant_id, is_current=True)
    assert plan.is_visible_in_pricing_table  # ticking shows it
    assert await PricingTablePlan.filter(merchant_id=merchant_id).count() == 1
    assert "checked" in _box(await html_of(await client.get(path)))

    response = await post_form(client, path, form)  # unticked: taken off, table kept
    assert response.status_code == 303, await html_of(response)
    assert not await PricingTablePlan.scoped(merchant_id).exists()
    assert await PricingTable.scoped(merchant_id).count() == 1
