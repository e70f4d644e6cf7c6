"""The dashboard's invoice list and page with a checkout's invoice that has no number yet
(billing/invoicing/invoice_writer.py: numbered when paid): shown as "(draft)", never a 500."""

from datetime import UTC, datetime

from billing.accounts.models import Membership
from billing.invoicing.billing_run import bill_now
from billing.invoicing.models import Invoice
from billing.subscriptions import checkout_states
from billing.subscriptions.models import Subscription
from tests.support.factories.invoices import FLAT_49, priced_subscription

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)


async def test_a_checkout_draft_is_listed_and_shown_without_a_number(client, sign_up):
    email, _ = await sign_up()
    merchant_id = (await Membership.filter(user__email=email).first()).merchant_id
    sub = await priced_subscription(merchant_id, FLAT_49, start=JAN_1)
    # as a checkout leaves it: incomplete, its first invoice billed at once
    await Subscription.filter(id=sub.id).update(status=checkout_states.INCOMPLETE)
    await bill_now(merchant_id, sub.stable_subscription_id, JAN_1)
    [draft] = await Invoice.filter(merchant_id=merchant_id)
    assert (draft.number, draft.status) == (None, "unpaid")

    listed = await client.get("/dashboard/invoices")
    html = await listed.get_data(as_text=True)
    assert listed.status_code == 200
    assert f'id="invoice-{draft.id}" data-number=""' in html and "(draft)" in html
    detail = await client.get(f"/dashboard/invoices/{draft.id}")
    body = await detail.get_data(as_text=True)
    assert detail.status_code == 200
    assert "Invoice (draft)" in body and "None" not in body
