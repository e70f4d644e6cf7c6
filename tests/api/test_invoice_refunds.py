"""Refunds on the original invoice through /v1 (provider A answered by the in-memory gateway:
the subject is what the invoice says, not the provider):
the invoice and its payment say what was refunded (``amountRefundedCents``, ``refundStatus``,
``refunds``), the refund's adjustment invoice is a credit note linked both ways
(``creditNoteFor`` / ``creditNoteIds``), on one invoice, in the lists and in the portal
overview; pending and failed refunds are listed but do not count; another merchant sees
nothing of it."""

import pytest

from billing.customers.models import Customer
from billing.payments.models import Refund
from tests.support.factories.refunds import paid_subscription, pending_refund

pytestmark = pytest.mark.usefixtures("memory_gateway")
PAID = "pi_memory_paid"  # the paid intent's id: the memory gateway refunds any


async def refund(client, account, subscription_id: str, body: dict):
    response = await client.post(
        f"/v1/subscriptions/{subscription_id}/refunds", json=body, headers=account.headers
    )
    return response.status_code, await response.get_json()


async def invoice_of(client, account, invoice_id: str) -> dict:
    response = await client.get(f"/v1/invoices/{invoice_id}", headers=account.headers)
    assert response.status_code == 200, await response.get_data(as_text=True)
    return (await response.get_json())["invoice"]


def entry(stored: Refund) -> dict:
    """A refund as the invoice and payment objects list it."""
    return {
        "id": stored.id,
        "status": stored.status,
        "amountCents": stored.amount_cents,
        "reason": stored.reason,
        "createdAt": stored.created_at.isoformat().replace("+00:00", "Z"),
        "adjustmentInvoiceId": stored.adjustment_invoice_id,
    }


async def test_a_partial_refund_shows_on_the_original_and_its_payment(client, merchant):
    paid = await paid_subscription(merchant.id, intent_id=PAID)
    sid = paid.subscription.stable_subscription_id
    status, answer = await refund(client, merchant, sid, {"amountCents": 1000, "reason": "Late"})
    assert status == 200, answer
    stored = await Refund.get(id=answer["refund"]["id"])
    note_id = answer["adjustmentInvoiceId"]

    original = await invoice_of(client, merchant, paid.invoice.id)
    assert (original["status"], original["totalAmountCents"]) == ("paid", 4900)  # as issued
    assert original["amountRefundedCents"] == 1000
    assert original["refundStatus"] == "partially_refunded"
    assert original["refunds"] == [entry(stored)]
    assert original["refunds"][0]["reason"] == "Late"
    assert (original["creditNoteFor"], original["creditNoteIds"]) == (None, [note_id])
    payment = original["payment"]
    assert (payment["id"], payment["status"]) == (paid.payment.id, "succeeded")
    assert payment["amountRefundedCents"] == 1000
    assert (payment["refundStatus"], payment["refunds"]) == ("partially_refunded", [entry(stored)])

    note = await invoice_of(client, merchant, note_id)
    assert (note["billingReason"], note["totalAmountCents"]) == ("refund", -1000)
    assert (note["creditNoteFor"], note["creditNoteIds"]) == (paid.invoice.id, [])
    assert (note["amountRefundedCents"], note["refunds"], note["payment"]) == (0, [], None)

    listed = await client.get("/v1/invoices", headers=merchant.headers)
    rows = {row["id"]: row for row in (await listed.get_json())["invoices"]}
    # the same invoice but for its signed link, which carries the second it was made
    assert {**rows[paid.invoice.id], "pdfUrl": None} == {**original, "pdfUrl": None}
    assert rows[note_id]["creditNoteFor"] == paid.invoice.id
    path = f"/v1/invoices/customer/{paid.invoice.customer_id}"
    by_customer = await (await client.get(path, headers=merchant.headers)).get_json()
    assert {row["id"]: row["amountRefundedCents"] for row in by_customer["invoices"]} == {
        paid.invoice.id: 1000,
        note_id: 0,
    }


async def test_the_rest_refunded_makes_it_refunded_with_two_credit_notes(client, merchant):
    paid = await paid_subscription(merchant.id, intent_id=PAID)
    sid = paid.subscription.stable_subscription_id
    _, first = await refund(client, merchant, sid, {"amountCents": 900})
    _, second = await refund(client, merchant, sid, {})  # what is left: 4000
    assert second["refund"]["amountCents"] == 4000

    original = await invoice_of(client, merchant, paid.invoice.id)
    assert (original["amountRefundedCents"], original["refundStatus"]) == (4900, "refunded")
    assert [r["amountCents"] for r in original["refunds"]] == [900, 4000]  # oldest first
    notes = [first["adjustmentInvoiceId"], second["adjustmentInvoiceId"]]
    assert original["creditNoteIds"] == notes
    assert original["payment"]["refundStatus"] == "refunded"


async def test_a_pending_refund_is_listed_but_not_counted(client, merchant):
    paid, stored = await pending_refund(merchant.id, 700)
    original = await invoice_of(client, merchant, paid.invoice.id)
    assert original["refunds"] == [entry(stored)]
    assert original["refunds"][0]["status"] == "pending"
    assert (original["amountRefundedCents"], original["refundStatus"]) == (0, "none")
    assert original["creditNoteIds"] == [stored.adjustment_invoice_id]
    assert original["payment"]["amountRefundedCents"] == 0


async def test_a_failed_refund_is_listed_not_counted_and_its_credit_note_void(
    client, merchant, memory_gateway
):
    memory_gateway.decline()  # the provider refuses the refund
    paid = await paid_subscription(merchant.id, intent_id=PAID)
    sid = paid.subscription.stable_subscription_id
    status, answer = await refund(client, merchant, sid, {"amountCents": 1000})
    assert status == 502, answer
    original = await invoice_of(client, merchant, paid.invoice.id)
    assert [(r["status"], r["amountCents"]) for r in original["refunds"]] == [("failed", 1000)]
    assert (original["amountRefundedCents"], original["refundStatus"]) == (0, "none")
    note = await invoice_of(client, merchant, answer["adjustmentInvoiceId"])
    assert (note["status"], note["creditNoteFor"]) == ("void", paid.invoice.id)
    assert original["creditNoteIds"] == [note["id"]]  # voided, still linked


async def test_the_portal_overview_shows_the_refund(client, merchant):
    paid = await paid_subscription(merchant.id, intent_id=PAID)
    sid = paid.subscription.stable_subscription_id
    await Customer.filter(id=paid.invoice.customer_id).update(external_customer_id="ext-ref-1")
    _, answer = await refund(client, merchant, sid, {"amountCents": 500, "reason": "Sorry"})
    stored = await Refund.get(id=answer["refund"]["id"])

    response = await client.get(
        "/v1/customers/portal/overview",
        query_string={"externalCustomerId": "ext-ref-1"},
        headers=merchant.headers,
    )
    assert response.status_code == 200
    portal = (await response.get_json())["portal"]
    invoices = {row["id"]: row for row in portal["invoices"]}
    original, note = invoices[paid.invoice.id], invoices[answer["adjustmentInvoiceId"]]
    assert (original["amountRefundedCents"], original["refundStatus"]) == (
        500,
        "partially_refunded",
    )
    assert original["refunds"] == [entry(stored)]
    assert original["creditNoteIds"] == [note["id"]]
    assert (note["creditNoteFor"], note["totalAmountCents"]) == (paid.invoice.id, -500)
    [payment] = portal["payments"]
    assert (payment["id"], payment["amountRefundedCents"]) == (paid.payment.id, 500)
    assert payment["refunds"] == [entry(stored)]


async def test_another_merchant_sees_nothing_of_it(client, merchant, make_merchant):
    paid = await paid_subscription(merchant.id, intent_id=PAID)
    sid = paid.subscription.stable_subscription_id
    _, answer = await refund(client, merchant, sid, {"amountCents": 500})
    other = await make_merchant()
    for invoice_id in (paid.invoice.id, answer["adjustmentInvoiceId"]):
        theirs = await client.get(f"/v1/invoices/{invoice_id}", headers=other.headers)
        assert theirs.status_code == 404
        assert await theirs.get_json() == {"error": "Invoice not found or access denied"}
    listed = await (await client.get("/v1/invoices", headers=other.headers)).get_json()
    assert listed["invoices"] == []
