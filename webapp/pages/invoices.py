"""Invoices in the dashboard: a list with a tab per status (with counts), a customer filter
and keyset pages, and one invoice with its lines, periods, tax, totals, PDF link and its
payment attempts, with "Retry payment" on an unpaid one.

Invoices are issued by the billing run (billing/invoicing/) and never edited here; retrying
a payment is one call to ``retry_payment`` (the function ``POST
/v1/invoices/{id}/retry-payment`` uses), answered in place: HTMX swaps the payments section
(and the heading, out of band, when the invoice is now paid); without JavaScript a flash
message on the invoice page. The list pages the way the customer list does (a cursor, never
an offset; "Previous" walks back through the cursors carried in the URL).

Refunds show on the invoice they gave money back on (``refund_views``): its badge in the list
and the heading, a Refunds section ("Refunded 5.00 USD of 12.00 USD", each refund, its credit
notes) and each payment's share; a refund's credit note is labelled as the credit note for
that invoice, linked both ways.
"""

from quart import Blueprint, flash, g, redirect, render_template, request, url_for

from billing.core.errors import NotFound, ServiceError
from billing.customers import customers
from billing.invoicing import invoice_words, invoices
from billing.invoicing.pdf import bill_to_lines
from billing.payments.collection import retry_payment
from billing.payments.models import PaymentStatus
from billing.payments.reads import payment_reads
from webapp import invoice_links
from webapp.forms import error_words
from webapp.forms.money import format_money
from webapp.pages import invoice_panels, payment_cards, refund_views
from webapp.pages.common import INVALID_FORM, is_htmx, login_required, page_headers, render_page

bp = Blueprint("invoices", __name__, url_prefix="/dashboard/invoices")
bp.after_request(page_headers)
bp.add_app_template_filter(format_money, "money")
refund_views.register(bp)
payment_cards.register(bp)

PAGE = "dashboard/invoices/index.html"
RESULTS = "dashboard/invoices/_results.html"
DETAIL = "dashboard/invoices/detail.html"
PAYMENTS = "dashboard/payments/_invoice_payments.html"
HEAD = "dashboard/invoices/_head.html"
TABS = ("all", "unpaid", "paid", "draft", "void")
PAGE_SIZE = 25
MAX_BACK = 20
INVOICE_STATUS_WORDS = {
    "all": "All",
    "draft": "Draft",
    "unpaid": "Unpaid",
    "paid": "Paid",
    "void": "Void",
}
REASON_WORDS = invoice_words.REASONS  # one invoice's page says "First invoice" (reason_of)


@bp.app_context_processor
async def words() -> dict:
    """Status and reason words for every page that shows invoices (customers, subscriptions)."""
    return {"invoice_status_words": INVOICE_STATUS_WORDS, "reason_words": REASON_WORDS}


async def _customer_filter(customer_id: str):
    if not customer_id:
        return None
    try:
        return await customers.get_customer(g.merchant.id, customer_id)
    except NotFound:
        return None


@bp.get("")
@login_required
async def index():
    """One page of invoices, newest first, for the tab and customer asked for."""
    status = request.args.get("status", "all")
    status = status if status in TABS else "all"
    customer = await _customer_filter(request.args.get("customer", "")[:40])
    after = request.args.get("after", "")[:200]
    back = [cursor[:200] for cursor in request.args.getlist("back")][-MAX_BACK:]
    context = {"shown": status, "customer": customer, "after": after, "back": back}
    customer_id = customer.id if customer else None
    counts = await invoices.status_counts(g.merchant.id, customer_id)
    context["counts"] = {"all": sum(counts.values()), **counts}
    try:
        rows, cursor = await invoices.keyset_page(
            g.merchant.id,
            status=None if status == "all" else status,
            customer_id=customer_id,
            after=after or None,
            limit=PAGE_SIZE,
        )
    except ServiceError as error:  # a page link edited by hand
        rows, cursor, context["page_error"] = [], None, error_words.words(error)
    context.update(await refund_views.for_invoices(g.merchant.id, rows))
    return await render_page(PAGE, RESULTS, tabs=TABS, invoices=rows, next=cursor, **context)


@bp.get("/<invoice_id>")
@login_required
async def detail(invoice_id: str):
    try:
        invoice = await invoices.get_invoice(g.merchant.id, invoice_id)
    except NotFound as error:
        await flash(error_words.words(error), "error")
        return redirect(url_for("invoices.index"), 303)
    items = [line for line in invoice.line_items if line.type != "tax"]
    taxes = [line for line in invoice.line_items if line.type == "tax"]
    pdf_url = invoice_links.pdf_url(invoice.merchant_id, invoice.id)
    bill_to = bill_to_lines(invoice.bill_to or {})
    payments = await payment_reads.payments_for_invoice(g.merchant.id, invoice.id)
    refunds = await refund_views.for_invoices(g.merchant.id, [invoice])
    return await render_page(
        DETAIL,
        invoice=invoice,
        reason=await invoices.reason_of(invoice),
        items=items,
        taxes=taxes,
        pdf_url=pdf_url,
        bill_to=bill_to,
        payments=payments,
        payment_link=invoice_panels.payment_link_of(invoice, payments),
        invoice_refund=refunds["invoice_refunds"][invoice.id],
        **await refund_views.for_payments(g.merchant.id, payments),
        **await payment_cards.for_payments(g.merchant.id, payments),
    )


def _retry_answer(result: dict) -> dict:
    """``retry_payment``'s answer as the page shows it: paid, pending or failed (with the
    provider's message)."""
    if result["success"]:
        return {"kind": "paid", "message": "Paid"}
    if result["message"] == retry_payment.MESSAGES[PaymentStatus.PENDING]:
        return {
            "kind": "pending",
            "message": "The payment is processing; the provider will tell Tally how it ends",
        }
    return {"kind": "failed", "message": result["message"]}


@bp.post("/<invoice_id>/retry-payment")
@login_required
async def retry_payment_now(invoice_id: str):
    """Charge the invoice now; the answer in place (422 when the service refuses to try)."""
    status = 200
    try:
        answer = _retry_answer(await retry_payment.retry_payment(g.merchant.id, invoice_id))
    except NotFound as error:
        await flash(error_words.words(error), "error")
        return redirect(url_for("invoices.index"), 303)
    except ServiceError as error:
        message = error_words.words(error)  # no_payment_method: what to do about it
        answer, status = {"kind": "refused", "message": message}, INVALID_FORM
    if not is_htmx():
        words = {"paid": "Paid.", "failed": f"The payment failed: {answer['message']}"}
        await flash(
            words.get(answer["kind"], answer["message"]),
            "success" if answer["kind"] == "paid" else "error",
        )
        return redirect(url_for("invoices.detail", invoice_id=invoice_id), 303)
    invoice = await invoices.get_invoice(g.merchant.id, invoice_id)
    payments = await payment_reads.payments_for_invoice(g.merchant.id, invoice.id)
    refunds = await refund_views.for_payments(g.merchant.id, payments)
    refunds |= await payment_cards.for_payments(g.merchant.id, payments)
    html, status = await render_page(
        DETAIL, PAYMENTS, status, invoice=invoice, payments=payments, retry=answer, **refunds
    )
    if answer["kind"] == "paid":
        reason = await invoices.reason_of(invoice)
        html += await render_template(HEAD, invoice=invoice, reason=reason, head_oob=True)
    return html, status
