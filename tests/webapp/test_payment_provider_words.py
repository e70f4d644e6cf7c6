"""The payment providers page in words: providers named by what they are, and the warning
that payment results will not reach Tally shown only while that can be true (Tally could not
register its webhook and no event from the provider has arrived)."""

from billing.payments.models import Payment, ProviderEvent
from billing.payments.provider_names import NAMES, provider_name
from tests.support.factories.webhooks import configure, pending_payment
from tests.support.webapp.catalog_pages import html_of, signed_up

PAGE = "/dashboard/payment-providers"
WARNING_A = "payment results will not reach Tally until you add it"
WARNING_B = "payment results will not reach Tally. Add a webhook"


def test_names_say_what_each_provider_is_and_keep_unknown_values():
    assert provider_name("provider_a") == "Card payments (provider A, Stripe-compatible)"
    assert provider_name("provider_b") == "Payment links (provider B)"
    assert provider_name("provider_a", short=True) == "Card payments (A)"
    assert provider_name("provider_z") == "provider_z" and provider_name(None) == "—"


async def test_page_names_providers_by_what_they_are(client, sign_up):
    await signed_up(sign_up)
    html = await html_of(await client.get(PAGE))
    assert NAMES["provider_a"] in html and NAMES["provider_b"] in html
    assert ">Provider A<" not in html and ">Provider B<" not in html


async def test_registered_webhook_shows_no_warning(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    await configure(merchant_id, "provider_a", "whsec_registered")
    await configure(merchant_id, "provider_b", "whsec_registered")
    html = await html_of(await client.get(PAGE))
    assert "Webhook registered" in html and "Webhook set up" in html
    assert WARNING_A not in html and WARNING_B not in html


async def test_unregistered_webhook_without_events_warns(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    await configure(merchant_id, "provider_a", None)
    await configure(merchant_id, "provider_b", None)
    html = await html_of(await client.get(PAGE))
    assert WARNING_A in html and WARNING_B in html
    assert "Add it by hand" in html and "No webhook" in html


async def test_unregistered_webhook_with_an_event_arrived_does_not_warn(
    client, sign_up, make_merchant
):
    merchant_id, _ = await signed_up(sign_up)
    other_id = (await make_merchant()).id
    for row in (merchant_id, other_id):
        await configure(row, "provider_a", None)
        await configure(row, "provider_b", None)
    await ProviderEvent.create(
        merchant_id=merchant_id, provider="provider_a", event_id="evt_1", type="charge.succeeded"
    )
    html = await html_of(await client.get(PAGE))
    assert WARNING_A not in html and "Events arriving" in html
    assert WARNING_B in html  # provider B has still sent nothing

    await ProviderEvent.create(
        merchant_id=merchant_id, provider="provider_b", event_id="evt_2", type="payment.succeeded"
    )
    html = await html_of(await client.get(PAGE))
    assert WARNING_A not in html and WARNING_B not in html


async def test_another_merchants_events_do_not_hide_the_warning(client, sign_up, make_merchant):
    other_id = (await make_merchant()).id
    await ProviderEvent.create(
        merchant_id=other_id, provider="provider_a", event_id="evt_x", type="charge.succeeded"
    )
    merchant_id, _ = await signed_up(sign_up)
    await configure(merchant_id, "provider_a", None)
    html = await html_of(await client.get(PAGE))
    assert WARNING_A in html


async def test_payments_on_an_invoice_name_the_provider_shortly(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    payment: Payment = await pending_payment(merchant_id, "provider_a", "pi_words")
    html = await html_of(await client.get(f"/dashboard/invoices/{payment.invoice_id}"))
    assert "Card payments (A)" in html and "Provider A<" not in html
