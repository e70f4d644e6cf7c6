"""The hosted portal for a merchant whose provider is B, without a browser, against the
provider B fake: "Add a payment method" sends the customer to provider B's mandate page (HTMX
gets an ``HX-Redirect``, a plain form post a page that moves on by refresh) and the
``subscription.active`` webhook brings the mandate back as a method to use; refusals are
said in the customer's words and make nothing at the provider; an overdue invoice waiting on
a provider B payment link offers "Pay with the payment link", which the provider's
``payment.succeeded`` webhook settles."""

from billing.invoicing.models import Invoice
from billing.payments import setup
from billing.payments.models import Payment, PaymentMethod, ProviderConfig
from billing.portal.access import live_subscription
from billing.subscriptions.models import Subscription
from tests.support.factories.portal import known_customer
from tests.support.factories.portal_pages import GRACE_ENDS
from tests.support.factories.provider_b import b_merchant, deliver, waiting_on_a_link
from tests.support.factories.subscriptions import subscribe
from tests.support.fakes.provider_b_events import (
    event_payload,
    payment_data,
    signed_headers,
    subscription_data,
)
from tests.support.webapp.portal_pages import html_of, post, signed_in

MANDATE = "/portal/mandate"


def _mandates(fake, customer_id: str) -> list[dict]:
    return [m for m in fake.mandates if m["body"]["metadata"].get("customer_id") == customer_id]


async def test_add_a_payment_method_goes_to_provider_b_and_comes_back_as_a_method(
    client, make_merchant, provider_b
):
    merchant_id, signing = await b_merchant(make_merchant, provider_b)
    customer = await known_customer(merchant_id, country="de")
    await subscribe(merchant_id, customer=customer)
    page, csrf = await signed_in(client, merchant_id, customer)
    assert f'hx-post="{MANDATE}"' in page and "Add a payment method" in page
    assert 'id="card-form"' not in page and "Add a card" not in page

    plain_post = await post(client, MANDATE, csrf, {"csrf_token": csrf}, headers={})
    [mandate] = _mandates(provider_b, customer.id)
    # No redirect: the form-action 'self' policy would stop one to another site.
    assert plain_post.status_code == 200 and "Location" not in plain_post.headers
    refresh = f'<meta http-equiv="refresh" content="0;url={mandate["payment_link"]}">'
    assert refresh in await html_of(plain_post)
    sent = mandate["body"]
    assert sent["return_url"].endswith("/portal/")  # back to the portal's page, not the link
    assert sent["metadata"] == {"customer_id": customer.id}
    assert mandate["key"].startswith(f"portal-mandate-{customer.id}-")

    htmx_post = await post(client, MANDATE, csrf)
    second = _mandates(provider_b, customer.id)[-1]
    assert (
        htmx_post.status_code == 200
        and htmx_post.headers["HX-Redirect"] == (second["payment_link"])
    )
    assert second["key"] != mandate["key"]  # a new attempt the customer asked for
    assert not await PaymentMethod.filter(customer_id=customer.id).exists()  # until the webhook

    data = subscription_data(
        mandate["subscription_id"], payment_method_id="pm_b1", metadata=sent["metadata"]
    )
    await deliver(client, merchant_id, signing, event_payload("subscription.active", data))
    page = await html_of(await client.get("/portal/"))
    assert "Payment authorisation" in page and "Use for subscription" in page
    method = await PaymentMethod.get(customer_id=customer.id)
    used = await post(client, f"/portal/payment-methods/{method.id}/use", csrf)
    assert used.status_code == 200 and "Used for your subscription" in await html_of(used)
    assert (await live_subscription(merchant_id, customer.id)).payment_method_id == method.id


async def test_add_a_payment_method_refusals_are_in_the_customers_words(
    client, make_merchant, provider_b
):
    merchant_id, _ = await b_merchant(make_merchant, provider_b)
    no_plan = await known_customer(merchant_id, country="de")
    page, csrf = await signed_in(client, merchant_id, no_plan)
    refused = await post(client, MANDATE, csrf)
    html = await html_of(refused)
    assert refused.status_code == 422 and "Payment methods" in html
    assert "can be added once you have an active subscription" in html
    assert "provider B" not in html

    no_country = await known_customer(merchant_id)
    await subscribe(merchant_id, customer=no_country)
    page, csrf = await signed_in(client, merchant_id, no_country)
    refused = await post(client, MANDATE, csrf, {"csrf_token": csrf}, headers={})
    assert refused.status_code == 303 and refused.headers["Location"].endswith("/portal/")
    page = await html_of(await client.get("/portal/"))  # the refusal is flashed on the page
    assert "billing country" in page and "provider B" not in page
    assert _mandates(provider_b, no_plan.id) == _mandates(provider_b, no_country.id) == []
    assert not await PaymentMethod.filter(merchant_id=merchant_id).exists()


async def test_an_overdue_invoice_offers_its_payment_link_until_the_webhook_pays_it(
    client, make_merchant, provider_b
):
    merchant = await make_merchant()
    invoice, payment = await waiting_on_a_link(merchant.id, provider_b)
    owner = await invoice.customer
    owner.external_customer_id = f"user-{owner.id}"
    await owner.save()
    await Subscription.filter(stable_subscription_id=invoice.stable_subscription_id).update(
        grace_period_ends_at=GRACE_ENDS
    )
    page, _ = await signed_in(client, merchant.id, owner)
    assert "Payment overdue" in page and invoice.number in page
    assert payment.payment_link.startswith(provider_b.url)
    link = f'<a href="{payment.payment_link}" role="button" class="outline" rel="noopener"'
    assert link in page and "Pay with the payment link" in page

    await Payment.filter(id=payment.id).update(payment_link="javascript:alert(1)")
    page = await html_of(await client.get("/portal/"))
    assert "Pay with the payment link" not in page and "javascript:" not in page
    await Payment.filter(id=payment.id).update(payment_link=payment.payment_link)

    config = await ProviderConfig.get(merchant_id=merchant.id, provider="provider_b")
    signing = setup.unseal(config.webhook_secret_sealed)
    paid = payment_data(payment.provider_payment_id, metadata={"payment_id": payment.id})
    payload = event_payload("payment.succeeded", paid)
    answer = await client.post(
        f"/v1/public/webhook-provider-b/{merchant.id}",
        data=payload.encode(),
        headers={"Content-Type": "application/json", **signed_headers(signing, payload)},
    )
    assert answer.status_code == 200
    assert (await Invoice.get(id=invoice.id)).status == "paid"
    page = await html_of(await client.get("/portal/"))
    assert "Pay with the payment link" not in page and "Payment overdue" not in page
    assert 'data-status="paid">Paid<' in page


async def test_a_customer_without_an_active_subscription_is_not_offered_a_mandate(
    client, make_merchant, provider_b
):
    merchant_id, _ = await b_merchant(make_merchant, provider_b)
    no_plan = await known_customer(merchant_id, country="de")
    page, _ = await signed_in(client, merchant_id, no_plan)
    assert "can be added once you have an active subscription" in page
    assert "Add a payment method" not in page
