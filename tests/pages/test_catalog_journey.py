"""The catalog end to end, as a merchant's developer meets it.

Features, a plan with a monthly and a yearly price and a pricing table are created through the
real /v1 API of the running server; then a page on another origin embeds the table with only
the publishable key, and Chromium shows the plan, both prices and a working switch.
"""

import httpx
from playwright.async_api import expect

from tests.pages.conftest import DESKTOP
from tests.support.pages.embed import card, site_page


async def build_catalog(live_server: str, secret_key: str) -> None:
    headers = {"Authorization": f"Bearer {secret_key}"}
    async with httpx.AsyncClient(base_url=live_server, headers=headers) as api:
        feature_ids = []
        for slug, name, kind, value in (
            ("api-access", "API access", "boolean", True),
            ("projects", "Projects", "number", 25),
        ):
            response = await api.post(
                "/v1/features",
                json={
                    "slug": slug,
                    "displayName": name,
                    "featureType": kind,
                    "featureValue": value,
                },
            )
            assert response.status_code == 201, response.text
            feature_ids.append(response.json()["id"])
        response = await api.post(
            "/v1/plans",
            json={
                "planName": "Growth",
                "planDescription": "For teams that ship",
                "featureIds": feature_ids,
                "monthlyPrice": 4900,
                "hasYearlyPrice": True,
                "yearlyPrice": 49000,
                "showInPricingTable": True,
            },
        )
        assert response.status_code == 201, response.text
        plan = response.json()["plans"][0]
        assert {f["slug"] for f in plan["features"]} == {"api-access", "projects"}
        response = await api.post(
            "/v1/pricing-tables",
            json={"name": "Website", "slug": "website", "planIds": [plan["id"]]},
        )
        assert response.status_code == 201, response.text


async def test_plan_made_through_the_api_shows_on_another_origin(
    new_page, live_server, make_merchant, other_origin
):
    merchant = await make_merchant()
    await build_catalog(live_server, merchant.secret_key)
    folder, origin = other_origin
    (folder / "index.html").write_text(site_page(live_server, "website", merchant.publishable_key))
    page = await new_page(DESKTOP)
    await page.goto(f"{origin}/index.html")

    for scope in (page.locator("tally-pricing-table"), page.frame_locator("iframe")):
        growth = card(scope, "Growth")
        await expect(growth.get_by_text("For teams that ship")).to_be_visible()
        await expect(growth.get_by_text("API access", exact=True)).to_be_visible()
        await expect(growth.get_by_text("Projects: 25")).to_be_visible()
        await expect(growth.get_by_text("$49", exact=True)).to_be_visible()
        await scope.get_by_role("button", name="Yearly").click()
        await expect(growth.get_by_text("$490", exact=True)).to_be_visible()
        await expect(growth.get_by_text("$49", exact=True)).to_be_hidden()
        await scope.get_by_role("button", name="Monthly").click()
        await expect(growth.get_by_text("$49", exact=True)).to_be_visible()
