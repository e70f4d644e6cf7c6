"""Reading the event log in tests: a merchant row's events of one type, and an invoice as the
API answers it, for comparing with an event's ``data`` (whose ``pdfUrl`` is null)."""

from billing.event_log.models import Event


async def events(merchant_id: str, type_: str) -> list[Event]:
    """The merchant row's events of ``type_``, oldest first."""
    return await Event.filter(merchant_id=merchant_id, type=type_).order_by("created_at", "id")


async def invoice_as_got(client, account, invoice_id: str) -> dict:
    """The invoice as ``GET /v1/invoices/{id}`` answers it, its signed PDF link aside."""
    got = await client.get(f"/v1/invoices/{invoice_id}", headers=account.headers)
    assert got.status_code == 200
    return {**(await got.get_json())["invoice"], "pdfUrl": None}
