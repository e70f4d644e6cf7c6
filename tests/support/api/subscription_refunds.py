"""Helpers for tests of api/subscription_refunds, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

from billing.invoicing.models import InvoiceLine


async def refund(client, account, subscription_id: str, body: dict | None = None):
    response = await client.post(
        f"/v1/subscriptions/{subscription_id}/refunds", json=body or {}, headers=account.headers
    )
    return response.status_code, await response.get_json()


async def lines_of(invoice_id: str) -> list[tuple]:
    lines = await InvoiceLine.filter(invoice_id=invoice_id).order_by("position")
    return [(line.type, line.description, line.subtotal_cents) for line in lines]
