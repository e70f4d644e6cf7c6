"""Tenant isolation over every route a merchant's customers reach (issue 22), in one place:
the four portal rows and portal sessions (with a secret key and with a portal session), the
checkout's payment-init, the payment event stream, the hosted portal's actions and the hosted
checkout page. Another merchant's ids, and the same merchant's ids of the other mode, answer
exactly as made-up ids do (same status, same body once the ids in it are blanked), and
nothing of either account changes.

Each account holds one of everything these routes name: a customer the merchant's server
knows by its own id with a subscription, a card, a pending card payment of another customer's
invoice, a pricing table offering the subscription's plan, and a portal session.
"""

import asyncio
import re

from billing.catalog import pricing_tables
from billing.core.ids import random_base62
from billing.customers.models import Customer
from billing.payments.models import Payment, PaymentMethod
from billing.portal.models import PortalSession
from billing.subscriptions.models import Subscription
from tests.conftest import in_test_mode
from tests.support.factories.portal import RETURN_URL, card, known_customer, session_token
from tests.support.factories.subscriptions import subscribe
from tests.support.factories.webhooks import pending_payment
from tests.support.webapp.portal_pages import signed_in

PORTAL = "/v1/customers/portal"
ID_KINDS = ("ext", "cust", "pm", "plan", "price", "intent", "inv")
WAIT = 10  # a stream opened by mistake would never end: give up instead of hanging


async def holdings(account) -> dict:
    customer = await known_customer(account.id)
    sub = await subscribe(account.id, customer=customer)
    method = await card(account.id, customer)
    pending = await pending_payment(account.id, "provider_a", "pi_" + random_base62(14))
    await pricing_tables.create_table(
        account.id, name="Pricing", slug="pricing", plan_ids=[sub.plan_id]
    )
    return {
        "ext": customer.external_customer_id,
        "cust": customer.id,
        "pm": method.id,
        "plan": sub.plan_id,
        "price": sub.effective_price_id,
        "intent": pending.provider_payment_id,
        "inv": pending.invoice_id,
        "customer": customer,
        "token": await session_token(account.id, customer),
    }


def made_up(ids: dict) -> dict:
    fake = {kind: f"{ids[kind].split('_')[0]}_{random_base62(22)}" for kind in ID_KINDS}
    fake["ext"] = f"user-{random_base62(10)}"
    return fake


def api_calls(their: dict, mine: dict, caller) -> list[tuple]:
    """``(method, path, json body, headers)`` of every /v1 call that names an id: ``their``
    ids where an id goes, the caller's own where a call needs one to reach it."""
    secret, public = caller.headers, caller.public_headers
    session = {"Authorization": f"Portal {mine['token']}"}
    link = f"{PORTAL}/set-subscription-payment-method"
    methods = f"{PORTAL}/payment-methods"
    email = {"email": f"buyer-{random_base62(8).lower()}@example.com"}
    return [
        ("GET", f"{PORTAL}/overview?externalCustomerId={their['ext']}", None, secret),
        ("POST", f"{PORTAL}/create-setup-intent", {"externalCustomerId": their["ext"]}, secret),
        ("POST", link, {"externalCustomerId": mine["ext"], "paymentMethodId": their["pm"]}, secret),
        ("POST", link, {"externalCustomerId": their["ext"], "paymentMethodId": mine["pm"]}, secret),
        ("DELETE", f"{methods}/{their['pm']}", None, secret),
        ("DELETE", f"{methods}/{their['pm']}?externalCustomerId={mine['ext']}", None, secret),
        ("DELETE", f"{methods}/{mine['pm']}?externalCustomerId={their['ext']}", None, secret),
        (
            "POST",
            f"{PORTAL}/sessions",
            {"externalCustomerId": their["ext"], "returnUrl": RETURN_URL},
            secret,
        ),
        ("GET", f"{PORTAL}/overview?externalCustomerId={their['ext']}", None, session),
        ("POST", link, {"paymentMethodId": their["pm"]}, session),
        ("DELETE", f"{methods}/{their['pm']}", None, session),
        (
            "POST",
            "/v1/public/payment-init",
            {"planId": their["plan"], "priceId": their["price"], "customer": email},
            public,
        ),
        (
            "POST",
            "/v1/public/payment-init",
            {"planId": mine["plan"], "priceId": their["price"], "customer": email},
            public,
        ),
        (
            "POST",
            "/v1/public/payment-init",
            {"planId": mine["plan"], "priceId": mine["price"], "customerId": their["cust"]},
            public,
        ),
        ("GET", f"/v1/public/events/{their['intent']}", None, public),
        ("GET", f"/v1/public/events/{their['intent']}?key={caller.publishable_key}", None, {}),
    ]


def page_calls(their: dict, mine: dict, caller) -> list[tuple[str, str]]:
    """``(method, path)`` of the hosted pages: the checkout page with the caller's key and
    table, and the portal's actions signed in as the caller's customer."""
    checkout = f"/checkout/pricing/{{}}?price={{}}&key={caller.publishable_key}"
    return [
        ("GET", checkout.format(their["plan"], their["price"])),
        ("GET", checkout.format(mine["plan"], their["price"])),
        ("POST", f"/portal/payment-methods/{their['pm']}/use"),
        ("POST", f"/portal/payment-methods/{their['pm']}/remove"),
        ("POST", f"/portal/invoices/{their['inv']}/pay"),
    ]


SIGNED_LINK = re.compile(r"/invoices/pdf/[\w.-]+")


def blanked(text: str, ids: list[str]) -> str:
    """Blank the ids, and the signed PDF links: their signature carries the second it was made."""
    for record_id in ids:
        text = text.replace(record_id, "ID")
    return SIGNED_LINK.sub("/invoices/pdf/LINK", text)


async def answer(client, blank: list[str], method, path, body, headers) -> tuple[int, str]:
    response = await asyncio.wait_for(
        client.open(path, method=method, json=body, headers=headers), WAIT
    )
    text = await asyncio.wait_for(response.get_data(as_text=True), WAIT)
    return response.status_code, blanked(text, blank)


async def state(merchant_id: str) -> list:
    live_methods = PaymentMethod.filter(merchant_id=merchant_id, deleted_at=None)
    return [
        await Customer.filter(merchant_id=merchant_id).count(),
        sorted(
            await Subscription.filter(merchant_id=merchant_id).values_list(
                "id", "status", "payment_method_id"
            )
        ),
        sorted(await live_methods.values_list("id", flat=True)),
        sorted(await Payment.filter(merchant_id=merchant_id).values_list("id", "status")),
        await PortalSession.filter(merchant_id=merchant_id).count(),
    ]


async def test_other_merchants_and_other_modes_ids_answer_as_made_up_ones(app, make_merchant):
    live = await make_merchant()
    tester = await in_test_mode(live)
    other = await make_merchant("Other Ltd")
    held = {account.id: await holdings(account) for account in (live, tester, other)}
    pairs = [(live, other), (other, live), (live, tester), (tester, live)]
    for owner, caller in pairs:
        their, mine = held[owner.id], held[caller.id]
        fake = made_up(their)
        blank = [their[kind] for kind in ID_KINDS] + [fake[kind] for kind in ID_KINDS]
        api, pages = app.test_client(), app.test_client()
        _, csrf = await signed_in(pages, caller.id, mine["customer"])
        hx = {"HX-Request": "true", "X-CSRF-Token": csrf}
        before = [await state(owner.id), await state(caller.id)]

        for seen_call, fake_call in zip(
            api_calls(their, mine, caller), api_calls(fake, mine, caller), strict=True
        ):
            seen, absent = (
                await answer(api, blank, *seen_call),
                await answer(api, blank, *fake_call),
            )
            assert seen == absent, seen_call
            assert seen[0] == 404 and '"error"' in seen[1], (seen_call, seen)

        for seen_call, fake_call in zip(
            page_calls(their, mine, caller), page_calls(fake, mine, caller), strict=True
        ):
            headers = hx if seen_call[0] == "POST" else {}
            seen = await answer(pages, blank, *seen_call, None, headers)
            absent = await answer(pages, blank, *fake_call, None, headers)
            assert seen == absent, seen_call
            assert seen[0] in (404, 422), (seen_call, seen[0])
        assert [await state(owner.id), await state(caller.id)] == before, (owner.id, caller.id)
