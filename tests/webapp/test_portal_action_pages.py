"""The portal's own actions without a browser: bad input answers the form again with the
error in place (422) and changes nothing, and a hand-made post for a price or subscription
the customer may not have answers a page in words, never a 500; the merchant reads the
customer's reason for cancelling on the customer's page, escaped."""

from billing.customers.models import Customer
from billing.portal import cancellation
from billing.subscriptions.models import Subscription
from tests.support.factories.portal_actions import subscribed_customer
from tests.support.webapp.catalog_pages import signed_up
from tests.support.webapp.portal_pages import html_of, post, signed_in

PLAIN = {}  # a form posted without JavaScript


async def test_a_reason_too_long_is_shown_in_place_and_nothing_changes(client, merchant):
    made = await subscribed_customer(merchant.id)
    _, csrf = await signed_in(client, merchant.id, made.customer)
    sub = made.subscription.stable_subscription_id
    answer = await post(
        client, f"/portal/subscriptions/{sub}/cancel", csrf, {"reason": "x" * 501}, PLAIN
    )
    assert answer.status_code == 422
    page = await html_of(answer)
    assert "Please keep it under 500 characters" in page
    assert 'aria-invalid="true"' in page
    live = await Subscription.get(
        merchant_id=merchant.id, stable_subscription_id=sub, deleted_at=None
    )
    assert not live.cancel_at_period_end and live.cancel_reason is None


async def test_bad_billing_details_are_shown_in_place(client, merchant):
    made = await subscribed_customer(merchant.id)
    _, csrf = await signed_in(client, merchant.id, made.customer)
    form = {"billing_country": "XX", "billing_city": "Rome", "tax_id": "T" * 101}
    answer = await post(client, "/portal/billing-details", csrf, form, PLAIN)
    assert answer.status_code == 422
    page = await html_of(answer)
    assert "Choose your country from the list" in page
    assert "Field cannot be longer than 100 characters." in page
    customer = await Customer.get(id=made.customer.id)
    assert (customer.billing_country, customer.billing_city) == ("DE", None)


async def test_hand_made_switches_answer_in_words(client, merchant):
    made = await subscribed_customer(merchant.id)
    _, csrf = await signed_in(client, merchant.id, made.customer)
    sub = made.subscription.stable_subscription_id
    paths = (
        f"/portal/subscriptions/{sub}/plans/price_{'x' * 22}",
        f"/portal/subscriptions/{sub}/plans/{'%00' * 3}",
        f"/portal/subscriptions/not-an-id/plans/{made.pro_price.id}",
    )
    for path in paths:
        answer = await post(client, path, csrf, {}, PLAIN)
        assert answer.status_code == 404, path
        assert "data-refused" in await html_of(answer)
    keep = await post(client, f"/portal/subscriptions/{sub}/keep", csrf, {}, PLAIN)
    assert keep.status_code == 409  # not set to end: said in words
    assert "not set to end" in await html_of(keep)


async def test_the_merchant_reads_the_customers_reason(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    made = await subscribed_customer(merchant_id)
    sub = made.subscription.stable_subscription_id
    await cancellation.cancel_at_period_end(
        merchant_id, made.customer.id, sub, reason="Moving to <b>another</b> tool"
    )
    page = await html_of(await client.get(f"/dashboard/customers/{made.customer.id}"))
    assert "The customer's reason: “Moving to &lt;b&gt;another&lt;/b&gt; tool”" in page
