"""/v1/invoices: the merchant's invoices, one invoice, a customer's invoices.

Invoices are issued by the billing run (billing/invoicing/); these routes only read them.
Shapes: the spec's Invoice, plus ``subscriptionId``, ``billingReason``
(``subscription_cycle``, ``subscription_final``, ``proration``, ``seats``, ``refund`` for a
credit note), ``subtotalCents`` and ``taxCents`` beside ``totalAmountCents``, ``taxNotes`` (a
reverse charge, say) and, per line, ``type`` (``fixed``, ``usage``, ``proration``, ``tax``,
``refund``), quantity, unit amount (``unitAmountDecimal`` too: a sub-cent usage price, exact, as
a decimal string of cents), period, component and price. ``payment`` is
``{id, status, paymentLink}`` of the invoice's latest payment attempt (null before the first;
``paymentLink`` the provider B payment link to send the customer, null when there is none);
``paymentStatus`` is ``none`` until the payments step (or ``retry-payment``) starts an
attempt, then ``pending``, ``succeeded`` or ``failed``.

Refunds (api/refund_json.py says what counts): every invoice carries ``amountRefundedCents``,
``refundStatus`` and ``refunds`` over its succeeded payments, and ``payment`` the same for
that attempt; a refund's credit note (``billingReason`` ``refund``) carries ``creditNoteFor``
(the original invoice's id) and the original lists ``creditNoteIds``.

Design decisions where the spec is silent: lists are newest first; an unknown ``status`` or an
out-of-range ``limit`` (1–100) or ``offset`` is a 400; the customer list of an unknown (or
another merchant's) customer is a 404, while ``?customerId=`` on the list only filters.
"""

from dataclasses import dataclass, field
from decimal import Decimal

from quart import Blueprint
from quart_schema import document_response, validate_querystring

from api.common import ErrorBody, iso
from api.invoice_models import (
    InvoiceEnvelope,
    InvoiceListEnvelope,
    InvoicePageQuery,
    InvoicePdfEnvelope,
    InvoiceQuery,
    RetryPaymentOut,
    UpcomingEnvelope,
    UpcomingQuery,
)
from api.refund_json import credit_note_json, refunded_json
from billing.invoicing import invoices, upcoming
from billing.invoicing.cycles import Charge
from billing.invoicing.models import Invoice, InvoiceLine
from billing.payments.collection.retry_payment import retry_payment
from billing.payments.reads import payment_reads
from billing.payments.refunds import refund_reads
from webapp import invoice_links
from webapp.auth import merchant_id

bp = Blueprint("invoices", __name__, url_prefix="/invoices")


def decimal_text(cents: Decimal | None) -> str | None:
    """A sub-cent unit price as the decimal string it was priced in (``"0.04"``)."""
    if cents is None:
        return None
    text = f"{cents:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def line_json(line: InvoiceLine) -> dict:
    return {
        "id": line.id,
        "type": line.type,
        "description": line.description,
        "quantity": None if line.quantity is None else float(line.quantity),
        "unitAmountCents": line.unit_amount_cents,
        "unitAmountDecimal": decimal_text(line.unit_amount_decimal),
        "subtotalCents": line.subtotal_cents,
        "billingPeriodStart": iso(line.billing_period_start),
        "billingPeriodEnd": iso(line.billing_period_end),
        "componentId": line.component_id,
        "priceId": line.price_id,
    }


@dataclass
class Related:
    """What an invoice's JSON reads beside the invoice, for a whole page at once
    (``_related``): latest attempts' status and link, their refunds, the invoices' refunds."""

    payments: dict[str, dict] = field(default_factory=dict)
    payment_refunds: dict[str, refund_reads.Refunds] = field(default_factory=dict)
    invoice_refunds: dict[str, refund_reads.Refunds] = field(default_factory=dict)


def payment_json(invoice: Invoice, related: Related) -> dict | None:
    """``{id, status, paymentLink}`` of the invoice's latest attempt, from
    ``payment_reads.invoice_payments``; ``paymentLink`` (an extension) is the hosted page a
    provider B attempt without a mandate made, for the merchant to send the customer; and
    what was refunded of it (api/refund_json.py)."""
    found = related.payments.get(invoice.payment_id or "")
    if found is None:
        return None
    return {
        "id": invoice.payment_id,
        "status": found["status"],
        "paymentLink": found["payment_link"],
        **refunded_json(related.payment_refunds.get(invoice.payment_id or "")),
    }


def invoice_json(invoice: Invoice, related: Related | None = None, *, link: bool = True) -> dict:
    """The spec's Invoice, its ``payment`` and refunds from ``related`` (``related_for``).
    Without ``link`` (an event's copy, read long after 15 minutes) ``pdfUrl`` is null."""
    related = related or Related()
    return {
        "id": invoice.id,
        "customerId": invoice.customer_id,
        "subscriptionId": invoice.stable_subscription_id,
        "number": invoice.number or "",  # "": a checkout's draft, numbered when paid
        "customerInvoiceNumber": invoice.customer_invoice_number or "",
        "status": invoice.status,
        "billingReason": invoice.billing_reason,
        "currency": invoice.currency,
        "issueDate": iso(invoice.issue_date),
        "paidDate": iso(invoice.paid_date),
        "subtotalCents": invoice.subtotal_cents,
        "taxCents": invoice.tax_cents,
        "totalAmountCents": invoice.total_cents,
        "taxNotes": list(invoice.tax_notes),
        "hasPdf": True,
        "pdfUrl": invoice_links.pdf_url(invoice.merchant_id, invoice.id) if link else None,
        "paymentStatus": invoice.payment_status,
        "customer": {"id": invoice.customer.id, "name": invoice.customer.name},
        "lineItems": [line_json(line) for line in invoice.line_items],
        "payment": payment_json(invoice, related),
        **refunded_json(related.invoice_refunds.get(invoice.id)),
        **credit_note_json(invoice),
    }


async def related_for(merchant: str, rows: list[Invoice]) -> Related:
    ids = [invoice.payment_id for invoice in rows if invoice.payment_id]
    return Related(
        payments=await payment_reads.invoice_payments(merchant, ids),
        payment_refunds=await refund_reads.payment_refunds(merchant, ids),
        invoice_refunds=await refund_reads.invoice_refunds(
            merchant, [invoice.id for invoice in rows]
        ),
    )


async def _related(rows: list[Invoice]) -> Related:
    return await related_for(merchant_id(), rows)


async def page_json(page: invoices.Page) -> dict:
    related = await _related(page.invoices)
    return {
        "invoices": [invoice_json(invoice, related) for invoice in page.invoices],
        "pagination": {"total": page.total, "limit": page.limit, "offset": page.offset},
    }


@bp.get("")
@validate_querystring(InvoiceQuery)
@document_response(InvoiceListEnvelope)
@document_response(ErrorBody, 400)
async def list_invoices(query_args: InvoiceQuery):
    """The merchant's invoices, newest first, ``limit`` (default 20, at most 100) from
    ``offset``, filtered by ``customerId`` and ``status`` (draft, unpaid, paid, void)."""
    page = await invoices.list_invoices(
        merchant_id(),
        customer_id=query_args.customerId,
        status=query_args.status,
        limit=query_args.limit,
        offset=query_args.offset,
    )
    return await page_json(page)


def charge_json(charge: Charge) -> dict:
    return {
        "type": charge.type,
        "description": charge.description,
        "quantity": None if charge.quantity is None else float(charge.quantity),
        "unitAmountCents": charge.unit_amount_cents,
        "unitAmountDecimal": decimal_text(charge.unit_amount_decimal),
        "subtotalCents": charge.subtotal_cents,
        "billingPeriodStart": iso(charge.period_start),
        "billingPeriodEnd": iso(charge.period_end),
        "componentId": charge.component_id,
        "priceId": charge.price_id,
    }


def tax_row_json(description: str, cents: int) -> dict:
    nothing = dict.fromkeys(
        (
            "quantity",
            "unitAmountCents",
            "unitAmountDecimal",
            "billingPeriodStart",
            "billingPeriodEnd",
        ),
        None,
    )
    return {
        "type": "tax",
        "description": description,
        "subtotalCents": cents,
        **nothing,
        "componentId": None,
        "priceId": None,
    }


@bp.get("/upcoming")
@validate_querystring(UpcomingQuery)
@document_response(UpcomingEnvelope)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 404)
async def upcoming_invoice(query_args: UpcomingQuery):
    """What the subscription's next billing date will invoice, stored nowhere: fixed fees as
    they will be, usage so far (it can still grow), tax as of that date. One set to cancel at
    its period end previews its final usage only (no next-period fees). 404 for an ended or
    unknown subscription, or one with nothing more to bill."""
    preview = await upcoming.upcoming_invoice(merchant_id(), query_args.subscriptionId)
    sub, customer = preview.subscription, preview.customer
    return {
        "invoice": {
            "subscriptionId": sub.stable_subscription_id,
            "customerId": customer.id,
            "customer": {"id": customer.id, "name": customer.name},
            "status": "upcoming",
            "currency": preview.currency,
            "issueDate": iso(preview.issue_date),
            "subtotalCents": preview.subtotal_cents,
            "taxCents": preview.tax_cents,
            "totalAmountCents": preview.total_cents,
            "taxNotes": preview.notes,
            "lineItems": [charge_json(c) for c in preview.charges]
            + [tax_row_json(description, cents) for description, cents in preview.taxes],
        }
    }


@bp.get("/customer/<customer_id>")
@validate_querystring(InvoicePageQuery)
@document_response(InvoiceListEnvelope)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 404)
async def customer_invoices(customer_id: str, query_args: InvoicePageQuery):
    """One customer's invoices, paged like the list."""
    page = await invoices.customer_invoices(
        merchant_id(), customer_id, limit=query_args.limit, offset=query_args.offset
    )
    return await page_json(page)


@bp.get("/<invoice_id>")
@document_response(InvoiceEnvelope)
@document_response(ErrorBody, 404)
async def get_invoice(invoice_id: str):
    """One invoice with its line items."""
    invoice = await invoices.get_invoice(merchant_id(), invoice_id)
    return {"invoice": invoice_json(invoice, await _related([invoice]))}


@bp.get("/<invoice_id>/pdf")
@document_response(InvoicePdfEnvelope)
@document_response(ErrorBody, 404)
async def invoice_pdf_link(invoice_id: str):
    """A link to the invoice's PDF that works without an API key for ``expiresIn`` seconds
    (900); after that, or altered, it answers 403 and a new link must be asked for."""
    invoice = await invoices.get_invoice(merchant_id(), invoice_id)
    return {
        "invoice": {
            "id": invoice.id,
            "customerInvoiceNumber": invoice.customer_invoice_number or "",
        },
        "pdfUrl": invoice_links.pdf_url(invoice.merchant_id, invoice.id),
        "expiresIn": invoice_links.LIFETIME_SECONDS,
    }


@bp.post("/<invoice_id>/retry-payment")
@document_response(RetryPaymentOut)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 404)
async def retry_invoice_payment(invoice_id: str):
    """Charge the invoice now with the customer's payment method: a new attempt, answered with
    its outcome (``success`` false and the provider's message for a decline). 400 for an
    invoice that is paid, void, a draft, zero, already being charged, or without a method."""
    return await retry_payment(merchant_id(), invoice_id)
