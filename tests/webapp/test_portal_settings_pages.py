"""Settings → Customer portal through the app: the switches saved (checked ones only), an
unknown action refused in place with nothing changed, and the other mode's row kept the same."""

from billing.accounts.models import PORTAL_ACTIONS, Merchant
from tests.support.webapp.catalog_pages import html_of, post_form, signed_up


async def test_the_switches_are_saved_for_both_modes(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    page = await html_of(await client.get("/dashboard/settings/portal"))
    assert page.count('role="switch"') == len(PORTAL_ACTIONS)
    answer = await post_form(
        client,
        "/dashboard/settings/portal",
        {"csrf_token": token, "allows": ["receipts", "cancel"]},
    )
    assert answer.status_code == 303
    merchant = await Merchant.get(id=merchant_id)
    rows = await Merchant.filter(account_id=merchant.account_id).values_list(
        "portal_allows", flat=True
    )
    assert rows == [["cancel", "receipts"]] * 2


async def test_an_unknown_action_is_refused_and_changes_nothing(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    answer = await post_form(
        client, "/dashboard/settings/portal", {"csrf_token": token, "allows": ["refund_all"]}
    )
    assert answer.status_code == 422
    assert "portalAllows may list only" not in await html_of(answer)
    assert "Choose among the actions listed" in await html_of(answer)
    assert (await Merchant.get(id=merchant_id)).portal_allows == list(PORTAL_ACTIONS)
