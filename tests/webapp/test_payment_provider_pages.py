"""The payment providers page: provider A's keys against a real localstripe, provider B's key
against the fake; each form's paths (check ok, refused, wrong mode, unreachable, save), the
masked secret and webhook state after saving, the onboarding item, and another merchant's
configuration never shown. Also the payments listed on an invoice and on its customer."""

import dataclasses
from datetime import UTC, datetime

import pytest

from billing.invoicing.models import Invoice
from billing.payments import setup
from billing.payments.models import Payment, ProviderConfig
from tests.support.factories.webhooks import pending_payment
from tests.support.webapp.catalog_pages import HX, html_of, signed_up

PAGE = "/dashboard/payment-providers"
A_LIVE = {"public_key": "pk_live_51HxAcmePublic", "secret_key": "sk_live_51HxAcmeSecret9f3a"}
A_EVENTS = (
    "payment_intent.succeeded",
    "payment_intent.payment_failed",
    "setup_intent.succeeded",
    "setup_intent.setup_failed",
    "checkout.session.completed",
)


def prefix_of(path: str) -> str:
    """The page's forms prefix their fields: provider A ``a-``, its signing secret ``hook-``,
    provider B ``b-``."""
    return "hook" if "signing-secret" in path else "a" if "provider-a" in path else "b"


async def post(client, path: str, token: str, **fields):
    named = {f"{prefix_of(path)}-{name}": value for name, value in fields.items()}
    return await client.post(f"{PAGE}{path}", form={"csrf_token": token, **named}, headers=HX)


# Provider A ----------------------------------------------------------------------------------


@pytest.mark.usefixtures("provider_a_api")
async def test_provider_a_check_answers_in_place_and_stores_nothing(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    page = await html_of(await client.get(PAGE))
    assert "Not connected" in page and "Starts with pk_live_." in page
    assert 'href="/dashboard/payment-providers" aria-current="page"' in page

    ok = await post(client, "/provider-a/check", token, **A_LIVE)
    assert ok.status_code == 200
    assert "The card payment provider (A) accepted the keys." in await html_of(ok)

    cases = [
        (
            {**A_LIVE, "secret_key": "sk_test_51HxAcmeSecret7e21"},
            "Secret key is a test key (sk_test_…), but you are in live mode: use a sk_live_ key "
            "here, or switch the dashboard to test mode to use the test key",
        ),
        ({**A_LIVE, "secret_key": "sk_live_not a key"}, "Provider A refused the secret key"),
        ({**A_LIVE, "public_key": "sk_live_abc"}, "Publishable key must be a provider A live key"),
        ({"public_key": "", "secret_key": ""}, "Enter the secret key"),
    ]
    for fields, said in cases:
        response = await post(client, "/provider-a/check", token, **fields)
        html = await html_of(response)
        assert response.status_code == 422, html
        assert 'class="field-error"' in html and said in html, html
        assert "API key" not in html and "secretKey" not in html and "publicKey" not in html
        assert 'value="' + fields["secret_key"] + '"' in html  # what was typed is kept
    assert not await ProviderConfig.filter(merchant_id=merchant_id).exists()


@pytest.mark.usefixtures("provider_a_api")
async def test_provider_a_save_shows_masked_secret_webhook_steps_and_checklist(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    overview = await html_of(await client.get("/dashboard"))
    assert (
        'href="/dashboard/payment-providers" class="checklist-link">Connect a provider' in overview
    )

    saved = await post(client, "/provider-a/save", token, **A_LIVE)
    html = await html_of(saved)
    assert saved.status_code == 200
    assert "Connected" in html and "••••••••9f3a" in html
    assert A_LIVE["secret_key"] not in html  # only masked, the form comes back empty
    assert "Add it by hand" in html  # localstripe has no webhook endpoints API
    assert f"http://127.0.0.1:8000/v1/public/webhook/{merchant_id}" in html
    assert all(f"<code>{event}</code>" in html for event in A_EVENTS)
    assert "Card payment keys saved. Add its webhook by hand (see below)." in html
    assert 'name="hook-webhook_secret"' in html

    missing = await post(client, "/provider-a/signing-secret", token, webhook_secret="")
    assert missing.status_code == 422
    assert "Paste the signing secret of the webhook you added" in await html_of(missing)
    secret = await post(
        client, "/provider-a/signing-secret", token, webhook_secret="whsec_byhand42"
    )
    html = await html_of(secret)
    assert secret.status_code == 200 and "Webhook signing secret saved." in html
    assert "one is saved; a new one replaces it" in html and "whsec_byhand42" not in html
    row = await ProviderConfig.get(merchant_id=merchant_id, provider="provider_a")
    assert setup.unseal(row.webhook_secret_sealed) == "whsec_byhand42"

    overview = await html_of(await client.get("/dashboard"))
    assert "1 of 3 done" in overview and "Connect a provider" not in overview


@pytest.mark.usefixtures("provider_a_api")
async def test_the_checklist_counts_a_provider_in_the_mode_in_view_only(client, sign_up):
    _, token = await signed_up(sign_up)
    await post(client, "/provider-a/save", token, **A_LIVE)
    payment_item = 'data-done="true"'
    live = await html_of(await client.get("/dashboard"))
    assert "1 of 3 done" in live and live.count(payment_item) == 1
    assert "Connect a provider" not in live

    switched = await client.post(
        "/dashboard/mode", form={"csrf_token": token, "mode": "test", "next": "/dashboard"}
    )
    assert switched.status_code == 303
    test = await html_of(await client.get("/dashboard"))
    assert "0 of 3 done" in test and payment_item not in test  # live keys do not bill test data
    assert 'href="/dashboard/payment-providers" class="checklist-link">Connect a provider' in test


async def test_provider_a_unreachable_says_so_and_stores_nothing(client, sign_up, app):
    merchant_id, token = await signed_up(sign_up)
    previous = setup.current()
    setup.configure(dataclasses.replace(previous, provider_a_api_base="http://127.0.0.1:9"))
    try:
        check = await post(client, "/provider-a/check", token, **A_LIVE)
        save = await post(client, "/provider-a/save", token, **A_LIVE)
    finally:
        setup.configure(previous)
    for response in (check, save):
        assert response.status_code == 422
        assert "Provider A could not be reached; try again in a moment" in await html_of(response)
    assert not await ProviderConfig.filter(merchant_id=merchant_id).exists()


@pytest.mark.usefixtures("provider_a_api")
async def test_without_htmx_a_save_redirects_and_a_check_renders_the_page(client, sign_up):
    _, token = await signed_up(sign_up)
    form = {"csrf_token": token, **{f"a-{name}": value for name, value in A_LIVE.items()}}
    check = await client.post(f"{PAGE}/provider-a/check", form=form)
    assert check.status_code == 200
    assert "<h1>Payment providers</h1>" in await html_of(check)
    save = await client.post(f"{PAGE}/provider-a/save", form=form)
    assert save.status_code == 303 and save.headers["Location"].endswith(PAGE)
    page = await html_of(await client.get(PAGE))
    assert "Card payment keys saved." in page and "9f3a" in page


@pytest.mark.usefixtures("provider_a_api")
async def test_another_merchant_never_sees_the_configuration(client, sign_up, provider_b):
    _, token = await signed_up(sign_up)
    await post(client, "/provider-a/save", token, **A_LIVE)
    await post(client, "/provider-b/save", token, secret_key=provider_b.add_key("live_mode"))
    mine = await html_of(await client.get(PAGE))
    assert mine.count("Connected") == 2
    client.cookie_jar.clear()  # log out: another business signs up
    await signed_up(sign_up)
    other = await html_of(await client.get(PAGE))
    assert "9f3a" not in other and "pk_live_51HxAcmePublic" not in other
    assert "Connected" not in other and other.count("Not connected") == 2


# Provider B ----------------------------------------------------------------------------------


async def test_provider_b_check_save_and_errors(client, sign_up, provider_b):
    merchant_id, token = await signed_up(sign_up)
    live_key = provider_b.add_key("live_mode")

    ok = await post(client, "/provider-b/check", token, secret_key=live_key)
    html = await html_of(ok)
    assert ok.status_code == 200
    assert (
        "The payment-link provider (B) accepted the key in live mode. "
        "Environment: <strong>Live mode</strong>" in html
    )

    wrong = await post(client, "/provider-b/check", token, secret_key=provider_b.add_key())
    html = await html_of(wrong)
    assert wrong.status_code == 422 and 'class="field-error"' in html
    assert "This is a test-mode key, and you are in live mode. Use a live-mode key" in html
    assert "switch Test mode on in the sidebar to save this one there" in html

    refused = await post(client, "/provider-b/check", token, secret_key="sk_unknown_123456")
    assert refused.status_code == 422
    assert "did not accept this secret key in test mode or live mode" in await html_of(refused)

    bad_secret = await post(
        client, "/provider-b/save", token, secret_key=live_key, webhook_secret="nope"
    )
    html = await html_of(bad_secret)
    assert bad_secret.status_code == 422
    assert "Signing secret must be the webhook&#39;s signing secret (whsec_...)" in html
    assert not await ProviderConfig.filter(merchant_id=merchant_id).exists()

    saved = await post(client, "/provider-b/save", token, secret_key=live_key)
    html = await html_of(saved)
    assert saved.status_code == 200 and "Payment link key saved." in html
    assert "••••••••" + live_key[-4:] in html and live_key not in html
    assert 'id="provider-b-environment">Live mode<' in html and "Webhook set up" in html
    overview = await html_of(await client.get("/dashboard"))
    assert "1 of 3 done" in overview


async def test_provider_b_unreachable_says_so(client, sign_up, provider_b):
    _, token = await signed_up(sign_up)
    key = provider_b.add_key("live_mode")
    provider_b.fail_next(4)  # both environments, each call and its one retry
    try:
        response = await post(client, "/provider-b/save", token, secret_key=key)
    finally:
        provider_b.failures = 0
    assert response.status_code == 422
    assert "Provider B could not be reached to check the key" in await html_of(response)


# Payments on invoices and customers ----------------------------------------------------------


async def test_invoice_and_customer_list_payment_attempts(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    first = await pending_payment(merchant_id, "provider_a")
    invoice = await Invoice.get(id=first.invoice_id)
    first.status, first.error_message = "failed", "Your card was declined."
    first.provider_payment_id = "pi_declined123"
    await first.save()
    await Payment.create(
        merchant_id=merchant_id,
        invoice_id=invoice.id,
        customer_id=invoice.customer_id,
        provider="provider_a",
        amount_cents=invoice.total_cents,
        currency=invoice.currency,
        attempt=2,
        status="succeeded",
        idempotency_key=f"{invoice.id}:2",
        provider_payment_id="pi_paid456",
    )
    when = datetime(2020, 1, 1, 14, 5, tzinfo=UTC)  # before the second attempt
    await Payment.filter(id=first.id).update(created_at=when)
    html = await html_of(await client.get(f"/dashboard/invoices/{invoice.id}"))
    assert html.count('id="payment-pay_') == 2
    assert ">Jan 1, 2020, 14:05 UTC</time>" in html  # an attempt: its date and time
    for text in ("Failed", "Succeeded", "Your card was declined.", "pi_declined123", "pi_paid456"):
        assert text in html
    assert html.index("pi_declined123") < html.index("pi_paid456")  # first attempt first
    assert "$49.00" in html and "No payment attempts yet" not in html

    customer = await html_of(await client.get(f"/dashboard/customers/{invoice.customer_id}"))
    assert 'id="customer-payments"' in customer and customer.count('id="payment-pay_') == 2
    assert customer.index("Succeeded") < customer.index("Your card was declined.")  # newest first
    assert invoice.number in customer

    other = await pending_payment(merchant_id, "provider_a")  # another customer's invoice
    html = await html_of(await client.get(f"/dashboard/invoices/{invoice.id}"))
    assert other.id not in html


async def test_no_payments_in_plain_words_and_other_merchants_hidden(client, sign_up):
    owner_id, _ = await signed_up(sign_up)
    theirs = await pending_payment(owner_id, "provider_b")
    client.cookie_jar.clear()
    merchant_id, _ = await signed_up(sign_up)
    mine = await pending_payment(merchant_id, "provider_b")
    await Payment.filter(id=mine.id).delete()
    invoice = await Invoice.get(id=mine.invoice_id)
    html = await html_of(await client.get(f"/dashboard/invoices/{invoice.id}"))
    assert "No payment attempts yet" in html
    customer = await html_of(await client.get(f"/dashboard/customers/{invoice.customer_id}"))
    assert "No payment attempts yet" in customer
    # the other merchant's invoice is not found, its payment never shown
    response = await client.get(f"/dashboard/invoices/{theirs.invoice_id}")
    assert response.status_code == 303
    assert theirs.id not in await html_of(await client.get(response.headers["Location"]))
