"""The hosted portal without a browser: the link signs in with a Strict, HttpOnly cookie and
redirects; expired and unknown links, signing out; each action (pay now declined and paid,
add a test card, use it, remove one) against a real localstripe; another customer's or
merchant's ids answer exactly as missing ones; posts without the CSRF token are refused."""

import re
from datetime import timedelta
from urllib.parse import urlsplit

import pytest

from billing.accounts.merchants import get_merchant
from billing.core.ids import new_id
from billing.core.models import utcnow
from billing.invoicing.models import Invoice
from billing.payments import setup as payments_setup
from billing.payments.models import Payment, PaymentMethod
from billing.subscriptions.models import Subscription
from tests.support.factories.card_payments import DECLINED_CARD, GOOD_CARD, card_merchant
from tests.support.factories.portal import RETURN_URL, card, live_method, session_token
from tests.support.factories.portal_pages import overdue_customer
from tests.support.factories.webhooks import configure
from tests.support.webapp.portal_pages import CSRF_RE, HX, html_of, opens, post, signed_in
from webapp.portal.words import ADD_A_CARD_FIRST


@pytest.fixture
def gateway(provider_a_api):  # noqa: F811 (the fixture, imported above)
    return provider_a_api


async def test_the_link_signs_in_with_a_strict_cookie_and_shows_the_overdue_plan(
    client, make_merchant, gateway
):
    merchant = await card_merchant(client, make_merchant)
    overdue = await overdue_customer(merchant.id, gateway, DECLINED_CARD)
    token = await session_token(merchant.id, overdue.customer)
    opened = await opens(client, token)
    assert opened.headers["Referrer-Policy"] == "no-referrer"  # the token is in its URL
    cookie = opened.headers["Set-Cookie"]
    assert cookie.startswith(f"tally_portal={token}") and "HttpOnly" in cookie
    assert "SameSite=Strict" in cookie and "Secure" not in cookie  # the public URL is http
    home = await client.get("/portal/")
    page = await html_of(home)
    assert home.status_code == 200 and home.headers["Cache-Control"] == "no-store"
    name = (await get_merchant(merchant.id)).display_name
    assert name in page and f"Back to {name}" in page and RETURN_URL in page
    assert "Engine plan" in page and "Payment overdue" in page and "Jan 15, 2030" in page
    assert "Pay now" in page and overdue.invoice.number in page and "$49.00" in page
    assert "Card •••• 0341" in page  # stored without a brand
    assert "Used for your subscription" in page and "Add a card" in page
    assert "sidebar" not in page  # not the merchant dashboard
    pdf = re.search(r'href="(http[^"]+/invoices/pdf/[^"]+)"', page).group(1)
    download = await client.get(urlsplit(pdf).path)
    assert download.status_code == 200 and download.content_type == "application/pdf"


async def test_expired_and_unknown_links_say_where_to_go(client, make_merchant, gateway):
    merchant = await card_merchant(client, make_merchant)
    overdue = await overdue_customer(merchant.id, None, None)
    name = (await get_merchant(merchant.id)).display_name
    old = await session_token(merchant.id, overdue.customer, now=utcnow() - timedelta(hours=2))
    expired = await client.get(f"/portal/{old}")
    assert expired.status_code == 410
    assert not any("tally_portal" in c for c in expired.headers.getlist("Set-Cookie"))
    text = await html_of(expired)
    assert "This link has expired" in text and f"Go back to {name} and open" in text
    unknown = await client.get("/portal/ptok_" + "x" * 43)
    assert unknown.status_code == 404
    assert "This link has expired" in await html_of(unknown)
    assert name not in await html_of(unknown)
    client.cookie_jar.clear()
    assert (await client.get("/portal/")).status_code == 401


async def test_sign_out_ends_the_session(client, make_merchant, gateway):
    merchant = await card_merchant(client, make_merchant)
    overdue = await overdue_customer(merchant.id, None, None)
    token = await session_token(merchant.id, overdue.customer)
    await client.get(f"/portal/{token}")
    page = await html_of(await client.get("/portal/"))
    csrf = CSRF_RE.search(page).group(1)
    out = await post(client, "/portal/sign-out", csrf, {"csrf_token": csrf}, headers={})
    assert out.status_code == 200 and "You have signed out" in await html_of(out)
    cleared = [c for c in out.headers.getlist("Set-Cookie") if c.startswith("tally_portal=")]
    assert cleared and ("Max-Age=0" in cleared[0] or "Expires=Thu, 01 Jan 1970" in cleared[0])
    assert (await client.get("/portal/")).status_code == 401
    assert (await client.get(f"/portal/{token}")).status_code == 410  # ended, not only forgotten
    again = await client.get("/portal/", headers={"Cookie": f"tally_portal={token}"})
    assert again.status_code == 401


async def test_pay_now_declined_then_a_new_card_pays(client, make_merchant, gateway):
    merchant = await card_merchant(client, make_merchant)
    overdue = await overdue_customer(merchant.id, gateway, DECLINED_CARD)
    _, csrf = await signed_in(client, merchant.id, overdue.customer)
    pay = f"/portal/invoices/{overdue.invoice.id}/pay"

    declined = await post(client, pay, csrf)
    html = await html_of(declined)
    assert declined.status_code == 200, html
    assert 'data-kind="failed"' in html and "The payment failed: Your card was declined." in html
    assert "Pay now" in html  # still overdue

    added = await post(
        client,
        "/portal/cards",
        csrf,
        {"number": "4242 4242 4242 4242", "expMonth": "12", "expYear": "2034", "cvc": "123"},
    )
    html = await html_of(added)
    assert added.status_code == 200, html
    assert "Visa •••• 4242 was added." in html and "Expires 12/2034" in html
    new = await PaymentMethod.get(customer_id=overdue.customer.id, card_last_four="4242")
    assert new.status == "active" and new.external_psp_payment_method_id.startswith("pm_")
    # The subscription was past due: the new card is its method now and paid at once; the
    # billing section comes along (out of band) without the overdue warning.
    sub = await Subscription.get(id=overdue.subscription.id)
    assert (sub.payment_method_id, sub.status) == (new.id, "active")
    assert (await Invoice.get(id=overdue.invoice.id)).status == "paid"
    assert 'id="billing"' in html and "hx-swap-oob" in html
    assert "Payment failed" not in html and "Pay now" not in html

    used = await post(client, f"/portal/payment-methods/{new.id}/use", csrf)
    assert used.status_code == 200
    assert "Your subscription now uses this payment method." in await html_of(used)
    again = await post(client, pay, csrf)
    assert "This invoice is already paid. Thank you." in await html_of(again)
    statuses = await Payment.filter(invoice_id=overdue.invoice.id).values_list("status", flat=True)
    assert sorted(statuses) == ["failed", "succeeded"]


async def test_pay_now_without_a_card_asks_for_one(client, make_merchant, gateway):
    merchant = await card_merchant(client, make_merchant)
    overdue = await overdue_customer(merchant.id, gateway, None)
    _, csrf = await signed_in(client, merchant.id, overdue.customer)
    answer = await post(client, f"/portal/invoices/{overdue.invoice.id}/pay", csrf)
    assert answer.status_code == 422 and ADD_A_CARD_FIRST in await html_of(answer)
    assert not await Payment.filter(invoice_id=overdue.invoice.id).exists()


async def test_a_declined_card_is_not_saved(client, make_merchant, gateway):
    merchant = await card_merchant(client, make_merchant)
    overdue = await overdue_customer(merchant.id, gateway, None)
    _, csrf = await signed_in(client, merchant.id, overdue.customer)
    card_fields = {"number": "4000000000000002", "expMonth": "12", "expYear": "2034", "cvc": "1"}
    bad = await post(client, "/portal/cards", csrf, card_fields)
    assert bad.status_code == 422 and "Check the card: its number" in await html_of(bad)
    card_fields["cvc"] = "123"
    declined = await post(client, "/portal/cards", csrf, card_fields)
    assert declined.status_code == 422 and "declined" in await html_of(declined)
    assert not await PaymentMethod.filter(customer_id=overdue.customer.id).exists()


async def test_remove_unlinks_the_subscription(client, make_merchant, gateway):
    merchant = await card_merchant(client, make_merchant)
    overdue = await overdue_customer(merchant.id, gateway, GOOD_CARD)
    _, csrf = await signed_in(client, merchant.id, overdue.customer)
    removed = await post(client, f"/portal/payment-methods/{overdue.card.id}/remove", csrf)
    html = await html_of(removed)
    assert removed.status_code == 200 and "The payment method was removed." in html
    assert "No payment methods saved yet." in html
    assert await live_method(overdue.card.id) is None
    assert (await Subscription.get(id=overdue.subscription.id)).payment_method_id is None


async def test_other_customers_and_merchants_ids_answer_as_missing(client, make_merchant, gateway):
    merchant = await card_merchant(client, make_merchant)
    mine = await overdue_customer(merchant.id, None, None)
    neighbour = await overdue_customer(merchant.id, None, None, name="Neighbour")
    their_card = await card(merchant.id, neighbour.customer, last4="1111")
    other_merchant = await card_merchant(client, make_merchant)
    stranger = await overdue_customer(other_merchant.id, None, None)
    stranger_card = await card(other_merchant.id, stranger.customer, last4="2222")
    page, csrf = await signed_in(client, merchant.id, mine.customer)
    assert "1111" not in page and neighbour.invoice.number not in page

    async def answers(path: str) -> tuple[int, str]:
        response = await post(client, path, csrf)
        return response.status_code, await html_of(response)

    for kind, prefix in (("payment-methods", "pm"), ("invoices", "inv")):
        action = "pay" if kind == "invoices" else "use"
        missing = await answers(f"/portal/{kind}/{new_id(prefix)}/{action}")
        assert missing[0] == 422
        others = (
            [neighbour.invoice.id, stranger.invoice.id]
            if kind == "invoices"
            else [their_card.id, stranger_card.id]
        )
        for other in others:
            assert await answers(f"/portal/{kind}/{other}/{action}") == missing
    missing = await answers(f"/portal/payment-methods/{new_id('pm')}/remove")
    for other in (their_card.id, stranger_card.id):
        assert await answers(f"/portal/payment-methods/{other}/remove") == missing
    assert await live_method(their_card.id) and await live_method(stranger_card.id)
    assert not await Payment.filter(invoice_id__in=[neighbour.invoice.id, stranger.invoice.id])


async def test_posts_without_the_csrf_token_are_refused(client, make_merchant, gateway):
    merchant = await card_merchant(client, make_merchant)
    overdue = await overdue_customer(merchant.id, None, None)
    method = await card(merchant.id, overdue.customer)
    await signed_in(client, merchant.id, overdue.customer)
    refused = await client.post(f"/portal/payment-methods/{method.id}/remove", headers=HX)
    assert refused.status_code == 403
    forged = await client.post(
        f"/portal/payment-methods/{method.id}/remove",
        headers={**HX, "X-CSRF-Token": "forged", "Sec-Fetch-Site": "cross-site"},
    )
    assert forged.status_code == 403
    assert await live_method(method.id) is not None


async def test_live_mode_takes_cards_through_the_providers_script_only(client, make_merchant):
    merchant = await make_merchant()  # a live merchant row
    await configure(merchant.id, "provider_a", None)
    overdue = await overdue_customer(merchant.id, None, None)
    page, csrf = await signed_in(client, merchant.id, overdue.customer)
    assert "Add a card" in page and 'name="number"' not in page and "Test mode." not in page
    # The card fields are the provider's own script's, loaded from the provider itself.
    assert 'data-live-card data-key="pk_live_webhooktests"' in page
    # (from the provider's API base: these tests point it at a stand-in,
    # tests/support/fakes/no_provider.py)
    assert f'<script src="{payments_setup.provider_a_script_url()}"></script>' in page
    card_fields = {"number": "4242424242424242", "expMonth": "12", "expYear": "2034", "cvc": "1"}
    refused = await post(client, "/portal/cards", csrf, card_fields)
    assert refused.status_code == 422
    assert "only be typed in here in test mode" in await html_of(refused)
    assert not await PaymentMethod.filter(customer_id=overdue.customer.id).exists()
