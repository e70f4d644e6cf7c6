"""Refunds as the dashboard shows them on invoices and payments: "Refunded 5.00 USD of 12.00
USD", a "Partially refunded" or "Refunded" badge, each refund with its status, and a credit
note labelled as the credit note for its original invoice rather than as a paid invoice.

Reads only: what counts is ``refund_reads`` (``refund_math`` rule 4: succeeded refunds count,
pending ones are shown as on their way, failed ones as failed and not counted). Pages put
``invoice_refunds`` (invoice id → ``Refunds``) and ``payment_refunds`` (payment id →
``Refunds``) in their context; the templates' macros look an invoice or payment up there.
Amounts in the refund wording are written as people type them, with the currency's code.
"""

from billing.core.currencies import major_units
from billing.payments.refunds import refund_reads

STATE_WORDS = {"partially_refunded": "Partially refunded", "refunded": "Refunded"}
REFUND_STATUS_WORDS = {"succeeded": "Refunded", "pending": "On its way", "failed": "Failed"}


def amount_with_code(cents: int | None, currency: str = "") -> str:
    """500, "usd" → ``"5.00 USD"``: the amount as typed, then the currency's code."""
    code = (currency or "").upper()
    return f"{major_units(cents or 0, code)} {code}".strip()


def register(bp) -> None:
    """The words and the ``money_code`` filter, for every page showing invoices or payments."""
    bp.add_app_template_filter(amount_with_code, "money_code")
    bp.add_app_template_global(STATE_WORDS, "refund_state_words")
    bp.add_app_template_global(REFUND_STATUS_WORDS, "refund_status_words")


async def for_invoices(merchant_id: str, invoices) -> dict:
    """``invoice_refunds`` for a list of invoices (one page: two queries)."""
    ids = [invoice.id for invoice in invoices]
    return {"invoice_refunds": await refund_reads.invoice_refunds(merchant_id, ids)}


async def for_payments(merchant_id: str, payments) -> dict:
    """``payment_refunds`` for a list of payment attempts."""
    ids = [payment.id for payment in payments]
    return {"payment_refunds": await refund_reads.payment_refunds(merchant_id, ids)}
