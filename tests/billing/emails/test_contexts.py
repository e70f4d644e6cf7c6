"""What each e-mail's context says, built from real events (a due pass's charge declined or
paid, an invoice issued, a trial about to end): amounts and dates in the customer's words, the
decline reason and the next retry, the card on file, the invoice's PDF, a working portal link;
and a row without an event (the dashboard's test) as its sample in the merchant's branding."""

from datetime import UTC, datetime, timedelta

import pytest

from billing.catalog.models import Price
from billing.due_work import run_due
from billing.emails import contexts, wording
from billing.emails.models import EmailSettings
from billing.payments import setup
from billing.portal import email_links
from billing.subscriptions.subscription_lifecycle import cancel_at_period_end
from billing.subscriptions.subscriptions import create_subscription
from tests.support.billing.emails import declined_renewal, email_for
from tests.support.billing.event_log import events
from tests.support.factories.card_payments import GOOD_CARD
from tests.support.factories.catalog import make_plan
from tests.support.factories.documents import text_of
from tests.support.factories.portal import card
from tests.support.factories.subscriptions import make_customer


@pytest.fixture
def gateway(memory_gateway):
    return memory_gateway


async def test_payment_failed_says_why_how_much_when_next_and_links_the_portal(
    make_merchant, gateway
):
    merchant, customer, payment = await declined_renewal(make_merchant, name="Grace Hopper")
    [event] = await events(merchant.id, "invoice.payment_failed")
    context, attachments = await contexts.build(await email_for(event, "payment_failed"))

    assert attachments == ()
    assert context["customer_name"] == "Grace Hopper"
    assert context["amount"] == "49.00 USD"
    assert context["reason"] == "The card was declined"
    assert context["next_try"] == wording.day(payment.retry_at) != ""
    assert context["invoice_number"] == event.data["number"]
    base = setup.current().public_url.rstrip("/")
    assert context["portal_url"].startswith(f"{base}/portal/e/")
    token = context["portal_url"].rsplit("/", 1)[1]
    assert email_links.read_token(token) == (merchant.id, customer.id)


async def test_the_last_failure_says_no_more_tries_will_be_made(make_merchant, gateway):
    merchant, _, payment = await declined_renewal(make_merchant)
    payment.retry_at = None  # the schedule's last retry failed
    await payment.save()
    [event] = await events(merchant.id, "invoice.payment_failed")
    context, _ = await contexts.build(await email_for(event, "payment_failed"))
    assert context["next_try"] == ""


async def test_invoice_issued_carries_its_pdf_and_its_lines(make_merchant, gateway):
    merchant, _, _ = await declined_renewal(make_merchant)
    [event] = await events(merchant.id, "invoice.created")
    context, [attachment] = await contexts.build(await email_for(event, "invoice_issued"))
    assert context["amount_due"] == "49.00 USD"
    assert context["number"] == event.data["number"]
    assert context["issue_date"] == "1 January 2030"
    assert [line["amount"] for line in context["lines"]] == ["49.00 USD"]
    assert attachment.content_type == "application/pdf"
    assert attachment.filename == f"Invoice {event.data['number']}.pdf"
    assert attachment.content.startswith(b"%PDF")


async def test_a_receipt_names_the_amount_the_day_and_the_card(make_merchant, gateway):
    merchant, _, _ = await declined_renewal(make_merchant, number=GOOD_CARD)
    [event] = await events(merchant.id, "payment.succeeded")
    context, [attachment] = await contexts.build(await email_for(event, "payment_receipt"))
    assert (context["amount"], context["paid_on"]) == ("49.00 USD", "1 January 2030")
    assert context["card"] == "card ending in 4242"
    assert context["invoice_number"].startswith("INV-")
    assert attachment.filename == f"Receipt {context['invoice_number']}-R1.pdf"
    assert attachment.content_type == "application/pdf"
    assert f"Receipt number: {context['invoice_number']}-R1" in text_of(attachment.content)


async def _trial(merchant_id: str, customer, *, cancelled: bool = False):
    plan = await make_plan(merchant_id, name="Team", monthly_cents=2900, trial_days=14)
    price = await Price.get(plan_id=plan.id)
    start = datetime(2030, 3, 1, tzinfo=UTC)
    subscription = await create_subscription(
        merchant_id,
        customer_id=customer.id,
        plan_id=plan.id,
        effective_price_id=price.id,
        start_timestamp=start,
    )
    if cancelled:
        await cancel_at_period_end(merchant_id, subscription.stable_subscription_id)
    await run_due(start + timedelta(days=11), merchant_id=merchant_id)
    [event] = await events(merchant_id, "subscription.trial_will_end")
    return event


async def test_trial_ending_names_the_price_after_and_the_card_on_file(merchant):
    customer = await make_customer(merchant.id)
    await card(merchant.id, customer, last4="1881")
    event = await _trial(merchant.id, customer)
    context, _ = await contexts.build(await email_for(event, "trial_ending"))
    assert context["plan"] == "Team"
    assert context["trial_end"] == "15 March 2030"
    assert context["price_after"] == "29.00 USD per month"
    assert context["first_charge"] == "15.90 USD"  # the rest of March, prorated
    assert context["card"] == "Visa ending in 1881"
    assert context["portal_url"] == ""  # nothing to add


async def test_trial_ending_without_a_card_says_so_and_links_the_portal(merchant):
    customer = await make_customer(merchant.id)
    event = await _trial(merchant.id, customer)
    context, _ = await contexts.build(await email_for(event, "trial_ending"))
    assert context["card"] == ""
    assert "/portal/e/" in context["portal_url"]


async def test_trial_ending_of_a_cancelled_trial_says_it_ends_uncharged(merchant):
    customer = await make_customer(merchant.id)
    await card(merchant.id, customer, last4="1881")
    event = await _trial(merchant.id, customer, cancelled=True)
    context, _ = await contexts.build(await email_for(event, "trial_ending"))
    assert context["ending"] is True  # the template then says it ends, uncharged
    assert context["trial_end"] == "15 March 2030"


async def test_a_test_email_is_the_sample_in_the_merchants_branding(merchant):
    await EmailSettings.create(
        merchant_id=merchant.id, reply_to="help@acme.example", brand_color="#0f766e"
    )
    row = await email_for(None, "payment_failed", merchant_id=merchant.id)
    context, attachments = await contexts.build(row)
    assert attachments == ()
    assert context["brand"] == {
        "name": "Acme Software",  # no sender name set: the display name
        "reply_to": "help@acme.example",
        "color": "#0f766e",
        "logo_url": "",
    }
    assert context["amount"] == "29.00 USD"  # the sample's


def test_every_sample_has_every_key_its_builder_makes():
    brand = {"name": "Acme", "reply_to": "", "color": "#2563eb", "logo_url": ""}
    for template in contexts.event_contexts.BUILDERS:
        sample = contexts.sample(template, brand)
        assert sample["brand"] == brand and sample["customer_name"]
        assert len(sample) > 2, template


async def test_a_row_whose_event_is_missing_is_never_given_sample_data(merchant):
    row = await email_for(None, "payment_failed", merchant_id=merchant.id)
    row.event_id = "evt_0000000000000000000000"  # another merchant's, or none at all
    with pytest.raises(LookupError):
        await contexts.build(row)
