"""A refund's journey through the served ``tally`` process, localstripe and ``tally run-due
--now`` as the clock: a customer subscribes to a 12.00 monthly plan with a card that pays,
the first invoice and the renewal are charged by due passes, the merchant refunds 5.00 of the
renewal through the API, and the renewal invoice and its payment then say what was refunded
(``amountRefundedCents`` 500, the refund listed), while the refund's adjustment invoice is a
credit note linked both ways. A later due pass changes none of it.

Dates: the invoices' issue and paid dates are the due passes' clock; the refund and its credit
note are made by the API call, so they carry the moment of that call.
"""

import asyncio
from datetime import UTC, datetime, timedelta

import stripe

from tests.support.factories.card_payments import GOOD_CARD, SECRET
from tests.support.processes.served_payments import (
    rows,
    subscribed_with_card,
)

PAYMENTS = "SELECT id, status, provider_payment_id FROM payments WHERE invoice_id = $1"


def at(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


async def invoice(shop, invoice_id: str) -> dict:
    return (await shop.call("GET", f"/v1/invoices/{invoice_id}"))["invoice"]


def refunds_at_gateway(gateway: str, intent_id: str) -> list[tuple[int, str]]:
    client = stripe.StripeClient(SECRET, base_addresses={"api": gateway})
    found = client.v1.refunds.list(params={"payment_intent": intent_id})
    return [(refund.amount, refund.status) for refund in found.data]


async def test_a_partial_refund_of_the_renewal_shows_on_it(stack, shop):
    subscription, first = await subscribed_with_card(stack, shop, GOOD_CARD, monthly_cents=1200)
    sid = subscription["id"]
    start = datetime.now(UTC) + timedelta(minutes=1)
    await stack.run_due(start)
    assert (await invoice(shop, first["id"]))["status"] == "paid"

    # The renewal: billed on the period's end and charged, both by the pass at that clock.
    renews = at((await shop.call("GET", f"/v1/subscriptions/{sid}"))["currentPeriodEnd"])
    renewal_pass = renews + timedelta(minutes=5)
    await stack.run_due(renewal_pass)
    listed = await shop.call("GET", f"/v1/invoices?customerId={first['customerId']}")
    [renewal] = [row for row in listed["invoices"] if row["id"] != first["id"]]
    assert (renewal["billingReason"], renewal["totalAmountCents"]) == ("subscription_cycle", 1200)
    assert renewal["issueDate"] == iso(renews)
    assert (renewal["status"], renewal["paidDate"]) == ("paid", iso(renewal_pass))
    assert (renewal["payment"]["status"], renewal["amountRefundedCents"]) == ("succeeded", 0)
    [charged] = await rows(stack.database_url, PAYMENTS, renewal["id"])
    assert charged["id"] == renewal["payment"]["id"]

    # The merchant gives 5.00 of the renewal back.
    asked = datetime.now(UTC)
    body = {"paymentId": charged["id"], "amountCents": 500, "reason": "Two days without service"}
    answer = await shop.call("POST", f"/v1/subscriptions/{sid}/refunds", body)
    answered = datetime.now(UTC)
    assert answer["success"] is True and answer["terminated"] is False
    assert (answer["refund"]["status"], answer["refund"]["amountCents"]) == ("succeeded", 500)
    note_id = answer["adjustmentInvoiceId"]
    at_gateway = await asyncio.to_thread(
        refunds_at_gateway, stack.gateway, charged["provider_payment_id"]
    )
    assert at_gateway == [(500, "succeeded")]

    original = await invoice(shop, renewal["id"])
    assert (original["status"], original["totalAmountCents"]) == ("paid", 1200)  # as issued
    assert (original["amountRefundedCents"], original["refundStatus"]) == (
        500,
        "partially_refunded",
    )
    [refund] = original["refunds"]
    assert {key: refund[key] for key in ("id", "status", "amountCents", "reason")} == {
        "id": answer["refund"]["id"],
        "status": "succeeded",
        "amountCents": 500,
        "reason": "Two days without service",
    }
    assert refund["adjustmentInvoiceId"] == note_id
    assert asked - timedelta(seconds=1) <= at(refund["createdAt"]) <= answered
    assert (original["creditNoteFor"], original["creditNoteIds"]) == (None, [note_id])
    payment = original["payment"]
    assert (payment["id"], payment["amountRefundedCents"]) == (charged["id"], 500)
    assert payment["refunds"] == [refund]

    note = await invoice(shop, note_id)
    assert (note["billingReason"], note["status"], note["totalAmountCents"]) == (
        "refund",
        "paid",
        -500,
    )
    assert (note["creditNoteFor"], note["creditNoteIds"]) == (renewal["id"], [])
    assert note["subscriptionId"] == sid
    assert asked - timedelta(seconds=1) <= at(note["issueDate"]) <= answered
    assert (await invoice(shop, first["id"]))["amountRefundedCents"] == 0  # the other payment

    # A later due pass (the next day) leaves the refund as it is.
    await stack.run_due(renewal_pass + timedelta(days=1))
    again = await invoice(shop, renewal["id"])
    assert (again["amountRefundedCents"], again["refunds"]) == (500, [refund])
    assert again["creditNoteIds"] == [note_id]
