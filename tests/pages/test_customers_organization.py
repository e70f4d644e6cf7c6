"""The customer page's organization panel in Chromium: members with their external ids, the
seat price in plain words, a removed seat pending until its period ends; at 1280 and 390 px
without a sideways scroll."""

from playwright.async_api import expect

from billing.seats import seats
from tests.pages.conftest import screenshot, sign_up
from tests.support.factories.seats import seat_team
from tests.support.pages.subscriptions import merchant_of

NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth"


async def test_organization_panel_members_seat_price_and_pending_removals(page, app):
    merchant_id = await merchant_of(await sign_up(page))
    team = await seat_team(merchant_id)
    for user, name in (("grace-hopper-1906", "Grace"), ("lin-2", "Lin")):
        info = {"name": name, "email": f"{user}@example.com"}
        body = {"user_id": team.user_id, "created_user_id": user, "created_user_info": info}
        await seats.add_seat(merchant_id, {**body, "timestamp": "2030-01-16T00:00:00Z"})
    removal = {"user_id": team.user_id, "removed_user_id": "lin-2"}
    await seats.remove_seat(merchant_id, {**removal, "timestamp": "2030-01-20T00:00:00Z"})

    await page.goto(f"/dashboard/customers/{team.subscriber.id}")
    panel = page.locator("#organization")
    await expect(panel.get_by_role("heading", name="Organization: Initech")).to_be_visible()
    await expect(panel.locator(".seat-price")).to_contain_text("10.00 USD per seat / month")
    await expect(panel.locator("#seats-this-period")).to_have_text("3")
    await expect(panel.locator("#seats-next-period")).to_have_text("2")
    # the card's MRR counts the seats that recur: the subscriber and Grace at 10.00
    await expect(page.locator(".sub-mrr").first).to_contain_text("$20.00")
    members = panel.locator("#organization-members li")
    await expect(members).to_have_count(2)
    await expect(members.first).to_contain_text("Primary")
    await expect(members.first).to_contain_text(team.user_id)
    await expect(members.nth(1)).to_contain_text("Grace")
    await expect(members.nth(1)).to_contain_text("grace-hopper-1906")
    await expect(members.nth(1)).to_contain_text("Seat member")
    pending = panel.locator("#pending-removals li")
    await expect(pending).to_have_count(1)
    await expect(pending).to_contain_text("Lin")
    await expect(pending).to_contain_text("lin-2")
    await expect(pending).to_contain_text("stops counting on Feb 1, 2030")
    await panel.scroll_into_view_if_needed()
    assert await page.evaluate(NO_SIDEWAYS_SCROLL)
    await screenshot(page, "customer-organization-1280")

    await page.set_viewport_size({"width": 390, "height": 844})
    await expect(panel.locator(".seat-price")).to_be_visible()
    assert await page.evaluate(NO_SIDEWAYS_SCROLL)
    await screenshot(page, "customer-organization-390")

    # a member's page shows the same organization, marking the member as this customer
    await members.nth(1).get_by_role("link", name="Grace").click()
    await expect(page.locator("#organization")).to_contain_text("This customer")
    await expect(page.locator("#organization .seat-price")).to_contain_text("10.00 USD")
