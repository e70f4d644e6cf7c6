"""The pricing table page follows the dashboard's mode: its preview and embed code use the
publishable key of that mode, with no switch of its own."""

from billing.accounts import merchants
from billing.accounts.api_keys import create_api_key
from billing.catalog import pricing_tables
from tests.support.webapp.catalog_pages import html_of, signed_up


async def test_the_embed_code_uses_the_key_of_the_dashboards_mode(client, sign_up):
    live_id, token = await signed_up(sign_up)
    test_row = await merchants.tenant_of(live_id, "test")
    key, _value = await create_api_key(test_row.id, name="Site", key_type="publishable")
    table = await pricing_tables.create_table(test_row.id, name="Pricing", slug="pricing")
    await client.post("/dashboard/mode", form={"csrf_token": token, "mode": "test"})
    html = await html_of(await client.get(f"/dashboard/pricing-tables/{table.table.id}"))
    assert f"Uses your test publishable key <code>{key.prefix}…</code>" in html
    assert key.key_value in html
    assert "Live key" not in html and "environment=" not in html
